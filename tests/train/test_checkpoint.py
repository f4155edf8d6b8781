"""Checkpoints in MindSpore's .ckpt format, proven both ways against real MindSpore 2.10 fixtures
(tools/make_ckpt_fixtures.py), plus atomic writes, corrupt files and exact resume."""
import json
import os
import shutil
import sys
from pathlib import Path

import numpy as np
import pytest

import mindshim as ms
from mindshim.train import _checkpoint_format as fmt

sys.path.insert(0, str(Path(__file__).parent))
from ckpt_helpers import batch, describe, fixed_lenet, train_cell  # noqa: E402

FIX = Path(__file__).parent / "fixtures"
RECORD = json.loads((FIX / "fixtures.json").read_text())


@pytest.mark.parametrize("name", ["lenet_momentum.ckpt", "mixed_types.ckpt"])
def test_mindspore_written_files_load_with_identical_names_values_dtypes(name):
    params = ms.load_checkpoint(str(FIX / name))
    assert list(params) == list(RECORD[name]) or sorted(params) == sorted(RECORD[name])
    assert describe(params) == RECORD[name]


@pytest.mark.parametrize("name", ["lenet_momentum.ckpt", "mixed_types.ckpt"])
def test_resaving_what_was_loaded_reproduces_mindspores_bytes(tmp_path, name):
    params = ms.load_checkpoint(str(FIX / name))
    tensors = {k: v for k, v in params.items() if not isinstance(v, str)}
    extra = {k: v for k, v in params.items() if isinstance(v, str)}
    ms.save_checkpoint([{"name": k, "data": v} for k, v in tensors.items()], str(tmp_path / "out.ckpt"),
                       append_dict=extra or None)
    original = fmt.decode((FIX / name).read_bytes())
    ours = fmt.decode((tmp_path / "out.ckpt").read_bytes())
    key = lambda e: (e.tag, e.dims, e.tensor_type, e.content)  # noqa: E731
    assert sorted(map(key, ours)) == sorted(map(key, original))
    if name == "lenet_momentum.ckpt":  # same order too: byte for byte
        assert (tmp_path / "out.ckpt").read_bytes() == (FIX / name).read_bytes()


def test_mindshim_written_file_is_what_mindspore_read():
    read = json.loads((FIX / "mindshim_written_read_by_mindspore.json").read_text())
    assert describe(ms.load_checkpoint(str(FIX / "mindshim_written.ckpt"))) == read["read"]
    assert read["load_param_into_net"][0] == []  # MindSpore loaded every LeNet parameter from our file


def test_mindshim_writer_still_writes_that_file(tmp_path):
    net = fixed_lenet()
    step = train_cell(net)
    step(*batch())
    ms.save_checkpoint(step, str(tmp_path / "again"), append_dict={
        "epoch_num": 3, "note": "written by mindshim", "bf16": ms.Tensor(np.array([0.5, 2.0], np.float32), ms.bfloat16)})
    ours = {e.tag: e for e in fmt.decode((tmp_path / "again.ckpt").read_bytes())}
    committed = {e.tag: e for e in fmt.decode((FIX / "mindshim_written.ckpt").read_bytes())}
    assert list(ours) == list(committed)
    for tag, e in committed.items():
        assert (ours[tag].dims, ours[tag].tensor_type) == (e.dims, e.tensor_type)
        if e.tensor_type == "Float32":
            np.testing.assert_allclose(fmt.array_of(ours[tag])[0], fmt.array_of(e)[0], rtol=1e-6, atol=1e-7)
        else:
            assert ours[tag].content == e.content


def test_load_param_into_net_returns_mindspores_lists():
    net = fixed_lenet()
    params = ms.load_checkpoint(str(FIX / "lenet_momentum.ckpt"))
    del params["fc3.bias"]
    not_loaded, ckpt_not_loaded = ms.load_param_into_net(net, params)
    assert not_loaded == ["fc3.bias"]
    assert "moments.fc1.weight" in ckpt_not_loaded and "fc1.weight" not in ckpt_not_loaded
    np.testing.assert_array_equal(net.fc1.weight.asnumpy(), params["fc1.weight"].asnumpy())


def test_crash_mid_save_keeps_previous_checkpoint(tmp_path, monkeypatch):
    path = tmp_path / "net.ckpt"
    net = fixed_lenet()
    ms.save_checkpoint(net, str(path))
    before = path.read_bytes()

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", boom)
    for p in net.trainable_params():
        p.set_data(p * 0)
    with pytest.raises(OSError, match="disk full"):
        ms.save_checkpoint(net, str(path))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["net.ckpt"]  # no temp file left behind
    assert float(np.abs(ms.load_checkpoint(str(path))["fc1.weight"].asnumpy()).sum()) > 0


@pytest.mark.parametrize("damage", ["truncate", "garbage"])
def test_corrupt_files_raise_a_clear_error(tmp_path, damage):
    data = (FIX / "mixed_types.ckpt").read_bytes()
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(data[:-7] if damage == "truncate" else b"\xff\x01not a checkpoint")
    with pytest.raises(ValueError, match="bad.ckpt"):
        ms.load_checkpoint(str(bad))


def test_missing_file_raises_value_error(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        ms.load_checkpoint(str(tmp_path / "nope.ckpt"))


def test_interrupted_and_resumed_training_equals_uninterrupted(tmp_path):
    batches = [batch(seed) for seed in range(6)]
    straight = fixed_lenet()
    step = train_cell(straight)
    for b in batches:
        step(*b)

    first = fixed_lenet()
    step = train_cell(first)
    for b in batches[:3]:
        step(*b)
    ms.save_checkpoint(step, str(tmp_path / "mid.ckpt"))
    del step, first  # the "crash"

    resumed = fixed_lenet()
    step = train_cell(resumed)
    not_loaded, _ = ms.load_param_into_net(step, ms.load_checkpoint(str(tmp_path / "mid.ckpt")))
    assert not_loaded == []
    assert int(step.optimizer.global_step.asnumpy()[0]) == 3
    for b in batches[3:]:
        step(*b)
    for a, b in zip(straight.trainable_params(), resumed.trainable_params()):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
