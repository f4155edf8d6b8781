"""mindspore.set_seed / get_seed: global seed state (reset by the test fixture)."""
from __future__ import annotations

import random

import numpy as np
import torch

_state: dict = {"seed": None}


def set_seed(seed: int) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"For 'set_seed', the 'seed' must be a non-negative int, but got {seed!r}.")
    _state["seed"] = seed
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)


def get_seed() -> int | None:
    return _state["seed"]


def _reset() -> None:
    _state["seed"] = None


__all__ = ["set_seed", "get_seed"]
