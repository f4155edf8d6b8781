"""Torch-style matrix functions of `ops.auto_generate` (`matmul_ext`, `bmm_ext`, `baddbmm`, ...)."""
from __future__ import annotations

from types import FunctionType
from typing import Any

import torch

from mindshim.common.tensor import plain
from mindshim.ops.auto_generate._util import t, wrap_module


def matmul_ext(input: Any, other: Any) -> Any:
    x, y = t(input), t(other)
    if plain(x).dtype == torch.bool or plain(y).dtype == torch.bool:
        raise TypeError("For 'MatMulExt', bool inputs are not supported.")
    return torch.matmul(x, y)


def mm_ext(input: Any, mat2: Any) -> Any:
    x, y = t(input), t(mat2)
    if x.dim() != 2 or y.dim() != 2:  # (an inner-size mismatch is the kernel's RuntimeError)
        raise ValueError(f"For 'Mm', the inputs must be 2-D, but got {x.dim()}-D and {y.dim()}-D.")
    return torch.mm(x, y)


def bmm_ext(input: Any, mat2: Any) -> Any:
    x, y = t(input), t(mat2)
    if x.dim() != 3 or y.dim() != 3 or x.shape[0] != y.shape[0]:
        raise ValueError(f"For 'BatchMatMulExt', expected (b, n, m) and (b, m, p) batches, but got "
                         f"{tuple(x.shape)} and {tuple(y.shape)}.")
    return torch.bmm(x, y)


def baddbmm(input: Any, batch1: Any, batch2: Any, beta: Any = 1, alpha: Any = 1) -> Any:
    return torch.baddbmm(t(input), t(batch1), t(batch2), beta=beta, alpha=alpha)


def addbmm(input: Any, batch1: Any, batch2: Any, beta: Any = 1, alpha: Any = 1) -> Any:
    return torch.addbmm(t(input), t(batch1), t(batch2), beta=beta, alpha=alpha)


def addmm(input: Any, mat1: Any, mat2: Any, beta: Any = 1, alpha: Any = 1) -> Any:
    return torch.addmm(t(input), t(mat1), t(mat2), beta=beta, alpha=alpha)


def addmv(input: Any, mat: Any, vec: Any, beta: Any = 1, alpha: Any = 1) -> Any:
    return torch.addmv(t(input), t(mat), t(vec), beta=beta, alpha=alpha)


def addr(input: Any, vec1: Any, vec2: Any, beta: Any = 1, alpha: Any = 1) -> Any:
    return torch.addr(t(input), t(vec1), t(vec2), beta=beta, alpha=alpha)


def dot(input: Any, other: Any) -> Any:
    return torch.dot(t(input), t(other))


def vdot(input: Any, other: Any) -> Any:
    return torch.vdot(t(input), t(other))


def mv(input: Any, vec: Any) -> Any:
    return torch.mv(t(input), t(vec))


def outer_ext(input: Any, vec2: Any) -> Any:
    return torch.outer(t(input), t(vec2))


def t_ext(input: Any) -> Any:
    x = t(input)
    return x.t() if x.dim() <= 2 else torch.transpose(x, 0, 1)  # MindSpore 2.10 swaps dims 0 and 1 of N-D inputs


def matrix_inverse_ext(input: Any) -> Any:
    return torch.linalg.inv(t(input))


def linalg_qr(A: Any, mode: str = "reduced") -> Any:
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"For 'LinalgQr', mode must be 'reduced', 'complete' or 'r', but got {mode!r}.")
    q, r = torch.linalg.qr(t(A), mode)
    return q, r


def solve_triangular(a: Any, b: Any, trans: Any = 0, lower: bool = False, unit_diagonal: bool = False) -> Any:
    a = t(a)
    if trans in (1, "T"):
        a, lower = a.mT, not lower
    elif trans in (2, "C"):
        a, lower = a.mH, not lower
    b = t(b)
    vec = b.dim() == a.dim() - 1
    out = torch.linalg.solve_triangular(a, b.unsqueeze(-1) if vec else b, upper=not lower,
                                        unitriangular=unit_diagonal)
    return out.squeeze(-1) if vec else out


def triangular_solve(b: Any, A: Any, upper: bool = True, transpose: bool = False,
                     unitriangular: bool = False) -> Any:
    a = t(A)
    x = torch.linalg.solve_triangular(a.mT if transpose else a, t(b), upper=upper != transpose,
                                      unitriangular=unitriangular)
    return x, a.clone()


def einsum_ext(equation: str, *operands: Any) -> Any:
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    return torch.einsum(equation, *[t(o) for o in operands])


wrap_module(globals(), [_n for _n, _v in list(globals().items())
                        if isinstance(_v, FunctionType) and _v.__module__ == __name__ and not _n.startswith("_")])
