"""Gradient helpers: ops._Grad, ops._Vmap, ops.get_grad, ops.jet, ops.derivative, ops.linearize.

Mapping decisions (MindSpore 2.10 behaviour):
- `jet(fn, primals, series)`: series[k] is the (k+1)-th derivative of the input path x(t) at t=0, and the
  result's series[k] the (k+1)-th derivative of fn(x(t)) (derivatives, not Taylor coefficients). Computed with
  nested forward-mode jvps in t. `derivative(fn, primals, order)` is jet along the all-ones direction and returns
  the order-th derivative only.
- `linearize(fn, inputs)` returns (fn(*inputs), jvp_fn) with jvp_fn(v) the Jacobian-vector product at inputs.
- `_Grad(...)(fn, weights, grad_position)` is the engine behind `ops.grad`/`GradOperation`; `get_grad` picks one
  gradient out of a `return_ids=True` result by position or Parameter (RuntimeError when absent).
"""
from __future__ import annotations

import math
from typing import Any, Callable

import torch

from mindshim.common.tensor import _unwrap, _wrap
from mindshim.ops.composite.functional_ad import _plain_fn
from mindshim.ops.composite.functional_ad import jvp as _jvp
from mindshim.ops.composite.grad import GradOperation, _grad_impl
from mindshim.ops.composite.vmap import vmap


def _check_bool(name: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"For '_Grad', the '{name}' should be bool, but got {type(value).__name__}")


class _Grad:
    """`_Grad(get_all, get_by_list, sens_param, get_by_position, has_aux, get_value, return_ids)`."""

    def __init__(self, get_all: bool = False, get_by_list: bool = False, sens_param: bool = False,
                 get_by_position: bool = False, has_aux: bool = False, get_value: bool = False,
                 return_ids: bool = False, merge_forward: bool = False) -> None:
        for name, value in (("get_by_position", get_by_position), ("get_by_list", get_by_list),
                            ("sens_param", sens_param), ("has_aux", has_aux), ("get_value", get_value),
                            ("return_ids", return_ids)):
            _check_bool(name, value)
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param
        self.get_by_position, self.has_aux, self.get_value = get_by_position, has_aux, get_value
        self.return_ids, self.merge_forward = return_ids, merge_forward

    def __call__(self, fn: Callable, weights: Any = None, grad_position: Any = 0) -> Callable:
        if self.sens_param:
            if self.get_value or self.has_aux or self.return_ids or self.get_by_position:
                from mindshim._errors import unsupported
                raise unsupported("mindspore.ops._Grad(sens_param=True) with get_value/has_aux/return_ids/"
                                  "get_by_position")
            return GradOperation(self.get_all, self.get_by_list, True)(fn, weights)
        if self.get_by_position and not isinstance(grad_position, tuple):
            raise RuntimeError("Grad position only support tuple when grad_by_position is set True.")
        use_weights = weights if self.get_by_list else None

        def after_grad(*args: Any) -> Any:
            if self.get_by_position:  # MindSpore returns a lone gradient for a one-element position tuple
                position = grad_position[0] if len(grad_position) == 1 else grad_position
            elif self.get_all:
                position = tuple(range(len(args)))
            else:
                position = None if self.get_by_list else 0
            return _grad_impl(fn, position, use_weights, self.has_aux, self.return_ids, self.get_value)(*args)
        return after_grad


class _Vmap:
    """`_Vmap()(fn, in_axes=0, out_axes=0)`: the vectorized function (ops.vmap)."""

    def __call__(self, fn: Callable, in_axes: Any = 0, out_axes: Any = 0) -> Callable:
        return vmap(fn, in_axes, out_axes)


def _find_grad(gradients: Any, key: Any) -> tuple[bool, Any]:
    if isinstance(gradients, tuple):
        if len(gradients) == 2 and isinstance(gradients[0], (int, str)) and not isinstance(gradients[0], bool) \
                and isinstance(gradients[1], torch.Tensor):
            return (True, gradients[1]) if gradients[0] == key else (False, None)
        for item in gradients:
            found, value = _find_grad(item, key)
            if found:
                return True, value
    return False, None


