"""The execution engine: the one place that decides how a Cell call or a jit function runs.

Phases, per compiled region: EAGER (run the Python as written), COMPILED (torch.compile), FALLBACK
(compilation failed: eager from then on, with one warning naming the function and its source line).
CUDA-graph capture/replay of sunk loops is the next phase to add here (see docs/performance.md).

Policy (`MINDSHIM_COMPILE` = auto | always | never, default auto): compile only where it pays. On
CPU a small network compiled by torch.compile runs slower than eager (measured ~1.5x slower for a
LeNet step on a 2-core CPU), so `auto` keeps GRAPH_MODE and `@jit` eager on CPU and compiles on CUDA.
`Model`, train cells and `ms.jit` ask this module; none of them call torch.compile themselves.
"""
from __future__ import annotations

import inspect
import os
import warnings
from typing import Any, Callable

import torch

from mindshim._backend import device as _device

_depth = [0]
_stats = {"compiles": 0, "fallbacks": 0, "compiled_calls": 0}

EAGER, COMPILED, FALLBACK = "eager", "compiled", "fallback"


def compile_policy() -> str:
    policy = os.environ.get("MINDSHIM_COMPILE", "auto").lower()
    return policy if policy in ("auto", "always", "never") else "auto"


def should_compile() -> bool:
    policy = compile_policy()
    if policy == "auto":
        return _device.current().type == "cuda"
    return policy == "always"


def stats() -> dict:
    return dict(_stats)


class Region:
    """One function the engine may compile, with its phase."""

    def __init__(self, fn: Callable, fullgraph: bool = False) -> None:
        self.fn = fn
        self.fullgraph = fullgraph
        self.phase = EAGER
        self._compiled: Callable | None = None

    def _where(self) -> str:
        try:
            src = inspect.getsourcefile(self.fn) or "?"
            line = inspect.getsourcelines(self.fn)[1]
            return f"{getattr(self.fn, '__qualname__', self.fn)} ({src}:{line})"
        except (OSError, TypeError):
            return str(self.fn)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self.phase == FALLBACK or not should_compile():
            return self.fn(*args, **kwargs)
        if self._compiled is None:
            self._compiled = torch.compile(self.fn, fullgraph=self.fullgraph, dynamic=None)
            _stats["compiles"] += 1
        try:
            out = self._compiled(*args, **kwargs)
        except Exception as err:  # compilation problems surface at the first call
            self.phase = FALLBACK
            _stats["fallbacks"] += 1
            warnings.warn(f"mindshim: could not compile {self._where()}; running it eagerly "
                          f"({type(err).__name__}: {str(err).splitlines()[0][:200]})", RuntimeWarning, stacklevel=2)
            return self.fn(*args, **kwargs)
        self.phase = COMPILED
        _stats["compiled_calls"] += 1
        return out


def jit_function(fn: Callable, fullgraph: bool = False) -> Region:
    return Region(fn, fullgraph)


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


def run_sink(step: Callable, batches: Any) -> Any:
    """Run one sink: `step(*batch)` for each batch, returning the last output.

    Eager phase: a host loop with no per-step synchronisation or callbacks. (Capturing the step in a
    CUDA graph and replaying it per batch is the next phase to add here.)
    """
    out = None
    for batch in batches:
        out = step(*batch)
    return out


def is_outermost() -> bool:
    return _depth[0] == 0
