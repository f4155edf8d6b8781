"""`mindspore.mint` math functions MindSpore 2.10 defines in `mint/__init__.py` or as `ops.function.math_func`
`*_ext` wrappers: reductions with torch's `dim`/`keepdim`/`dtype=`, statistics with `correction=`, fused matrix
products with keyword-only `beta`/`alpha`, torch-named aliases of the float `*_ext` functions."""
from __future__ import annotations

from typing import Any

import torch

import mindshim.ops as _ops
import mindshim.ops.auto_generate as _ag
from mindshim.mint._common import dim_arg, tensor
from mindshim.ops.auto_generate import _ext_linalg, _ext_math
from mindshim.ops.function.elementwise_func import bitwise_and, bitwise_or, bitwise_xor  # same checks as ops

arccos, arccosh, arcsin = _ag.acos_ext, _ag.acosh_ext, _ag.asin_ext
arcsinh, arctan, arctan2 = _ag.asinh_ext, _ag.atan_ext, _ag.atan2_ext


def addbmm(input: Any, batch1: Any, batch2: Any, *, beta: Any = 1, alpha: Any = 1) -> Any:
    return _ext_linalg.addbmm(input, batch1, batch2, beta, alpha)


def addmm(input: Any, mat1: Any, mat2: Any, *, beta: Any = 1, alpha: Any = 1) -> Any:
    return _ext_linalg.addmm(input, mat1, mat2, beta, alpha)


def addmv(input: Any, mat: Any, vec: Any, *, beta: Any = 1, alpha: Any = 1) -> Any:
    return _ext_linalg.addmv(input, mat, vec, beta, alpha)


def all(input: Any, dim: Any = None, keepdim: bool = False) -> Any:  # noqa: A001
    x = tensor(input)
    d = dim_arg(dim)
    return torch.all(x) if d is None else torch.all(x, d, keepdim=keepdim)


def allclose(input: Any, other: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> bool:
    return bool(_ops.isclose(input, other, rtol, atol, equal_nan).all().item())


def _no_bool(name: str, input: Any) -> torch.Tensor:
    x = tensor(input)
    if x.dtype == torch.bool:
        raise TypeError(f"For '{name}', Bool tensors are not supported.")
    return x


def amax(input: Any, dim: Any = (), keepdim: bool = False) -> Any:
    x = _no_bool("amax", input)
    d = dim_arg(dim)
    return torch.amax(x, () if d is None else d, keepdim=keepdim)


def amin(input: Any, dim: Any = (), keepdim: bool = False) -> Any:
    x = _no_bool("amin", input)
    d = dim_arg(dim)
    return torch.amin(x, () if d is None else d, keepdim=keepdim)




def cat(tensors: Any, dim: int = 0) -> Any:
    ts = [tensor(t) for t in tensors]
    if len({t.dim() for t in ts}) > 1:
        raise ValueError(f"For 'cat', every tensor must have the same rank, but got shapes "
                         f"{[tuple(t.shape) for t in ts]}.")
    return torch.cat(ts, dim)


def concat(tensors: Any, dim: int = 0) -> Any:
    return cat(tensors, dim)


def cdist(x1: Any, x2: Any, p: float = 2.0, compute_mode: str = "use_mm_for_euclid_dist_if_necessary") -> Any:
    return _ops.cdist(x1, x2, p)


def cummax(input: Any, dim: int) -> Any:
    return _ops.cummax(input, dim)


def inverse(input: Any) -> Any:
    x = tensor(input)
    if x.dim() < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"For 'inverse', the input must be square matrices (..., n, n), but got {tuple(x.shape)}.")
    return _ext_linalg.matrix_inverse_ext(x)


def isfinite(input: Any) -> Any:
    return _ops.isfinite(input)


def mean(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Any:
    return _ext_math.mean_ext(input, dim, keepdim, dtype)


def sum(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Any:  # noqa: A001
    return _ext_math.sum_ext(input, dim, keepdim, dtype)


def prod(input: Any, dim: Any = None, keepdim: bool = False, *, dtype: Any = None) -> Any:
    return _ext_math.prod_ext(input, dim, keepdim, dtype)


def median(input: Any, dim: Any = None, keepdim: bool = False) -> Any:
    if dim is None:
        return _ext_math.median_ext(input)
    return _ext_math.median_dim(input, dim, keepdim)


def not_equal(input: Any, other: Any) -> Any:
    return _ops.ne(input, other)


def pow(input: Any, exponent: Any) -> Any:  # noqa: A001
    if isinstance(input, torch.Tensor) and isinstance(exponent, torch.Tensor) and input.dtype == exponent.dtype \
            and input.dtype == torch.bool:
        raise TypeError("For 'pow', Bool tensors are not supported.")
    return torch.pow(input if isinstance(input, (int, float)) else tensor(input), exponent)


def sqrt(input: Any) -> Any:
    return _ops.sqrt(input)


def softmax(input: Any, dim: int, *, dtype: Any = None) -> Any:
    from mindshim.ops.auto_generate._ext_nn import softmax_ext

    x = tensor(input)
    if not (x.is_floating_point() or x.is_complex()):
        raise TypeError(f"For 'softmax', the input must be a floating-point Tensor, but got {x.dtype}.")
    return softmax_ext(x, dim, dtype)


def _stat(name: str, fn: Any) -> Any:
    def op(input: Any, dim: Any = None, *, correction: int = 1, keepdim: bool = False) -> Any:
        x = tensor(input)
        if not (x.is_floating_point() or x.is_complex()):
            raise TypeError(f"For '{name}', the input must be a floating-point Tensor, but got {x.dtype}.")
        return fn(x, dim_arg(dim), correction, keepdim)

    op.__name__ = op.__qualname__ = name
    return op


std = _stat("std", _ext_math.std)
var = _stat("var", _ext_math.var)
std_mean = _stat("std_mean", _ext_math.std_mean)
var_mean = _stat("var_mean", _ext_math.var_mean)


argmax = _ext_math.argmax_ext  # (mint.argmin is ops.auto_generate.argmin_ext itself)


def npu_gelu(input: Any, approximate: str = "none") -> Any:
    """torch_npu's GELU under MindSpore's name: erf form ('none') or tanh form ('tanh')."""
    if approximate not in ("none", "tanh"):
        raise ValueError(f"For 'npu_gelu', approximate must be 'none' or 'tanh', but got {approximate!r}.")
    return torch.nn.functional.gelu(tensor(input), approximate=approximate)


__all__ = ["npu_gelu", "argmax", "arccos", "arccosh", "arcsin", "arcsinh", "arctan",
           "arctan2", "addbmm", "addmm", "addmv", "all", "allclose", "amax", "amin", "bitwise_and", "bitwise_or",
           "bitwise_xor", "cat", "concat", "cdist", "cummax", "inverse", "isfinite", "mean", "sum", "prod", "median",
           "not_equal", "pow", "sqrt", "softmax", "std", "var", "std_mean", "var_mean"]
