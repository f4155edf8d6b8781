"""Torch-style array functions of `ops.auto_generate` (shapes, views, sorting, indexing, scatter,
creation). View functions (`*_view`, `view`, `narrow`, `as_strided`, ...) return torch views."""
from __future__ import annotations

from types import FunctionType
from typing import Any

import torch

from mindshim._backend import device as _device
from mindshim.common.tensor import wrap
from mindshim.ops.auto_generate._util import dt, t, tdtype, wrap_module


def _idx(name: str, index: Any, size: int) -> torch.Tensor:
    """Index tensor checked on the host (never let an out-of-range index reach a kernel); a negative index counts
    from the end (torch's kernels would reject it, on CUDA with an unrecoverable device-side assert)."""
    i = t(index).long()
    if i.numel() and (int(i.min()) < -size or int(i.max()) >= size):
        raise RuntimeError(f"For '{name}', index out of range [{-size}, {size}).")
    return torch.where(i < 0, i + size, i) if i.numel() and int(i.min()) < 0 else i


def flatten_ext(input: Any, start_dim: int = 0, end_dim: int = -1) -> Any:
    x = t(input)
    rank = max(x.dim(), 1)
    if start_dim % rank > end_dim % rank:
        raise ValueError("For 'flatten', 'start_dim' cannot come after 'end_dim'.")
    return torch.flatten(x, start_dim, end_dim)


def narrow(input: Any, dim: int, start: int, length: int) -> Any:
    x = t(input)
    size = x.shape[dim]
    begin = start + size if start < 0 else start
    if length < 0 or begin < 0 or begin + length > size:
        raise ValueError(f"For 'Narrow', start ({start}), + length ({length}) exceeds dimension size ({size}).")
    return torch.narrow(x, dim, begin, length)


def stack_ext(tensors: Any, dim: int = 0) -> Any:
    items = [t(x) for x in tensors]
    if len({tuple(x.shape) for x in items}) > 1:
        raise ValueError("For 'StackExt', all input shapes must be the same.")
    return torch.stack(items, dim)


def sort_ext(input: Any, dim: int = -1, descending: bool = False, stable: bool = False) -> Any:
    out = torch.sort(t(input), dim=dim, descending=descending, stable=stable)
    return out[0], out[1]


def argsort_ext(input: Any, dim: int = -1, descending: bool = False, stable: bool = False) -> Any:
    return torch.argsort(t(input), dim=dim, descending=descending, stable=stable)


def topk_ext(input: Any, k: int, dim: int = -1, largest: bool = True, sorted: bool = True) -> Any:
    x = t(input)
    size = x.shape[dim] if x.dim() else 1
    if not 0 <= k <= size:
        raise ValueError(f"For 'TopkExt', the k must be in [0,{size}], but got {k}.")
    out = torch.topk(x, k, dim, largest, sorted)
    return out[0], out[1]


def diag_ext(input: Any, diagonal: int = 0) -> Any:
    return torch.diag(t(input), diagonal)


def tril_ext(input: Any, diagonal: int = 0) -> Any:
    x = t(input)
    if x.dim() < 2:
        raise ValueError(f"For 'TrilExt', the input's rank must be at least 2, but got {x.dim()}.")
    return torch.tril(x, diagonal)


def index_select_ext(input: Any, dim: int, index: Any) -> Any:
    x = t(input)
    return torch.index_select(x, dim, _idx("IndexSelect", index, x.shape[dim] if x.dim() else 1))


def gather_nd_ext(input: Any, indices: Any) -> Any:
    x, i = t(input), t(indices).long()
    k = i.shape[-1]
    for d in range(k):
        _idx("GatherNdExt", i[..., d], x.shape[d])
    return x[tuple(i[..., d] for d in range(k))]


def index(input: Any, indices: Any) -> Any:
    x = t(input)
    idx = []
    for d, i in enumerate(indices):
        if i is None or (isinstance(i, torch.Tensor) and i.numel() == 0 and dt(i) != torch.bool):
            idx.append(slice(None))
        elif dt(t(i)) == torch.bool:
            idx.append(t(i))
        else:
            idx.append(_idx("Index", i, x.shape[d]))
    return x[tuple(idx)]


def index_fill(input: Any, dim: int, index: Any, value: Any) -> Any:
    x = t(input)
    return torch.index_fill(x, dim, _idx("IndexFill", index, x.shape[dim]), value)


def index_add_ext(input: Any, dim: int, index: Any, source: Any, alpha: Any = 1) -> Any:
    x = t(input)
    return torch.index_add(x, dim, _idx("IndexAddExt", index, x.shape[dim]), t(source), alpha=alpha)


def masked_scatter(input: Any, mask: Any, source: Any) -> Any:
    x, m, src = t(input), t(mask).bool(), t(source)
    if int(torch.broadcast_to(m, torch.broadcast_shapes(m.shape, x.shape)).sum()) > src.numel():
        raise ValueError("For 'MaskedScatter', number of elements of updates < number of ones in mask.")
    return torch.masked_scatter(x, m, src)


