"""GeneratorDataset and NumpySlicesDataset: Python data as a pipeline source.

Defaults are MindSpore's: a random-access source (`__getitem__` + `__len__`) and NumpySlicesDataset
shuffle unless told not to; an iterable or generator source is read in order. A source that raises
on row i is reported with the dataset, the index and the original error. A random-access source with
`num_parallel_workers > 1` (and the default `python_multiprocessing=True`) is read by forked torch
DataLoader worker processes, in sampler order (`mindshim._backend.data.process_rows`).
"""
from __future__ import annotations

import itertools
from typing import Any, Iterator

import numpy as np

from mindshim._backend import data as backend
from mindshim.common import dtype as mstype
from mindshim.dataset.engine._arg_checks import (check_counts, check_generator_args, check_numpy_slices_args,
                                                  check_sampler)
from mindshim.dataset.engine.datasets import Dataset, _as_list, _to_array, user_error
from mindshim.dataset.engine.datasets_vision_base import type_check
from mindshim.dataset.engine.source import MappableDataset


_SINGLE = (int, float, str, bytes, np.ndarray, np.number, np.bool_, dict)


def _column(value: Any, k: int) -> Any:
    if isinstance(value, dict):  # a dict column stays a dict
        return value
    try:
        arr = _to_array(value)
    except ValueError as err:  # a ragged nested list
        raise user_error(f"ValueError: {err}") from err
    if arr.dtype == object:
        raise user_error(f"TypeError: Data type of {k}th item of the input or its converted Numpy array is expected "
                         f"to be int or float or str, but got object.")
    return arr


def _row_of(item: Any, columns: list[str], types: list | None) -> tuple:
    """A source's item as a row, as MindSpore converts it: a tuple or list holds one value per column, anything
    else is one column."""
    single = isinstance(item, _SINGLE) or hasattr(item, "asnumpy") or not hasattr(item, "__iter__")
    row = tuple(_column(v, k + 1) for k, v in enumerate((item,) if single else item))
    if len(row) != len(columns):
        raise user_error("Invalid Python function, the 'source' of 'GeneratorDataset' should return same number of "
                         f"NumPy arrays as specified in column_names, the size of column_names is:{len(columns)} and "
                         f"number of returned NumPy array is:{len(row)}")
    for a, t in zip(row, types or ()):  # MindSpore checks column_types, it does not cast
        if a.dtype != np.dtype(mstype.dtype_to_nptype(t)):
            raise user_error("Invalid Python function, type of returned data in 'GeneratorDataset' should be same "
                             f"with specified column_types, but the type of returned data: {type(a)}, specified "
                             f"column type: {t}")
    return row


class _RandomAccess(MappableDataset):
    def __init__(self, source: Any, column_names: list[str], types: list | None, workers: int,
                 python_multiprocessing: bool, **kwargs: Any) -> None:
        super().__init__(column_names, **kwargs)
        self.source, self.types = source, types
        self.num_parallel_workers, self.python_multiprocessing = workers, python_multiprocessing

    def _rows(self, epoch: int) -> Iterator[tuple]:
        if self.python_multiprocessing and self.num_parallel_workers > 1 and backend.processes_available():
            indices, read = self._plan(epoch)
            return backend.process_rows(read, indices, self.num_parallel_workers, "GeneratorDataset")
        return super()._rows(epoch)

    def _len(self) -> int:
        return len(self.source)

    def _row(self, index: int) -> tuple:
        return _read_row(self.source, self._columns, self.types, index)


def _read_row(source: Any, columns: list[str], types: list | None, index: int) -> tuple:
    try:
        item = source[index]
    except Exception as err:
        raise user_error(f"GeneratorDataset: the source raised at index {index}: {type(err).__name__}: {err}") from err
    return _row_of(item, columns, types)


class _Iterable(Dataset):
    def __init__(self, source: Any, column_names: list[str], types: list | None, num_samples: int | None) -> None:
        super().__init__([])
        self.source, self._columns, self.types, self.num_samples = source, column_names, types, num_samples

    def _rows(self, epoch: int) -> Iterator[tuple]:
        items = _guarded(lambda: iter(self.source() if callable(self.source) else self.source))
        for i in range(self.num_samples) if self.num_samples is not None else itertools.count():
            try:
                item = _guarded(lambda: next(items))
            except StopIteration:
                return
            yield _row_of(item, self._columns, self.types)

    def get_col_names(self) -> list[str]:
        return list(self._columns)


