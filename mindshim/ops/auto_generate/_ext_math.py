"""Torch-style math functions of `ops.auto_generate` (`add_ext`, `sum_ext`, `argmin_ext`, ...).

These back `mindspore.mint`: arguments are torch's (`input, dim=None, keepdim=False, *, dtype=None`).
Mapping decisions (MindSpore 2.10): integer/bool `sum_ext`/`prod_ext` give Int64; `mean_ext` of an
integer tensor keeps its dtype (the mean truncated); a float `alpha` needs a floating operand
(TypeError); unary float functions (`acos_ext`, `log2_ext`, ...) promote integers to Float32.
"""
from __future__ import annotations

from types import FunctionType
from typing import Any

import torch

from mindshim.ops.auto_generate._util import check_alpha, dims, dt, is_float, t, tdtype, wrap_module

_INT = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.bool)


def _float_of(x: torch.Tensor) -> torch.Tensor:
    return x if is_float(x) else x.to(torch.float32)


def add_ext(input: Any, other: Any, alpha: Any = 1) -> Any:
    check_alpha("AddExt", input, other, alpha)
    return torch.add(t(input), other, alpha=alpha)


def sub_ext(input: Any, other: Any, alpha: Any = 1) -> Any:
    check_alpha("SubExt", input, other, alpha)
    x = t(input)
    if dt(x) == torch.bool:  # bool minus a number computes in the promoted dtype
        promoted = torch.result_type(x, other)
        if promoted == torch.bool:
            raise TypeError("For 'SubExt', subtracting bool tensors is not supported.")
        x = x.to(promoted)
    return torch.sub(x, other, alpha=alpha)


def _scalar_alpha(name: str, input: Any, alpha: Any) -> None:
    if isinstance(alpha, float) and not is_float(t(input)):
        raise ValueError(f"For '{name}', floating alpha need floating input.")


def add_scalar(input: Any, other: Any, alpha: Any = 1) -> Any:
    _scalar_alpha("AddScalar", input, alpha)
    return add_ext(input, other, alpha)


def sub_scalar(input: Any, other: Any, alpha: Any = 1) -> Any:
    _scalar_alpha("SubScalar", input, alpha)
    return sub_ext(input, other, alpha)


def muls(input: Any, other: Any) -> Any:
    return torch.mul(t(input), other)


def divs(input: Any, other: Any) -> Any:
    return torch.div(t(input), other)


def divmod_(input: Any, other: Any, rounding_mode: str | None = None) -> Any:
    if rounding_mode not in (None, "floor", "trunc"):
        raise ValueError(f"For 'DivMod', rounding_mode must be None, 'floor' or 'trunc', but got {rounding_mode!r}.")
    return torch.div(t(input), other, rounding_mode=rounding_mode)


def floor_div_scalar(input: Any, other: Any) -> Any:
    return torch.floor_divide(t(input), other)


def fmod(input: Any, other: Any) -> Any:
    return torch.fmod(t(input), other)


def remainder(input: Any, other: Any) -> Any:
    return torch.remainder(input, other)


def pow_(input: Any, exponent: Any) -> Any:
    return torch.pow(input, exponent)


def xlogy(input: Any, other: Any) -> Any:
    return torch.xlogy(input, other)


def _unary_float(fn: Any, name: str) -> Any:
    def op(input: Any) -> Any:
        return fn(_float_of(t(input)))

    op.__name__ = op.__qualname__ = name
    return op


acos_ext = _unary_float(torch.acos, "acos_ext")
acosh_ext = _unary_float(torch.acosh, "acosh_ext")
asin_ext = _unary_float(torch.asin, "asin_ext")
asinh_ext = _unary_float(torch.asinh, "asinh_ext")
atan_ext = _unary_float(torch.atan, "atan_ext")
exp2 = _unary_float(torch.exp2, "exp2")
log2_ext = _unary_float(torch.log2, "log2_ext")
log10_ext = _unary_float(torch.log10, "log10_ext")
tan_ext = _unary_float(torch.tan, "tan")


def atan2_ext(input: Any, other: Any) -> Any:
    a, b = t(input), t(other)
    if not is_float(a) and not is_float(b):
        a = a.to(torch.float32)
    return torch.atan2(a, b)


def frac_ext(input: Any) -> Any:
    return torch.frac(t(input))


def isneginf_ext(input: Any) -> Any:
    return torch.isneginf(t(input))


_LOGADDEXP_FLOATS = (torch.float16, torch.float32, torch.bfloat16)


