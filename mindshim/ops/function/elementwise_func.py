"""Extra elementwise math (mindspore.ops.*): trigonometric/hyperbolic, error functions, logs, rounding,
modulo, interpolation and bitwise ops.

Mapping decisions (MindSpore 2.10 CPU behaviour, checked against the real thing):
- Float-only ops (acos, erf, log2, logit, ...) raise TypeError for integer/bool tensors, where torch
  would silently promote; `exp2` promotes integers and bools to Float32 like MindSpore.
- Binary float ops (atan2, hypot, logaddexp, xlogy) raise TypeError when the promoted dtype of their
  operands is not floating (int tensor with int tensor or int scalar); a float scalar promotes.
- `remainder`/`floor_mod` follow the divisor's sign (Python), `fmod` the dividend's (C); `floor_div`
  rounds down. Integer inputs keep their dtype.
- `trunc` keeps integer and bool dtypes; `frac` of an integer tensor is zeros of that dtype (Int64 for bool).
- `heaviside` needs equal dtypes; bitwise ops need integer/bool tensors (TypeError otherwise).
- `addcmul`/`addcdiv` accept `value` as a number or a tensor.
"""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common.tensor import Tensor
from mindshim.ops.function._args import as_tensor as _t


def _is_float(x: torch.Tensor) -> bool:
    return x.is_floating_point() or x.is_complex()


def _float_in(name: str, x: Any) -> torch.Tensor:
    x = _t(x)
    if not isinstance(x, torch.Tensor) or not _is_float(x):
        raise TypeError(f"For '{name}', the input must be a floating-point Tensor, but got {getattr(x, 'dtype', type(x))}.")
    return x


def _float_pair(name: str, a: Any, b: Any) -> None:
    if not isinstance(a, torch.Tensor) and not isinstance(b, torch.Tensor):
        raise TypeError(f"For '{name}', at least one input must be a Tensor.")
    dtype = torch.result_type(a, b)
    if not (dtype.is_floating_point or dtype.is_complex):
        raise TypeError(f"For '{name}', the inputs must include a floating-point Tensor, but got {dtype}.")


def _unary(name: str, fn: Any) -> Any:
    def op(input: Any) -> Tensor:
        return fn(_float_in(name, input))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"ops.{name}(input): floating-point tensors only."
    return op


acos = _unary("acos", torch.acos)
asin = _unary("asin", torch.asin)
atan = _unary("atan", torch.atan)
acosh = _unary("acosh", torch.acosh)
asinh = _unary("asinh", torch.asinh)
atanh = _unary("atanh", torch.atanh)
cosh = _unary("cosh", torch.cosh)
sinh = _unary("sinh", torch.sinh)
tan = _unary("tan", torch.tan)
erf = _unary("erf", torch.erf)
erfc = _unary("erfc", torch.erfc)
erfinv = _unary("erfinv", torch.erfinv)
expm1 = _unary("expm1", torch.expm1)
log1p = _unary("log1p", torch.log1p)
log2 = _unary("log2", torch.log2)
log10 = _unary("log10", torch.log10)
arccos, arctan, arccosh, arcsinh, arctanh = acos, atan, acosh, asinh, atanh


def arcsin(x: Any) -> Tensor:
    return asin(x)


def deg2rad(x: Any) -> Tensor:
    return _float_in("deg2rad", x) * (math.pi / 180.0)


def rad2deg(x: Any) -> Tensor:
    return _float_in("rad2deg", x) * (180.0 / math.pi)


def logit(input: Any, eps: float | None = None) -> Tensor:
    return torch.logit(_float_in("logit", input), eps)


def exp2(input: Any) -> Tensor:
    x = _t(input)
    return torch.exp2(x if _is_float(x) else x.to(torch.float32))


def trunc(input: Any) -> Tensor:
    x = _t(input)
    return torch.trunc(x) if _is_float(x) else x.clone()


def frac(x: Any) -> Tensor:
    x = _t(x)
    if _is_float(x):
        return torch.frac(x)
    return torch.zeros_like(x, dtype=torch.int64 if x.dtype == torch.bool else None)


def atan2(input: Any, other: Any) -> Tensor:
    _float_pair("atan2", input, other)
    return torch.atan2(_t(input), _t(other))


arctan2 = atan2


def hypot(input: Any, other: Any) -> Tensor:
    _float_pair("hypot", input, other)
    a, b = _t(input), _t(other)
    dtype = torch.result_type(a, b)
    return torch.hypot(a.to(dtype), b.to(dtype))


