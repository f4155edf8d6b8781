"""mindspore.scipy.linalg: SciPy's dense linear algebra on Tensors, with MindSpore's checks (TypeError for
argument types and dtypes, ValueError for shapes) and dtypes (int32/int64 inputs compute in float64; `lu`'s
permutation and `lu_factor`'s 0-based pivots are int32)."""
from __future__ import annotations

import builtins
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F

from mindshim.common.tensor import Tensor, wrap
from mindshim.ops.auto_generate import lstsq_v2_op

_INTS = (torch.int32, torch.int64)
_REAL = (torch.int32, torch.int64, torch.float32, torch.float64)


def _bool_args(func: str, **args: Any) -> None:
    for name, value in args.items():
        if not isinstance(value, bool):
            raise TypeError(f"For '{func}', the type of '{name}' should be bool, but got {type(value).__name__}.")


def _tensor(func: str, a: Any, name: str = "a", dtypes: tuple = _REAL) -> torch.Tensor:
    if not isinstance(a, Tensor):
        raise TypeError(f"For '{func}', the type of '{name}' should be Tensor, but got {type(a).__name__}.")
    if a.as_subclass(torch.Tensor).dtype not in dtypes:
        raise TypeError(f"For '{func}', the data type of '{name}' should be one of {list(dtypes)}, "
                        f"but got {a.dtype}.")
    return a


def _square(func: str, a: torch.Tensor, name: str = "a") -> None:
    if a.ndim != 2:
        raise ValueError(f"For '{func}', the dimension of '{name}' should be 2, but got {a.ndim}.")
    if a.shape[0] != a.shape[1]:
        raise ValueError(f"For '{func}', the matrix '{name}' should be a square matrix like (N, N), "
                         f"but got {tuple(a.shape)}.")


def _float(a: torch.Tensor) -> torch.Tensor:
    return a.to(torch.float64) if a.as_subclass(torch.Tensor).dtype in _INTS else a


def block_diag(*arrs: Any) -> Any:
    """The block-diagonal matrix of the (at most 2-D) inputs; no input gives a (1, 0) float32 Tensor."""
    if not arrs:
        return Tensor(np.zeros((1, 0), np.float32))
    if any(a.ndim > 2 for a in arrs):
        raise ValueError("Arguments to mindspore.scipy.linalg.block_diag must have at most 2 dimensions.")
    mats = [a.reshape(1, -1) if a.ndim < 2 else a for a in arrs]
    out = mats[0]
    for m in mats[1:]:
        cols = out.shape[-1]
        out = torch.cat([F.pad(out, (0, m.shape[-1])), F.pad(m, (cols, 0))], 0)
    return out


def inv(a: Any, overwrite_a: bool = False, check_finite: bool = True) -> Any:
    _bool_args("inv", overwrite_a=overwrite_a, check_finite=check_finite)
    _tensor("inv", a)
    _square("inv", a)
    return torch.linalg.inv_ex(_float(a))[0]  # a singular matrix gives no error, as in MindSpore


def _cholesky(func: str, a: Any, lower: Any, overwrite_a: Any, check_finite: Any) -> Any:
    _bool_args(func, overwrite_a=overwrite_a, check_finite=check_finite, lower=lower)
    _tensor(func, a)
    _square(func, a)
    c, info = torch.linalg.cholesky_ex(_float(a))
    if info.any():
        raise RuntimeError("Cholesky expects symmetric positive definite matrices as inputs.")
    return c if lower else c.mT.contiguous()


def cholesky(a: Any, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True) -> Any:
    return _cholesky("cholesky", a, lower, overwrite_a, check_finite)


def cho_factor(a: Any, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True) -> Any:
    return _cholesky("cho_factor", a, lower, overwrite_a, check_finite), lower


def cho_solve(c_and_lower: Any, b: Any, overwrite_b: bool = False, check_finite: bool = True) -> Any:
    c, lower = c_and_lower
    _bool_args("cho_solve", overwrite_b=overwrite_b, check_finite=check_finite, lower=lower)
    _tensor("cho_solve", c, "c")
    _tensor("cho_solve", b, "b")
    _square("cho_solve", c, "c")
    if b.ndim not in (1, 2):
        raise ValueError(f"For 'cho_solve', the dimension of 'b' should be 1 or 2, but got {b.ndim}.")
    if b.shape[0] != c.shape[0]:
        raise ValueError(f"For 'cho_solve', the last two dimensions of 'c' and 'b' should be matched, "
                         f"but got {tuple(c.shape)} and {tuple(b.shape)}.")
    if c.dtype != b.dtype:
        raise TypeError(f"For 'cho_solve', the data type of 'c' and 'b' should be the same, "
                        f"but got {c.dtype} and {b.dtype}.")
    c, b = _float(c), _float(b)
    vec = b.ndim == 1
    x = torch.cholesky_solve(b.unsqueeze(-1) if vec else b, c, upper=not lower)
    return x.squeeze(-1) if vec else x


_TRI_CAST = {torch.int8: torch.float32, torch.int16: torch.float32, torch.int32: torch.float32,
             torch.int64: torch.float64}
_TRI_KEEP = (torch.float16, torch.float32, torch.float64, torch.complex64, torch.complex128)


