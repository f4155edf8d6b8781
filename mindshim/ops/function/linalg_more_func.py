"""More linear algebra (mindspore.ops.*): Cholesky/LU solves, eig, geqrf/orgqr/ormqr, lstsq, log-determinant,
the TF-style matrix_diag family, adjoint, bidense and baddbmm_ext.

Mapping decisions (MindSpore 2.10 CPU, checked against the real thing):
- `eig(A)` returns complex (eigenvalues, eigenvectors) and `eigvals(A)` the eigenvalues; LAPACK's order
  is kept (MindSpore's may differ, eigen decompositions are only unique up to order and scale).
- `geqrf` returns (packed QR, tau) as LAPACK does; `orgqr`/`ormqr` consume that form.
- `lstsq(input, A)` solves min ||input @ X - A|| (the first argument is the matrix), as MindSpore's Lstsq;
  `log_matrix_determinant` returns (sign, log|det|) like slogdet.
- `lu_solve`/`lu_unpack` take LAPACK's 1-based pivots; lu_unpack returns (P, L, U).
- `matrix_diag`/`matrix_diag_part`/`matrix_set_diag` follow TensorFlow's *V3 layout: a diagonal band
  `k=(k_min, k_max)` is stored from k_max down to k_min, each row of length max_diag_len aligned by `align`
  ("RIGHT_LEFT": superdiagonals right-aligned, subdiagonals left-aligned). Index maps are built on the host.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.ops.function._args import as_tensor as _t

_ALIGNS = ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT")


_KINDS = {"f": (torch.float32, torch.float64), "h": (torch.float16,), "c": (torch.complex64, torch.complex128),
          "i": (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16, torch.uint32,
                torch.uint64)}


def _float(name: str, x: Any, kinds: str = "fc") -> torch.Tensor:
    """x, when it is a Tensor of one of the dtype kinds MindSpore's CPU kernel takes (f: float32/64, h: float16,
    c: complex, i: integers); TypeError otherwise."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(x).__name__}.")
    if not any(plain(x).dtype in _KINDS[k] for k in kinds):
        raise TypeError(f"For '{name}', the input dtype {x.dtype} is not supported.")
    return x


def _matrix(name: str, x: Any, kinds: str = "fc") -> torch.Tensor:
    x = _float(name, x, kinds)
    if x.dim() < 2:
        raise ValueError(f"For '{name}', the input must have at least 2 dimensions, but got {x.dim()}.")
    return x


def _square(name: str, x: Any, kinds: str = "fc") -> torch.Tensor:
    x = _matrix(name, x, kinds)
    if x.shape[-1] != x.shape[-2]:
        raise ValueError(f"For '{name}', the input must be square matrices, but got shape {tuple(x.shape)}.")
    return x


def widened(fn: Any, *args: Any) -> Any:
    """fn on float16/integer tensors computed in float32/float64; floating results are cast back to the
    first argument's dtype (LAPACK has no half or integer kernels)."""
    dt = plain(args[0]).dtype
    wide = torch.float32 if dt == torch.float16 else None if dt.is_floating_point or dt.is_complex else torch.float64
    if wide is None:
        return fn(*args)
    out = fn(*(a.to(wide) if isinstance(a, torch.Tensor) and plain(a).dtype == dt else a for a in args))

    def back(t: Any) -> Any:
        if isinstance(t, torch.Tensor) and plain(t).dtype == wide:
            return (t.round() if not dt.is_floating_point else t).to(dt)
        return t

    return tuple(back(t) for t in out) if isinstance(out, tuple) else back(out)


def adjoint(x: Any) -> Tensor:
    return torch.transpose(_t(x), -1, -2).conj().resolve_conj()


def cholesky_inverse(input_x: Any, upper: bool = False) -> Tensor:
    x = _square("cholesky_inverse", input_x, "fh")
    if x.dim() != 2:
        raise ValueError(f"For 'cholesky_inverse', the input must be a 2-D matrix, but got {x.dim()}-D.")
    # MindSpore reads the whole matrix (no triangle mask): inv(x x^H), or inv(x^H x) when upper
    return widened(lambda t: torch.linalg.inv(t.mH @ t if upper else t @ t.mH), x)


