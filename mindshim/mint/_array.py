"""`mindspore.mint` creation, shape and indexing functions MindSpore 2.10 defines as `mint` or `array_func`
torch-style wrappers (`arange_ext`, `split_view`, `gather_ext`, ...): `dim` arguments, `size` tuples or varargs,
keyword-only `dtype`. Indices are checked on the host before they reach a torch indexing kernel."""
from __future__ import annotations

from typing import Any

import torch

import mindshim.ops as _ops
from mindshim.common.tensor import plain
from mindshim.mint._common import dim_arg, tensor as _as_tensor
from mindshim.ops.auto_generate import _ext_array, _ext_linalg, _ext_nn


def arange(start: Any = 0, end: Any = None, step: Any = 1, *, dtype: Any = None) -> Any:
    if end is None:
        start, end = 0, start
    return _ext_array.arange(start, end, step, dtype)


def full(size: Any, fill_value: Any, *, dtype: Any = None) -> Any:
    return _ext_array.fill(size, fill_value, dtype)


def full_like(input: Any, fill_value: Any, *, dtype: Any = None) -> Any:
    return _ext_array.full_like(input, fill_value, dtype)


def zeros(size: Any, *, dtype: Any = None) -> Any:
    return _ops.zeros(size, dtype)


def zeros_like(input: Any, *, dtype: Any = None) -> Any:
    return _ext_array.zeros_like_ext(input, dtype)


def ones_like(input: Any, *, dtype: Any = None) -> Any:
    return _ext_array.ones_like_ext(input, dtype)


def chunk(input: Any, chunks: int, dim: int = 0) -> Any:
    if chunks <= 0:
        raise ValueError(f"For 'chunk', chunks should be greater than 0, but got {chunks}")
    return _ext_array.chunk(input, chunks, dim)


def split(tensor: Any, split_size_or_sections: Any, dim: int = 0) -> Any:
    x = _as_tensor(tensor)
    if not isinstance(split_size_or_sections, (int, list, tuple)) or isinstance(split_size_or_sections, bool):
        raise TypeError("Type of Argument `split_size_or_sections` should be integer, tuple(int) or list(int), "
                        f"but got {type(split_size_or_sections)}")
    if isinstance(split_size_or_sections, int):
        return _ext_array.split_tensor(x, split_size_or_sections, dim)
    sizes = [int(v) for v in split_size_or_sections]
    if sum(sizes) != x.shape[dim]:
        raise ValueError(f"For 'split', the sum of split sizes {sizes} must equal dimension size {x.shape[dim]}.")
    return tuple(torch.split(x, sizes, dim))


def unbind(input: Any, dim: int = 0) -> Any:
    return _ext_array.unstack_ext_view(input, dim)


def unsqueeze(input: Any, dim: int) -> Any:
    return _ext_array.expand_dims_view(input, dim)


def gather(input: Any, dim: int, index: Any) -> Any:
    return _ops.gather_d(input, dim, index)


def scatter(input: Any, dim: int, index: Any, src: Any) -> Any:
    x = _as_tensor(input)
    if not isinstance(src, torch.Tensor):  # a number: every indexed place takes it
        src = torch.full(tuple(_as_tensor(index).shape), src, dtype=plain(x).dtype, device=x.device)
    return _ext_array.scatter(x, dim, index, src)  # indices checked on the host


def scatter_add(input: Any, dim: int, index: Any, src: Any) -> Any:
    return _ext_array.scatter_add_ext(input, dim, index, src)


def sort(input: Any, *, dim: int = -1, descending: bool = False, stable: bool = False) -> Any:
    return _ext_array.sort_ext(input, dim, descending, stable)


def tril(input: Any, diagonal: int = 0) -> Any:
    return _ext_array.tril_ext(input, diagonal)


def meshgrid(*tensors: Any, indexing: str | None = None) -> Any:
    if len(tensors) == 1 and isinstance(tensors[0], (tuple, list)):
        tensors = tuple(tensors[0])
    return _ops.meshgrid(*tensors, indexing="ij" if indexing is None else indexing)


def permute(input: Any, dims: Any) -> Any:
    x = _as_tensor(input)
    dims = tuple(dims)
    n = x.dim()
    norm = [d + n if isinstance(d, int) and d < 0 else d for d in dims]
    if len(dims) != n or sorted(norm) != list(range(n)):
        raise ValueError(f"For 'permute', dims {dims} must be a permutation of the {n} axes.")
    return torch.permute(x, dims)


def swapaxes(input: Any, axis0: int, axis1: int) -> Any:
    return _ext_array.transpose_ext_view(input, axis0, axis1)


def unique_consecutive(input: Any, return_inverse: bool = False, return_counts: bool = False, dim: Any = None) -> Any:
    return _ops.unique_consecutive(input, return_inverse, return_counts, dim)


def flatten(input: Any, start_dim: int = 0, end_dim: int = -1) -> Any:
    return _ext_array.flatten_ext(input, start_dim, end_dim)


def reshape(input: Any, shape: Any) -> Any:
    return _ops.reshape(input, shape)


def squeeze(input: Any, dim: Any) -> Any:
    x = _as_tensor(input)
    d = dim_arg(dim)
    return torch.squeeze(x) if d is None else torch.squeeze(x, d)


def t(input: Any) -> Any:
    return _ext_linalg.t_ext(input)


def conv2d(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0, dilation: Any = 1,
           groups: int = 1) -> Any:
    x, w = _as_tensor(input), _as_tensor(weight)
    if x.dim() in (3, 4) and w.dim() == 4 and x.shape[-3] != w.shape[1] * groups:
        raise ValueError(f"For 'conv2d', the input has {x.shape[-3]} channels but the weight expects "
                         f"{w.shape[1] * groups} ({w.shape[1]} per group, {groups} groups).")
    return _ext_nn.conv2d_ext(x, w, bias, stride, padding, dilation, groups)


__all__ = ["arange", "full", "full_like", "zeros", "zeros_like", "ones_like", "chunk", "split",
           "unbind", "unsqueeze", "gather", "scatter", "scatter_add", "sort", "tril", "meshgrid", "permute",
           "swapaxes", "unique_consecutive", "flatten", "reshape", "squeeze", "t", "conv2d"]
