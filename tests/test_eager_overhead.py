"""PYNATIVE host overhead, counted deterministically (issue 14, item 3): aten ops reaching the dispatcher and calls
into the Tensor subclass's dispatch. Timings are left to bench/bench_overhead.py and bench/bench_step.py."""
from __future__ import annotations

import collections

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import mindshim as ms
from mindshim import nn, ops
from mindshim.common.tensor import Tensor
from dispatch_counts import count_aten_ops, record_torch_function

pytestmark = pytest.mark.usefixtures("_cpu")


@pytest.fixture
def _cpu():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    with torch.device("cpu"):
        yield


def _net(layers: int) -> nn.Cell:
    ms.set_seed(3)
    return nn.SequentialCell([nn.Dense(6, 6) for _ in range(layers - 1)] + [nn.LayerNorm((6,)), nn.Dense(6, 3)])


_OPTIMIZERS = {
    "Momentum": lambda ps: nn.Momentum(ps, 0.1, 0.9),
    "SGD": lambda ps: nn.SGD(ps, 0.1, momentum=0.9),
    "Adam": lambda ps: nn.Adam(ps, 1e-2),
    "AdamWeightDecay": lambda ps: nn.AdamWeightDecay(ps, 1e-2, weight_decay=0.1),  # gamma/beta: decay 0
    "Adagrad": lambda ps: nn.Adagrad(ps, learning_rate=0.1),
    "Adadelta": lambda ps: nn.Adadelta(ps, learning_rate=0.5),
    "AdaMax": lambda ps: nn.AdaMax(ps, learning_rate=0.01),
    "RMSProp": lambda ps: nn.RMSProp(ps, learning_rate=0.01, centered=True, momentum=0.5),
    "Lamb": lambda ps: nn.Lamb(ps, 1e-2, weight_decay=0.1),  # gamma/beta: decay 0; a trust ratio per parameter
    "FTRL": lambda ps: nn.FTRL(ps, learning_rate=0.05, l1=0.01, l2=0.01),
    "ProximalAdagrad": lambda ps: nn.ProximalAdagrad(ps, learning_rate=0.1, l1=0.01, l2=0.01),
    "ASGD": lambda ps: nn.ASGD(ps, learning_rate=0.05, t0=2.0),  # 0-D eta/mu per parameter: foreach on 0-D lists
    "Rprop": lambda ps: nn.Rprop(ps, learning_rate=0.05),
    "AdamOffload": lambda ps: nn.AdamOffload(ps, 1e-2, use_nesterov=True),
    # LARS over Momentum: the norms and coefficients of all kept parameters at once
    "LARS": lambda ps: nn.LARS(nn.Momentum(ps, 0.1, 0.9, weight_decay=0.01), use_clip=True),
}


def _update_ops(name: str, layers: int) -> collections.Counter:
    net = _net(layers)
    opt = _OPTIMIZERS[name](net.trainable_params())
    grads = tuple(Tensor(np.full(p.shape, 0.5, np.float32)) for p in opt.parameters)
    opt(grads)  # first step: state and first-step branches
    return count_aten_ops(lambda: opt(grads))


@pytest.mark.parametrize("name", sorted(_OPTIMIZERS))
def test_optimizer_update_is_o1_foreach_kernels(name):
    """An update of N parameters dispatches the same ops for N = 6 and N = 22: foreach kernels, no per-parameter
    loop (LayerNorm's gamma/beta sit in their own decay group for AdamWeightDecay)."""
    small, large = _update_ops(name, 2), _update_ops(name, 10)
    assert len(list(_net(10).trainable_params())) > 3 * len(list(_net(2).trainable_params()))
    assert small == large, (small, large)
    assert any(op.startswith("_foreach_") for op in small)
    # the rest are scalar ops (bias corrections, the step count); Lamb adds its trust ratios, computed on the
    # stacked per-parameter norms (~8 ops on one vector)
    assert sum(n for op, n in small.items() if not op.startswith("_foreach_")) <= (18 if name in ("Lamb", "LARS")
                                                                                  else 12), small


