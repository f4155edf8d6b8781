"""mindspore.dataset's text-corpus readers of local on-disk layouts (non-mappable sources).

Row order without shuffling follows MindSpore's non-mappable leaf reader, measured against MindSpore 2.10:
- the files of a usage are read in each reader's fixed order (e.g. AG News: test.csv then train.csv);
- rows are cut into (file, start, end) blocks: shard k takes rows [k*m, (k+1)*m) of the concatenated files,
  m = ceil(total / num_shards), wrapping round to the first file while it is short (so every shard has m rows);
- the blocks are dealt to `num_parallel_workers` workers (default min(8, cpu count)) in turn and the output
  takes one row from each worker in turn (so two files interleave row by row);
- `num_samples` keeps the first rows of that stream.
Shuffling (True / Shuffle.GLOBAL) permutes the rows, Shuffle.FILES the file order; the draws cannot be MindSpore's.
"""
from __future__ import annotations

import enum
import os
from typing import Any, Iterator

import numpy as np

from mindshim.dataset.core import config
from mindshim.dataset.engine.datasets import Dataset

_INT64_MAX = 9223372036854775807


def check_dir(path: Any) -> None:
    if not isinstance(path, str):
        raise TypeError(f"Argument dataset_dir with value {path!r} is not of type [<class 'str'>], "
                        f"but got {type(path)}.")
    if not os.path.isdir(path) or not os.access(path, os.R_OK):
        raise ValueError(f"The folder {path} does not exist or is not a directory or permission denied!")


def check_usage(usage: Any, valid: list[str]) -> None:
    if usage is None:
        return
    if not isinstance(usage, str):
        raise TypeError(f"Argument usage with value {usage!r} is not of type [<class 'str'>], but got {type(usage)}.")
    if usage not in valid:
        raise ValueError(f"Input usage is not within the valid set of {valid}.")


