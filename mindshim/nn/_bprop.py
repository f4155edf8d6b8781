"""Custom backward for Cells that define `bprop(self, *inputs, out, dout)` (MindSpore's custom bprop).

The cell's `construct` runs without recording; in backward, `bprop` receives the inputs, the
forward output and the incoming gradient and returns one gradient per input.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import _unwrap, _wrap
from mindshim.common._user_code import call_user


class _BpropFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, cell, n_in: int, *inputs):
        ctx.cell = cell
        ctx.save_for_backward(*[i if isinstance(i, torch.Tensor) else torch.tensor(0) for i in inputs])
        ctx.raw = inputs
        with torch.no_grad():
            out = cell.construct(*_wrap(tuple(inputs)))
        ctx.out = out
        return _unwrap(out) if isinstance(out, torch.Tensor) else tuple(_unwrap(o) for o in out)

    @staticmethod
    def backward(ctx, *douts):
        dout = _wrap(douts[0]) if len(douts) == 1 else _wrap(douts)
        grads = call_user(ctx.cell.bprop, *_wrap(tuple(ctx.raw)), ctx.out, dout)
        if not isinstance(grads, tuple):
            grads = (grads,)
        grads = tuple(_unwrap(g) if isinstance(g, torch.Tensor) else None for g in grads)
        return (None, None) + grads


def call_with_bprop(cell: Any, args: tuple, kwargs: dict) -> Any:
    if kwargs:
        raise TypeError(f"For '{type(cell).__name__}' with a custom bprop, keyword inputs are not supported.")
    if not torch.is_grad_enabled():
        return cell.construct(*args)
    return _wrap(_BpropFunction.apply(cell, len(args), *_unwrap(args)))
