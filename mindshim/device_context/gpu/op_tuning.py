"""mindspore.device_context.gpu.op_tuning: cuDNN convolution algorithm choices. They are validated as MindSpore
validates them and kept; torch picks cuDNN algorithms itself, so they do not change what runs."""
from __future__ import annotations

from mindshim.device_context._gate import first_call_refused as _first_call_refused

function_status = {"conv_fprop_algo": False, "conv_wgrad_algo": False, "conv_dgrad_algo": False}
_conf: dict[str, str] = {}
_MODES = {
    "conv_fprop_algo": ["normal", "performance", "implicit_gemm", "precomp_gemm", "gemm", "direct", "fft",
                        "fft_tiling", "winograd", "winograd_nonfused"],
    "conv_wgrad_algo": ["normal", "performance", "algo_0", "algo_1", "fft", "algo_3", "fft_tiling",
                        "winograd_nonfused"],
    "conv_dgrad_algo": ["normal", "performance", "algo_0", "algo_1", "fft", "fft_tiling", "winograd",
                        "winograd_nonfused"],
}


def _set(name: str, mode: str) -> None:
    if _first_call_refused(function_status, name, "GPU"):
        return
    allowed = _MODES[name]
    if mode not in allowed:
        raise ValueError(f"For 'mindspore.device_context.gpu.op_tuning.{name}', the argument must be in "
                         f"{allowed} but got {mode}.")
    _conf[name] = mode


def conv_fprop_algo(mode: str) -> None:
    _set("conv_fprop_algo", mode)


def conv_wgrad_algo(mode: str) -> None:
    _set("conv_wgrad_algo", mode)


def conv_dgrad_algo(mode: str) -> None:
    _set("conv_dgrad_algo", mode)


__all__ = ["conv_fprop_algo", "conv_wgrad_algo", "conv_dgrad_algo"]
