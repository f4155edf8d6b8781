"""Unsigned integer tensors on torch kernels that lack them.

MindSpore computes on uint16/uint32/uint64 like any integer type; torch ships only "barebones" kernels
for them (no comparison, add, max, matmul, ... on CPU). When a torch call on our Tensor fails for that
reason, it is run again with those inputs widened (uint16 -> int32, uint32/uint64 -> int64; uint64
values of 2**63 and above do not survive this) and each output is cast to the dtype torch's meta
kernels give for the original dtypes, so `uint32 + uint32` is uint32, `uint32 > uint32` is bool and
`argmax` stays int64. In-place calls write the result back into the original tensor.
"""
from __future__ import annotations

from typing import Any, Callable

import torch

_WIDE = {torch.uint16: torch.int32, torch.uint32: torch.int64, torch.uint64: torch.int64}
WIDE = frozenset(_WIDE)  # the unsigned dtypes torch has barebones kernels for
_NAMES = ("UInt16", "UInt32", "UInt64")


def _map(x: Any, fn: Callable[[torch.Tensor], Any]) -> Any:
    if isinstance(x, torch.Tensor):
        return fn(x)
    if isinstance(x, (list, tuple)) and not hasattr(x, "_fields"):
        return type(x)(_map(v, fn) for v in x)
    return x


def _has_unsigned(x: Any) -> bool:
    found = []
    _map(x, lambda t: found.append(t.dtype in _WIDE))
    return any(found)


def _widen(t: torch.Tensor) -> torch.Tensor:
    return t.to(_WIDE[t.dtype]) if t.dtype in _WIDE else t


def _to_meta(t: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(t, device="meta")


def _cast_like(out: Any, meta: Any) -> Any:
    if isinstance(out, torch.Tensor) and isinstance(meta, torch.Tensor):
        return out if out.dtype == meta.dtype else out.to(meta.dtype)
    if isinstance(out, (list, tuple)) and isinstance(meta, (list, tuple)) and len(out) == len(meta):
        items = [_cast_like(o, m) for o, m in zip(out, meta)]
        return type(out)(items) if not hasattr(out, "_fields") else type(out)(items)
    return out


def is_unsigned_gap(err: Exception, args: tuple, kwargs: dict) -> bool:
    return any(n in str(err) for n in _NAMES) and (_has_unsigned(args) or _has_unsigned(kwargs))


def call_widened(func: Callable, args: tuple, kwargs: dict) -> Any:
    """`func(*args, **kwargs)` with unsigned inputs widened and outputs cast to their true dtypes."""
    wide_args, wide_kwargs = _map(args, _widen), {k: _map(v, _widen) for k, v in kwargs.items()}
    out = func(*wide_args, **wide_kwargs)
    name = getattr(func, "__name__", "")
    if name.endswith("_") and not name.endswith("__") and args and isinstance(args[0], torch.Tensor):
        args[0].copy_(wide_args[0])  # an in-place op updated the widened copy
        return args[0]
    try:
        meta = func(*_map(args, _to_meta), **{k: _map(v, _to_meta) for k, v in kwargs.items()})
    except Exception:  # noqa: BLE001 - no meta kernel: keep the widened result's dtypes
        return out
    return _cast_like(out, meta)