@pytest.mark.parametrize("name", ["Adam", "AdamWeightDecay"])
def test_adam_cpu_update_reuses_buffers(name):
    """On the CPU the Adam updates build their temporaries in kept buffers: no out-of-place foreach kernel (each
    would allocate a model-sized temporary every step)."""
    ops_ = _update_ops(name, 3)
    out_of_place = {op for op in ops_ if op.startswith("_foreach_") and not op.endswith("_")}
    assert not out_of_place, ops_


def _reference_adamw(params, grads, m, v, lrs, decays, beta1=0.9, beta2=0.999, eps=1e-6):
    """AdamWeightDecay, one parameter at a time, in the formula's order (the per-parameter form of the rule)."""
    for p, g, mi, vi, r, wd in zip(params, grads, m, v, lrs, decays):
        mi.lerp_(g, 1.0 - beta1)
        vi.lerp_(g * g, 1.0 - beta2)
        u = mi / (torch.sqrt(vi) + eps)
        if wd:
            u = u.add(p, alpha=wd)  # u + wd * p in one pass (MindSpore's CPU kernel: update += decay * var)
        p.add_(u, alpha=-float(r))  # var -= lr * update, in one pass


def test_adamweightdecay_foreach_is_bit_equal_to_per_parameter_rule():
    net = _net(3)
    params = net.trainable_params()
    groups = [{"params": params[:2], "lr": 0.05, "weight_decay": 0.1}, {"params": params[2:4]},
              {"params": params[4:], "weight_decay": 0.3}]
    opt = nn.AdamWeightDecay(groups, 1e-2, weight_decay=0.01)
    plain = [p.asnumpy().copy() for p in opt.parameters]
    ref = [torch.tensor(a) for a in plain]
    m = [torch.zeros_like(t) for t in ref]
    v = [torch.zeros_like(t) for t in ref]
    lrs = [torch.tensor(0.05)] * 2 + [torch.tensor(1e-2)] * (len(ref) - 2)
    decays = [0.1, 0.1, 0.01, 0.01] + [0.3] * (len(ref) - 4)
    rng = np.random.default_rng(0)
    for _ in range(3):
        g = [rng.standard_normal(a.shape).astype(np.float32) for a in plain]
        opt(tuple(Tensor(x) for x in g))
        _reference_adamw(ref, [torch.tensor(x) for x in g], m, v, lrs, decays)
    for p, r in zip(opt.parameters, ref):
        np.testing.assert_array_equal(p.asnumpy(), r.numpy())


def test_rmsprop_centered_foreach_is_bit_equal_to_per_parameter_rule():
    net = _net(3)
    opt = nn.RMSProp(net.trainable_params(), learning_rate=0.01, decay=0.9, momentum=0.5, epsilon=1e-6,
                     centered=True)
    ref = [torch.tensor(p.asnumpy()) for p in opt.parameters]
    ms_ = [torch.ones_like(t) for t in ref]  # mean_square starts at 1 (MindSpore's init)
    mg, mom = ([torch.zeros_like(t) for t in ref] for _ in range(2))
    rng = np.random.default_rng(1)
    lr = torch.tensor(0.01)
    for _ in range(3):
        g = [rng.standard_normal(tuple(t.shape)).astype(np.float32) for t in ref]
        opt(tuple(Tensor(x) for x in g))
        for p, gi, s, c, mo in zip(ref, [torch.tensor(x) for x in g], ms_, mg, mom):
            s.mul_(0.9).addcmul_(gi, gi, value=1.0 - 0.9)
            c.mul_(0.9).add_(gi, alpha=1.0 - 0.9)
            mo.mul_(0.5).add_(lr * gi / torch.sqrt(s + 1e-6 - c * c))
            p.sub_(mo)
    for p, r in zip(opt.parameters, ref):
        np.testing.assert_array_equal(p.asnumpy(), r.numpy())


