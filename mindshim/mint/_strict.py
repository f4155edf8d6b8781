"""`mindspore.mint` names that MindSpore 2.10 binds to a `mindspore.ops` function whose dtype checks mindshim's
`ops` object does not (yet) make: the same computation with MindSpore's TypeError for the inputs it rejects.

- sigmoid/tanh/isinf take floating-point tensors only (integer and bool inputs: TypeError);
- negative rejects bool (TypeError); nan_to_num takes Float16/Float32 only (Float64 too is a TypeError);
- round(input, *, decimals=0) rounds half to even at `decimals` places;
- lt/isclose/logical_and/logical_or/gcd need Tensor operands (a Python number: TypeError); isclose needs equal
  dtypes, gcd integer tensors, minimum non-bool tensors, logaddexp a floating operand.
"""
from __future__ import annotations

from typing import Any

import torch

import mindshim.ops as _ops
from mindshim.mint._common import is_float, tensor


def _float_only(name: str, fn: Any) -> Any:
    def op(input: Any) -> Any:
        x = tensor(input)
        if not is_float(x):
            raise TypeError(f"For '{name}', the input must be a floating-point Tensor, but got {x.dtype}.")
        return fn(x)

    op.__name__ = op.__qualname__ = name
    return op


sigmoid = _float_only("sigmoid", _ops.sigmoid)
tanh = _float_only("tanh", _ops.tanh)
isinf = _float_only("isinf", _ops.isinf)


def negative(input: Any) -> Any:
    x = tensor(input)
    if x.dtype == torch.bool:
        raise TypeError("For 'negative', the input must be a number Tensor, but got Bool.")
    return torch.neg(x)


def nan_to_num(input: Any, nan: float = 0.0, posinf: float | None = None, neginf: float | None = None) -> Any:
    x = tensor(input)
    if x.dtype not in (torch.float16, torch.float32, torch.bfloat16):
        raise TypeError(f"For 'nan_to_num', the input must be a Float16 or Float32 Tensor, but got {x.dtype}.")
    return torch.nan_to_num(x, 0.0 if nan is None else nan, posinf, neginf)


def round(input: Any, *, decimals: int = 0) -> Any:  # noqa: A001 - MindSpore's name
    if decimals == 0:
        return _ops.round(input)
    x = tensor(input)
    if not is_float(x):
        raise TypeError(f"For 'round', decimals needs a floating-point Tensor, but got {x.dtype}.")
    return torch.round(x, decimals=decimals)


def _tensors(name: str, *args: Any) -> None:
    if not all(isinstance(a, torch.Tensor) for a in args):
        raise TypeError(f"For '{name}', the inputs must be Tensors, but got {[type(a).__name__ for a in args]}.")


def lt(input: Any, other: Any) -> Any:
    _tensors("lt", input)
    return _ops.lt(input, other)


def logical_and(input: Any, other: Any) -> Any:
    _tensors("logical_and", input, other)
    return _ops.logical_and(input, other)


def logical_or(input: Any, other: Any) -> Any:
    _tensors("logical_or", input, other)
    return _ops.logical_or(input, other)


def isclose(input: Any, other: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> Any:
    _tensors("isclose", input, other)
    if input.dtype != other.dtype:
        raise TypeError(f"For 'isclose', input and other must have the same dtype, got {input.dtype}, {other.dtype}.")
    return _ops.isclose(input, other, rtol, atol, equal_nan)


def gcd(input: Any, other: Any) -> Any:
    _tensors("gcd", input, other)
    for x in (input, other):
        if is_float(x) or x.dtype == torch.bool:
            raise TypeError(f"For 'gcd', the inputs must be integer Tensors, but got {x.dtype}.")
    return _ops.gcd(input, other)


def minimum(input: Any, other: Any) -> Any:
    if any(isinstance(x, torch.Tensor) and x.dtype == torch.bool for x in (input, other)):
        raise TypeError("For 'minimum', Bool tensors are not supported.")
    return _ops.minimum(input, other)


def logaddexp(input: Any, other: Any) -> Any:
    x = tensor(input)
    if not is_float(x) and not is_float(other) and not isinstance(other, float):
        raise TypeError(f"For 'logaddexp', one of the inputs must be floating-point, but got {x.dtype}.")
    return torch.logaddexp(x if is_float(x) else x.to(torch.float32), other)


__all__ = ["sigmoid", "tanh", "isinf", "negative", "nan_to_num", "round", "lt", "logical_and", "logical_or",
           "isclose", "gcd", "minimum", "logaddexp"]
