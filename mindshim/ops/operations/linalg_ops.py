"""Linear algebra primitives (mindspore.ops.operations.linalg_ops names and their r1.x relatives:
`P.Svd(full_matrices, compute_uv)`, `P.Qr()`, `P.Eig(compute_v)`, `P.MatrixSolve(adjoint)`, ...).

Mapping decisions (MindSpore 2.10 CPU):
- `Svd` returns (s, u, v) with v (not v^H); with compute_uv=False u and v are Tensors of shape (1,) holding 0.
- `Eig(compute_v=False)` returns (eigenvalues, a 0-d complex zero) as MindSpore does.
- `MatrixSolveLs(fast)` solves the regularised normal equations when `fast` and l2 > 0, else the minimum-norm
  least-squares solution (pseudo-inverse); `Lstsq` accepts only its defaults (as MindSpore 2.10).
- `MatrixTriangularSolve(lower, adjoint)` reads only the named triangle of the matrix.
- `TridiagonalMatMul(superdiag, maindiag, subdiag, rhs)`: diagonals of shape (..., 1, M); superdiag[..., -1]
  and subdiag[..., 0] are ignored.
- The *V3 diagonal primitives take k, num_rows, num_cols and padding_value as tensors (see linalg_more_func).
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import plain, wrap
from mindshim.ops.function import linalg_func as L
from mindshim.ops.function import linalg_more_func as LM
from mindshim.ops.function.array_more_func import matrix_band_part
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__
_SIMPLE = {
    "Geqrf": LM.geqrf, "LogMatrixDeterminant": LM.log_matrix_determinant, "LuSolve": LM.lu_solve,
    "MatrixExp": L.matrix_exp, "Orgqr": LM.orgqr, "MatrixBandPart": matrix_band_part, "Dense": LM.dense_prim,
}
for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


def _bool(name: str, attr: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"For '{name}', the '{attr}' must be a bool, but got {type(v).__name__}.")
    return v


class _Upper(Primitive):
    def __init__(self, upper: bool = False) -> None:
        super().__init__()
        self.upper = _bool(type(self).__name__, "upper", upper)


class CholeskyInverse(_Upper):
    def __call__(self, input_x: Any) -> Any:
        return LM.cholesky_inverse(input_x, self.upper)


class CholeskySolve(_Upper):
    def __call__(self, x1: Any, x2: Any) -> Any:
        return LM.cholesky_solve(x1, x2, self.upper)


class ConjugateTranspose(Primitive):
    def __call__(self, x: Any, perm: Any) -> Any:
        return torch.permute(x, tuple(perm)).conj().resolve_conj()


class Eig(Primitive):
    def __init__(self, compute_v: bool = False) -> None:
        super().__init__()
        self.compute_v = _bool("Eig", "compute_v", compute_v)

    def __call__(self, x: Any) -> Any:
        if self.compute_v:
            return LM.eig(x)
        w = LM.eigvals(x)
        return w, wrap(torch.zeros((), dtype=plain(w).dtype, device=w.device))


class Svd(Primitive):
    def __init__(self, full_matrices: bool = False, compute_uv: bool = True) -> None:
        super().__init__()
        self.full_matrices = _bool("Svd", "full_matrices", full_matrices)
        self.compute_uv = _bool("Svd", "compute_uv", compute_uv)

    def __call__(self, input: Any) -> Any:
        x = LM._matrix("Svd", input, "fc")
        if self.compute_uv:
            s, u, v = L.svd(x, self.full_matrices, True)
            return s.to(plain(x).dtype), u, v.resolve_conj()  # complex input: MindSpore's s is complex too
        s = L.svd(x, self.full_matrices, False).to(plain(x).dtype)
        zero = wrap(torch.zeros(1, dtype=plain(s).dtype, device=s.device))
        return s, zero, zero.clone()


class Qr(Primitive):
    def __init__(self, full_matrices: bool = False) -> None:
        super().__init__()
        self.full_matrices = _bool("Qr", "full_matrices", full_matrices)

    def __call__(self, x: Any) -> Any:
        mode = "complete" if self.full_matrices else "reduced"
        return LM.widened(lambda t: L.qr(t, mode), LM._matrix("Qr", x, "fhc"))


class Lstsq(Primitive):
    """MindSpore 2.10 accepts only fast=True and l2_regularizer=0.0 here (TypeError otherwise)."""

    def __init__(self, fast: bool = True, l2_regularizer: float = 0.0) -> None:
        super().__init__()
        for k, v, want in (("fast", fast, True), ("l2_regularizer", l2_regularizer, 0.0)):
            if v != want:
                raise TypeError(f"For 'Lstsq', the '{k}' should be {want}, but got {v!r}.")
        self.fast, self.l2_regularizer = fast, l2_regularizer

    def __call__(self, x: Any, a: Any) -> Any:
        return LM.lstsq(x, a)


class MatrixSolveLs(Primitive):
    def __init__(self, fast: bool = True) -> None:
        super().__init__()
        self.fast = _bool("MatrixSolveLs", "fast", fast)

    def __call__(self, matrix: Any, rhs: Any, l2_regularizer: Any) -> Any:
        m, r = LM._matrix("MatrixSolveLs", matrix), LM._matrix("MatrixSolveLs", rhs)
        if not isinstance(l2_regularizer, torch.Tensor) or plain(l2_regularizer).dtype != torch.float64:
            raise TypeError("For 'MatrixSolveLs', the 'l2_regularizer' must be a float64 Tensor.")
        if plain(m).dtype != plain(r).dtype or m.shape[:-1] != r.shape[:-1]:
            raise ValueError(f"For 'MatrixSolveLs', matrix {tuple(m.shape)} and rhs {tuple(r.shape)} do not match.")
        return LM.lstsq_solve(m, r, float(l2_regularizer), self.fast)


class LuUnpack(Primitive):
    def __init__(self, unpack_data: bool = True, unpack_pivots: bool = True) -> None:
        super().__init__()
        self.unpack_data = _bool("LuUnpack", "unpack_data", unpack_data)
        self.unpack_pivots = _bool("LuUnpack", "unpack_pivots", unpack_pivots)

    def __call__(self, LU_data: Any, LU_pivots: Any) -> Any:
        return LM.lu_unpack(LU_data, LU_pivots, self.unpack_data, self.unpack_pivots)


class MatrixLogarithm(Primitive):
    def __call__(self, x: Any) -> Any:
        x = LM._square("MatrixLogarithm", x)
        if not x.is_complex():
            raise TypeError(f"For 'MatrixLogarithm', the input must be complex64 or complex128, but got {x.dtype}.")
        w, v = torch.linalg.eig(x)
        return (v @ torch.diag_embed(torch.log(w)) @ torch.linalg.inv(v)).to(plain(x).dtype)


class MatrixPower(Primitive):
    def __init__(self, n: int) -> None:
        super().__init__()
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"For 'MatrixPower', the 'n' must be an int, but got {type(n).__name__}.")
        self.n = n

    def __call__(self, x: Any) -> Any:
        x = LM._square("MatrixPower", x, "fi")
        if x.dim() != 3:
            raise ValueError(f"For 'MatrixPower', the input must be 3-D (batch, n, n), but got {x.dim()}-D.")
        return LM.widened(lambda t: torch.linalg.matrix_power(t, self.n), x)


class MatrixSolve(Primitive):
    def __init__(self, adjoint: bool = False) -> None:
        super().__init__()
        self.adjoint = _bool("MatrixSolve", "adjoint", adjoint)

    def __call__(self, matrix: Any, rhs: Any) -> Any:
        a = LM._square("MatrixSolve", matrix, "fhc")
        return LM.widened(lambda p, q: L.matrix_solve(p, q, self.adjoint), a, rhs)


class MatrixTriangularSolve(Primitive):
    def __init__(self, lower: bool = True, adjoint: bool = False) -> None:
        super().__init__()
        self.lower = _bool("MatrixTriangularSolve", "lower", lower)
        self.adjoint = _bool("MatrixTriangularSolve", "adjoint", adjoint)

    def __call__(self, matrix: Any, rhs: Any) -> Any:
        a = LM._square("MatrixTriangularSolve", matrix)
        upper = not self.lower
        if self.adjoint:
            a, upper = LM.adjoint(a), not upper
        a = torch.triu(a) if upper else torch.tril(a)
        return torch.linalg.solve_triangular(a, rhs, upper=upper)


class NuclearNorm(Primitive):
    def __init__(self, dim: Any = None, keepdim: bool = False) -> None:
        super().__init__()
        self.dim, self.keepdim = (None if dim is None else list(dim)), _bool("NuclearNorm", "keepdim", keepdim)

    def __call__(self, input: Any) -> Any:
        x = LM._float("NuclearNorm", input, "f")
        if self.dim is None and x.dim() != 2:
            raise ValueError(f"For 'NuclearNorm', when dim is None the input must be 2-D, but got {x.dim()}-D.")
        dim = (0, 1) if self.dim is None else tuple(self.dim)
        if len(dim) != 2 or any(not -x.dim() <= d < x.dim() for d in dim) or dim[0] % x.dim() == dim[1] % x.dim():
            raise ValueError(f"For 'NuclearNorm', dim must be two distinct axes of the input, but got {self.dim}.")
        return torch.linalg.matrix_norm(x, "nuc", dim=dim, keepdim=self.keepdim)


class Ormqr(Primitive):
    def __init__(self, left: bool = True, transpose: bool = False) -> None:
        super().__init__()
        self.left = _bool("Ormqr", "left", left)
        self.transpose = _bool("Ormqr", "transpose", transpose)

    def __call__(self, x: Any, tau: Any, other: Any) -> Any:
        return LM.ormqr(x, tau, other, self.left, self.transpose)


class TridiagonalMatMul(Primitive):
    def __call__(self, superdiag: Any, maindiag: Any, subdiag: Any, rhs: Any) -> Any:
        sup, main, sub = (LM._float("TridiagonalMatMul", d, "fhc").transpose(-1, -2)
                          for d in (superdiag, maindiag, subdiag))
        zero = torch.zeros_like(rhs[..., :1, :])
        up = torch.cat([rhs[..., 1:, :], zero], -2)  # row i sees rhs[i + 1]
        down = torch.cat([zero, rhs[..., :-1, :]], -2)  # row i sees rhs[i - 1]
        return main * rhs + sup * up + sub * down


class _DiagV3(Primitive):
    def __init__(self, align: str = "RIGHT_LEFT") -> None:
        super().__init__()
        if align not in LM._ALIGNS:
            raise ValueError(f"For '{type(self).__name__}', align must be one of {LM._ALIGNS}, but got {align!r}.")
        self.align = align


class MatrixDiagV3(_DiagV3):
    def __call__(self, x: Any, k: Any, num_rows: Any, num_cols: Any, padding_value: Any) -> Any:
        return LM.matrix_diag(x, k, num_rows, num_cols, padding_value, self.align)


class MatrixDiagPartV3(_DiagV3):
    def __call__(self, x: Any, k: Any, padding_value: Any) -> Any:
        return LM.matrix_diag_part(x, k, padding_value, self.align)


class MatrixSetDiagV3(_DiagV3):
    def __call__(self, x: Any, diagonal: Any, k: Any) -> Any:
        return LM.matrix_set_diag(x, diagonal, k, self.align)


__all__ = sorted(list(_SIMPLE) + [
    "CholeskyInverse", "CholeskySolve", "ConjugateTranspose", "Eig", "Svd", "Qr", "Lstsq", "MatrixSolveLs",
    "LuUnpack", "MatrixLogarithm", "MatrixPower", "MatrixSolve", "MatrixTriangularSolve", "NuclearNorm", "Ormqr",
    "TridiagonalMatMul", "MatrixDiagV3", "MatrixDiagPartV3", "MatrixSetDiagV3"])

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
