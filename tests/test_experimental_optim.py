"""mindspore.experimental.optim in mindshim: the import paths under the alias, the base shared with mint.optim, and
a compiled update that follows its scheduler without recompiling. The numbers themselves are checked against real
MindSpore by the parity module tests/parity/cases/experimental_optim.py."""
from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest

import mindshim
from mindshim import Parameter, Tensor
from mindshim.experimental import optim
from mindshim.experimental.optim import lr_scheduler as lrs


def _params() -> list[Parameter]:
    return [Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="w"),
            Parameter(Tensor(np.ones(3, np.float32)), name="b")]


def _grads() -> tuple:
    return (Tensor(np.full((2, 3), 0.5, np.float32)), Tensor(np.full(3, -1.0, np.float32)))


@pytest.fixture
def alias():
    mindshim.install_alias()
    yield
    mindshim.uninstall_alias()


def test_import_paths_under_the_alias(alias) -> None:
    import mindspore as ms
    import mindspore.experimental.optim as eo
    from mindspore.experimental.optim.lr_scheduler import StepLR
    from mindspore.experimental.optim.optimizer import Optimizer
    assert ms.experimental.optim is eo is optim
    assert StepLR is lrs.StepLR and Optimizer is optim.Optimizer
    assert sorted(eo.__all__) == sorted(["Optimizer", "AdamW", "SGD", "Adam", "Adadelta", "Adagrad", "ASGD",
                                         "Adamax", "RMSprop", "Rprop", "RAdam", "NAdam"])
    assert len(lrs.__all__) == 14 and all(hasattr(lrs, n) for n in lrs.__all__)


def test_import_mindshim_leaves_experimental_unloaded() -> None:
    code = "import sys, mindshim; print('mindshim.experimental' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_base_is_the_one_mint_optim_shares() -> None:
    assert issubclass(mindshim.mint.optim.AdamW, optim.Optimizer)
    opt = mindshim.mint.optim.AdamW(_params(), lr=0.1)
    sched = lrs.ExponentialLR(opt, gamma=0.5)
    sched.step()
    assert float(opt.param_groups[0]["lr"]) == pytest.approx(0.05)


@pytest.mark.parametrize("make", [
    lambda p: optim.SGD(p, 0.1, momentum=0.9), lambda p: optim.Adam(p), lambda p: optim.AdamW(p),
    lambda p: optim.Adadelta(p), lambda p: optim.Adagrad(p), lambda p: optim.ASGD(p), lambda p: optim.Adamax(p),
    lambda p: optim.RMSprop(p, momentum=0.5), lambda p: optim.Rprop(p), lambda p: optim.RAdam(p),
    lambda p: optim.NAdam(p),
], ids=["SGD", "Adam", "AdamW", "Adadelta", "Adagrad", "ASGD", "Adamax", "RMSprop", "Rprop", "RAdam", "NAdam"])
def test_every_optimizer_moves_against_the_gradient(make) -> None:
    params = _params()
    before = [p.asnumpy().copy() for p in params]
    opt = make(params)
    assert opt(_grads()) is True
    assert (params[0].asnumpy() < before[0]).all() and (params[1].asnumpy() > before[1]).all()


def test_get_last_lr_is_a_float32_copy() -> None:
    opt = optim.SGD(_params(), lr=0.1)
    sched = lrs.StepLR(opt, step_size=1, gamma=0.5)
    first = sched.get_last_lr()
    sched.step()
    assert float(first[0]) == pytest.approx(0.1) and float(sched.get_last_lr()[0]) == pytest.approx(0.05)
    assert first[0].dtype == mindshim.float32 and first[0] is not opt.lrs[0]


def test_compiled_update_follows_the_scheduler_without_recompiling(monkeypatch) -> None:
    from mindshim._backend import engine
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    mindshim.set_context(mode=mindshim.GRAPH_MODE)
    try:
        params = _params()
        opt = optim.SGD(params, lr=0.5)
        sched = lrs.StepLR(opt, step_size=1, gamma=0.5)
        before = engine.stats()
        moves = []
        for _ in range(4):
            start = float(params[1].asnumpy()[0])
            opt(_grads())
            moves.append(float(params[1].asnumpy()[0]) - start)
            sched.step()
        after = engine.stats()
    finally:
        mindshim.set_context(mode=mindshim.PYNATIVE_MODE)
    assert moves == pytest.approx([0.5, 0.25, 0.125, 0.0625])
    assert after["fallbacks"] == before["fallbacks"]
    assert after["graphs"] - before["graphs"] == 1


def _torch_rates(make_sched, epochs: list[int]) -> list[float]:
    import torch
    opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=0.1)
    sched = make_sched(opt)
    out = []
    for epoch in epochs:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # torch deprecates step(epoch) here
            sched.step(epoch)
        out.append(opt.param_groups[0]["lr"])
    return out


def test_multistep_step_epoch_uses_the_documented_closed_form() -> None:
    """MindSpore 2.10's MultiStepLR.step(epoch) raises AttributeError; mindshim gives torch's rate."""
    import torch
    sched = lrs.MultiStepLR(optim.SGD(_params(), lr=0.1), milestones=[2, 5, 5], gamma=0.5)
    ours = []
    for epoch in (1, 3, 6, 4):
        sched.step(epoch)
        ours.append(float(sched.get_last_lr()[0]))
    expected = _torch_rates(lambda o: torch.optim.lr_scheduler.MultiStepLR(o, [2, 5, 5], gamma=0.5), [1, 3, 6, 4])
    assert ours == pytest.approx(expected)


def test_warm_restarts_jump_with_t_mult_uses_the_documented_form() -> None:
    """MindSpore 2.10 raises TypeError for step(epoch >= T_0) with T_mult > 1; mindshim gives torch's rate."""
    import torch
    sched = lrs.CosineAnnealingWarmRestarts(optim.SGD(_params(), lr=0.1), T_0=2, T_mult=2, eta_min=0.01)
    ours = []
    for epoch in (3, 7, 1, 10):
        sched.step(epoch)
        ours.append(float(sched.get_last_lr()[0]))
    expected = []
    opt = torch.optim.SGD([torch.nn.Parameter(torch.zeros(1))], lr=0.1)
    ref = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=2, eta_min=0.01)
    for epoch in (3, 7, 1, 10):
        ref.step(epoch)
        expected.append(opt.param_groups[0]["lr"])
    assert ours == pytest.approx(expected, rel=1e-6)
