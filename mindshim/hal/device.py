"""mindspore.hal device queries: CPU answers as MindSpore's CPU build gives them, GPU answers from torch.cuda
(available only when CUDA is present), Ascend never available."""
from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

from mindshim import log as logger
from mindshim._backend import device as _device

valid_targets = ["CPU", "GPU", "Ascend"]


def _available(target: str) -> bool:
    if target == "CPU":
        return True
    if target == "GPU":
        return _device.gpu_available()
    return False


def _context_target() -> str:
    from mindshim import context
    return context.get_context("device_target")


def _resolve_target(device_target: Any) -> str:
    """MindSpore's checks of a `device_target` argument (None: the context's target)."""
    if device_target is None:
        device_target = _context_target()
    if not isinstance(device_target, str):
        raise TypeError(f"The argument 'device_target' must be str, but got {device_target}, "
                        f"type is {type(device_target)}.")
    if device_target not in valid_targets:
        raise ValueError(f"The argument 'device_target' must be one of {valid_targets}, but got {device_target}.")
    if not _available(device_target):
        raise ValueError(f"{device_target} backend is not available for this MindSpore package."
                         "You can call hal.is_available to check the reason.")
    return device_target


def _check_inputs_validation(fn: Callable) -> Callable:
    """Resolve and check the `device_target` argument of `fn` before calling it."""
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def checked(*args: Any, **kwargs: Any) -> Any:
        bound = sig.bind(*args, **kwargs)
        bound.apply_defaults()
        if "device_target" in bound.arguments:
            bound.arguments["device_target"] = _resolve_target(bound.arguments["device_target"])
        return fn(*bound.args, **bound.kwargs)
    return checked


def _check_device_id(device_id: Any, device_target: str) -> None:
    count = device_count(device_target)
    if not isinstance(device_id, int):
        raise TypeError(f"The argument 'device_id' must be int, but got {device_id}, type is {type(device_id)}.")
    if device_id < 0:
        raise ValueError(f"The argument 'device_id' should not be negative, but got {device_id}.")
    if device_id >= count:
        raise ValueError(f"The argument 'device_id' must be less than device count: {count}, but got {device_id}.")


def _check_target_name(device_target: Any, api: str) -> None:
    if device_target not in valid_targets:
        raise ValueError(f"For 'hal.{api}', the argument 'device_target' must be one of {valid_targets}, "
                         f"but got {device_target}.")


class GpuDeviceProperties:
    """A GPU's properties under the names of MindSpore's `cudaDeviceProp` (read-only)."""

    __slots__ = ("name", "major", "minor", "is_multi_gpu_board", "is_integrated", "multi_processor_count",
                 "total_memory", "warp_size")

    def __init__(self, **fields: Any) -> None:
        for key in self.__slots__:
            object.__setattr__(self, key, fields[key])

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"'cudaDeviceProp' attribute '{key}' is read-only")

    def __repr__(self) -> str:
        return (f"cudaDeviceProp(name='{self.name}', major={self.major}, minor={self.minor}, "
                f"is_multi_gpu_board={self.is_multi_gpu_board}, is_integrated={self.is_integrated}, "
                f"multi_processor_count={self.multi_processor_count}, "
                f"total_memory={self.total_memory // (1024 * 1024)}MB, warp_size={self.warp_size})")


def is_initialized(device_target: str) -> bool:
    """Whether `device_target`'s device has been initialised. torch's CPU backend needs no start-up, so the CPU
    is always initialised here (MindSpore says False until its first operator runs); GPU: whether CUDA is."""
    _check_target_name(device_target, "is_initialized")
    if device_target == "CPU":
        return True
    if device_target == "GPU":
        return _device.gpu_initialized()
    logger.info(f"Backend {device_target} is not created yet.")
    return False


def is_available(device_target: str) -> bool:
    _check_target_name(device_target, "is_available")
    if not _available(device_target):
        logger.warning(f"Backend {device_target} is not available.")
        return False
    return True


@_check_inputs_validation
def device_count(device_target: str | None = None) -> int:
    return 1 if device_target == "CPU" else _device.gpu_count()


@_check_inputs_validation
def get_device_capability(device_id: int, device_target: str | None = None) -> tuple[int, int] | None:
    _check_device_id(device_id, device_target)
    if device_target == "CPU":
        logger.warning("'get_device_capability' for CPU is not implemented. Return None.")
        return None
    return _device.gpu_capability(device_id)


@_check_inputs_validation
def get_device_properties(device_id: int, device_target: str | None = None) -> GpuDeviceProperties | None:
    _check_device_id(device_id, device_target)
    if device_target == "CPU":
        logger.warning("'get_device_properties' for CPU is not implemented. Return None.")
        return None
    return GpuDeviceProperties(**_device.gpu_properties(device_id))


@_check_inputs_validation
def get_device_name(device_id: int, device_target: str | None = None) -> str:
    _check_device_id(device_id, device_target)
    return "CPU" if device_target == "CPU" else _device.gpu_name(device_id)


@_check_inputs_validation
def get_arch_list(device_target: str | None = None) -> str | None:
    if device_target == "CPU":
        logger.warning("'get_arch_list' for CPU is not implemented. Return None.")
        return None
    return _device.gpu_arch_list()


__all__ = ["is_initialized", "is_available", "device_count", "get_device_capability", "get_device_properties",
           "get_device_name", "get_arch_list"]
