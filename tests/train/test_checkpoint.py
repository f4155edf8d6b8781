"""Checkpoints in MindSpore's .ckpt format, proven both ways against real MindSpore 2.10:
fixtures written by MindSpore (tools/make_ckpt_fixtures.py) load identically and re-save byte for byte;
files mindshim writes are byte-identical to the ones MindSpore read (tools/check_ckpt_in_mindspore.py)."""
import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import mindshim as ms
from mindshim import nn
from mindshim.train import _checkpoint_format as fmt

sys.path.insert(0, str(Path(__file__).parent))
from ckpt_helpers import INTEROP_FILES, describe, fixed_lenet, write_interop_files  # noqa: E402

FIX = Path(__file__).parent / "fixtures"
RECORD = json.loads((FIX / "fixtures.json").read_text())
GOLDEN = json.loads((FIX / "mindshim_written_read_by_mindspore.json").read_text())
MS_FILES = sorted(RECORD)


def _load(path: Path) -> dict:
    return ms.load_checkpoint(str(path), crc_check=path.name.startswith("crc"))


@pytest.mark.parametrize("name", MS_FILES)
def test_mindspore_written_files_load_with_identical_names_values_dtypes(name):
    params = _load(FIX / name)
    assert list(params) == list(RECORD[name]["params"]) or sorted(params) == sorted(RECORD[name]["params"])
    assert describe(params) == RECORD[name]["params"]


def test_fixture_coverage_is_what_the_brief_needs():
    assert RECORD["chunked_by_mindspore.ckpt"]["values"] > len(RECORD["chunked_by_mindspore.ckpt"]["params"])
    mixed = RECORD["mixed_types.ckpt"]["params"]
    assert mixed["bf16"]["dtype"] == "BFloat16" and mixed["note"] == {"str": "mindspore"}
    assert (mixed["epoch_num"]["dtype"], mixed["lr"]["dtype"], mixed["done"]["dtype"]) == ("Int64", "Float32", "Bool")
    lenet = set(RECORD["lenet_momentum.ckpt"]["params"])
    assert {"moments.fc1.bias", "global_step", "learning_rate", "momentum"} <= lenet and "fc1.weight" not in lenet
    assert sum((FIX / name).stat().st_size for name in MS_FILES) < 200_000


@pytest.mark.parametrize("name", MS_FILES)
def test_resaving_what_was_loaded_reproduces_mindspores_bytes(tmp_path, monkeypatch, name):
    params = _load(FIX / name)
    if name.startswith("chunked"):
        monkeypatch.setattr(fmt, "SLICE_BYTES", 1024)  # the 1 KiB chunks the fixture was made with
    ms.save_checkpoint(params, str(tmp_path / "out.ckpt"), crc_check=name.startswith("crc"))
    assert (tmp_path / "out.ckpt").read_bytes() == (FIX / name).read_bytes()


def test_repeated_names_are_saved_once_in_first_place_with_last_value(tmp_path):
    vec = lambda *v: ms.Tensor(np.array(v, np.float32))  # noqa: E731
    ms.save_checkpoint([{"name": "a", "data": vec(1, 2)}, {"name": "b", "data": vec(3)},
                        {"name": "a", "data": vec(5, 6, 7)}], str(tmp_path / "dup.ckpt"), append_dict={"b": 9})
    assert (tmp_path / "dup.ckpt").read_bytes() == (FIX / "duplicates_by_mindspore.ckpt").read_bytes()


def test_chunks_join_only_when_consecutive():
    piece = lambda tag, vals: fmt.encode_entry(fmt.Entry(tag, [len(vals)], "Int32", np.array(vals, np.int32).tobytes()))  # noqa: E731,E501
    first = fmt.encode_entry(fmt.Entry("a", [3], "Int32", np.array([1, 2], np.int32).tobytes()))
    entries = fmt.decode(first + fmt.encode_entry(fmt.Entry("a", [3], "Int32", np.int32(3).tobytes())))
    assert len(entries) == 1 and fmt.array_of(entries[0])[0].tolist() == [1, 2, 3]
    later = fmt.decode(piece("a", [1, 2]) + piece("b", [9]) + piece("a", [4, 5]))
    assert [(e.tag, fmt.array_of(e)[0].tolist()) for e in later] == [("a", [4, 5]), ("b", [9])]  # as MindSpore 2.10


def test_large_tensor_writer_chunks_by_bytes(monkeypatch):
    monkeypatch.setattr(fmt, "SLICE_BYTES", 10)
    arr = np.arange(7, dtype=np.float32)  # 28 bytes -> 10 + 10 + 8
    entries = fmt.entries_for("x", arr)
    assert [len(e.content) for e in entries] == [10, 10, 8] and all(e.dims == [7] for e in entries)
    joined = fmt.decode(b"".join(fmt.encode(entries)))
    np.testing.assert_array_equal(fmt.array_of(joined[0])[0], arr)


@pytest.fixture(scope="module")
def interop_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("interop")
    write_interop_files(str(folder))
    return folder


@pytest.mark.parametrize("name", INTEROP_FILES)
def test_mindshim_writes_exactly_the_bytes_mindspore_read(interop_dir, name):
    data = (interop_dir / name).read_bytes()
    assert hashlib.sha256(data).hexdigest() == GOLDEN[name]["sha256"]


@pytest.mark.parametrize("name", INTEROP_FILES)
def test_mindshim_reads_its_files_as_mindspore_did(interop_dir, name):
    assert describe(_load(interop_dir / name)) == GOLDEN[name]["read"]


@pytest.mark.parametrize("name,optimizer", [("lenet_momentum_state.ckpt", "momentum"), ("lenet_adam_state.ckpt", "adam")])
def test_optimizer_state_names_match_mindspores_train_cell(interop_dir, name, optimizer):
    assert GOLDEN[name]["load_param_into_net"][0] == []  # MindSpore's own train cell took every parameter
    net = fixed_lenet()
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9) if optimizer == "momentum" else nn.Adam(net.trainable_params(), 1e-3)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True)), opt)
    not_loaded = ms.load_param_into_net(step, ms.load_checkpoint(str(interop_dir / name)))
    assert [list(x) for x in not_loaded] == GOLDEN[name]["load_param_into_net"]
