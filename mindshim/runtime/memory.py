"""mindspore.runtime memory functions: the context device's allocator counters (0 on CPU, as in MindSpore)."""
from __future__ import annotations

import ctypes
import re
from typing import Any

from mindshim._backend import device as _device
from mindshim._backend import streams as _streams
from mindshim._checkparam import args_type_check as _args_type_check


def memory_allocated() -> int:
    return _device.memory("memory_allocated")


def max_memory_allocated() -> int:
    return _device.memory("max_memory_allocated")


def memory_reserved() -> int:
    return _device.memory("memory_reserved")


def max_memory_reserved() -> int:
    return _device.memory("max_memory_reserved")


def reset_peak_memory_stats() -> None:
    _device.reset_memory("reset_peak_memory_stats")


def reset_max_memory_allocated() -> None:
    _device.reset_memory("reset_max_memory_allocated")


def reset_max_memory_reserved() -> None:
    _device.reset_memory("reset_max_memory_reserved")


def empty_cache() -> None:
    _device.reset_memory("empty_cache")


__all__ = ["memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved",
           "reset_peak_memory_stats", "reset_max_memory_allocated", "reset_max_memory_reserved", "empty_cache"]


_SIZE = re.compile(r"[1-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB")
_RESERVE_SIZE = re.compile(r"[0-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB")
_memory_conf: dict[str, Any] = {}


def memory_stats() -> dict[str, Any]:
    """Allocator statistics of the context device under MindSpore's keys (all 0 on CPU)."""
    return _streams.memory_stats()


def _format_size(size: int) -> str:
    units, shown = ("B  ", "KB", "MB", "GB", "TB", "PB"), float(size)
    unit = units[0]
    for nxt in units[1:]:
        if shown < 768 * 1024:
            break
        unit, size, shown = nxt, size // 1024, shown / 1024
    return f"{size:6d} {unit}"


def memory_summary() -> str:
    """`memory_stats()` as MindSpore's boxed text table."""
    stats = memory_stats()
    rows = [("total_reserved_memory", "Reserved memory"), ("total_allocated_memory", "Allocated memory"),
            ("total_idle_memory", "Idle memory"), ("total_eager_free_memory", "Eager free memory"),
            ("max_reserved_memory", "Max reserved memory"), ("max_allocated_memory", "Max allocated memory")]
    lines = ["=" * 45, f" {'Memory summary':^43} ", "=" * 45, f" {'Metric':<20} | {'Data':<20} "]
    for key, label in rows:
        lines += ["-" * 45, f" {label:<20} | {_format_size(stats[key]):<20} "]
    lines.append("=" * 45)
    return "|" + "|\n|".join(lines) + "|\n"


def _check_size(value: str) -> None:
    if _SIZE.match(value) is None:
        raise ValueError("The memory value should be in correct format!It must be a string ending with 'GB', in "
                         "addition to that, it must contain only numbers or decimal points, such as \"5GB\" or "
                         f"\"3.5GB\", but got {value}.")
    if value in ("0GB", "0.0GB"):
        raise ValueError('The memory value should not be "0GB".')


@_args_type_check(init_size=str, increase_size=str, max_size=str, optimize_level=str, huge_page_reserve_size=str)
def set_memory(init_size: str = "2GB", increase_size: str = "2GB", max_size: str = "1024GB",
               optimize_level: str = "O0", huge_page_reserve_size: str = "0GB") -> None:
    """Configure the device memory pool once per process. On CUDA `max_size` caps torch's caching allocator;
    the initial/increase sizes and optimize level are kept (torch's allocator grows on demand)."""
    if _memory_conf:
        raise RuntimeError("The 'set_memory' can not be set repeatedly.")
    for value in (init_size, increase_size, max_size):
        _check_size(value)
    if _RESERVE_SIZE.match(huge_page_reserve_size) is None:
        raise ValueError(f"The huge_page_reserve_size {huge_page_reserve_size!r} is illegal, it must match the "
                         f"regular expression '{_RESERVE_SIZE.pattern}'.")
    if optimize_level not in ("O0", "O1"):
        raise ValueError(f"The optimize_level must be one of ['O0', 'O1'], but got {optimize_level}.")
    _memory_conf.update(init_size=init_size, increase_size=increase_size, max_size=max_size,
                        optimize_level=optimize_level, huge_page_reserve_size=huge_page_reserve_size)
    _streams.set_memory_fraction(float(max_size[:-2]) * 1024 ** 3)


__all__ += ["memory_stats", "memory_summary", "set_memory"]


class PluggableAllocator:
    """The allocation and free functions of a shared library (`void* alloc(size_t, int, stream)`,
    `void free(void*, size_t, stream)`), loaded with ctypes; `alloc_fn_ptr`/`free_fn_ptr` are their addresses."""

    def __init__(self, path_to_so_file: str, alloc_fn_name: str, free_fn_name: str) -> None:
        library = ctypes.CDLL(path_to_so_file)
        alloc_fn = ctypes.cast(getattr(library, alloc_fn_name), ctypes.c_void_p).value
        free_fn = ctypes.cast(getattr(library, free_fn_name), ctypes.c_void_p).value
        if alloc_fn is None:
            raise ValueError(f"Cannot find allocator function {alloc_fn_name} in {path_to_so_file}")
        if free_fn is None:
            raise ValueError(f"Cannot find free function {free_fn_name} in {path_to_so_file}")
        self._alloc_fn, self._free_fn = alloc_fn, free_fn

    @property
    def alloc_fn_ptr(self) -> int:
        return self._alloc_fn

    @property
    def free_fn_ptr(self) -> int:
        return self._free_fn


class MemPool:
    """A memory pool served by a `PluggableAllocator`."""

    def __init__(self, allocator: PluggableAllocator) -> None:
        self._allocator = allocator

    @property
    def allocator(self) -> PluggableAllocator:
        return self._allocator


__all__ += ["PluggableAllocator", "MemPool"]
