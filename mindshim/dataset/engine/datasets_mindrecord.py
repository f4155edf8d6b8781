"""mindspore.dataset.MindDataset: a source over MindRecord files (mindshim.mindrecord reads them).

Rows come in file order then row order; columns are the schema's (or `columns_list`'s) in that order, as numpy
values: scalars of the schema dtype, `string` as a str array, `bytes` as a 1-element bytes array, arrays reshaped
to the schema shape. Shuffle: True/GLOBAL reshuffles every row, FILES only the file order, INFILE the rows inside
each file (the draws cannot be MindSpore's stream). num_shards/shard_id and padded samples behave as MindSpore's
distributed sampler: the padded rows go after the real ones, then shards take every num_shards-th row.
"""
from __future__ import annotations

import enum
import os
from typing import Any

import numpy as np

from mindshim.dataset.core import config
from mindshim.dataset.engine import samplers as S
from mindshim.dataset.engine.source import MappableDataset
from mindshim.mindrecord.shardreader import ShardSet


class Shuffle(str, enum.Enum):
    FALSE = "false"
    ADAPTIVE = "adaptive"
    GLOBAL = "global"
    PARTIAL = "partial"
    FILES = "files"
    INFILE = "infile"


def _shuffle_mode(shuffle: Any) -> str:
    if shuffle is None:
        return "global"
    if isinstance(shuffle, bool):
        return "global" if shuffle else "false"
    value = getattr(shuffle, "value", None)
    if isinstance(shuffle, enum.Enum) and value in {m.value for m in Shuffle}:
        return "global" if value in ("adaptive", "partial") else value
    raise TypeError("shuffle must be of boolean or enum of 'Shuffle' values like 'Shuffle.ADAPTIVE' or "
                    "'Shuffle.GLOBAL' or 'Shuffle.PARTIAL' or 'Shuffle.FILES' or 'Shuffle.INFILE'.")


class _FileShuffleSampler(S.Sampler):
    """FILES: shuffle whole files, keep rows in order; INFILE: keep files in order, shuffle inside each."""

    def __init__(self, starts: list[int], total: int, mode: str, num_samples: int | None) -> None:
        super().__init__(num_samples)
        self.bounds = list(zip(starts, starts[1:] + [total]))
        self.mode = mode

    def indices(self, n: int, epoch: int) -> list[int]:
        rng = config.rng(("mindrecord_" + self.mode, epoch))
        if self.mode == "files":
            order = [self.bounds[k] for k in rng.permutation(len(self.bounds))]
            idx = [i for a, b in order for i in range(a, b)]
        else:
            idx = [a + int(i) for a, b in self.bounds for i in rng.permutation(b - a)]
        return self._limit(idx + list(range(self.bounds[-1][1] if self.bounds else 0, n)))


_ALLOWED_SAMPLERS = (S.SequentialSampler, S.RandomSampler, S.DistributedSampler, S.SubsetSampler, S.PKSampler)


