"""mindspore.hal memory functions: `mindspore.runtime`'s counters behind MindSpore's `device_target` checks.
They report the context device (what `device_target=None`, the usual call, means in MindSpore too)."""
from __future__ import annotations

from typing import Any

from mindshim.hal.device import _check_inputs_validation, is_initialized
from mindshim.runtime import memory as _memory
from mindshim.runtime.memory import empty_cache


@_check_inputs_validation
def memory_stats(device_target: str | None = None) -> dict[str, Any]:
    if not is_initialized(device_target):
        return {}
    return _memory.memory_stats()


@_check_inputs_validation
def memory_reserved(device_target: str | None = None) -> int:
    return _memory.memory_reserved()


@_check_inputs_validation
def max_memory_reserved(device_target: str | None = None) -> int:
    return _memory.max_memory_reserved()


@_check_inputs_validation
def memory_allocated(device_target: str | None = None) -> int:
    return _memory.memory_allocated()


@_check_inputs_validation
def max_memory_allocated(device_target: str | None = None) -> int:
    return _memory.max_memory_allocated()


@_check_inputs_validation
def reset_peak_memory_stats(device_target: str | None = None) -> None:
    _memory.reset_peak_memory_stats()


@_check_inputs_validation
def reset_max_memory_reserved(device_target: str | None = None) -> None:
    _memory.reset_max_memory_reserved()


@_check_inputs_validation
def reset_max_memory_allocated(device_target: str | None = None) -> None:
    _memory.reset_max_memory_allocated()


@_check_inputs_validation
def memory_summary(device_target: str | None = None) -> str:
    return _memory.memory_summary()


__all__ = ["memory_stats", "memory_reserved", "max_memory_reserved", "empty_cache", "reset_peak_memory_stats",
           "memory_summary", "memory_allocated", "max_memory_allocated", "reset_max_memory_reserved",
           "reset_max_memory_allocated"]
