"""Array functional ops (mindspore.ops.*): creation, shape, indexing, casting.

Tiers (conventions.md #3): names whose semantics equal torch's are thin calls; names whose argument
names or defaults differ (axis -> dim, MindSpore's `flatten` starting at dim 1) adapt them here.
"""
from __future__ import annotations

import builtins
from typing import Any, Sequence

import numpy as np
import torch

from mindshim._backend import device as _device
from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, plain_op, wrap
from mindshim.ops.function._args import as_tensor as _t
from mindshim.ops.function._class_targets import one_hot_rows


def _tdt(dtype: Any):
    return None if dtype is None else mstype.to_torch(dtype)


def _shape(shape: Any, creating: str | None = None) -> tuple:
    """A shape argument as a tuple; `creating` (the primitive's name) refuses negative dimensions as it does."""
    if isinstance(shape, int):
        shape = (shape,)
    dims = tuple(int(s) for s in shape.reshape(-1).tolist()) if isinstance(shape, torch.Tensor) else tuple(shape)
    for i, d in enumerate(dims if creating else ()):
        if isinstance(d, int) and d < 0:
            raise ValueError(f"For primitive[{creating}], the the {i}th dimension of input shape must be greater "
                             f"than or equal to 0, but got {d}.")
    return dims


# ----- creation -----
def zeros(size: Any, dtype: Any = None) -> Tensor:
    return wrap(torch.zeros(_shape(size, "Zeros"), dtype=_tdt(dtype) or torch.float32,
                            device=_device.current()))


def ones(shape: Any, dtype: Any = None) -> Tensor:
    return wrap(torch.ones(_shape(shape, "Ones"), dtype=_tdt(dtype) or torch.float32,
                           device=_device.current()))


def zeros_like(input: Any, *, dtype: Any = None) -> Tensor:
    return torch.zeros_like(_t(input), dtype=_tdt(dtype))


def ones_like(input: Any, *, dtype: Any = None) -> Tensor:
    return torch.ones_like(_t(input), dtype=_tdt(dtype))


def fill(type: Any, shape: Any, value: Any) -> Tensor:
    return wrap(torch.full(_shape(shape, "FillV2"), float(value) if mstype.is_float(type) else value,
                           dtype=mstype.to_torch(type), device=_device.current()))


def full(size: Any, fill_value: Any, *, dtype: Any = None) -> Tensor:
    if dtype is None:
        dtype = mstype.float32 if isinstance(fill_value, float) else (
            mstype.bool_ if isinstance(fill_value, bool) else mstype.int64)
    return fill(dtype, size, fill_value)


def full_like(input: Any, fill_value: Any, *, dtype: Any = None) -> Tensor:
    return torch.full_like(_t(input), fill_value, dtype=_tdt(dtype))


def arange(start: Any = 0, end: Any = None, step: Any = 1, *, dtype: Any = None) -> Tensor:
    if end is None:
        start, end = 0, start
    return wrap(torch.arange(start, end, step, dtype=_tdt(dtype), device=_device.current()))


def linspace(start: Any, end: Any, steps: int) -> Tensor:
    return wrap(torch.linspace(float(start), float(end), int(steps), device=_device.current()))


def eye(n: int, m: int | None = None, dtype: Any = None) -> Tensor:
    return wrap(torch.eye(n, m if m is not None else n, dtype=_tdt(dtype) or torch.float32, device=_device.current()))


def one_hot(indices: Any, depth: int, on_value: Any = 1, off_value: Any = 0, axis: int = -1) -> Tensor:
    idx = _t(indices)
    if idx.is_floating_point() or idx.is_complex() or idx.dtype == torch.bool:
        raise TypeError(f"For primitive[OneHot], the input argument[indices] must be a type of {{Tensor[Int32], "
                        f"Tensor[Int64]}}, but got Tensor[{mstype.from_torch(idx.dtype)}].")
    idx = idx.long()
    if isinstance(depth, (bool, float)):
        raise TypeError(f"For 'OneHot', 'depth' must be an int, but got {type(depth).__name__}.")
    depth = int(depth)  # an int, a numpy int or a one-element integer Tensor
    if depth < 0:
        raise ValueError(f"For primitive[OneHot], the depth value must be greater than or equal to 0, but got {depth}.")
    on, off = _t(on_value), _t(off_value)
    out = torch.where(one_hot_rows(idx, depth), on, off)  # an index outside [0, depth): all off_value
    return out if axis == -1 else torch.movedim(out, -1, axis)


