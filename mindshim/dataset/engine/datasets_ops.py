"""Pipeline operations beyond the basic ones: ds.zip, filter, split, sync_wait/sync_update, bucket_batch_by_length,
concat with a sampler, save (to MindRecord). Argument checks raise what MindSpore's validators raise."""
from __future__ import annotations

import builtins
import threading
from typing import Any, Callable, Iterator

import numpy as np

from mindshim.dataset.core import config
from mindshim.dataset.engine.datasets import Dataset, SubsetDataset, _pipeline_error as pipeline_error, user_error

_INT32_MAX = 2147483647


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def zip(datasets: Any) -> Dataset:  # noqa: A001  (MindSpore's name)
    """Zip a tuple of datasets column-wise."""
    if not isinstance(datasets, tuple):
        raise TypeError(f"Argument datasets with value {datasets} is not of type [<class 'tuple'>], "
                        f"but got {type(datasets)}.")
    if len(datasets) <= 1:
        raise ValueError("Can't zip empty or just one dataset!")
    for d in datasets:
        if not isinstance(d, Dataset):
            raise TypeError(f"Invalid dataset, expected Dataset object, but got {type(d)}!")
    return datasets[0].zip(datasets[1:])


def check_zip_arg(datasets: Any) -> list:
    if isinstance(datasets, Dataset):
        return [datasets]
    if not isinstance(datasets, tuple):
        raise TypeError(f"Argument datasets with value {datasets} is not of type [<class 'tuple'>, "
                        f"<class 'mindspore.dataset.engine.datasets.Dataset'>], but got {type(datasets)}.")
    for d in datasets:
        if not isinstance(d, Dataset):
            raise TypeError(f"Invalid dataset, expected Dataset object, but got {type(d)}!")
    return list(datasets)


def check_concat_arg(datasets: Any) -> list:
    if isinstance(datasets, Dataset):
        return [datasets]
    if not isinstance(datasets, list):
        raise TypeError(f"Argument datasets with value {datasets} is not of type [<class 'list'>, "
                        f"<class 'mindspore.dataset.engine.datasets.Dataset'>], but got {type(datasets)}.")
    for d in datasets:
        if not isinstance(d, Dataset):
            raise TypeError(f"Invalid dataset, expected Dataset object, but got {type(d)}!")
    return list(datasets)


def check_skip(count: Any) -> None:
    if not _is_int(count):
        raise TypeError(f"Argument count with value {count} is not of type [<class 'int'>], but got {type(count)}.")
    if not 0 <= count <= _INT32_MAX:
        raise ValueError(f"Input count is not within the required interval of [0, {_INT32_MAX}].")


def check_take(count: Any) -> None:
    if not _is_int(count):
        raise TypeError(f"Argument count with value {count} is not of type [<class 'int'>], but got {type(count)}.")
    if count != -1 and not 0 < count <= _INT32_MAX:
        raise ValueError(f"count should be either -1 or within the required interval of (0, {_INT32_MAX}], "
                         f"got {count}.")


def check_columns(columns: Any, name: str) -> None:
    """MindSpore's argument check of project/rename column lists (at build time)."""
    if not isinstance(columns, (list, str)):
        raise TypeError(f"Argument {name} with value {columns!r} is not of type [<class 'list'>, <class 'str'>], "
                        f"but got {type(columns)}.")
    if not columns:
        raise ValueError(f"{name} should not be {'an empty str' if isinstance(columns, str) else 'empty'}.")
    if isinstance(columns, str):
        return
    for i, c in enumerate(columns):
        if not c:
            raise ValueError(f"{name}[{i}] should not be empty.")
        if not isinstance(c, str):
            raise TypeError(f"Argument {name}[{i}] with value {c!r} is not of type [<class 'str'>], "
                            f"but got {type(c)}.")
    if len(set(columns)) != len(columns):
        raise ValueError("Every column name should not be same with others in column_names.")


