"""Scatter arithmetic (mindspore.ops.scatter_* / scatter_nd_* / tensor_scatter_* / tensor_scatter_elements).

Mapping decisions (MindSpore 2.10 CPU, checked against the real thing):
- Indices are int32/int64 tensors (TypeError otherwise) and are range-checked on the host before torch sees
  them: an index outside [0, dim) raises RuntimeError (ValueError for scatter_nd_update), negative ones included.
  `tensor_scatter_elements` wraps negative indices; past the end it raises RuntimeError where MindSpore's CPU
  kernel logs an error and returns the input unchanged.
- Duplicate indices all apply: sub/mul/div accumulate, max/min reduce, update keeps the last one.
  Integer division truncates.
- `scatter_*`/`scatter_nd_*` update their first input in place (Parameter or Tensor) and return it; updates are
  cast to its dtype. `tensor_scatter_*` return a new tensor and need equal real dtypes (TypeError; int8/uint8
  not for div). Bool and complex are rejected (TypeError).
- Gradients of tensor_scatter_mul/div/max/min follow MindSpore's bprop: mul/div take the updates' gradient from
  the input alone (d_updates = gather(dout * x), -gather(dout * x) / updates**2), max/min share the gradient
  evenly among the input and the updates that tie for the result.
"""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common.tensor import plain, wrap
from mindshim.ops.function._args import as_tensor

_INDEX_DTYPES = (torch.int32, torch.int64)


def _t(x: Any) -> torch.Tensor:
    """A plain torch tensor of `x` (results are wrapped back into mindshim Tensors on return)."""
    return plain(as_tensor(x))


def _index(name: str, indices: Any) -> torch.Tensor:
    idx = _t(indices)
    if idx.dtype not in _INDEX_DTYPES:
        raise TypeError(f"For '{name}', 'indices' must be an int32 or int64 Tensor, but got {idx.dtype}.")
    return idx.long()


def _values(name: str, x: Any) -> torch.Tensor:
    x = _t(x)
    if x.dtype == torch.bool or x.is_complex():
        raise TypeError(f"For '{name}', 'input_x' must be a real numeric Tensor, but got {x.dtype}.")
    return x


def _same_dtype(name: str, x: torch.Tensor, u: torch.Tensor) -> None:
    if x.dtype != u.dtype:
        raise TypeError(f"For '{name}', 'input_x' and 'updates' must have the same dtype, but got {x.dtype} "
                        f"and {u.dtype}.")


def _rows(name: str, x: torch.Tensor, idx: torch.Tensor, upd: torch.Tensor, nd: bool,
          oob: type = RuntimeError) -> tuple[torch.Tensor, int]:
    """Checked flat positions of the updated rows of `x` viewed as (prod(shape[:k]), *shape[k:])."""
    if not nd:
        idx = idx.unsqueeze(-1)
    k = idx.shape[-1] if idx.dim() else 0
    if nd and (idx.dim() < 1 or not 1 <= k <= x.dim()):
        raise ValueError(f"For '{name}', the last dimension of 'indices' must be in [1, {x.dim()}], "
                         f"but got indices shape {tuple(idx.shape)}.")
    want = tuple(idx.shape[:-1]) + tuple(x.shape[k:])
    if tuple(upd.shape) != want:
        raise ValueError(f"For '{name}', 'updates' must have shape {want} (indices shape {tuple(idx.shape)}, "
                         f"input_x shape {tuple(x.shape)}), but got {tuple(upd.shape)}.")
    lead = torch.tensor(x.shape[:k], dtype=torch.long, device=idx.device)
    if idx.numel() and bool(((idx < 0) | (idx >= lead)).any()):
        bad = idx[((idx < 0) | (idx >= lead)).any(-1)][0].tolist()
        raise oob(f"For '{name}', indices {bad} are out of range for input_x of shape {tuple(x.shape)}.")
    strides = [math.prod(x.shape[i + 1:k]) for i in range(k)]
    lin = (idx * torch.tensor(strides, dtype=torch.long, device=idx.device)).sum(-1) if k else idx.sum(-1)
    return lin.reshape(-1), k


def _last_wins(lin: torch.Tensor, size: int) -> torch.Tensor:
    """Mask of the last occurrence of every position (MindSpore's order for duplicate updates)."""
    order = torch.arange(lin.numel(), device=lin.device)
    last = torch.full((size,), -1, dtype=torch.long, device=lin.device).scatter_reduce(0, lin, order, "amax")
    return last[lin] == order


_WIDE_UINT = (torch.uint16, torch.uint32, torch.uint64)  # few torch kernels: compute in int64, cast back


