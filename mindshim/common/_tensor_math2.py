"""Tensor binary and ternary elementwise methods with MindSpore 2.10's semantics: Python scalars take the tensor's
dtype (a float scalar on an integer tensor gives Float32), bool tensors keep bool results for add/sub/mul and the
modulo family, float-only ops (hypot, logaddexp, xlogy, ...) reject integer inputs, bitwise ops reject floats."""
from __future__ import annotations

import numbers
from typing import Any, Callable

import torch

from mindshim.common._tensor_methods import from_function, ms_method

_TB = torch._C.TensorBase


def _dtype(t: torch.Tensor) -> torch.dtype:
    return _TB.dtype.__get__(t)


def _is_float(d: torch.dtype) -> bool:
    return d.is_floating_point or d.is_complex


def _other(self: torch.Tensor, other: Any) -> Any:
    """A Python scalar as a tensor of the dtype MindSpore gives it next to `self`; a list/tuple as a tensor of
    self's dtype."""
    if isinstance(other, (list, tuple)):
        return torch.tensor(other, dtype=_dtype(self), device=self.device)
    if isinstance(other, torch.Tensor) or not isinstance(other, numbers.Number):
        return other
    d = _dtype(self)
    if isinstance(other, bool):
        dtype = d
    elif isinstance(other, numbers.Integral):
        dtype = torch.int64 if d == torch.bool else d
    else:
        dtype = d if _is_float(d) else torch.float32
    return torch.tensor(other, dtype=dtype, device=self.device)


def _fail(name: str, *dtypes: Any) -> TypeError:
    return TypeError(f"For 'Tensor.{name}', the input dtypes {', '.join(map(str, dtypes))} are not supported.")


def _forward(name: str, target: str | None = None,
             check: Callable[[torch.dtype, torch.dtype], bool] | None = None, tensor_only: bool = False) -> Callable:
    """`ops.<target>(self, other)` with the scalar promoted; `check(self_dtype, other_dtype)` False -> TypeError;
    `tensor_only`: a Python number for `other` is a TypeError."""
    path = f"mindshim.ops:{target or name}"
    fn = from_function(path, name)

    def method(self, other, *args: Any, **kwargs: Any) -> Any:
        if tensor_only and not isinstance(other, torch.Tensor):
            raise TypeError(f"For 'Tensor.{name}', 'other' must be a Tensor, but got {type(other).__name__}.")
        other = _other(self, other)
        if check is not None and isinstance(other, torch.Tensor) and not check(_dtype(self), _dtype(other)):
            raise _fail(name, _dtype(self), _dtype(other))
        return fn(self, other, *args, **kwargs)

    return ms_method(method, name)


def _both_float(a: torch.dtype, b: torch.dtype) -> bool:
    return _is_float(a) and _is_float(b)


def _self_float(a: torch.dtype, b: torch.dtype) -> bool:
    return _is_float(a)


def _promoted_float(a: torch.dtype, b: torch.dtype) -> bool:
    return _is_float(torch.promote_types(a, b))


def _integers(a: torch.dtype, b: torch.dtype) -> bool:
    return not _is_float(a) and not _is_float(b) and torch.bool not in (a, b)


def _no_float(a: torch.dtype, b: torch.dtype) -> bool:
    return not _is_float(a) and not _is_float(b)


def _not_bool(a: torch.dtype, b: torch.dtype) -> bool:
    return a != torch.bool


def _bool_pair(self: torch.Tensor, other: Any) -> bool:
    return _dtype(self) == torch.bool and isinstance(other, torch.Tensor) and _dtype(other) == torch.bool


def _modulo(name: str, fn: Callable) -> Callable:
    def method(self, other):
        other = _other(self, other)
        if _bool_pair(self, other):  # bool % bool keeps bool; x % False is x
            return torch.logical_and(self, torch.logical_not(other))
        return fn(self, other)
    return ms_method(method, name)


def _sub(self, other, *, alpha: Any = 1):
    other = _other(self, other)
    if _bool_pair(self, other):
        return torch.logical_xor(self, other)
    _check_alpha("sub", self, other, alpha)
    return torch.sub(self, other, alpha=alpha)


def _add(self, other, *, alpha: Any = 1):
    other = _other(self, other)
    _check_alpha("add", self, other, alpha)
    return torch.add(self, other, alpha=alpha)


def _check_alpha(name: str, self, other, alpha: Any) -> None:
    if isinstance(alpha, float) and isinstance(other, torch.Tensor) and not _is_float(
            torch.promote_types(_dtype(self), _dtype(other))):
        raise TypeError(f"For 'Tensor.{name}', a float alpha needs a floating-point input.")


