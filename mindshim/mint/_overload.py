"""`mindspore.mint` functions that MindSpore 2.10 takes from `ops.functional_overload`: one name, several
torch-style signatures (`max(input)`, `max(input, dim, keepdim=False)`, `max(input, other)`, ...).

Mapping decisions (checked against MindSpore 2.10 on CPU): arithmetic promotes like torch (int / int is Float32,
a float scalar makes an integer tensor Float32); a float `alpha` needs a floating operand (TypeError);
`max/min(input, dim)` return (values, Int64 indices); `where(condition)` is `nonzero(as_tuple=True)`.
"""
from __future__ import annotations

from typing import Any

import torch

import mindshim.ops as _ops
from mindshim.mint._common import dim_arg, is_float, tdtype, tensor
from mindshim.ops.auto_generate import _ext_math
from mindshim.ops.function import _kernel_rules


def add(input: Any, other: Any, *, alpha: Any = 1) -> Any:
    return _ext_math.add_ext(tensor(input), other, alpha)


def _bools(input: Any, other: Any) -> bool:
    return (isinstance(input, torch.Tensor) and isinstance(other, torch.Tensor) and input.dtype == torch.bool
            and other.dtype == torch.bool)


def _tensor_input(name: str, input: Any) -> torch.Tensor:
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(input).__name__}.")
    return input


def sub(input: Any, other: Any, *, alpha: Any = 1) -> Any:
    if _bools(input, other) and alpha == 1:  # MindSpore: bool - bool stays Bool (exclusive or)
        return torch.logical_xor(input, other)
    return _ext_math.sub_ext(tensor(input), other, alpha)


def mul(input: Any, other: Any) -> Any:
    return torch.mul(tensor(input), other)


def div(input: Any, other: Any, *, rounding_mode: str | None = None) -> Any:
    """Any rounding_mode other than 'floor'/'trunc' is a true division (MindSpore does not check it)."""
    mode = rounding_mode if rounding_mode in ("floor", "trunc") else None
    return _kernel_rules.divide(tensor(input), other, mode)


def floor_divide(input: Any, other: Any) -> Any:
    if _bools(input, other):  # a // 0 and a // 1 both give a (MindSpore's Bool kernel)
        return input.clone()
    return torch.floor_divide(tensor(input), other)


def fmod(input: Any, other: Any) -> Any:
    if _bools(input, other):
        return torch.logical_and(input, torch.logical_not(other))
    return torch.fmod(_tensor_input("fmod", input), other)


def remainder(input: Any, other: Any) -> Any:
    if _bools(input, other):
        return torch.logical_and(input, torch.logical_not(other))
    return torch.remainder(tensor(input), other)


def xlogy(input: Any, other: Any) -> Any:
    """Needs a floating operand (TypeError otherwise); a negative `other` gives NaN even where input is 0."""
    x = _tensor_input("xlogy", input)
    if not is_float(x) and isinstance(other, torch.Tensor) and not is_float(other):
        raise TypeError(f"For 'xlogy', one of the inputs must be floating-point, but got {x.dtype}.")
    out = torch.xlogy(x if is_float(x) or isinstance(other, float) else x.to(torch.float32), other)
    y = other if isinstance(other, torch.Tensor) else torch.tensor(other, device=out.device)
    return torch.where(y < 0, torch.full_like(out, float("nan")), out)


def eq(input: Any, other: Any) -> Any:
    return torch.eq(_tensor_input("eq", input), other)


def greater_equal(input: Any, other: Any) -> Any:
    return torch.ge(tensor(input), other)


def addcdiv(input: Any, tensor1: Any, tensor2: Any, *, value: Any = 1) -> Any:
    return torch.addcdiv(tensor(input), tensor1, tensor2, value=value)


def lerp(input: Any, end: Any, weight: Any) -> Any:
    return _ext_math.lerp(tensor(input), end, weight)


def bitwise_not(input: Any) -> Any:
    return torch.bitwise_not(tensor(input))