def _apply(x: torch.Tensor, lin: torch.Tensor, k: int, upd: torch.Tensor, op: str) -> torch.Tensor:
    if x.dtype in _WIDE_UINT:
        return _apply(x.long(), lin, k, upd.long(), op).to(x.dtype)
    rest = tuple(x.shape[k:])
    rows = x.reshape((-1,) + rest)
    src = upd.reshape((lin.numel(),) + rest)
    ix = lin.reshape((-1,) + (1,) * len(rest)).expand_as(src)
    if op == "add":
        out = rows.index_add(0, lin, src)
    elif op == "sub":
        out = rows - torch.zeros_like(rows).index_add(0, lin, src)
    elif op == "update":
        keep = _last_wins(lin, rows.shape[0])
        out = rows.index_put((lin[keep],), src[keep])
    elif op == "mul":
        out = rows.scatter_reduce(0, ix, src, "prod")
    elif op == "div":
        if rows.is_floating_point():
            wide = torch.float32 if rows.dtype in (torch.float16, torch.bfloat16) else rows.dtype
            den = torch.ones(rows.shape, dtype=wide, device=rows.device).scatter_reduce(0, ix, src.to(wide), "prod")
            out = (rows.to(wide) / den).to(rows.dtype)
        else:
            den = torch.ones(rows.shape, dtype=torch.long, device=rows.device).scatter_reduce(0, ix, src.long(), "prod")
            out = torch.div(rows.long(), den, rounding_mode="trunc").to(rows.dtype)
    else:  # max / min
        out = rows.scatter_reduce(0, ix, src, "amax" if op == "max" else "amin")
    return out.reshape(x.shape)


class _BpropScatter(torch.autograd.Function):
    """tensor_scatter_mul/div/max/min with MindSpore's gradients."""

    @staticmethod
    def forward(ctx: Any, x: torch.Tensor, upd: torch.Tensor, lin: torch.Tensor, k: int, op: str) -> torch.Tensor:
        out = _apply(x, lin, k, upd, op)
        ctx.save_for_backward(x, upd, lin, out)
        ctx.k, ctx.op = k, op
        return out

    @staticmethod
    def backward(ctx: Any, g: torch.Tensor) -> tuple:
        x, upd, lin, out = ctx.saved_tensors
        k, op = ctx.k, ctx.op
        rest = tuple(x.shape[k:])
        gr, xr = g.reshape((-1,) + rest), x.reshape((-1,) + rest)
        if op in ("mul", "div"):
            dx = _apply(g, lin, k, upd, op)
            du = (gr * xr)[lin].reshape(upd.shape)
            return dx, (du if op == "mul" else -du / (upd * upd)), None, None, None
        outr = out.reshape((-1,) + rest)
        mx = (xr == outr).to(g.dtype)
        mu = (upd.reshape((-1,) + rest) == outr[lin]).to(g.dtype)
        share = gr / mx.index_add(0, lin, mu)
        return (share * mx).reshape(x.shape), (share[lin] * mu).reshape(upd.shape), None, None, None


def _tensor_scatter(name: str, op: str) -> Any:
    def fn(input_x: Any, indices: Any, updates: Any) -> torch.Tensor:
        x, u = _values(name, input_x), _t(updates)
        _same_dtype(name, x, u)
        if op == "div" and x.dtype in (torch.int8, torch.uint8):
            raise TypeError(f"For '{name}', the dtype of 'input_x' is not supported: {x.dtype}.")
        lin, k = _rows(name, x, _index(name, indices), u, nd=True)
        if op != "sub" and torch.is_grad_enabled() and (x.requires_grad or u.requires_grad):
            return wrap(_BpropScatter.apply(x, u, lin, k, op))
        return wrap(_apply(x, lin, k, u, op))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"ops.{name}(input_x, indices, updates): new tensor, `indices[..., :k]` address input_x's rows."
    return fn


def _ref_scatter(name: str, op: str, nd: bool, oob: type = RuntimeError) -> Any:
    def fn(input_x: Any, indices: Any, updates: Any, use_locking: bool = False) -> Any:
        x = _t(input_x) if op == "update" else _values(name, input_x)
        u = _t(updates).to(x.dtype)
        lin, k = _rows(name, x, _index(name, indices), u, nd, oob)
        from mindshim.ops.operations.array_extra_ops import _ref_update  # lazy: operations imports this module
        return _ref_update(input_x, _apply(x.detach(), lin, k, u.detach(), op))

    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"ops.{name}(input_x, indices, updates): updates input_x in place and returns it."
    return fn