def solve_triangular(a: Any, b: Any, trans: Any = 0, lower: bool = False, unit_diagonal: bool = False,
                     overwrite_b: bool = False, debug: Any = None, check_finite: bool = True) -> Any:
    """x with op(a) x = b for triangular a (op per trans: 0/'N' a, 1/'T' a^T, 2/'C' a^H); batched; integer inputs
    solve in float32 (int64: float64), float16 keeps its dtype."""
    if isinstance(trans, str):
        if trans not in ("N", "T", "C"):
            raise ValueError("For SolveTriangular, Augment[trans] must be one of [1, 2, 3,'N', 'T', 'C'].")
        trans = {"N": 0, "T": 1, "C": 2}[trans]
    for name, x in (("a", a), ("b", b)):
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"For 'SolveTriangular', the input argument[{name}] must be a Tensor, "
                            f"but got {builtins.type(x).__name__}.")
        if x.as_subclass(torch.Tensor).dtype not in _TRI_KEEP + tuple(_TRI_CAST):
            raise TypeError(f"For 'SolveTriangular', the input argument[{name}] must be a float, complex or signed "
                            f"integer Tensor, but got {x.dtype}.")
    if a.dtype != b.dtype:
        raise TypeError("For 'SolveTriangular' the type of a and b must be same, but got type of a is different "
                        "from that of b.")
    if trans not in (0, 1, 2):
        raise RuntimeError(f"For 'SolveTriangular', 'trans' must be in [0, 1, 2, 'N', 'T', 'C'], but got [{trans}].")
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"For 'SolveTriangular', the last two dimensions of `a` should be the same, "
                         f"but got shape of {list(a.shape)}.")
    if b.ndim not in (a.ndim, a.ndim - 1):
        raise ValueError(f"For 'SolveTriangular', the dimension of `b` should be 'a.dim' or 'a.dim' - 1, which is "
                         f"{a.ndim} or {a.ndim - 1}, but got {b.ndim}.")
    vec = b.ndim == a.ndim - 1
    if (b.shape[-1] if vec else b.shape[-2]) != a.shape[-1]:
        raise ValueError(f"For 'SolveTriangular', the last two dimensions of `a` and `b` should be matched, "
                         f"but got shape of {list(a.shape)} and {list(b.shape)}.")
    a, b = a.as_subclass(torch.Tensor), b.as_subclass(torch.Tensor)
    out_dtype = _TRI_CAST.get(a.dtype, a.dtype)
    work = torch.float32 if out_dtype == torch.float16 else out_dtype
    a, b = a.to(work), b.to(work)
    if trans:
        a, lower = (a.mT if trans == 1 else a.mH), not lower
    x = torch.linalg.solve_triangular(a, b.unsqueeze(-1) if vec else b, upper=not lower,
                                      unitriangular=unit_diagonal)
    return wrap((x.squeeze(-1) if vec else x).to(out_dtype))


def eigh(a: Any, b: Any = None, lower: bool = True, eigvals_only: bool = False, overwrite_a: bool = False,
         overwrite_b: bool = False, turbo: bool = True, eigvals: Any = None, type: int = 1,
         check_finite: bool = True) -> Any:
    _bool_args("eigh", lower=lower, eigvals_only=eigvals_only, overwrite_a=overwrite_a, overwrite_b=overwrite_b,
               turbo=turbo)
    if not isinstance(type, int) or isinstance(type, bool):
        raise TypeError(f"For 'eigh', the type of 'type' should be int, but got {builtins.type(type).__name__}.")
    _bool_args("eigh", check_finite=check_finite)
    _tensor("eigh", a, dtypes=_REAL + (torch.complex64, torch.complex128))
    _square("eigh", a)
    if b is not None:
        raise ValueError("For 'eigh', 'b' is not supported yet (must be None).")
    if eigvals is not None:
        raise ValueError("For 'eigh', 'eigvals' is not supported yet (must be None).")
    uplo = "L" if lower else "U"
    a = _float(a)
    w, v = (torch.linalg.eigvalsh(a, UPLO=uplo), None) if eigvals_only else torch.linalg.eigh(a, UPLO=uplo)
    w = w.to(a.dtype)  # MindSpore's eigenvalues keep the input's dtype (complex for a Hermitian complex input)
    return w if eigvals_only else (w, v)


def _lu_checks(func: str, a: Any, **flags: Any) -> torch.Tensor:
    _bool_args(func, **flags)
    _tensor(func, a)
    return _float(a)


def lu_factor(a: Any, overwrite_a: bool = False, check_finite: bool = True) -> Any:
    _lu_checks("lu_factor", a, overwrite_a=overwrite_a, check_finite=check_finite)
    _square("lu_factor", a)
    lu_mat, pivots = torch.linalg.lu_factor(_float(a))
    return lu_mat, (pivots - 1).to(torch.int32)


def lu(a: Any, permute_l: bool = False, overwrite_a: bool = False, check_finite: bool = True) -> Any:
    _lu_checks("lu", a, permute_l=permute_l, overwrite_a=overwrite_a, check_finite=check_finite)
    if a.ndim != 2:
        raise ValueError(f"For 'lu', the dimension of 'a' should be 2, but got {a.ndim}.")
    if a.shape[0] > a.shape[1]:
        raise ValueError("last two dimensions of LU decomposition must be row less or equal to col.")
    p, l, u = torch.linalg.lu(_float(a))
    if permute_l:
        return p @ l, u
    return p.to(torch.int32), l, u


def lstsq(A: Any, B: Any, rcond: Any = None, driver: Any = None) -> Any:
    """(solution, residuals, rank, singular_values) of min ||A x - B||, as `ops.auto_generate.lstsq_v2_op`."""
    return lstsq_v2_op(A, B, driver)


__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "eigh", "inv", "lstsq", "lu", "lu_factor",
           "solve_triangular"]
