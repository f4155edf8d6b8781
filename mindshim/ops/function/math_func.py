"""Math functional ops (mindspore.ops.*): elementwise, reductions, comparisons, linear algebra.

MindSpore reduction names take `axis`/`keep_dims` (or `dim`/`keepdim` for the 2.x torch-style ones);
`ops.max/min` return (values, indices) when an axis is given, like MindSpore 2.x; `argmax` returns
int64 indices for the 2.x functional form.
"""
from __future__ import annotations

import builtins
import numbers
from typing import Any

import torch

from mindshim.common import _unsigned, dtype as mstype
from mindshim.common.tensor import Tensor, plain_op
from mindshim.ops.function import _kernel_rules as _rules
from mindshim.ops.function._args import as_tensor as _t, axis_arg as _axis
from mindshim.ops.function._compare_logic_func import (  # comparisons and logic: their own module
    equal, ge, greater, greater_equal, gt, isfinite, isinf, isnan, le, less, less_equal, logical_and, logical_not,
    logical_or, lt, ne, not_equal,
)


def _is_float(x: torch.Tensor) -> bool:
    return x.is_floating_point() or x.is_complex()


def _float_in(name: str, input: Any) -> torch.Tensor:
    """MindSpore's CPU kernels of exp/log/sin/... take float (and complex) tensors only: TypeError otherwise."""
    x = _t(input)
    if not _is_float(x):
        raise TypeError(f"For '{name}', the input must be a float Tensor, but got {mstype.from_torch(x.dtype)}.")
    return x


def _promoted(input: Any) -> torch.Tensor:
    """sqrt/reciprocal: integer and bool inputs compute in Float32 (MindSpore's implicit promotion)."""
    x = _t(input)
    return x if _is_float(x) else x.to(torch.float32)


def _no_bool(name: str, input: Any) -> torch.Tensor:
    x = _t(input)
    if x.dtype == torch.bool:
        raise TypeError(f"For '{name}', the input must be a number Tensor, but got Bool.")
    return x


# ----- elementwise -----
def add(input: Any, other: Any) -> Tensor:
    return torch.add(_t(input), other)


def sub(input: Any, other: Any) -> Tensor:
    return torch.sub(_t(input), other)


def mul(input: Any, other: Any) -> Tensor:
    return torch.mul(_t(input), other)


def div(input: Any, other: Any, *, rounding_mode: str | None = None) -> Tensor:
    return _rules.divide(_t(input), other, rounding_mode)


def real_div(x: Any, y: Any) -> Tensor:
    """MindSpore's RealDiv: the operands' promoted dtype; integer quotients truncate (x/0 saturates to the
    dtype's max, or min for x < 0, 0 for 0/0, as MindSpore's CPU kernel does); bool tensors raise TypeError."""
    ref = x if isinstance(x, torch.Tensor) else _t(y)
    a, b = (v if isinstance(v, torch.Tensor) else torch.tensor(v, device=ref.device) for v in (x, y))
    if a.dtype == torch.bool and b.dtype == torch.bool:
        raise TypeError("For primitive[RealDiv], the input argument[x] must be a type of {Tensor[Number]}, "
                        "but got Tensor[Bool].")
    out_dtype = torch.result_type(a, b)
    if out_dtype.is_floating_point or out_dtype.is_complex:
        return _rules.divide(a, b)
    num, den = a.to(torch.int64), b.to(torch.int64)
    zero = den == 0
    q = torch.div(num, torch.where(zero, torch.ones_like(den), den), rounding_mode="trunc")
    info = torch.iinfo(out_dtype)
    sat = torch.where(num > 0, info.max, torch.where(num < 0, info.min, 0))
    return torch.where(zero, sat, q).to(out_dtype)


def pow(input: Any, exponent: Any) -> Tensor:  # noqa: A001
    """Tensor.pow's rules (MindSpore's Pow): an integer tensor to a negative integer power is 0, +-1 or the
    dtype's minimum (torch refuses it)."""
    return _t(input).pow(exponent)


@plain_op
def sqrt(x: Any) -> Tensor:
    return torch.sqrt(_promoted(x))


