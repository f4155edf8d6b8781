"""torch.distributed behind one door. Single process: all-reduce of identical replicas."""
from __future__ import annotations

from typing import Any

import torch


def world_size() -> int:
    if torch.distributed.is_available() and torch.distributed.is_initialized():
        return torch.distributed.get_world_size()
    return 1


def all_reduce_grads(grads: tuple, mean: bool, degree: int) -> tuple:
    if world_size() == 1:
        return grads
    out = []
    for g in grads:
        g = g.clone()
        torch.distributed.all_reduce(g)
        out.append(g / degree if mean else g)
    return tuple(out)
