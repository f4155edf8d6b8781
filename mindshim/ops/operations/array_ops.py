"""Array primitives: P.Reshape(), ops.Fill(), ops.DType(), ops.Shape(), ops.Cast(), ops.Concat(axis), ..."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.ops.function import array_func as A
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__
_SIMPLE = {
    "Reshape": A.reshape, "Transpose": A.transpose, "ExpandDims": A.expand_dims, "Tile": A.tile, "Cast": A.cast,
    "Fill": A.fill, "Shape": A.shape, "DType": A.dtype, "Rank": A.rank, "Size": A.size,
    "ZerosLike": A.zeros_like, "OnesLike": A.ones_like, "GatherD": A.gather_d, "Select": A.select,
    "MaskedFill": A.masked_fill, "StopGradient": A.stop_gradient, "Assign": A.assign, "AssignAdd": A.assign_add,
    "AssignSub": A.assign_sub, "BroadcastTo": None,
}
for _name, _fn in _SIMPLE.items():
    if _fn is not None:
        globals()[_name] = primitive_of(_name, _fn, _here)
del _SIMPLE["BroadcastTo"]


class Zeros(Primitive):
    def __call__(self, size: Any, type: Any = None) -> Any:
        return A.zeros(size, type)


class Ones(Primitive):
    def __call__(self, shape: Any, type: Any = None) -> Any:
        return A.ones(shape, type)


class Concat(Primitive):
    def __init__(self, axis: int = 0) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, input_x: Any) -> Any:
        return A.concat(input_x, self.axis)


class Stack(Primitive):
    def __init__(self, axis: int = 0) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, input_x: Any) -> Any:
        return torch.stack(list(input_x), dim=self.axis)


class Split(Primitive):
    def __init__(self, axis: int = 0, output_num: int = 1) -> None:
        super().__init__()
        self.axis, self.output_num = axis, output_num

    def __call__(self, x: Any) -> Any:
        if x.shape[self.axis] % self.output_num:
            raise ValueError(f"For 'Split', the dimension {x.shape[self.axis]} of axis {self.axis} cannot be "
                             f"split evenly into {self.output_num} parts.")
        return tuple(torch.chunk(x, self.output_num, dim=self.axis))


class Squeeze(Primitive):
    def __init__(self, axis: Any = ()) -> None:
        super().__init__()
        self.axis = (axis,) if isinstance(axis, int) else tuple(axis)

    def __call__(self, x: Any) -> Any:
        return torch.squeeze(x) if not self.axis else torch.squeeze(x, self.axis)


class Flatten(Primitive):
    """Keeps the batch dimension: (N, ...) -> (N, -1)."""

    def __call__(self, x: Any) -> Any:
        return torch.flatten(x, 1)


class Gather(Primitive):
    def __init__(self, batch_dims: int = 0) -> None:
        super().__init__()
        self.batch_dims = batch_dims

    def __call__(self, input_params: Any, input_indices: Any, axis: int) -> Any:
        return A.gather(input_params, input_indices, axis, self.batch_dims)


class OneHot(Primitive):
    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, indices: Any, depth: int, on_value: Any, off_value: Any) -> Any:
        return A.one_hot(indices, depth, on_value, off_value, self.axis)


class BroadcastTo(Primitive):
    def __init__(self, shape: Any) -> None:
        super().__init__()
        self.shape = tuple(shape)

    def __call__(self, x: Any) -> Any:
        return A.broadcast_to(x, self.shape)


class Sort(Primitive):
    def __init__(self, axis: int = -1, descending: bool = False) -> None:
        super().__init__()
        self.axis, self.descending = axis, descending

    def __call__(self, x: Any) -> Any:
        return A.sort(x, self.axis, self.descending)


class TopK(Primitive):
    def __init__(self, sorted: bool = True) -> None:  # noqa: A002
        super().__init__()
        self.sorted = sorted

    def __call__(self, input_x: Any, k: int) -> Any:
        return A.topk(input_x, k, sorted=self.sorted)


class Identity(Primitive):
    def __call__(self, x: Any) -> Any:
        return x


class ScalarCast(Primitive):
    def __call__(self, x: Any, t: Any) -> Any:
        if t not in (mstype.int64, mstype.float64, mstype.bool_):
            raise ValueError(f"For 'ScalarCast', the target type must be int64, float64 or bool, but got {t}.")
        return mstype.dtype_to_pytype(t)(x)


__all__ = sorted(list(_SIMPLE) + ["Zeros", "Ones", "Concat", "Stack", "Split", "Squeeze", "Flatten", "Gather",
                                  "OneHot", "BroadcastTo", "Sort", "TopK", "Identity", "ScalarCast"])