# ----- filter -----
class FilterDataset(Dataset):
    def __init__(self, child: Dataset, predicate: Callable, input_columns: list[str] | None) -> None:
        super().__init__([child])
        self.predicate, self.input_columns = predicate, input_columns

    def _columns(self) -> list[int]:
        """The predicate's columns; like MindSpore, a missing one is reported when the pipeline runs."""
        names = self.children[0].get_col_names()
        missing = [c for c in self.input_columns or [] if c not in names]
        if missing:
            raise pipeline_error(f"Invalid parameter, column name: {missing[0]} does not exist in the dataset "
                                 "columns.")
        return [names.index(c) for c in self.input_columns] if self.input_columns else list(range(len(names)))

    def _rows(self, epoch: int) -> Iterator[tuple]:
        index = self._columns()
        for row in self.children[0]._rows(epoch):
            try:
                keep = self.predicate(*(row[i] for i in index))
            except Exception as err:
                raise user_error(f"filter predicate failed: {type(err).__name__}: {err}") from err
            if keep:
                yield row


# ----- split -----
def split_sizes(sizes: Any, n: int) -> list[int]:
    if not isinstance(sizes, list):
        raise TypeError(f"Argument sizes with value {sizes} is not of type [<class 'list'>], but got {type(sizes)}.")
    if not sizes:
        raise ValueError("sizes cannot be empty.")
    if all(_is_int(s) for s in sizes):
        if any(s <= 0 for s in sizes):
            raise ValueError("sizes is a list of int, but there should be no negative or zero numbers.")
        if sum(sizes) != n:
            raise RuntimeError(f"Sum of split sizes {sum(sizes)} is not equal to dataset size {n}.")
        return list(sizes)
    if not all(isinstance(s, float) for s in sizes):
        raise ValueError("sizes should be list of int or list of float.")
    if any(not 0 < s <= 1 for s in sizes):
        raise ValueError("sizes is a list of float, but there should be no numbers outside the range (0, 1].")
    if abs(sum(sizes) - 1) > 1e-5:
        raise ValueError("sizes is a list of float, but the percentages do not sum up to 1.")
    counts = []
    for s in sizes:
        c = int(round(s * n))
        if c == 0:
            raise RuntimeError(f"Split percentage {s} is too small.")
        counts.append(c)
    diff = n - sum(counts)
    if diff > 0:
        counts[0] += diff
    else:  # too many: take the surplus from the first split that can give it
        for i, c in enumerate(counts):
            if c + diff > 0:
                counts[i] += diff
                break
    return counts


def split(dataset: Dataset, sizes: Any, randomize: bool = True) -> tuple:
    if not isinstance(randomize, bool):
        raise TypeError(f"Argument randomize with value {randomize} is not of type [<class 'bool'>], "
                        f"but got {type(randomize)}.")
    n = dataset.get_dataset_size()
    counts = split_sizes(sizes, n)
    order = list(range(n))
    if randomize:  # one permutation for all the splits, the same every epoch
        order = config.rng(("split",)).permutation(n).tolist()
    out, start = [], 0
    for c in counts:
        out.append(SubsetDataset(dataset, order[start:start + c]))
        start += c
    return tuple(out)


