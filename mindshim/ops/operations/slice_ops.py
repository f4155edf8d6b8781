"""Slicing and segment primitives: P.StridedSlice (TF-style masks), P.DiagPart, P.TensorShape, P.Range,
P.UnsortedSegmentMax/Min.

Mapping decisions:
- `StridedSlice(begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_axis_mask)(x, begin, end,
  strides)`: bit i of a mask applies to spec i; out-of-range bounds clip like Python slices; negative
  strides walk backwards.
- `UnsortedSegmentMax/Min` fill empty segments with the dtype's lowest/highest value (MindSpore's CPU
  result); out-of-range segment ids are dropped.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import plain, wrap
from mindshim.ops.primitive import Primitive


class StridedSlice(Primitive):
    def __init__(self, begin_mask: int = 0, end_mask: int = 0, ellipsis_mask: int = 0, new_axis_mask: int = 0,
                 shrink_axis_mask: int = 0) -> None:
        super().__init__()
        self.begin_mask, self.end_mask, self.ellipsis_mask = begin_mask, end_mask, ellipsis_mask
        self.new_axis_mask, self.shrink_axis_mask = new_axis_mask, shrink_axis_mask

    def __call__(self, input_x: Any, begin: Any, end: Any, strides: Any) -> Any:
        begin, end, strides = (tuple(int(v) for v in (t.tolist() if isinstance(t, torch.Tensor) else t))
                               for t in (begin, end, strides))
        if not len(begin) == len(end) == len(strides):
            raise ValueError(f"For 'StridedSlice', 'begin', 'end' and 'strides' must have the same length, but got "
                             f"length of 'begin': {len(begin)}, 'end': {len(end)}, 'strides': {len(strides)}.")
        if 0 in strides:
            raise ValueError("For 'StridedSlice', input 'strides' can not contain 0.")
        ndim = input_x.dim()
        consuming = sum(1 for i in range(len(begin))
                        if not (self.ellipsis_mask >> i) & 1 and not (self.new_axis_mask >> i) & 1)
        out, dim, out_pos = input_x, 0, 0
        shrink, new_axes = [], []
        for i in range(len(begin)):
            if (self.ellipsis_mask >> i) & 1:
                span = ndim - consuming
                dim, out_pos = dim + span, out_pos + span
                continue
            if (self.new_axis_mask >> i) & 1:
                new_axes.append(out_pos)
                out_pos += 1
                continue
            n = out.shape[dim]
            if (self.shrink_axis_mask >> i) & 1:
                b = begin[i] + n if begin[i] < 0 else begin[i]
                if not 0 <= b < n:
                    raise IndexError(f"For 'StridedSlice', index {begin[i]} is out of bounds for size {n}.")
                out = out.narrow(dim, b, 1)
                shrink.append(dim)
                dim += 1
                continue
            b = None if (self.begin_mask >> i) & 1 else begin[i]
            e = None if (self.end_mask >> i) & 1 else end[i]
            keep = list(range(n))[slice(b, e, strides[i])]
            if not keep:
                out = out[(slice(None),) * dim + (slice(0, 0),)]
            elif strides[i] > 0:
                out = out.narrow(dim, keep[0], keep[-1] - keep[0] + 1)
                out = out[(slice(None),) * dim + (slice(None, None, strides[i]),)]
            else:  # torch slicing has no negative steps
                out = out.index_select(dim, torch.tensor(keep, dtype=torch.long, device=plain(out).device))
            dim, out_pos = dim + 1, out_pos + 1
        for d in reversed(shrink):
            out = out.squeeze(d)
        for pos in new_axes:
            out = out.unsqueeze(pos)
        return out


class DiagPart(Primitive):
    """Inverse of Diag: a (s + s)-shaped tensor -> its s-shaped diagonal."""

    def __call__(self, input_x: Any) -> Any:
        half = input_x.dim() // 2
        shape = tuple(input_x.shape[:half])
        n = 1
        for s in shape:
            n *= s
        return torch.diagonal(input_x.reshape(n, n)).reshape(shape)


class TensorShape(Primitive):
    def __call__(self, input_x: Any) -> Any:
        from mindshim.common.tensor import Tensor
        return Tensor(list(input_x.shape), mstype.int64)


class Range(Primitive):
    def __init__(self, maxlen: int = 1000000) -> None:
        super().__init__()
        self.maxlen = maxlen

    def __call__(self, start: Any, end: Any, step: Any) -> Any:
        """`maxlen` only sizes MindSpore's output buffer on Ascend; the CPU kernel does not limit the length."""
        tensors = [v for v in (start, end, step) if isinstance(v, torch.Tensor)]
        if len({v.dtype for v in tensors}) > 1:
            from mindshim.common import dtype as mstype
            names = ", ".join(str(mstype.from_torch(v.dtype)) for v in tensors)
            raise TypeError(f"For Range, the dtypes of inputs must be the same, but got ({names}).")
        dtype = plain(start).dtype if isinstance(start, torch.Tensor) else None
        vals = [v.item() if isinstance(v, torch.Tensor) else v for v in (start, end, step)]
        if vals[2] == 0:
            raise ValueError("For Range, delta cannot be equal to zero.")
        if vals[2] > 0 and vals[1] < vals[0]:
            raise ValueError("For Range, delta cannot be positive when limit < start.")
        if vals[2] < 0 and vals[1] > vals[0]:
            raise ValueError("For Range, delta cannot be negative when limit > start.")
        return wrap(torch.arange(*vals, dtype=dtype))


class UnsortedSegmentMax(Primitive):
    _reduce, _fill = "amax", "min"

    def __call__(self, input_x: Any, segment_ids: Any, num_segments: Any) -> Any:
        n = int(num_segments)
        ids = segment_ids.long()
        keep = (ids >= 0) & (ids < n)
        data, ids = input_x[keep], ids[keep]
        info = torch.finfo if input_x.is_floating_point() else torch.iinfo
        fill = getattr(info(plain(input_x).dtype), self._fill)
        out = torch.full((n,) + tuple(data.shape[1:]), fill, dtype=plain(input_x).dtype, device=plain(input_x).device)
        index = ids.reshape((-1,) + (1,) * (data.dim() - 1)).expand_as(data)
        return out.scatter_reduce(0, index, data, self._reduce, include_self=False)


class UnsortedSegmentMin(UnsortedSegmentMax):
    _reduce, _fill = "amin", "max"


__all__ = ["StridedSlice", "DiagPart", "TensorShape", "Range", "UnsortedSegmentMax", "UnsortedSegmentMin"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