# ----- casting and inspection -----
@plain_op
def cast(input: Any, dtype: Any) -> Tensor:
    if not isinstance(dtype, (mstype.Type, torch.dtype)):
        raise TypeError(f"For 'Cast', the 'dtype' must be a mindspore dtype, but got {dtype!r}.")
    return _t(input).to(mstype.to_torch(dtype))


def dtype(x: Any):
    return _t(x).dtype


def shape(input_x: Any) -> tuple:
    return tuple(_t(input_x).shape)


def rank(input_x: Any) -> int:
    return _t(input_x).dim()


def size(input_x: Any) -> int:
    return _t(input_x).numel()


def numel(input: Any) -> int:
    return _t(input).numel()


# ----- shape -----
@plain_op
def reshape(input: Any, shape: Any) -> Tensor:
    return torch.reshape(_t(input), _shape(shape))


@plain_op
def transpose(input: Any, dims: Sequence[int]) -> Tensor:
    return _t(input).permute(*dims)


@plain_op
def permute(input: Any, axis: Sequence[int]) -> Tensor:
    return _t(input).permute(*axis)


@plain_op
def swapaxes(input: Any, axis0: int, axis1: int) -> Tensor:
    return torch.transpose(_t(input), axis0, axis1)


def _check_concat_dtypes(name: str, tensors: Sequence) -> None:
    """MindSpore promotes within floats and within integers but cannot join a float and an integer tensor."""
    kinds = {t.is_floating_point() for t in tensors if isinstance(t, torch.Tensor)}
    if len(kinds) > 1:
        raise RuntimeError(f"For '{name}', the inputs must all be float or all be integer/bool tensors.")


@plain_op
def concat(tensors: Sequence, axis: int = 0) -> Tensor:
    _check_concat_dtypes("Concat", tensors)
    return torch.cat(list(tensors), dim=axis)


cat = concat


@plain_op
def stack(tensors: Sequence, axis: int = 0) -> Tensor:
    if len({t.dtype for t in tensors if isinstance(t, torch.Tensor)}) > 1:
        raise TypeError("For 'Stack', all inputs must have the same dtype.")
    return torch.stack(list(tensors), dim=axis)


@plain_op
def split(tensor: Any, split_size_or_sections: Any, axis: int = 0) -> tuple:
    return tuple(torch.split(_t(tensor), split_size_or_sections, dim=axis))


@plain_op
def chunk(input: Any, chunks: int, axis: int = 0) -> tuple:
    if not isinstance(chunks, int) or isinstance(chunks, bool):
        raise TypeError(f"For 'chunk', 'chunks' must be an int, but got {type(chunks).__name__}.")
    if chunks <= 0:
        raise ValueError(f"For 'chunk', 'chunks' must be greater than 0, but got {chunks}.")
    return tuple(torch.chunk(_t(input), chunks, dim=axis))


@plain_op
def squeeze(input: Any, axis: Any = None) -> Tensor:
    x = _t(input)
    if axis is None:
        return torch.squeeze(x)
    return torch.squeeze(x, tuple(axis) if isinstance(axis, (list, tuple)) else axis)


@plain_op
def expand_dims(input_x: Any, axis: int) -> Tensor:
    return torch.unsqueeze(_t(input_x), axis)


@plain_op
def unsqueeze(input: Any, dim: int) -> Tensor:
    return torch.unsqueeze(_t(input), dim)


@plain_op
def flatten(input: Any, order: str = "C", *, start_dim: int = 1, end_dim: int = -1) -> Tensor:
    x = _t(input)
    if x.dim() == 0:
        return x.reshape(1)
    if order == "F":
        x = x.permute(*reversed(builtins.range(x.dim())))
    return torch.flatten(x, start_dim, end_dim)


@plain_op
def tile(input: Any, dims: Sequence[int]) -> Tensor:
    return torch.tile(_t(input), tuple(dims))


@plain_op
def broadcast_to(input: Any, shape: Sequence[int]) -> Tensor:
    x = _t(input)
    target = [x.shape[i - len(shape) + x.dim()] if s == -1 else s for i, s in enumerate(shape)]
    return x.expand(*target)