def _floor_divide(self, other):
    other = _other(self, other)
    if _bool_pair(self, other):  # x // False is x in MindSpore's bool kernel, x // True is x
        return self.clone()
    return torch.div(self, other, rounding_mode="floor")


def _div(self, other, *, rounding_mode: str | None = None):
    other = _other(self, other)
    if rounding_mode not in ("trunc", "floor"):  # MindSpore treats any other mode as true division
        rounding_mode = None
    from mindshim.ops.function._kernel_rules import divide  # MindSpore's zero-divisor results
    return divide(self, other, rounding_mode)


def _truediv(self, other):
    from mindshim.ops.function._kernel_rules import divide
    try:
        return divide(self, other)
    except TypeError:  # an operand torch cannot take: let Python try the other operand's __rtruediv__
        return NotImplemented


def _pow(self, exponent):
    d = _dtype(self)
    if d == torch.bool:  # Bool ** Bool has no kernel; otherwise the base is promoted (** 2 -> Int64, ** 2.0 -> Float32)
        ed = _dtype(exponent) if isinstance(exponent, torch.Tensor) else None
        if isinstance(exponent, bool) or ed == torch.bool:
            raise _fail("pow", d)
        d = ed if ed is not None else torch.float32 if isinstance(exponent, float) else torch.int64
        self = self.to(d)
    if (isinstance(exponent, numbers.Integral) and not isinstance(exponent, bool) and exponent < 0
            and not _is_float(d)):
        # integer ** negative integer (MindSpore computes in double and converts back): 1 and -1 stay on the unit
        # circle, others truncate to 0, and 0 (inf) becomes the x86 "integer indefinite" 0x80000000...: the
        # minimum of int32/int64, whose low bits are 0 for the narrower types
        odd = exponent % 2 == 1
        unit = torch.where(self == -1, torch.full_like(self, -1 if odd else 1), torch.ones_like(self))
        out = torch.where(self.abs() == 1, unit, torch.zeros_like(self))
        zero_to = torch.iinfo(d).min if d in (torch.int32, torch.int64) else 0
        return torch.where(self == 0, torch.full_like(self, zero_to), out)
    return torch.pow(self, _other(self, exponent) if isinstance(exponent, float) and not _is_float(d) else exponent)


def _shift(name: str, left: bool) -> Callable:
    def method(self, other):
        d = _dtype(self)
        if _is_float(d) or d == torch.bool:
            raise _fail(name, d)
        other = _other(self, other) if not isinstance(other, float) or left else torch.tensor(int(other), dtype=d)
        od = _dtype(other)
        if _is_float(od) or od == torch.bool:
            if left:
                raise _fail(name, d, od)
            other = other.to(d)  # MindSpore's right shift casts the shift amount to the input's dtype
        bits = torch.iinfo(d).bits
        other = torch.bitwise_and(other.to(d), bits - 1)  # the CPU shifts by the count modulo the width
        return torch.bitwise_left_shift(self, other) if left else torch.bitwise_right_shift(self, other)
    return ms_method(method, name)


def _igamma(name: str) -> Callable:
    fn = _forward(name, tensor_only=True, check=_self_float)

    def method(self, other):
        out = fn(self, other)
        return torch.where(self <= 0, torch.full_like(out, float("nan")), out)  # MindSpore: NaN for a <= 0
    return ms_method(method, name)


def _xlogy(self, other):
    if not isinstance(other, torch.Tensor):  # a Python number gives a floating-point result
        other = torch.tensor(other, dtype=_dtype(self) if _is_float(_dtype(self)) else torch.float32)
    dtype = torch.promote_types(_dtype(self), _dtype(other))
    if not _is_float(dtype):
        raise _fail("xlogy", _dtype(self), _dtype(other))
    return self.to(dtype) * torch.log(other.to(dtype))  # no 0 * log(0) = 0 rule in MindSpore's Tensor.xlogy


def _copysign(self, other):
    d = _dtype(self)
    if d == torch.bool:
        raise _fail("copysign", d)
    out_dtype = d if _is_float(d) else torch.float32
    other = other if isinstance(other, torch.Tensor) else torch.tensor(float(other))
    return torch.copysign(self.to(out_dtype), other.to(out_dtype))


def _approximate_equal(self, other, tolerance: float = 1e-5):
    if not isinstance(other, torch.Tensor):
        raise ValueError("For 'Tensor.approximate_equal', 'other' must be a Tensor.")
    dtype = torch.promote_types(_dtype(self), _dtype(other))
    if not _is_float(dtype):
        dtype = torch.float32
    return torch.abs(self.to(dtype) - other.to(dtype)) < tolerance


