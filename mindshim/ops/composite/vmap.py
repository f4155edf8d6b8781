"""ops.vmap(fn, in_axes=0, out_axes=0) on torch.func.vmap, with a loop where torch cannot batch.

The mapped function receives plain (batched) torch tensors: torch.func cannot batch through the
MindSpore Tensor subclass, and torch math on plain tensors is what mindshim's ops run anyway.
Outputs come back as mindshim Tensors. `in_axes`/`out_axes` follow MindSpore (int, None, or a
tuple/list matching the arguments, nested for tuple arguments); nested vmap and Cells work.

Some ops cannot run under torch.func.vmap: those that check index ranges on the host (so a bad index
never reaches a CUDA kernel), data-dependent output shapes, in-place updates of an unbatched tensor.
For those, vmap runs `fn` once per batch element and stacks the results, which is what MindSpore's
own tests compare vmap against.
"""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim.common.tensor import _unwrap, _wrap


def _axes(axes: Any) -> Any:
    return tuple(_axes(a) for a in axes) if isinstance(axes, (list, tuple)) else axes


def _per_arg(axes: Any, args: tuple) -> tuple:
    return axes if isinstance(axes, tuple) else (axes,) * len(args)


def _batch_size(args: tuple, axes: tuple) -> int:
    for arg, axis in zip(args, axes):
        if isinstance(arg, (tuple, list)):
            size = _batch_size(tuple(arg), _per_arg(axis, tuple(arg)))
            if size >= 0:
                return size
        elif axis is not None and isinstance(arg, torch.Tensor):
            return arg.shape[axis]
    return -1


def _select(arg: Any, axis: Any, i: int) -> Any:
    if isinstance(arg, (tuple, list)):
        return type(arg)(_select(a, ax, i) for a, ax in zip(arg, _per_arg(axis, tuple(arg))))
    return arg if axis is None or not isinstance(arg, torch.Tensor) else arg.select(axis, i)


def _stack(outs: list, axis: Any) -> Any:
    first = outs[0]
    if isinstance(first, (tuple, list)):
        axes = _per_arg(axis, tuple(first))
        return type(first)(_stack([o[k] for o in outs], axes[k]) for k in range(len(first)))
    if axis is None:
        return first
    return torch.stack([torch.as_tensor(o) for o in outs], dim=axis)


def _loop(fn: Callable, in_axes: Any, out_axes: Any, args: tuple) -> Any:
    axes = _per_arg(in_axes, args)
    size = _batch_size(args, axes)
    if size < 0:
        raise ValueError("For 'vmap', at least one input must be mapped (in_axes all None).")
    outs = [_unwrap(fn(*_wrap(_select(args, axes, i)))) for i in range(size)]
    return _stack(outs, out_axes)


def vmap(fn: Callable, in_axes: Any = 0, out_axes: Any = 0) -> Callable:
    in_axes, out_axes = _axes(in_axes), _axes(out_axes)

    def call_plain(*args: Any) -> Any:
        return _unwrap(fn(*args))

    mapped = torch.func.vmap(call_plain, in_dims=in_axes, out_dims=out_axes)

    def run(*args: Any) -> Any:
        plain_args = _unwrap(args)
        try:
            return _wrap(mapped(*plain_args))
        except (RuntimeError, ValueError, TypeError, NotImplementedError):
            # an op torch cannot batch (a host-side check, a data-dependent shape): one call per element
            return _wrap(_loop(fn, in_axes, out_axes, plain_args))

    return run


__all__ = ["vmap"]