def flip(input: Any, dims: Sequence[int]) -> Tensor:
    return torch.flip(_t(input), tuple(dims))


# ----- indexing -----
def checked_index(name: str, indices: Any, n: int, wrap: bool = True) -> torch.Tensor:
    """Int64 copy of `indices` checked on the host (never let torch index out of range: on CUDA that is a
    device-side assert). MindSpore's Gather/GatherD wrap indices in [-n, 0); anything else outside [0, n) is a
    RuntimeError, as in MindSpore's CPU kernels."""
    idx = _t(indices)
    if idx.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{name}', the indices must be an int32 or int64 Tensor, but got "
                        f"{mstype.from_torch(idx.dtype)}.")
    idx = idx.long()
    low = -n if wrap else 0
    if idx.numel():
        bad = (idx < low) | (idx >= n)
        if bool(bad.any()):
            raise RuntimeError(f"For '{name}', the indices should be in the range [{low}, {n}), but got "
                               f"{int(idx[bad].reshape(-1)[0])}.")
    return torch.where(idx < 0, idx + n, idx) if wrap else idx


def gather(input_params: Any, input_indices: Any, axis: int, batch_dims: int = 0) -> Tensor:
    x = _t(input_params)
    if not -x.dim() <= axis < builtins.max(x.dim(), 1):
        raise ValueError(f"For 'Gather', the axis must be in [{-x.dim()}, {x.dim()}), but got {axis}.")
    axis = axis % builtins.max(x.dim(), 1)
    idx = checked_index("Gather", input_indices, x.shape[axis] if x.dim() else 1)
    if batch_dims:
        return _batched_gather(x, idx, axis, batch_dims)
    out = torch.index_select(x, axis, idx.reshape(-1))
    return out.reshape(x.shape[:axis] + idx.shape + x.shape[axis + 1:])


def _batched_gather(x: torch.Tensor, idx: torch.Tensor, axis: int, b: int) -> torch.Tensor:
    """Gather with leading batch dims shared by x and the indices: out[n] = gather(x[n], idx[n], axis - b)."""
    b = b + idx.dim() if b < 0 else b
    if not 0 <= b <= builtins.min(axis, idx.dim()) or tuple(x.shape[:b]) != tuple(idx.shape[:b]):
        raise ValueError(f"For 'Gather', batch_dims {b} must be in [0, min(axis, indices rank)] and the batch "
                         f"dims of input_params {tuple(x.shape)} and indices {tuple(idx.shape)} must match.")
    batch, pre, post = x.shape[:b], x.shape[b:axis], x.shape[axis + 1:]
    n, p, q = int(np.prod(batch)), int(np.prod(pre)), int(np.prod(post))
    xb = x.reshape(n, p, x.shape[axis], q)
    ib = idx.reshape(n, -1)
    out = xb[torch.arange(n, device=ib.device)[:, None], :, ib, :]  # (n, k, p, q): advanced dims first
    return out.permute(0, 2, 1, 3).reshape(batch + pre + idx.shape[b:] + post)


def gather_elements(input: Any, dim: int, index: Any) -> Tensor:
    return gather_d(input, dim, index)


def gather_d(x: Any, dim: int, index: Any) -> Tensor:
    x = _t(x)
    if not -x.dim() <= dim < builtins.max(x.dim(), 1):
        raise ValueError(f"For 'GatherD', the dim must be in [{-x.dim()}, {x.dim()}), but got {dim}.")
    return torch.gather(x, dim, checked_index("GatherD", index, x.shape[dim] if x.dim() else 1))


def where(condition: Any, input: Any = None, other: Any = None) -> Any:
    if input is None and other is None:
        return tuple(torch.where(_t(condition)))
    return torch.where(_t(condition), input if isinstance(input, torch.Tensor) else torch.tensor(input),
                       other if isinstance(other, torch.Tensor) else torch.tensor(other))


def select(condition: Any, input: Any, other: Any) -> Tensor:
    if isinstance(condition, torch.Tensor) and condition.dtype != torch.bool:
        raise TypeError(f"For 'Select', the 'cond' must be a bool Tensor, but got {_t(condition).dtype}.")
    return where(condition, input, other)


def _bool_mask(name: str, mask: Any, error: type) -> torch.Tensor:
    mask = _t(mask)
    if mask.dtype != torch.bool:
        raise error(f"For '{name}', the 'mask' must be a bool Tensor, but got {mask.dtype}.")
    return mask


