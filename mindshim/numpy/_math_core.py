"""Shared machinery of mindspore.numpy's math and logic functions.

MindSpore builds these functions from its ops, so their dtypes are those ops' dtypes, checked against
MindSpore 2.10 CPU:
- Python scalars, lists and tuples become tensors first, with 64-bit results narrowed (int -> Int32,
  float -> Float32); numpy arrays and other objects are rejected with TypeError.
- Two tensors promote by dtype alone: a 0-d Int32 tensor widens an Int8 tensor (unlike torch, where a 0-d
  tensor has lower priority). A Python number inside one function's formula keeps torch's scalar rule.
- Several functions use mindspore.numpy's own promotion table (`promote`), which differs from the ops' in
  a few corners (uint16 with float64 gives float32, uint64 with a signed int gives float64).
- Integer division by zero gives the dtype's max (or min for a negative dividend); a float divided by zero
  is NaN for 0, +inf for a positive dividend and -inf otherwise (NaN included); integer powers with a
  negative exponent truncate the float result (0, except for a base of +-1; 0 gives the dtype's min).
- Max/min reductions and arg-reductions scan past NaN unless the scan starts on one.
- uint16/32/64 Tensors (few torch kernels) compute as Int64 and cast back (`unsigned_safe`).

Everything here works on plain torch tensors; public functions wrap their result once with `out`.
"""
from __future__ import annotations

import functools
import math
from typing import Any, Callable

import torch

from mindshim.common.tensor import wrap
from mindshim.numpy._dtype_rules import (  # re-exported: the math modules reach both through this module
    FLOAT16_32, broadcast_shape, cast, check_broadcast, dtype_of, float_only, is_int, need_tensor, out, plain, promote,
    same, tensor, tensors, trig_dtype,
)


def neg(x: torch.Tensor) -> torch.Tensor:
    if x.dtype == torch.bool:
        raise TypeError("For 'Neg', the input must not be a bool Tensor.")
    return torch.neg(x)


