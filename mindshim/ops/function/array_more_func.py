"""More array ops (mindspore.ops.*): t, ravel, swapdims, rot90, take, index_fill, sequence_mask, top_k,
unsorted_segment_*, matrix_band_part, block_diag, cartesian_prod, combinations, tril/triu_indices, vander,
slice, strided_slice, *_scatter, reverse, dsplit, row_stack, diagflat, tensor_dot, fills.

Mapping decisions: `top_k` returns Int32 indices along the last axis; `sequence_mask` gives a Bool mask
of shape lengths.shape + (maxlen,); `matrix_band_part` keeps everything on a side whose bound is
negative; `tril_indices`/`triu_indices` return a (2, N) tensor of `dtype`; `slice`/`strided_slice` and
`unsorted_segment_*` share the primitive implementations (P.Slice, P.StridedSlice, ...).
"""
from __future__ import annotations

import builtins
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.ops.function._args import as_tensor as _t


def t(input: Any) -> Tensor:
    """Transposes a 2-D tensor; any other rank comes back as it is (MindSpore 2.10 does not check it)."""
    x = _t(input)
    return torch.transpose(x, 0, 1) if x.dim() == 2 else x


def ravel(input: Any) -> Tensor:
    return torch.flatten(_t(input))


def swapdims(input: Any, dim0: int, dim1: int) -> Tensor:
    return torch.transpose(_t(input), dim0, dim1)


def rot90(input: Any, k: int, dims: Any) -> Tensor:
    return torch.rot90(_t(input), k, tuple(dims))


def take(input: Any, index: Any) -> Tensor:
    """Elements of the flattened input; the index is checked on the host (negative counts from the end)."""
    from mindshim.ops.function.array_func import _host_index

    x = _t(input)
    return torch.take(x, _host_index("take", index, x.numel()))


def index_fill(x: Any, axis: int, index: Any, value: Any) -> Tensor:
    return torch.index_fill(_t(x), axis, _t(index).long(), value)


def sequence_mask(lengths: Any, maxlen: int | None = None) -> Tensor:
    lens = _t(lengths)
    n = int(lens.max()) if maxlen is None else int(maxlen)
    return torch.arange(n, device=plain(lens).device) < lens.unsqueeze(-1)


def top_k(input_x: Any, k: int, sorted: bool = True) -> tuple:  # noqa: A002
    values, indices = torch.topk(_t(input_x), k, dim=-1, sorted=sorted)
    return values, indices.to(torch.int32)


def _segment(kind: str, x: Any, segment_ids: Any, num_segments: Any) -> Tensor:
    from mindshim.ops.operations import array_extra_ops, slice_ops
    prim = {"sum": array_extra_ops.UnsortedSegmentSum, "max": slice_ops.UnsortedSegmentMax,
            "min": slice_ops.UnsortedSegmentMin}[kind]()
    return prim(_t(x), _t(segment_ids), num_segments)


def unsorted_segment_sum(input_x: Any, segment_ids: Any, num_segments: Any) -> Tensor:
    return _segment("sum", input_x, segment_ids, num_segments)


def unsorted_segment_max(x: Any, segment_ids: Any, num_segments: Any) -> Tensor:
    return _segment("max", x, segment_ids, num_segments)


def unsorted_segment_min(x: Any, segment_ids: Any, num_segments: Any) -> Tensor:
    return _segment("min", x, segment_ids, num_segments)


def unsorted_segment_prod(x: Any, segment_ids: Any, num_segments: Any) -> Tensor:
    x, ids, n = _t(x), _t(segment_ids).long(), int(num_segments)
    keep = (ids >= 0) & (ids < n)
    data, ids = x[keep], ids[keep]
    out = x.new_ones((n,) + tuple(data.shape[1:]))
    index = ids.reshape((-1,) + (1,) * (data.dim() - 1)).expand_as(data)
    return out.scatter_reduce(0, index, data, "prod", include_self=True)