def _guarded(read: Any) -> Any:
    """Run a read of the user's source; its failure is reported as MindSpore reports it (StopIteration passes)."""
    try:
        return read()
    except StopIteration:
        raise
    except Exception as err:
        raise user_error(f"GeneratorDataset: the source raised: {type(err).__name__}: {err}") from err


class _BatchSampled(Dataset):
    """A random-access source read by a batch sampler: each row is one batch, its columns stacked or merged by
    `collate_fn(column_1_list, column_2_list, ...)`."""

    def __init__(self, source: Any, column_names: list[str], types: list | None, batch_sampler: Any,
                 collate_fn: Any) -> None:
        super().__init__([])
        self.source, self._columns, self.types = source, column_names, types
        self.batch_sampler, self.collate_fn = batch_sampler, collate_fn

    def _rows(self, epoch: int) -> Iterator[tuple]:
        for indices in self.batch_sampler:
            rows = [_read_row(self.source, self._columns, self.types, int(i)) for i in indices]
            columns = [[row[c] for row in rows] for c in range(len(self._columns))]
            if self.collate_fn is None:
                yield tuple(np.stack(col) for col in columns)
            else:
                out = self.collate_fn(*columns)
                yield tuple(_to_array(v) for v in (out if isinstance(out, tuple) else (out,)))

    def get_col_names(self) -> list[str]:
        return list(self._columns)


def _check_batch_sampler(batch_sampler: Any, collate_fn: Any, source: Any, others: tuple) -> None:
    """MindSpore 2.10's argument rules for GeneratorDataset(batch_sampler=..., collate_fn=...)."""
    if batch_sampler is None:
        if collate_fn is not None:
            raise ValueError("collate_fn can be specified only when batch_sampler is set.")
        return
    if any(v is not None for v in others):
        raise ValueError("batch_sampler is mutually exclusive with num_samples, shuffle, num_shards, shard_id and "
                         "sampler.")
    if not hasattr(batch_sampler, "__iter__"):
        raise TypeError("batch_sampler should be iterable.")
    if collate_fn is not None and not callable(collate_fn):
        raise TypeError("collate_fn should be callable.")
    if not hasattr(source, "__getitem__"):
        raise ValueError("batch_sampler is not supported if source does not have attribute '__getitem__'.")


class _PublicSource(type):
    """Metaclass of the public source names whose implementation class depends on the arguments: an instance of
    any implementation is an instance of the public class (`isinstance(d, ds.GeneratorDataset)`)."""

    def __instancecheck__(cls, obj: Any) -> bool:
        return isinstance(obj, cls._implementations) or type.__instancecheck__(cls, obj)

    def __subclasscheck__(cls, sub: type) -> bool:
        return issubclass(sub, cls._implementations) or type.__subclasscheck__(cls, sub)


class GeneratorDataset(Dataset, metaclass=_PublicSource):
    """mindspore.dataset.GeneratorDataset: a random-access source (`__getitem__` + `__len__`) or an iterable /
    generator function. Constructing one builds the implementation the source needs."""

    _implementations: tuple = ()

    def __new__(cls, source: Any, column_names: Any = None, column_types: Any = None, schema: Any = None,
                num_samples: int | None = None, num_parallel_workers: int = 1, shuffle: bool | None = None,
                sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None,
                python_multiprocessing: bool = True, max_rowsize: Any = None, batch_sampler: Any = None,
                collate_fn: Any = None) -> Dataset:
        check_generator_args(source, column_names, schema, column_types, num_samples, num_parallel_workers, shuffle,
                             num_shards, shard_id, python_multiprocessing, sampler)
        _check_batch_sampler(batch_sampler, collate_fn, source, (num_samples, shuffle, num_shards, shard_id, sampler))
        if batch_sampler is not None:
            names = _as_list(column_names) or list(getattr(schema, "columns", []))
            return _BatchSampled(source, names, _as_list(column_types), batch_sampler, collate_fn)
        return _generator_dataset(source, column_names, column_types, schema, num_samples, num_parallel_workers,
                                  shuffle, sampler, num_shards, shard_id, python_multiprocessing)