def cholesky_solve(input: Any, input2: Any, upper: bool = False) -> Tensor:
    b, u = _float("cholesky_solve", input, "f"), _square("cholesky_solve", input2, "f")
    if plain(b).dtype != plain(u).dtype:
        raise TypeError(f"For 'cholesky_solve', the inputs must have the same dtype, but got {b.dtype} and {u.dtype}.")
    return torch.cholesky_solve(b, u, upper=upper)


def eig(A: Any) -> tuple:
    w, v = torch.linalg.eig(_square("eig", A))
    return w, v


def eigvals(A: Any) -> Tensor:
    return torch.linalg.eigvals(_square("eigvals", A))


def geqrf(input: Any) -> tuple:
    a, tau = widened(torch.geqrf, _matrix("geqrf", input, "fh"))
    return a, tau


def orgqr(input: Any, input2: Any) -> Tensor:
    x = _matrix("orgqr", input)
    if x.shape[-2] < x.shape[-1]:
        raise ValueError(f"For 'orgqr', the input must have rows >= columns, but got shape {tuple(x.shape)}.")
    return torch.linalg.householder_product(x, _t(input2))


def ormqr(input: Any, tau: Any, other: Any, left: bool = True, transpose: bool = False) -> Tensor:
    return torch.ormqr(_matrix("ormqr", input), _t(tau), _t(other), left=left, transpose=transpose)


def log_matrix_determinant(input: Any) -> tuple:
    sign, logabs = widened(torch.linalg.slogdet, _square("log_matrix_determinant", input, "fhc"))
    return sign, logabs


def lstsq_solve(x: Any, a: Any, l2: float = 0.0, fast: bool = True) -> torch.Tensor:
    """min ||x @ y - a|| (least norm when x is wide); `fast` uses the regularised normal equations."""
    if not fast or l2 == 0.0:
        return torch.linalg.pinv(x) @ a
    xh = torch.transpose(x, -1, -2).conj()
    m, n = x.shape[-2:]
    if m >= n:
        eye = torch.eye(n, dtype=plain(x).dtype, device=x.device)
        return torch.linalg.solve(xh @ x + l2 * eye, xh @ a)
    eye = torch.eye(m, dtype=plain(x).dtype, device=x.device)
    return xh @ torch.linalg.solve(x @ xh + l2 * eye, a)


def lstsq(input: Any, A: Any) -> Tensor:
    x, a = _float("lstsq", input, "fh"), _float("lstsq", A, "fh")
    if plain(x).dtype != plain(a).dtype:
        raise TypeError(f"For 'lstsq', the inputs must have the same dtype, but got {x.dtype} and {a.dtype}.")
    if x.dim() != 2 or a.dim() not in (1, 2) or x.shape[0] != a.shape[0]:
        raise ValueError(f"For 'lstsq', expected a 2-D matrix and a 1-D/2-D right side with equal rows, "
                         f"but got {tuple(x.shape)} and {tuple(a.shape)}.")
    # a vector right side gives an (n, 1) result, as MindSpore's
    return widened(lstsq_solve, x, a.unsqueeze(-1) if a.dim() == 1 else a)


def _pivots(name: str, piv: Any, n: int) -> torch.Tensor:
    """LAPACK's 1-based pivots, range-checked on the host (never handed to a kernel out of range)."""
    piv = _t(piv)
    if piv.is_floating_point() or piv.is_complex() or plain(piv).dtype == torch.bool:
        raise TypeError(f"For '{name}', LU_pivots must be an integer Tensor, but got {piv.dtype}.")
    if piv.numel() and (int(piv.min()) < 1 or int(piv.max()) > n):
        raise ValueError(f"For '{name}', the values of LU_pivots must lie in [1, {n}].")
    return piv.to(torch.int32)


