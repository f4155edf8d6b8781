"""mindspore.context / mindspore.set_context: global run state behind set/get/reset.

`device_target` maps onto the best torch device present (see `mindshim._backend.device`).
`mode` selects PYNATIVE (eager) or GRAPH (compiled by the execution engine). Options that only
mean something on Ascend (memory sizes, dump paths, ...) are accepted and kept so get_context
returns them.
"""
from __future__ import annotations

from typing import Any

from mindshim import _context_keys as _keys
from mindshim import log as _log
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


_state: dict[str, Any] = dict(_keys.DEFAULTS)

def set_context(**kwargs: Any) -> None:
    """MindSpore's set_context: type and value checks per key (`mindshim/_context_keys.py`), device-only keys
    ignored with a warning on other devices, deprecated keys warned about, unknown keys a ValueError."""
    for key, value in kwargs.items():
        kind = _keys.TYPES.get(key)
        if kind is not None and value is not None and not isinstance(value, kind):
            raise TypeError(f"The parameter '{key}' must be {kind}, but got {type(value)}")
    if "device_target" in kwargs:  # first, with the device_id of the same call (the torch device needs both)
        device_id = kwargs.get("device_id")
        _set_target(kwargs["device_target"], None if device_id is None else _keys.CHECKS["device_id"](device_id))
    for key, value in kwargs.items():
        _warn_deprecated(key)
        if key != "device_target":
            _set_one(key, value)


def _set_target(target: str, device_id: int | None) -> None:
    if target not in ("CPU", "GPU", "Ascend", "Davinci"):
        raise ValueError("For 'context.set_context', the argument 'device_target' must be one of "
                         f"['CPU', 'GPU', 'Ascend', 'Davinci'], but got {target}.")
    _device.set_target("Ascend" if target == "Davinci" else target, device_id)


def _set_one(key: str, value: Any) -> None:
    if key in _keys.IGNORED:
        _log.warning(f"For 'context.set_context', '{key}' parameter is deprecated, and will be removed in the next "
                     "version.")
        return
    if key in _keys.ASCEND_CONFIG_KEYS:
        raise ValueError(f"Please set '{key}' through parameter ascend_config")
    if key == "jit_syntax_level":
        _check_syntax_level(value)
    if key in _keys.DEVICE_ONLY and _device.target() not in _keys.DEVICE_ONLY[key]:
        _log.warning(f"For 'context.set_context', when set the argument '{key}', the argument 'device_target' only "
                     f"supports devices in '{list(_keys.DEVICE_ONLY[key])}', but got '{_device.target()}', ignore it.")
        return
    if key == "device_id":
        _device.set_target(None, _keys.CHECKS["device_id"](value))
    elif key not in _keys.DEFAULTS:
        raise ValueError(f"For 'context.set_context', the keyword argument {key} is not recognized! For detailed "
                         "usage of 'set_context', please refer to the Mindspore official website.")
    check = _keys.CHECKS.get(key)
    _state[key] = check(value) if check is not None else value
    if key in ("jit_config", "aoe_config"):  # their entries are context keys too (jit_level, aoe_job_type, ...)
        _state.update(("aoe_" + k if key == "aoe_config" else k, v) for k, v in value.items())


def _warn_deprecated(key: str) -> None:
    if key in _keys.REMOVED:
        version, instead = _keys.REMOVED[key]
        raise ValueError(f"For 'context.set_context', the parameter '{key}' has been removed since MindSpore "
                         f"{version} version. Please use the {instead} instead.")
    if key in _DEPRECATED:
        _log.warning(f"For 'context.set_context', the parameter '{key}' will be deprecated and removed in a future "
                     "version." + (f" Please use the {_DEPRECATED[key]} instead." if _DEPRECATED[key] else ""))


_DEPRECATED = {"save_graphs": "env MS_DEV_SAVE_GRAPHS", "save_graphs_path": "env MS_DEV_SAVE_GRAPHS_PATH",
               "check_bprop": "", "max_call_depth": "api mindspore.set_recursion_limit()", "debug_level": "",
               "device_target": "api mindspore.set_device()", "device_id": "api mindspore.set_device()",
               "deterministic": "api mindspore.set_deterministic()",
               "pynative_synchronize": "api mindspore.runtime.launch_blocking()",
               "inter_op_parallel_num": "api mindspore.runtime.dispatch_threads_num()",
               **dict.fromkeys(("max_device_memory", "variable_memory_max_size", "mempool_block_size",
                                "memory_optimize_level"), "api mindspore.runtime.set_memory()"),
               "runtime_num_threads": "api mindspore.device_context.cpu.op_tuning.threads_num()"}


def _check_syntax_level(level: Any) -> None:
    if not isinstance(level, int):
        raise TypeError(f"The parameter 'jit_syntax_level' must be {int}, but got {type(level)}")
    if level not in (STRICT, COMPATIBLE, LAX):
        raise ValueError(f"For 'jit_syntax_level', the value should be context.STRICT or context.LAX, but got {level}.")


def get_context(attr_key: str) -> Any:
    if attr_key == "device_target":
        return _device.target()
    if attr_key == "device_id":
        return _device.device_id()
    if attr_key in _state:
        return _state[attr_key]
    raise ValueError(f"For 'context.get_context', the argument {attr_key} is not recognized! For detailed usage of "
                     "'get_context', please refer to the Mindspore official website.")


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


def _get_mode() -> int:
    """MindSpore's internal `context._get_mode()` (scripts and tests call it): the execution mode."""
    return _state["mode"]


def is_graph_mode() -> bool:
    return _state["mode"] == GRAPH_MODE


def _reset() -> None:
    _state.clear()
    _state.update(_keys.DEFAULTS)
    reset_auto_parallel_context()
    reset_ps_context()
    _device.reset()


__all__ = ["GRAPH_MODE", "PYNATIVE_MODE", "ParallelMode", "set_context", "get_context",
           "set_auto_parallel_context", "get_auto_parallel_context", "reset_auto_parallel_context",
           "set_ps_context", "get_ps_context", "reset_ps_context", "STRICT", "COMPATIBLE", "LAX"]
