"""load_ckpt_into_torch / save_torch_as_ckpt against checkpoints real MindSpore 2.10 wrote
(tests/migration/fixtures, made by tools/make_torch_ckpt_fixtures.py)."""
from __future__ import annotations

import json
import os
import sys

import numpy as np
import pytest
import torch

import mindshim as ms
from mindshim import Tensor, nn
from mindshim.migration import (CkptLoadResult, load_ckpt_into_torch, match_mindspore_adam,
                                save_torch_as_ckpt)
from mindshim.migration.convert import read_items

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ckpt_torch_helpers import (FIXTURES, STEPS_AFTER, STEPS_BEFORE, TorchLeNet, batches,  # noqa: E402
                                torch_optimizer, torch_steps, write_torch_trained)

with open(os.path.join(FIXTURES, "torch_ckpt_fixtures.json")) as _f:
    GOLDEN = json.load(_f)
TOL = {"rtol": 1e-4, "atol": 1e-6}  # atol: a few float32 ulps of the weights (|w| ~ 0.1)


@pytest.fixture(autouse=True)
def _cpu():
    ms.set_context(device_target="CPU")


def fixture(name: str) -> str:
    return os.path.join(FIXTURES, name)


def assert_weights(net: torch.nn.Module, golden_ckpt: str) -> None:
    gold = [v for _, v in read_items(golden_ckpt)]
    mine = list(net.parameters())
    assert len(gold) == len(mine)
    for g, p in zip(gold, mine):
        np.testing.assert_allclose(p.detach().numpy(), g.reshape(p.shape).numpy(), **TOL)


def continued(opt_name: str, match_adam: bool = True) -> tuple[TorchLeNet, CkptLoadResult, list[float]]:
    net = TorchLeNet()
    opt = torch_optimizer(opt_name, net)
    result = load_ckpt_into_torch(fixture(f"lenet_{opt_name}_step3.ckpt"), net, opt)
    if opt_name == "adam" and match_adam:
        match_mindspore_adam(opt)
    losses = torch_steps(net, opt, batches(STEPS_BEFORE + STEPS_AFTER)[STEPS_BEFORE:])
    return net, result, losses


def test_momentum_checkpoint_continues_in_torch_like_mindspore():
    net, result, losses = continued("momentum")
    names = [e[0] for e in GOLDEN["momentum"]["step3"]["entries"]]
    weights = [n for n in names if "." in n and not n.startswith("moments.")]
    assert [result.loaded[n] for n in weights] == [n for n, _ in net.named_parameters()]
    assert all(f"moments.{n}" in result.loaded for n in weights)
    assert result.global_step == STEPS_BEFORE and result.learning_rate == pytest.approx(0.01)
    assert result.unexpected == result.missing == result.mismatched == []
    np.testing.assert_allclose(losses, GOLDEN["momentum"]["losses"][STEPS_BEFORE:], rtol=1e-5)
    assert_weights(net, fixture("lenet_momentum_step5.ckpt"))


def test_momentum_buffers_and_hyper_parameters_come_from_the_file():
    net = TorchLeNet()
    opt = torch.optim.SGD(net.parameters(), lr=0.5, momentum=0.5)
    load_ckpt_into_torch(fixture("lenet_momentum_step3.ckpt"), net, opt)
    moments = [v for k, v in read_items(fixture("lenet_momentum_step3.ckpt")) if k.startswith("moments.")]
    for p, m in zip(net.parameters(), moments):
        assert torch.equal(opt.state[p]["momentum_buffer"], m.reshape(p.shape))
    assert opt.param_groups[0]["lr"] == pytest.approx(0.01) and opt.param_groups[0]["momentum"] == pytest.approx(0.9)


def test_adam_checkpoint_continues_in_torch_like_mindspore():
    net, result, losses = continued("adam")
    opt_state_names = [n for n in result.loaded if n.startswith(("moment1.", "moment2."))]
    assert len(opt_state_names) == 2 * len(list(net.parameters()))
    np.testing.assert_allclose(losses, GOLDEN["adam"]["losses"][STEPS_BEFORE:], rtol=1e-5)
    assert_weights(net, fixture("lenet_adam_step5.ckpt"))


