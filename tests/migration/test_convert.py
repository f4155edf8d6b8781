"""`mindshim convert SRC DST`: .ckpt / .safetensors <-> .pt, on files real MindSpore wrote."""
from __future__ import annotations

import collections
import os
import shutil

import numpy as np
import pytest
import torch

import mindshim as ms
from mindshim import Tensor, nn
from mindshim.cli import main as cli_main
from mindshim.migration.convert import read_items

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
TRAIN_FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "train", "fixtures")


@pytest.fixture(autouse=True)
def _cpu():
    ms.set_context(device_target="CPU")


def _bytes(path) -> bytes:
    with open(path, "rb") as f:
        return f.read()


@pytest.mark.parametrize("name", ["lenet_momentum_step5.ckpt", "lenet_momentum_step3.ckpt"])
def test_ckpt_to_pt_and_back_is_byte_identical(name, tmp_path, capsys):
    src = os.path.join(FIXTURES, name)
    pt, back = str(tmp_path / "w.pt"), str(tmp_path / "back.ckpt")
    assert cli_main(["convert", src, pt]) == 0
    assert "wrote" in capsys.readouterr().out
    state = torch.load(pt, weights_only=True)
    originals = dict(read_items(src))
    assert list(state) == list(originals)  # LeNet's names need no renaming
    for key, value in state.items():
        assert torch.equal(value, originals[key]) and value.dtype == originals[key].dtype
    assert cli_main(["convert", pt, back]) == 0
    assert _bytes(back) == _bytes(src)


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(5, 4)
        self.bn = nn.BatchNorm2d(4)
        self.norm = nn.LayerNorm((4,))
        self.fc = nn.Dense(4, 3)


class _TorchNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed, self.bn = torch.nn.Embedding(5, 4), torch.nn.BatchNorm2d(4)
        self.norm, self.fc = torch.nn.LayerNorm(4), torch.nn.Linear(4, 3)


def _mindshim_ckpt(path: str) -> _Net:
    net = _Net()
    for i, p in enumerate(net.get_parameters()):
        p.set_data(Tensor(np.random.RandomState(i).randn(*p.shape).astype(np.float32)))
    ms.save_checkpoint(net, path, append_dict={"epoch_num": 3, "note": "hello", "half": Tensor(np.ones(2, np.float16))})
    return net


def test_renamed_names_load_into_a_same_named_torch_module_and_round_trip(tmp_path):
    src, pt, back = str(tmp_path / "n.ckpt"), str(tmp_path / "n.pt"), str(tmp_path / "back.ckpt")
    net = _mindshim_ckpt(src)
    assert cli_main(["convert", src, pt]) == 0
    state = torch.load(pt, weights_only=True)
    assert "bn.running_var" in state and "embed.weight" in state and "norm.weight" in state
    assert state["note"] == "hello" and state["half"].dtype == torch.float16 and int(state["epoch_num"]) == 3
    t_net = _TorchNet()
    weights = {k: v for k, v in state.items() if k.split(".")[0] in ("embed", "bn", "norm", "fc")}
    missing, unexpected = t_net.load_state_dict(weights, strict=False)
    assert missing == unexpected == []  # BatchNorm tolerates a missing num_batches_tracked
    assert torch.equal(t_net.bn.running_mean, torch.Tensor.as_subclass(net.bn.moving_mean, torch.Tensor))
    assert cli_main(["convert", pt, back]) == 0
    assert _bytes(back) == _bytes(src)  # the MindSpore names ride along in the .pt


def test_plain_torch_state_dict_becomes_a_loadable_ckpt(tmp_path):
    t_net = _TorchNet()
    with torch.no_grad():
        t_net.bn.running_mean.uniform_()
    pt, ckpt = str(tmp_path / "t.pth"), str(tmp_path / "t.ckpt")
    torch.save(t_net.state_dict(), pt)
    assert cli_main(["convert", pt, ckpt]) == 0
    params = ms.load_checkpoint(ckpt)
    assert "bn.moving_mean" in params and "bn.gamma" in params and "bn.num_batches_tracked" not in params
    net = _Net()
    assert "bn.moving_mean" not in ms.load_param_into_net(net, params)[0]
    assert np.array_equal(net.bn.moving_mean.asnumpy(), t_net.bn.running_mean.numpy())
    assert np.array_equal(net.fc.weight.asnumpy(), t_net.fc.weight.detach().numpy())


def test_safetensors_both_ways(tmp_path):
    src = os.path.join(FIXTURES, "lenet_adam_step5.ckpt")
    st, pt, back = str(tmp_path / "w.safetensors"), str(tmp_path / "w.pt"), str(tmp_path / "w.ckpt")
    for a, b in ((src, st), (st, pt), (pt, back)):
        assert cli_main(["convert", a, b]) == 0
    original, again = dict(read_items(src)), dict(read_items(back))
    assert sorted(original) == list(again)  # safetensors keeps names sorted
    assert all(torch.equal(original[k], again[k]) for k in original)


def test_mindspore_written_fixture_with_other_dtypes_round_trips(tmp_path):
    src = os.path.join(TRAIN_FIXTURES, "mixed_types.ckpt")  # written by real MindSpore (tools/make_ckpt_fixtures.py)
    local = str(tmp_path / "mixed.ckpt")
    shutil.copy(src, local)
    pt, back = str(tmp_path / "m.pt"), str(tmp_path / "back.ckpt")
    assert cli_main(["convert", local, pt]) == 0 and cli_main(["convert", pt, back]) == 0
    assert _bytes(back) == _bytes(local)


def test_errors_name_the_problem(tmp_path, capsys):
    assert cli_main(["convert", str(tmp_path / "nope.ckpt"), str(tmp_path / "x.pt")]) == 2
    assert "no such file" in capsys.readouterr().err
    src = os.path.join(FIXTURES, "lenet_momentum_step5.ckpt")
    assert cli_main(["convert", src, str(tmp_path / "x.onnx")]) == 1
    assert ".safetensors" in capsys.readouterr().err
    bad = tmp_path / "list.pt"
    torch.save({"model": {"w": torch.ones(1)}, "epoch": 1}, bad)
    assert cli_main(["convert", str(bad), str(tmp_path / "x.ckpt")]) == 1
    assert "state dict" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli_main(["convert", "--help"])
    assert ".safetensors" in capsys.readouterr().out


def test_ordered_dict_without_names_keeps_unknown_keys(tmp_path):
    data = collections.OrderedDict([("layer.weight", torch.ones(2, 2)), ("step", torch.tensor(4)), ("epoch", 2)])
    pt, ckpt = str(tmp_path / "a.pt"), str(tmp_path / "a.ckpt")
    torch.save(data, pt)
    assert cli_main(["convert", pt, ckpt]) == 0
    params = ms.load_checkpoint(ckpt)
    assert list(params) == ["layer.weight", "step", "epoch"] and params["step"].dtype == ms.int64
    assert int(params["epoch"].asnumpy()) == 2
