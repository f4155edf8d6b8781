"""Argument helpers shared by the hand-written `mindspore.mint` functions."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor


def tensor(x: Any) -> torch.Tensor:
    """`x` itself when it is a tensor, else a mindshim Tensor of it (numbers, lists, numpy arrays)."""
    return x if isinstance(x, torch.Tensor) else Tensor(x)


def tdtype(dtype: Any) -> torch.dtype | None:
    return None if dtype is None else mstype.to_torch(dtype)


def is_float(x: Any) -> bool:
    return isinstance(x, torch.Tensor) and (x.is_floating_point() or x.is_complex())


def dim_arg(dim: Any) -> Any:
    """torch's `dim` forms: a list becomes a tuple; an empty tuple/list means every axis (None)."""
    if isinstance(dim, (list, tuple)):
        return tuple(dim) if len(dim) else None
    return dim