class MindDataset(MappableDataset):
    def __init__(self, dataset_files, columns_list: list[str] | None = None, num_parallel_workers: int | None = None,
                 shuffle: Any = None, num_shards: int | None = None, shard_id: int | None = None,
                 sampler: Any = None, padded_sample: dict | None = None, num_padded: int | None = None,
                 num_samples: int | None = None, cache: Any = None) -> None:
        files = [dataset_files] if isinstance(dataset_files, str) else list(dataset_files)
        for f in files:
            if not os.path.isfile(f):
                raise ValueError(f"The file {os.path.realpath(f)} does not exist or permission denied!")
        self._check_args(sampler, shuffle, num_shards, shard_id, padded_sample, num_padded, columns_list)
        mode = _shuffle_mode(shuffle)
        self._set = ShardSet(dataset_files if isinstance(dataset_files, str) else files)
        columns = list(columns_list) if columns_list else list(self._set.columns)
        super().__init__(columns, None, False, None, None, None)
        self._padded = dict(padded_sample) if padded_sample is not None else None
        self._num_padded = num_padded or 0
        self._num_shards = num_shards
        num_samples = num_samples or None
        if sampler is not None:
            if not isinstance(sampler, _ALLOWED_SAMPLERS) or type(sampler) is S.WeightedRandomSampler:
                raise ValueError("The sampler is not supported yet.")
            self.sampler = sampler
        elif num_shards is not None:
            self.sampler = S.DistributedSampler(num_shards, shard_id, mode != "false", num_samples)
        elif mode in ("files", "infile"):
            self.sampler = _FileShuffleSampler(self._set.file_starts, len(self._set), mode, num_samples)
        elif mode == "global":
            self.sampler = S.RandomSampler(num_samples=num_samples)
        else:
            self.sampler = S.SequentialSampler(num_samples=num_samples)
        schema = self._set.schema
        self._raw_cols = [c for c in columns if c in schema and c not in self._set.blob_fields]
        self._blob_cols = {c for c in columns if c in self._set.blob_fields}
        self._dtypes = {c: schema[c]["type"] for c in columns if c in schema}
        self._checked = False

    @staticmethod
    def _check_args(sampler, shuffle, num_shards, shard_id, padded_sample, num_padded, columns_list) -> None:
        if sampler is not None and shuffle is not None:
            raise RuntimeError("sampler and shuffle cannot be specified at the same time.")
        if sampler is not None and (num_shards is not None or shard_id is not None):
            raise RuntimeError("sampler and sharding cannot be specified at the same time.")
        if num_shards is not None and shard_id is None:
            raise RuntimeError("num_shards is specified and currently requires shard_id as well.")
        if shard_id is not None and num_shards is None:
            raise RuntimeError("shard_id is specified but num_shards is not.")
        if num_shards is not None and not 0 <= shard_id < num_shards:
            raise ValueError(f"Input shard_id is not within the required interval of [0, {num_shards - 1}].")
        if padded_sample is not None and not columns_list:
            raise RuntimeError("padded_sample is specified and requires columns_list as well.")
        if num_padded is not None and padded_sample is None:
            raise RuntimeError("num_padded is specified but padded_sample is not.")
        if padded_sample is not None and num_padded is None:
            raise RuntimeError("padded_sample is specified and requires num_padded as well.")
        if shuffle is not None:
            _shuffle_mode(shuffle)

    def _len(self) -> int:
        n = len(self._set) + self._num_padded
        if self._num_padded and self._num_shards and n % self._num_shards:
            raise RuntimeError(f"Invalid data, the size of dataset and padded samples: {n} is not divisible by "
                               f"num_shards: {self._num_shards}.")
        return n

    def _value(self, column: str, value: Any) -> np.ndarray:
        kind = self._dtypes.get(column)
        if kind == "bytes":
            return np.array([value])
        if kind == "string":
            return np.array(value)
        if isinstance(value, np.ndarray):
            return value
        return np.array(value, dtype=kind)

    def _row(self, index: int) -> tuple:
        if index >= len(self._set):
            return tuple(self._value(c, self._padded[c]) for c in self._columns)
        if not self._checked:
            self._set.check_columns(self._columns)
            self._checked = True
        raw = self._set.raw(index) if self._raw_cols else {}
        values = self._set.blob(index, self._blob_cols) if self._blob_cols else {}
        return tuple(self._value(c, values[c] if c in values else raw[c]) for c in self._columns)

    def pk_labels(self, column: str, n: int) -> list:
        """PKSampler's classes: the file's `column` field, also when columns_list leaves it out."""
        if column not in self._set.schema:
            raise RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. "
                               f"Invalid data, 'class_column': {column} can not found in fields of mindrecord "
                               "files. Please check 'class_column' in PKSampler.")
        return [np.asarray(self._set.raw(i)[column]).item() for i in range(min(n, len(self._set)))]

    def get_dataset_size(self) -> int:
        self._set.check_columns(self._columns)
        if isinstance(self.sampler, S.PKSampler) and self.sampler.class_column not in self._set.schema:
            return 0  # MindSpore reports no rows (iterating raises)
        return super().get_dataset_size()


__all__ = ["MindDataset", "Shuffle"]
