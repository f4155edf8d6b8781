"""mindspore.common._utils: shape helpers for dynamic shapes (-1: an unknown dimension, [-2]: an unknown rank)."""
from __future__ import annotations

from typing import Sequence


def is_dim_unknown(shape: Sequence[int]) -> bool:
    """Whether `shape` is the unknown-rank shape [-2]."""
    if len(shape) == 1 and shape[0] == -2:
        return True
    if -2 in shape:
        raise ValueError(f"'shape' should have only one -2 or no -2 at all but got ({shape}).")
    return False


def is_shape_unknown(shape: Sequence[int]) -> bool:
    """Whether `shape` has an unknown dimension or rank."""
    if any(dim < -2 for dim in shape):
        raise ValueError(f"'shape' should not have values less than -2 but got ({shape}).")
    return is_dim_unknown(shape) or -1 in shape
