"""mindspore.device_context.ascend.op_precision (validated and recorded; there is no Ascend device)."""
from __future__ import annotations

import os

from mindshim._checkparam import args_type_check as _args_type_check
from mindshim.device_context._gate import first_call_refused as _first_call_refused
from mindshim.device_context.ascend.device import _conf, _repeat

function_status = {"precision_mode": False, "op_precision_mode": False, "matmul_allow_hf32": False,
                   "conv_allow_hf32": False}
_PRECISION_MODES = ["force_fp16", "allow_fp32_to_fp16", "allow_mix_precision", "must_keep_origin_dtype",
                    "force_fp32", "allow_fp32_to_bf16", "allow_mix_precision_fp16", "allow_mix_precision_bf16"]


def precision_mode(mode: str) -> None:
    if _first_call_refused(function_status, "precision_mode", "Ascend"):
        return
    if _repeat("precision_mode", mode):
        return
    if mode not in _PRECISION_MODES:
        raise ValueError(f"For 'precision_mode', the value of mode {mode} must be one of {_PRECISION_MODES}, "
                         f"but got {mode}.")
    _conf["precision_mode"] = mode


@_args_type_check(path=str)
def op_precision_mode(path: str) -> None:
    if _first_call_refused(function_status, "op_precision_mode", "Ascend"):
        return
    if _repeat("op_precision_mode", path):
        return
    if not os.path.exists(os.path.realpath(path)):
        raise ValueError(f"For 'op_precision_mode', the 'path' is invalid, got '{path}'.")
    _conf["op_precision_mode"] = path


def _hf32(name: str, value: bool) -> None:
    if _first_call_refused(function_status, name, "Ascend"):
        return
    if value not in (True, False):
        raise ValueError(f"For '{name}', the type of input value must be one of [True, False], but got {value}.")
    if not _repeat(name, "1" if value else "0"):
        _conf[name] = "1" if value else "0"


def matmul_allow_hf32(value: bool) -> None:
    _hf32("matmul_allow_hf32", value)


def conv_allow_hf32(value: bool) -> None:
    _hf32("conv_allow_hf32", value)


__all__ = ["precision_mode", "op_precision_mode", "matmul_allow_hf32", "conv_allow_hf32"]
