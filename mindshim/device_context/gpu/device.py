"""mindspore.device_context.gpu.device: GPU presence and count from torch.cuda."""
from __future__ import annotations

from mindshim import log as logger
from mindshim._backend import device as _device


def is_available() -> bool:
    if not _device.gpu_available():
        logger.warning("Device GPU is not available.")
        return False
    return True


def device_count() -> int:
    if not is_available():
        raise RuntimeError("Device_target GPU not exist.")
    return _device.gpu_count()


__all__ = ["device_count", "is_available"]
