"""mindspore.DeviceCtx: run a block on another device target, then return to the previous one."""
from __future__ import annotations

import threading
from typing import Any

from mindshim._errors import unsupported

_stack = threading.local()


class DeviceCtx:
    """`with DeviceCtx("CPU"):` makes `name` (device `device_id`, default 0) the context device for the block."""

    _NAMES = ("CPU", "GPU", "Ascend", "meta")

    def __init__(self, name: str, device_id: int | None = None) -> None:
        self.name = name
        self.device_id = device_id

    def __enter__(self) -> "DeviceCtx":
        from mindshim import context
        from mindshim.device_manager import get_current_device

        if self.name not in self._NAMES:
            raise ValueError(f"For DeviceCtx, the name must be one of {list(self._NAMES)}, but got {self.name}.")
        if self.device_id is not None and self.device_id < 0:
            raise ValueError("For DeviceCtx, the device_id must be greater than or equal to 0.")
        if self.name == "meta":
            unsupported("mindspore.DeviceCtx('meta')")
        if self.device_id is None:
            self.device_id = 0
        stack = _stack.__dict__.setdefault("items", [])
        stack.append(tuple(get_current_device()))
        context.set_context(device_target=self.name, device_id=self.device_id)
        return self

    def __exit__(self, *exc: Any) -> None:
        from mindshim import context
        from mindshim._backend import device as _device

        target, device_id = _stack.items.pop()
        _device.synchronize()
        context.set_context(device_target=target, device_id=device_id)


__all__ = ["DeviceCtx"]