def rsqrt(input: Any) -> Tensor:
    return torch.rsqrt(_float_in("Rsqrt", input))


@plain_op
def exp(input: Any) -> Tensor:
    return torch.exp(_float_in("Exp", input))


@plain_op
def log(input: Any) -> Tensor:
    return torch.log(_float_in("Log", input))


def abs(input: Any) -> Tensor:  # noqa: A001
    x = _t(input)
    if x.is_complex():  # MindSpore's Abs keeps the complex dtype (the magnitude as the real part)
        return torch.abs(x).to(x.dtype)
    return x.clone() if x.dtype == torch.bool else torch.abs(x)


def neg(input: Any) -> Tensor:
    return torch.neg(_no_bool("Neg", input))


@plain_op
def square(input: Any) -> Tensor:
    return torch.square(_no_bool("Square", input))


def reciprocal(input: Any) -> Tensor:
    return torch.reciprocal(_promoted(input))


@plain_op
def maximum(input: Any, other: Any) -> Tensor:
    return _rules.maximum(_t(input), _t(other))


@plain_op
def minimum(input: Any, other: Any) -> Tensor:
    a, b = _t(input), _t(other)
    if torch.result_type(a, b) == torch.bool:  # a Bool pair: MindSpore's Minimum has no Bool kernel
        raise TypeError("For 'Minimum', Bool inputs are not supported.")
    return _rules.minimum(a, b)


def clamp(input: Any, min: Any = None, max: Any = None) -> Tensor:  # noqa: A002
    return torch.clamp(_t(input), min, max)


clip = clamp


def floor(input: Any) -> Tensor:
    return torch.floor(_float_in("Floor", input))


def ceil(input: Any) -> Tensor:
    return torch.ceil(_float_in("Ceil", input))


def round(input: Any, *, decimals: int = 0) -> Tensor:  # noqa: A001
    """Half to even at `decimals` places (negative: left of the point). Integers are already whole numbers;
    Bool has no Round kernel (RuntimeError, as in MindSpore)."""
    x = _t(input)
    if x.dtype == torch.bool:
        raise RuntimeError("For 'Round', Bool inputs are not supported.")
    if not isinstance(decimals, int) or isinstance(decimals, bool):
        raise TypeError(f"For 'Round', decimals must be an int, but got {type(decimals).__name__}.")
    if decimals == 0:
        return torch.round(x)
    if not _is_float(x):
        if decimals > 0:
            return x.clone()
        return torch.round(x.to(torch.float64), decimals=decimals).to(x.dtype)
    return torch.round(x, decimals=decimals)


def sign(input: Any) -> Tensor:
    x = _t(input)
    if not _is_float(x) and x.dtype not in (torch.int32, torch.int64):  # MindSpore's CPU Sign kernel set
        raise TypeError(f"For 'Sign', the input must be a float, int32 or int64 Tensor, but got "
                        f"{mstype.from_torch(x.dtype)}.")
    return torch.sign(x)


def sin(input: Any) -> Tensor:
    return torch.sin(_float_in("Sin", input))


def cos(input: Any) -> Tensor:
    return torch.cos(_float_in("Cos", input))


def addn(x: Any) -> Tensor:
    dtypes = {t.dtype for t in x if isinstance(t, torch.Tensor)}
    if len(dtypes) > 1:
        raise TypeError(f"For 'AddN', the inputs must have the same dtype, but got {sorted(map(str, dtypes))}.")
    out = x[0]
    for v in x[1:]:
        out = out + v
    return out


# ----- reductions -----
def _dims(x: torch.Tensor, axis: Any) -> tuple:
    if axis is None:
        return tuple(range(x.dim()))
    return tuple(sorted({a % builtins.max(x.dim(), 1) for a in ((axis,) if isinstance(axis, int) else axis)}))


