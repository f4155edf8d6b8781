"""mindspore.numpy elementwise functions of one array: `f(x, dtype=None)`.

Each function is MindSpore's formula over its ops (see `_math_core`), so dtypes follow them: trigonometric
functions need a Tensor and compute integers in Float16 (8-bit, bool) or Float32; exp/log/floor/rint need a
float dtype; `ceil` always computes in Float32 and `fix`/`trunc` in Float32 unless the input is Float16/32;
`sign` divides (so integers give Float32) and rejects bool; `absolute` reads `x.dtype` first (a list raises
AttributeError, as in MindSpore).
"""
from __future__ import annotations

import math
from typing import Any, Callable

import torch

from mindshim.numpy import _math_core as C


def _trig(name: str, fn: Callable) -> Callable:
    def f(x: Any, dtype: Any = None) -> Any:
        C.need_tensor(x)
        t = C.tensor(x)
        return C.out(C.cast(fn(t.to(C.trig_dtype(t.dtype))), dtype))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"mindspore.numpy.{name}(x, dtype=None): elementwise; integer Tensors compute in float."
    return f


sin = _trig("sin", torch.sin)
cos = _trig("cos", torch.cos)
tan = _trig("tan", torch.tan)
arcsin = _trig("arcsin", torch.asin)
_arccos = _trig("arccos", torch.acos)


def arccos(input: Any, dtype: Any = None) -> Any:  # noqa: A002 - MindSpore's argument name
    """mindspore.numpy.arccos(input, dtype=None): elementwise; integer Tensors compute in float."""
    return _arccos(input, dtype)


arctan = _trig("arctan", torch.atan)
sinh = _trig("sinh", torch.sinh)
cosh = _trig("cosh", torch.cosh)
tanh = _trig("tanh", torch.tanh)
arcsinh = _trig("arcsinh", torch.asinh)
arccosh = _trig("arccosh", torch.acosh)
arctanh = _trig("arctanh", torch.atanh)


def _elementwise(name: str, kernel: Callable, need_tensor: bool = False) -> Callable:
    def f(x: Any, dtype: Any = None) -> Any:
        if need_tensor:
            C.need_tensor(x)
        return C.unary(kernel, x, dtype)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"mindspore.numpy.{name}(x, dtype=None): elementwise, with MindSpore's dtype rules."
    return f


def _float_kernel(name: str, fn: Callable) -> Callable:
    def k(x: torch.Tensor) -> torch.Tensor:
        C.float_only(name, x)
        return fn(x)
    return k


def _exp2(x: torch.Tensor) -> torch.Tensor:
    if x.dtype.is_floating_point:
        return torch.pow(2.0, x)
    base = torch.full_like(x, 2, dtype=torch.int64 if x.dtype == torch.bool else x.dtype)
    return C.int_pow(base, x.to(base.dtype))


def _reciprocal(x: torch.Tensor) -> torch.Tensor:
    one = torch.ones((), dtype=torch.int64 if x.dtype == torch.bool else x.dtype, device=x.device)
    return C.div(one, x)


def _cbrt(x: torch.Tensor) -> torch.Tensor:
    x = x.to(C.promote(x.dtype, torch.float32))
    a = torch.abs(x)
    return (a / x) * torch.pow(a, 1.0 / 3.0)


def _ceil(x: torch.Tensor) -> torch.Tensor:
    return torch.neg(torch.floor(torch.neg(x.to(torch.float32))))


def fix_kernel(x: torch.Tensor) -> torch.Tensor:
    if x.dtype not in C.FLOAT16_32:
        x = x.to(torch.float32)
    return torch.where(x < 0, torch.neg(torch.floor(torch.neg(x))), torch.floor(x))


def _invert(x: torch.Tensor) -> torch.Tensor:
    if not C.is_int(x.dtype):
        raise TypeError(f"For 'Invert', the input must be an integer Tensor, but got {x.dtype}.")
    return torch.bitwise_not(x)


def _positive(x: torch.Tensor) -> torch.Tensor:
    return C.neg(C.neg(x))


def _log1p(x: torch.Tensor) -> torch.Tensor:
    return C.log(x + 1)


def _isinf(x: torch.Tensor) -> torch.Tensor:
    return ~torch.isfinite(x) & ~C.isnan(x)


def _sign_inf(positive: bool) -> Callable:
    def k(x: torch.Tensor) -> torch.Tensor:
        side = x > 0 if positive else x < 0
        return ~torch.isfinite(x) & side
    return k


sqrt = _elementwise("sqrt", C.sqrt)
square = _elementwise("square", C.square)
reciprocal = _elementwise("reciprocal", _reciprocal)
log = _elementwise("log", C.log)
exp = _elementwise("exp", C.exp)
expm1 = _elementwise("expm1", _float_kernel("Expm1", torch.expm1))
exp2 = _elementwise("exp2", _exp2)
log1p = _elementwise("log1p", _log1p)
floor = _elementwise("floor", _float_kernel("Floor", torch.floor))
ceil = _elementwise("ceil", _ceil)
trunc = _elementwise("trunc", fix_kernel)
cbrt = _elementwise("cbrt", _cbrt)
_negative = _elementwise("negative", C.neg)
_positive_fn = _elementwise("positive", _positive, need_tensor=True)
invert = _elementwise("invert", _invert)
_logical_not = _elementwise("logical_not", torch.logical_not)
isfinite = _elementwise("isfinite", C.isfinite)
isnan = _elementwise("isnan", C.isnan)
isinf = _elementwise("isinf", _isinf)
bitwise_not = invert