def check_common(num_samples: Any, num_parallel_workers: Any, num_shards: Any, shard_id: Any) -> None:
    """MindSpore's checks shared by every source: sample count, workers, shards."""
    for name, value in (("num_samples", num_samples), ("num_parallel_workers", num_parallel_workers),
                        ("num_shards", num_shards), ("shard_id", shard_id)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise TypeError(f"Argument {name} with value {value!r} is not of type [<class 'int'>], "
                            f"but got {type(value)}.")
    if num_samples is not None and not 0 <= num_samples <= _INT64_MAX:
        raise ValueError(f"num_samples exceeds the boundary between 0 and {_INT64_MAX}(INT64_MAX)!")
    if num_parallel_workers is not None and not 1 <= num_parallel_workers <= (os.cpu_count() or 1):
        raise ValueError(f"num_parallel_workers exceeds the boundary between 1 and {os.cpu_count()}!")
    if num_shards is not None and shard_id is None:
        raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
    if shard_id is not None and num_shards is None:
        raise RuntimeError("shard_id is specified but num_shards is not.")
    if num_shards is not None:
        if num_shards <= 0:
            raise ValueError(f"Input num_shards is not within the required interval of [1, 2147483647].")
        if not 0 <= shard_id < num_shards:
            raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")


def shuffle_mode(shuffle: Any) -> str:
    """'false', 'global' or 'files' for a bool or a `Shuffle` member."""
    if isinstance(shuffle, bool):
        return "global" if shuffle else "false"
    if isinstance(shuffle, enum.Enum) and getattr(shuffle, "value", None) in (
            "false", "adaptive", "global", "partial", "files", "infile"):
        return "files" if shuffle.value == "files" else "global"
    raise TypeError("shuffle must be of boolean or enum of 'Shuffle' values like 'Shuffle.ADAPTIVE' or "
                    "'Shuffle.GLOBAL' or 'Shuffle.PARTIAL' or 'Shuffle.FILES' or 'Shuffle.INFILE'.")


def shard_blocks(counts: list[int], num_shards: int, shard_id: int) -> list[tuple[int, int, int]]:
    """(file index, start, end) blocks of one shard, in MindSpore's order (wrapping round the files)."""
    total = sum(counts)
    if total == 0:
        return []
    per = -(-total // num_shards)
    lo, hi = shard_id * per, (shard_id + 1) * per
    blocks, pre = [], 0
    while True:
        for k, n in enumerate(counts):
            start = end = None
            if pre <= lo < pre + n:
                start, end = lo - pre, (hi - pre if pre < hi <= pre + n else n)
            if lo <= pre < hi:
                start, end = 0, (hi - pre if pre + n >= hi else n)
            if start is not None:
                blocks.append((k, start, end))
            pre += n
        if pre >= hi:
            return blocks


def interleave(streams: list[Iterator]) -> Iterator:
    """One item from each stream in turn, dropping streams as they end."""
    live = list(streams)
    while live:
        nxt = []
        for s in live:
            try:
                yield next(s)
                nxt.append(s)
            except StopIteration:
                pass
        live = nxt


class TextSourceDataset(Dataset):
    """A non-mappable reader over a list of files. Subclasses give `_count(path)` (rows MindSpore counts in a
    file) and `_read(path, start, end)` (the rows of a block)."""

    _name = "Dataset"
    _columns: list[str] = []

    def __init__(self, files: list[str], num_samples: Any, num_parallel_workers: Any, shuffle: Any,
                 num_shards: Any, shard_id: Any) -> None:
        check_common(num_samples, num_parallel_workers, num_shards, shard_id)
        self._mode = shuffle_mode(shuffle)
        super().__init__([], num_parallel_workers)
        self._files = list(files)
        self._num_samples = num_samples or 0
        self._num_shards = num_shards or 1
        self._shard_id = shard_id or 0
        self._counts: list[int] | None = None

    def _count(self, path: str) -> int:
        raise NotImplementedError

    def _read(self, path: str, start: int, end: int) -> Iterator[tuple]:
        raise NotImplementedError

    def _file_counts(self) -> list[int]:
        if self._counts is None:
            self._counts = [self._count(f) for f in self._files]
        return self._counts

    def _rows(self, epoch: int) -> Iterator[tuple]:
        files, counts = list(self._files), list(self._file_counts())
        if self._mode == "files":
            order = config.rng(("text_files", epoch), default_seed=0).permutation(len(files))
            files, counts = [files[i] for i in order], [counts[i] for i in order]
        blocks = shard_blocks(counts, self._num_shards, self._shard_id)
        # MindSpore's default worker count is min(8, cpu count); the interleaving depends on it
        workers = self.num_parallel_workers or min(config.get_num_parallel_workers(), os.cpu_count() or 1)
        streams = []
        for w in range(workers):
            mine = blocks[w::workers]
            streams.append(row for k, a, b in mine for row in self._read(files[k], a, b))
        rows: Iterator = interleave(streams)
        if self._num_samples:
            rows = (r for _, r in zip(range(self._num_samples), rows))
        if self._mode == "global":
            buf = list(rows)
            perm = config.rng(("text_global", id(self) if config.get_seed_or_none() is None else 0, epoch)).permutation(
                len(buf))
            rows = iter([buf[i] for i in perm])
        return rows

    def _size(self) -> int:
        total = sum(self._file_counts())
        n = -(-total // self._num_shards) if total else 0
        return min(n, self._num_samples) if self._num_samples else n

    def get_col_names(self) -> list[str]:
        return list(self._columns)


def _all_lines(path: str) -> list[str]:
    with open(path, "r", encoding="utf-8", newline="") as f:
        text = f.read()
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


class _LineDataset(TextSourceDataset):
    """One row per non-empty line (column `text`)."""

    _columns = ["text"]

    def _count(self, path: str) -> int:
        return sum(1 for line in _all_lines(path) if line)

    def _read(self, path: str, start: int, end: int) -> Iterator[tuple]:
        lines = [line for line in _all_lines(path) if line]
        for line in lines[start:end]:
            yield (np.array(line),)


def _usage_files(dataset_dir: str, usage: str, names: dict[str, str], missing_ok: bool = False) -> list[str]:
    wanted = list(names.values()) if usage == "all" else [names[usage]]
    return [os.path.join(dataset_dir, n) for n in wanted
            if not missing_ok or os.path.isfile(os.path.join(dataset_dir, n))]


class PennTreebankDataset(_LineDataset):
    _name = "PennTreebankDataset"

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: Any = True, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "valid", "test", "all"])
        files = _usage_files(dataset_dir, usage or "all",
                             {"test": "ptb.test.txt", "train": "ptb.train.txt", "valid": "ptb.valid.txt"}, True)
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)


class WikiTextDataset(_LineDataset):
    _name = "WikiTextDataset"

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: Any = True, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_usage(usage, ["train", "valid", "test", "all"])
        files = _usage_files(dataset_dir, usage or "all", {"test": "wiki.test.tokens",
                             "train": "wiki.train.tokens", "valid": "wiki.valid.tokens"}, True)
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)


class EnWik9Dataset(_LineDataset):
    """As in MindSpore, every line (empty ones too) is a row and blocks count every line, but the dataset size
    counts only the non-empty lines."""

    _name = "EnWik9Dataset"

    def __init__(self, dataset_dir: str, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: Any = True, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None) -> None:
        check_dir(dataset_dir)
        files = [os.path.join(dataset_dir, "enwik9")]
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)

    def _count(self, path: str) -> int:
        return len(_all_lines(path))

    def _read(self, path: str, start: int, end: int) -> Iterator[tuple]:
        for line in _all_lines(path)[start:end]:
            yield (np.array(line),)

    def _size(self) -> int:
        total = sum(super(EnWik9Dataset, self)._count(f) for f in self._files)
        n = -(-total // self._num_shards) if total else 0
        return min(n, self._num_samples) if self._num_samples else n


__all__ = ["PennTreebankDataset", "WikiTextDataset", "EnWik9Dataset"]
