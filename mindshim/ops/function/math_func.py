"""Math functional ops (mindspore.ops.*): elementwise, reductions, comparisons, linear algebra.

MindSpore reduction names take `axis`/`keep_dims` (or `dim`/`keepdim` for the 2.x torch-style ones);
`ops.max/min` return (values, indices) when an axis is given, like MindSpore 2.x; `argmax` returns
int64 indices for the 2.x functional form.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor
from mindshim.ops.function._args import as_tensor as _t, axis_arg as _axis


# ----- elementwise -----
def add(input: Any, other: Any) -> Tensor:
    return torch.add(_t(input), other)


def sub(input: Any, other: Any) -> Tensor:
    return torch.sub(_t(input), other)


def mul(input: Any, other: Any) -> Tensor:
    return torch.mul(_t(input), other)


def div(input: Any, other: Any, *, rounding_mode: str | None = None) -> Tensor:
    return torch.div(_t(input), other, rounding_mode=rounding_mode)


def pow(input: Any, exponent: Any) -> Tensor:  # noqa: A001
    return torch.pow(_t(input), exponent)


def sqrt(x: Any) -> Tensor:
    return torch.sqrt(_t(x))


def rsqrt(input: Any) -> Tensor:
    return torch.rsqrt(_t(input))


def exp(input: Any) -> Tensor:
    return torch.exp(_t(input))


def log(input: Any) -> Tensor:
    return torch.log(_t(input))


def abs(input: Any) -> Tensor:  # noqa: A001
    return torch.abs(_t(input))


def neg(input: Any) -> Tensor:
    return torch.neg(_t(input))


def square(input: Any) -> Tensor:
    return torch.square(_t(input))


def reciprocal(input: Any) -> Tensor:
    return torch.reciprocal(_t(input))


def maximum(input: Any, other: Any) -> Tensor:
    return torch.maximum(_t(input), _t(other))


def minimum(input: Any, other: Any) -> Tensor:
    return torch.minimum(_t(input), _t(other))


def clamp(input: Any, min: Any = None, max: Any = None) -> Tensor:  # noqa: A002
    return torch.clamp(_t(input), min, max)


clip = clamp


def floor(input: Any) -> Tensor:
    return torch.floor(_t(input))


def ceil(input: Any) -> Tensor:
    return torch.ceil(_t(input))


def round(input: Any) -> Tensor:  # noqa: A001
    return torch.round(_t(input))


def sign(input: Any) -> Tensor:
    return torch.sign(_t(input))


def sin(input: Any) -> Tensor:
    return torch.sin(_t(input))


def cos(input: Any) -> Tensor:
    return torch.cos(_t(input))


def addn(x: Any) -> Tensor:
    out = x[0]
    for v in x[1:]:
        out = out + v
    return out


# ----- comparisons and logic -----
def equal(input: Any, other: Any) -> Tensor:
    return torch.eq(_t(input), other)


def ne(input: Any, other: Any) -> Tensor:
    return torch.ne(_t(input), other)


def gt(input: Any, other: Any) -> Tensor:
    return torch.gt(_t(input), other)


def ge(input: Any, other: Any) -> Tensor:
    return torch.ge(_t(input), other)


def lt(input: Any, other: Any) -> Tensor:
    return torch.lt(_t(input), other)


def le(input: Any, other: Any) -> Tensor:
    return torch.le(_t(input), other)


less_equal, greater, greater_equal, less, not_equal = le, gt, ge, lt, ne


def isnan(input: Any) -> Tensor:
    return torch.isnan(_t(input))


def isinf(input: Any) -> Tensor:
    return torch.isinf(_t(input))


def isfinite(input: Any) -> Tensor:
    return torch.isfinite(_t(input))


def logical_and(input: Any, other: Any) -> Tensor:
    return torch.logical_and(_t(input), _t(other))


def logical_or(input: Any, other: Any) -> Tensor:
    return torch.logical_or(_t(input), _t(other))


def logical_not(input: Any) -> Tensor:
    return torch.logical_not(_t(input))


# ----- reductions -----
def mean(input: Any, axis: Any = None, keep_dims: bool = False) -> Tensor:
    x, axis = _t(input), _axis(axis)
    return torch.mean(x) if axis is None and not keep_dims else torch.mean(x, dim=axis, keepdim=keep_dims)


def sum(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Tensor:  # noqa: A001
    x, dim = _t(input), _axis(dim)
    if dtype is not None:
        x = x.to(mstype.to_torch(dtype))
    return torch.sum(x) if dim is None and not keepdim else torch.sum(x, dim=dim, keepdim=keepdim)


def prod(input: Any, axis: Any = None, keep_dims: bool = False, dtype: Any = None) -> Tensor:
    return _t(input).prod(axis=axis, keep_dims=keep_dims, dtype=dtype)


def amax(input: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    x, axis = _t(input), _axis(axis)
    return torch.amax(x, dim=axis if axis is not None else tuple(range(x.dim())), keepdim=keepdims)


def amin(input: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    x, axis = _t(input), _axis(axis)
    return torch.amin(x, dim=axis if axis is not None else tuple(range(x.dim())), keepdim=keepdims)


def max(input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None) -> Any:  # noqa: A001
    x = _t(input)
    if axis is None:
        return torch.amax(x, dim=tuple(range(x.dim())), keepdim=keepdims), torch.argmax(x)
    values, indices = torch.max(x, axis, keepdim=keepdims)
    return values, indices


def min(input: Any, axis: Any = None, keepdims: bool = False, *, initial: Any = None, where: Any = None) -> Any:  # noqa: A001
    x = _t(input)
    if axis is None:
        return torch.amin(x, dim=tuple(range(x.dim())), keepdim=keepdims), torch.argmin(x)
    values, indices = torch.min(x, axis, keepdim=keepdims)
    return values, indices


def argmax(input: Any, dim: Any = None, keepdim: bool = False) -> Tensor:
    return torch.argmax(_t(input), dim=dim, keepdim=keepdim)


def argmin(input: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    return torch.argmin(_t(input), dim=axis, keepdim=keepdims)


def std(input: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False) -> Tensor:
    return torch.std(_t(input), dim=_axis(axis), correction=ddof, keepdim=keepdims)


def var(input: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False) -> Tensor:
    return torch.var(_t(input), dim=_axis(axis), correction=ddof, keepdim=keepdims)


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
    return torch.linalg.norm(_t(A), ord=ord, dim=dim, keepdim=keepdim)


# ----- linear algebra -----
def matmul(input: Any, other: Any) -> Tensor:
    return torch.matmul(_t(input), _t(other))


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