def negative(a: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.negative(a, dtype=None): -a (bool raises TypeError; unsigned wraps)."""
    return _negative(a, dtype)


def positive(a: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.positive(a, dtype=None): a copy of the Tensor `a` (bool raises TypeError)."""
    return _positive_fn(a, dtype)


def logical_not(a: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.logical_not(a, dtype=None): elementwise NOT of any dtype (Bool result)."""
    return _logical_not(a, dtype)


def deg2rad(x: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.deg2rad(x, dtype=None): x * pi / 180 (a Tensor; integers give Float32)."""
    C.need_tensor(x)
    return C.unary(lambda t: t * math.pi / 180.0, x, dtype)


def rad2deg(x: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.rad2deg(x, dtype=None): x * 180 / pi (a Tensor; integers give Float32)."""
    C.need_tensor(x)
    return C.unary(lambda t: t * 180.0 / math.pi, x, dtype)


def radians(x: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.radians: deg2rad."""
    return deg2rad(x, dtype=dtype)


def fix(x: Any) -> Any:
    """mindspore.numpy.fix(x): round towards zero; a Tensor, computed in Float32 unless Float16/32."""
    C.need_tensor(x)
    return C.out(fix_kernel(C.plain(x)))


def _log_base(name: str, base: int) -> Callable:
    def f(x: Any, dtype: Any = None) -> Any:
        d = x.dtype  # MindSpore reads the dtype before converting (AttributeError for lists and numbers)
        t = C.tensor(x)
        b = torch.tensor(base, dtype=C.dtype_of(d), device=t.device)
        return C.out(C.cast(C.log(t) / C.log(b) if t.dtype.is_floating_point else C.log(t), dtype))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"mindspore.numpy.{name}(x, dtype=None): a float Tensor's base-{base} logarithm."
    return f


log2 = _log_base("log2", 2)
log10 = _log_base("log10", 10)


def absolute(x: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.absolute(x, dtype=None): elementwise |x|, the input's dtype."""
    x.dtype  # noqa: B018 - MindSpore reads it first: AttributeError for lists and numbers
    return C.unary(C.absolute, x, dtype)


abs = fabs = absolute  # noqa: A001 - MindSpore's names


def rint(x: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.rint(x, dtype=None): round half to even; float inputs only (lists keep Int64)."""
    t = C.tensor(x, narrow=False)
    C.float_only("Rint", t)
    return C.out(C.cast(torch.round(t), dtype))


def around(a: Any, decimals: int = 0) -> Any:
    """mindspore.numpy.around(a, decimals=0): MindSpore's Round (half to even) of a * 10**decimals, divided back;
    the input's dtype is kept and negative decimals raise ValueError."""
    from mindshim import ops
    t = C.tensor(a, narrow=False)
    if not isinstance(decimals, int):
        raise TypeError("decimals must be an integer")
    if decimals < 0:
        raise ValueError("decimals < 0 is not supported now.")
    if decimals == 0:
        return C.out(ops.Round()(t))
    return C.out(ops.tensor_div(ops.Round()(t * 10 ** decimals), 10 ** decimals))


round = around  # noqa: A001 - MindSpore's name


def sign(x: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.sign(x, dtype=None): -1/0/1 by x / |x| (integers give Float32; bool raises)."""
    if not isinstance(x, (int, float, list, tuple, torch.Tensor)):
        raise TypeError(f"integer, float, list, tuple or Tensor are expected, but got {type(x)}")
    t = C.tensor(x)
    if t.dtype == torch.bool:
        raise TypeError("sign does not accept dtype bool.")
    ratio = (t if t.dtype.is_floating_point else t.to(torch.float32)) / C.absolute(t)
    res = torch.where(t == 0, torch.zeros((), dtype=ratio.dtype, device=t.device), ratio)
    return C.out(C.cast(res, dtype))


def signbit(x: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.signbit(x, dtype=None): x < 0 (dtype may only be bool)."""
    if dtype is not None and C.dtype_of(dtype) != torch.bool:
        raise TypeError("Casting was not allowed for signbit.")
    return C.out(C.tensor(x) < 0)


def isposinf(x: Any) -> Any:
    """mindspore.numpy.isposinf(x): a Tensor's +inf positions."""
    C.need_tensor(x)
    return C.out(_sign_inf(True)(C.plain(x)))


def isneginf(x: Any) -> Any:
    """mindspore.numpy.isneginf(x): a Tensor's -inf positions."""
    C.need_tensor(x)
    return C.out(_sign_inf(False)(C.plain(x)))
