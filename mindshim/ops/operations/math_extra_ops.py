"""Extra math primitives (r1.x `P.Erf()(x)`, `P.CumProd(exclusive, reverse)(x, axis)`, ...).

Attribute-free primitives call the functional op. Mapping decisions: `Cummax(axis)`/`Cummin(axis)` take
the axis at construction; `ReduceStd(axis, unbiased, keep_dims)` returns (std, mean) and is unbiased by
default (unlike `ops.std`); `FloorMod`/`Mod` follow the divisor's/dividend's sign like floor_mod/fmod.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.ops.function import elementwise_func as E
from mindshim.ops.function import reduce_func as R
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__


def _both_bool(x: Any, y: Any) -> bool:
    return all(isinstance(v, torch.Tensor) and v.dtype == torch.bool for v in (x, y))


def _floor_div(x: Any, y: Any) -> Any:
    if _both_bool(x, y):  # MindSpore's CPU kernel divides bools: True // True is True
        return x & y
    return E.floor_div(x, y)


def _no_negative_zero(fn: Any) -> Any:
    """MindSpore's FloorMod/Mod give +0.0 where a float remainder is zero (torch keeps the dividend's sign)."""
    def call(x: Any, y: Any) -> Any:
        out = fn(x, y)
        return out + 0.0 if isinstance(out, torch.Tensor) and out.is_floating_point() else out
    return call


def _xlogy(x: Any, y: Any) -> Any:
    if isinstance(y, (int, float, bool)):
        raise TypeError(f'Failed calling Xlogy with "Xlogy()(input=Tensor, other={type(y).__name__})".')
    return E.xlogy(x, y)


_SIMPLE = {
    "ACos": E.acos, "Asin": E.asin, "Atan": E.atan, "Atan2": E.atan2, "Acosh": E.acosh, "Asinh": E.asinh,
    "Atanh": E.atanh, "Cosh": E.cosh, "Sinh": E.sinh, "Tan": E.tan, "Erf": E.erf, "Erfc": E.erfc,
    "Erfinv": E.erfinv, "Expm1": E.expm1, "Log1p": E.log1p, "Xlogy": _xlogy, "FloorDiv": _floor_div,
    "FloorMod": _no_negative_zero(E.floor_mod), "Mod": _no_negative_zero(E.fmod), "Trunc": E.trunc, "Lerp": E.lerp, "Addcmul": E.addcmul,
    "Addcdiv": E.addcdiv, "Heaviside": E.heaviside, "BitwiseAnd": E.bitwise_and, "BitwiseOr": E.bitwise_or,
    "BitwiseXor": E.bitwise_xor, "LogicalXor": E.logical_xor, "Hypot": E.hypot,
}
for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


class SquaredDifference(Primitive):
    def __call__(self, x: Any, y: Any) -> Any:
        if _both_bool(x, y):
            raise TypeError("For primitive[SquaredDifference], the input argument[x] must be a type of "
                            "{Tensor[Number]}, but got Tensor[Bool].")
        return torch.square(torch.sub(x, y))


class TruncateDiv(Primitive):
    def __call__(self, x: Any, y: Any) -> Any:
        return torch.div(x, y, rounding_mode="trunc")


class TruncateMod(Primitive):
    def __call__(self, x: Any, y: Any) -> Any:
        return torch.fmod(x, y)


class IsClose(Primitive):
    def __init__(self, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> None:
        super().__init__()
        self.rtol, self.atol, self.equal_nan = rtol, atol, equal_nan

    def __call__(self, input: Any, other: Any) -> Any:
        return E.isclose(input, other, self.rtol, self.atol, self.equal_nan)


class CumProd(Primitive):
    def __init__(self, exclusive: bool = False, reverse: bool = False) -> None:
        super().__init__()
        self.exclusive, self.reverse = exclusive, reverse

    def __call__(self, x: Any, axis: int) -> Any:
        if self.reverse:
            x = torch.flip(x, (axis,))
        if self.exclusive:  # shift right by one, starting from 1
            pad = torch.ones_like(x.narrow(axis, 0, 1))
            x = torch.cat([pad, x.narrow(axis, 0, x.shape[axis] - 1)], axis)
        out = torch.cumprod(x, axis)
        return torch.flip(out, (axis,)) if self.reverse else out


class Cummax(Primitive):
    def __init__(self, axis: int) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, input: Any) -> Any:
        return R.cummax(input, self.axis)


class Cummin(Cummax):
    def __call__(self, input: Any) -> Any:
        return R.cummin(input, self.axis)


class ReduceStd(Primitive):
    """Returns (std, mean) over `axis` (all axes for [] / ()), unbiased by default."""

    def __init__(self, axis: Any = (), unbiased: bool = True, keep_dims: bool = False) -> None:
        super().__init__()
        self.axis = (axis,) if isinstance(axis, int) else tuple(axis)
        self.unbiased, self.keep_dims = unbiased, keep_dims

    def __call__(self, x: Any) -> Any:
        dims = self.axis or tuple(range(x.dim()))
        std, mean = torch.std_mean(x, dim=dims, correction=int(self.unbiased), keepdim=self.keep_dims)
        return std, mean


__all__ = sorted(list(_SIMPLE) + ["SquaredDifference", "TruncateDiv", "TruncateMod", "IsClose", "CumProd", "Cummax",
                                  "Cummin", "ReduceStd"])

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
