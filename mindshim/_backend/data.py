"""Data-loading machinery: ordered parallel mapping on worker threads.

MindSpore's `num_parallel_workers` runs map operations concurrently and keeps row order. The
transforms are numpy/torch code that releases the GIL for the heavy parts, so a thread pool gives
real parallelism without pickling rows across processes. Rows go to workers in chunks (per-row
futures cost more than a small transform). Threads are daemonic and the pool is shut down when
iteration ends or is abandoned, so interpreter exit never waits on a worker; an exception in a
worker is re-raised in the consumer, in row order.
"""
from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Iterable, Iterator

CHUNK = 16


def _apply_all(fn: Callable[[Any], Any], chunk: list) -> list:
    return [fn(x) for x in chunk]


def ordered_map(fn: Callable[[Any], Any], items: Iterable[Any], workers: int, window: int | None = None) -> Iterator[Any]:
    """Yield fn(item) in order, computing up to `window` chunks ahead on `workers` threads."""
    if workers <= 1:
        for item in items:
            yield fn(item)
        return
    window = window or workers * 2
    it = iter(items)
    chunks = iter(lambda: list(itertools.islice(it, CHUNK)), [])
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mindshim-data")
    pending: list = []
    try:
        pending = [pool.submit(_apply_all, fn, c) for c in itertools.islice(chunks, window)]
        while pending:
            head = pending.pop(0)
            nxt = next(chunks, None)
            if nxt is not None:
                pending.append(pool.submit(_apply_all, fn, nxt))
            yield from head.result()
    finally:
        for f in pending:
            f.cancel()
        pool.shutdown(wait=False, cancel_futures=True)