def test_adam_step_is_derived_from_beta1_power_and_eps_placement_differs():
    net = TorchLeNet()
    opt = torch_optimizer("adam", net)
    load_ckpt_into_torch(fixture("lenet_adam_step3.ckpt"), net, opt)
    assert {int(s["step"]) for s in opt.state.values()} == {STEPS_BEFORE}
    plain, _, _ = continued("adam", match_adam=False)
    gold = dict(read_items(fixture("lenet_adam_step5.ckpt")))
    worst = max(float((p.detach() - g.reshape(p.shape)).abs().max()) for p, g in zip(plain.parameters(), gold.values()))
    assert worst > 10 * TOL["atol"]  # stock Adam adds eps after bias correction: measurably another trajectory


@pytest.mark.parametrize("opt_name", ["momentum", "adam"])
def test_loading_then_saving_gives_mindspores_own_file(opt_name, tmp_path):
    net = TorchLeNet()
    opt = torch_optimizer(opt_name, net)
    src = fixture(f"lenet_{opt_name}_step3.ckpt")
    result = load_ckpt_into_torch(src, net, opt)
    out = str(tmp_path / "back.ckpt")
    save_torch_as_ckpt(net, out, opt, template=src, global_step=result.global_step)
    with open(src, "rb") as a, open(out, "rb") as b:
        assert a.read() == b.read()  # names, order, dtypes, beta powers, learning rate, moments


@pytest.mark.parametrize("opt_name", ["momentum", "adam"])
def test_torch_trained_checkpoint_resumes_in_mindshim_as_in_mindspore(opt_name, tmp_path):
    written = str(tmp_path / "torch.ckpt")
    write_torch_trained(opt_name, fixture(f"lenet_{opt_name}_step3.ckpt"), written)
    golden = GOLDEN[opt_name]["torch_written"]
    params = ms.load_checkpoint(written)
    assert [[k, str(v.dtype), list(v.shape)] for k, v in params.items()] == golden["entries"]
    net, cell = _mindshim_train_cell(opt_name)
    assert [list(x) for x in ms.load_param_into_net(cell, params)] == golden["load_param_into_net"] == [[], []]
    assert int(cell.optimizer.global_step.asnumpy()[0]) == golden["global_step"]
    losses = [float(cell(Tensor(x), Tensor(y)).asnumpy()) for x, y in batches(7)[5:]]
    np.testing.assert_allclose(losses, GOLDEN[opt_name]["resumed_losses"], rtol=1e-4)
    resumed = dict(read_items(fixture(f"lenet_{opt_name}_torch_resumed.ckpt")))
    for p in net.trainable_params():
        np.testing.assert_allclose(p.asnumpy(), resumed[p.name].numpy(), **TOL)


class _MsLeNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, has_bias=False, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, has_bias=False, pad_mode="valid")
        self.fc1, self.fc2, self.fc3 = nn.Dense(400, 24), nn.Dense(24, 16), nn.Dense(16, 10)
        self.relu, self.pool, self.flatten = nn.ReLU(), nn.MaxPool2d(kernel_size=2, stride=2), nn.Flatten()

    def construct(self, x):
        x = self.pool(self.relu(self.conv2(self.pool(self.relu(self.conv1(x))))))
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(self.flatten(x))))))


def _mindshim_train_cell(opt_name: str):
    net = _MsLeNet()
    opt = (nn.Momentum(net.trainable_params(), 0.01, 0.9) if opt_name == "momentum"
           else nn.Adam(net.trainable_params(), 1e-3))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)


def test_adamweightdecay_state_continues_in_torch_adamw(tmp_path):
    net = _MsLeNet()
    opt = nn.AdamWeightDecay(net.trainable_params(), 1e-2, weight_decay=0.1)
    cell = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
                               opt)
    data = batches(5)
    for x, y in data[:3]:
        cell(Tensor(x), Tensor(y))
    path = str(tmp_path / "adamw.ckpt")
    ms.save_checkpoint(cell, path)
    t_net = TorchLeNet()
    t_opt = torch.optim.AdamW(t_net.parameters(), lr=1e-2, eps=1e-6, weight_decay=0.1)  # MindSpore's default eps
    result = load_ckpt_into_torch(path, t_net, t_opt)
    assert {int(s["step"]) for s in t_opt.state.values()} == {3} and result.global_step == 3
    match_mindspore_adam(t_opt)
    torch_steps(t_net, t_opt, data[3:])
    for x, y in data[3:]:
        cell(Tensor(x), Tensor(y))
    for p, t in zip(net.trainable_params(), t_net.parameters()):
        np.testing.assert_allclose(t.detach().numpy(), p.asnumpy(), **TOL)
    assert t_opt.param_groups[0]["lr"] == pytest.approx(1e-2)  # the hook puts the group's own values back
    names = save_torch_as_ckpt(t_net, str(tmp_path / "back.ckpt"), t_opt, template=path)
    assert names == list(ms.load_checkpoint(path))  # adam_m./adam_v. as AdamWeightDecay names them


