"""Data-loading machinery: ordered parallel mapping on worker threads.

MindSpore's `num_parallel_workers` runs map operations concurrently and keeps row order. The
transforms are numpy/torch code that releases the GIL for the heavy parts, so a thread pool gives
real parallelism without pickling rows across processes. Threads are daemonic and the pool is shut
down when iteration ends, so interpreter exit never waits on a worker.
"""
from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Iterable, Iterator


def ordered_map(fn: Callable[[Any], Any], items: Iterable[Any], workers: int, window: int | None = None) -> Iterator[Any]:
    """Yield fn(item) in order, computing up to `window` items ahead on `workers` threads."""
    if workers <= 1:
        for item in items:
            yield fn(item)
        return
    window = window or workers * 4
    it = iter(items)
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mindshim-data")
    try:
        pending = [pool.submit(fn, x) for x in itertools.islice(it, window)]
        while pending:
            head = pending.pop(0)
            nxt = next(it, _END)
            if nxt is not _END:
                pending.append(pool.submit(fn, nxt))
            yield head.result()
    finally:
        for f in pending if "pending" in locals() else []:
            f.cancel()
        pool.shutdown(wait=False, cancel_futures=True)


_END = object()
