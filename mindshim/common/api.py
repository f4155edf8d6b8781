"""mindspore.jit (and the r1.x `ms_function`), `jit_class`, `JitConfig`.

`jit` hands the function to the execution engine (`mindshim._backend.engine`), which decides how it
runs (see docs/design.md, "Execution engine"). Options that only mean something to MindSpore's
graph compiler (capture_mode, jit_level, backend, ...) are accepted and recorded.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

import torch

from mindshim._backend import device as _device
from mindshim._backend import engine


class JitConfig:
    """mindspore.JitConfig(jit_level='', exc_mode='auto', jit_syntax_level='', debug_level='RELEASE', ...)."""

    def __init__(self, jit_level: str = "", exc_mode: str = "auto", jit_syntax_level: str = "",
                 debug_level: str = "RELEASE", infer_boost: str = "off", **kwargs: Any) -> None:
        self.jit_config_dict = {"jit_level": jit_level, "exc_mode": exc_mode, "jit_syntax_level": jit_syntax_level,
                                "debug_level": debug_level, "infer_boost": infer_boost, **kwargs}


def jit(function: Callable | None = None, *, capture_mode: str = "ast", jit_level: str = "O0", dynamic: int = 0,
        fullgraph: bool = False, backend: str = "", **options: Any) -> Any:
    """mindspore.jit: usable as `@jit`, `@jit(...)` or `jit(fn)`."""

    def decorate(fn: Callable) -> Callable:
        runner = engine.jit_function(fn, fullgraph=fullgraph)

        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return runner(*args, **kwargs)

        wrapper.__wrapped_by_jit__ = True
        return wrapper

    if function is not None:
        return decorate(function)
    return decorate


def ms_function(fn: Callable | None = None, input_signature: Any = None, hash_args: Any = None,
                jit_config: Any = None) -> Any:
    """r1.x name of `jit`."""
    return jit(fn) if fn is not None else jit


def jit_class(cls: type) -> type:
    """mindspore.jit_class: marks a class usable inside jit functions; nothing to do on torch."""
    if not isinstance(cls, type):
        raise TypeError(f"Decorator jit_class can only be used for class type, but got {cls}.")
    return cls


def mutable(input_data: Any, dynamic_len: bool = False) -> Any:
    """mindspore.mutable marks a graph input as variable (no recompile per value). The engine's graphs
    take tensors as inputs already, so the value is returned as it is."""
    return input_data


def lazy_inline(fn: Callable | None = None, attrs: Any = None, policy: Any = None) -> Any:
    """mindspore.lazy_inline: a graph-compilation hint for a Cell's `__init__` (reuse one subgraph for
    repeated blocks). torch.compile needs no hint: the decorated function is returned unchanged."""
    if fn is None:
        return lambda f: f
    return fn


def no_inline(fn: Callable | None = None) -> Any:
    """mindspore.no_inline: a graph-compilation hint; returned unchanged (see lazy_inline)."""
    if fn is None:
        return lambda f: f
    return fn


class _PyNativeExecutor:
    """`mindspore.common.api._pynative_executor`: the handle MindSpore's own tests and some scripts use to
    flush asynchronous kernels (`sync()`, so an error surfaces at that line) and to query or switch gradient
    recording. Graph-construction hooks (`new_graph`, `end_graph`, ...) have nothing to build on torch."""

    def sync(self) -> None:
        _device.synchronize()

    def grad_flag(self) -> bool:
        return torch.is_grad_enabled()

    def set_grad_flag(self, flag: bool) -> None:
        torch.set_grad_enabled(bool(flag))

    def enable_grad(self) -> bool:
        return torch.is_grad_enabled()

    def set_enable_grad(self, flag: bool) -> None:
        torch.set_grad_enabled(bool(flag))

    def requires_grad(self) -> bool:
        return torch.is_grad_enabled()

    def set_dynamic_input(self, obj: Any, *args: Any) -> None:
        self._dynamic_inputs = args

    def get_dynamic_input(self, *actual_args: Any) -> Any:
        return getattr(self, "_dynamic_inputs", None)

    def _accepted(self, *args: Any, **kwargs: Any) -> None:
        """A graph-compiler setting with no counterpart on torch: accepted, nothing to do."""

    set_jit_compile_phase = set_is_run_recompute = set_mixed_precision_type = _accepted
    set_cell_use_dynamic_shape_process = clear_res = new_graph = end_graph = _accepted


_pynative_executor = _PyNativeExecutor()
from mindshim.common._cell_graph_executor import _cell_graph_executor  # noqa: E402,F401 - MindSpore's path


__all__ = ["jit", "ms_function", "jit_class", "JitConfig", "mutable", "lazy_inline", "no_inline"]
