"""save_checkpoint / load_checkpoint / load_param_into_net semantics as MindSpore 2.10 has them (checked
against the oracle: see the module docstring of mindshim/train/serialization.py), atomic writes, corrupt
files and an interrupted-then-resumed training run."""
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import mindshim as ms
from mindshim import Parameter, Tensor, nn
from mindshim.train import _checkpoint_format as fmt
from mindshim.train import serialization

sys.path.insert(0, str(Path(__file__).parent))
from ckpt_helpers import batch, fixed_lenet, train_cell  # noqa: E402

FIX = Path(__file__).parent / "fixtures"


class TwoParams(nn.Cell):
    def __init__(self, dtype=ms.float32):
        super().__init__()
        self.w = Parameter(Tensor(np.zeros((2, 3)), dtype), name="w")
        self.accu = Parameter(Tensor(np.zeros(2), ms.float32), name="accu_grads.x")
        self.b = Parameter(Tensor(np.zeros(2), ms.float32), name="b")


W = np.arange(6, dtype=np.float32).reshape(2, 3)


def P(value, name):
    return Parameter(Tensor(value), name=name)


# ----- saving -----
def test_save_forms_suffix_append_dict_and_read_only_file(tmp_path):
    net = fixed_lenet()
    ms.save_checkpoint(net.trainable_params(), str(tmp_path / "list"), choice_func=lambda n: n.startswith("conv"),
                       append_dict={"epoch": 2, "lr": 0.5, "ok": False, "who": "me", "t": Tensor(np.int8([1, 2]))})
    path = tmp_path / "list.ckpt"
    assert stat.S_IMODE(path.stat().st_mode) == stat.S_IRUSR  # MindSpore leaves its files read-only
    params = ms.load_checkpoint(str(path))
    assert list(params) == ["conv1.weight", "conv2.weight", "epoch", "lr", "ok", "who", "t"]
    assert [str(params[k].dtype) for k in ("epoch", "lr", "ok", "t")] == ["Int64", "Float32", "Bool", "Int8"]
    assert params["epoch"].shape == () and params["who"] == "me" and params["conv1.weight"].name == "conv1.weight"
    np.testing.assert_array_equal(params["conv2.weight"].asnumpy(), net.conv2.weight.asnumpy())
    ms.save_checkpoint(params, str(path))  # overwriting the read-only file works, as in MindSpore
    assert list(ms.load_checkpoint(str(path))) == list(params)


def test_save_rejects_what_mindspore_rejects(tmp_path):
    with pytest.raises(TypeError, match="save_obj"):
        ms.save_checkpoint((1, 2), str(tmp_path / "x.ckpt"))
    with pytest.raises(TypeError, match="list of dict"):
        ms.save_checkpoint([{"name": "a", "data": 3}], str(tmp_path / "x.ckpt"))
    with pytest.raises(TypeError, match="append_info"):
        ms.save_checkpoint(fixed_lenet(), str(tmp_path / "x.ckpt"), append_dict={"bad": [1]})
    with pytest.raises(IsADirectoryError):
        ms.save_checkpoint(fixed_lenet(), str(tmp_path))
    with pytest.raises(ValueError, match="async_save"):
        ms.save_checkpoint(fixed_lenet(), str(tmp_path / "x.ckpt"), async_save="fork")
    with pytest.raises(RuntimeError, match="enc_key"):
        ms.save_checkpoint(fixed_lenet(), str(tmp_path / "x.ckpt"), enc_key=b"0" * 16)
    assert os.listdir(tmp_path) == []


def test_async_save_is_complete_on_return(tmp_path):
    ms.save_checkpoint(fixed_lenet(), str(tmp_path / "a.ckpt"), async_save=True)
    assert serialization.async_ckpt_thread_status() is False
    assert "fc3.bias" in ms.load_checkpoint(str(tmp_path / "a.ckpt"))


def test_crash_mid_encoding_keeps_previous_checkpoint(tmp_path, monkeypatch):
    path = tmp_path / "net.ckpt"
    net = fixed_lenet()
    ms.save_checkpoint(net, str(path))
    before = path.read_bytes()
    real, calls = fmt.encode_entry, []

    def encode_then_crash(entry):
        calls.append(entry.tag)
        if len(calls) == 5:  # halfway through the ten LeNet values; earlier ones are already on disk
            raise KeyboardInterrupt("killed mid-save")
        return real(entry)

    monkeypatch.setattr(fmt, "encode_entry", encode_then_crash)
    for p in net.trainable_params():
        p.set_data(p * 0)
    with pytest.raises(KeyboardInterrupt):
        ms.save_checkpoint(net, str(path))
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["net.ckpt"]  # the partial temp file is gone