def logaddexp_ext(input: Any, other: Any) -> Any:
    """Two Tensors whose promoted dtype is Float16/Float32/BFloat16 (a number, an all-integer pair or Float64:
    TypeError); computed in the promoted dtype."""
    if not isinstance(input, torch.Tensor) or not isinstance(other, torch.Tensor):
        raise TypeError(f"For 'LogAddExp', input and other must be Tensors, but got {type(input).__name__} and "
                        f"{type(other).__name__}.")
    dtype = torch.result_type(input, other)
    if dtype not in _LOGADDEXP_FLOATS:
        raise TypeError(f"For 'LogAddExp', the inputs must promote to Float16, Float32 or BFloat16, but got "
                        f"{input.dtype} and {other.dtype}.")
    return torch.logaddexp(t(input).to(dtype), t(other).to(dtype))


def logaddexp2(input: Any, other: Any) -> Any:
    return torch.logaddexp2(_float_of(t(input)), other)


_WIDE_UINT = (torch.uint16, torch.uint32, torch.uint64)


def _keep_uint(fn: Any) -> Any:
    """MindSpore's sum/prod of uint16/32/64 keep that dtype (other integers and bool give Int64)."""
    def op(input: Any, dim: Any = None, keepdim: bool = False, dtype: Any = None) -> Any:
        x = t(input)
        if dtype is None and dt(x) in _WIDE_UINT:
            return fn(x.to(torch.int64), dim, keepdim, None).to(dt(x))
        return fn(x, dim, keepdim, dtype)

    op.__name__ = op.__qualname__ = fn.__name__
    return op


def _reduce(fn: Any, input: Any, dim: Any, keepdim: bool, dtype: Any) -> Any:
    x, d = t(input), dims(dim)
    if d is None:
        out = fn(x, dtype=tdtype(dtype))
        return out.reshape((1,) * x.dim()) if keepdim else out
    return fn(x, d, keepdim=keepdim, dtype=tdtype(dtype))


@_keep_uint
def sum_ext(input: Any, dim: Any = None, keepdim: bool = False, dtype: Any = None) -> Any:
    return _reduce(torch.sum, input, dim, keepdim, dtype)


def nansum(input: Any, dim: Any = None, keepdim: bool = False, dtype: Any = None) -> Any:
    x = t(input)
    if not is_float(x):
        return sum_ext(x, dim, keepdim, dtype)
    return _reduce(torch.nansum, x, dim, keepdim, dtype)


def mean_ext(input: Any, dim: Any = None, keepdim: bool = False, dtype: Any = None) -> Any:
    x = t(input)
    if dt(x) == torch.bool and dtype is None:
        raise RuntimeError("For 'MeanExt', unsupported reduce operation for bool.")
    if dtype is None and not is_float(x):  # integer mean keeps the integer dtype (truncated)
        return _reduce(torch.mean, x.to(torch.float64), dim, keepdim, None).trunc().to(dt(x))
    return _reduce(torch.mean, x, dim, keepdim, dtype)


@_keep_uint
def prod_ext(input: Any, dim: Any = None, keepdim: bool = False, dtype: Any = None) -> Any:
    x = t(input)
    if dim is None:
        out = torch.prod(x, dtype=tdtype(dtype))
        return out.reshape((1,) * x.dim()) if keepdim else out
    return torch.prod(x, dim, keepdim=keepdim, dtype=tdtype(dtype))


def _arg(fn: Any, name: str) -> Any:
    def op(input: Any, dim: int | None = None, keepdim: bool = False) -> Any:
        x = t(input)
        if x.dtype == torch.bool:  # False < True (torch's argmin/argmax have no Bool kernel)
            x = x.to(torch.uint8)
        if dim is None:
            out = fn(x.reshape(-1))
            return out.reshape((1,) * x.dim()) if keepdim else out
        return fn(x, dim, keepdim=keepdim)

    op.__name__ = op.__qualname__ = name
    return op


argmin_ext = _arg(torch.argmin, "argmin_ext")
argmax_ext = _arg(torch.argmax, "argmax_ext")


def max_(input: Any) -> Any:
    return torch.max(t(input))


def min_(input: Any) -> Any:
    return torch.min(t(input))


def max_dim(input: Any, dim: int, keepdim: bool = False) -> Any:
    out = torch.max(t(input), dim, keepdim=keepdim)
    return out[0], out[1]


def min_dim(input: Any, dim: int, keepdim: bool = False) -> Any:
    out = torch.min(t(input), dim, keepdim=keepdim)
    return out[0], out[1]


def median_ext(input: Any) -> Any:
    return torch.median(t(input))


def median_dim(input: Any, dim: int = -1, keepdim: bool = False) -> Any:
    out = torch.median(t(input), dim, keepdim=keepdim)
    return out[0], out[1]


def kthvalue(input: Any, k: int, dim: int = -1, keepdim: bool = False) -> Any:
    out = torch.kthvalue(t(input), k, dim, keepdim=keepdim)
    return out[0], out[1]


def cumsum_ext(input: Any, dim: int, dtype: Any = None) -> Any:
    return torch.cumsum(t(input), dim, dtype=tdtype(dtype))


