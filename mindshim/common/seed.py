"""mindspore.set_seed / get_seed: global seed state (reset by the test fixture)."""
from __future__ import annotations

import random
from typing import Callable

import numpy as np
import torch

_state: dict = {"seed": None}
_on_reseed: list[Callable[[], None]] = []  # per-op random streams restart when the global seed is set


def on_reseed(reset: Callable[[], None]) -> None:
    """Register `reset` to run whenever the global seed is set or reset (as MindSpore restarts op streams)."""
    _on_reseed.append(reset)


def set_seed(seed: int) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"For 'set_seed', the 'seed' must be a non-negative int, but got {seed!r}.")
    _state["seed"] = seed
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    for reset in _on_reseed:
        reset()


def get_seed() -> int | None:
    return _state["seed"]


def _reset() -> None:
    _state["seed"] = None
    for reset in _on_reseed:
        reset()


# MindSpore's per-kernel seed bookkeeping, which scripts read through `_get_graph_seed` to seed their own ops.
DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1
_SEED_STEP = 3528531795 ^ 3449720151  # added to a kernel's op seed at each use
_KERNEL_SEED: dict[tuple[str, int], int] = {}


def _reset_op_seed() -> None:
    for key in _KERNEL_SEED:
        _KERNEL_SEED[key] = key[1]


def _truncate_seed(seed: int) -> int:
    return seed % _MAXINT32


def _get_op_seed(op_seed: int, kernel_name: str) -> int:
    return _KERNEL_SEED.setdefault((kernel_name, op_seed), op_seed)


def _update_seeds(op_seed: int | None, kernel_name: str) -> None:
    if op_seed is not None:
        _KERNEL_SEED[(kernel_name, op_seed)] += _SEED_STEP


def _get_graph_seed(op_seed: int | None, kernel_name: str) -> tuple[int, int]:
    """(global seed, this kernel's op seed), both truncated to int32; (0, 0) when neither is set. Each call
    with a seed advances that kernel's op seed, so two ops seeded alike draw different streams."""
    global_seed = get_seed()
    global_seed = DEFAULT_GRAPH_SEED if global_seed == 0 else (global_seed or 0)
    op_seed = op_seed or 0
    if global_seed == 0 and op_seed == 0:
        return 0, 0
    if not isinstance(op_seed, int) or isinstance(op_seed, bool):
        raise TypeError(f"For '{kernel_name}', the 'seed' must be an int, but got {type(op_seed).__name__}.")
    if op_seed < 0:
        raise ValueError(f"For '{kernel_name}', the 'seed' must be a non-negative int, but got {op_seed}.")
    seeds = _truncate_seed(global_seed), _truncate_seed(_get_op_seed(op_seed, kernel_name))
    _update_seeds(op_seed, kernel_name)
    return seeds


on_reseed(_reset_op_seed)


__all__ = ["set_seed", "get_seed"]
