"""Ordered read-ahead on worker threads for block-wise data pipelines.

`ordered_prefetch(fn, items, workers, depth)` yields fn(item) for each item, in order, while up to
`depth` later items are already being computed on `workers` threads. Unlike `data.ordered_chunks`, one
worker still runs on its own thread, so the pipeline overlaps the consumer (the training step). The work
is meant to be large numpy calls on blocks of rows, which release the GIL, so threads run in parallel.

Threads are capped at the usable cores minus one (`usable_threads`): the consumer (the training step)
needs a core too, and on a busy 2-core machine two block threads ran seed 001's MNIST pipeline at 60% of
the speed of one (GIL hand-offs between threads that keep losing their core).

An exception raised by fn is re-raised in the consumer when its item's turn comes. Closing or
abandoning the generator cancels what has not started and joins the threads: none outlive iteration.
"""
from __future__ import annotations

import collections
import itertools
import os
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable, Iterable, Iterator

THREAD_PREFIX = "mindshim-blocks"
_END = object()


def usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def usable_threads(workers: int) -> int:
    """Worker threads for `workers` requested: at most one per core left over by the consumer, at least one."""
    return max(1, min(workers, usable_cores() - 1))


def ordered_prefetch(fn: Callable[[Any], Any], items: Iterable[Any], workers: int, depth: int = 2) -> Iterator[Any]:
    """Yield fn(item) for each item in order, computing up to `depth` items ahead on `workers` threads (at
    least one, and at least one item ahead per thread)."""
    it = iter(items)
    workers = max(workers, 1)
    ahead = max(depth, workers)
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix=THREAD_PREFIX)
    pending: collections.deque[Future] = collections.deque()
    try:
        pending.extend(pool.submit(fn, item) for item in itertools.islice(it, ahead))
        while pending:
            head = pending.popleft()
            nxt = next(it, _END)
            if nxt is not _END:
                pending.append(pool.submit(fn, nxt))
            yield head.result()
    finally:
        for f in pending:
            f.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


__all__ = ["ordered_prefetch", "usable_threads", "usable_cores", "THREAD_PREFIX"]