def masked_fill(input_x: Any, mask: Any, value: Any) -> Tensor:
    return torch.masked_fill(_t(input_x), _bool_mask("MaskedFill", mask, TypeError), value)


def masked_select(input: Any, mask: Any) -> Tensor:
    return torch.masked_select(_t(input), _bool_mask("MaskedSelect", mask, RuntimeError))


def _host_index(name: str, index: Any, size: int) -> torch.Tensor:
    """An Int32/Int64 index checked on the host against [-size, size) (never reaches a kernel out of range);
    negative entries count from the end."""
    i = _t(index)
    if i.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{name}', the index must be an Int32 or Int64 Tensor, but got {i.dtype}.")
    i = i.long()
    if i.numel() and (int(i.min()) < -size or int(i.max()) >= size):
        raise RuntimeError(f"For '{name}', the index must be in [{-size}, {size}), but got values in "
                           f"[{int(i.min())}, {int(i.max())}].")
    return torch.where(i < 0, i + size, i)


def scatter(input: Any, axis: int, index: Any, src: Any) -> Tensor:
    x = _t(input)
    return torch.scatter(x, axis, _host_index("scatter", index, x.shape[axis] if x.dim() else 1), _t(src))


def nonzero(input: Any, *, as_tuple: bool = False) -> Any:
    """Int64 coordinates of the non-zero elements: one (n, rank) Tensor, or (as_tuple) one 1-D Tensor per dim."""
    x = _t(input)
    if as_tuple:
        return tuple(torch.nonzero(x, as_tuple=True))
    return torch.nonzero(x).to(torch.int64)


def unique(input: Any) -> tuple:
    """(the distinct elements in order of first appearance, each element's index into them): MindSpore's Unique
    on the flattened input; the indices are Int64 for an Int64 input, else Int32."""
    from mindshim.ops.operations.nn_conv_misc_ops import unique_first
    x = _t(input)
    out, inv = unique_first(x)
    return out, inv.to(torch.int64 if x.dtype == torch.int64 else torch.int32)


def sort(input_x: Any, axis: int = -1, descending: bool = False) -> tuple:
    values, indices = torch.sort(_t(input_x), dim=axis, descending=descending, stable=True)
    return values, indices.to(torch.int32)


def topk(input: Any, k: int, dim: int | None = None, largest: bool = True, sorted: bool = True) -> tuple:
    values, indices = torch.topk(_t(input), k, dim=-1 if dim is None else dim, largest=largest, sorted=sorted)
    return values, indices.to(torch.int32)


def range(start: Any, end: Any, step: Any, maxlen: int = 1000000) -> Tensor:  # noqa: A001 - MindSpore's name
    return arange(start, end, step)  # (maxlen bounds the output on Ascend; MindSpore's CPU kernel ignores it)


def stop_gradient(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return type(value)(stop_gradient(v) for v in value)
    return value.detach() if isinstance(value, torch.Tensor) else value


def assign(variable: Any, value: Any) -> Tensor:
    """ops.assign: write `value` into the Parameter in place; returns the Parameter."""
    with torch.no_grad():
        variable.copy_(_t(value))
    return variable


def assign_add(variable: Any, value: Any) -> Tensor:
    with torch.no_grad():
        variable.add_(_t(value))
    return variable


def assign_sub(variable: Any, value: Any) -> Tensor:
    with torch.no_grad():
        variable.sub_(_t(value))
    return variable


def tensor_to_numpy(x: Any) -> np.ndarray:
    return _t(x).asnumpy()


__all__ = [
    "zeros", "ones", "zeros_like", "ones_like", "fill", "full", "full_like", "arange", "linspace", "eye",
    "one_hot", "cast", "dtype", "shape", "rank", "size", "numel", "reshape", "transpose", "permute", "swapaxes",
    "concat", "cat", "stack", "split", "chunk", "squeeze", "expand_dims", "unsqueeze", "flatten", "tile",
    "broadcast_to", "flip", "gather", "gather_elements", "gather_d", "where", "select", "masked_fill",
    "masked_select", "scatter", "nonzero", "unique", "sort", "topk", "range", "stop_gradient", "assign",
    "assign_add", "assign_sub",
]