# ----- FTRL, ProximalAdagrad, ASGD, Rprop: the foreach updates against the per-parameter rules they replaced -----
def _plain(t) -> torch.Tensor:
    return t.as_subclass(torch.Tensor).detach().clone()


def _check_against_reference(opt, reference, states: tuple, lrs: list, steps: int = 3, seed: int = 0,
                             zero_column: bool = False, tweak=None) -> None:
    """Runs `opt` and `reference(params, grads, states, lrs, step)` (plain tensors, the old per-parameter loop) on
    the same random gradients, then requires the parameters and the named states to be bit-equal."""
    ref = [_plain(p) for p in opt.parameters]
    ref_states = {name: [_plain(t) for t in getattr(opt, name)] for name in states}
    rng = np.random.default_rng(seed)
    for step in range(1, steps + 1):
        grads = []
        for p in ref:
            g = torch.tensor(rng.standard_normal(tuple(p.shape)).astype(np.float32))
            if zero_column and g.dim() > 0:
                g[..., 0] = 0.0  # never any gradient there: accum stays at its start
            if tweak is not None and g.dim() > 0:
                tweak(step, g.reshape(-1))
            grads.append(g.to(p.dtype))
        opt(tuple(g.as_subclass(Tensor) for g in grads))
        reference(ref, [g.clone() for g in grads], ref_states, lrs, step)
    for got, want in [(opt.parameters, ref)] + [(getattr(opt, n), ref_states[n]) for n in states]:
        for a, b in zip(got, want):
            assert a.dtype == b.dtype
            np.testing.assert_array_equal(_plain(a).float().numpy(), b.float().numpy())


def _grouped(net: nn.Cell, dtype=None) -> tuple[list, list]:
    """Two learning-rate groups (0.05 for the first two parameters, the optimizer's rate for the rest)."""
    params = net.trainable_params()
    if dtype is not None:
        params = [ms.Parameter(_plain(p).to(dtype).as_subclass(Tensor), name=p.name) for p in params]
    return params, [{"params": params[:2], "lr": 0.05}, {"params": params[2:]}]


def _reference_ftrl(lr, lr_power, l1, l2):
    def step_fn(params, grads, states, lrs, step):
        power = -lr_power
        for p, g, acc, lin in zip(params, grads, states["moments"], states["linear"]):
            acc_new = acc + g * g
            acc_new_pow = torch.pow(acc_new, power)
            lin.add_(g - (acc_new_pow - torch.pow(acc, power)) / lr * p)
            quadratic = acc_new_pow / lr + 2.0 * l2
            value = (torch.sign(lin) * l1 - lin) / quadratic
            p.copy_(torch.where(lin.abs() > l1, value, torch.zeros_like(value)))
            acc.copy_(acc_new)
    return step_fn


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("accum, lr_power, l1, l2", [(0.1, -0.5, 0.01, 0.01), (0.0, -0.3, 0.3, 0.0)])
def test_ftrl_foreach_is_bit_equal_to_per_parameter_rule(dtype, accum, lr_power, l1, l2):
    """accum 0 with l2 0 and a gradient-free column: quadratic is 0 there, where the rule still gives 0."""
    params, _ = _grouped(_net(3), dtype)
    opt = nn.FTRL(params, initial_accum=accum, learning_rate=0.05, lr_power=lr_power, l1=l1, l2=l2)
    _check_against_reference(opt, _reference_ftrl(torch.tensor(0.05), lr_power, l1, l2), ("moments", "linear"),
                             [], zero_column=accum == 0.0)
    assert all(torch.isfinite(_plain(p)).all() for p in opt.parameters)


