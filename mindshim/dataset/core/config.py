"""mindspore.dataset.config: global pipeline settings behind set/get (reset by the test fixture)."""
from __future__ import annotations

import os
import random
import threading
import zlib
from typing import Any

import numpy as np

# MindSpore's default worker count is 8 capped at the machine's CPU count (the row order of multi-file readers
# depends on it).
_DEFAULTS: dict[str, Any] = {"seed": None, "num_parallel_workers": min(8, os.cpu_count() or 1), "prefetch_size": 16,
                             "monitor_sampling_interval": 1000,
                             "callback_timeout": 60, "enable_shared_mem": True, "auto_num_workers": False,
                             "numa_enable": False, "debug_mode": False, "error_samples_mode": "return"}
_state: dict[str, Any] = dict(_DEFAULTS)


def _global_seed() -> int | None:
    from mindshim.common.seed import get_seed as global_seed
    return global_seed()


def set_seed(seed: int) -> None:
    """Also seeds Python's `random` and numpy's global generator, as MindSpore does."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError("seed isn't of type int.")
    if not 0 <= seed <= 4294967295:
        raise ValueError("seed given is not within the required range [0, UINT32_MAX(4294967295)].")
    random.seed(seed)
    np.random.seed(seed)
    _state["seed"] = seed
    _state["global_seed_when_set"] = _global_seed()


def get_seed() -> int:
    """MindSpore's default is 5489 (the pipeline is still unseeded until a seed is set)."""
    seed = get_seed_or_none()
    return seed if seed is not None else 5489


def get_seed_or_none() -> int | None:
    """The later of `ds.config.set_seed` and `mindspore.set_seed` wins, as in MindSpore."""
    global_seed = _global_seed()
    if _state["seed"] is not None and global_seed == _state.get("global_seed_when_set"):
        return _state["seed"]
    return global_seed if global_seed is not None else _state["seed"]


def rng(key: tuple, default_seed: int | None = None) -> np.random.Generator:
    """A generator for one random decision of the pipeline, reproducible when a seed is set
    (or when the decision has a `default_seed`, as every shard must agree on its shuffle)."""
    seed = get_seed_or_none()
    seed = default_seed if seed is None else seed
    if seed is None:
        return np.random.default_rng()
    ints = [seed] + [zlib.crc32(repr(k).encode()) for k in key]
    return np.random.default_rng(np.random.SeedSequence(ints))


_row = threading.local()


def set_current_row(key: tuple | None) -> None:
    """Which (node, epoch, position) a map is transforming on this thread: random transforms key their
    draws on it, so results do not depend on the worker count or on which thread ran the row."""
    _row.key, _row.calls = key, 0


def row_rng(op_key: tuple) -> np.random.Generator | None:
    """The generator for the next random draw of an op inside a pipeline row (None outside one)."""
    key = getattr(_row, "key", None)
    if key is None:
        return None
    _row.calls += 1
    return rng(("row",) + key + op_key + (_row.calls,))


def set_num_parallel_workers(num: int) -> None:
    if not isinstance(num, int) or num <= 0:
        raise ValueError(f"For 'set_num_parallel_workers', 'num' must be a positive int, but got {num!r}.")
    _state["num_parallel_workers"] = num


def get_num_parallel_workers() -> int:
    return _state["num_parallel_workers"]


def get_num_parallel_workers_default() -> int:
    return 1


def set_prefetch_size(size: int) -> None:
    _state["prefetch_size"] = int(size)


def get_prefetch_size() -> int:
    return _state["prefetch_size"]


def _setter(key: str):
    def set_(value: Any) -> None:
        _state[key] = value
    return set_


def _getter(key: str):
    def get_() -> Any:
        return _state[key]
    return get_


set_monitor_sampling_interval, get_monitor_sampling_interval = _setter("monitor_sampling_interval"), _getter("monitor_sampling_interval")
get_callback_timeout = _getter("callback_timeout")


def set_callback_timeout(timeout: int) -> None:
    """Seconds a WaitedDSCallback waits for its step/epoch release (1 to INT32_MAX, default 60)."""
    if not isinstance(timeout, int) or isinstance(timeout, bool):
        raise TypeError("timeout isn't of type int.")
    if not 0 < timeout <= 2 ** 31 - 1:
        raise ValueError("Timeout given is not within the required range.")
    _state["callback_timeout"] = timeout


set_enable_shared_mem, get_enable_shared_mem = _setter("enable_shared_mem"), _getter("enable_shared_mem")
set_auto_num_workers, get_auto_num_workers = _setter("auto_num_workers"), _getter("auto_num_workers")
set_numa_enable, get_numa_enable = _setter("numa_enable"), _getter("numa_enable")
set_debug_mode, get_debug_mode = _setter("debug_mode"), _getter("debug_mode")
set_error_samples_mode, get_error_samples_mode = _setter("error_samples_mode"), _getter("error_samples_mode")


def _reset() -> None:
    _state.clear()
    _state.update(_DEFAULTS)


__all__ = ["set_seed", "get_seed", "set_num_parallel_workers", "get_num_parallel_workers", "set_prefetch_size",
           "get_prefetch_size", "set_monitor_sampling_interval", "get_monitor_sampling_interval",
           "set_callback_timeout", "get_callback_timeout", "set_enable_shared_mem", "get_enable_shared_mem",
           "set_auto_num_workers", "get_auto_num_workers", "set_numa_enable", "get_numa_enable",
           "set_debug_mode", "get_debug_mode", "set_error_samples_mode", "get_error_samples_mode"]