def _close(name: str) -> Callable:
    def method(self, other, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False):
        if not isinstance(other, torch.Tensor) or _dtype(other) != _dtype(self):
            raise TypeError(f"For 'Tensor.{name}', 'other' must be a Tensor of the input's dtype.")
        out = torch.isclose(self, other, rtol=rtol, atol=atol, equal_nan=equal_nan)
        return bool(out.all()) if name == "allclose" else out
    return ms_method(method, name)


def _clamp(self, min: Any = None, max: Any = None):  # noqa: A002
    if min is None and max is None:
        raise ValueError("For 'clamp', at least one of 'min' and 'max' must not be None.")
    if _dtype(self) == torch.bool:
        raise ValueError("For 'clamp', the input must not be a bool tensor.")
    return torch.clamp(self, min, max)


def _extreme(name: str, fn: Callable, bools: bool) -> Callable:
    def method(self, other):
        other = _other(self, other)
        if not bools and torch.bool in (_dtype(self), _dtype(other)):
            raise _fail(name, _dtype(self), _dtype(other))
        return fn(self, other)
    return ms_method(method, name)


def _aliased(method: Callable, name: str, *aliases: str) -> Callable:
    """Accept MindSpore's other names of the second operand (`y=`, `x2=`, `divisor=`, `values=`) as `other`."""
    def wrapper(self, *args: Any, **kwargs: Any) -> Any:
        for alias in aliases:
            if alias in kwargs:
                kwargs["other"] = kwargs.pop(alias)
        return method(self, *args, **kwargs)
    return ms_method(wrapper, name)


def _float_power(self, other):
    return torch.float_power(self, other)


METHODS = {
    "add": ms_method(_add, "add"),
    "sub": _aliased(_sub, "sub", "y"),
    "subtract": ms_method(_sub, "subtract"),
    "div": ms_method(_div, "div"),
    "__truediv__": ms_method(_truediv, "__truediv__"),
    "divide": ms_method(_div, "divide"),
    "floor_divide": ms_method(_floor_divide, "floor_divide"),
    "fmod": _modulo("fmod", torch.fmod),
    "remainder": _aliased(_modulo("remainder", torch.remainder), "remainder", "divisor"),
    "pow": ms_method(_pow, "pow"),
    "__pow__": ms_method(_pow, "__pow__"),
    "maximum": _extreme("maximum", torch.maximum, True),
    "minimum": _extreme("minimum", torch.minimum, False),
    "fmax": _extreme("fmax", torch.fmax, False),
    "fmin": _extreme("fmin", torch.fmin, False),
    "atan2": _forward("atan2"),
    "arctan2": _forward("arctan2"),
    "hypot": _forward("hypot"),
    "ldexp": _forward("ldexp"),
    "copysign": ms_method(_copysign, "copysign"),
    "nextafter": _forward("nextafter", tensor_only=True, check=_self_float),
    "logaddexp": _forward("logaddexp", tensor_only=True, check=_self_float),
    "logaddexp2": _forward("logaddexp2", tensor_only=True, check=_self_float),
    "igamma": _igamma("igamma"),
    "igammac": _igamma("igammac"),
    "xdivy": _aliased(_forward("xdivy", check=_promoted_float), "xdivy", "y"),
    "xlogy": ms_method(_xlogy, "xlogy"),
    "equal": _forward("equal", target="eq"),
    "approximate_equal": ms_method(_approximate_equal, "approximate_equal"),
    "isclose": _aliased(_close("isclose"), "isclose", "x2"),
    "allclose": _close("allclose"),
    "gcd": _forward("gcd", tensor_only=True, check=_integers),
    "lcm": _forward("lcm", check=_integers),
    "heaviside": _aliased(_forward("heaviside", tensor_only=True, check=_not_bool), "heaviside", "values"),
    "bitwise_and": _forward("bitwise_and", check=_no_float),
    "bitwise_or": _forward("bitwise_or", check=_no_float),
    "bitwise_xor": _forward("bitwise_xor", check=_no_float),
    "bitwise_left_shift": _shift("bitwise_left_shift", True),
    "bitwise_right_shift": _shift("bitwise_right_shift", False),
    "float_power": ms_method(_float_power, "float_power"),
    "lerp": from_function("mindshim.ops:lerp", "lerp"),
    "addcmul": from_function("mindshim.ops:addcmul", "addcmul"),
    "addcdiv": from_function("mindshim.ops:addcdiv", "addcdiv"),
    "clamp": ms_method(_clamp, "clamp"),
    "clip": ms_method(_clamp, "clip"),
}