def cummin_ext(input: Any, dim: int) -> Any:
    out = torch.cummin(t(input), dim)
    return out[0], out[1]


def logsumexp_ext(input: Any, dim: Any, keepdim: bool = False) -> Any:
    return torch.logsumexp(_float_of(t(input)), dim, keepdim=keepdim)


def count_nonzero(input: Any, dim: Any = None) -> Any:
    return torch.count_nonzero(t(input), dims(dim))


def _stat(fn: Any) -> Any:
    def op(input: Any, dim: Any = None, correction: int = 1, keepdim: bool = False) -> Any:
        return fn(t(input), dims(dim), correction=correction, keepdim=keepdim)

    op.__name__ = op.__qualname__ = fn.__name__
    return op


std, var, std_mean, var_mean = _stat(torch.std), _stat(torch.var), _stat(torch.std_mean), _stat(torch.var_mean)


def norm(input: Any, p: Any = 2.0, dim: Any = None, keepdim: bool = False, dtype: Any = None) -> Any:
    return torch.norm(t(input), p, dims(dim), keepdim, dtype=tdtype(dtype))


def linalg_vector_norm(x: Any, ord: Any = 2, dim: Any = None, keepdim: bool = False, dtype: Any = None) -> Any:
    return torch.linalg.vector_norm(t(x), ord, dims(dim), keepdim, dtype=tdtype(dtype))


def lp_norm_v2(input: Any, p: Any = 2, dim: Any = None, keepdim: bool = False, epsilon: float = 1e-12) -> Any:
    return torch.linalg.vector_norm(t(input), p, dims(dim), keepdim)


def histc_ext(input: Any, bins: int = 100, min: Any = 0, max: Any = 0) -> Any:
    x = t(input)
    if bins <= 0:
        raise ValueError(f"For 'histc', attr 'bins' value should greater than 0. but got {bins}")
    return torch.histc(_float_of(x), bins, min, max).to(dt(x) if is_float(x) else torch.float32)


def bincount_ext(input: Any, weights: Any = None, minlength: int = 0) -> Any:
    x = t(input)
    if x.dim() != 1 or (weights is not None and tuple(weights.shape) != tuple(x.shape)):
        raise ValueError("For 'BincountExt', input must be 1-D and weights must have its shape.")
    if x.numel() and int(x.min()) < 0:
        raise ValueError("For 'BincountExt', input must not contain negative values.")
    return torch.bincount(x, None if weights is None else t(weights), minlength)


def clamp_scalar(input: Any, min: Any = None, max: Any = None) -> Any:
    if min is None and max is None:
        raise ValueError("For Clamp, at least one of 'min' or 'max' must not be None.")
    return torch.clamp(t(input), min, max)


clamp_tensor = clamp_scalar


def lerp(input: Any, end: Any, weight: Any) -> Any:
    x, e = t(input), t(end)
    others = [e] + ([weight] if isinstance(weight, torch.Tensor) else [])
    if any(dt(o) != dt(x) for o in others):
        raise TypeError(f"For 'Lerp', input, end and weight must have the same dtype, got {x.dtype}, {e.dtype}.")
    return torch.lerp(x, e, weight)


lerp_scalar = lerp


def less(input: Any, other: Any) -> Any:
    return torch.lt(t(input), other)


def less_scalar(input: Any, other: Any) -> Any:
    return torch.lt(t(input), other)


def eq_scalar(input: Any, other: Any) -> Any:
    return torch.eq(t(input), other)


def greater_equal_scalar(input: Any, other: Any) -> Any:
    return torch.ge(t(input), other)


def equal_ext(input: Any, other: Any) -> bool:
    return torch.equal(t(input), t(other))


def bitwise(fn: Any) -> Any:
    def op(input: Any, other: Any) -> Any:
        return fn(t(input), other)

    op.__name__ = op.__qualname__ = fn.__name__
    return op


def bitwise_not(input: Any) -> Any:
    return torch.bitwise_not(t(input))


def trace_ext(input: Any) -> Any:
    x = t(input)
    if x.dim() != 2:
        raise ValueError(f"For 'TraceExt', the input must be 2-D, but got {x.dim()}-D.")
    return torch.trace(x) if dt(x) not in _INT else torch.trace(x.to(torch.int64))


def trace_v2(input: Any, offset: int = 0, axis1: int = 1, axis2: int = 0, dtype: Any = None) -> Any:
    out = torch.diagonal(t(input), offset, axis1, axis2).sum(-1)
    return out if dtype is None else out.to(tdtype(dtype))


wrap_module(globals(), [_n for _n, _v in list(globals().items())
                        if isinstance(_v, FunctionType) and _v.__module__ == __name__ and not _n.startswith("_")])