# ----- sync_wait / sync_update -----
class SyncWaitDataset(Dataset):
    """Lets `num_batch` rows (batches, once a batch follows) through per release; `sync_update` releases more
    and calls `callback(data)`. Without a release the next row waits up to the callback timeout, then the lock
    is disabled, as in MindSpore."""

    def __init__(self, child: Dataset, condition_name: str, num_batch: int, callback: Callable | None) -> None:
        super().__init__([child])
        if not isinstance(condition_name, str):
            raise TypeError(f"Argument condition_name with value {condition_name} is not of type [<class 'str'>], "
                            f"but got {type(condition_name)}.")
        if not _is_int(num_batch):
            raise TypeError(f"Argument num_batch with value {num_batch} is not of type [<class 'int'>], "
                            f"but got {type(num_batch)}.")
        if num_batch <= 0:
            raise ValueError("num_batch need to be greater than 0.")
        if callback is not None and not callable(callback):
            raise TypeError(f"Argument callback with value {callback} is not callable.")
        if condition_name in sync_notifiers(child):
            raise RuntimeError("Condition name is already in use.")
        self.condition_name, self.callback = condition_name, callback
        self.default_rows = num_batch
        self.row_count = -num_batch
        self.disabled = False
        self.cv = threading.Condition()

    def update_batch_size(self, batch_size: int) -> None:
        self.row_count *= batch_size
        self.default_rows *= batch_size

    def release(self, pass_rows: int | None = None, data: Any = None) -> None:
        with self.cv:
            self.row_count -= self.default_rows if pass_rows is None else pass_rows
            if self.callback is not None:
                self.callback(data)
            self.cv.notify_all()

    def _block(self) -> None:
        with self.cv:
            timeout = getattr(config, "get_callback_timeout", lambda: 60)()
            if not self.cv.wait_for(lambda: self.row_count < 0 or self.disabled, timeout=timeout):
                self.disabled = True
            self.row_count += 1

    def _rows(self, epoch: int) -> Iterator[tuple]:
        if epoch == 0:
            with self.cv:
                self.row_count = -self.default_rows
        for row in self.children[0]._rows(epoch):
            self._block()
            yield row

    def _size(self) -> int:
        return self.children[0]._size()


def sync_notifiers(node: Dataset) -> dict:
    out: dict = {}
    for child in node.children[:1]:
        out.update(sync_notifiers(child))
    if isinstance(node, SyncWaitDataset):
        out[node.condition_name] = node
    return out


def notify_batch(node: Dataset, batch_size: int) -> None:
    """A batch over sync_wait nodes makes their counts count batches."""
    if isinstance(node, SyncWaitDataset):
        node.update_batch_size(batch_size)
    for child in node.children:
        notify_batch(child, batch_size)


def is_sync(node: Dataset) -> bool:
    return isinstance(node, SyncWaitDataset) or any(is_sync(c) for c in node.children)


def sync_update(dataset: Dataset, condition_name: Any, num_batch: int | None = None, data: Any = None) -> None:
    if num_batch is not None and (not _is_int(num_batch) or num_batch <= 0):
        raise RuntimeError(f"Sync_update batch size can only be positive integer, got: {num_batch}.")
    notifiers = sync_notifiers(dataset)
    if not isinstance(condition_name, str):
        raise TypeError(f"Argument condition_name with value {condition_name} is not of type str, "
                        f"but got {type(condition_name)}.")
    if condition_name not in notifiers:
        for node in notifiers.values():
            node.disabled = True
        raise RuntimeError("Condition name not found.")
    if num_batch is not None:
        num_batch *= dataset.get_batch_size()
    notifiers[condition_name].release(num_batch, data)


# ----- bucket_batch_by_length -----
class BucketBatchByLengthDataset(Dataset):
    def __init__(self, child: Dataset, column_names: list, boundaries: list, batch_sizes: list,
                 length_fn: Callable | None, pad_info: dict | None, pad_to_boundary: bool,
                 drop_remainder: bool) -> None:
        from mindshim.dataset.engine._arg_checks import check_bucket_args
        check_bucket_args(column_names, boundaries, batch_sizes, length_fn, pad_info, pad_to_boundary, drop_remainder)
        super().__init__([child])
        self.column_names, self.boundaries, self.batch_sizes = column_names, boundaries, batch_sizes
        self.length_fn, self.pad_to_boundary, self.drop_remainder = length_fn, pad_to_boundary, drop_remainder
        self.pad_info = dict(pad_info or {})

    def _length(self, row: tuple, idx: list[int]) -> int:
        if self.length_fn is None:
            value = row[idx[0]]
            return int(np.shape(value)[0]) if np.ndim(value) else 1
        return int(self.length_fn(*(row[i] for i in idx)))

    def _emit(self, rows: list, bucket: int) -> tuple:
        from mindshim.dataset.engine.batch_op import pad_stack
        names = self.get_col_names()
        boundary = self.boundaries[bucket] - 1 if self.pad_to_boundary and bucket < len(self.boundaries) else None
        out = []
        for i, col in enumerate(builtins.zip(*rows)):
            name = names[i]
            if self.pad_info and name not in self.pad_info:
                out.append(pad_stack(list(col), name, None))
                continue
            shape, value = self.pad_info.get(name) or (None, 0)
            if boundary is not None and name in self.column_names and np.ndim(col[0]) >= 1:
                shape = [boundary] + list(shape[1:] if shape else [None] * (np.ndim(col[0]) - 1))
            out.append(pad_stack(list(col), name, (shape, value), force=True))
        return tuple(out)

    def _rows(self, epoch: int) -> Iterator[tuple]:
        names = self.children[0].get_col_names()
        missing = [c for c in self.column_names if c not in names]
        if missing:
            raise pipeline_error(f"Invalid column name: {missing[0]} does not exist in the dataset columns.")
        idx = [names.index(c) for c in self.column_names]
        buckets: list[list] = [[] for _ in self.batch_sizes]
        for row in self.children[0]._rows(epoch):
            length = self._length(row, idx)
            b = sum(1 for x in self.boundaries if length >= x)
            buckets[b].append(row)
            if len(buckets[b]) == self.batch_sizes[b]:
                yield self._emit(buckets[b], b)
                buckets[b] = []
        if not self.drop_remainder:
            for b, rows in enumerate(buckets):
                if rows:
                    yield self._emit(rows, b)

    def _size(self) -> int:
        return sum(1 for _ in self._rows(0))