def int_reduce(x: torch.Tensor, axis: Any, keep: bool, op: str) -> torch.Tensor:
    """ReduceSum/ReduceProd of an integer tensor in its own dtype (wrapping on overflow like MindSpore's
    kernels); bool reduces as any/all."""
    dims = _dims(x, _axis(axis))
    if x.dtype == torch.bool:
        return torch.any(x, dim=dims, keepdim=keep) if op == "sum" else torch.all(x, dim=dims, keepdim=keep)
    w = x.to(torch.int64)
    if not dims:
        return x.clone()
    if op == "sum":
        out = torch.sum(w, dim=dims, keepdim=keep)
    else:
        out = w
        for d in reversed(dims):
            out = torch.prod(out, d, keepdim=keep)
    return out.to(x.dtype)


@plain_op
def mean(x: Any, axis: Any = None, keep_dims: bool = False) -> Tensor:
    x, axis = _t(x), _axis(axis)
    if x.dtype == torch.bool:
        raise RuntimeError("For 'ReduceMean', unsupported reduce operation for bool.")
    if not _is_float(x):  # MindSpore: the sum in x's dtype (wrapping), then a truncating division
        total = int_reduce(x, axis, keep_dims, "sum").to(torch.int64)
        count = 1
        for d in _dims(x, axis):
            count *= x.shape[d]
        return torch.div(total, builtins.max(count, 1), rounding_mode="trunc").to(x.dtype)
    return torch.mean(x) if axis is None and not keep_dims else torch.mean(x, dim=axis, keepdim=keep_dims)


