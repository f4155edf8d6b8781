"""torch.distributed behind one door. One process: all-reduce of identical replicas is the identity."""
from __future__ import annotations

import os

import torch


def _initialized() -> bool:
    return torch.distributed.is_available() and torch.distributed.is_initialized()


def init_from_env() -> None:
    """Initialise the default process group when a launcher set WORLD_SIZE > 1."""
    if _initialized() or int(os.environ.get("WORLD_SIZE", "1")) <= 1:
        return
    backend = "nccl" if torch.cuda.is_available() else "gloo"
    torch.distributed.init_process_group(backend=backend)


def shutdown() -> None:
    if _initialized():
        torch.distributed.destroy_process_group()


def world_size() -> int:
    return torch.distributed.get_world_size() if _initialized() else 1


def rank() -> int:
    return torch.distributed.get_rank() if _initialized() else 0


def local_rank() -> int:
    return int(os.environ.get("LOCAL_RANK", "0")) if _initialized() else 0


def all_reduce_grads(grads: tuple, mean: bool, degree: int) -> tuple:
    if world_size() == 1:
        return grads
    out = []
    for g in grads:
        g = g.clone()
        torch.distributed.all_reduce(g)
        out.append(g / degree if mean else g)
    return tuple(out)
