"""mindspore.context / mindspore.set_context: global run state behind set/get/reset.

`device_target` maps onto the best torch device present (see `mindshim._backend.device`).
`mode` selects PYNATIVE (eager) or GRAPH (compiled by the execution engine). Options that only
mean something on Ascend (memory sizes, dump paths, ...) are accepted and kept so get_context
returns them.
"""
from __future__ import annotations

from typing import Any

from mindshim._backend import device as _device

GRAPH_MODE = 0
PYNATIVE_MODE = 1
# jit_syntax_level values (set_context(jit_syntax_level=...)).
STRICT = 0
COMPATIBLE = 1
LAX = 2


class ParallelMode:
    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


_DEFAULTS: dict[str, Any] = {"mode": PYNATIVE_MODE, "device_id": 0, "save_graphs": False, "jit_level": "O0",
                             "deterministic": "OFF"}
_state: dict[str, Any] = dict(_DEFAULTS)

def set_context(**kwargs: Any) -> None:
    if "mode" in kwargs and kwargs["mode"] not in (GRAPH_MODE, PYNATIVE_MODE):
        raise ValueError(f"For 'set_context', the 'mode' must be GRAPH_MODE(0) or PYNATIVE_MODE(1), but got {kwargs['mode']!r}.")
    if "jit_syntax_level" in kwargs:
        _check_syntax_level(kwargs["jit_syntax_level"])
    if "device_target" in kwargs or "device_id" in kwargs:
        _device.set_target(kwargs.get("device_target"), kwargs.get("device_id"))
    _state.update(kwargs)


def _check_syntax_level(level: Any) -> None:
    if not isinstance(level, int):
        raise TypeError(f"The parameter 'jit_syntax_level' must be {int}, but got {type(level)}")
    if level not in (STRICT, COMPATIBLE, LAX):
        raise ValueError(f"For 'jit_syntax_level', the value should be context.STRICT or context.LAX, but got {level}.")


def get_context(attr_key: str) -> Any:
    if attr_key == "device_target":
        return _device.target()
    if attr_key in _state:
        return _state[attr_key]
    raise ValueError(f"For 'get_context', the attribute {attr_key!r} is not supported.")


def set_auto_parallel_context(**kwargs: Any) -> None:
    """MindSpore's keys, defaults and checks (see `mindshim/parallel/_auto_parallel_context.py`)."""
    from mindshim.parallel._auto_parallel_context import _set_auto_parallel_context
    _set_auto_parallel_context(**kwargs)


def get_auto_parallel_context(attr_key: str) -> Any:
    from mindshim.parallel._auto_parallel_context import _get_auto_parallel_context
    return _get_auto_parallel_context(attr_key)


def reset_auto_parallel_context() -> None:
    from mindshim.parallel._auto_parallel_context import _reset_auto_parallel_context
    _reset_auto_parallel_context()


_PS_DEFAULTS: dict[str, Any] = {
    "server_mode": "", "ms_role": "MS_NOT_PS", "enable_ps": False, "worker_num": 0, "server_num": 0,
    "scheduler_ip": "127.0.0.1", "scheduler_port": 6667, "enable_ssl": False, "config_file_path": "",
}
_PS_WRITE_ONLY = ("client_password", "server_password")
_ps_context: dict[str, Any] = dict(_PS_DEFAULTS)


def set_ps_context(**kwargs: Any) -> None:
    """Parameter-server settings; kept (a single process never starts a parameter server)."""
    for key, value in kwargs.items():
        if key not in _PS_DEFAULTS and key not in _PS_WRITE_ONLY:
            raise ValueError(f"Set PS context keyword {key} is not recognized!")
        kind = type(_PS_DEFAULTS.get(key, ""))
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise TypeError(f"The parameter '{key}' must be {kind}, but got {type(value)}")
    _ps_context.update((k, v) for k, v in kwargs.items() if k not in _PS_WRITE_ONLY)


def get_ps_context(attr_key: str) -> Any:
    if attr_key not in _PS_DEFAULTS:
        raise ValueError(f"Get PS context keyword {attr_key} is not recognized!")
    return _ps_context[attr_key]


def reset_ps_context() -> None:
    _ps_context.clear()
    _ps_context.update(_PS_DEFAULTS)


def is_graph_mode() -> bool:
    return _state["mode"] == GRAPH_MODE


def _reset() -> None:
    _state.clear()
    _state.update(_DEFAULTS)
    reset_auto_parallel_context()
    reset_ps_context()
    _device.reset()


__all__ = ["GRAPH_MODE", "PYNATIVE_MODE", "ParallelMode", "set_context", "get_context",
           "set_auto_parallel_context", "get_auto_parallel_context", "reset_auto_parallel_context",
           "set_ps_context", "get_ps_context", "reset_ps_context", "STRICT", "COMPATIBLE", "LAX"]
