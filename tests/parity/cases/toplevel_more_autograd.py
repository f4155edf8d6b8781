"""Parity: top-level autograd helpers (recompute, saved-tensor hooks, _no_grad, the custom autograd _Function)
and swap_tensors."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops

COMPILED_PASS = False


def _net():
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(np.array([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], np.float32)))
    net.bias.set_data(Tensor(np.array([0.05, -0.05], np.float32)))
    return net


def _x():
    return Tensor(np.array([[0.5, -1.0, 0.25], [1.5, 0.3, -0.7]], np.float32))


def case_recompute_cell_grads():
    net = _net()
    block = nn.SequentialCell([net, nn.Tanh()])

    def loss(x):
        return ms.recompute(block, x).sum()

    value, (gx, gw) = ms.value_and_grad(loss, 0, [net.weight])(_x())
    return {"value": value.asnumpy(), "gx": gx.asnumpy(), "gw": gw[0].asnumpy() if isinstance(gw, tuple) else
            gw.asnumpy()}


def case_recompute_function():
    x = _x()

    def loss(x):
        return ms.recompute(lambda y, scale=1.0: ops.sin(y * y) * scale, x, use_reentrant=False, scale=3.0).sum()

    out = ms.recompute(lambda y: y * 2, x, use_reentrant=False)
    return {"out": out.asnumpy(), "grad": ms.grad(loss)(x).asnumpy()}


def case_recompute_function_needs_cell_when_reentrant():
    return ms.recompute(lambda y: y * 2, Tensor([1.0, 2.0]))


def case_saved_tensors_hooks():
    log = []

    def pack(t):
        log.append(("pack", t.asnumpy().tolist()))
        return t * 2

    def unpack(t):
        log.append(("unpack", t.asnumpy().tolist()))
        return t

    def f(x, y):
        with ms.saved_tensors_hooks(pack, unpack):
            out = x * y
        return out.sum()

    gx, gy = ms.grad(f, grad_position=(0, 1))(Tensor([1.0, 2.0]), Tensor([3.0, 4.0]))
    return {"log": sorted(log), "gx": gx.asnumpy(), "gy": gy.asnumpy()}


def case_register_saved_tensors_hooks_pynative():
    log = []

    def pack(t):
        log.append("pack")
        return t + 1

    def unpack(t):
        log.append("unpack")
        return t

    @ms.register_saved_tensors_hooks(pack, unpack)
    def f(x, y):
        return (x * y).sum()

    gx, gy = ms.grad(f, grad_position=(0, 1))(Tensor([1.0, 2.0]), Tensor([3.0, 4.0]))
    return {"log": log, "gx": gx.asnumpy(), "gy": gy.asnumpy(), "name": f.__name__}


def case_no_grad():
    w = ms.Parameter(Tensor([3.0, 4.0]), name="w")

    def f(x):
        with ms._no_grad():
            stopped = x * w
        return (x * w).sum() + stopped.sum()

    @ms._no_grad()
    def g(x):
        return x * w

    def h(x):
        return (g(x) + x * x).sum()

    x = Tensor([1.0, 2.0])
    return {"ctx": ms.grad(f)(x).asnumpy(), "decorator": ms.grad(h)(x).asnumpy()}


def case_swap_tensors():
    a, b = Tensor([1.0, 2.0]), Tensor([3, 4, 5], ms.int32)
    ms.swap_tensors(a, b)
    p, t = ms.Parameter(Tensor([1.0, 2.0]), name="p"), Tensor([7.0])
    ms.swap_tensors(p, t)
    return {"a": a.asnumpy(), "b": b.asnumpy(), "dtypes": [str(a.dtype), str(b.dtype)],
            "classes": [type(p).__name__, type(t).__name__], "p": p.asnumpy(), "t": t.asnumpy()}


def case_swap_tensors_rejects_non_tensor():
    ms.swap_tensors(Tensor([1.0]), 3)


class _Cube(ms._Function):
    @staticmethod
    def forward(ctx, x, scale=2.0):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return x * x * x * scale

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 3 * x * x * ctx.scale, None


class _MulAdd(ms._Function):
    seen = []

    @staticmethod
    def forward(ctx, x, y):
        ctx.save_for_backward(x, y)
        return ops.mul(x, y), x + y

    @staticmethod
    def backward(ctx, g1, g2):
        x, y = ctx.saved_tensors
        _MulAdd.seen.append([list(ctx.needs_input_grad), type(g1).__name__, x.asnumpy().tolist()])
        return g1 * y + g2, g1 * x + g2


def case_custom_function():
    x = Tensor(np.array([1.0, 2.0], np.float32))
    y = Tensor(np.array([3.0, -4.0], np.float32))
    out = _Cube.apply(x)
    _MulAdd.seen.clear()
    gx, gy = ms.grad(lambda a, b: sum(o.sum() for o in _MulAdd.apply(a, b)), grad_position=(0, 1))(x, y)
    return {"out": out.asnumpy(), "out_type": type(out).__name__,
            "grad": ms.grad(lambda a: _Cube.apply(a, 3.0).sum())(x).asnumpy(),
            "gx": gx.asnumpy(), "gy": gy.asnumpy(), "seen": _MulAdd.seen}
