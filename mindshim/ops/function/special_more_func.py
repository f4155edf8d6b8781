"""Special functions (mindspore.ops.*): Bessel functions, regularized incomplete gamma (igamma/igammac) and beta,
Hurwitz zeta, multivariate log-gamma, nextafter and eps.

Mapping decisions (MindSpore 2.10 CPU behaviour, checked against the real thing):
- Every op here takes floating-point tensors only (TypeError for integer/bool); binary ops need equal dtypes
  (TypeError otherwise, no promotion). float16 is computed in float32 and rounded back.
- torch's Bessel J/Y/K kernels record no gradient; they are wrapped in autograd Functions whose backward uses the
  recurrences (j0' = -j1, k1' = -k0 - k1/x, ...), so `ops.grad` works and is itself differentiable.
- Outside the real domain MindSpore gives k0/k1 (and the scaled forms) = +inf and y0/y1 = -inf for x < 0, and
  y1(0) = nan; these are kept (torch gives nan for x < 0).
- igamma/igammac differentiate in both arguments (torch has no gradient in `a`: a float64 central difference).
- The regularized incomplete beta (torch has none) is evaluated by its continued fraction (modified Lentz) in
  float64, using I_x(a, b) = 1 - I_{1-x}(b, a) where the fraction converges slowly.
- `mvlgamma` checks its domain (all elements > (p - 1) / 2) on the host and raises ValueError like MindSpore.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import torch

from mindshim.common.tensor import Tensor, plain
from mindshim.ops.function._args import as_tensor as _t

_S = torch.special


def float_in(name: str, x: Any) -> torch.Tensor:
    x = _t(x)
    if not x.is_floating_point():
        raise TypeError(f"For '{name}', the input must be a Tensor of float16, float32 or float64, but got {x.dtype}.")
    return x


def float_pair(name: str, *xs: Any) -> list:
    ts = [float_in(name, x) for x in xs]
    if len({t.dtype for t in ts}) != 1:
        raise TypeError(f"For '{name}', all inputs must have the same dtype, but got {[str(t.dtype) for t in ts]}.")
    return ts


def f32_compute(fn: Callable, *xs: torch.Tensor) -> torch.Tensor:
    """fn in at least float32 precision, result in the inputs' dtype."""
    dtype = xs[0].dtype
    if dtype in (torch.float16, torch.bfloat16):
        return fn(*[x.float() for x in xs]).to(dtype)
    return fn(*xs)


# ---- Bessel functions: raw kernels (MindSpore's values outside the domain) and their derivatives ----
def _nonneg(fn: Callable, fill: float) -> Callable:
    def raw(x: torch.Tensor) -> torch.Tensor:
        return torch.where(x < 0, torch.full_like(x, fill), fn(x))
    return raw


def _raw_y1(x: torch.Tensor) -> torch.Tensor:
    out = _nonneg(_S.bessel_y1, -math.inf)(x)
    return torch.where(x == 0, torch.full_like(x, math.nan), out)


_RAW: dict[str, Callable] = {
    "j0": _S.bessel_j0, "j1": _S.bessel_j1, "y0": _nonneg(_S.bessel_y0, -math.inf), "y1": _raw_y1,
    "k0": _nonneg(_S.modified_bessel_k0, math.inf), "k1": _nonneg(_S.modified_bessel_k1, math.inf),
    "k0e": _nonneg(_S.scaled_modified_bessel_k0, math.inf), "k1e": _nonneg(_S.scaled_modified_bessel_k1, math.inf),
}


def _safe_inv(x: torch.Tensor) -> torch.Tensor:
    return 1.0 / torch.where(x == 0, torch.ones_like(x), x)