_SAVE_THEN_HANG = """
import sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[3])
import mindshim as ms
from mindshim.train import _checkpoint_format as fmt
from ckpt_helpers import fixed_lenet
real, count = fmt.encode_entry, [0]
def encode_then_hang(entry):
    count[0] += 1
    if count[0] == 5:  # four values are on disk: tell the parent, then wait to be killed
        Path(sys.argv[2]).write_text("mid-save")
        time.sleep(60)
    return real(entry)
fmt.encode_entry = encode_then_hang
net = fixed_lenet()
for p in net.trainable_params():
    p.set_data(p * 0)
ms.save_checkpoint(net, sys.argv[1])
"""


def test_sigkill_mid_save_keeps_previous_checkpoint(tmp_path):
    path, marker = tmp_path / "net.ckpt", tmp_path / "marker"
    net = fixed_lenet()
    ms.save_checkpoint(net, str(path))
    before = path.read_bytes()
    child = subprocess.Popen([sys.executable, "-c", _SAVE_THEN_HANG, str(path), str(marker),
                              str(Path(__file__).parent)])
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert child.poll() is None and time.monotonic() < deadline, "the saving process never got mid-save"
            time.sleep(0.05)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.kill()
        child.wait()
    assert path.read_bytes() == before
    left = sorted(os.listdir(tmp_path))
    assert len(left) == 3 and left[2].startswith("net.ckpt.") and left[2].endswith(".tmp")  # the killed write
    assert (tmp_path / left[2]).stat().st_size > 0
    loaded = ms.load_checkpoint(str(path))
    np.testing.assert_array_equal(loaded["fc1.weight"].asnumpy(), net.fc1.weight.asnumpy())


def test_failed_fsync_keeps_previous_checkpoint(tmp_path, monkeypatch):
    path = tmp_path / "net.ckpt"
    ms.save_checkpoint(fixed_lenet(), str(path))
    before = path.read_bytes()
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError, match="disk full"):
        ms.save_checkpoint({"x": P(np.ones(3, np.float32), "x")}, str(path))
    assert path.read_bytes() == before and os.listdir(tmp_path) == ["net.ckpt"]


# ----- loading -----
@pytest.mark.parametrize("cut", [1, 17, 100, -7])
def test_truncated_files_raise_value_error_naming_the_file(tmp_path, cut):
    data = (FIX / "mixed_types.ckpt").read_bytes()
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(data[:cut])
    with pytest.raises(ValueError, match="bad.ckpt"):
        ms.load_checkpoint(str(bad))


@pytest.mark.parametrize("content", [b"", b"\xff\x01not a checkpoint", b"\x80\x04\x95pickle-like\x94."])
def test_garbage_and_empty_files_raise_value_error(tmp_path, content):
    (tmp_path / "bad.ckpt").write_bytes(content)
    with pytest.raises(ValueError, match="bad.ckpt"):
        ms.load_checkpoint(str(tmp_path / "bad.ckpt"))


def test_crc_trailer_is_checked_when_asked(tmp_path):
    data = bytearray((FIX / "crc_by_mindspore.ckpt").read_bytes())
    data[-100] ^= 0x01  # flip one bit inside a tensor's bytes
    (tmp_path / "crc.ckpt").write_bytes(bytes(data))
    with pytest.raises(ValueError, match="crc check is failed"):
        ms.load_checkpoint(str(tmp_path / "crc.ckpt"), crc_check=True)
    assert "big" in ms.load_checkpoint(str(tmp_path / "crc.ckpt"))  # without crc_check the trailer is only stripped


