"""Data-loading machinery: ordered parallel work on threads or torch DataLoader worker processes.

MindSpore's `num_parallel_workers` runs pipeline work concurrently and keeps row order. Two engines:
- `ordered_chunks` (threads): for transforms that spend their time in numpy/torch kernels, which
  release the GIL. Rows travel in chunks so a chunk of equal-shaped images can be transformed as one
  stacked array (one numpy call per op instead of one per image).
- `process_rows` (processes, `python_multiprocessing=True`): for Python callables that hold the GIL.
  A torch DataLoader forks worker processes that read source rows by index and apply the maps
  themselves, so only the finished rows cross process boundaries. The DataLoader keeps order, notices
  a worker that died (RuntimeError instead of a hang) and its workers exit with their parent.

Threads and worker processes are shut down when iteration ends or the iterator is abandoned, so
interpreter exit never waits on them; an exception in a worker is re-raised in the consumer, in row order.
"""
from __future__ import annotations

import itertools
import multiprocessing
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Iterable, Iterator, Sequence

CHUNK = 32


def chunked(items: Iterable[Any], size: int = CHUNK) -> Iterator[list]:
    it = iter(items)
    return iter(lambda: list(itertools.islice(it, size)), [])


def ordered_chunks(fn: Callable[[list], list], items: Iterable[Any], workers: int,
                   chunk: int = CHUNK) -> Iterator[Any]:
    """Yield the results of fn(chunk) (a list per chunk of items) flattened, in order; with
    workers > 1, up to 2 * workers chunks are computed ahead on threads."""
    chunks = chunked(items, chunk)
    if workers <= 1:
        for c in chunks:
            yield from fn(c)
        return
    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="mindshim-data")
    pending: list = []
    try:
        pending = [pool.submit(fn, c) for c in itertools.islice(chunks, workers * 2)]
        while pending:
            head = pending.pop(0)
            nxt = next(chunks, None)
            if nxt is not None:
                pending.append(pool.submit(fn, nxt))
            yield from head.result()
    finally:
        for f in pending:
            f.cancel()
        pool.shutdown(wait=False, cancel_futures=True)


def processes_available() -> bool:
    return sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()


class _Failure:
    """An exception raised in a worker, carried back as data so it re-raises with its own type and text."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


class _ChunkReader:
    """The torch Dataset a worker sees: item = a chunk of (position, index) pairs -> list of rows."""

    def __init__(self, row_fn: Callable[[int, int], Any]) -> None:
        self.row_fn = row_fn

    def __getitem__(self, chunk: list) -> list:
        rows = []
        for pos, idx in chunk:
            try:
                rows.append(self.row_fn(pos, idx))
            except Exception as err:  # noqa: BLE001 - re-raised in the consumer
                rows.append(_Failure(err))
                break
        return rows


def _as_is(batch: Any) -> Any:
    return batch


def _worker_init(_: int) -> None:
    import torch
    torch.set_num_threads(1)


def process_rows(row_fn: Callable[[int, int], Any], indices: Sequence[int], workers: int, what: str,
                 chunk: int = 8) -> Iterator[Any]:
    """Yield row_fn(position, index) for each source index, computed in `workers` forked processes."""
    from torch.utils.data import DataLoader
    plan = list(chunked(enumerate(indices), chunk))
    loader = DataLoader(_ChunkReader(row_fn), sampler=plan, batch_size=None, num_workers=workers,
                        collate_fn=_as_is, worker_init_fn=_worker_init, prefetch_factor=2,
                        multiprocessing_context=multiprocessing.get_context("fork"))
    it = iter(loader)
    try:
        while True:
            try:
                rows = next(it)
            except StopIteration:
                return
            except RuntimeError as err:
                if "exited unexpectedly" in str(err) or "killed" in str(err):
                    raise RuntimeError(f"{what}: a dataset worker process died ({err}).") from None
                raise
            for row in rows:
                if isinstance(row, _Failure):
                    raise row.error
                yield row
    finally:
        it._shutdown_workers()  # type: ignore[attr-defined]


__all__ = ["ordered_chunks", "process_rows", "processes_available", "chunked", "CHUNK"]