# d/dx in terms of the public (differentiable) functions, so higher derivatives work too
_DERIV: dict[str, Callable] = {
    "j0": lambda x: -bessel_j1(x),
    "j1": lambda x: torch.where(x == 0, torch.full_like(x, 0.5), bessel_j0(x) - bessel_j1(x) * _safe_inv(x)),
    "y0": lambda x: -bessel_y1(x),
    "y1": lambda x: bessel_y0(x) - bessel_y1(x) / x,
    "k0": lambda x: -bessel_k1(x),
    "k1": lambda x: -bessel_k0(x) - bessel_k1(x) / x,
    "k0e": lambda x: bessel_k0e(x) - bessel_k1e(x),
    "k1e": lambda x: bessel_k1e(x) * (1.0 - 1.0 / x) - bessel_k0e(x),
}


class _Bessel(torch.autograd.Function):
    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, kind: str) -> torch.Tensor:
        ctx.kind = kind
        ctx.save_for_backward(x)
        return _RAW[kind](x)

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> tuple:
        (x,) = ctx.saved_tensors
        return grad * _DERIV[ctx.kind](x), None


def _bessel(kind: str) -> Callable:
    native = {"i0": torch.special.i0, "i0e": torch.special.i0e, "i1": torch.special.i1, "i1e": torch.special.i1e}

    def op(x: Any) -> Tensor:
        t = float_in(f"bessel_{kind}", x)
        if kind in native:
            return f32_compute(native[kind], t)
        return f32_compute(lambda v: _Bessel.apply(v, kind), t)

    op.__name__ = op.__qualname__ = f"bessel_{kind}"
    op.__doc__ = f"ops.bessel_{kind}(x): floating-point tensors only."
    return op


bessel_i0, bessel_i0e, bessel_i1, bessel_i1e = (_bessel(k) for k in ("i0", "i0e", "i1", "i1e"))
bessel_j0, bessel_j1, bessel_y0, bessel_y1 = (_bessel(k) for k in ("j0", "j1", "y0", "y1"))
bessel_k0, bessel_k0e, bessel_k1, bessel_k1e = (_bessel(k) for k in ("k0", "k0e", "k1", "k1e"))


# ---- incomplete gamma / beta, zeta ----
class _Igamma(torch.autograd.Function):
    """P(a, x) (or Q = 1 - P) with gradients in both arguments; torch has none in a, so d/da is a central
    difference taken in float64 (step 1e-5 * max(a, 1): error ~1e-10, far below float32 resolution)."""

    @staticmethod
    def forward(ctx: Any, a: torch.Tensor, x: torch.Tensor, upper: bool) -> torch.Tensor:
        ctx.upper = upper
        ctx.save_for_backward(a, x)
        return (_S.gammaincc if upper else _S.gammainc)(a, x)

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> tuple:
        a, x = ctx.saved_tensors
        sign = -1.0 if ctx.upper else 1.0
        ga = gx = None
        if ctx.needs_input_grad[1]:
            gx = grad * sign * torch.exp(torch.xlogy(a - 1, x) - x - torch.lgamma(a))
            gx = gx.sum_to_size(x.shape) if gx.shape != x.shape else gx
        if ctx.needs_input_grad[0]:
            a64, x64 = a.double(), x.double()
            h = 1e-5 * torch.clamp(a64, min=1.0)
            da = (_S.gammainc(a64 + h, x64) - _S.gammainc(a64 - h, x64)) / (2 * h)
            ga = (grad * sign * da.to(grad.dtype))
            ga = ga.sum_to_size(a.shape) if ga.shape != a.shape else ga
        return ga, gx, None


def igamma(input: Any, other: Any) -> Tensor:
    a, x = float_pair("igamma", input, other)
    return f32_compute(lambda u, v: _Igamma.apply(u, v, False), a, x)


def igammac(input: Any, other: Any) -> Tensor:
    a, x = float_pair("igammac", input, other)
    return f32_compute(lambda u, v: _Igamma.apply(u, v, True), a, x)


def zeta(input: Any, other: Any) -> Tensor:
    x, q = float_pair("zeta", input, other)
    return f32_compute(_S.zeta, x, q)


