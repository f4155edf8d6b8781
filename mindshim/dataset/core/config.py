"""mindspore.dataset.config: global pipeline settings behind set/get (reset by the test fixture)."""
from __future__ import annotations

import zlib
from typing import Any

import numpy as np

_DEFAULTS: dict[str, Any] = {"seed": None, "num_parallel_workers": 8, "prefetch_size": 16, "monitor_sampling_interval": 1000,
                             "callback_timeout": 60, "enable_shared_mem": True, "auto_num_workers": False,
                             "numa_enable": False, "debug_mode": False, "error_samples_mode": "return"}
_state: dict[str, Any] = dict(_DEFAULTS)


def set_seed(seed: int) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"For 'set_seed', the 'seed' must be a non-negative int, but got {seed!r}.")
    _state["seed"] = seed


def get_seed() -> int:
    seed = get_seed_or_none()
    return seed if seed is not None else 0


def get_seed_or_none() -> int | None:
    if _state["seed"] is not None:
        return _state["seed"]
    from mindshim.common.seed import get_seed as global_seed
    return global_seed()


def rng(key: tuple) -> np.random.Generator:
    """A generator for one random decision of the pipeline, reproducible when a seed is set."""
    seed = get_seed_or_none()
    if seed is None:
        return np.random.default_rng()
    ints = [seed] + [zlib.crc32(repr(k).encode()) for k in key]
    return np.random.default_rng(np.random.SeedSequence(ints))


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
set_callback_timeout, get_callback_timeout = _setter("callback_timeout"), _getter("callback_timeout")
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
