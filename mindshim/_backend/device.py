"""Device choice: which torch device the context's `device_target` means on this machine."""
from __future__ import annotations

import contextlib
import sys
import threading
from typing import Iterator

import torch

_state = {"target": None, "device_id": 0, "device": None, "warned": set()}
_thread = threading.local()


def _cuda_ok() -> bool:
    return torch.cuda.is_available()


def set_target(target: str | None, device_id: int | None = None) -> None:
    """Map MindSpore's device_target onto the best torch device present."""
    if device_id is not None:
        _state["device_id"] = int(device_id)
    if target is None:
        return
    if target not in ("CPU", "GPU", "Ascend"):
        raise ValueError(f"For 'set_context', 'device_target' must be one of CPU, GPU, Ascend, but got {target!r}.")
    _state["target"] = target
    if target == "CPU":
        _state["device"] = torch.device("cpu")
        return
    if _cuda_ok():
        _state["device"] = torch.device("cuda", _state["device_id"])
        if target == "Ascend":
            _note_once("Ascend", f"mindshim: device_target='Ascend' runs on {_state['device']}.")
        return
    _state["device"] = torch.device("cpu")
    _note_once(target, f"mindshim: device_target={target!r} has no GPU here; running on CPU.")


def _note_once(key: str, msg: str) -> None:
    if key not in _state["warned"]:
        _state["warned"].add(key)
        print(msg, file=sys.stderr)


def current() -> torch.device:
    dev = _state["device"]
    if dev is None:
        dev = torch.device("cuda", _state["device_id"]) if _cuda_ok() else torch.device("cpu")
        _state["device"] = dev
    return dev


@contextlib.contextmanager
def staged_transfers() -> Iterator[None]:
    """Host-to-device copies made by this thread go through pinned memory and do not block the host
    (the sink prefetcher: its copies run on a side stream that the step's stream waits for)."""
    _thread.staged = True
    try:
        yield
    finally:
        _thread.staged = False


def to_current(t: torch.Tensor) -> torch.Tensor:
    """`t` on the context device."""
    dev = current()
    if dev.type == "cuda" and t.device.type == "cpu" and getattr(_thread, "staged", False):
        return t.pin_memory().to(dev, non_blocking=True)
    return t.to(dev)


def target() -> str:
    if _state["target"] is not None:
        return _state["target"]
    return "GPU" if current().type == "cuda" else "CPU"


def device_id() -> int:
    return _state["device_id"]


def reset() -> None:
    _state.update(target=None, device_id=0, device=None)
    _state["warned"] = set()


def synchronize() -> None:
    if current().type == "cuda":
        torch.cuda.synchronize()


_MEMORY_COUNTERS = {"memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved"}
_MEMORY_RESETS = {"reset_peak_memory_stats", "reset_max_memory_allocated", "reset_max_memory_reserved",
                  "empty_cache"}


def memory(name: str) -> int:
    """A CUDA caching-allocator counter in bytes (MindSpore's names); 0 on CPU, as MindSpore reports there."""
    assert name in _MEMORY_COUNTERS, name
    dev = current()
    return int(getattr(torch.cuda, name)(dev)) if dev.type == "cuda" else 0


def reset_memory(name: str) -> None:
    assert name in _MEMORY_RESETS, name
    dev = current()
    if dev.type == "cuda":
        fn = getattr(torch.cuda, name)
        fn() if name == "empty_cache" else fn(dev)


# Device queries for mindspore.hal / mindspore.device_context (GPU answers come from torch.cuda).
def gpu_available() -> bool:
    return bool(torch.cuda.is_available())


def gpu_count() -> int:
    return int(torch.cuda.device_count()) if gpu_available() else 0


def gpu_initialized() -> bool:
    return gpu_available() and bool(torch.cuda.is_initialized())


def gpu_name(index: int) -> str:
    return str(torch.cuda.get_device_name(index))


def gpu_capability(index: int) -> tuple[int, int]:
    major, minor = torch.cuda.get_device_capability(index)
    return int(major), int(minor)


def gpu_properties(index: int) -> dict:
    """The fields MindSpore's `cudaDeviceProp` exposes, read from torch's device properties."""
    p = torch.cuda.get_device_properties(index)
    return {"name": str(p.name), "major": int(p.major), "minor": int(p.minor),
            "is_multi_gpu_board": int(getattr(p, "is_multi_gpu_board", 0)),
            "is_integrated": int(getattr(p, "is_integrated", 0)),
            "multi_processor_count": int(p.multi_processor_count), "total_memory": int(p.total_memory),
            "warp_size": int(getattr(p, "warp_size", 32))}


def gpu_arch_list() -> str:
    """The CUDA architectures this torch build carries, space-separated (MindSpore returns its build's list
    as one string)."""
    return " ".join(torch.cuda.get_arch_list()) if gpu_available() else ""
