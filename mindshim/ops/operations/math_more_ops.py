"""More math primitives: special functions (Bessel*, Igamma, Betainc, Zeta, ...), integer/bitwise ops, no-NaN
arithmetic, norms, complex numbers, scans, ranges and statistics (Median, Quantile, Histogram, Bincount, ...).

Mapping decisions (MindSpore 2.10 CPU behaviour, checked against the real thing):
- Attribute-free primitives call the functional op (tables below).
- `MulNoNan`/`DivNoNan` give 0 where y == 0 (even for x = nan/inf); MulNoNan's gradient w.r.t. y is x * dout
  unmasked, as MindSpore's.
- `EqualCount` returns a 1-element tensor of the inputs' dtype; `Median` returns (values, Int64 indices), a
  global median has index 0 and cannot keep dims (RuntimeError); `CumulativeLogsumexp(exclusive)` starts from the
  dtype's lowest finite value, not -inf; `Bucketize` counts boundaries <= x; `Bincount` ignores values >= size,
  rejects negative ones (RuntimeError) and returns the weights' dtype (Float32 counts for empty weights);
  `Histogram` of float16 gives Float32, of int32 Int32; `LpNorm` clamps norms below `epsilon` to it.
- `CountNonZero` returns Int64; `HistogramFixedWidth` maps values below/above the range to the first/last bin.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.ops.function import elementwise_func as E
from mindshim.ops.function import math_more_func as M
from mindshim.ops.function import special_func as SF
from mindshim.ops.function import special_more_func as S
from mindshim.common.tensor import plain, wrap
from mindshim.ops.function._args import as_tensor as _t
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__


def _int_in(name: str, *xs: Any) -> list:
    ts = [_t(x) for x in xs]
    for t in ts:
        if t.is_floating_point() or t.is_complex() or t.dtype == torch.bool:
            raise TypeError(f"For '{name}', the input must be an integer Tensor, but got {t.dtype}.")
    return ts


def _wide(fn: Any, *xs: torch.Tensor) -> torch.Tensor:
    """fn on unsigned 16/32/64-bit tensors (few torch kernels) via int64, cast back."""
    dtype = xs[0].dtype
    if dtype in (torch.uint16, torch.uint32, torch.uint64):
        return fn(*[x.to(torch.int64) for x in xs]).to(dtype)
    return fn(*xs)


def _gcd_lcm(name: str, fn: Any) -> Any:
    def op(x: Any, y: Any) -> Any:
        a, b = _t(x), _t(y)
        for t in (a, b):
            if t.dtype not in (torch.int16, torch.int32, torch.int64):
                raise TypeError(f"For Primitive[{name}], the type of the input tensor must be [Int16, Int32, Int64], "
                                f"but got {t.dtype}!")
        return fn(a, b)
    return op


def _shift(name: str, fn: Any) -> Any:
    def op(x: Any, y: Any) -> Any:
        a, b = _int_in(name, x, y)
        if a.dtype != b.dtype:
            raise TypeError(f"For '{name}', the dtype of two args should be same, but got {a.dtype} and {b.dtype}.")
        return _wide(fn, a, b)
    return op


def _inv(x: Any) -> Any:
    """1 / x; integer tensors divide truncating, with 1 / 0 giving the dtype's lowest value (MindSpore's CPU)."""
    x = _t(x)
    if x.is_floating_point() or x.is_complex():
        return torch.reciprocal(x)
    if x.dtype not in (torch.int8, torch.int16, torch.int32, torch.int64):
        raise TypeError(f"For 'Inv', the input must be a float or signed integer Tensor, but got {x.dtype}.")
    zero = x == 0
    q = torch.div(torch.ones_like(x), torch.where(zero, torch.ones_like(x), x), rounding_mode="trunc")
    return torch.where(zero, torch.full_like(x, torch.iinfo(plain(x).dtype).min), q)


def _lgamma(x: Any) -> Any:
    x = _t(x)
    if not (x.is_floating_point() or x.is_complex()):
        x = x.to(torch.float32)
    return S.f32_compute(torch.lgamma, x)


def _complex_abs(x: Any) -> Any:
    x = _t(x)
    if not x.is_complex():
        raise TypeError(f"For primitive[ComplexAbs], the input must be complex64 or complex128, but got {x.dtype}.")
    return torch.abs(x)


def _invert(x: Any) -> Any:
    return _wide(torch.bitwise_not, *_int_in("Invert", x))


def _float_unary(name: str, fn: Any) -> Any:
    return lambda x: S.f32_compute(fn, S.float_in(name, x))


def _reduce_to(g: torch.Tensor, shape: torch.Size) -> torch.Tensor:
    return g.sum_to_size(shape) if g.shape != shape else g


class _MulNoNan(torch.autograd.Function):
    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(x, y)
        prod = x * y
        return torch.where(y == 0, torch.zeros_like(prod), prod)

    @staticmethod
    def backward(ctx: Any, g: torch.Tensor) -> tuple:
        x, y = ctx.saved_tensors
        gx = torch.where(y == 0, torch.zeros_like(g * y), g * y)
        gy = torch.where(g == 0, torch.zeros_like(g * x), g * x)
        return _reduce_to(gx, x.shape), _reduce_to(gy, y.shape)


def _mul_no_nan(x: Any, y: Any) -> Any:
    x, y = _t(x), _t(y)
    dtype = torch.result_type(x, y)
    return _MulNoNan.apply(x.to(dtype), y.to(dtype))


def _div_no_nan(x: Any, y: Any) -> Any:
    x, y = _t(x), _t(y)
    dtype = torch.result_type(x, y)
    if not (dtype.is_floating_point or dtype.is_complex):
        raise TypeError(f"For 'DivNoNan', the inputs must be float16, float32 or float64, but got {dtype}.")
    x, y = x.to(dtype), y.to(dtype)
    zero = y == 0
    q = x / torch.where(zero, torch.ones_like(y), y)
    return torch.where(zero, torch.zeros_like(q), q)


def _complex(real: Any, imag: Any) -> Any:
    re, im = _t(real), _t(imag)
    if re.dtype not in (torch.float32, torch.float64) or re.dtype != im.dtype:
        raise TypeError(f"For 'Complex', 'real' and 'imag' must be float32 or float64 of one dtype, got "
                        f"{re.dtype} and {im.dtype}.")
    return torch.complex(re, im)


def _equal_count(x: Any, y: Any) -> Any:
    x, y = _t(x), _t(y)
    return (x == y).sum().reshape(1).to(x.dtype)


def _rint(x: Any) -> Any:
    return S.f32_compute(torch.round, S.float_in("Rint", x))


def _polygamma(a: Any, x: Any) -> Any:
    n = int(a.item()) if isinstance(a, torch.Tensor) else int(a)
    return S.f32_compute(lambda v: torch.polygamma(n, v), S.float_in("Polygamma", x))


def _ger(x1: Any, x2: Any) -> Any:
    a, b = _t(x1), _t(x2)
    for t in (a, b):
        if not t.is_floating_point():
            raise TypeError(f"For primitive[Ger], the inputs must be float16, float32 or float64, but got {t.dtype}.")
    return torch.outer(a, b)


_SIMPLE = {
    "BesselI0": S.bessel_i0, "BesselI0e": S.bessel_i0e, "BesselI1": S.bessel_i1, "BesselI1e": S.bessel_i1e,
    "BesselJ0": S.bessel_j0, "BesselJ1": S.bessel_j1, "BesselK0": S.bessel_k0, "BesselK0e": S.bessel_k0e,
    "BesselK1": S.bessel_k1, "BesselK1e": S.bessel_k1e, "BesselY0": S.bessel_y0, "BesselY1": S.bessel_y1,
    "Igamma": S.igamma, "Igammac": S.igammac, "Zeta": S.zeta, "Betainc": S.betainc, "NextAfter": S.nextafter,
    "Eps": S.eps, "Digamma": _float_unary("Digamma", torch.digamma), "Lgamma": _lgamma,
    "Polygamma": _polygamma, "Rint": _rint, "Sinc": lambda x: torch.sinc(_t(x)),
    "Gcd": _gcd_lcm("Gcd", torch.gcd), "Lcm": _gcd_lcm("Lcm", torch.lcm), "Invert": _invert,
    "LeftShift": _shift("LeftShift", torch.bitwise_left_shift),
    "RightShift": _shift("RightShift", torch.bitwise_right_shift), "PopulationCount": M.population_count, "Inv": _inv,
    "MulNoNan": _mul_no_nan, "DivNoNan": _div_no_nan, "EqualCount": _equal_count,
    "Fmax": lambda x, y: torch.fmax(_t(x), _t(y)), "Fmin": lambda x, y: torch.fmin(_t(x), _t(y)),
    "Complex": _complex, "Real": M.real, "Imag": M.imag, "Conj": M.conj, "Angle": M.angle, "Polar": M.polar,
    "ComplexAbs": _complex_abs, "Ger": _ger,
    "AccumulateNV2": lambda inputs: M.accumulate_n(inputs),
}
for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


class Mvlgamma(Primitive):
    def __init__(self, p: int) -> None:
        super().__init__()
        if isinstance(p, bool) or not isinstance(p, int):
            raise TypeError(f"For 'Mvlgamma', 'p' must be an int, but got {type(p).__name__}.")
        if p < 1:
            raise ValueError(f"For 'Mvlgamma', 'p' must be greater than or equal to 1, but got {p}.")
        self.p = p

    def __call__(self, x: Any) -> Any:
        return S.mvlgamma(x, self.p)


class Logit(Primitive):
    def __init__(self, eps: float = -1.0) -> None:
        super().__init__()
        self.eps = float(eps)

    def __call__(self, input: Any) -> Any:
        x = E._float_in("Logit", input)
        return torch.logit(x, None if self.eps < 0 else self.eps)


class NanToNum(Primitive):
    def __init__(self, nan: float | None = None, posinf: float | None = None, neginf: float | None = None) -> None:
        super().__init__()
        self.nan, self.posinf, self.neginf = nan, posinf, neginf

    def __call__(self, input: Any) -> Any:
        return E.nan_to_num(input, self.nan, self.posinf, self.neginf)


class ApproximateEqual(Primitive):
    def __init__(self, tolerance: float = 1e-05) -> None:
        super().__init__()
        self.tolerance = float(tolerance)

    def __call__(self, x1: Any, x2: Any) -> Any:
        return M.approximate_equal(x1, x2, self.tolerance)


class EuclideanNorm(Primitive):
    def __init__(self, keep_dims: bool = False) -> None:
        super().__init__()
        if not isinstance(keep_dims, bool):
            raise TypeError(f"For 'EuclideanNorm', 'keep_dims' must be a bool, but got {type(keep_dims).__name__}.")
        self.keep_dims = keep_dims

    def __call__(self, x: Any, axes: Any) -> Any:
        x = _t(x)
        if not isinstance(axes, torch.Tensor):
            raise TypeError(f"For Primitive[EuclideanNorm], the type of input argument[axes] must be Tensor but got "
                            f"{type(axes).__name__}.")
        rank = max(x.dim(), 1)
        dims = [int(a) for a in axes.reshape(-1).tolist()]
        if any(not -rank <= a < rank for a in dims):
            raise ValueError(f"For 'EuclideanNorm', 'axes' must be in [{-rank}, {rank}), but got {dims}.")
        wide = x if x.is_floating_point() or x.is_complex() else x.to(torch.float64)
        out = torch.linalg.vector_norm(wide, 2, dim=tuple(dims), keepdim=self.keep_dims)
        return out.to(x.dtype) if not x.is_complex() else out


class LpNorm(Primitive):
    def __init__(self, axis: Any, p: int = 2, keep_dims: bool = False, epsilon: float = 1e-12) -> None:
        super().__init__()
        if isinstance(p, bool) or not isinstance(p, int):
            raise TypeError(f"For 'LpNorm', 'p' must be an int, but got {type(p).__name__}.")
        self.axis = (axis,) if isinstance(axis, int) else tuple(axis)
        self.p, self.keep_dims, self.epsilon = p, keep_dims, epsilon

    def __call__(self, input: Any) -> Any:
        x = _t(input)
        if x.dtype not in (torch.float16, torch.float32):
            raise TypeError(f"For primitive[LpNorm], the input must be float16 or float32, but got {x.dtype}.")
        rank = max(x.dim(), 1)
        if any(not -rank <= a < rank for a in self.axis):
            raise ValueError(f"For 'LpNorm', 'axis' must be in [{-rank}, {rank}), but got {self.axis}.")
        out = torch.linalg.vector_norm(x, self.p, dim=self.axis, keepdim=self.keep_dims)
        return torch.where(out < self.epsilon, torch.full_like(out, self.epsilon), out)


class Renorm(Primitive):
    def __init__(self, p: int, dim: int, maxnorm: float) -> None:
        super().__init__()
        if isinstance(p, bool) or not isinstance(p, int):
            raise TypeError(f"For 'Renorm', the type of 'p' should be 'int', but got type '{type(p).__name__}'.")
        self.p, self.dim, self.maxnorm = p, dim, float(maxnorm)

    def __call__(self, x: Any) -> Any:
        return SF.renorm(x, self.p, self.dim, self.maxnorm)


class CumulativeLogsumexp(Primitive):
    def __init__(self, exclusive: bool = False, reverse: bool = False) -> None:
        super().__init__()
        for arg, value in (("exclusive", exclusive), ("reverse", reverse)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'CumulativeLogsumexp', '{arg}' must be a bool, but got {type(value).__name__}.")
        self.exclusive, self.reverse = exclusive, reverse

    def __call__(self, x: Any, axis: Any) -> Any:
        x = S.float_in("CumulativeLogsumexp", x)
        axis = int(axis.item()) if isinstance(axis, torch.Tensor) else int(axis)
        if not -x.dim() <= axis < max(x.dim(), 1):
            raise RuntimeError(f"For 'CumulativeLogsumexp', 'axis' must be in [{-x.dim()}, {x.dim()}), got {axis}.")
        if self.reverse:
            x = torch.flip(x, (axis,))
        if self.exclusive:
            lowest = torch.full_like(x.narrow(axis, 0, 1), torch.finfo(plain(x).dtype).min)
            x = torch.cat([lowest, x.narrow(axis, 0, x.shape[axis] - 1)], axis)
        out = S.f32_compute(lambda v: torch.logcumsumexp(v, axis), x)
        return torch.flip(out, (axis,)) if self.reverse else out


class LinSpace(Primitive):
    def __call__(self, start: Any, stop: Any, num: Any) -> Any:
        s, e = _t(start), _t(stop)
        for arg, v in (("start", s), ("stop", e)):
            if v.dtype not in (torch.float32, torch.float64):
                raise TypeError(f"For primitive[LinSpace], the input argument[{arg} type] must be a type of "
                                f"{{Tensor[Float32], Tensor[Float64]}}, but got {v.dtype}.")
        n = int(num.item()) if isinstance(num, torch.Tensor) else int(num)
        if n < 1:
            raise ValueError(f"For 'LinSpace', 'num' must be positive, but got {n}.")
        return wrap(torch.linspace(float(s.item()), float(e.item()), n, dtype=plain(s).dtype, device=s.device))


class LogSpace(Primitive):
    def __init__(self, steps: int = 10, base: int = 10, dtype: Any = None) -> None:
        super().__init__()
        from mindshim.common import dtype as mstype
        self.steps, self.base = steps, base
        self.dtype = mstype.float32 if dtype is None else dtype
        M.log_space("LogSpace", 0.0, 0.0, steps, base, self.dtype)  # validates the attributes

    def __call__(self, start: Any, end: Any) -> Any:
        s, e = _t(start), _t(end)
        if s.dtype != e.dtype or not s.is_floating_point():
            raise TypeError(f"For 'LogSpace', 'start' and 'end' must be float Tensors of one dtype, got {s.dtype}, "
                            f"{e.dtype}.")
        return M.log_space("LogSpace", s, e, self.steps, self.base, self.dtype)


from mindshim.ops.operations.math_stats_ops import (  # noqa: E402  (split for size)
    Bincount, Bucketize, CountNonZero, Histogram, HistogramFixedWidth, Median, Pdist, Quantile,
)

__all__ = sorted(list(_SIMPLE) + [
    "Mvlgamma", "Logit", "NanToNum", "ApproximateEqual", "EuclideanNorm", "LpNorm", "Renorm", "CumulativeLogsumexp",
    "LinSpace", "LogSpace", "Bincount", "Bucketize", "CountNonZero", "Histogram", "HistogramFixedWidth", "Median",
    "Pdist", "Quantile",
])

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