def get_grad(gradients: Any, identifier: Any) -> Any:
    """One gradient of a `grad(..., return_ids=True)` result: by input position (int) or Parameter."""
    key = identifier.name if isinstance(identifier, torch.Tensor) and hasattr(identifier, "name") else identifier
    found, value = _find_grad(gradients, key)
    if not found:
        raise RuntimeError(f"Can not find the gradient for position or Parameter {identifier}")
    return value


def _taylor(fn: Callable, primals: tuple, series: tuple, order: int) -> tuple[Any, list]:
    """fn's value and its first `order` derivatives along x(t) = p + sum_k s[k] t^(k+1)/(k+1)!."""
    plain = _plain_fn(fn, False)
    ps, ss = _unwrap(primals), _unwrap(series)

    def path(t: torch.Tensor) -> Any:
        xs = []
        for p, s in zip(ps, ss):
            x = p
            for k in range(s.shape[0]):
                x = x + s[k] * (t ** (k + 1) / math.factorial(k + 1))
            xs.append(x)
        return plain(*xs)

    t0 = torch.zeros((), dtype=ps[0].dtype, device=ps[0].device)
    one = torch.ones_like(t0)
    derivs, f = [], path
    for _ in range(order):
        f = (lambda g: (lambda t: torch.func.jvp(g, (t,), (one,))[1]))(f)
        derivs.append(f(t0))
    return path(t0), derivs


def _stack(value: Any, derivs: list) -> tuple[Any, Any]:
    if isinstance(value, (tuple, list)) and len(value) > 1:
        return ([_wrap(v) for v in value],
                [_wrap(torch.stack([d[i] for d in derivs])) for i in range(len(value))])
    return _wrap(value), _wrap(torch.stack(derivs))


def jet(fn: Callable, primals: Any, series: Any) -> tuple[Any, Any]:
    both_tensor = isinstance(primals, torch.Tensor) and isinstance(series, torch.Tensor)
    both_tuple = isinstance(primals, tuple) and isinstance(series, tuple)
    if not (both_tensor or both_tuple):
        raise TypeError("For 'F.jet', the 'primals' and `series` must be both Tensor or tuple.")
    ps, ss = ((primals,), (series,)) if both_tensor else (primals, series)
    for p, s in zip(ps, ss):
        if tuple(s.shape[1:]) != tuple(p.shape):
            raise ValueError("For 'F.jet', each series must have shape (n,) + the shape of its primal.")
    value, derivs = _taylor(fn, ps, ss, ss[0].shape[0])
    return _stack(value, derivs)


def derivative(fn: Callable, primals: Any, order: int) -> tuple[Any, Any]:
    if not isinstance(order, int) or isinstance(order, bool):
        raise TypeError(f"For `F.derivative`, the order should be int, but got {type(order).__name__}.")
    if order < 1:
        raise ValueError(f"For `F.derivative`, value of order should not be less than 1, but got {order}.")
    ps = primals if isinstance(primals, tuple) else (primals,)
    ss = tuple(torch.cat([torch.ones((1,) + tuple(p.shape), dtype=p.dtype, device=p.device),
                          torch.zeros((order - 1,) + tuple(p.shape), dtype=p.dtype, device=p.device)])
               for p in _unwrap(ps))
    value, derivs = _taylor(fn, ps, ss, order)
    out_value, out_series = _stack(value, derivs)
    if isinstance(out_series, list):
        return out_value, [s[-1] for s in out_series]
    return out_value, out_series[-1]


def linearize(fn: Callable, inputs: Any) -> tuple[Any, Callable]:
    if not isinstance(inputs, (torch.Tensor, tuple, list)):
        raise TypeError("For 'linearize', the inputs must be a Tensor or a tuple/list of Tensors.")
    inputs = (inputs,) if isinstance(inputs, torch.Tensor) else tuple(inputs)
    output = fn(*inputs)

    def jvp_fn(v: Any) -> Any:
        return _jvp(fn, inputs, v)[1]
    return output, jvp_fn


__all__ = ["_Grad", "_Vmap", "get_grad", "jet", "derivative", "linearize"]
