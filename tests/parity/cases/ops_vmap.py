"""ops.vmap: axes, None axes, nested vmap, vmapped Cells, per-sample gradients (vmap over grad)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops


def _x(shape, seed=0):
    return Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32))


def case_basic_and_none_axes():
    f = lambda a, b: a * 2 + b  # noqa: E731
    out = ops.vmap(f, in_axes=(0, None))(_x((4, 3)), _x((3,), 1))
    out1 = ops.vmap(f, in_axes=(1, None), out_axes=1)(_x((3, 4)), _x((3,), 1))
    return {"out": out.asnumpy(), "out1": out1.asnumpy()}


def case_nested():
    f = lambda a, b: (a * b).sum()  # noqa: E731
    out = ops.vmap(ops.vmap(f, in_axes=(0, None)), in_axes=(None, 0))(_x((3, 5)), _x((2, 5), 1))
    return out.asnumpy()


def case_vmapped_cell():
    net = nn.Dense(3, 2)
    net.weight.set_data(_x((2, 3), 2))
    net.bias.set_data(_x((2,), 3))
    return ops.vmap(net, in_axes=0)(_x((5, 4, 3))).asnumpy()


def case_per_sample_gradients():
    w = ms.Parameter(_x((3,), 4), name="w")

    def loss(x, y):
        return ops.square((x * w).sum() - y)

    grad_x = ops.grad(loss, grad_position=0)
    per_sample = ops.vmap(grad_x, in_axes=(0, 0))(_x((6, 3)), _x((6,), 5))
    return per_sample.asnumpy()


def _f(x, y):
    return ops.sin(x) * y + x * x


def case_jacfwd_jacrev():
    x, y = _x((3,)), _x((3,), 1)
    return {"fwd": ops.jacfwd(_f, grad_position=0)(x, y).asnumpy(),
            "rev": ops.jacrev(_f, grad_position=(0, 1))(x, y)[1].asnumpy()}


def case_jvp_vjp():
    x = _x((3,))
    f = lambda a: ops.sin(a) * a  # noqa: E731
    out, tangent = ops.jvp(f, x, _x((3,), 1))
    out2, vjp_fn = ops.vjp(f, x)
    return {"out": out.asnumpy(), "jvp": tangent.asnumpy(), "out2": out2.asnumpy(),
            "vjp": [g.asnumpy() for g in vjp_fn(_x((3,), 2))]}
