"""mindspore.device_context.ascend.op_tuning (validated and recorded; there is no Ascend device)."""
from __future__ import annotations

from mindshim.device_context._gate import first_call_refused as _first_call_refused
from mindshim.device_context.ascend.device import _conf, _repeat

function_status = {"op_compile": False, "aoe_tune_mode": False, "aoe_job_type": False, "aclnn_cache": False}


def op_compile(value: bool) -> None:
    if _first_call_refused(function_status, "op_compile", "Ascend"):
        return
    if _repeat("op_compile", value):
        return
    if value not in (True, False):
        raise TypeError(f"For 'op_compile', the type of input value must be one of [True, False], but got {value}.")
    _conf["op_compile"] = bool(value)


def aoe_tune_mode(tune_mode: str) -> None:
    if _first_call_refused(function_status, "aoe_tune_mode", "Ascend"):
        return
    if _repeat("aoe_tune_mode", tune_mode):
        return
    if tune_mode not in ("online", "offline"):
        raise ValueError("For 'device_context.ascend.op_tuning.aoe_tune_mode', the argument 'tune_mode' must be in "
                         f"['online', 'offline'], but got {tune_mode}.")
    _conf["aoe_tune_mode"] = tune_mode


def aoe_job_type(config: str) -> None:
    if _first_call_refused(function_status, "aoe_job_type", "Ascend"):
        return
    if _repeat("aoe_job_type", config):
        return
    if config not in ("1", "2"):
        raise ValueError(f"For 'aoe_job_type', the config must be one of ['1', '2'], but got {config}.")
    _conf["aoe_job_type"] = config


def aclnn_cache(enable_global_cache: bool = False, cache_queue_length: int = 10000) -> None:
    if _first_call_refused(function_status, "aclnn_cache", "Ascend"):
        return
    if "aclnn_cache" in _conf:
        raise RuntimeError("The 'aclnn_cache' can not be set repeatedly.")
    if enable_global_cache not in (True, False):
        raise ValueError(f"For 'aclnn_cache', the config must be one of [True, False], but got {enable_global_cache}.")
    if cache_queue_length < 0:
        raise ValueError(f"For 'aclnn_cache', the config must greater than 0, but got {enable_global_cache}.")
    _conf["aclnn_cache"] = (bool(enable_global_cache), cache_queue_length)


__all__ = ["op_compile", "aoe_tune_mode", "aoe_job_type", "aclnn_cache"]
