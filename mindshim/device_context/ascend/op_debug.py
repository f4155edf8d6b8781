"""mindspore.device_context.ascend.op_debug (validated and recorded; there is no Ascend device)."""
from __future__ import annotations

from typing import Any

from mindshim._checkparam import args_type_check as _args_type_check
from mindshim.device_context._gate import first_call_refused as _first_call_refused
from mindshim.device_context.ascend.device import _conf, _repeat

function_status = {"execute_timeout": False, "debug_option": False}


@_args_type_check(op_timeout=int)
def execute_timeout(op_timeout: int) -> None:
    if _first_call_refused(function_status, "execute_timeout", "Ascend"):
        return
    if _repeat("execute_timeout", op_timeout):
        return
    if op_timeout < 0:
        raise ValueError("The num of execute_timeout must bigger than or equal to 0.")
    _conf["execute_timeout"] = op_timeout


def debug_option(option_value: str) -> None:
    if _first_call_refused(function_status, "debug_option", "Ascend"):
        return
    if _repeat("debug_option", option_value):
        return
    if not isinstance(option_value, str):
        raise TypeError("For 'device_context.ascend.op_debug.debug_option(option_value)', the type of "
                        f"'option_value' must be str, but got {type(option_value)}.")
    if option_value != "oom":
        raise ValueError("For 'device_context.ascend.op_debug.debug_option(option_value)', the 'option_value' "
                         f"supports being set to 'oom' currently, but got {option_value}.")
    _conf["debug_option"] = option_value


_ACLINIT = {"max_opqueue_num": (str,), "err_msg_mode": ["0", "1"],
            "dump": [{"dump_scene": "lite_exception"}, {"dump_scene": "lite_exception:disable"}]}


def aclinit_config(config: dict) -> None:
    for key, value in config.items():
        if key not in _ACLINIT:
            raise ValueError("For 'ms.device_context.ascend.op_debug.aclinit_config', the key must be one of "
                             f"{tuple(_ACLINIT)}, but got {key}.")
        allowed = _ACLINIT[key]
        if isinstance(allowed, list) and value not in allowed:
            raise ValueError(f"For 'ms.device_context.ascend.op_debug.aclinit_config', the value of argument {key} "
                             f"must be one of {allowed}, but got {value}.")
        if isinstance(allowed, tuple) and not isinstance(value, allowed):
            raise TypeError(f"For 'ms.device_context.ascend.op_debug.aclinit_config', the type of argument {key} "
                            f"must be one of {allowed}, but got {type(value)}.")
        _conf.setdefault("aclinit_config", {})[key] = value


__all__ = ["execute_timeout", "debug_option", "aclinit_config"]