def _reference_proximal_adagrad(l1, l2):
    def step_fn(params, grads, states, lrs, step):
        for p, g, acc, r in zip(params, grads, states["accum"], lrs):
            acc.addcmul_(g, g)
            lr_t = r / torch.sqrt(acc)
            prox = p - lr_t * g
            if l1 > 0.0:
                prox = torch.sign(prox) * torch.clamp_min(prox.abs() - lr_t * l1, 0.0)
            p.copy_(prox / (1.0 + lr_t * l2))
    return step_fn


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
@pytest.mark.parametrize("l1, l2", [(0.05, 0.1), (0.0, 0.0)])
def test_proximal_adagrad_foreach_is_bit_equal_to_per_parameter_rule(dtype, l1, l2):
    params, groups = _grouped(_net(3), dtype)
    opt = nn.ProximalAdagrad(groups, accum=0.1, learning_rate=0.3, l1=l1, l2=l2)
    lrs = [torch.tensor(0.05)] * 2 + [torch.tensor(0.3)] * (len(params) - 2)
    _check_against_reference(opt, _reference_proximal_adagrad(l1, l2), ("accum",), lrs)


def _reference_asgd(lambd, alpha, t0):
    def step_fn(params, grads, states, lrs, step):
        step = torch.tensor(float(step))
        first = step == 1.0
        t0_ = torch.tensor(t0, dtype=torch.float32)
        for p, g, mu, eta, ax, r in zip(params, grads, states["mu"], states["eta"], states["ax"], lrs):
            eta.copy_(torch.where(first, r, eta))
            new = p.float() * (1.0 - lambd * eta) - eta * g.float()
            p.copy_(new)
            ax.copy_(torch.where(mu != 1.0, ax + ((new - ax.float()) * mu).to(ax.dtype), p))
            eta.copy_(r / torch.pow(1.0 + lambd * r * step, alpha))
            mu.copy_(1.0 / torch.clamp_min(step - t0_, 1.0))
    return step_fn


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_asgd_foreach_is_bit_equal_to_per_parameter_rule(dtype):
    """t0 = 0.5: mu is 1 for two steps (ax = param), then 2/3 (ax averages), with float32 math for half types."""
    params, groups = _grouped(_net(3), dtype)
    opt = nn.ASGD(groups, learning_rate=0.1, lambd=0.05, alpha=0.75, t0=0.5)
    lrs = [torch.tensor(0.05)] * 2 + [torch.tensor(0.1)] * (len(params) - 2)
    _check_against_reference(opt, _reference_asgd(0.05, 0.75, 0.5), ("ax", "eta", "mu"), lrs)
    assert all(float(m) != 1.0 for m in opt.mu)


def _reference_rprop(etaminus, etaplus, step_min, step_max):
    def step_fn(params, grads, states, lrs, step):
        first = torch.tensor(step) == 1
        for p, g, prev, size, r in zip(params, grads, states["prev"], states["step_size"], lrs):
            dtype = p.dtype if p.dtype in (torch.float16, torch.bfloat16) else torch.float32
            g, prev_c = g.to(dtype), prev.to(dtype)
            cur = torch.where(first, torch.ones_like(size, dtype=dtype) * r, size.to(dtype))
            prod = g * prev_c
            flipped = prod < 0
            s = torch.where(prod > 0, torch.full_like(prod, etaplus),
                            torch.where(flipped, torch.full_like(prod, etaminus), torch.ones_like(prod)))
            cur = torch.clamp(cur * s, step_min, step_max)
            g_used = torch.where(flipped, torch.zeros_like(g), g)
            p.copy_(p.to(dtype) - torch.sign(g_used) * cur)
            prev.copy_(g_used)
            size.copy_(cur)
    return step_fn