def test_missing_file_and_wrong_suffix(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        ms.load_checkpoint(str(tmp_path / "nope.ckpt"))
    with pytest.raises(ValueError, match="format must same with 'format'"):
        ms.load_checkpoint(str(tmp_path / "nope.pt"))


def test_prefix_filters_and_choice_func():
    path = str(FIX / "lenet_momentum.ckpt")
    assert list(ms.load_checkpoint(path, specify_prefix="conv")) == ["conv1.weight", "conv2.weight"]
    assert not any(k.startswith("moments") for k in ms.load_checkpoint(path, filter_prefix=["moments", "fc"]))
    assert list(ms.load_checkpoint(path, choice_func=lambda n: n.endswith("bias") and "fc3" in n)) == [
        "fc3.bias", "moments.fc3.bias"]
    with pytest.raises(ValueError, match="empty after filter"):
        ms.load_checkpoint(path, specify_prefix="nothing")
    with pytest.raises(ValueError, match="can't include ''"):
        ms.load_checkpoint(path, filter_prefix=[""])


def test_load_checkpoint_async_and_into_net():
    net = fixed_lenet()
    for p in net.trainable_params():
        p.set_data(p * 0)
    future = serialization.load_checkpoint_async(str(FIX / "lenet_momentum.ckpt"), net=net)
    params = future.result()
    np.testing.assert_array_equal(net.fc2.weight.asnumpy(), params["fc2.weight"].asnumpy())


# ----- load_param_into_net (cases checked in MindSpore 2.10) -----
def test_load_param_into_net_returns_mindspores_lists():
    # Expected lists printed by MindSpore 2.10 for the same calls (the fixture has no fc1.weight).
    ckpt_rest = ["global_step", "learning_rate", "momentum", "moments.conv1.weight", "moments.conv2.weight",
                 "moments.fc1.bias", "moments.fc2.weight", "moments.fc2.bias", "moments.fc3.weight", "moments.fc3.bias"]
    net = fixed_lenet()
    params = ms.load_checkpoint(str(FIX / "lenet_momentum.ckpt"))
    del params["fc3.bias"]
    assert ms.load_param_into_net(net, params, strict_load=True) == (["fc1.weight", "fc3.bias"], ckpt_rest)
    np.testing.assert_array_equal(net.fc2.weight.asnumpy(), params["fc2.weight"].asnumpy())
    # Not strict: MindSpore retries with the prefix "moments." removed, so fc3.bias takes "moments.fc3.bias",
    # which still stays in the ckpt_not_load list.
    net = fixed_lenet()
    assert ms.load_param_into_net(net, params) == (["fc1.weight"], ckpt_rest)
    np.testing.assert_array_equal(net.fc3.bias.asnumpy(), params["moments.fc3.bias"].asnumpy())


def test_prefix_retry_skips_accu_grads_and_keeps_ckpt_list():
    net = TwoParams()
    result = ms.load_param_into_net(net, {"net.w": P(W, "net.w"), "net.b": P(np.ones(2, np.float32), "net.b")})
    assert result == ([], ["net.w", "net.b"])
    np.testing.assert_array_equal(net.w.asnumpy(), W)


def test_dtype_conversion_rules():
    net = TwoParams(ms.float16)
    assert ms.load_param_into_net(net, {"w": P(W, "w")}) == (["b"], [])
    assert net.w.dtype == ms.float16
    with pytest.raises(RuntimeError, match="same type"):
        ms.load_param_into_net(TwoParams(ms.float16), {"w": P(W, "w")}, strict_load=True)
    with pytest.raises(RuntimeError, match="same type"):
        ms.load_param_into_net(TwoParams(), {"w": P(W.astype(np.int32), "w")})


def test_shape_rules_and_value_types():
    with pytest.raises(RuntimeError, match="same shape"):
        ms.load_param_into_net(TwoParams(), {"w": P(np.zeros((3, 2), np.float32), "w")})
    net = TwoParams()
    assert ms.load_param_into_net(net, {"w": P(W.reshape(2, 3, 1), "w")}) == (["b"], [])
    assert net.w.shape == (2, 3, 1)  # MindSpore 2.10 accepts trailing 1-dims and keeps the checkpoint's shape
    assert ms.load_param_into_net(TwoParams(), {"w": "hello"}) == (["b"], ["w"])
    with pytest.raises(TypeError, match="'str' and 'Parameter'"):
        ms.load_param_into_net(TwoParams(), {"w": Tensor(W)})


def test_export_and_load_mindir(tmp_path):
    net, x = fixed_lenet(), Tensor(np.zeros((1, 1, 32, 32), np.float32))
    ms.train.export(net, x, file_name=str(tmp_path / "x"), file_format="MINDIR")
    out = ms.nn.GraphCell(ms.train.load(str(tmp_path / "x.mindir")))(x)
    np.testing.assert_allclose(out.asnumpy(), net(x).asnumpy(), rtol=1e-5)


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
