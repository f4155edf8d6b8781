"""mindspore.hal: device queries (CPU, GPU through torch.cuda; Ascend is never available), streams, events and
memory counters. Streams, events and counters are mindspore.runtime's (MindSpore deprecates these copies)."""
from mindshim.hal import device, event, memory, stream
from mindshim.hal.device import (
    device_count, get_arch_list, get_device_capability, get_device_name, get_device_properties, is_available,
    is_initialized,
)
from mindshim.hal.event import Event
from mindshim.hal.memory import (
    empty_cache, max_memory_allocated, max_memory_reserved, memory_allocated, memory_reserved, memory_stats,
    memory_summary, reset_max_memory_allocated, reset_max_memory_reserved, reset_peak_memory_stats,
)
from mindshim.hal.stream import (
    Stream, StreamCtx, communication_stream, current_stream, default_stream, set_cur_stream, synchronize,
)

__all__ = sorted([
    "is_initialized", "is_available", "device_count", "get_device_capability", "get_device_properties",
    "get_device_name", "get_arch_list", "Event", "communication_stream", "Stream", "synchronize", "set_cur_stream",
    "current_stream", "default_stream", "StreamCtx", "memory_stats", "memory_reserved", "max_memory_reserved",
    "empty_cache", "reset_peak_memory_stats", "memory_summary", "memory_allocated", "max_memory_allocated",
    "reset_max_memory_reserved", "reset_max_memory_allocated",
])
