"""Calling user code from inside torch's backward pass (hooks, custom bprops)."""
from __future__ import annotations

from typing import Any, Callable

import torch


def _as_ms(x: Any) -> Any:
    from mindshim.common.tensor import Tensor
    if type(x) is torch.Tensor:
        return x.as_subclass(Tensor)  # a view: autograd keeps the original
    if isinstance(x, (tuple, list)) and not hasattr(x, "_fields"):
        return type(x)(_as_ms(i) for i in x)
    return x


def call_user(fn: Callable, *args: Any) -> Any:
    """Run `fn` on mindspore Tensors with Tensor semantics on: gradients are taken with subclass dispatch off (for
    speed), and the backward pass inherits that, where `g.shape` would be a torch.Size and `g.dtype` a torch
    dtype and results would stay plain torch tensors."""
    with torch._C._EnableTorchFunction():
        return fn(*(_as_ms(a) for a in args))
