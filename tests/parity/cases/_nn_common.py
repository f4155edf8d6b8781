"""Shared helpers for the nn_* parity cases (loaded by path; not a case module itself).

Every layer is fed fixed numpy weights and inputs; gradients are taken of sum(out * w) for a fixed
random w, so no gradient is trivially ones.
"""
from __future__ import annotations

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn


def arr(seed: int, shape, low: float = -1.0, high: float = 1.0) -> np.ndarray:
    return np.random.RandomState(seed).uniform(low, high, shape).astype(np.float32)


def t(seed: int, shape, low: float = -1.0, high: float = 1.0) -> Tensor:
    return Tensor(arr(seed, shape, low, high))


def set_params(net, seed: int = 100) -> None:
    """Overwrite every parameter with fixed values (variances positive)."""
    for i, p in enumerate(net.get_parameters()):
        if "variance" in p.name:
            p.set_data(Tensor(arr(seed + i, p.shape, 0.5, 1.5)))
        else:
            p.set_data(Tensor(arr(seed + i, p.shape, -0.5, 0.5)))


class _Scalar(nn.Cell):
    def __init__(self, net, w):
        super().__init__(auto_prefix=False)
        self.net = net
        self.w = w

    def construct(self, *xs):
        return (self.net(*xs) * self.w).sum()


def fwd_grad(net, *inputs, grad_inputs=None, seed: int = 7) -> dict:
    """Forward output, gradient w.r.t. each float input and each trainable parameter."""
    out = net(*inputs)
    res = {"out": out.asnumpy()}
    w = Tensor(arr(seed, out.shape))
    scalar = _Scalar(net, w)
    params = net.trainable_params()
    positions = tuple(range(len(inputs))) if grad_inputs is None else tuple(grad_inputs)
    if not positions:
        p_grads = ms.grad(scalar, grad_position=None, weights=params)(*inputs)
        for p, g in zip(params, p_grads):
            res["d_" + p.name] = g.asnumpy()
        return res
    if params:
        in_grads, p_grads = ms.grad(scalar, grad_position=positions, weights=params)(*inputs)
        for p, g in zip(params, p_grads):
            res["d_" + p.name] = g.asnumpy()
    else:
        in_grads = ms.grad(scalar, grad_position=positions)(*inputs)
    if not isinstance(in_grads, tuple):
        in_grads = (in_grads,)
    for i, g in zip(positions, in_grads):
        res[f"dx{i}"] = g.asnumpy()
    return res


def run(net, *inputs, grad_inputs=None, seed: int = 100) -> dict:
    set_params(net, seed)
    return fwd_grad(net, *inputs, grad_inputs=grad_inputs)
