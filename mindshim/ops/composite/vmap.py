"""ops.vmap(fn, in_axes=0, out_axes=0) on torch.func.vmap.

The mapped function receives plain (batched) torch tensors: torch.func cannot batch through the
MindSpore Tensor subclass, and torch math on plain tensors is what mindshim's ops run anyway.
Outputs come back as mindshim Tensors. `in_axes`/`out_axes` follow MindSpore (int, None, or a
tuple/list matching the arguments); nested vmap and Cells work.
"""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim.common.tensor import _unwrap, _wrap


def _axes(axes: Any) -> Any:
    return tuple(axes) if isinstance(axes, list) else axes


def vmap(fn: Callable, in_axes: Any = 0, out_axes: Any = 0) -> Callable:
    def call_plain(*args: Any) -> Any:
        return _unwrap(fn(*args))

    mapped = torch.func.vmap(call_plain, in_dims=_axes(in_axes), out_dims=_axes(out_axes))

    def run(*args: Any) -> Any:
        return _wrap(mapped(*_unwrap(args)))

    return run


__all__ = ["vmap"]
