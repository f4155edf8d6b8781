"""Shape and layout ops (mindspore.ops.*): roll, tril/triu, repeats, meshgrid, movedim, narrow, diagonals,
einsum/kron, unbind/unstack, flips, *stack, atleast_*d, splits, expand.

Mapping decisions (MindSpore 2.10):
- `diag` of an N-D tensor builds the (shape + shape) tensor with the input on its diagonal (TF style), not
  torch's "extract the diagonal of a matrix"; `diagonal` extracts. Int8/unsigned/Bool/BFloat16 inputs raise
  TypeError and 0-D ones ValueError, as MindSpore's CPU kernel.
- `meshgrid(*inputs, indexing="xy")` needs equal dtypes (ValueError otherwise) and unpacked inputs.
- `expand(input_x, size)` takes the target shape as a Tensor (TypeError for a tuple, as MindSpore);
  `-1` keeps a dimension.
- `narrow` checks its bounds with ValueError; split ops and `unbind`/`unstack` return tuples.
"""
from __future__ import annotations

from typing import Any, Sequence

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor
from mindshim.ops.function._args import as_tensor as _t


def _ints(v: Any) -> Any:
    return tuple(v) if isinstance(v, list) else v


def roll(input: Any, shifts: Any, dims: Any = None) -> Tensor:
    return torch.roll(_t(input), _ints(shifts), _ints(dims))


def tril(input: Any, diagonal: int = 0) -> Tensor:
    return torch.tril(_t(input), diagonal)


def triu(input: Any, diagonal: int = 0) -> Tensor:
    return torch.triu(_t(input), diagonal)


def repeat_interleave(input: Any, repeats: Any, axis: int | None = None) -> Tensor:
    if isinstance(repeats, torch.Tensor):
        repeats = repeats.long()
    elif isinstance(repeats, (list, tuple)):
        repeats = torch.tensor(repeats, dtype=torch.long)
    return torch.repeat_interleave(_t(input), repeats, dim=axis)


def repeat_elements(x: Any, rep: int, axis: int = 0) -> Tensor:
    return torch.repeat_interleave(_t(x), rep, dim=axis)


def meshgrid(*inputs: Any, indexing: str = "xy") -> tuple:
    if not all(isinstance(i, torch.Tensor) for i in inputs):
        raise TypeError("For 'meshgrid', every input must be a Tensor (pass them unpacked).")
    tensors = list(inputs)
    if any(t.dtype != tensors[0].dtype for t in tensors):
        raise ValueError("For 'meshgrid', all tensors should have the same type.")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"For 'meshgrid', indexing must be 'xy' or 'ij', but got {indexing!r}.")
    return tuple(torch.meshgrid(*tensors, indexing=indexing))


def movedim(x: Any, source: Any, destination: Any) -> Tensor:
    return torch.movedim(_t(x), _ints(source), _ints(destination))


moveaxis = movedim


def narrow(input: Any, axis: int, start: int, length: int) -> Tensor:
    x = _t(input)
    size = x.shape[axis]
    if not 0 <= start < size:
        raise ValueError(f"For 'narrow', start must be in [0, {size}), but got {start}.")
    if not 1 <= length <= size - start:
        raise ValueError(f"For 'narrow', length must be in [1, {size - start}], but got {length}.")
    return torch.narrow(x, axis, start, length)


def diagonal(input: Any, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    return torch.diagonal(_t(input), offset, dim1, dim2)


# MindSpore 2.10's CPU Diag kernel has no Int8, unsigned, Bool or BFloat16 variant (kernel selection TypeError)
_DIAG_REJECTED = (torch.int8, torch.uint8, torch.uint16, torch.uint32, torch.uint64, torch.bool, torch.bfloat16)


def diag(input: Any) -> Tensor:
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"Failed calling Diag with \"Diag()(input={type(input).__name__})\".")
    if input.dtype in _DIAG_REJECTED:
        raise TypeError(f"Select CPU operator[Diag] fail! Unsupported data type {mstype.pytype_to_dtype(input.dtype)}; "
                        "the supported ones are Int16, Int32, Int64, Float16, Float32, Float64, Complex64, "
                        "Complex128.")
    if input.dim() == 0:
        raise ValueError("For primitive[Diag], the input rank must be greater than or equal to 1, but got 0.")
    return torch.diag(input.reshape(-1)).reshape(tuple(input.shape) * 2)


def diag_embed(input: Any, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    return torch.diag_embed(_t(input), offset, dim1, dim2)


def einsum(equation: str, *operands: Any) -> Tensor:
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    return torch.einsum(equation, *[_t(o) for o in operands])


def kron(input: Any, other: Any) -> Tensor:
    return torch.kron(_t(input), _t(other))


def unbind(input: Any, dim: int = 0) -> tuple:
    return tuple(torch.unbind(_t(input), dim))


def unstack(input_x: Any, axis: int = 0) -> tuple:
    return tuple(torch.unbind(_t(input_x), axis))


def fliplr(input: Any) -> Tensor:
    return torch.fliplr(_t(input))


def flipud(input: Any) -> Tensor:
    return torch.flipud(_t(input))


def hstack(tensors: Sequence) -> Tensor:
    return torch.hstack([_t(t) for t in tensors])


def vstack(inputs: Sequence) -> Tensor:
    return torch.vstack([_t(t) for t in inputs])


def dstack(tensors: Sequence) -> Tensor:
    return torch.dstack([_t(t) for t in tensors])


def column_stack(tensors: Sequence) -> Tensor:
    return torch.column_stack([_t(t) for t in tensors])


def _atleast(fn: Any, inputs: Any) -> Any:
    if isinstance(inputs, (list, tuple)):
        return tuple(fn(_t(i)) for i in inputs)
    return fn(_t(inputs))


def atleast_1d(inputs: Any) -> Any:
    return _atleast(torch.atleast_1d, inputs)


def atleast_2d(inputs: Any) -> Any:
    return _atleast(torch.atleast_2d, inputs)


def atleast_3d(inputs: Any) -> Any:
    return _atleast(torch.atleast_3d, inputs)


def tensor_split(input: Any, indices_or_sections: Any, axis: int = 0) -> tuple:
    return tuple(torch.tensor_split(_t(input), _ints(indices_or_sections), dim=axis))


def hsplit(input: Any, indices_or_sections: Any) -> tuple:
    x = _t(input)
    return tensor_split(x, indices_or_sections, 1 if x.dim() > 1 else 0)


def vsplit(input: Any, indices_or_sections: Any) -> tuple:
    return tensor_split(input, indices_or_sections, 0)


def expand(input_x: Any, size: Any) -> Tensor:
    if not isinstance(size, torch.Tensor):
        raise TypeError(f"For 'expand', the type of input argument[shape] must be Tensor, but got {type(size).__name__}.")
    return _t(input_x).expand(*[int(s) for s in size.reshape(-1).tolist()])


def expand_as(input: Any, other: Any) -> Tensor:
    return _t(input).expand_as(_t(other))


__all__ = [
    "roll", "tril", "triu", "repeat_interleave", "repeat_elements", "meshgrid", "movedim", "moveaxis", "narrow",
    "diagonal", "diag", "diag_embed", "einsum", "kron", "unbind", "unstack", "fliplr", "flipud", "hstack",
    "vstack", "dstack", "column_stack", "atleast_1d", "atleast_2d", "atleast_3d", "tensor_split", "hsplit",
    "vsplit", "expand", "expand_as",
]