def _beta_fraction(a: torch.Tensor, b: torch.Tensor, x: torch.Tensor, max_iter: int = 2000) -> torch.Tensor:
    tiny = 1e-300

    def nz(v: torch.Tensor) -> torch.Tensor:
        return torch.where(v.abs() < tiny, torch.full_like(v, tiny), v)

    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = torch.ones_like(x)
    d = 1.0 / nz(1.0 - qab * x / qap)
    h = d
    for m in range(1, max_iter + 1):
        m2 = 2.0 * m
        num = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 / nz(1.0 + num * d)
        c = nz(1.0 + num / c)
        h = h * d * c
        num = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 / nz(1.0 + num * d)
        c = nz(1.0 + num / c)
        delta = d * c
        h = h * delta
        if m % 16 == 0 and not bool(((delta - 1.0).abs() > 1e-15).any()):  # converged (NaNs compare False)
            break
    return h


class _BetaincX(torch.autograd.Function):
    """I_x(a, b) with the analytic gradient in x (x^(a-1) (1-x)^(b-1) / B(a, b)); none for a and b."""

    @staticmethod
    def forward(ctx: Any, a: torch.Tensor, b: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(a, b, x)
        return _betainc_value(a, b, x)

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> tuple:
        a, b, x = ctx.saved_tensors
        log_d = torch.xlogy(a - 1, x) + torch.xlogy(b - 1, 1 - x) - (torch.lgamma(a) + torch.lgamma(b) - torch.lgamma(a + b))
        return None, None, grad * torch.exp(log_d)


def betainc(a: Any, b: Any, x: Any) -> Tensor:
    """Regularized incomplete beta function I_x(a, b) (the `Betainc` primitive)."""
    a, b, x = float_pair("Betainc", a, b, x)
    dtype = a.dtype
    a, b, x = torch.broadcast_tensors(a.double(), b.double(), x.double())
    return _BetaincX.apply(a.detach(), b.detach(), x).to(dtype)


def _betainc_value(a: torch.Tensor, b: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    swap = x > (a + 1.0) / (a + b + 2.0)
    aa, bb, xx = torch.where(swap, b, a), torch.where(swap, a, b), torch.where(swap, 1.0 - x, x)
    log_front = aa * torch.log(xx) + bb * torch.log1p(-xx) - (torch.lgamma(aa) + torch.lgamma(bb) - torch.lgamma(aa + bb))
    val = torch.exp(log_front) * _beta_fraction(aa, bb, xx) / aa
    out = torch.where(swap, 1.0 - val, val)
    bad = (a <= 0) | (b <= 0) | (x < 0) | (x > 1) | torch.isnan(a + b + x)
    out = torch.where(bad, torch.full_like(out, math.nan), out)
    return torch.where(x == 0, torch.zeros_like(out), torch.where(x == 1, torch.ones_like(out), out))


# ---- gamma family, nextafter, eps ----
def mvlgamma(input: Any, p: int) -> Tensor:
    if isinstance(p, bool) or not isinstance(p, int):
        raise TypeError(f"For 'mvlgamma', 'p' must be an int, but got {type(p).__name__}.")
    if p < 1:
        raise ValueError(f"For 'mvlgamma', 'p' must be greater than or equal to 1, but got {p}.")
    x = float_in("mvlgamma", input)
    if x.numel() and not bool((x > (p - 1) / 2).all()):
        raise ValueError(f"For 'mvlgamma', all elements of 'input' must be greater than (p-1)/2 = {(p - 1) / 2}.")
    return f32_compute(lambda v: torch.mvlgamma(v, p), x)


def nextafter(input: Any, other: Any) -> Tensor:
    x, y = float_pair("nextafter", input, other)
    out = torch.nextafter(x.detach(), y.detach())
    return out + (x - x.detach()) if x.requires_grad else out  # MindSpore's gradient w.r.t. input is 1


def eps(x: Any) -> Tensor:
    t = float_in("eps", x)
    return torch.full_like(t, torch.finfo(plain(t).dtype).eps)


__all__ = [
    "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1", "bessel_k0", "bessel_k0e",
    "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1", "igamma", "igammac", "zeta", "mvlgamma", "nextafter", "eps",
]
