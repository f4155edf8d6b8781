"""mindspore.scipy.optimize.minimize: BFGS, LBFGS (both on the line search of `line_search.py`, iteration for
iteration as MindSpore 2.10 runs them) and LAGRANGE (`_lagrange.py`).

MindSpore quirks kept: the loop runs while k < maxiter without first testing convergence, so a start at a minimum
still spends one line search (nfev 2, nit 0); a callable `jac` is called as jac(x), without `args`; unknown options
are a TypeError; LBFGS skips a history update when y.s <= 1e-10; status is 0 converged, 1 maxiter, 2 + the line
search's status when it failed, -1 otherwise."""
from __future__ import annotations

import math
from typing import Any, Callable, NamedTuple, Optional

import torch

from mindshim.common.tensor import Tensor, wrap
from mindshim.scipy.optimize.line_search import _f32, autodiff, plain, search, user_function


class OptimizeResults(NamedTuple):
    x: Tensor
    success: bool
    status: int
    fun: float
    jac: Tensor
    hess_inv: Optional[Tensor]
    nfev: int
    njev: int
    nit: int


def _norm(x: torch.Tensor, ord_: Any = None) -> torch.Tensor:
    return torch.max(torch.abs(x)) if ord_ == math.inf else torch.sqrt(torch.sum(x ** 2))


