"""Helpers of the foreach update rules: parameters grouped by (learning rate, weight decay) so a per-parameter rule
runs as one kernel per op and group, and the shared `params -= lr * steps`."""
from __future__ import annotations

from typing import Any

import torch


def pick(items: list, idx: list[int]) -> list:
    """items[i] for i in idx (the list itself when idx is every index)."""
    return items if len(idx) == len(items) else [items[i] for i in idx]


def rate_groups(lr: Any, n: int, decays: list | None = None) -> list[tuple[list[int], Any, Any]]:
    """Parameter indices grouped by (learning rate, weight decay): [(indices, rate, decay)], in first-seen order,
    so a per-parameter rule runs as one foreach kernel per op and group. A tensor decay groups by identity."""
    rates = lr if isinstance(lr, tuple) else None
    if rates is None and decays is not None and not torch.compiler.is_compiling():
        return [(idx, lr, wd) for idx, wd in _decay_groups(n, decays)]
    groups: list[tuple[list[int], Any, Any]] = []
    for i in range(n):
        r = rates[i] if rates is not None else lr
        wd = decays[i] if decays is not None else 0.0
        for indices, rate, decay in groups:  # identity, not id(): torch.compile traces `is` on tensors
            if _same(rate, r) and _same(decay, wd):
                indices.append(i)
                break
        else:
            groups.append(([i], r, wd))
    return groups


_DECAY_GROUPS: dict[int, tuple[list, tuple, list]] = {}  # id(decays) -> (decays, ids of its items, groups)


def _decay_groups(n: int, decays: list) -> list[tuple[list[int], Any]]:
    """[(indices, decay)] for one learning rate, worked out once per decay list (an optimizer's static decays are
    the same list every step; a list whose items changed is grouped again)."""
    ids = tuple(map(id, decays))
    hit = _DECAY_GROUPS.get(id(decays))
    if hit is not None and hit[0] is decays and hit[1] == ids:
        return hit[2]
    if len(_DECAY_GROUPS) > 64:  # per-step lists (decay schedules) must not pile up
        _DECAY_GROUPS.clear()
    groups = [(idx, wd) for idx, _, wd in rate_groups((0.0,) * n, n, decays)]
    _DECAY_GROUPS[id(decays)] = (decays, ids, groups)
    return groups


def _same(a: Any, b: Any) -> bool:
    tensors = isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor)
    return a is b if tensors else (type(a) is type(b) and a == b)


def sub_scaled(params: list, steps: list, lr: Any) -> None:
    """params -= lr * steps, for one rate (a host float, a 0-D tensor) or a tuple of rates per parameter."""
    if isinstance(lr, tuple):
        for p, s, r in zip(params, steps, lr):
            p.sub_(r * s)
    elif not isinstance(lr, torch.Tensor) or (lr.device.type == "cpu" and not torch.compiler.is_compiling()):
        # eager CPU: in place, no temporaries, no sync cost; a compiled step keeps the rate a tensor
        torch._foreach_add_(params, steps, alpha=-float(lr))
    else:
        torch._foreach_sub_(params, torch._foreach_mul(steps, lr))
