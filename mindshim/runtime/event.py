"""mindspore.runtime.Event: a device event (torch.cuda.Event on CUDA; always complete on CPU)."""
from __future__ import annotations

from typing import Any

from mindshim._backend import streams as _streams


class Event:
    """Marks a point in a stream's work: `record` it on a stream, `wait` for it from another, time between two."""

    def __init__(self, enable_timing: bool = False, blocking: bool = False) -> None:
        if not isinstance(enable_timing, bool):
            raise TypeError(f"For 'Event', the 'enable_timing' must be a bool, but got {type(enable_timing).__name__}.")
        if not isinstance(blocking, bool):
            raise TypeError(f"For 'Event', the 'blocking' must be a bool, but got {type(blocking).__name__}.")
        self._enable_timing = enable_timing
        self._blocking = blocking
        self._handle = _streams.new_event(enable_timing, blocking)
        self._recorded = False

    @staticmethod
    def _stream_handle(stream: Any, method: str) -> Any:
        from mindshim.runtime.stream import Stream, current_stream

        if stream is None:
            stream = current_stream()
        if not isinstance(stream, Stream):
            raise TypeError(f"For '{method}', the argument 'stream' should be Stream, but got {type(stream)}.")
        return stream._handle

    def record(self, stream: Any = None) -> None:
        _streams.event_record(self._handle, self._stream_handle(stream, "record"))
        self._recorded = True

    def wait(self, stream: Any = None) -> None:
        _streams.event_wait(self._handle, self._stream_handle(stream, "wait"))

    def synchronize(self) -> None:
        _streams.event_synchronize(self._handle)

    def query(self) -> bool:
        return _streams.event_query(self._handle)

    def elapsed_time(self, end_event: "Event") -> float:
        """Milliseconds from this event to `end_event` (both recorded, both with enable_timing on a device)."""
        if not isinstance(end_event, Event):
            raise TypeError(f"For 'elapsed_time', the argument 'end_event' should be Event, but got {type(end_event)}.")
        return _streams.event_elapsed_ms(self._handle, end_event._handle)

    def __repr__(self) -> str:
        return (f"Event(enable_timing={int(self._enable_timing)}, blocking:{int(self._blocking)}, "
                f"is_created:{int(self._recorded)}, event:0)")


__all__ = ["Event"]
