"""Segment reductions: `P.SegmentSum()(x, segment_ids)` (also Mean/Max/Min/Prod) and
`P.UnsortedSegmentProd()(x, segment_ids, num_segments)`.

Mapping decisions (MindSpore 2.10 CPU):
- Segment*: `segment_ids` is a 1-D int32/int64 tensor (TypeError otherwise) as long as x's first axis, non-negative
  and sorted ascending (ValueError otherwise). The output has `segment_ids[-1] + 1` rows; a segment no id names
  is 0 (1 for SegmentProd). SegmentMean of integers truncates. Max/Min gradients are shared among ties.
  Bool input is rejected (TypeError).
- UnsortedSegmentProd: ids address a prefix of x's axes; an id outside [0, num_segments) raises RuntimeError,
  num_segments <= 0 ValueError; empty segments are 1.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import wrap
from mindshim.ops.function.scatter_func import _t
from mindshim.ops.primitive import Primitive


def _ids(name: str, segment_ids: Any) -> torch.Tensor:
    ids = _t(segment_ids)
    if ids.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{name}', 'segment_ids' must be an int32 or int64 Tensor, but got {ids.dtype}.")
    return ids.long()


def _data(name: str, input_x: Any) -> torch.Tensor:
    x = _t(input_x)
    if x.dtype == torch.bool:
        raise TypeError(f"For '{name}', 'input_x' must be a numeric Tensor, but got Bool.")
    return x


def _segment(name: str, input_x: Any, segment_ids: Any, reduce: str) -> Any:
    x, ids = _data(name, input_x), _ids(name, segment_ids)
    if ids.dim() != 1:
        raise ValueError(f"For '{name}', the rank of 'segment_ids' must be 1, but got {ids.dim()}.")
    if x.dim() < 1 or ids.shape[0] != x.shape[0]:
        raise ValueError(f"For '{name}', the length of 'segment_ids' must equal the first dimension of 'input_x', "
                         f"but got {ids.shape[0]} and {tuple(x.shape)}.")
    if ids.numel() and bool((ids < 0).any()):
        raise ValueError(f"For '{name}', the values of segment_ids must be nonnegative.")
    if ids.numel() > 1 and bool((ids[1:] < ids[:-1]).any()):
        raise ValueError(f"For '{name}', segment_ids must be sorted in ascending order.")
    rows = int(ids[-1]) + 1 if ids.numel() else 0
    shape = (rows,) + tuple(x.shape[1:])
    if reduce == "sum":
        return wrap(x.new_zeros(shape).index_add(0, ids, x))
    if reduce == "mean":
        total = x.new_zeros(shape).index_add(0, ids, x)
        count = torch.zeros(rows, dtype=torch.long, device=x.device).index_add(0, ids, torch.ones_like(ids))
        count = count.clamp(min=1).reshape((rows,) + (1,) * (x.dim() - 1))
        if x.is_floating_point() or x.is_complex():
            return wrap(total / count.to(x.dtype))
        return wrap(torch.div(total.long(), count, rounding_mode="trunc").to(x.dtype))
    base = x.new_ones(shape) if reduce == "prod" else x.new_zeros(shape)
    ix = ids.reshape((-1,) + (1,) * (x.dim() - 1)).expand_as(x)
    return wrap(base.scatter_reduce(0, ix, x, reduce, include_self=False))


def _segment_primitive(name: str, reduce: str) -> type:
    def __call__(self: Primitive, input_x: Any, segment_ids: Any) -> Any:
        return _segment(name, input_x, segment_ids, reduce)

    return type(name, (Primitive,), {"__call__": __call__, "__module__": __name__,
                                     "__doc__": f"ops.{name}()(input_x, segment_ids): sorted segment {reduce}."})


SegmentSum = _segment_primitive("SegmentSum", "sum")
SegmentMean = _segment_primitive("SegmentMean", "mean")
SegmentMax = _segment_primitive("SegmentMax", "amax")
SegmentMin = _segment_primitive("SegmentMin", "amin")
SegmentProd = _segment_primitive("SegmentProd", "prod")


class UnsortedSegmentProd(Primitive):
    def __call__(self, input_x: Any, segment_ids: Any, num_segments: Any) -> Any:
        name = "UnsortedSegmentProd"
        x, ids = _data(name, input_x), _ids(name, segment_ids)
        n = int(_t(num_segments)) if isinstance(num_segments, torch.Tensor) else int(num_segments)
        if n <= 0:
            raise ValueError(f"For '{name}', num_segments must be greater than 0, but got {n}.")
        if tuple(x.shape[:ids.dim()]) != tuple(ids.shape):
            raise ValueError(f"For '{name}', the shape of 'segment_ids' {tuple(ids.shape)} must be a prefix of "
                             f"the shape of 'input_x' {tuple(x.shape)}.")
        if ids.numel() and bool(((ids < 0) | (ids >= n)).any()):
            raise RuntimeError(f"For '{name}', segment_ids value should be in [0, {n}).")
        rest = tuple(x.shape[ids.dim():])
        src = x.reshape((-1,) + rest)
        ix = ids.reshape((-1,) + (1,) * len(rest)).expand_as(src)
        return wrap(x.new_ones((n,) + rest).scatter_reduce(0, ix, src, "prod", include_self=False))


__all__ = ["SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd", "UnsortedSegmentProd"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
