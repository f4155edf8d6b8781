"""mindspore.hal streams: the same objects as mindspore.runtime's."""
from mindshim.runtime.event import Event
from mindshim.runtime.stream import (
    Stream, StreamCtx, communication_stream, current_stream, default_stream, set_cur_stream, synchronize,
)

__all__ = ["Stream", "StreamCtx", "communication_stream", "current_stream", "default_stream", "set_cur_stream",
           "synchronize", "Event"]