def _dot(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """MindSpore's LBFGS dot: a (n,1)^T (n,1) matmul, a 1-element vector."""
    return torch.matmul(a.reshape(-1, 1).T, b.reshape(-1, 1)).reshape(1)


class _Bfgs:
    """The dense inverse-Hessian update (Nocedal & Wright, algorithm 6.1)."""

    def __init__(self, x0: torch.Tensor) -> None:
        self.identity = torch.eye(x0.shape[0], dtype=x0.dtype)
        self.h = self.identity

    def direction(self, g: torch.Tensor) -> torch.Tensor:
        return -1 * torch.matmul(self.h, g)

    def update(self, s: torch.Tensor, y: torch.Tensor, g: torch.Tensor) -> None:
        rho = torch.reciprocal(torch.dot(y, s))
        left = torch.matmul(self.identity - rho * torch.outer(s, y), self.h)
        self.h = torch.matmul(left, self.identity - rho * torch.outer(y, s)) + rho * torch.outer(s, s)


class _Lbfgs:
    """The two-loop recursion over a fixed-size history (zeros until filled), MindSpore's operation order."""

    def __init__(self, history_size: int) -> None:
        self.size = history_size
        self.g = None
        self.hist: dict[str, torch.Tensor] | None = None

    def direction(self, g: torch.Tensor) -> torch.Tensor:
        return -1 * (g if self.g is None else self.g)

    def update(self, s: torch.Tensor, y: torch.Tensor, g: torch.Tensor) -> None:
        self.g = g
        y_s = _dot(y, s)
        if bool(y_s <= _f32(1e-10)):
            return
        if self.hist is None:
            self.hist = {k: torch.zeros((self.size,) + tuple(s.shape), dtype=s.dtype) for k in "syab"}
        rho = 1.0 / y_s
        for key, new in (("s", s), ("y", y), ("a", rho * s), ("b", rho * y)):
            self.hist[key] = torch.cat([self.hist[key][1:], new.reshape(1, -1).to(s.dtype)])[-self.size:]
        h = self.hist
        q = g
        alphas = torch.zeros_like(h["a"])
        for index in range(self.size - 1, -1, -1):
            alpha = _dot(h["a"][index], q)
            q = q - alpha * h["y"][index]
            alphas[index] = alpha
        r = y_s / _dot(y, y) * q
        alpha_s = alphas * h["s"]
        for index in range(self.size):
            beta = _dot(h["b"][index], r)
            r = r + alpha_s[index] - beta * h["s"][index]
        self.g = r


def _descend(func: Callable, jac: Callable, x0: torch.Tensor, method: Any, maxiter: Any, norm: Any, gtol: float,
             line_search_maxiter: int) -> dict:
    if not x0.is_floating_point():
        raise TypeError(f"For 'MatMul', the type of 'x2' should be same as 'x1', but 'x0' has type "
                        f"{wrap(x0).dtype}.")
    if x0.ndim != 1:
        raise ValueError(f"'x0' must be a 1-D Tensor: the tensor should have only one element to be compared with "
                         f"gtol, but its shape is {tuple(x0.shape)}.")
    maxiter = x0.numel() * 200 if maxiter is None else maxiter
    gtol = _f32(gtol)
    f_k, g_k, x_k = func(x0), jac(x0), x0
    converged, failed, k, nfev, ls_status = bool(_norm(g_k, math.inf) < gtol), False, 0, 1, 0
    old_old = f_k + _norm(g_k) / 2
    while k < maxiter:
        p_k = method.direction(g_k)
        ls = search(func, jac, x_k, p_k, f_k, old_old, g_k, maxiter=line_search_maxiter)
        nfev += ls["nfev"]
        failed, ls_status = bool(ls["failed"] or not ls["done"]), ls["status"]
        if failed:
            break
        s_k = ls["a_star"] * p_k
        y_k = ls["g_star"] - g_k
        old_old = f_k
        x_k, f_k, g_k = x_k + s_k, ls["phi_star"], ls["g_star"]
        converged = bool(_norm(g_k, norm) < gtol)
        if converged:
            break
        method.update(s_k, y_k, g_k)
        k += 1
    status = 0 if converged else 1 if k == maxiter else 2 + ls_status if failed else -1
    return {"x": x_k, "success": converged and not failed, "status": status, "fun": f_k, "jac": g_k, "nfev": nfev,
            "nit": k}


def minimize_bfgs(func: Callable, x0: Any, jac: Callable | None = None, maxiter: Any = None, norm: Any = math.inf,
                  gtol: float = 1e-5, line_search_maxiter: int = 10) -> tuple[dict, torch.Tensor]:
    start = plain(x0)
    method = _Bfgs(start)
    return _descend(func, jac, start, method, maxiter, norm, gtol, line_search_maxiter), method.h


def minimize_lbfgs(func: Callable, x0: Any, jac: Callable | None = None, history_size: int = 20, maxiter: Any = None,
                   norm: Any = math.inf, gtol: float = 1e-5, line_search_maxiter: int = 10) -> tuple[dict, None]:
    start = plain(x0)
    return _descend(func, jac, start, _Lbfgs(history_size), maxiter, norm, gtol, line_search_maxiter), None


def _check_lagrange(func: Callable, constraints: Any, options: dict, tol: Any) -> None:
    if not callable(func):
        raise TypeError(f"'func' must be of type function, but got {type(func)}")
    for constraint in constraints:
        if not callable(constraint):
            raise TypeError(f"'constraint' must be of type function, but got {type(constraint)}")
    if tol is not None and len(tol) != len(constraints):
        raise ValueError("The len of tol must be same as the len of constraints")


def minimize(func: Callable, x0: Tensor, args: tuple = (), method: str | None = None, jac: Callable | None = None,
             hess: Any = None, hessp: Any = None, bounds: Any = None, constraints: Any = (), tol: Any = None,
             callback: Any = None, options: dict | None = None) -> Any:
    """mindspore.scipy.optimize.minimize (methods 'BFGS', 'LBFGS', 'LAGRANGE')."""
    if method is None:
        raise ValueError("You must specify a solver.")
    options = {} if options is None else options
    if not isinstance(args, tuple):
        raise TypeError(f"args argument to mindspore.scipy.optimize.minimize must be a tuple, got {args}")
    name = method.lower()
    if name in ("bfgs", "lbfgs"):
        user = lambda x: func(x, *args)
        solver = minimize_bfgs if name == "bfgs" else minimize_lbfgs
        state, hess_inv = solver(user_function(user), x0, user_function(autodiff(user) if jac is None else jac),
                                 **options)
        return OptimizeResults(x=wrap(state["x"]), success=state["success"], status=state["status"],
                               fun=state["fun"].item(), jac=wrap(state["jac"]),
                               hess_inv=None if hess_inv is None else wrap(hess_inv), nfev=state["nfev"],
                               njev=state["nfev"], nit=state["nit"])
    if name == "lagrange":
        _check_lagrange(func, constraints, options, tol)
        from mindshim.scipy.optimize._lagrange import minimize_lagrange
        return minimize_lagrange(func, x0, constraints, tol, **options)
    raise ValueError(f"Method {method} not recognized")
