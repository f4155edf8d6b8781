"""The reading order of MindSpore's non-mappable file sources (TextFile, CSV, TFRecord).

MindSpore cuts the epoch into IO blocks (file, first row, end row), hands block k to worker k % W and merges the
workers' outputs one row at a time, round robin, skipping workers that are done: with shuffle=False two files
come out interleaved row by row. Sharding is by rows: shard s reads the global rows [s*n, (s+1)*n) of the files
concatenated in sorted order, n = ceil(total / num_shards), wrapping around to the first file when the last shard
runs short (TFRecord without `shard_equal_rows` instead gives whole files, file i to shard i % num_shards).
`num_samples` keeps the first rows of that merged order.
"""
from __future__ import annotations

import enum
import glob
import os
from typing import Any, Iterator

from mindshim.dataset.core import config
from mindshim.dataset.core.schema import _type_check
from mindshim.dataset.engine.datasets import Dataset

_INT32_MAX = 2 ** 31 - 1
_INT64_MAX = 2 ** 63 - 1


def find_files(patterns: Any) -> list[str]:
    patterns = patterns if isinstance(patterns, list) else [patterns]
    found, unmatched = [], []
    for p in patterns:
        matches = [m for m in glob.glob(p, recursive=True) if os.path.isfile(m)]
        found.extend(matches) if matches else unmatched.append(p)
    if unmatched:
        raise ValueError(f"The following patterns did not match any files: {unmatched}.")
    if not found:
        raise ValueError("The list of path names matching the patterns is empty.")
    return sorted(found)


def check_int_args(args: dict) -> None:
    """MindSpore's checks of num_samples / num_parallel_workers / num_shards / shard_id."""
    for name in ("num_samples", "num_parallel_workers", "num_shards", "shard_id"):
        value = args.get(name)
        if value is None:
            continue
        if name == "num_parallel_workers":
            _type_check(value, (int,), name)
            cpus = os.cpu_count() or 1
            if value < 1 or value > cpus:
                raise ValueError(f"num_parallel_workers exceeds the boundary between 1 and {cpus}!")
        elif name == "num_samples":
            _type_check(value, (int,), name)
            if value < 0 or value > _INT64_MAX:
                raise ValueError(f"num_samples exceeds the boundary between 0 and {_INT64_MAX}(INT64_MAX)!")
        else:
            _type_check(value, (int,), name)


def check_shard_options(num_shards: Any, shard_id: Any, sampler: Any = None, shuffle: Any = None,
                        num_samples: Any = None) -> None:
    if sampler is not None:
        if shuffle is not None:
            raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
        if num_shards is not None or shard_id is not None:
            raise RuntimeError("sampler and sharding cannot be specified at the same time.")
        if num_samples is not None:
            raise RuntimeError("sampler and num_samples cannot be specified at the same time.")
    if num_shards is not None:
        _type_check(num_shards, (int,), "num_shards")
        if not 1 <= num_shards <= _INT32_MAX:
            raise ValueError(f"Input num_shards is not within the required interval of [1, {_INT32_MAX}].")
        if shard_id is None:
            raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
        if not 0 <= shard_id <= num_shards - 1:
            raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")
    if num_shards is None and shard_id is not None:
        raise RuntimeError("shard_id is specified but num_shards is not.")


def shuffle_mode(shuffle: Any) -> str:
    """'false', 'files' or 'global' (True, None and every other Shuffle level shuffle globally)."""
    if shuffle is not None and not isinstance(shuffle, (bool, enum.Enum)):
        raise TypeError("shuffle must be of boolean or enum of 'Shuffle' values like 'Shuffle.ADAPTIVE' or "
                        "'Shuffle.GLOBAL' or 'Shuffle.PARTIAL' or 'Shuffle.FILES' or 'Shuffle.INFILE'.")
    if isinstance(shuffle, enum.Enum):
        return "files" if shuffle.value == "files" else "global"
    return "false" if shuffle is False else "global"


def default_workers(num_parallel_workers: int | None) -> int:
    if num_parallel_workers:
        return num_parallel_workers
    # MindSpore's default worker count never exceeds the machine's cores
    return max(1, min(config.get_num_parallel_workers(), os.cpu_count() or 1))


class FileSource(Dataset):
    """Base of the non-mappable file readers: subclasses give `_load(i)`, the rows of file i."""

    _name = "FileSource"
    _equal_rows = True  # row-based sharding

    def __init__(self, files: list[str], num_samples: int | None, num_parallel_workers: int | None, shuffle: Any,
                 num_shards: int | None, shard_id: int | None) -> None:
        super().__init__([], num_parallel_workers)
        self._files = files
        self._num_samples = num_samples or 0
        self._mode = shuffle_mode(shuffle)
        self._num_shards = num_shards or 1
        self._shard_id = shard_id or 0
        self._workers = default_workers(num_parallel_workers)
        self._cache: dict[int, list[tuple]] = {}

    # ----- subclasses -----
    def _load(self, index: int) -> list[tuple]:
        raise NotImplementedError

    def _rows_of(self, index: int) -> list[tuple]:
        if index not in self._cache:
            self._cache[index] = self._load(index)
        return self._cache[index]

    def _count(self, index: int) -> int:
        return len(self._rows_of(index))

    # ----- the order -----
    def _blocks(self, order: list[int]) -> list[tuple[int, int, int]]:
        counts = {i: self._count(i) for i in order}
        if not self._equal_rows:
            return [(i, 0, counts[i]) for k, i in enumerate(order) if k % self._num_shards == self._shard_id]
        total = sum(counts.values())
        per_shard = -(-total // self._num_shards)
        start, end = self._shard_id * per_shard, (self._shard_id + 1) * per_shard
        blocks, pre = [], 0
        while True:
            for i in order:
                n = counts[i]
                lo = hi = None
                if pre <= start < pre + n:
                    lo, hi = start - pre, (end - pre if pre < end <= pre + n else n)
                if start <= pre < end:
                    lo, hi = 0, (end - pre if pre + n >= end else n)
                if lo is not None:
                    blocks.append((i, lo, hi))
                pre += n
            if pre >= end or total == 0:
                return blocks

    def _file_order(self, epoch: int) -> list[int]:
        order = list(range(len(self._files)))
        if self._mode != "false":
            config.rng((self._name, "files", epoch), default_seed=0).shuffle(order)
        return order

    def _merged(self, epoch: int) -> Iterator[tuple]:
        blocks = self._blocks(self._file_order(epoch))
        streams = [self._worker(blocks[w::self._workers]) for w in range(self._workers)]
        active = list(range(len(streams)))
        while active:
            for w in list(active):
                try:
                    yield next(streams[w])
                except StopIteration:
                    active.remove(w)

    def _worker(self, blocks: list[tuple[int, int, int]]) -> Iterator[tuple]:
        for i, lo, hi in blocks:
            yield from self._rows_of(i)[lo:hi]

    def _rows(self, epoch: int) -> Iterator[tuple]:
        rows = self._merged(epoch)
        limit = self._num_samples
        if self._mode == "global":
            rows = list(rows)[: limit or None]
            config.rng((self._name, "rows", epoch)).shuffle(rows)
            yield from rows
            return
        for k, row in enumerate(rows):
            if limit and k >= limit:
                return
            yield row

    def _size(self) -> int:
        counts = [self._count(i) for i in range(len(self._files))]
        if self._equal_rows:
            n = -(-sum(counts) // self._num_shards)
        else:
            n = sum(c for k, c in enumerate(counts) if k % self._num_shards == self._shard_id)
        return min(n, self._num_samples) if self._num_samples else n


__all__: list[str] = []