def lu_solve(b: Any, LU_data: Any, LU_pivots: Any) -> Tensor:
    lu = _square("lu_solve", LU_data, "fh")
    piv = _pivots("lu_solve", LU_pivots, lu.shape[-2])
    return widened(lambda p, q: torch.linalg.lu_solve(p, piv, q), lu, _t(b))


def lu_unpack(LU_data: Any, LU_pivots: Any, unpack_data: bool = True, unpack_pivots: bool = True) -> tuple:
    lu = _matrix("lu_unpack", LU_data, "fhi")
    piv = _pivots("lu_unpack", LU_pivots, lu.shape[-2])
    p, l, u = widened(lambda t: torch.lu_unpack(t, piv, unpack_data, unpack_pivots), lu)
    return p.to(plain(lu).dtype), l, u


def baddbmm_ext(input: Any, batch1: Any, batch2: Any, *, beta: Any = 1, alpha: Any = 1) -> Tensor:
    return torch.baddbmm(_t(input), _t(batch1), _t(batch2), beta=beta, alpha=alpha)


def dense_prim(input: Any, weight: Any, bias: Any = None) -> Tensor:
    """The Dense primitive: input @ weight.T (+ bias); bool and complex inputs raise TypeError as MindSpore's."""
    x = _float("Dense", _t(input), "fhic")
    return torch.nn.functional.linear(x, _t(weight), None if bias is None else _t(bias))


def bidense(input1: Any, input2: Any, weight: Any, bias: Any = None) -> Tensor:
    """x1^T W x2 (+ bias) per output feature; integer inputs give Int64 (MindSpore's kernel), bool raises."""
    x1 = _float("bidense", _t(input1), "fhic")
    out = widened(lambda a, b, w, c: torch.nn.functional.bilinear(a, b, w, c), x1, _t(input2), _t(weight),
                  None if bias is None else _t(bias))
    return out if x1.is_floating_point() or x1.is_complex() else out.to(torch.int64)


# ----- TensorFlow-style diagonal bands -----
def _k_range(name: str, k: Any) -> tuple[int, int]:
    ks = np.asarray(plain(k).cpu() if isinstance(k, torch.Tensor) else k).reshape(-1).tolist()
    if len(ks) not in (1, 2) or (len(ks) == 2 and ks[0] > ks[1]):
        raise ValueError(f"For '{name}', k must be an int or a pair (k_min <= k_max), but got {ks}.")
    return int(ks[0]), int(ks[-1])


def _band(name: str, rows: int, cols: int, k_lo: int, k_hi: int, align: str) -> tuple:
    """Host index maps for the band: (diag index, position, row, col) of every in-matrix element, and max length."""
    if align not in _ALIGNS:
        raise ValueError(f"For '{name}', align must be one of {_ALIGNS}, but got {align!r}.")
    if not (-rows < k_lo <= k_hi < cols) and not (rows == 0 or cols == 0):
        raise ValueError(f"For '{name}', k must lie in ({-rows}, {cols}), but got ({k_lo}, {k_hi}).")
    lens = {d: min(rows + min(0, d), cols - max(0, d)) for d in range(k_lo, k_hi + 1)}
    width = max(lens.values())
    idx = [], [], [], []
    for d in range(k_hi, k_lo - 1, -1):
        right = align.split("_")[0 if d >= 0 else 1] == "RIGHT"
        off = width - lens[d] if right else 0
        for n in range(lens[d]):
            for lst, v in zip(idx, (k_hi - d, n + off, n + max(0, -d), n + max(0, d))):
                lst.append(v)
    return tuple(torch.tensor(v, dtype=torch.long) for v in idx), width


def _take(t: torch.Tensor, i: torch.Tensor, j: torch.Tensor, cols: int) -> torch.Tensor:
    """t[..., i, j] for host index vectors, without advanced indexing on the tensor subclass."""
    return t.flatten(-2).index_select(-1, (i * cols + j).to(t.device))


