"""Old functional spellings that MindSpore keeps as primitive instances (`ops.reduce_mean = ReduceMean()`,
`ops.tensor_add = Add()`, ...), called like the primitive: `reduce_mean(x, axis)` (keep_dims False),
`tensor_slice(x, begin, size)`, `tensor_range(start, limit, delta)`.

`tensor_gt`, `tensor_lt` and `tensor_muls` are plain functions in MindSpore (greater, less, muls).
"""
from __future__ import annotations

from typing import Any

from mindshim.common.tensor import Tensor
from mindshim.ops.function.math_func import greater, less, mul
from mindshim.ops.operations.array_extra_ops import Slice
from mindshim.ops.operations.math_extra_ops import Expm1, FloorDiv, FloorMod
from mindshim.ops.operations.math_ops import (
    Add, Exp, GreaterEqual, LessEqual, Mul, RealDiv, ReduceMax, ReduceMean, ReduceMin, ReduceSum, Sub,
)
from mindshim.ops.operations.slice_ops import Range

reduce_mean = ReduceMean()
reduce_sum = ReduceSum()
reduce_max = ReduceMax()
reduce_min = ReduceMin()
tensor_add = Add()
tensor_sub = Sub()
tensor_mul = Mul()
tensor_div = RealDiv()
tensor_exp = Exp()
tensor_expm1 = Expm1()
tensor_floordiv = FloorDiv()
tensor_mod = FloorMod()
tensor_ge = GreaterEqual()
tensor_le = LessEqual()
tensor_range = Range()
tensor_slice = Slice()
tensor_gt = greater
tensor_lt = less


def tensor_muls(input: Any, other: Any) -> Tensor:
    """Multiply a tensor by a number (or a 0-D tensor)."""
    return mul(input, other)


__all__ = [
    "reduce_mean", "reduce_sum", "reduce_max", "reduce_min", "tensor_add", "tensor_sub", "tensor_mul",
    "tensor_div", "tensor_exp", "tensor_expm1", "tensor_floordiv", "tensor_mod", "tensor_ge", "tensor_le",
    "tensor_range", "tensor_slice", "tensor_gt", "tensor_lt", "tensor_muls",
]
