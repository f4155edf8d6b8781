"""mindspore.runtime: device memory counters and synchronisation (re-exports only)."""
from mindshim.runtime.memory import (
    empty_cache, max_memory_allocated, max_memory_reserved, memory_allocated, memory_reserved,
    reset_max_memory_allocated, reset_max_memory_reserved, reset_peak_memory_stats,
)
from mindshim.runtime.stream import synchronize
from mindshim.runtime.event import Event
from mindshim.runtime.executor import (
    dispatch_threads_num, launch_blocking, set_kernel_launch_capture, set_kernel_launch_group,
)
from mindshim.runtime.memory import MemPool, PluggableAllocator, memory_stats, memory_summary, set_memory
from mindshim.runtime.stream import (
    Stream, StreamCtx, communication_stream, current_stream, default_stream, set_cur_stream,
)

__all__ = [
    "memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved",
    "reset_peak_memory_stats", "reset_max_memory_allocated", "reset_max_memory_reserved", "empty_cache",
    "synchronize", "Event", "Stream", "StreamCtx", "communication_stream", "current_stream", "default_stream",
    "set_cur_stream", "memory_stats", "memory_summary", "set_memory", "launch_blocking", "dispatch_threads_num",
    "set_kernel_launch_group", "set_kernel_launch_capture", "MemPool", "PluggableAllocator",
]