def _overflow(step: int, g: torch.Tensor) -> None:
    """Infinite gradient entries: +inf then a flip to -1 (prev inf), and +1 then a flip to -inf (g' must be 0)."""
    if step == 1:
        g[0], g[1] = 1.0, 1.0
    elif step == 2:
        g[0], g[1] = float("inf"), 1.0
    elif step == 3:
        g[0], g[1] = -1.0, float("-inf")


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
@pytest.mark.parametrize("overflow", [False, True])
def test_rprop_foreach_is_bit_equal_to_per_parameter_rule(dtype, overflow):
    """etas (0.3, 1.7) round in half types; step sizes hit both clip bounds."""
    params, groups = _grouped(_net(3), dtype)
    opt = nn.Rprop(groups, learning_rate=0.1, etas=(0.3, 1.7), step_sizes=(1e-3, 0.25))
    lrs = [torch.tensor(0.05)] * 2 + [torch.tensor(0.1)] * (len(params) - 2)
    _check_against_reference(opt, _reference_rprop(0.3, 1.7, 1e-3, 0.25), ("prev", "step_size"), lrs,
                             steps=3 if overflow else 4, tweak=_overflow if overflow else None)
    if overflow:  # both flips reset prev to 0, with no NaN from the infinite gradient
        assert all(_plain(p).reshape(-1)[:2].tolist() == [0.0, 0.0] for p in opt.prev if p.dim() > 0)
        assert all(torch.isfinite(_plain(p)).all() for p in opt.parameters)

class _MLP(nn.Cell):
    def __init__(self) -> None:
        super().__init__()
        self.fc1, self.fc2, self.relu = nn.Dense(12, 16), nn.Dense(16, 4), nn.ReLU()

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def _pair():
    net = _MLP()
    tnet = torch.nn.Sequential(torch.nn.Linear(12, 16), torch.nn.ReLU(), torch.nn.Linear(16, 4))
    with torch.no_grad():
        for a, b in zip(net.trainable_params(), tnet.parameters()):
            b.copy_(a.as_subclass(torch.Tensor))
    x = np.random.default_rng(0).standard_normal((2, 12)).astype(np.float32)
    y = np.array([1, 3], np.int64)
    return net, tnet, x, y


def test_forward_and_backward_dispatch_no_more_ops_than_torch():
    """The Tensor subclass costs no extra dispatch: a mindshim forward + GradOperation backward issues at most the
    aten ops of the same torch code (forward + torch.autograd.grad), and computes the same gradients."""
    net, tnet, x, y = _pair()
    loss = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    weights = net.trainable_params()
    grad = ops.GradOperation(get_by_list=True)
    mx, my, tx, ty = Tensor(x), Tensor(y), torch.tensor(x), torch.tensor(y)
    ms_grads = grad(loss, weights)(mx, my)
    ms_ops = count_aten_ops(lambda: grad(loss, weights)(mx, my))
    t_ops = count_aten_ops(lambda: torch.autograd.grad(F.cross_entropy(tnet(tx), ty), list(tnet.parameters())))
    # the labels' range check (MindSpore's kernel refuses out-of-range labels; torch on CUDA would assert on the
    # device): one min/max and its two host reads, not a cost of the subclass
    assert ms_ops.pop("aminmax") == 1 and ms_ops.pop("_local_scalar_dense") == 2, ms_ops
    assert sum(ms_ops.values()) <= sum(t_ops.values()), (ms_ops, t_ops)
    t_grads = torch.autograd.grad(F.cross_entropy(tnet(tx), ty), list(tnet.parameters()))
    for a, b in zip(ms_grads, t_grads):
        np.testing.assert_allclose(a.asnumpy(), b.numpy(), rtol=1e-6, atol=1e-7)


def test_train_step_never_enters_the_subclass_dispatch(monkeypatch):
    """A PYNATIVE TrainOneStepCell step over built-in layers, a built-in loss and optimizer never goes through
    Tensor.__torch_function__ (each trip costs a Python frame, a context switch and a re-wrap)."""
    net, _, x, y = _pair()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                                      reduction="mean")),
                               nn.Momentum(net.trainable_params(), 0.1, 0.9))
    step.set_train()
    mx, my = Tensor(x), Tensor(y)
    step(mx, my)
    calls = record_torch_function(monkeypatch)
    before = [p.asnumpy().copy() for p in net.trainable_params()]
    loss = step(mx, my)
    assert calls == []
    assert type(loss) is Tensor and np.isfinite(float(loss))
    assert any(not np.array_equal(a, p.asnumpy()) for a, p in zip(before, net.trainable_params()))