def _scatter_checked(name: str, x: torch.Tensor, dim: int, index: Any) -> torch.Tensor:
    return _idx(name, index, x.shape[dim])


def scatter(input: Any, dim: int, index: Any, src: Any, reduce: str = "none") -> Any:
    x = t(input)
    i = _scatter_checked("Scatter", x, dim, index)
    if reduce == "none":
        return torch.scatter(x, dim, i, src)
    if reduce not in ("add", "multiply"):
        raise ValueError(f"For 'Scatter', reduce must be 'none', 'add' or 'multiply', but got {reduce!r}.")
    if isinstance(src, torch.Tensor):
        return torch.scatter_reduce(x, dim, i, src, {"add": "sum", "multiply": "prod"}[reduce])
    return torch.scatter(x, dim, i, src, reduce=reduce)


def scatter_add_ext(input: Any, dim: int, index: Any, src: Any) -> Any:
    x = t(input)
    return torch.scatter_add(x, dim, _scatter_checked("ScatterAddExt", x, dim, index), t(src))


def tensor_scatter_elements(data: Any, indices: Any, updates: Any, axis: int = 0, reduce: str = "none") -> Any:
    x = t(data)
    i = _scatter_checked("TensorScatterElements", x, axis, indices)
    if reduce == "none":
        return torch.scatter(x, axis, i, t(updates))
    if reduce != "add":
        raise ValueError(f"For 'TensorScatterElements', reduce must be 'none' or 'add', but got {reduce!r}.")
    return torch.scatter_add(x, axis, i, t(updates))


def select_v2(condition: Any, input: Any, other: Any) -> Any:
    return torch.where(t(condition).bool(), input, other)


def select_ext_view(input: Any, dim: int, index: int) -> Any:
    return torch.select(t(input), dim, index)


def view(input: Any, shape: Any) -> Any:
    return t(input).view(tuple(shape))


def view_dtype(input: Any, dtype: Any) -> Any:
    return t(input).view(tdtype(dtype))


def view_as(input: Any, other: Any) -> Any:
    return t(input).view_as(t(other))


def as_strided(input: Any, size: Any, stride: Any, storage_offset: int = 0) -> Any:
    return torch.as_strided(t(input), tuple(size), tuple(stride), storage_offset)


def broadcast_to_view(input: Any, shape: Any) -> Any:
    return t(input).expand(tuple(shape))


def expand_dims_view(input: Any, dim: int) -> Any:
    return torch.unsqueeze(t(input), dim)


def transpose_ext_view(input: Any, dim0: int, dim1: int) -> Any:
    return torch.transpose(t(input), dim0, dim1)


def transpose_view(input: Any, input_perm: Any) -> Any:
    return torch.permute(t(input), tuple(input_perm))


