"""Device streams, events and allocator statistics: torch.cuda's on a CUDA context device; on CPU there is one
stream (id 0) on which every kernel has already finished when it returns, as in MindSpore's CPU build.

Handles are opaque: a `torch.cuda.Stream`/`torch.cuda.Event` on CUDA, None on CPU. MindSpore numbers the streams
of a device from 0 (the default stream) in the order it creates them; `stream_id` keeps that numbering.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim._backend import device as _device

_ids: dict[tuple[int, int], int] = {}  # (device index, torch stream_id) -> MindSpore stream id
_by_id: dict[tuple[int, int], Any] = {}  # (device index, MindSpore stream id) -> stream
_comm: dict[int, Any] = {}  # device index -> communication stream


def on_cuda() -> bool:
    return _device.current().type == "cuda"


def device_name() -> str:
    return "GPU" if on_cuda() else "CPU"


def device_index() -> int:
    dev = _device.current()
    return (dev.index or 0) if dev.type == "cuda" else 0


def _dev() -> torch.device:
    return _device.current()


def new_stream(priority: int) -> Any:
    return torch.cuda.Stream(device=_dev(), priority=priority) if on_cuda() else None


def current_stream() -> Any:
    return torch.cuda.current_stream(_dev()) if on_cuda() else None


def default_stream() -> Any:
    return torch.cuda.default_stream(_dev()) if on_cuda() else None


def communication_stream() -> Any:
    if not on_cuda():
        return None
    idx = device_index()
    if idx not in _comm:
        _comm[idx] = torch.cuda.Stream(device=_dev())
    return _comm[idx]


def set_current_stream(handle: Any) -> None:
    if handle is not None:
        torch.cuda.set_stream(handle)


def stream_id(handle: Any) -> int:
    if handle is None:
        return 0
    dev = handle.device.index or 0
    if not any(d == dev for d, _ in _ids):
        default = torch.cuda.default_stream(handle.device)
        _ids[(dev, default.stream_id)] = 0
        _by_id[(dev, 0)] = default
    key = (dev, handle.stream_id)
    if key not in _ids:
        _ids[key] = 1 + max(v for (d, _), v in _ids.items() if d == dev)
        _by_id[(dev, _ids[key])] = handle
    return _ids[key]


def stream_by_id(index: int) -> Any:
    """The stream of the context device that `stream_id` numbered `index`; None when there is none (always on
    CPU, where MindSpore's user-addressable stream table is empty too)."""
    if not on_cuda():
        return None
    stream_id(default_stream())
    return _by_id.get((device_index(), index))


def stream_device_index(handle: Any) -> int:
    return 0 if handle is None else handle.device.index or 0


def stream_query(handle: Any) -> bool:
    return True if handle is None else bool(handle.query())


def stream_synchronize(handle: Any) -> None:
    if handle is not None:
        handle.synchronize()


def new_event(enable_timing: bool, blocking: bool) -> Any:
    return torch.cuda.Event(enable_timing=enable_timing, blocking=blocking) if on_cuda() else None


def event_record(event: Any, stream: Any) -> None:
    if event is not None:
        event.record(stream if stream is not None else current_stream())


def event_wait(event: Any, stream: Any) -> None:
    if event is not None:
        event.wait(stream if stream is not None else current_stream())


def event_query(event: Any) -> bool:
    return True if event is None else bool(event.query())


def event_synchronize(event: Any) -> None:
    if event is not None:
        event.synchronize()


def event_elapsed_ms(start: Any, end: Any) -> float:
    """Milliseconds between two recorded events; 0.0 on CPU, where MindSpore reports no timing."""
    if start is None or end is None:
        return 0.0
    return float(start.elapsed_time(end))


def memory_stats() -> dict[str, Any]:
    """The caching allocator's counters under MindSpore's names (all 0 on CPU, as MindSpore reports there)."""
    stats: dict[str, Any] = {"total_reserved_memory": 0, "total_allocated_memory": 0, "total_idle_memory": 0,
                             "total_eager_free_memory": 0, "max_reserved_memory": 0, "max_allocated_memory": 0}
    blocks: dict[str, Any] = {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}}
    if on_cuda():
        raw = torch.cuda.memory_stats(_dev())
        reserved, allocated = raw.get("reserved_bytes.all.current", 0), raw.get("allocated_bytes.all.current", 0)
        stats.update(total_reserved_memory=reserved, total_allocated_memory=allocated,
                     total_idle_memory=reserved - allocated,
                     max_reserved_memory=raw.get("reserved_bytes.all.peak", 0),
                     max_allocated_memory=raw.get("allocated_bytes.all.peak", 0))
        blocks["block_counts"] = raw.get("segment.all.current", 0)
    stats["common_mem_pool_stats"] = blocks
    stats["persistent_mem_pool_stats"] = {"block_counts": 0, "block_unit_size": 0, "blocks_info": {}}
    return stats


def set_memory_fraction(max_bytes: float) -> None:
    """Cap the caching allocator of the context device at `max_bytes` (a no-op on CPU)."""
    if on_cuda():
        total = torch.cuda.get_device_properties(_dev()).total_memory
        torch.cuda.set_per_process_memory_fraction(min(1.0, max_bytes / total), _dev())


def release_cached_memory() -> None:
    if on_cuda():
        torch.cuda.empty_cache()


def call_with_subclass_dispatch(fn: Any, *args: Any) -> Any:
    """Run user code (autograd hooks) with tensor-subclass dispatch on: the autograd engine may invoke it from
    inside a region that switched it off, and MindSpore code in the hook needs mindshim's Tensor semantics."""
    with torch._C._EnableTorchFunction():
        return fn(*args)


def without_subclass_dispatch() -> Any:
    """A context in which torch calls skip tensor-subclass dispatch (torch's own autograd.Function.apply)."""
    return torch._C.DisableTorchFunctionSubclass()
