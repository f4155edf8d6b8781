"""mindspore.numpy elementwise functions of two arrays: `f(x1, x2, dtype=None)`.

MindSpore's formulas over its ops decide the dtypes (see `_math_core`): `add` is `x1 - (-x2)` on CPU (bools
raise); `divide` computes in Float32 unless an operand is Float16/32 (so Float64 / Float64 gives Float32);
`multiply` and `float_power` need Tensors; `remainder`/`fmod`/`gcd` compute in Float32 and cast back to the
promoted dtype; `maximum`/`minimum` propagate NaN and keep the dtype of the non-0-d operand; `copysign` keeps
x1's dtype.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import torch

from mindshim.numpy import _math_core as C
from mindshim.numpy._math_unary import fix_kernel


def _table(name: str, kernel: Callable, need_tensor: bool = False) -> Callable:
    def f(x1: Any, x2: Any, dtype: Any = None) -> Any:
        if need_tensor:
            C.need_tensor(x1, x2)
        return C.binary(kernel, x1, x2, dtype)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"mindspore.numpy.{name}(x1, x2, dtype=None): elementwise, with MindSpore's dtype rules."
    return f


def _add(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return C.sub(a, C.neg(b))


def _divide(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    if a.dtype not in C.FLOAT16_32 and b.dtype not in C.FLOAT16_32:
        a, b = a.to(torch.float32), b.to(torch.float32)
    return C.div(a, b)


def _multiply(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return C.mul(a, b)


def _float_power(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return C.pow_(a.to(torch.float32), b.to(torch.float32))


def _hypot(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return C.sqrt(C.sub(C.square(a), C.neg(C.square(b))))


def _heaviside(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    shape = C.check_broadcast(a, b)
    d = C.promote(a.dtype, b.dtype)
    a, b = a.to(d).expand(shape), b.to(d).expand(shape)
    b = torch.where(a < 0, torch.zeros((), dtype=d, device=a.device), b)
    return torch.where(a > 0, torch.ones((), dtype=d, device=a.device), b)


def remainder_kernel(a: torch.Tensor, b: torch.Tensor, c_style: bool = False) -> torch.Tensor:
    d = C.promote(a.dtype, b.dtype)
    if d not in C.FLOAT16_32:
        a, b = a.to(torch.float32), b.to(torch.float32)
    q = C.div(a, b)
    q = fix_kernel(q) if c_style else torch.floor(q)
    res = C.sub(a, C.mul(b, q))
    if C.is_int(d):
        res = torch.where(b == 0, torch.zeros((), dtype=res.dtype, device=res.device), res)
    return res.to(d)


def _fmod(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return remainder_kernel(a, b, c_style=True)


def _logaddexp(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    C.check_broadcast(a, b)
    ea, eb = C.exp(a), C.exp(b)
    ea, eb = C.same(ea, eb)
    return C.log(ea + eb)


def gcd_kernel(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    C.check_broadcast(a, b)
    d = C.promote(a.dtype, b.dtype)
    if d not in C.FLOAT16_32:
        a, b = a.to(torch.float32), b.to(torch.float32)
    a, b = C.same(torch.abs(a), torch.abs(b))
    ge = a >= b
    a, b = torch.where(ge, a, b), torch.where(ge, b, a)
    b = torch.where(b == 0, a, b)
    r = remainder_kernel(a, b)
    for _ in range(10_000):  # Euclid's algorithm, stepped on every element until all remainders vanish
        if not bool(r.sum() > 0):
            break
        r = remainder_kernel(a, b)
        done = r == 0
        a, b = torch.where(done, a, b), torch.where(done, b, r)
    return b.to(d)


def _lcm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    g = gcd_kernel(a, b)
    d = C.promote(a.dtype, b.dtype)
    fa, fb = a.to(torch.float32), b.to(torch.float32)
    res = C.mul(C.mul(C.div(*C.same(fa, g)), C.div(*C.same(fb, g))), g)
    res = torch.where(C.mul(fa, fb) == 0, torch.zeros((), dtype=res.dtype, device=res.device), res)
    return torch.abs(res).to(d)


def _compare(fn: Callable) -> Callable:
    def k(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        C.check_broadcast(a, b)
        return fn(*C.same(a, b))
    return k


def _logical(fn: Callable) -> Callable:
    def k(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        C.check_broadcast(a, b)
        return fn(a, b)
    return k


add = _table("add", _add)
subtract = _table("subtract", C.sub)
multiply = _table("multiply", _multiply, need_tensor=True)
divide = _table("divide", _divide)
power = _table("power", C.pow_)
float_power = _table("float_power", _float_power, need_tensor=True)
heaviside = _table("heaviside", _heaviside)
hypot = _table("hypot", _hypot)
floor_divide = _table("floor_divide", C.floordiv)
remainder = _table("remainder", remainder_kernel)
fmod = _table("fmod", _fmod)
gcd = _table("gcd", gcd_kernel)
lcm = _table("lcm", _lcm)
logaddexp = _table("logaddexp", _logaddexp)
bitwise_and = _table("bitwise_and", C.bitwise("BitwiseAnd", torch.bitwise_and))
bitwise_or = _table("bitwise_or", C.bitwise("BitwiseOr", torch.bitwise_or))
bitwise_xor = _table("bitwise_xor", C.bitwise("BitwiseXor", torch.bitwise_xor))
equal = _table("equal", _compare(torch.eq))
not_equal = _table("not_equal", _compare(torch.ne), need_tensor=True)
less = _table("less", _compare(torch.lt))
less_equal = _table("less_equal", _compare(torch.le), need_tensor=True)
greater = _table("greater", _compare(torch.gt))
greater_equal = _table("greater_equal", _compare(torch.ge))
logical_and = _table("logical_and", _logical(torch.logical_and))
logical_or = _table("logical_or", _logical(torch.logical_or))
logical_xor = _table("logical_xor", _logical(torch.logical_xor), need_tensor=True)
mod = remainder
true_divide = divide


def _extreme(name: str, kernel: Callable) -> Callable:
    def f(x1: Any, x2: Any, dtype: Any = None) -> Any:
        a, b = C.tensors(x1, x2)
        squeeze = a.ndim == 0 and b.ndim == 0
        if squeeze:
            a = a.reshape(1)
        elif a.ndim == 0:
            dtype = b.dtype
        elif b.ndim == 0:
            dtype = a.dtype
        res = kernel(a, b)
        nan = C.isnan(a) | C.isnan(b)
        if bool(nan.any()):
            res = torch.where(nan, torch.tensor(math.nan, dtype=C.promote(a.dtype, b.dtype), device=res.device)
                              .to(res.dtype), res)
        res = C.cast(res, dtype)
        return C.out(res.squeeze() if squeeze else res)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"mindspore.numpy.{name}(x1, x2, dtype=None): elementwise, NaN-propagating; with a 0-d operand "
                 "the result keeps the other operand's dtype.")
    return f


maximum = _extreme("maximum", C.maximum)
minimum = _extreme("minimum", C.minimum)


def arctan2(x1: Any, x2: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.arctan2(x1, x2, dtype=None): Tensors, each computed in float as the trig functions."""
    C.need_tensor(x1, x2)
    a, b = C.plain(x1), C.plain(x2)
    a, b = a.to(C.trig_dtype(a.dtype)), b.to(C.trig_dtype(b.dtype))
    C.check_broadcast(a, b)
    return C.out(C.cast(torch.atan2(*C.same(a, b)), dtype))