def diagonal_view(input: Any, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Any:
    return torch.diagonal(t(input), offset, dim1, dim2)


def real_view(input: Any) -> Any:
    return torch.view_as_real(t(input))[..., 0]


def imag_view(input: Any) -> Any:
    return torch.view_as_real(t(input))[..., 1]


def flip(input: Any, axis: Any) -> Any:
    return torch.flip(t(input), (axis,) if isinstance(axis, int) else tuple(axis))


def clone(input: Any) -> Any:
    return torch.clone(t(input))


def contiguous(input: Any) -> Any:
    return t(input).contiguous()


def type_as(input: Any, other: Any) -> Any:
    return t(input).to(dt(t(other)))


def expand_as(input: Any, other: Any) -> Any:
    return t(input).expand_as(t(other))


def repeat(input: Any, repeats: Any) -> Any:
    return t(input).repeat(tuple(repeats))


def repeat_interleave(input: Any, repeats: Any, dim: Any = None, output_size: Any = None) -> Any:
    return torch.repeat_interleave(t(input), repeats, dim, output_size=output_size)


def chunk(input: Any, chunks: int, dim: int = 0) -> Any:
    return tuple(torch.chunk(t(input), chunks, dim))


def split_tensor(input: Any, split_size: Any, dim: int = 0) -> Any:
    return tuple(torch.split(t(input), split_size, dim))


def unstack_ext_view(input: Any, dim: int = 0) -> Any:
    return tuple(torch.unbind(t(input), dim))


def unique2(input: Any, sorted: bool = True, return_inverse: bool = False, return_counts: bool = False) -> Any:
    out, inv, cnt = torch._unique2(t(input), sorted=sorted, return_inverse=True, return_counts=True)
    return out, inv, cnt


def unique_dim(input: Any, sorted: bool, return_inverse: bool, dim: int) -> Any:
    out, inv, cnt = torch.unique(t(input), sorted=sorted, return_inverse=True, return_counts=True, dim=dim)
    return out, inv, cnt


def non_zero_ext(input: Any) -> Any:
    return torch.nonzero(t(input))


def inner_non_zero(input: Any) -> Any:
    return torch.nonzero(t(input)).T.contiguous()


def take(input: Any, index: Any) -> Any:
    x = t(input)
    return torch.take(x, _idx("Take", index, x.numel()))


def slice_ext(input: Any, dim: int, start: int, end: int, step: int) -> Any:
    x = t(input)
    sl = [slice(None)] * x.dim()
    sl[dim] = slice(start, end, step)
    return x[tuple(sl)]


def _shape(size: Any) -> tuple:
    if isinstance(size, torch.Tensor):
        return tuple(int(s) for s in size.reshape(-1))
    return (size,) if isinstance(size, int) else tuple(size)


def _fill_dtype(value: Any) -> torch.dtype:
    if isinstance(value, torch.Tensor):
        return dt(value)
    return torch.bool if isinstance(value, bool) else torch.int64 if isinstance(value, int) else torch.float32


def fill(size: Any, fill_value: Any, dtype: Any = None) -> Any:
    dt = tdtype(dtype) or _fill_dtype(fill_value)
    v = fill_value.item() if isinstance(fill_value, torch.Tensor) else fill_value
    return wrap(torch.full(_shape(size), v, dtype=dt, device=_device.current()))


def full_like(input: Any, fill_value: Any, dtype: Any = None) -> Any:
    v = fill_value.item() if isinstance(fill_value, torch.Tensor) else fill_value
    return torch.full_like(t(input), v, dtype=tdtype(dtype))


def ones_like_ext(input: Any, dtype: Any = None) -> Any:
    return torch.ones_like(t(input), dtype=tdtype(dtype))


def zeros_like_ext(input: Any, dtype: Any = None) -> Any:
    return torch.zeros_like(t(input), dtype=tdtype(dtype))


def empty(size: Any, dtype: Any = None, device: Any = None, pin_memory: bool = False) -> Any:
    return wrap(torch.empty(_shape(size), dtype=tdtype(dtype) or torch.float32, device=_device.current()))


def empty_like(input: Any, dtype: Any = None, device: Any = None, pin_memory: bool = False) -> Any:
    return torch.empty_like(t(input), dtype=tdtype(dtype))


def new_ones(input: Any, size: Any, dtype: Any = None) -> Any:
    return t(input).new_ones(_shape(size), dtype=tdtype(dtype))


def new_zeros(input: Any, size: Any, dtype: Any = None) -> Any:
    return t(input).new_zeros(_shape(size), dtype=tdtype(dtype))


def new_empty(input: Any, size: Any, dtype: Any = None, device: Any = None) -> Any:
    return t(input).new_empty(_shape(size), dtype=tdtype(dtype))


def new_full(input: Any, size: Any, fill_value: Any, dtype: Any = None) -> Any:
    return t(input).new_full(_shape(size), fill_value, dtype=tdtype(dtype))


def _num(v: Any) -> Any:
    return v.item() if isinstance(v, torch.Tensor) else v


def arange(start: Any, end: Any, step: Any, dtype: Any = None) -> Any:
    start, end, step = _num(start), _num(end), _num(step)
    if step == 0:
        raise ValueError("For 'Arange', step must not be 0.")
    if (end - start) * step < 0:
        raise ValueError(f"For 'Arange', (end - start) and step must have the same sign, got {start}, {end}, {step}.")
    floaty = any(isinstance(v, float) for v in (start, end, step))
    dt = tdtype(dtype) or (torch.float32 if floaty else torch.int64)
    out = torch.arange(start, end, step, dtype=torch.float64 if floaty else torch.int64, device=_device.current())
    return wrap(out.to(dt))


def lin_space_ext(start: Any, end: Any, steps: Any, dtype: Any = None) -> Any:
    return wrap(torch.linspace(_num(start), _num(end), _num(steps), dtype=tdtype(dtype) or torch.float32,
                               device=_device.current()))


def _seq_dtype(values: Any) -> torch.dtype:
    return torch.float32 if any(isinstance(v, float) for v in values) else torch.int32


def tuple_to_tensor(input_tuple: Any, dtype: Any = None) -> Any:
    """Python numbers -> Int32 (bools too) or Float32 unless `dtype` says otherwise."""
    values = [_num(v) for v in input_tuple]
    return wrap(torch.tensor(values, dtype=tdtype(dtype) or _seq_dtype(values), device=_device.current()))


def scalar_to_tensor(data: Any, dtype: Any = None) -> Any:
    v = _num(data)
    dt = tdtype(dtype) or (torch.bool if isinstance(v, bool) else _seq_dtype([v]))
    return wrap(torch.tensor(v, dtype=dt, device=_device.current()))


def addn(x: Any) -> Any:
    out = t(x[0])
    for item in x[1:]:
        out = out + item
    return out


def one_hot_ext(tensor: Any, num_classes: int, on_value: Any, off_value: Any, axis: int = -1) -> Any:
    i = t(tensor).long()
    n = int(i.max()) + 1 if num_classes == -1 else num_classes
    hot = torch.nn.functional.one_hot(i, n)
    on, off = t(on_value), t(off_value)
    out = torch.where(hot.bool(), on, off)
    return out if axis == -1 else out.movedim(-1, axis)


wrap_module(globals(), [_n for _n, _v in list(globals().items())
                        if isinstance(_v, FunctionType) and _v.__module__ == __name__ and not _n.startswith("_")])
