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


__all__ = ["set_seed", "get_seed"]
