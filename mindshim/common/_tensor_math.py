"""Tensor elementwise unary math methods with MindSpore 2.10's semantics.

Most are the `mindspore.ops` function of the same name. Where the Tensor method's kernel accepts fewer dtypes
than the function (digamma, sigmoid, tanh, isposinf... reject integers and bools; sign/sgn/round/inv have their
own integer lists), a dtype guard raises the exception MindSpore raises before forwarding.
"""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim.common._tensor_methods import from_function, ms_method

_TB = torch._C.TensorBase
_INT32_64 = (torch.int32, torch.int64)
_UNSIGNED = (torch.uint8, torch.uint16, torch.uint32, torch.uint64)


def _dtype(t: torch.Tensor) -> torch.dtype:
    return _TB.dtype.__get__(t)


def _is_float(d: torch.dtype) -> bool:
    return d.is_floating_point or d.is_complex


def _guarded(name: str, accepts: Callable[[torch.dtype], bool], exc: type = TypeError,
             target: str | None = None) -> Callable:
    """`ops.<target>` after checking the tensor's dtype the way the Tensor method's kernel does."""
    forward = from_function(f"mindshim.ops:{target or name}", name)

    def method(self, *args: Any, **kwargs: Any) -> Any:
        d = _dtype(self)
        if not accepts(d):
            raise exc(f"For 'Tensor.{name}', the input dtype {d} is not supported.")
        return forward(self, *args, **kwargs)

    return ms_method(method, name)


def _float_only(d: torch.dtype) -> bool:
    return _is_float(d)


def _not_bool(d: torch.dtype) -> bool:
    return d != torch.bool


def _signed(d: torch.dtype) -> bool:  # sign/sgn: floats, Int32 and Int64 only
    return _is_float(d) or d in _INT32_64


def _float16_32(d: torch.dtype) -> bool:
    return d in (torch.float16, torch.float32, torch.bfloat16)


def _lgamma_ok(d: torch.dtype) -> bool:
    return _is_float(d) or d == torch.int32


def _inplace(name: str) -> Callable:
    """`x.<name>_()`: the out-of-place method's result written back into x (a result of another dtype is a
    TypeError, as MindSpore's in-place kernels refuse to cast)."""
    def method(self) -> torch.Tensor:
        out = getattr(self, name)()
        if _dtype(out) != _dtype(self):
            raise TypeError(f"For 'Tensor.{name}_', the input dtype {_dtype(self)} is not supported.")
        return self.copy_(out)

    return ms_method(method, name + "_")


def _abs(self) -> torch.Tensor:
    """abs of a complex tensor keeps the complex dtype in MindSpore 2.10 (the magnitude as its real part)."""
    from mindshim.ops import abs as ops_abs
    out = ops_abs(self)
    return out.to(_dtype(self)) if _dtype(self).is_complex else out


def _round(self, decimals: int = 0) -> torch.Tensor:
    d = _dtype(self)
    if not (d.is_floating_point or d in _INT32_64):
        raise RuntimeError(f"For 'Round', the input dtype {d} is not supported.")
    if not isinstance(decimals, int) or isinstance(decimals, bool):
        raise TypeError(f"For 'round', 'decimals' must be an int, but got {type(decimals).__name__}.")
    if d in _INT32_64:
        if decimals != 0:
            raise RuntimeError("For Round only support decimals equal 0 on integer tensors.")
        return self.clone()
    return torch.round(self, decimals=decimals)


def _inv(self) -> torch.Tensor:
    """1 / x; integer tensors keep their dtype: the quotient truncated, and 1 / 0 is the dtype's minimum."""
    d = _dtype(self)
    if d in (torch.int16, torch.int32, torch.int64):
        zero = self == 0
        safe = torch.where(zero, torch.ones_like(self), self)
        out = torch.div(torch.ones_like(self), safe, rounding_mode="trunc")
        # 1 / 0 is the dtype's minimum for Int32/Int64 (the CPU kernel's overflow) and 0 for Int16
        return torch.where(zero, torch.full_like(self, 0 if d == torch.int16 else torch.iinfo(d).min), out)
    if not _is_float(d):
        raise TypeError(f"For 'Inv', the input dtype {d} is not supported.")
    return torch.reciprocal(self)


def _sinc(self) -> torch.Tensor:
    if _dtype(self) == torch.bool:  # MindSpore's bool path skips the x == 0 limit: sin(0) / 0 is NaN
        x = self.to(torch.float32) * torch.pi
        return torch.sin(x) / x
    from mindshim.ops import sinc
    return sinc(self)


def _invert(self) -> torch.Tensor:
    d = _dtype(self)
    if _is_float(d) or d == torch.bool:
        raise TypeError(f"For 'Invert', the input dtype {d} is not supported.")
    return torch.bitwise_not(self)


# Methods that are exactly `mindspore.ops.<name>(self, *args, **kwargs)`.
_SAME_AS_OPS = (
    "acos acosh arccos arccosh arcsin arcsinh arctan arctanh asin asinh atan atanh ceil cos cosh deg2rad erf "
    "erfc erfinv exp expm1 floor frac isfinite isnan log log10 log1p log2 logical_not neg rad2deg "
    "reciprocal rsqrt signbit sin sinh sqrt square tan trunc logit real imag angle"
).split()
_FLOAT_ONLY = "digamma i0 sigmoid tanh isposinf isneginf".split()

METHODS = {name: from_function(f"mindshim.ops:{name}", name) for name in _SAME_AS_OPS}
METHODS.update({name: _guarded(name, _float_only) for name in _FLOAT_ONLY})
METHODS.update({
    "abs": ms_method(_abs, "abs"),
    "absolute": ms_method(_abs, "absolute"),
    "negative": _guarded("negative", _not_bool, target="neg"),
    "positive": ms_method(lambda self: self.clone(), "positive"),
    "isinf": _guarded("isinf", _not_bool),
    # conj of a bool tensor is a TypeError in MindSpore 2.10, but mindshim's own ops call `.conj()` on any result
    "conj": from_function("mindshim.ops:conj", "conj"),
    "msort": _guarded("msort", _not_bool),
    "sign": _guarded("sign", _signed),
    "sgn": _guarded("sgn", _signed),
    "round": ms_method(_round, "round"),
    "inv": ms_method(_inv, "inv"),
    "invert": ms_method(_invert, "invert"),
    "bitwise_not": ms_method(lambda self: torch.bitwise_not(self), "bitwise_not"),
    "sinc": ms_method(_sinc, "sinc"),
    "lgamma": _guarded("lgamma", _lgamma_ok),
    "hardshrink": _guarded("hardshrink", _float16_32),
    "soft_shrink": _guarded("soft_shrink", _float16_32),
    "nan_to_num": _guarded("nan_to_num", _float16_32),
})
METHODS.update({name + "_": _inplace(name) for name in "erfinv exp floor log sigmoid sign tanh".split()})
