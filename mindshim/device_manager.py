"""mindspore.set_device / get_current_device / set_deterministic (MindSpore 2.5+'s device API).

`set_device("GPU")` is `set_context(device_target="GPU")`: CUDA when present, else CPU with one note.
`set_deterministic(True)` records `deterministic="ON"` in the context (as MindSpore does); it does not
switch torch's process-wide deterministic-algorithms flag, which would change PyTorch code running in
the same process.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from mindshim import context as _context
from mindshim._backend import device as _device

_TARGETS = ("CPU", "GPU", "Ascend")


class DeviceInfo(NamedTuple):
    device_target: str
    device_id: int

    def __repr__(self) -> str:  # MindSpore prints it as the plain tuple
        return tuple.__repr__(self)


def set_device(device_target: str, device_id: int | None = None) -> None:
    if device_target not in _TARGETS:
        raise ValueError(f"The argument 'device_target' must be one of {list(_TARGETS)}, but got {device_target}.")
    if device_id is not None and (not isinstance(device_id, int) or isinstance(device_id, bool) or device_id < 0):
        raise ValueError(f"The argument 'device_id' must be a non-negative int, but got {device_id!r}.")
    _device.set_target(device_target, device_id)  # set_context without its deprecation warnings


def get_current_device() -> DeviceInfo:
    return DeviceInfo(_device.target(), _device.device_id())


def set_deterministic(deterministic: bool) -> None:
    if not isinstance(deterministic, bool):
        raise TypeError(f"The parameter 'deterministic' must be {bool}, but got {type(deterministic)}.")
    _context._set_one("deterministic", "ON" if deterministic else "OFF")  # no deprecation warning here


__all__ = ["set_device", "get_current_device", "set_deterministic", "DeviceInfo"]
