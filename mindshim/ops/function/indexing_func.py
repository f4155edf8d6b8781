"""Indexing and scatter/gather ops (mindspore.ops.*): index_select, index_add, gather_nd, scatter_nd,
scatter_add, tensor_scatter_update/add, argwhere, searchsorted, bucketize, bincount, unique_consecutive.

Mapping decisions (MindSpore 2.10 CPU):
- `*_nd` ops take an index tensor whose last axis addresses the leading dims of the target (TF style);
  repeated indices accumulate in `scatter_nd` and `tensor_scatter_add`.
- `index_add(x, indices, y, axis)` and `scatter_add(input_x, indices, updates)` update their input in
  place (MindSpore's ref semantics, for plain Tensors too) and return it (the Parameter itself for a
  Parameter); under autodiff they are out of place so gradients flow.
- `index_select` needs a Tensor index (TypeError otherwise) and an in-range axis (ValueError).
- `bincount` always returns Float32 (MindSpore's choice, also without weights); negative entries are skipped.
- `searchsorted` returns Int64 (Int32 with `out_int32=True`); `side="right"` means `right=True`.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor, plain
from mindshim.ops.function._args import as_tensor as _t
from mindshim.ops.function.array_func import checked_index
from mindshim.ops.function.scatter_func import _index, _rows


def _check_axis(axis: int, ndim: int) -> int:
    if not -max(ndim, 1) <= axis < max(ndim, 1):
        raise ValueError(f"The 'axis' must be in the range of [{-ndim}, {ndim}), but got {axis}.")
    return axis


def _write_back(target: Any, out: torch.Tensor) -> Any:
    """Ref-style primitives update their input in place (MindSpore does so for Parameters and plain
    Tensors alike); a tensor inside a differentiated computation is left alone so gradients flow."""
    if isinstance(target, Parameter):
        with torch.no_grad():
            target.copy_(out)
        return target
    if isinstance(target, torch.Tensor) and not target.requires_grad and not out.requires_grad:
        with torch.no_grad():
            target.copy_(out)
    return out


def _nd_index(indices: Any) -> tuple:
    idx = _t(indices).long()
    return tuple(idx[..., i] for i in range(idx.shape[-1]))


def checked_scatter(name: str, x: torch.Tensor, indices: Any, updates: torch.Tensor, nd: bool = True,
                    oob: type = RuntimeError) -> torch.Tensor:
    """Host check of scatter indices (int32/int64, inside x; updates of the addressed shape) with scatter_func's
    checker. MindSpore raises `oob` past the end but RuntimeError for any negative index."""
    idx = _index(name, indices)
    if oob is not RuntimeError and idx.numel() and bool((idx < 0).any()):
        raise RuntimeError(f"For '{name}', indices must not be negative, but got {int(idx.min())}.")
    _rows(name, x, idx, updates, nd, oob)
    return idx


def index_select(input: Any, axis: int, index: Any) -> Tensor:
    if not isinstance(input, torch.Tensor) or not isinstance(index, torch.Tensor):
        raise TypeError("For 'index_select', `input` and `index` must be all tensors.")
    _check_axis(axis, input.dim())
    n = input.shape[axis] if input.dim() else 1
    return torch.index_select(input, axis, checked_index("Gather", index, n))


def index_add(x: Any, indices: Any, y: Any, axis: int, use_lock: bool = True,
              check_index_bound: bool = True) -> Tensor:
    base = _t(x)
    _check_axis(axis, base.dim())
    out = torch.index_add(base.detach() if isinstance(x, Parameter) else base, axis, _t(indices).long(), _t(y))
    return _write_back(x, out)


def gather_nd(input_x: Any, indices: Any) -> Tensor:
    """No wrapping: every index component must lie in [0, dim) (RuntimeError, MindSpore's CPU kernel)."""
    x, idx = _t(input_x), _index("GatherNd", indices)
    k = idx.shape[-1] if idx.dim() else 0
    if idx.dim() < 1 or not 1 <= k <= x.dim():
        raise ValueError(f"For 'GatherNd', the last dimension of 'indices' must be in [1, {x.dim()}], but got "
                         f"indices shape {tuple(idx.shape)}.")
    lead = torch.tensor(x.shape[:k], dtype=torch.long, device=idx.device)
    if idx.numel() and bool(((idx < 0) | (idx >= lead)).any()):
        raise RuntimeError(f"For 'GatherNd', indices do not index into input_shape {tuple(x.shape)}.")
    return x[tuple(idx[..., i] for i in range(k))]


def scatter_nd(indices: Any, updates: Any, shape: Any) -> Tensor:
    upd = _t(updates)
    shape = tuple(int(s) for s in (shape.tolist() if isinstance(shape, torch.Tensor) else shape))
    out = upd.new_zeros(shape)
    idx = checked_scatter("ScatterNd", out, indices, upd)
    return out.index_put(_nd_index(idx), upd, accumulate=True)


def scatter_add(input_x: Any, indices: Any, updates: Any) -> Tensor:
    base = _t(input_x)
    src = base.detach() if isinstance(input_x, Parameter) else base
    upd = _t(updates)
    idx = checked_scatter("ScatterAdd", src, indices, upd, nd=False)
    out = src.index_put((idx,), upd, accumulate=True)
    return _write_back(input_x, out)


def tensor_scatter_update(input_x: Any, indices: Any, updates: Any) -> Tensor:
    x, upd = _t(input_x), _t(updates)
    idx = checked_scatter("TensorScatterUpdate", x, indices, upd, oob=ValueError)
    return x.index_put(_nd_index(idx), upd)


def tensor_scatter_add(input_x: Any, indices: Any, updates: Any) -> Tensor:
    x, upd = _t(input_x), _t(updates)
    idx = checked_scatter("TensorScatterAdd", x, indices, upd)
    return x.index_put(_nd_index(idx), upd, accumulate=True)


def argwhere(input: Any) -> Tensor:
    return torch.argwhere(_t(input))


def searchsorted(sorted_sequence: Any, values: Any, *, out_int32: bool = False, right: bool = False,
                 side: str | None = None, sorter: Any = None) -> Tensor:
    if side is not None:
        right = side == "right"
    return torch.searchsorted(_t(sorted_sequence), _t(values), out_int32=out_int32, right=right,
                              sorter=None if sorter is None else _t(sorter).long())


def bucketize(input: Any, boundaries: Any, *, right: bool = False) -> Tensor:
    x = _t(input)
    b = torch.tensor([float(v) for v in boundaries], dtype=torch.float64, device=x.device)
    b = b.to(torch.promote_types(plain(x).dtype, torch.float32))
    return torch.bucketize(x, b, out_int32=True, right=right)


def bincount(input: Any, weights: Any = None, minlength: int = 0) -> Tensor:
    """MindSpore 2.10 counts the entries equal to 0, 1, ..., length - 1 (length: max(input) + 1, at least
    `minlength`) as Float32: negative (and non-integral float) entries are not counted."""
    if not isinstance(input, torch.Tensor):
        raise TypeError("For math function 'bincount', 'input' must be Tensor.")
    if weights is not None and not isinstance(weights, torch.Tensor):
        raise TypeError(f"For math function 'bincount', 'weights' must be Tensor, but got {type(weights)}.")
    if not isinstance(minlength, int) or isinstance(minlength, bool):
        raise TypeError(f"For math function 'bincount', 'minlength' must be int but got {type(minlength)}.")
    if input.dim() != 1:
        raise ValueError("For math function 'bincount', 'input' should be one-dimensional tensor.")
    if input.shape[0] == 0:
        return input.new_zeros(0, dtype=torch.float32)
    if minlength < 0:
        raise ValueError(f"For 'bincount', 'minlength' should be >= 0 but got {minlength}.")
    x = input.to(torch.float32)
    top = x.max()
    length = int((top + 1).to(torch.int32)) if top > minlength - 1 else minlength
    keep = (x >= 0) & (x < length) & (x == torch.trunc(x))
    if weights is not None and tuple(weights.shape) != tuple(input.shape):
        raise ValueError("for bincount `input` and `weights` must have the same length")
    w = torch.ones_like(x) if weights is None else weights.to(torch.float32)
    index = torch.where(keep, x, 0).to(torch.int64)
    return torch.bincount(index, torch.where(keep, w, 0), length)[:length].to(torch.float32)


def unique_consecutive(input: Any, return_inverse: bool = False, return_counts: bool = False,
                       dim: int | None = None) -> Any:
    out = torch.unique_consecutive(_t(input), return_inverse=return_inverse, return_counts=return_counts, dim=dim)
    if not (return_inverse or return_counts):
        return out
    return tuple(out)


__all__ = [
    "index_select", "index_add", "gather_nd", "scatter_nd", "scatter_add", "tensor_scatter_update",
    "tensor_scatter_add", "argwhere", "searchsorted", "bucketize", "bincount", "unique_consecutive",
]