# ----- save -----
def save(dataset: Dataset, file_name: Any, num_files: int = 1, file_type: str = "mindrecord") -> None:
    """Write the pipeline's rows into a MindRecord file with mindshim.mindrecord.FileWriter."""
    from mindshim.mindrecord import FileWriter
    if not isinstance(file_name, str):
        raise TypeError(f"Argument file_name with value {file_name} is not of type [<class 'str'>], "
                        f"but got {type(file_name)}.")
    if not file_name:
        raise ValueError("file_name cannot be empty.")
    if not _is_int(num_files):
        raise TypeError(f"Argument num_files with value {num_files} is not of type [<class 'int'>], "
                        f"but got {type(num_files)}.")
    if not 1 <= num_files <= 1000:
        raise ValueError("Input num_files is not within the required interval of [1, 1000].")
    if file_type != "mindrecord":
        raise ValueError(f"Input file_type is not within the valid set of ['mindrecord'].")
    names = dataset.get_col_names()
    rows = [tuple(np.asarray(v) for v in r) for r in dataset._rows(0)]
    schema = {n: _field([r[i] for r in rows], n) for i, n in enumerate(names)}
    writer = FileWriter(file_name, shard_num=num_files, overwrite=False)
    writer.add_schema(schema, "mindshim_saved_data")
    writer.write_raw_data([{n: _value(r[i], schema[n]) for i, n in enumerate(names)} for r in rows])
    writer.commit()


_TYPES = {"bool": "int32", "int8": "int32", "uint8": "int32", "int16": "int32", "uint16": "int32",
          "int32": "int32", "uint32": "int64", "int64": "int64", "uint64": "int64", "float16": "float32",
          "float32": "float32", "float64": "float64"}


def _field(values: list, name: str) -> dict:
    sample = values[0] if values else np.zeros((), np.float32)
    if sample.dtype.kind in "SUO":
        if sample.ndim:
            raise RuntimeError(f"Column {name!r}: multi-dimensional strings or bytes cannot be saved to MindRecord.")
        return {"type": "bytes" if sample.dtype.kind == "S" else "string"}
    if str(sample.dtype) not in _TYPES:
        raise RuntimeError(f"Column {name!r}: data type {sample.dtype} cannot be saved to MindRecord.")
    kind = _TYPES[str(sample.dtype)]
    if sample.ndim == 0:
        return {"type": kind}
    shape = list(sample.shape)
    if any(np.shape(v)[0] != shape[0] for v in values):
        shape[0] = -1
    return {"type": kind, "shape": shape}


def _value(v: np.ndarray, field: dict) -> Any:
    if field["type"] == "string":
        return str(v.item())
    if field["type"] == "bytes":
        return bytes(v.item())
    v = v.astype(field["type"])
    return v.item() if "shape" not in field else v