def sub(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    check_broadcast(a, b)
    a, b = same(a, b)
    if a.dtype == torch.bool:
        raise TypeError("For 'Sub', bool inputs are not supported.")
    return torch.sub(a, b)


def mul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    check_broadcast(a, b)
    a, b = same(a, b)
    return torch.mul(a, b)


def _int_div(a: torch.Tensor, b: torch.Tensor, rounding: str) -> torch.Tensor:
    info = torch.iinfo(a.dtype) if a.dtype != torch.bool else None
    zero = b == 0
    safe = torch.where(zero, torch.ones_like(b), b)
    q = torch.div(a.to(torch.int64), safe.to(torch.int64), rounding_mode=rounding)
    if info is None:  # bool: x // False is True unless x is False
        return torch.where(zero, a, q.to(torch.bool))
    big = torch.where(a > 0, torch.full_like(q, info.max), torch.where(a < 0, torch.full_like(q, info.min),
                                                                      torch.zeros_like(q)))
    return torch.where(zero, big, q).to(a.dtype)


def div(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """MindSpore's Div: integers divide truncating; a float divided by (either) zero is NaN for 0, +inf for a
    positive dividend and -inf otherwise (NaN included), as MindSpore's CPU kernel computes it."""
    check_broadcast(a, b)
    a, b = same(a, b)
    if a.dtype.is_complex:
        return torch.div(a, b)
    if not a.dtype.is_floating_point:
        return _int_div(a, b, "trunc")
    res = torch.div(a, b)
    zero = b == 0
    if bool(zero.any()):
        inf = torch.tensor(math.inf, dtype=a.dtype, device=a.device)
        by_zero = torch.where(a == 0, torch.tensor(math.nan, dtype=a.dtype, device=a.device),
                              torch.where(a > 0, inf, -inf))
        res = torch.where(zero, by_zero, res)
    return res


def floordiv(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    check_broadcast(a, b)
    a, b = same(a, b)
    if a.dtype.is_floating_point:
        return torch.floor(div(a, b))
    return _int_div(a, b, "floor")


def int_pow(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """An integer power; a negative exponent truncates the float result, as MindSpore's kernel does."""
    a, b = torch.broadcast_tensors(a, b)
    negative = b < 0 if b.dtype.is_signed else torch.zeros_like(b, dtype=torch.bool)
    r = torch.pow(a, torch.where(negative, torch.zeros_like(b), b))
    if bool(negative.any()):
        info = torch.iinfo(a.dtype)
        odd = torch.remainder(b, 2) == 1
        minus_one = torch.where(odd, torch.full_like(r, -1), torch.ones_like(r)) if info.min < 0 else torch.ones_like(r)
        special = torch.where(a == 1, torch.ones_like(r), torch.zeros_like(r))
        special = torch.where(a == -1, minus_one, special) if info.min < 0 else special
        special = torch.where(a == 0, torch.full_like(r, info.min), special)
        r = torch.where(negative, special, r)
    return r


def pow_(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    check_broadcast(a, b)
    a, b = same(a, b)
    if a.dtype == torch.bool:
        raise TypeError("For 'Pow', bool inputs are not supported.")
    if a.dtype.is_floating_point:
        return torch.pow(a, b)
    return int_pow(a, b)


def minimum(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    check_broadcast(a, b)
    a, b = same(a, b)
    if a.dtype == torch.bool:
        raise TypeError("For 'Minimum', bool inputs are not supported.")
    return torch.minimum(a, b)


def maximum(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    check_broadcast(a, b)
    a, b = same(a, b)
    return torch.maximum(a, b)


def reduce_extreme(x: torch.Tensor, axes: tuple, keepdims: bool, largest: bool) -> torch.Tensor:
    """MindSpore's ReduceMax/ReduceMin: a scan that skips NaN unless the scan starts on one."""
    fn = torch.amax if largest else torch.amin
    if not x.dtype.is_floating_point or not axes:
        return fn(x, dim=axes, keepdim=keepdims) if axes else x.clone()
    nan = torch.isnan(x)
    fill = torch.tensor(-math.inf if largest else math.inf, dtype=x.dtype, device=x.device)
    res = fn(torch.where(nan, fill, x), dim=axes, keepdim=keepdims)
    rest = [d for d in range(x.ndim) if d not in axes]
    first = nan.permute(rest + list(axes)).reshape([x.shape[d] for d in rest] + [-1])[..., 0]
    if keepdims:
        first = first.reshape([1 if d in axes else x.shape[d] for d in range(x.ndim)])
    return torch.where(first, torch.tensor(math.nan, dtype=x.dtype, device=x.device), res)


def kernel_maximum(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """MindSpore's Maximum kernel: x > y ? x : y (a NaN in y wins, one in x loses)."""
    a, b = same(a, b)
    return torch.where(a > b, a, b)


def kernel_minimum(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    a, b = same(a, b)
    return torch.where(a < b, a, b)


def sqrt(x: torch.Tensor) -> torch.Tensor:
    return torch.sqrt(x if x.dtype.is_floating_point else x.to(torch.float32))


def square(x: torch.Tensor) -> torch.Tensor:
    if x.dtype == torch.bool:
        raise TypeError("For 'Square', bool inputs are not supported.")
    return x * x


def absolute(x: torch.Tensor) -> torch.Tensor:
    return x.clone() if x.dtype == torch.bool or not x.dtype.is_signed and not x.dtype.is_floating_point \
        else torch.abs(x)


def log(x: torch.Tensor) -> torch.Tensor:
    float_only("Log", x)
    return torch.log(x)


def exp(x: torch.Tensor) -> torch.Tensor:
    float_only("Exp", x)
    return torch.exp(x)


def isnan(x: torch.Tensor) -> torch.Tensor:
    return torch.isnan(x) if x.dtype.is_floating_point else torch.zeros(x.shape, dtype=torch.bool, device=x.device)


def isfinite(x: torch.Tensor) -> torch.Tensor:
    return torch.isfinite(x)


def bitwise(name: str, fn: Callable) -> Callable:
    def k(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        check_broadcast(a, b)
        a, b = same(a, b)
        if a.dtype.is_floating_point or a.dtype.is_complex:
            raise TypeError(f"For '{name}', the inputs must be integer or bool Tensors, but got {a.dtype}.")
        return fn(a, b)
    return k


def select(cond: torch.Tensor, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    a, b = same(a, b)
    return torch.where(cond, a, b)


def reduce_axes(axis: Any, ndim: int) -> tuple:
    """numpy-style axis (None, int, tuple/list) as a tuple of non-negative axes; MindSpore's errors."""
    if axis is None or (isinstance(axis, (tuple, list)) and not axis):  # () reduces everything, as in MindSpore
        return tuple(range(ndim))
    items = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    res = []
    for ax in items:
        if isinstance(ax, bool) or not isinstance(ax, int):
            raise TypeError(f"axes should be integers, not {type(ax)}")
        if not -ndim <= ax < max(ndim, 1) or (ndim == 0 and ax not in (0, -1)):
            raise ValueError(f"axis {ax} is out of bounds for array of dimension {ndim}")
        res.append(ax % ndim if ndim else 0)
    if len(set(res)) != len(res):
        raise ValueError('duplicate value in "axis"')
    return tuple(res)


def unary(fn: Callable[[torch.Tensor], torch.Tensor], x: Any, dtype: Any = None) -> Any:
    """Apply a kernel to one array-like and cast to `dtype` (MindSpore's `_apply_tensor_op`)."""
    return out(cast(fn(tensor(x)), dtype))


def binary(fn: Callable[[torch.Tensor, torch.Tensor], torch.Tensor], x1: Any, x2: Any, dtype: Any = None) -> Any:
    a, b = tensors(x1, x2)
    return out(cast(fn(a, b), dtype))


_WIDE_UNSIGNED = (torch.uint16, torch.uint32, torch.uint64)


def unsigned_safe(fn: Callable, binary: str = "", keep: bool = True) -> Callable:
    """`fn` for uint16/32/64 Tensors, which torch has few kernels for: they are computed as Int64 and an Int64
    result is cast back (`keep`; not for index results or an explicit `dtype`). A `binary` function either
    refuses to mix such a Tensor with another dtype or a Python number ("strict": TypeError, as MindSpore's ops
    do) or casts back to the promoted dtype ("promote": functions that promote before their ops)."""
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        wide = [a for a in args if isinstance(a, torch.Tensor) and _TB_dtype(a) in _WIDE_UNSIGNED]
        if not wide:
            return fn(*args, **kwargs)
        u = target = _TB_dtype(wide[0])
        for a in args[:2] if binary else ():
            d = _TB_dtype(a) if isinstance(a, torch.Tensor) else _PY_DTYPES.get(type(a))
            if d is not None and d != u:
                if binary == "strict":
                    raise TypeError(f"For '{fn.__name__}', a {u} Tensor cannot be combined with {d}.")
                target = promote(target, d)
        widened = [wrap(plain(a).to(torch.int64)) if isinstance(a, torch.Tensor) and _TB_dtype(a) == u else a
                   for a in args]
        res = fn(*widened, **kwargs)
        if not keep or kwargs.get("dtype") is not None:
            return res
        return _narrow(res, target)

    functools.update_wrapper(wrapper, fn)
    return wrapper


_PY_DTYPES = {bool: torch.bool, int: torch.int32, float: torch.float32, list: torch.int32, tuple: torch.int32}


def _TB_dtype(t: torch.Tensor) -> torch.dtype:  # noqa: N802 - torch's own dtype, not MindSpore's
    return torch._C.TensorBase.dtype.__get__(t)


def _narrow(res: Any, u: torch.dtype) -> Any:
    if isinstance(res, torch.Tensor):
        return out(plain(res).to(u)) if _TB_dtype(res) == torch.int64 else res
    if isinstance(res, (tuple, list)):
        return type(res)(_narrow(r, u) for r in res)
    return res
