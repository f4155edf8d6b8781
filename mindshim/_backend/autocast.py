"""torch autocast behind one function: the op-level lists of amp_level "auto".

MindSpore's "auto" level runs white-list operators (MatMul, Conv, BatchMatMul, Dense, ...) in the low
precision, black-list operators (Exp, Log, Softmax, norms, most losses) in float32, and the rest in the
type of their inputs, leaving outputs in whatever type the last operator produced. torch autocast
applies the same kind of per-op policy, so "auto" on a plain function maps onto it; the exact op lists are torch's. (A Cell under "auto" gets
cell-level casts instead; see `mindshim/amp.py`.)
"""
from __future__ import annotations

import contextlib
import functools
from typing import Any, Callable, Iterator

import torch

from mindshim._backend import device


@contextlib.contextmanager
def low_precision(dtype: torch.dtype) -> Iterator[None]:
    """Run the enclosed ops under torch autocast on the current device, in `dtype`."""
    with torch.autocast(device_type=device.current().type, dtype=dtype):
        yield


def wrap(fn: Callable[..., Any], dtype: torch.dtype) -> Callable[..., Any]:
    """`fn` under autocast; outputs stay in the type their last op produced, as MindSpore's "auto" leaves them."""
    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        with low_precision(dtype):
            return fn(*args, **kwargs)
    return run


__all__ = ["low_precision", "wrap"]
