"""ops.jacfwd, ops.jacrev, ops.jvp, ops.vjp on torch.func (plain tensors in, mindshim Tensors out).

MindSpore conventions: `grad_position` picks the inputs (int or tuple); `jvp(fn, inputs, v)` returns
(outputs, jvp); `vjp(fn, *inputs)` returns (outputs, vjp_fn) where vjp_fn(cotangent) gives one
gradient per input (a single tensor for a single input).
"""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim.common.tensor import _unwrap, _wrap


def _plain_fn(fn: Callable, has_aux: bool) -> Callable:
    def call(*args: Any) -> Any:
        out = fn(*args)
        if has_aux:
            return _unwrap(out[0]), _unwrap(tuple(out[1:]))
        return _unwrap(out)
    return call


def _jac(transform: Callable, fn: Callable, grad_position: Any, has_aux: bool) -> Callable:
    argnums = tuple(grad_position) if isinstance(grad_position, (list, tuple)) else grad_position

    def run(*args: Any) -> Any:
        return _wrap(transform(_plain_fn(fn, has_aux), argnums=argnums, has_aux=has_aux)(*_unwrap(args)))
    return run


def jacfwd(fn: Callable, grad_position: Any = 0, has_aux: bool = False) -> Callable:
    return _jac(torch.func.jacfwd, fn, grad_position, has_aux)


def jacrev(fn: Callable, grad_position: Any = 0, has_aux: bool = False) -> Callable:
    return _jac(torch.func.jacrev, fn, grad_position, has_aux)


def _as_tuple(x: Any) -> tuple:
    return tuple(x) if isinstance(x, (tuple, list)) else (x,)


def jvp(fn: Callable, inputs: Any, v: Any, has_aux: bool = False) -> Any:
    out = torch.func.jvp(_plain_fn(fn, has_aux), _unwrap(_as_tuple(inputs)), _unwrap(_as_tuple(v)), has_aux=has_aux)
    return _wrap(out)


def vjp(fn: Callable, *inputs: Any, weights: Any = None, has_aux: bool = False) -> Any:
    if weights is not None:
        from mindshim._errors import unsupported_arg
        raise unsupported_arg("mindspore.ops.vjp", "weights", "...")
    result = torch.func.vjp(_plain_fn(fn, has_aux), *_unwrap(inputs), has_aux=has_aux)
    out, pullback = result[0], result[1]

    def vjp_fn(*cotangents: Any) -> Any:
        return _wrap(tuple(pullback(*_unwrap(cotangents))))

    if has_aux:
        return _wrap(out), vjp_fn, _wrap(result[2])
    return _wrap(out), vjp_fn


__all__ = ["jacfwd", "jacrev", "jvp", "vjp"]
