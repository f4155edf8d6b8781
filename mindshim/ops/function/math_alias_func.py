"""Math aliases and small elementwise ops (mindspore.ops.*): divide/multiply/subtract/..., truncating and
flooring division, fmax/fmin, gcd/lcm, ldexp, copysign, sinc, signbit, float_power, logaddexp2, inv/invert.

Mapping decisions: `subtract` takes `alpha` (input - alpha * other); `true_divide` always divides in
floating point; `truncate_div` rounds toward zero and `truncate_mod` keeps the dividend's sign;
`inv` is the reciprocal and `invert` the bitwise NOT of an integer/bool tensor; `xdivy` is 0 where x is 0.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import Tensor
from mindshim.ops.function import _kernel_rules as _rules
from mindshim.ops.function._args import as_tensor as _t


def divide(input: Any, other: Any, *, rounding_mode: str | None = None) -> Tensor:
    return _rules.divide(_t(input), other, rounding_mode)


def true_divide(dividend: Any, divisor: Any) -> Tensor:
    return _rules.divide(_t(dividend), divisor)


def multiply(input: Any, other: Any) -> Tensor:
    return torch.mul(_t(input), other)


def subtract(input: Any, other: Any, *, alpha: Any = 1) -> Tensor:
    return torch.sub(_t(input), other, alpha=alpha)


def negative(input: Any) -> Tensor:
    x = _t(input)
    if x.dtype == torch.bool:
        raise TypeError("For 'Neg', the input must be a number Tensor, but got Bool.")
    return torch.neg(x)


def positive(input: Any) -> Tensor:
    return _t(input)


def absolute(input: Any) -> Tensor:
    from mindshim.ops.function.math_func import abs as ms_abs
    return ms_abs(input)


def eq(input: Any, other: Any) -> Tensor:
    if not isinstance(input, torch.Tensor):  # MindSpore: the first operand must be a Tensor
        raise TypeError(f"For 'Equal', the input must be a Tensor, but got {type(input).__name__}.")
    return torch.eq(input, other)


def floordiv(input: Any, other: Any) -> Tensor:
    return torch.div(_t(input), other, rounding_mode="floor")


def floormod(x: Any, y: Any) -> Tensor:
    return torch.remainder(_t(x), y)


def truncate_div(x: Any, y: Any) -> Tensor:
    return torch.div(_t(x), y, rounding_mode="trunc")


def truncate_mod(x: Any, y: Any) -> Tensor:
    return torch.fmod(_t(x), y)


def xdivy(x: Any, y: Any) -> Tensor:
    x = _t(x)
    out = torch.div(x, y)
    return torch.where(x == 0, torch.zeros_like(out), out)


def inv(x: Any) -> Tensor:
    return torch.reciprocal(_t(x))


def invert(x: Any) -> Tensor:
    return torch.bitwise_not(_t(x))


def sgn(input: Any) -> Tensor:
    return torch.sgn(_t(input))


def signbit(input: Any) -> Tensor:
    """MindSpore's signbit is `input < 0`: -0.0 and NaN give False (torch's signbit reads the sign bit)."""
    return torch.lt(_t(input), 0)


def copysign(x: Any, other: Any) -> Tensor:
    return torch.copysign(_t(x), other)


def sinc(input: Any) -> Tensor:
    return torch.sinc(_t(input))


def fmax(input: Any, other: Any) -> Tensor:
    return torch.fmax(_t(input), _t(other))


def fmin(input: Any, other: Any) -> Tensor:
    return torch.fmin(_t(input), _t(other))


_GCD_INTS = (torch.int16, torch.int32, torch.int64)


def gcd(input: Any, other: Any) -> Tensor:
    """Two Int16/Int32/Int64 Tensors (a number or another dtype: TypeError, as MindSpore's Gcd)."""
    for v in (input, other):
        if not isinstance(v, torch.Tensor):
            raise TypeError(f"For 'Gcd', the inputs must be Tensors, but got {type(v).__name__}.")
        if v.dtype not in _GCD_INTS:
            raise TypeError(f"For 'Gcd', the inputs must be Int16, Int32 or Int64 Tensors, but got {v.dtype}.")
    return torch.gcd(input, other)


def lcm(input: Any, other: Any) -> Tensor:
    return torch.lcm(_t(input), _t(other))


def ldexp(x: Any, other: Any) -> Tensor:
    return torch.ldexp(_t(x), _t(other))


def float_power(input: Any, exponent: Any) -> Tensor:
    return torch.float_power(_t(input), exponent)


def logaddexp2(input: Any, other: Any) -> Tensor:
    return torch.logaddexp2(_t(input), _t(other))


def bitwise_left_shift(input: Any, other: Any) -> Tensor:
    return torch.bitwise_left_shift(_t(input), other)


def bitwise_right_shift(input: Any, other: Any) -> Tensor:
    return torch.bitwise_right_shift(_t(input), other)


__all__ = [
    "divide", "true_divide", "multiply", "subtract", "negative", "positive", "absolute", "eq", "floordiv",
    "floormod", "truncate_div", "truncate_mod", "xdivy", "inv", "invert", "sgn", "signbit", "copysign", "sinc",
    "fmax", "fmin", "gcd", "lcm", "ldexp", "float_power", "logaddexp2", "bitwise_left_shift", "bitwise_right_shift",
]
