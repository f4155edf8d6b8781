"""mindspore.device_context.gpu.op_precision: TF32 for float32 matmuls and convolutions (torch's
`backends.cuda.matmul.allow_tf32` / `backends.cudnn.allow_tf32`), settable any number of times."""
from __future__ import annotations

from mindshim._backend import device_settings as _settings
from mindshim._checkparam import args_type_check as _args_type_check
from mindshim.device_context._gate import first_call_refused as _first_call_refused

function_status = {"matmul_allow_tf32": False, "conv_allow_tf32": False}
_conf: dict[str, bool] = {}


@_args_type_check(value=bool)
def matmul_allow_tf32(value: bool) -> None:
    if _first_call_refused(function_status, "matmul_allow_tf32", "GPU"):
        return
    _conf["matmul_allow_tf32"] = value
    _settings.set_matmul_tf32(value)


@_args_type_check(value=bool)
def conv_allow_tf32(value: bool) -> None:
    if _first_call_refused(function_status, "conv_allow_tf32", "GPU"):
        return
    _conf["conv_allow_tf32"] = value
    _settings.set_conv_tf32(value)


__all__ = ["matmul_allow_tf32", "conv_allow_tf32"]