def logaddexp(input: Any, other: Any) -> Tensor:
    """Two floating-point Tensors (an integer/bool operand or a number: TypeError); computed in the promoted
    dtype."""
    for v in (input, other):
        if not isinstance(v, torch.Tensor):
            raise TypeError(f"For 'logaddexp', the inputs must be Tensors, but got {type(v).__name__}.")
        if not v.is_floating_point():
            raise TypeError(f"For 'logaddexp', the inputs must be float Tensors, but got {v.dtype}.")
    dtype = torch.result_type(input, other)
    return torch.logaddexp(input.to(dtype), other.to(dtype))


def xlogy(input: Any, other: Any) -> Tensor:
    _float_pair("xlogy", input, other)
    return torch.xlogy(input, other)


def fmod(input: Any, other: Any) -> Tensor:
    return torch.fmod(_t(input), other)


def remainder(input: Any, other: Any) -> Tensor:
    return torch.remainder(_t(input), other)


def floor_mod(x: Any, y: Any) -> Tensor:
    return torch.remainder(_t(x), y)


def floor_divide(input: Any, other: Any) -> Tensor:
    return torch.div(_t(input), other, rounding_mode="floor")


def floor_div(x: Any, y: Any) -> Tensor:
    return torch.div(_t(x), y, rounding_mode="floor")


def lerp(input: Any, end: Any, weight: Any) -> Tensor:
    x = _float_in("lerp", input)
    return torch.lerp(x, _t(end), weight)


def addcmul(input: Any, tensor1: Any, tensor2: Any, value: Any = 1) -> Tensor:
    return _t(input) + value * (_t(tensor1) * _t(tensor2))


def addcdiv(input: Any, tensor1: Any, tensor2: Any, value: Any = 1) -> Tensor:
    return _t(input) + value * (_t(tensor1) / _t(tensor2))


def isclose(input: Any, other: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> Tensor:
    """Two Tensors of the same dtype (a number or mixed dtypes: TypeError, as MindSpore's IsClose)."""
    for v in (input, other):
        if not isinstance(v, torch.Tensor):
            raise TypeError(f"For 'IsClose', the inputs must be Tensors, but got {type(v).__name__}.")
    if input.dtype != other.dtype:
        raise TypeError(f"For 'IsClose', the inputs must have the same dtype, but got {input.dtype} and "
                        f"{other.dtype}.")
    return torch.isclose(input, other, rtol=rtol, atol=atol, equal_nan=equal_nan)


def nan_to_num(input: Any, nan: float | None = None, posinf: float | None = None,
               neginf: float | None = None) -> Tensor:
    x = _float_in("nan_to_num", input)
    if x.dtype not in (torch.float16, torch.float32, torch.bfloat16):  # MindSpore's NanToNum: no Float64 kernel
        raise TypeError(f"For 'NanToNum', the input must be a Float16 or Float32 Tensor, but got {x.dtype}.")
    return torch.nan_to_num(x, 0.0 if nan is None else nan, posinf, neginf)


def heaviside(input: Any, values: Any) -> Tensor:
    x, v = _t(input), _t(values)
    if x.dtype != v.dtype:
        raise TypeError(f"For 'heaviside', input and values must have the same dtype, but got {x.dtype} and {v.dtype}.")
    return torch.heaviside(x, v)


def _bitwise(name: str, fn: Any) -> Any:
    def op(input: Any, other: Any) -> Tensor:
        x = _t(input)
        if _is_float(x) or (isinstance(other, torch.Tensor) and _is_float(other)) or isinstance(other, float):
            raise TypeError(f"For '{name}', the inputs must be integer or bool Tensors.")
        return fn(x, other)

    op.__name__ = op.__qualname__ = name
    return op


bitwise_and = _bitwise("bitwise_and", torch.bitwise_and)
bitwise_or = _bitwise("bitwise_or", torch.bitwise_or)
bitwise_xor = _bitwise("bitwise_xor", torch.bitwise_xor)


def logical_xor(input: Any, other: Any) -> Tensor:
    if not isinstance(other, torch.Tensor):
        raise TypeError("For 'logical_xor', 'other' must be a Tensor.")
    return torch.logical_xor(_t(input), other)


__all__ = [
    "acos", "arccos", "asin", "arcsin", "atan", "arctan", "acosh", "arccosh", "asinh", "arcsinh", "atanh",
    "arctanh", "cosh", "sinh", "tan", "erf", "erfc", "erfinv", "expm1", "log1p", "log2", "log10", "deg2rad",
    "rad2deg", "logit", "exp2", "trunc", "frac", "atan2", "arctan2", "hypot", "logaddexp", "xlogy", "fmod",
    "remainder", "floor_mod", "floor_divide", "floor_div", "lerp", "addcmul", "addcdiv", "isclose", "nan_to_num",
    "heaviside", "bitwise_and", "bitwise_or", "bitwise_xor", "logical_xor",
]
