"""Parity of user code that runs inside the backward pass: a Cell's custom bprop (one and two inputs, with a
weight, nested in another Cell), HookBackward, InsertGradientOf, Tensor.register_hook and Cell backward hooks see
mindspore Tensors (shape a tuple, dtype a mindspore dtype) and their results change the gradients as in MindSpore."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from mindspore.ops import composite as C


def _x():
    return Tensor(np.array([1.0, -2.0, 3.0], np.float32))


def _seen(t):
    return [type(t).__name__, list(t.shape) if isinstance(t.shape, tuple) else "not a tuple", str(t.dtype)]


class _Two(nn.Cell):
    def construct(self, a, b):
        return a * b

    def bprop(self, a, b, out, dout):
        return dout * 10, dout * b


class _Weighted(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([2.0, 2.0, 2.0], np.float32)), name="w")

    def construct(self, a):
        return a * self.w

    def bprop(self, a, out, dout):
        return (dout * self.w * 100,)


class _Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.two, self.weighted = _Two(), _Weighted()

    def construct(self, a, b):
        return (self.weighted(self.two(a, b)) ** 2).sum()


def case_cell_bprop():
    x, y = _x(), Tensor(np.array([0.5, 0.5, 2.0], np.float32))
    seen = []

    class Probe(nn.Cell):
        def construct(self, a):
            return a * 2

        def bprop(self, a, out, dout):
            seen.extend([_seen(a), _seen(out), _seen(dout)])
            return (dout * 3,)

    outer = _Outer()
    return {"two": [g.asnumpy() for g in C.GradOperation(get_all=True)(_Two())(x, y)],
            "weighted": [g.asnumpy() for g in C.GradOperation(get_all=True)(_Weighted())(x)],
            "nested": [g.asnumpy() for g in C.GradOperation(get_all=True)(outer)(x, y)],
            "nested_weights": [g.asnumpy() for g in C.GradOperation(get_by_list=True)(outer, outer.trainable_params())(x, y)],
            "probe": ms.grad(Probe())(x).asnumpy(), "seen": seen}


def case_hooks_see_tensors():
    x, seen = _x(), {}

    def insert(g):
        seen["insert_gradient_of"] = _seen(g)
        return g * 0.5

    def tensor_hook(g):
        seen["tensor_hook"] = _seen(g)
        return g * 4

    def hook_backward(grads):
        seen["hook_backward"] = [type(grads).__name__, _seen(grads[0])]

    def through_tensor_hook(a):
        b = a * 2
        b.register_hook(tensor_hook)
        return b.sum()

    hb = ops.HookBackward(hook_backward)
    return {"insert_gradient_of": ms.grad(lambda a: ops.InsertGradientOf(insert)(a * a).sum())(x).asnumpy(),
            "tensor_hook": ms.grad(through_tensor_hook)(x).asnumpy(),
            "hook_backward": ms.grad(lambda a: (hb(a * a)[0] * 3).sum())(x).asnumpy(), "seen": seen}


def case_cell_backward_hook():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    seen = []

    def hook(cell, grad_in, grad_out):
        seen.append([type(cell).__name__, [_seen(g) for g in grad_in], [_seen(g) for g in grad_out]])

    handle = net.register_backward_hook(hook)
    first = ms.grad(lambda a: net(a).sum())(_x().reshape(1, 3)).asnumpy()
    handle.remove()
    ms.grad(lambda a: net(a).sum())(_x().reshape(1, 3))
    return {"grad": first, "seen": seen}