@plain_op
def sum(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:  # noqa: A001
    """bool/int8/16/32/uint8 sum to Int64 as in torch; uint16/32/64 keep their dtype (MindSpore 2.10)."""
    x, dim = _t(input), _axis(dim)
    want = mstype.to_torch(dtype) if dtype is not None else (x.dtype if x.dtype in _unsigned.WIDE else None)
    if dtype is not None:
        x = x.to(want)
    if x.dtype in _unsigned.WIDE:
        x = x.to(torch.int64)
    out = torch.sum(x) if dim is None and not keepdim else torch.sum(x, dim=dim, keepdim=keepdim)
    return out if want is None else out.to(want)


def prod(input: Any, axis: Any = None, keep_dims: bool = False, dtype: Any = None) -> Tensor:
    return _t(input).prod(axis=axis, keep_dims=keep_dims, dtype=dtype)


def _no_bool_reduce(name: str, x: torch.Tensor) -> None:
    if x.dtype == torch.bool:
        raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type: Bool.")


def _masked_extreme(name: str, input: Any, axis: Any, keepdims: bool, initial: Any, where: Any,
                    largest: bool) -> Tensor:
    """amax/amin as numpy's: `where` picks the elements compared (it needs `initial`, the result's bound)."""
    x, axis = _t(input), _axis(axis)
    _no_bool_reduce(name, x)
    if where is not None:
        if initial is None:
            raise ValueError("initial value must be provided for where masks")
        x = torch.where(_t(where).to(torch.bool), x, torch.as_tensor(initial).to(x))
    reduce = torch.amax if largest else torch.amin
    out = reduce(x, dim=axis if axis is not None else tuple(range(x.dim())), keepdim=keepdims)
    if initial is not None:
        bound = torch.as_tensor(initial).to(out)
        out = torch.maximum(out, bound) if largest else torch.minimum(out, bound)
    return out


def amax(input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None) -> Tensor:
    return _masked_extreme("ReduceMax", input, axis, keepdims, initial, where, largest=True)


def amin(input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None) -> Tensor:
    return _masked_extreme("ReduceMin", input, axis, keepdims, initial, where, largest=False)


def _extreme_with_index(name: str, input: Any, axis: Any, keepdims: bool, initial: Any, where: Any,
                        largest: bool) -> tuple:
    """ops.max/ops.min: (values, Int64 indices) along `axis`. With axis=None MindSpore 2.10 gives the overall
    extreme and an index of 0 (a scalar input: itself and 0); `initial` bounds every element first and `where`
    (which needs `initial`) replaces the masked-off ones by it."""
    x = _t(input)
    zero = torch.zeros((), dtype=torch.int64, device=x.device)
    if x.dim() == 0:
        return x, zero
    if axis is None:
        return (torch.amax(x) if largest else torch.amin(x)), zero
    if initial is not None and not isinstance(initial, numbers.Number):
        raise TypeError(f"For '{name}', 'initial' must be a scalar, but got {type(initial)}")
    if not isinstance(axis, int):
        raise TypeError(f"For '{name}', 'axis' must be int, but got {type(axis)}")
    if initial is not None:
        bound = torch.full_like(x, initial)
        x = torch.maximum(x, bound) if largest else torch.minimum(x, bound)
    if where is not None:
        mask = where if isinstance(where, torch.Tensor) else torch.tensor(where, dtype=torch.bool, device=x.device)
        if mask.dim() or not bool(mask):
            if initial is None:
                raise ValueError("initial value must be provided for where masks")
            x = torch.where(torch.broadcast_to(mask, x.shape), x, torch.full_like(x, initial))
    values, indices = (torch.max if largest else torch.min)(x, axis, keepdim=keepdims)
    return values, indices


@plain_op
def max(input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None) -> Any:  # noqa: A001
    return _extreme_with_index("max", input, axis, keepdims, initial, where, True)


@plain_op
def min(input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None) -> Any:  # noqa: A001
    return _extreme_with_index("min", input, axis, keepdims, initial, where, False)


@plain_op
def argmax(input: Any, dim: Any = None, keepdim: bool = False) -> Tensor:
    return torch.argmax(_t(input), dim=dim, keepdim=keepdim)


@plain_op
def argmin(input: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    return torch.argmin(_t(input), dim=axis, keepdim=keepdims)


def std(input: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False) -> Tensor:
    return torch.std(_t(input), dim=_axis(axis), correction=ddof, keepdim=keepdims)


def var(input: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False) -> Tensor:
    return torch.var(_t(input), dim=_axis(axis), correction=ddof, keepdim=keepdims)


@plain_op
def cumsum(x: Any, axis: int, dtype: Any = None) -> Tensor:
    """Integer inputs keep their dtype (MindSpore's CumSum kernel; torch would widen to int64)."""
    x = _t(x)
    if dtype is None and not x.is_floating_point() and not x.is_complex():
        if x.dtype == torch.bool:
            raise TypeError("For 'CumSum', the input must be a number Tensor, but got Bool.")
        return torch.cumsum(x, axis).to(x.dtype)
    return torch.cumsum(x, axis, dtype=None if dtype is None else mstype.to_torch(dtype))


def all(input: Any, axis: Any = None, keep_dims: bool = False) -> Tensor:  # noqa: A001
    return _t(input).all(axis=axis, keep_dims=keep_dims)


def any(input: Any, axis: Any = None, keep_dims: bool = False) -> Tensor:  # noqa: A001
    return _t(input).any(axis=axis, keep_dims=keep_dims)


def norm(A: Any, ord: Any = None, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:
    x = _t(A)
    if not x.is_floating_point() and not x.is_complex():
        x = x.to(torch.float32)  # MindSpore's norm of an integer tensor is Float32
    return torch.linalg.norm(x, ord=ord, dim=dim, keepdim=keepdim)


# ----- linear algebra -----
@plain_op
def matmul(input: Any, other: Any) -> Tensor:
    return torch.matmul(_t(input), _t(other))


@plain_op
def bmm(input_x: Any, mat2: Any) -> Tensor:
    return torch.bmm(_t(input_x), _t(mat2))


def dot(input: Any, other: Any) -> Tensor:
    return torch.matmul(_t(input), _t(other))


__all__ = [
    "add", "sub", "mul", "div", "pow", "sqrt", "rsqrt", "exp", "log", "abs", "neg", "square", "reciprocal",
    "maximum", "minimum", "clamp", "clip", "floor", "ceil", "round", "sign", "sin", "cos", "addn", "equal", "ne",
    "gt", "ge", "lt", "le", "less_equal", "greater", "greater_equal", "less", "not_equal", "isnan", "isinf",
    "isfinite", "logical_and", "logical_or", "logical_not", "mean", "sum", "prod", "amax", "amin", "max", "min",
    "argmax", "argmin", "std", "var", "cumsum", "all", "any", "norm", "matmul", "bmm", "dot",
]
