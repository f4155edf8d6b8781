"""mindspore.scipy.optimize.line_search: the strong-Wolfe line search (Nocedal & Wright, algorithms 3.5/3.6) that
MindSpore's BFGS and LBFGS use, step for step as MindSpore 2.10 runs it, so that the counts (nfev, nit) and the
chosen steps agree: the zoom stops after 10 tries (and reports failure when it used all 10, even on success), its
"low to high" swap takes the zoom's *initial* low point, cubic interpolation is done in float32, and a float32 step
below 1e-8 in size is raised to 1e-8. MindSpore rounds a Python float to float32 before it meets a tensor (even a
float64 one): `_f32` does the same to every constant here."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np
import torch

from mindshim.common.tensor import Tensor, wrap

_ZOOM_MAXITER = 10


class _LineSearchResults(NamedTuple):
    failed: bool
    nit: int
    nfev: int
    ngev: int
    k: int
    a_k: float
    f_k: float
    g_k: Tensor
    status: int


def _f32(value: float) -> float:
    return float(np.float32(value))


def plain(t: Any) -> torch.Tensor:
    return t.as_subclass(torch.Tensor) if isinstance(t, torch.Tensor) else torch.as_tensor(t)


def autodiff(func: Callable) -> Callable:
    """The gradient of `func` at x (MindSpore's GradOperation with respect to the first input)."""
    from mindshim.ops.composite.grad import GradOperation
    return GradOperation()(func)


def _cubicmin(a, fa, fpa, b, fb, c, fc):
    """Minimiser of the cubic through (a, fa), (b, fb), (c, fc) with slope fpa at a (2x2 solve in float32)."""
    db, dc = b - a, c - a
    denom = (db * dc) ** 2 * (db - dc)
    d1 = torch.stack([torch.stack([dc ** 2, -db ** 2]), torch.stack([-dc ** 3, db ** 3])]).to(torch.float32)
    d2 = torch.stack([fb - fa - fpa * db, fc - fa - fpa * dc]).to(torch.float32)
    a2, b2 = torch.matmul(d1, d2) / denom
    radical = b2 * b2 - 3. * a2 * fpa
    return a + (-b2 + torch.sqrt(radical)) / (3. * a2)


def _quadmin(a, fa, fpa, b, fb):
    db = b - a
    b2 = (fb - fa - fpa * db) / (db ** 2)
    return a - fpa / (2. * b2)


def _zoom(fn: Callable, low: tuple, high: tuple, phi_0, g_0, dphi_0, c1: float, c2: float) -> dict:
    """Algorithm 3.6: bracket (low, high) of (step, phi, dphi); cubic, then quadratic, then bisection."""
    a_low0, phi_low0, dphi_low0 = low
    a_low, phi_low, dphi_low = low
    a_high, phi_high, dphi_high = high
    a_rec, phi_rec = (a_low + a_high) / 2., (phi_low + phi_high) / 2.
    star = {"a_star": torch.ones((), dtype=a_low.dtype), "phi_star": phi_low, "dphi_star": dphi_low, "g_star": g_0}
    done, j, nfev = False, 0, 0
    while not done and j < _ZOOM_MAXITER:
        dalpha = a_high - a_low
        lo, hi = torch.minimum(a_low, a_high), torch.maximum(a_low, a_high)
        cchk, qchk = _f32(0.2) * dalpha, _f32(0.1) * dalpha
        cubic = _cubicmin(a_low, phi_low, dphi_low, a_high, phi_high, a_rec, phi_rec)
        use_cubic = j > 0 and bool(torch.isfinite(cubic)) and bool((cubic > lo + cchk) & (cubic < hi - cchk))
        quad = _quadmin(a_low, phi_low, dphi_low, a_high, phi_high)
        use_quad = not use_cubic and bool(torch.isfinite(quad)) and bool((quad > lo + qchk) & (quad < hi - qchk))
        a_j = cubic if use_cubic else quad if use_quad else (a_low + a_high) / 2.0
        phi_j, g_j, dphi_j = fn(a_j)
        nfev += 1
        to_high = bool(phi_j > phi_0 + c1 * a_j * dphi_0) or bool(phi_j >= phi_low)
        to_star = not to_high and bool(torch.abs(dphi_j) <= -c2 * dphi_0)
        if to_high:
            a_rec, phi_rec = a_high, phi_high
            a_high, phi_high, dphi_high = a_j, phi_j, dphi_j
        elif to_star:
            done = True
            star = {"a_star": a_j, "phi_star": phi_j, "dphi_star": dphi_j, "g_star": g_j}
        else:
            if bool(dphi_j * (a_high - a_low) >= 0.):
                a_rec, phi_rec = a_high, phi_high
                a_high, phi_high, dphi_high = a_low0, phi_low0, dphi_low0
            a_rec, phi_rec = a_low, phi_low
            a_low, phi_low, dphi_low = a_j, phi_j, dphi_j
        j += 1
    return {**star, "nfev": nfev, "failed": j == _ZOOM_MAXITER}


def search(func: Callable, jac: Callable, xk: torch.Tensor, pk: torch.Tensor, old_fval: Any = None,
           old_old_fval: Any = None, gfk: Any = None, c1: float = 1e-4, c2: float = 0.9, maxiter: int = 20) -> dict:
    """Algorithm 3.5 on plain tensors; `func`/`jac` take and return plain tensors."""
    xk, pk = plain(xk), plain(pk)
    c1, c2 = _f32(c1), _f32(c2)

    def fval_and_grad(alpha: torch.Tensor) -> tuple:
        x = xk + alpha * pk
        f, g = func(x), jac(x)
        return f, g, torch.dot(g, pk)

    zero = torch.zeros((), dtype=xk.dtype)
    if old_fval is None or gfk is None:
        nfev = 1
        phi_0, g_0, dphi_0 = fval_and_grad(zero)
    else:
        nfev = 0
        phi_0, g_0 = plain(old_fval), plain(gfk)
        dphi_0 = torch.dot(g_0, pk)
    one = torch.ones((), dtype=xk.dtype)
    start = one
    if old_old_fval is not None:
        candidate = _f32(1.01 * 2) * (phi_0 - plain(old_old_fval)) / dphi_0
        start = torch.minimum(candidate, one) if bool(torch.isfinite(candidate)) else one
    a_prev, phi_prev, dphi_prev = zero, phi_0, dphi_0
    star = {"a_star": zero, "phi_star": phi_0, "dphi_star": dphi_0, "g_star": g_0}
    done = failed = False
    i = 1
    while not done and i <= maxiter:
        a_i = a_prev * 2.0 if i > 1 else start
        phi_i, g_i, dphi_i = fval_and_grad(a_i)
        nfev += 1
        zoom = None
        if bool(phi_i > phi_0 + c1 * a_i * dphi_0) or (bool(phi_i >= phi_prev) and i > 1):
            zoom = _zoom(fval_and_grad, (a_prev, phi_prev, dphi_prev), (a_i, phi_i, dphi_i), phi_0, g_0, dphi_0,
                         c1, c2)
        elif bool(torch.abs(dphi_i) <= -c2 * dphi_0):
            done = True
            star = {"a_star": a_i, "phi_star": phi_i, "dphi_star": dphi_i, "g_star": g_i}
        elif bool(dphi_i >= 0.):
            zoom = _zoom(fval_and_grad, (a_i, phi_i, dphi_i), (a_prev, phi_prev, dphi_prev), phi_0, g_0, dphi_0,
                         c1, c2)
        if zoom is not None:
            done, failed = True, zoom["failed"]
            nfev += zoom["nfev"]
            star = {k: zoom[k] for k in star}
        i += 1
        a_prev, phi_prev, dphi_prev = a_i, phi_i, dphi_i
    a_star = star["a_star"]
    if a_star.dtype != torch.float64 and bool(torch.abs(a_star) < _f32(1e-8)):
        star["a_star"] = torch.sign(a_star) * _f32(1e-8)
    status = 1 if failed else 3 if i > maxiter else 0
    return {**star, "done": done, "failed": failed, "i": i, "nfev": nfev, "status": status}


def user_function(f: Callable) -> Callable:
    """Call a user's MindSpore function on plain tensors: it sees a mindspore Tensor and may return one."""
    return lambda x: plain(f(wrap(x)))


def line_search(f: Callable, xk: Tensor, pk: Tensor, jac: Callable | None = None, gfk: Any = None,
                old_fval: Any = None, old_old_fval: Any = None, c1: float = 1e-4, c2: float = 0.9,
                maxiter: int = 20) -> _LineSearchResults:
    """mindspore.scipy.optimize.line_search."""
    jac = autodiff(f) if jac is None else jac
    state = search(user_function(f), user_function(jac), xk, pk, old_fval, old_old_fval, gfk, c1, c2, maxiter)
    return _LineSearchResults(failed=bool(state["failed"] or not state["done"]), nit=state["i"] - 1,
                              nfev=state["nfev"], ngev=state["nfev"], k=state["i"], a_k=state["a_star"].item(),
                              f_k=state["phi_star"].item(), g_k=wrap(state["g_star"]), status=state["status"])