tensor_scatter_sub = _tensor_scatter("tensor_scatter_sub", "sub")
tensor_scatter_mul = _tensor_scatter("tensor_scatter_mul", "mul")
tensor_scatter_div = _tensor_scatter("tensor_scatter_div", "div")
tensor_scatter_max = _tensor_scatter("tensor_scatter_max", "max")
tensor_scatter_min = _tensor_scatter("tensor_scatter_min", "min")
scatter_update = _ref_scatter("scatter_update", "update", nd=False)
scatter_sub = _ref_scatter("scatter_sub", "sub", nd=False)
scatter_mul = _ref_scatter("scatter_mul", "mul", nd=False)
scatter_div = _ref_scatter("scatter_div", "div", nd=False)
scatter_max = _ref_scatter("scatter_max", "max", nd=False)
scatter_min = _ref_scatter("scatter_min", "min", nd=False)
scatter_nd_update = _ref_scatter("scatter_nd_update", "update", nd=True, oob=ValueError)
scatter_nd_add = _ref_scatter("scatter_nd_add", "add", nd=True)
scatter_nd_sub = _ref_scatter("scatter_nd_sub", "sub", nd=True)
scatter_nd_mul = _ref_scatter("scatter_nd_mul", "mul", nd=True)
scatter_nd_div = _ref_scatter("scatter_nd_div", "div", nd=True)
scatter_nd_max = _ref_scatter("scatter_nd_max", "max", nd=True)
scatter_nd_min = _ref_scatter("scatter_nd_min", "min", nd=True)


class _ScatterNone(torch.autograd.Function):
    """Overwrite `flat[lin] = src` (last duplicate wins); every update, duplicates too, gets its gradient."""

    @staticmethod
    def forward(ctx: Any, flat: torch.Tensor, src: torch.Tensor, lin: torch.Tensor) -> torch.Tensor:
        keep = _last_wins(lin, flat.numel())
        ctx.save_for_backward(lin)
        return flat.index_put((lin[keep],), src[keep])

    @staticmethod
    def backward(ctx: Any, g: torch.Tensor) -> tuple:
        (lin,) = ctx.saved_tensors
        return g.index_fill(0, lin, 0), g[lin], None


def _elements(name: str, input_x: Any, indices: Any, updates: Any, axis: int, reduction: str) -> torch.Tensor:
    if reduction not in ("none", "add"):
        raise ValueError(f"For '{name}', 'reduction' must be 'none' or 'add', but got {reduction!r}.")
    x, u, idx = _t(input_x), _t(updates), _index(name, indices)
    _same_dtype(name, x, u)
    if idx.dim() != x.dim() or u.dim() != x.dim():
        raise ValueError(f"For '{name}', input_x, indices and updates must have the same rank, but got shapes "
                         f"{tuple(x.shape)}, {tuple(idx.shape)}, {tuple(u.shape)}.")
    if not -x.dim() <= axis < x.dim():
        raise RuntimeError(f"For '{name}', 'axis' must be in [{-x.dim()}, {x.dim()}), but got {axis}.")
    axis %= x.dim()
    n = x.shape[axis]
    if idx.shape != u.shape or any(i > s for d, (i, s) in enumerate(zip(idx.shape, x.shape)) if d != axis):
        raise RuntimeError(f"For '{name}', indices shape {tuple(idx.shape)} must equal updates shape "
                           f"{tuple(u.shape)} and fit input_x shape {tuple(x.shape)} off the axis.")
    if idx.numel() and bool(((idx < -n) | (idx >= n)).any()):
        raise RuntimeError(f"For '{name}', indices must be in [{-n}, {n}) along axis {axis}.")
    idx = torch.where(idx < 0, idx + n, idx)
    coords = list(torch.meshgrid(*[torch.arange(s, device=idx.device) for s in idx.shape], indexing="ij"))
    coords[axis] = idx
    lin = sum(c * math.prod(x.shape[d + 1:]) for d, c in enumerate(coords)).reshape(-1)
    flat, src = x.reshape(-1), u.reshape(-1)
    if reduction == "add":
        out = flat.index_put((lin,), src, accumulate=True)
    else:
        out = _ScatterNone.apply(flat, src, lin)
    return wrap(out.reshape(x.shape))


def tensor_scatter_elements(input_x: Any, indices: Any, updates: Any, axis: int = 0, reduction: str = "none") -> Any:
    return _elements("tensor_scatter_elements", input_x, indices, updates, axis, reduction)


__all__ = [
    "tensor_scatter_sub", "tensor_scatter_mul", "tensor_scatter_div", "tensor_scatter_max", "tensor_scatter_min",
    "tensor_scatter_elements", "scatter_update", "scatter_mul", "scatter_div", "scatter_max", "scatter_min",
    "scatter_nd_update", "scatter_nd_add", "scatter_nd_sub", "scatter_nd_mul", "scatter_nd_div", "scatter_nd_max",
    "scatter_nd_min",
]
