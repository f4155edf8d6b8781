"""mindspore.runtime stream functions."""
from __future__ import annotations

from typing import Any

from mindshim._backend import device as _device
from mindshim._backend import streams as _streams
from mindshim._checkparam import check_is_int as _check_is_int
from mindshim.runtime.event import Event


def synchronize() -> None:
    """Wait until the context device has finished all queued work (a no-op on CPU)."""
    _device.synchronize()


__all__ = ["synchronize"]


class Stream:
    """A device stream: a queue of kernels that runs in order, independently of other streams
    (a torch.cuda.Stream on CUDA; on CPU the single stream 0, where every kernel has finished on return)."""

    def __init__(self, priority: int = 0, **kwargs: Any) -> None:
        _check_is_int(priority, "priority", "Stream")
        handle = kwargs.get("stream")
        if handle is None and "stream_id" in kwargs:
            _check_is_int(kwargs["stream_id"], "stream_id", "Stream")
            handle = _streams.stream_by_id(kwargs["stream_id"])
            if handle is None:
                raise ValueError(f"stream_id:{kwargs['stream_id']} is not exist")
        self._handle = handle if handle is not None else _streams.new_stream(priority)

    @property
    def id(self) -> int:
        return _streams.stream_id(self._handle)

    @property
    def device_id(self) -> int:
        return _streams.stream_device_index(self._handle)

    @property
    def device_name(self) -> str:
        return "CPU" if self._handle is None else "GPU"

    def stream_id(self) -> int:
        return self.id

    def record_event(self, event: Event | None = None) -> Event:
        if event is None:
            event = Event()
        if not isinstance(event, Event):
            raise TypeError(f"For 'record_event', the argument 'event' should be Event, but got {type(event)}.")
        event.record(self)
        return event

    def wait_event(self, event: Event) -> None:
        if not isinstance(event, Event):
            raise TypeError(f"For 'wait_event', the argument 'event' should be Event, but got {type(event)}.")
        event.wait(self)

    def wait_stream(self, stream: "Stream") -> None:
        if not isinstance(stream, Stream):
            raise TypeError(f"For 'wait_stream', the argument 'stream' should be Stream, but got {type(stream)}.")
        self.wait_event(stream.record_event())

    def synchronize(self) -> None:
        _streams.stream_synchronize(self._handle)

    def query(self) -> bool:
        return _streams.stream_query(self._handle)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Stream):
            raise TypeError(f"For '__eq__', the argument 'other' should be Stream, but got {type(other)}.")
        return (self.id, self.device_id) == (other.id, other.device_id)

    def __hash__(self) -> int:
        return hash((self.id, self.device_id))

    def __repr__(self) -> str:
        return f"Stream(device_name={self.device_name}, device_id:{self.device_id}, stream id:{self.id})"


def _check_stream(stream: Any, arg: str, api: str) -> None:
    if not isinstance(stream, Stream):
        raise TypeError(f"For '{api}', the argument '{arg}' should be Stream, but got {type(stream)}.")


def current_stream() -> Stream:
    return Stream(stream=_streams.current_stream())


def default_stream() -> Stream:
    return Stream(stream=_streams.default_stream())


def communication_stream() -> Stream:
    return Stream(stream=_streams.communication_stream())


def set_cur_stream(stream: Stream | None) -> None:
    """Make `stream` the one later kernels are queued on (None: no-op). Prefer `StreamCtx`."""
    if stream is None:
        return
    _check_stream(stream, "stream", "set_cur_stream")
    _streams.set_current_stream(stream._handle)


class StreamCtx:
    """`with StreamCtx(stream):` queues the block's kernels on `stream`, then restores the previous one."""

    ctx_attr = True

    def __init__(self, ctx_stream: Stream | None) -> None:
        if ctx_stream is not None:
            _check_stream(ctx_stream, "ctx_stream", "StreamCtx")
        self.stream = ctx_stream
        self.prev_stream: Stream | None = None

    def __enter__(self) -> None:
        if self.stream is not None:
            self.prev_stream = current_stream()
            set_cur_stream(self.stream)

    def __exit__(self, *exc: Any) -> None:
        if self.stream is not None:
            set_cur_stream(self.prev_stream)


__all__ += ["Stream", "StreamCtx", "current_stream", "default_stream", "communication_stream", "set_cur_stream",
            "Event"]