class _MsMixed(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(7, 3)
        self.conv = nn.Conv1d(3, 4, 3, has_bias=True, pad_mode="valid")
        self.bn = nn.BatchNorm1d(4)
        self.norm = nn.LayerNorm((4,))
        self.fc = nn.Dense(4, 2)


class _TorchMixed(torch.nn.Module):
    def __init__(self, names=("embed", "conv", "bn", "norm", "fc")):
        super().__init__()
        layers = [torch.nn.Embedding(7, 3), torch.nn.Conv1d(3, 4, 3), torch.nn.BatchNorm1d(4),
                  torch.nn.LayerNorm(4), torch.nn.Linear(4, 2)]
        for name, layer in zip(names, layers):
            self.add_module(name, layer)


@pytest.mark.parametrize("names", [("embed", "conv", "bn", "norm", "fc"), ("a", "b", "c", "d", "e")])
def test_layer_name_and_shape_mapping_both_ways(names, tmp_path):
    ms_net = _MsMixed()
    with torch.no_grad():
        for i, p in enumerate(ms_net.get_parameters()):
            p.set_data(Tensor(np.random.RandomState(i).randn(*p.shape).astype(np.float32)))
    src = str(tmp_path / "mixed.ckpt")
    ms.save_checkpoint(ms_net, src)
    saved = dict(read_items(src))
    assert saved["conv.weight"].shape == (4, 3, 1, 3) and "bn.moving_variance" in saved
    t_net = _TorchMixed(names)
    result = load_ckpt_into_torch(src, t_net)
    t_state = t_net.state_dict()
    for ms_name, t_name in result.loaded.items():
        assert torch.equal(t_state[t_name].reshape(saved[ms_name].shape), saved[ms_name])
    assert result.loaded["bn.moving_mean"] == f"{names[2]}.running_mean"
    assert result.loaded["embed.embedding_table"] == f"{names[0]}.weight"
    if names[0] == "embed":  # default names from the module's layer types, without a template
        written = save_torch_as_ckpt(t_net, str(tmp_path / "back.ckpt"))
        assert written == list(saved)
        with open(src, "rb") as a, open(tmp_path / "back.ckpt", "rb") as b:
            assert a.read() == b.read()


def test_mismatches_list_every_name_on_both_sides(tmp_path):
    class Wrong(TorchLeNet):
        def __init__(self):
            super().__init__()
            self.classifier[5] = torch.nn.Linear(16, 12)
    with pytest.raises(RuntimeError) as err:
        load_ckpt_into_torch(fixture("lenet_momentum_step3.ckpt"), Wrong(), None)
    text = str(err.value)
    assert "fc3.weight (10, 16) <-> classifier.5.weight (12, 16)" in text and "fc3.bias (10,)" in text
    assert "strict=False" in text
    net = Wrong()
    result = load_ckpt_into_torch(fixture("lenet_momentum_step3.ckpt"), net, strict=False)
    assert len(result.mismatched) == 2 and "fc1.weight" in result.loaded
    first = dict(read_items(fixture("lenet_momentum_step3.ckpt")))["conv1.weight"]
    assert torch.equal(net.features[0].weight.detach(), first)
    with pytest.raises(RuntimeError) as err:  # Momentum state into Adam: both sides named
        load_ckpt_into_torch(fixture("lenet_momentum_step3.ckpt"), TorchLeNet(),
                             torch.optim.Adam(TorchLeNet().parameters()))
    assert "moments.fc1.weight" in str(err.value)


def test_missing_optimizer_state_and_layer_count_mismatch(tmp_path):
    net = TorchLeNet()
    with pytest.raises(RuntimeError) as err:
        load_ckpt_into_torch(fixture("lenet_adam_step5.ckpt"), net, torch.optim.Adam(net.parameters()))
    assert "moment1.fc2.bias" in str(err.value) and "moment2.conv1.weight" in str(err.value)
    short = torch.nn.Sequential(torch.nn.Conv2d(1, 6, 5, bias=False), torch.nn.Linear(400, 24))
    with pytest.raises(RuntimeError) as err:
        load_ckpt_into_torch(fixture("lenet_adam_step5.ckpt"), short)
    assert "5 layers with weights" in str(err.value) and "fc3.bias" in str(err.value)


def _mindshim_trained(opt, net, steps=3):
    cell = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
                               opt)
    for x, y in batches(steps):
        cell(Tensor(x), Tensor(y))
    return cell


