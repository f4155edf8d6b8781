"""mindspore.mint.linalg: torch.linalg's functions under MindSpore's names (MindSpore 2.3+).

`vector_norm`/`matrix_norm`/`norm` follow torch.linalg (ord, dim, keepdim, keyword-only dtype); a matrix norm
needs two distinct dims of a tensor of rank >= 2 (ValueError otherwise)."""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.mint._common import dim_arg, tdtype, tensor
from mindshim.mint._math import inverse as inv  # MindSpore's mint.linalg.inv is mint.inverse itself
from mindshim.ops.auto_generate import _ext_linalg

qr = _ext_linalg.linalg_qr


def _float_input(name: str, x: Any) -> torch.Tensor:
    x = tensor(x)
    if not (x.is_floating_point() or x.is_complex()):
        raise TypeError(f"For '{name}', the input must be a floating-point Tensor, but got {x.dtype}.")
    return x


def vector_norm(x: Any, ord: Any = 2, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Any:
    v = _float_input("vector_norm", x)
    if isinstance(ord, bool) or not isinstance(ord, (int, float)):
        raise TypeError(f"For 'vector_norm', ord must be a number, but got {type(ord).__name__}.")
    return torch.linalg.vector_norm(v, ord, dim_arg(dim), keepdim, dtype=tdtype(dtype))


def _matrix_dims(name: str, x: torch.Tensor, dim: Any) -> tuple:
    if x.dim() < 2:
        raise ValueError(f"For '{name}', the input must have at least 2 dimensions, but got {x.dim()}.")
    if not isinstance(dim, (tuple, list)) or len(dim) != 2:
        raise ValueError(f"For '{name}', dim must be a 2-tuple of ints, but got {dim!r}.")
    rows, cols = (d % x.dim() for d in dim)
    if rows == cols:
        raise ValueError(f"For '{name}', the dims must be different, but got {tuple(dim)}.")
    return tuple(dim)


def matrix_norm(A: Any, ord: Any = "fro", dim: Any = (-2, -1), keepdim: bool = False, *, dtype: Any = None) -> Any:
    a = _float_input("matrix_norm", A)
    dims = _matrix_dims("matrix_norm", a, dim)
    if ord not in ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf):
        raise ValueError(f"For 'matrix_norm', ord must be 'fro', 'nuc', inf, -inf, 1, -1, 2 or -2, but got {ord!r}.")
    return torch.linalg.matrix_norm(a, ord, dims, keepdim, dtype=tdtype(dtype))


def norm(A: Any, ord: Any = None, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Any:
    a = _float_input("norm", A)
    if isinstance(dim, int):
        dim = (dim,)
    if ord is None:
        return torch.linalg.vector_norm(a, 2, dim_arg(dim), keepdim, dtype=tdtype(dtype))
    if ord in ("fro", "nuc") or (dim is not None and len(dim) == 2) or (dim is None and a.dim() == 2):
        return matrix_norm(a, ord, (-2, -1) if dim is None else tuple(dim), keepdim, dtype=dtype)
    if dim is None and a.dim() != 1:
        raise ValueError(f"For 'norm', a vector ord needs a 1-D input or dim, but got a {a.dim()}-D input.")
    return vector_norm(a, ord, dim, keepdim, dtype=dtype)


def norm_ext(input: Any, p: Any = "fro", dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Any:
    """mint.norm: a number `p` is a vector norm over `dim`; 'fro' the 2-norm; 'nuc' the nuclear norm."""
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For `norm_ext`, the `input` must be Tensor!, but get {type(input)}.")
    if isinstance(p, (bool, int, float)):
        return vector_norm(input, p, dim, keepdim, dtype=dtype)
    if p == "fro":
        if isinstance(dim, (list, tuple)) and len(dim) > 2:
            raise ValueError("For `norm_ext`, the size of `dim` cannot be greater than 2 when the norm mode is `fro`.")
        return vector_norm(input, 2, dim, keepdim, dtype=dtype)
    if p == "nuc":
        return matrix_norm(input, p, tuple(range(input.dim())) if dim is None else dim, keepdim, dtype=dtype)
    raise ValueError(f"For `norm_ext`, the value of `p` must be one of [int, float, inf, -inf, 'fro', 'nuc',] "
                     f"but got `{p}`.")


__all__ = ["inv", "matrix_norm", "norm", "qr", "vector_norm"]
