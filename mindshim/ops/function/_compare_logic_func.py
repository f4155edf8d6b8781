"""Comparison and logical ops of mindspore.ops (home module: math_func, which re-exports them)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor
from mindshim.ops.function._args import as_tensor as _t


def equal(input: Any, other: Any) -> Tensor:
    return torch.eq(_t(input), other)


def ne(input: Any, other: Any) -> Tensor:
    return torch.ne(_t(input), other)


def gt(input: Any, other: Any) -> Tensor:
    return torch.gt(_t(input), other)


def ge(input: Any, other: Any) -> Tensor:
    return torch.ge(_t(input), other)


def _tensor_first(name: str, input: Any) -> torch.Tensor:
    if not isinstance(input, torch.Tensor):  # MindSpore: the first operand must be a Tensor
        raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(input).__name__}.")
    return input


def lt(input: Any, other: Any) -> Tensor:
    return torch.lt(_tensor_first("less", input), other)


def le(input: Any, other: Any) -> Tensor:
    return torch.le(_t(input), other)


less_equal, greater, greater_equal, less, not_equal = le, gt, ge, lt, ne


def isnan(input: Any) -> Tensor:
    return torch.isnan(_t(input))


def isinf(input: Any) -> Tensor:
    x = _t(input)
    if not x.is_floating_point():  # MindSpore's IsInf kernels: Float16/32/64 only
        raise TypeError(f"For 'IsInf', the input must be a float Tensor, but got {mstype.from_torch(x.dtype)}.")
    return torch.isinf(x)


def isfinite(input: Any) -> Tensor:
    return torch.isfinite(_t(input))


def _logical_operands(name: str, input: Any, other: Any) -> tuple:
    """Tensors or Python bools (another number: TypeError, as MindSpore's LogicalAnd/LogicalOr)."""
    for v in (input, other):
        if not isinstance(v, (torch.Tensor, bool)):
            raise TypeError(f"For '{name}', the inputs must be Tensors or bools, but got {type(v).__name__}.")
    return _t(input), _t(other)


def logical_and(input: Any, other: Any) -> Tensor:
    return torch.logical_and(*_logical_operands("LogicalAnd", input, other))


def logical_or(input: Any, other: Any) -> Tensor:
    return torch.logical_or(*_logical_operands("LogicalOr", input, other))


def logical_not(input: Any) -> Tensor:
    return torch.logical_not(_t(input))