def test_mindspore_sgd_accum_and_stat_both_ways(tmp_path):
    net = _MsLeNet()
    cell = _mindshim_trained(nn.SGD(net.trainable_params(), 0.01, momentum=0.9, dampening=0.1), net)
    path = str(tmp_path / "sgd.ckpt")
    ms.save_checkpoint(cell, path)
    t_net = TorchLeNet()
    t_opt = torch.optim.SGD(t_net.parameters(), lr=0.01, momentum=0.9, dampening=0.1)
    load_ckpt_into_torch(path, t_net, t_opt)
    data = batches(5)[3:]
    torch_steps(t_net, t_opt, data)
    for x, y in data:
        cell(Tensor(x), Tensor(y))
    for p, t in zip(net.trainable_params(), t_net.parameters()):
        np.testing.assert_allclose(t.detach().numpy(), p.asnumpy(), **TOL)
    back = str(tmp_path / "back.ckpt")
    names = save_torch_as_ckpt(t_net, back, t_opt, template=path, ms_optimizer="SGD", global_step=5)
    assert names == list(ms.load_checkpoint(path))
    params = ms.load_checkpoint(back)
    assert all(float(v.asnumpy().max()) == 0.0 for k, v in params.items() if k.startswith("stat."))
    fresh = TorchLeNet()
    untouched = torch.optim.SGD(fresh.parameters(), lr=0.01, momentum=0.9)
    save_torch_as_ckpt(fresh, back, untouched, template=path, ms_optimizer="SGD")
    assert all(float(v.asnumpy().min()) == 1.0 for k, v in ms.load_checkpoint(back).items() if k.startswith("stat."))
    load_ckpt_into_torch(back, fresh, untouched)
    assert not any("momentum_buffer" in s for s in untouched.state.values())  # stat 1: no step taken yet


def test_amsgrad_state_and_dynamic_learning_rate(tmp_path):
    net = _MsLeNet()
    cell = _mindshim_trained(nn.Adam(net.trainable_params(), 1e-3, use_amsgrad=True), net)
    path = str(tmp_path / "ams.ckpt")
    ms.save_checkpoint(cell, path)
    t_net = TorchLeNet()
    t_opt = torch.optim.Adam(t_net.parameters(), lr=1e-3, amsgrad=True)
    result = load_ckpt_into_torch(path, t_net, t_opt)
    assert all(f"vhat.{n}" in result.loaded for n, _ in _pairs_by_order(net))
    match_mindspore_adam(t_opt)
    data = batches(5)[3:]
    torch_steps(t_net, t_opt, data)
    for x, y in data:
        cell(Tensor(x), Tensor(y))
    for p, t in zip(net.trainable_params(), t_net.parameters()):
        np.testing.assert_allclose(t.detach().numpy(), p.asnumpy(), **TOL)
    net = _MsLeNet()
    lrs = [0.01, 0.02, 0.03, 0.04, 0.05]
    cell = _mindshim_trained(nn.Momentum(net.trainable_params(), lrs, 0.9), net)
    ms.save_checkpoint(cell, path)
    t_opt = torch.optim.SGD(TorchLeNet().parameters(), lr=1.0, momentum=0.9)
    result = load_ckpt_into_torch(path, TorchLeNet(), t_opt, strict=False)
    assert result.learning_rate == pytest.approx(lrs[3]) and t_opt.param_groups[0]["lr"] == pytest.approx(lrs[3])


def _pairs_by_order(net):
    return [(p.name, p) for p in net.trainable_params()]


def test_mindshim_network_as_template_and_safetensors_output(tmp_path):
    t_net = TorchLeNet()
    ms_net = _MsLeNet()
    out = str(tmp_path / "w.safetensors")
    names = save_torch_as_ckpt(t_net, out, template=ms_net)
    assert names == [p.name for p in ms_net.trainable_params()]
    ms.load_param_into_net(ms_net, ms.load_checkpoint(out, format="safetensors"))
    for p, t in zip(ms_net.trainable_params(), t_net.parameters()):
        assert np.array_equal(p.asnumpy(), t.detach().numpy())
    with pytest.raises(RuntimeError) as err:  # one Dense short: every name on both sides is listed
        save_torch_as_ckpt(torch.nn.Sequential(*list(t_net.features), *list(t_net.classifier)[:5]),
                           str(tmp_path / "x.ckpt"), template=ms_net)
    assert "fc3.bias" in str(err.value) and "9.bias" in str(err.value) and "5 layers" in str(err.value)