def _put(t: torch.Tensor, i: torch.Tensor, j: torch.Tensor, vals: torch.Tensor) -> torch.Tensor:
    """A copy of t with t[..., i, j] = vals (out of place, differentiable in both)."""
    rows, cols = t.shape[-2:]
    flat = t.flatten(-2).index_copy(-1, (i * cols + j).to(t.device), vals.to(plain(t).dtype))
    return flat.reshape(t.shape)


def _scalar(x: Any) -> Any:
    return plain(x).item() if isinstance(x, torch.Tensor) else x


def matrix_diag(x: Any, k: Any = 0, num_rows: Any = -1, num_cols: Any = -1, padding_value: Any = 0,
                align: str = "RIGHT_LEFT") -> Tensor:
    x = _float("matrix_diag", _t(x), "fhi")
    k_lo, k_hi = _k_range("matrix_diag", k)
    width = x.shape[-1]
    min_rows, min_cols = width - min(k_hi, 0), width + max(k_lo, 0)
    rows, cols = int(_scalar(num_rows)), int(_scalar(num_cols))
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    rows, cols = (min_rows if rows == -1 else rows), (min_cols if cols == -1 else cols)
    if rows < min_rows or cols < min_cols or (rows != min_rows and cols != min_cols):
        raise ValueError("For 'matrix_diag', the number of rows or columns is not consistent with k and x.")
    (di, pos, ri, ci), w = _band("matrix_diag", rows, cols, k_lo, k_hi, align)
    if w != width:
        raise ValueError(f"For 'matrix_diag', the last dimension of x must be {w}, but got {width}.")
    band = x if k_lo != k_hi else x.unsqueeze(-2)
    out = torch.full(tuple(x.shape[:band.dim() - 2]) + (rows, cols), _scalar(padding_value), dtype=plain(x).dtype,
                     device=x.device)
    return wrap(_put(out, ri, ci, _take(band, di, pos, width)))


def matrix_diag_part(x: Any, k: Any, padding_value: Any, align: str = "RIGHT_LEFT") -> Tensor:
    for arg, nm in ((k, "k"), (padding_value, "padding_value")):
        if not isinstance(arg, torch.Tensor):
            raise TypeError(f"For 'matrix_diag_part', {nm} must be a Tensor, but got {type(arg).__name__}.")
    x = _float("matrix_diag_part", _t(x), "fhi")
    k_lo, k_hi = _k_range("matrix_diag_part", k)
    (di, pos, ri, ci), width = _band("matrix_diag_part", x.shape[-2], x.shape[-1], k_lo, k_hi, align)
    out = torch.full(tuple(x.shape[:-2]) + (k_hi - k_lo + 1, width), _scalar(padding_value), dtype=plain(x).dtype,
                     device=x.device)
    out = _put(out, di, pos, _take(x, ri, ci, x.shape[-1]))
    return wrap(out.squeeze(-2) if k_lo == k_hi else out)


def matrix_set_diag(x: Any, diagonal: Any, k: Any = 0, align: str = "RIGHT_LEFT") -> Tensor:
    x, diag = _float("matrix_set_diag", _t(x), "fhi"), _t(diagonal)
    k_lo, k_hi = _k_range("matrix_set_diag", k)
    (di, pos, ri, ci), width = _band("matrix_set_diag", x.shape[-2], x.shape[-1], k_lo, k_hi, align)
    band = diag if k_lo != k_hi else diag.unsqueeze(-2)
    if band.shape[-1] != width or band.shape[-2] != k_hi - k_lo + 1 or band.shape[:-2] != x.shape[:-2]:
        raise ValueError(f"For 'matrix_set_diag', diagonal has shape {tuple(diag.shape)}, which does not match "
                         f"x {tuple(x.shape)} and k ({k_lo}, {k_hi}).")
    return wrap(_put(x, ri, ci, _take(band, di, pos, width)))


__all__ = ["adjoint", "cholesky_inverse", "cholesky_solve", "eig", "eigvals", "geqrf", "orgqr", "ormqr",
           "log_matrix_determinant", "lstsq", "lu_solve", "lu_unpack", "baddbmm_ext", "bidense", "matrix_diag",
           "matrix_diag_part", "matrix_set_diag"]
