"""Slices with a negative step (`x[:, ::-1]`), which MindSpore's basic indexing takes as numpy does and torch
refuses. A key of ints, slices, None and Ellipsis is rewritten to positive-step slices selecting the same
elements; the result is flipped along those output dims (a write flips the value the same way). Keys that also
hold advanced indices (tensors, lists) are left to torch's own error: MindSpore 2.10 returns empty or wrong
results for them."""
from __future__ import annotations

from typing import Any

import torch


def has_negative_step(key: Any) -> bool:
    if type(key) is slice:
        return type(key.step) is int and key.step < 0
    if type(key) is tuple:
        return any(type(k) is slice and type(k.step) is int and k.step < 0 for k in key)
    return False


def _consumes(item: Any) -> int | None:
    """Input dims one key item indexes (None: an advanced index this module does not rewrite)."""
    if item is None or item is Ellipsis:
        return 0
    if type(item) is slice or (isinstance(item, int) and not isinstance(item, bool)):
        return 1
    return None


def positive_key(shape: tuple, key: Any) -> tuple[tuple, list[int]] | None:
    """(the rewritten key, the output dims to flip), or None when the key holds advanced indices."""
    items = key if type(key) is tuple else (key,)
    counts = [_consumes(k) for k in items]
    if None in counts:
        return None
    ellipsis_dims = len(shape) - sum(counts)
    new, flips, in_dim, out_dim = [], [], 0, 0
    for item in items:
        if item is Ellipsis:
            in_dim += ellipsis_dims
            out_dim += ellipsis_dims
            new.append(item)
        elif item is None:
            out_dim += 1
            new.append(item)
        elif type(item) is slice:
            new.append(_positive_slice(item, shape[in_dim], flips, out_dim) if in_dim < len(shape) else item)
            in_dim += 1
            out_dim += 1
        else:
            in_dim += 1
            new.append(item)
    return tuple(new), flips


def _positive_slice(item: slice, size: int, flips: list[int], out_dim: int) -> slice:
    if not (type(item.step) is int and item.step < 0):
        return item
    start, stop, step = item.indices(size)
    count = len(range(start, stop, step))
    if count == 0:
        return slice(0, 0)
    flips.append(out_dim)
    return slice(start + (count - 1) * step, start + 1, -step)


def getitem(getitem_fn: Any, x: torch.Tensor, key: Any) -> Any:
    rewritten = positive_key(tuple(x.shape), key)
    if rewritten is None:
        return getitem_fn(x, key)
    new_key, flips = rewritten
    out = getitem_fn(x, new_key)
    return torch.flip(out, flips) if flips else out


def setitem_args(x: torch.Tensor, key: Any, value: Any) -> tuple[Any, Any]:
    """The (key, value) that write `value` at `x[key]` with only positive steps."""
    rewritten = positive_key(tuple(x.shape), key)
    if rewritten is None:
        return key, value
    new_key, flips = rewritten
    if flips and isinstance(value, torch.Tensor):
        target = torch.Tensor.__getitem__(x.detach(), new_key).shape
        value = torch.flip(torch.broadcast_to(value, target), flips)
    return new_key, value