class _ClampInclusive(torch.autograd.Function):
    """torch's clamp with MindSpore's gradient: a value on a bound passes its gradient through."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, lo: Any, hi: Any) -> torch.Tensor:
        inside = torch.ones_like(x, dtype=torch.bool)
        if lo is not None:
            inside = inside & (x >= lo)
        if hi is not None:
            inside = inside & (x <= hi)
        ctx.save_for_backward(inside)
        return torch.clamp(x, lo, hi)

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> tuple:
        (inside,) = ctx.saved_tensors
        return grad * inside, None, None


def clamp(input: Any, min: Any = None, max: Any = None) -> Any:  # noqa: A002
    if min is None and max is None:
        raise ValueError("For 'clamp', at least one of 'min' or 'max' must not be None.")
    x = tensor(input)
    if x.requires_grad and is_float(x) and not isinstance(min, torch.Tensor) and not isinstance(max, torch.Tensor):
        return _ClampInclusive.apply(x, min, max)
    return torch.clamp(x, min, max)


def _extreme(name: str, fn: Any, pair: Any, full: Any) -> Any:
    def op(input: Any, dim: Any = None, keepdim: bool = False, *, other: Any = None) -> Any:
        x = tensor(input)
        if isinstance(dim, (torch.Tensor, float)):  # max(input, other): an int is a dim
            dim, other = None, dim
        if x.dtype == torch.bool and (name == "min" or dim is not None):
            raise TypeError(f"For '{name}', Bool tensors are not supported.")
        if other is not None:
            if not isinstance(other, torch.Tensor):
                promoted = torch.result_type(x, other)
                x, other = x.to(promoted), torch.tensor(other, dtype=promoted, device=x.device)
            return pair(x, other)
        if dim is None:
            return full(x)
        values, indices = fn(x, dim_arg(dim), keepdim=keepdim)
        return values, indices

    op.__name__ = op.__qualname__ = name
    return op


max = _extreme("max", torch.max, torch.maximum, torch.max)  # noqa: A001
min = _extreme("min", torch.min, torch.minimum, torch.min)  # noqa: A001


def any(input: Any, dim: Any = None, keepdim: bool = False) -> Any:  # noqa: A001
    x = tensor(input)
    if dim is None:
        return torch.any(x)
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(f"For 'any', dim must be an int, but got {type(dim).__name__}.")
    return torch.any(x, dim, keepdim=keepdim)


def kthvalue(input: Any, k: int, dim: int = -1, keepdim: bool = False) -> Any:
    x = tensor(input)
    size = x.shape[dim] if x.dim() else 1
    if not 1 <= k <= size:
        raise ValueError(f"For 'kthvalue', k must be in [1, {size}], but got {k}.")
    return _ext_math.kthvalue(x, k, dim, keepdim)


def nansum(input: Any, axis: Any = None, keepdims: bool = False, *, dtype: Any = None) -> Any:
    """MindSpore 2.10 resolves mint.nansum to the Tensor-style nansum: `axis`/`keepdims`, integers keep their
    dtype (a `dim=`/`keepdim=` keyword is a TypeError)."""
    x = tensor(input)
    return _ops.nansum(x.to(torch.int64) if x.dtype == torch.bool else x, axis, keepdims, dtype=dtype)


def where(condition: Any, input: Any = None, other: Any = None) -> Any:
    cond = tensor(condition)
    if input is None and other is None:
        return tuple(torch.nonzero(cond, as_tuple=True))
    return torch.where(cond.to(torch.bool), input, other)


def index_add(input: Any, dim: int, index: Any, source: Any, *, alpha: Any = 1) -> Any:
    from mindshim.ops.auto_generate._ext_array import index_add_ext

    return index_add_ext(tensor(input), dim, index, source, alpha)  # indices checked on the host


def repeat_interleave(input: Any, repeats: Any, dim: Any = None, *, output_size: Any = None) -> Any:
    x = tensor(input)
    if isinstance(repeats, (list, tuple)):
        repeats = torch.tensor(repeats, device=x.device)
    return torch.repeat_interleave(x, repeats, dim, output_size=output_size)


def real(input: Any) -> Any:
    x = tensor(input)
    return torch.real(x) if x.is_complex() else x


def imag(input: Any) -> Any:
    x = tensor(input)
    return torch.imag(x) if x.is_complex() else torch.zeros_like(x)


def empty(*size: Any, dtype: Any = None, device: Any = None, pin_memory: bool = False) -> Any:
    from mindshim.ops.auto_generate._ext_array import empty as _empty

    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    return _empty(size, dtype)


def empty_like(input: Any, *, dtype: Any = None, device: Any = None, pin_memory: bool = False) -> Any:
    return torch.empty_like(tensor(input), dtype=tdtype(dtype))


__all__ = ["add", "sub", "mul", "div", "floor_divide", "fmod", "remainder", "xlogy", "eq", "greater_equal",
           "addcdiv", "lerp", "bitwise_not", "clamp", "max", "min", "any", "kthvalue", "nansum", "where",
           "index_add", "repeat_interleave", "real", "imag", "empty", "empty_like"]
