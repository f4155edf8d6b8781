"""Sink-mode prefetch: batches are produced ahead of the step on a background thread.

MindSpore's sink mode feeds the device from a queue filled ahead of time. Here a daemon thread pulls
the next batches from the dataset iterator while the current step runs. On CUDA the thread issues its
host-to-device copies on a side stream, and the consumer's stream waits on an event (a GPU-side wait:
the host never stalls on the copy, and CUDA-graph replays overlap the next batch's transfer). Order is
the iterator's (one producer); an exception in the producer is raised in the consumer at the batch
where it happened; the thread stops when its owner is garbage-collected or `close()` is called.
"""
from __future__ import annotations

import inspect
import os
import queue
import threading
import weakref
from typing import Any, Callable

import torch

from mindshim._backend import device as _device
from mindshim._backend.data import _Failure
from mindshim._backend.tree import tensor_leaves

_END = object()


def wanted() -> bool:
    """Prefetch on a GPU, where the host-to-device copy overlaps the step. On CPU the step already uses every
    core and there is no copy to hide: a producer thread cost 3-5% per step there (docs/performance.md), so
    sink mode reads synchronously unless MINDSHIM_PREFETCH=1."""
    forced = os.environ.get("MINDSHIM_PREFETCH")
    if forced is not None:
        return forced == "1"
    return _device.current().type == "cuda"


class Prefetcher:
    """`next()` returns what `pull()` returned, `depth` items ahead; StopIteration passes through."""

    def __init__(self, pull: Callable[[], Any], depth: int = 2) -> None:
        self._queue: queue.Queue = queue.Queue(maxsize=max(1, depth))
        self._stop = threading.Event()
        self._cuda = _device.current().type == "cuda"
        self._consumer_stream = torch.cuda.current_stream() if self._cuda else None
        self._done = False
        # A bound method is held weakly: the thread must not keep its owner (which owns this prefetcher) alive
        pull_ref = weakref.WeakMethod(pull) if inspect.ismethod(pull) else (lambda: pull)
        thread = threading.Thread(target=_produce, args=(pull_ref, self._queue, self._stop, self._cuda,
                                                         self._consumer_stream),
                                  name="mindshim-sink-prefetch", daemon=True)
        thread.start()
        weakref.finalize(self, self._stop.set)

    def next(self) -> Any:
        if self._done:
            raise StopIteration
        item = self._queue.get()
        if item is _END:
            self._done = True
            raise StopIteration
        if isinstance(item, _Failure):
            self._done = True
            raise item.error
        batch, ready = item
        if ready is not None:
            torch.cuda.current_stream().wait_event(ready)
        return batch

    def close(self) -> None:
        self._stop.set()


def _put(q: queue.Queue, item: Any, stop: threading.Event) -> bool:
    while not stop.is_set():
        try:
            q.put(item, timeout=0.1)
            return True
        except queue.Full:
            continue
    return False


def _produce(pull_ref: Callable[[], Any], q: queue.Queue, stop: threading.Event, cuda: bool, consumer: Any) -> None:
    side = torch.cuda.Stream() if cuda else None
    while not stop.is_set():
        pull = pull_ref()
        if pull is None:  # the owner is gone
            return
        try:
            if side is None:
                item = (pull(), None)
            else:
                with torch.cuda.stream(side), _device.staged_transfers():
                    batch = pull()
                    for t in tensor_leaves(batch):  # any nesting: tuples, dicts, lists
                        if t.is_cuda:
                            t.record_stream(consumer)  # the allocator must not reuse it under the step
                    ready = torch.cuda.Event()
                    ready.record(side)
                item = (batch, ready)
        except StopIteration:
            _put(q, _END, stop)
            return
        except BaseException as err:  # re-raised in the consumer, in order
            _put(q, _Failure(err), stop)
            return
        del pull
        if not _put(q, item, stop):
            return