def matrix_band_part(x: Any, lower: Any, upper: Any) -> Tensor:
    x = _t(x)
    m, n = x.shape[-2:]
    lower, upper = int(lower), int(upper)
    i = torch.arange(m, device=plain(x).device).unsqueeze(-1)
    j = torch.arange(n, device=plain(x).device)
    keep = ((lower < 0) | (i - j <= lower)) & ((upper < 0) | (j - i <= upper))
    return torch.where(keep, x, torch.zeros_like(x))


def block_diag(*inputs: Any) -> Tensor:
    return torch.block_diag(*[_t(i) for i in inputs])


def cartesian_prod(*inputs: Any) -> Tensor:
    return torch.cartesian_prod(*[_t(i) for i in inputs])


def combinations(input: Any, r: int = 2, with_replacement: bool = False) -> Tensor:
    return torch.combinations(_t(input), r, with_replacement)


def tril_indices(row: int, col: int, offset: int = 0, *, dtype: Any = mstype.int64) -> Tensor:
    return wrap(torch.tril_indices(row, col, offset, dtype=mstype.to_torch(dtype)))


def triu_indices(row: int, col: int, offset: int = 0, *, dtype: Any = mstype.int64) -> Tensor:
    return wrap(torch.triu_indices(row, col, offset, dtype=mstype.to_torch(dtype)))


def vander(x: Any, N: int | None = None) -> Tensor:  # noqa: N803
    return torch.vander(_t(x), N)


def slice(input_x: Any, begin: Any, size: Any) -> Tensor:  # noqa: A001 - MindSpore's name
    x = _t(input_x)
    index = tuple(builtins.slice(b, None if s == -1 else b + s) for b, s in zip(begin, size))
    return x[index]


def strided_slice(input_x: Any, begin: Any, end: Any, strides: Any, begin_mask: int = 0, end_mask: int = 0,
                  ellipsis_mask: int = 0, new_axis_mask: int = 0, shrink_axis_mask: int = 0) -> Tensor:
    from mindshim.ops.operations.slice_ops import StridedSlice
    prim = StridedSlice(begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)
    return prim(_t(input_x), begin, end, strides)


def select_scatter(input: Any, src: Any, axis: int, index: int) -> Tensor:
    return torch.select_scatter(_t(input), _t(src), axis, index)


def slice_scatter(input: Any, src: Any, axis: int = 0, start: Any = None, end: Any = None, step: int = 1) -> Tensor:
    return torch.slice_scatter(_t(input), _t(src), axis, start, end, step)


def diagonal_scatter(input: Any, src: Any, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    return torch.diagonal_scatter(_t(input), _t(src), offset, dim1, dim2)


def reverse(x: Any, axis: Any) -> Tensor:
    return torch.flip(_t(x), tuple(axis) if isinstance(axis, (list, tuple)) else (axis,))


def dsplit(input: Any, indices_or_sections: Any) -> tuple:
    sections = tuple(indices_or_sections) if isinstance(indices_or_sections, list) else indices_or_sections
    return tuple(torch.tensor_split(_t(input), sections, dim=2))


def row_stack(tensors: Any) -> Tensor:
    return torch.vstack([_t(v) for v in tensors])


def diagflat(input: Any, offset: int = 0) -> Tensor:
    return torch.diagflat(_t(input), offset)


def tensor_dot(x1: Any, x2: Any, axes: Any) -> Tensor:
    if isinstance(axes, (list, tuple)) and len(axes) == 2 and not isinstance(axes[0], int):
        axes = (list(axes[0]), list(axes[1]))
    elif isinstance(axes, (list, tuple)):
        axes = ([axes[0]], [axes[1]])
    return torch.tensordot(_t(x1), _t(x2), axes)


def fills(x: Any, value: Any) -> Tensor:
    return torch.full_like(_t(x), value)


__all__ = [
    "t", "ravel", "swapdims", "rot90", "take", "index_fill", "sequence_mask", "top_k", "unsorted_segment_sum",
    "unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod", "matrix_band_part", "block_diag",
    "cartesian_prod", "combinations", "tril_indices", "triu_indices", "vander", "slice", "strided_slice",
    "select_scatter", "slice_scatter", "diagonal_scatter", "reverse", "dsplit", "row_stack", "diagflat",
    "tensor_dot", "fills",
]
