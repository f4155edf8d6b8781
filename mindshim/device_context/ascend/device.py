"""mindspore.device_context.ascend.device: no Ascend device is ever present."""
from __future__ import annotations

from typing import Any

from mindshim import log as logger

_conf: dict[str, Any] = {}  # settings recorded by op_debug / op_precision / op_tuning


def is_available() -> bool:
    logger.warning("Device Ascend is not available.")
    return False


def device_count() -> int:
    raise RuntimeError("Device Ascend not exist.")


def _repeat(name: str, value: Any) -> bool:
    """A once-per-process setting called again: True when it already holds `value` (nothing to do),
    RuntimeError when it holds another; False on its first setting."""
    if name not in _conf:
        return False
    if _conf[name] == value:
        return True
    raise RuntimeError(f"The '{name}' can not be set repeatedly.")


__all__ = ["device_count", "is_available"]
