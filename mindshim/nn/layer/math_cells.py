"""mindspore.nn math cells: LGamma, DiGamma, IGamma, LBeta, MatDet, MatInverse, ReduceLogSumExp, MatrixDiag,
MatrixDiagPart, MatrixSetDiag.

Mapping decisions:
- LGamma/DiGamma/LBeta accept float16/float32 only (TypeError otherwise), IGamma float32 only, as MindSpore's
  cells check. MindSpore evaluates them with series approximations; torch's special functions give the same
  values to float32 precision. LBeta is computed in float64 (avoids the cancellation of three large lgammas).
- DiGamma is NaN at non-positive integers (MindSpore's select), torch gives -inf at 0.
- MatDet / MatInverse go through a Cholesky factor as MindSpore's do, so they are defined for symmetric
  positive-definite matrices (MindSpore 2.10's CPU backend has no kernel for them; this is the documented math).
- ReduceLogSumExp subtracts the global maximum (not the per-slice one) before exponentiating, as MindSpore does.
- MatrixDiag/MatrixDiagPart/MatrixSetDiag: batched diagonal build/extract/replace (no CPU kernel in MindSpore 2.10).
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.nn.cell import Cell

_F16_F32 = (torch.float16, torch.float32)


def _check_dtype(name: str, x: torch.Tensor, allowed: tuple, cls: str) -> None:
    if x.dtype not in allowed:
        names = ", ".join(str(mstype.from_torch(d)) for d in allowed)
        raise TypeError(f"For '{cls}', the '{name}' should be one of [{names}], "
                        f"but got '{mstype.from_torch(x.dtype)}'.")


def _tensor(cls: str, name: str, x: Any) -> torch.Tensor:
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{cls}', the '{name}' must be a Tensor, but got {type(x).__name__}.")
    return x


class LGamma(Cell):
    """nn.LGamma(): log|Gamma(x)|, +inf at non-positive integers and at +-inf."""

    _fast = True

    def construct(self, x):
        _check_dtype("x", _tensor("LGamma", "x", x), _F16_F32, "LGamma")
        out = torch.lgamma(x.float()).to(x.dtype)
        return torch.where(torch.isinf(x), torch.full_like(out, float("inf")), out)


class DiGamma(Cell):
    """nn.DiGamma(): the logarithmic derivative of Gamma; NaN at non-positive integers."""

    _fast = True

    def construct(self, x):
        _check_dtype("x", _tensor("DiGamma", "x", x), _F16_F32, "DiGamma")
        xf = x.float()
        out = torch.digamma(xf)
        pole = (xf <= 0) & (xf == torch.floor(xf))
        return torch.where(pole, torch.full_like(out, float("nan")), out).to(x.dtype)


class IGamma(Cell):
    """nn.IGamma(): the regularized lower incomplete gamma function P(a, x), float32."""

    _fast = True

    def construct(self, a, x):
        _check_dtype("a", _tensor("IGamma", "a", a), (torch.float32,), "IGamma")
        _check_dtype("x", _tensor("IGamma", "x", x), (a.dtype,), "IGamma")
        a_b, x_b = torch.broadcast_tensors(a, x)
        out = torch.special.gammainc(a_b, x_b)
        bad = (a_b <= 0) | (x_b < 0) | torch.isnan(a_b) | torch.isnan(x_b)
        return torch.where(bad, torch.full_like(out, float("nan")), out)


class LBeta(Cell):
    """nn.LBeta(): log|Beta(x, y)| = lgamma(x) + lgamma(y) - lgamma(x + y)."""

    _fast = True

    def construct(self, x, y):
        _check_dtype("x", _tensor("LBeta", "x", x), _F16_F32, "LBeta")
        _check_dtype("y", _tensor("LBeta", "y", y), (x.dtype,), "LBeta")
        xd, yd = x.double(), y.double()
        return (torch.lgamma(xd) + torch.lgamma(yd) - torch.lgamma(xd + yd)).to(x.dtype)


def _cholesky(cls: str, a: torch.Tensor) -> torch.Tensor:
    _check_dtype("input_a", _tensor(cls, "a", a), _F16_F32, cls)
    if a.dim() < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"For '{cls}', the input must be a batch of square matrices, but got shape "
                         f"{tuple(a.shape)}.")
    low, info = torch.linalg.cholesky_ex(a.float())
    if bool((info != 0).any()):
        raise ValueError(f"For '{cls}', the input matrix must be symmetric positive-definite.")
    return low


class MatDet(Cell):
    """nn.MatDet(): determinant of symmetric positive-definite matrices (squared product of the Cholesky
    diagonal)."""

    _fast = True

    def construct(self, a):
        low = _cholesky("MatDet", a)
        return torch.diagonal(low, dim1=-2, dim2=-1).prod(-1).square().to(a.dtype)


class MatInverse(Cell):
    """nn.MatInverse(): inverse of symmetric positive-definite matrices through their Cholesky factor."""

    _fast = True

    def construct(self, a):
        low = _cholesky("MatInverse", a)
        return torch.cholesky_inverse(low).to(a.dtype)


class ReduceLogSumExp(Cell):
    """nn.ReduceLogSumExp(axis, keep_dims=False): log(sum(exp(x - max(x)), axis)) + max(x), max over all of x."""

    _fast = True

    def __init__(self, axis: Any, keep_dims: bool = False) -> None:
        super().__init__()
        validator.check_value_type("axis", axis, [int, list, tuple], "ReduceLogSumExp")
        validator.check_value_type("keep_dims", keep_dims, [bool], "ReduceLogSumExp")
        self.axis = axis
        self.keep_dims = keep_dims

    def construct(self, x):
        x = _tensor("ReduceLogSumExp", "x", x)
        if not x.is_floating_point():
            raise TypeError(f"For 'Exp', the type of 'input' should be a float tensor, "
                            f"but got {mstype.from_torch(x.dtype)}.")
        m = x.max()
        e = torch.exp(x - m)
        dims = [self.axis] if isinstance(self.axis, int) else list(self.axis)
        for d in dims:
            if not -max(x.dim(), 1) <= d < max(x.dim(), 1):
                raise ValueError(f"For 'ReduceSum', the 'axis' must be in range [{-x.dim()}, {x.dim()}), "
                                 f"but got {d}.")
        if not dims:  # () / []: every axis
            dims = list(range(x.dim()))
        s = e.sum(dim=dims, keepdim=self.keep_dims) if dims else e
        return torch.log(s) + m


class MatrixDiag(Cell):
    """nn.MatrixDiag(): (..., k) -> (..., k, k) with the input on the diagonal."""

    _fast = True

    def construct(self, input_x):
        x = _tensor("MatrixDiag", "input_x", input_x)
        if x.dim() < 1:
            raise ValueError("For 'MatrixDiag', the rank of 'input_x' must be at least 1.")
        return torch.diag_embed(x)


class MatrixDiagPart(Cell):
    """nn.MatrixDiagPart(): (..., M, N) -> (..., min(M, N)), the main diagonal."""

    _fast = True

    def construct(self, input_x):
        x = _tensor("MatrixDiagPart", "input_x", input_x)
        if x.dim() < 2:
            raise ValueError("For 'MatrixDiagPart', the rank of 'input_x' must be at least 2.")
        return torch.diagonal(x, dim1=-2, dim2=-1).contiguous()


class MatrixSetDiag(Cell):
    """nn.MatrixSetDiag(): (..., M, N) with its main diagonal replaced by `diagonal` (..., min(M, N))."""

    _fast = True

    def construct(self, input_x, diagonal):
        x = _tensor("MatrixSetDiag", "input_x", input_x)
        d = _tensor("MatrixSetDiag", "diagonal", diagonal)
        if x.dim() < 2:
            raise ValueError("For 'MatrixSetDiag', the rank of 'input_x' must be at least 2.")
        k = min(x.shape[-2], x.shape[-1])
        if tuple(d.shape) != tuple(x.shape[:-2]) + (k,):
            raise ValueError(f"For 'MatrixSetDiag', the shape of 'diagonal' must be "
                             f"{tuple(x.shape[:-2]) + (k,)}, but got {tuple(d.shape)}.")
        out = x.clone()
        torch.diagonal(out, dim1=-2, dim2=-1).copy_(d.to(x.dtype))
        return out


__all__ = ["LGamma", "DiGamma", "IGamma", "LBeta", "MatDet", "MatInverse", "ReduceLogSumExp", "MatrixDiag",
           "MatrixDiagPart", "MatrixSetDiag"]