def _generator_dataset(source: Any, column_names: Any, column_types: Any, schema: Any, num_samples: int | None,
                       num_parallel_workers: int, shuffle: bool | None, sampler: Any, num_shards: int | None,
                       shard_id: int | None, python_multiprocessing: bool) -> Dataset:
    names = _as_list(column_names)
    names = names or list(getattr(schema, "columns", []))
    types = _as_list(column_types)
    if hasattr(source, "__getitem__") and hasattr(source, "__len__"):
        return _RandomAccess(source, names, types, num_parallel_workers or 1, python_multiprocessing, sampler=sampler, shuffle=shuffle, num_samples=num_samples,
                             num_shards=num_shards, shard_id=shard_id)
    # an iterable or generator source is read in order: MindSpore ignores shuffle=True there, refuses the rest
    for arg, value in (("sampler", sampler), ("num_shards", num_shards)):
        if value is not None:
            raise ValueError(f"{arg} is not supported if source does not have attribute '__getitem__'.")
    return _Iterable(source, names, types, num_samples)


class _Slices(MappableDataset):
    def __init__(self, columns: list, names: list[str], **kwargs: Any) -> None:
        super().__init__(names, **kwargs)
        self.columns = columns
        if any(isinstance(c, list) for c in columns):
            self._gather = None  # rows of differing shapes or dtypes: batch stacks them one by one

    def _len(self) -> int:
        return len(self.columns[0])

    def _row(self, index: int) -> tuple:
        return tuple(np.asarray(c[index]) for c in self.columns)

    def _gather(self, indices: list[int]) -> tuple:
        """The rows at `indices`, already stacked column by column (what batch would build row by row)."""
        idx = np.asarray(indices, dtype=np.int64)
        return tuple(np.ascontiguousarray(c[idx]) for c in self.columns)


class NumpySlicesDataset(GeneratorDataset):
    """mindspore.dataset.NumpySlicesDataset: slices along the first dimension (a GeneratorDataset, as in MindSpore)."""

    _implementations: tuple = ()

    def __new__(cls, data: Any, column_names: Any = None, num_samples: int | None = None,
                num_parallel_workers: int = 1, shuffle: bool | None = None, sampler: Any = None,
                num_shards: int | None = None, shard_id: int | None = None) -> Dataset:
        check_numpy_slices_args(data, column_names)
        check_counts(num_samples, num_parallel_workers, num_shards, shard_id)
        check_sampler(sampler, num_samples, shuffle, num_shards, shard_id)
        if shuffle is not None:
            type_check(shuffle, (bool,), "shuffle")
        return _numpy_slices(data, column_names, num_samples, shuffle, sampler, num_shards, shard_id)


def _numpy_slices(data: Any, column_names: Any, num_samples: int | None, shuffle: bool | None, sampler: Any,
                  num_shards: int | None, shard_id: int | None) -> Dataset:
    names = _as_list(column_names)
    if isinstance(data, dict):
        names = names or list(data.keys())
        columns = [_slice_column(v) for v in data.values()]
    elif isinstance(data, tuple):
        columns = [_slice_column(v) for v in data]
    else:
        columns = [_slice_column(data)]
    names = names or [f"column_{i}" for i in range(len(columns))]
    if len({len(c) for c in columns}) != 1:
        raise ValueError("Data length in each column is not equal.")
    return _Slices(columns, names, sampler=sampler, shuffle=shuffle, num_samples=num_samples,
                   num_shards=num_shards, shard_id=shard_id)


def _slice_column(data: Any) -> Any:
    """One column of NumpySlicesDataset. MindSpore converts a list's items one by one, so `[1.5, 2]` gives a float64
    row then an int64 one and `[[1], [2, 3]]` rows of two shapes: such a list stays a list."""
    if isinstance(data, np.ndarray):
        return data
    try:
        arr = np.asarray(data)
    except ValueError:
        return list(data)
    if arr.dtype == object or arr.ndim == 0 or any(np.asarray(x).dtype != arr.dtype for x in data):
        return list(data)
    return arr


GeneratorDataset._implementations = (_RandomAccess, _Iterable, _BatchSampled, _Slices)
NumpySlicesDataset._implementations = (_Slices,)

__all__ = ["GeneratorDataset", "NumpySlicesDataset"]
