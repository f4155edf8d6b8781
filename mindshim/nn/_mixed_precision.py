"""A cell run in another float dtype (`Cell.to_float`, amp O1-O3): inputs and the cell's own float Parameters
are cast on use, outputs cast back where amp asks.

Each Parameter is cast once per outermost mixed-precision call, not once per cell call: a cell used several
times in one forward (shared weights, an RNN cell stepped over time) reuses the first cast. The cache lives only
for that outermost call, so it never holds a cast (or its autograd node) across steps; an entry is reused only
while the Parameter's version counter and the grad mode are unchanged (an in-place write in between casts again).
Compiled regions skip the cache (the compiler merges repeated casts itself).
"""
from __future__ import annotations

import threading
from typing import Any

import torch

from mindshim.common import dtype as mstype

IN_PLACE_STATISTICS = ("moving_mean", "moving_variance")
_scope = threading.local()  # .casts: {(id(param), torch dtype): (param, version, grad mode, cast)} or None


def call_mixed(cell: Any, call: Any, args: tuple, kwargs: dict) -> Any:
    """Run `call(args, kwargs)` (the cell's own call) with inputs and Parameters in the cell's dtype.

    The Parameters stay float32 (MindSpore's do), so the optimizer updates full-precision weights. A cell with
    moving statistics (BatchNorm) keeps all its Parameters float32: the kernel updates the statistics in place
    and takes float32 parameters for a low-precision input."""
    if torch.compiler.is_compiling():  # (before the thread-local: dynamo need not trace it)
        return _call(cell, call, args, kwargs, None)
    casts = getattr(_scope, "casts", None)
    if casts is not None:
        return _call(cell, call, args, kwargs, casts)
    _scope.casts = casts = {}
    try:
        return _call(cell, call, args, kwargs, casts)
    finally:
        _scope.casts = None


def _call(cell: Any, call: Any, args: tuple, kwargs: dict, casts: dict | None) -> Any:
    target = mstype.to_torch(cell._mixed_dtype)
    params = cell._parameters
    swapped = {} if any(n in params for n in IN_PLACE_STATISTICS) else {
        name: p for name, p in params.items()
        if p is not None and p.is_floating_point() and torch.Tensor.dtype.__get__(p) != target}
    for name, p in swapped.items():
        params[name] = p.to(target) if casts is None else _cached_cast(casts, p, target)
    try:
        out = call(cast_floats(args, cell._mixed_dtype), kwargs)
    finally:
        params.update(swapped)
    back = getattr(cell, "_amp_output_dtype", None)
    if back is None:
        return out
    return cast_floats(out, back) if isinstance(out, tuple) else cast_floats((out,), back)[0]


def _cached_cast(casts: dict, p: torch.Tensor, target: torch.dtype) -> torch.Tensor:
    key = (id(p), target)
    version, grad = torch.Tensor._version.__get__(p), torch.is_grad_enabled()
    hit = casts.get(key)
    if hit is not None and hit[0] is p and hit[1] == version and hit[2] == grad:
        return hit[3]
    cast = p.to(target)
    casts[key] = (p, version, grad, cast)
    return cast


def cast_floats(args: tuple, dtype: Any) -> tuple:
    """Float tensors in `args` (nested tuples and lists included, e.g. an LSTM state `(h, c)`) cast to `dtype`."""
    tdt = mstype.to_torch(dtype)

    def cast(a: Any) -> Any:
        if isinstance(a, torch.Tensor):
            return a.to(tdt) if a.is_floating_point() else a
        if isinstance(a, (tuple, list)):
            return type(a)(cast(x) for x in a)
        return a
    return tuple(cast(a) for a in args)
