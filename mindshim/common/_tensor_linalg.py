"""Tensor linear-algebra methods with MindSpore 2.10's semantics: shape errors are ValueError (checked on the host),
`dot` is MindSpore's tensor dot of tensors of rank >= 2 (float16/float32), `qr(some)`, `svd` returns (s, u, v),
`lstsq(A)` solves min ||self @ X - A||, `addr(vec1, vec2, beta, alpha)` takes beta/alpha positionally, and the
torch-style decompositions torch removed from Tensor (cholesky, qr, lstsq, triangular_solve) are provided."""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim.common._tensor_methods import from_function, ms_method

_TB = torch._C.TensorBase


def _dtype(t: torch.Tensor) -> torch.dtype:
    return _TB.dtype.__get__(t)


def _square(name: str, x: torch.Tensor) -> None:
    if x.dim() < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"For 'Tensor.{name}', the input must be a batch of square matrices, but got shape "
                         f"{tuple(x.shape)}.")


def _square_first(name: str, target: str | None = None) -> Callable:
    forward = from_function(f"mindshim.ops:{target or name}", name)

    def method(self, *args: Any, **kwargs: Any) -> Any:
        _square(name, self)
        return forward(self, *args, **kwargs)
    return ms_method(method, name)


def mm(self, mat2):
    if self.dim() != 2 or mat2.dim() != 2 or self.shape[1] != mat2.shape[0]:
        raise ValueError(f"For 'Tensor.mm', the shapes {tuple(self.shape)} and {tuple(mat2.shape)} cannot be "
                         "multiplied.")
    return torch.mm(self, mat2)


def bmm(self, mat2):
    if self.dim() != 3 or mat2.dim() != 3 or self.shape[0] != mat2.shape[0] or self.shape[2] != mat2.shape[1]:
        raise ValueError(f"For 'Tensor.bmm', the shapes {tuple(self.shape)} and {tuple(mat2.shape)} cannot be "
                         "batch-multiplied.")
    return torch.bmm(self, mat2)


def dot(self, other):
    """MindSpore's Tensor.dot: contracts the last axis of self with the second-to-last of other (ranks >= 2)."""
    for t in (self, other):
        if _dtype(t) not in (torch.float16, torch.float32):
            raise TypeError(f"For 'dot', the inputs must be float16 or float32, but got {_dtype(t)}.")
    if self.dim() < 2 or other.dim() < 2:
        raise ValueError(f"For 'dot', the inputs x1, x2 should have 'dimension >= 2', but got {self.dim()} and "
                         f"{other.dim()}.")
    if self.shape[-1] != other.shape[-2]:
        raise ValueError(f"For 'dot', the shapes {tuple(self.shape)} and {tuple(other.shape)} do not match.")
    return torch.tensordot(self, other, dims=([self.dim() - 1], [other.dim() - 2]))


def cross(self, other, dim: int | None = None):
    d = dim if dim is not None else next((i for i, s in enumerate(self.shape) if s == 3), -1)
    if self.shape[d] != 3 or other.shape[d] != 3:
        raise ValueError(f"For 'Tensor.cross', the size of dimension {d} must be 3.")
    return torch.linalg.cross(self, other, dim=d)


def addr(self, vec1, vec2, beta: Any = 1, alpha: Any = 1):
    return torch.addr(self, vec1, vec2, beta=beta, alpha=alpha)


def cholesky(self, upper: bool = False):
    if not (_dtype(self).is_floating_point or _dtype(self).is_complex):
        raise TypeError(f"For 'Tensor.cholesky', the input must be float32 or float64, but got {_dtype(self)}.")
    _square("cholesky", self)
    return torch.linalg.cholesky(self, upper=upper)


def qr(self, some: bool = True):
    from mindshim.ops import qr as ops_qr
    return ops_qr(self, "reduced" if some else "complete")


def triangular_solve(self, A, upper: bool = True, transpose: bool = False, unitriangular: bool = False):
    """Solves A @ X = self (A triangular); returns (X, a copy of A) as documented."""
    _square("triangular_solve", A)
    x = torch.linalg.solve_triangular(A.mT if transpose else A, self, upper=upper != transpose,
                                      unitriangular=unitriangular)
    return x, A.clone()


def lstsq(self, A):
    from mindshim.ops import lstsq as ops_lstsq
    return ops_lstsq(self, A)


METHODS = {name: ms_method(fn, name) for name, fn in {
    "mm": mm, "bmm": bmm, "dot": dot, "cross": cross, "addr": addr, "cholesky": cholesky, "qr": qr,
    "triangular_solve": triangular_solve, "lstsq": lstsq,
}.items()}
METHODS.update({name: _square_first(name) for name in
                "det inverse matrix_power logdet slogdet matrix_determinant log_matrix_determinant eigvals".split()})
METHODS.update({name: from_function(f"mindshim.ops:{name}", name) for name in (
    "matmul inner outer ger addmm addmv addbmm baddbmm cholesky_inverse cholesky_solve svd geqrf orgqr ormqr "
    "lu_solve mvlgamma").split()})
