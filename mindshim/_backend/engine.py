"""The execution engine: the one place that decides how a Cell call runs.

Phases: eager (PYNATIVE_MODE, and GRAPH_MODE until a compiled path is chosen), compile
(torch.compile of the outermost call), capture/replay (CUDA graphs for sunk loops). `Model`,
train cells and `ms.jit` ask this module; they never call torch.compile or CUDA graphs themselves.
"""
from __future__ import annotations

from typing import Any

_depth = [0]


def call_cell(cell: Any, args: tuple, kwargs: dict) -> Any:
    """Run `cell.construct` for a user-level Cell call."""
    _depth[0] += 1
    try:
        out = cell.construct(*args, **kwargs)
    finally:
        _depth[0] -= 1
    if cell.requires_grad:
        from mindshim.ops.composite.grad import record_forward
        record_forward(cell, args, out)
    return out


def is_outermost() -> bool:
    return _depth[0] == 0