def test_built_in_layer_call_dispatches_what_its_torch_call_does():
    dense = nn.Dense(5, 3)
    x = Tensor(np.ones((2, 5), np.float32))
    w, b = (p.as_subclass(torch.Tensor) for p in dense.trainable_params())
    assert count_aten_ops(lambda: dense(x)) == count_aten_ops(lambda: F.linear(x.as_subclass(torch.Tensor), w, b))
    out = dense(x)
    assert type(out) is Tensor and out.shape == (2, 3)
    assert dense(out[:, :0].sum() * 0 + x) is not x  # a fresh result every call


def _lars_per_parameter(self, grads, lrs):
    """LARS's rescale one parameter at a time (the rule as written, before the foreach form)."""
    cache = {}
    for i, flag in enumerate(self.lars_flag):
        if flag:
            grads[i] = self._rescaled_one(self.parameters[i], grads[i], self._decay(i, cache),
                                          None if lrs is None else lrs[i])


@pytest.mark.parametrize("use_clip", [False, True])
@pytest.mark.parametrize("grouped", [False, True])
def test_lars_foreach_is_bit_equal_to_per_parameter_rule(monkeypatch, use_clip, grouped):
    def build():
        params = _net(3).trainable_params()
        groups = ([{"params": params[:2], "weight_decay": 0.02, "lr": 0.05}, {"params": params[2:]}]
                  if grouped and not use_clip else params)  # LARS refuses group rates with use_clip and dynamic lr
        return nn.LARS(nn.Momentum(groups, 0.1, 0.9, weight_decay=0.01, loss_scale=2.0), use_clip=use_clip)
    fast, slow = build(), build()
    monkeypatch.setattr(slow, "_rescale", _lars_per_parameter.__get__(slow))
    rng = np.random.default_rng(4)
    for _ in range(3):
        grads = tuple(Tensor(rng.standard_normal(p.shape).astype(np.float32)) for p in fast.parameters)
        fast(grads)
        slow(grads)
    assert any(fast.lars_flag) and not all(fast.lars_flag)  # biases (and LayerNorm's) are left out
    for a, b in zip(fast.parameters, slow.parameters):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())


@pytest.mark.parametrize("nesterov", [False, True])
def test_adam_offload_foreach_is_bit_equal_to_per_parameter_rule(nesterov):
    params = _net(3).trainable_params()
    opt = nn.AdamOffload([{"params": params[:2], "lr": 0.05}, {"params": params[2:]}], 1e-2, use_nesterov=nesterov)
    ref = [_plain(p) for p in opt.parameters]
    m, v = [torch.zeros_like(t) for t in ref], [torch.zeros_like(t) for t in ref]
    lrs = [0.05] * 2 + [1e-2] * (len(ref) - 2)
    b1p, b2p = torch.ones(1), torch.ones(1)
    rng = np.random.default_rng(2)
    for _ in range(3):
        grads = [torch.tensor(rng.standard_normal(tuple(t.shape)).astype(np.float32)) for t in ref]
        opt(tuple(g.as_subclass(Tensor) for g in grads))
        b1p.mul_(0.9)
        b2p.mul_(0.999)
        correction = (torch.sqrt(1.0 - b2p) / (1.0 - b1p)).reshape(())
        for p, g, mi, vi, r in zip(ref, grads, m, v, lrs):  # MindSpore's rule, one parameter at a time
            mi.lerp_(g, 1.0 - 0.9)
            vi.lerp_(g * g, 1.0 - 0.999)
            num = mi * 0.9 + g * (1.0 - 0.9) if nesterov else mi
            p.sub_(torch.tensor(r) * correction * num / (torch.sqrt(vi) + 1e-8))
    for a, b in zip(opt.parameters, ref):
        np.testing.assert_array_equal(_plain(a).numpy(), b.numpy())