def logaddexp2(x1: Any, x2: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.logaddexp2(x1, x2, dtype=None): log2(2**x1 + 2**x2) of two Tensors."""
    from mindshim.numpy._math_unary import _exp2, log2
    C.need_tensor(x1, x2)
    a, b = C.plain(x1), C.plain(x2)
    C.check_broadcast(a, b)
    s = torch.add(*C.same(_exp2(a), _exp2(b)))
    return log2(C.out(s), dtype=dtype)


def copysign(x1: Any, x2: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.copysign(x1, x2, dtype=None): |x1| with x2's sign, in x1's dtype (bool raises)."""
    for x in (x1, x2):
        if not isinstance(x, (int, float, list, tuple, torch.Tensor)):
            raise TypeError(f"integer, float, list, tuple or Tensor are expected, but got {type(x)}")
    a, b = C.tensors(x1, x2)
    shape = C.check_broadcast(a, b)
    a, b = a.expand(shape), b.expand(shape)
    if a.dtype == torch.bool or b.dtype == torch.bool:
        raise TypeError("copysign does not accept dtype bool.")
    pos = C.absolute(a)
    return C.out(C.cast(torch.where(b < 0, torch.neg(pos), pos), dtype))


def divmod(x1: Any, x2: Any, dtype: Any = None) -> Any:  # noqa: A001 - MindSpore's name
    """mindspore.numpy.divmod(x1, x2, dtype=None): (floor_divide(x1, x2), remainder(x1, x2))."""
    if isinstance(x1, torch.Tensor) or isinstance(x2, torch.Tensor):
        a = C.plain(x1) if isinstance(x1, torch.Tensor) else x1
        b = C.plain(x2) if isinstance(x2, torch.Tensor) else x2
        if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
            raise TypeError("For 'FloorDiv', list or tuple inputs are not supported.")
        if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
            q = C.floordiv(a, b)
        else:  # a Python number keeps the tensor's dtype category, as a scalar does for MindSpore's ops
            ta = a if isinstance(a, torch.Tensor) else torch.tensor(a, device=b.device)
            tb = b if isinstance(b, torch.Tensor) else torch.tensor(b, device=a.device)
            d = torch.result_type(a, b)
            q = C.floordiv(ta.to(d), tb.to(d))
    elif isinstance(x1, (int, float)) and isinstance(x2, (int, float)):
        q = C.floordiv(C.tensor(x1, narrow=False), C.tensor(x2, narrow=False))
    else:
        raise TypeError("For 'FloorDiv', the inputs must be Tensors or numbers.")
    r = remainder(x1, x2)
    return C.out(C.cast(q, dtype)), C.out(C.cast(C.plain(r), dtype))
