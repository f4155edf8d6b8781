"""mindspore.dataset's pipeline: the Dataset base class and its operations.

A pipeline is a tree of nodes; each node yields the rows (tuples of numpy arrays, one per column)
of one epoch. Mapping decisions:
- `repeat(n)` re-iterates its child n times (a fresh shuffle each time); iterators with
  `num_epochs` hand out one epoch per `for` loop, as MindSpore's do.
- `batch` stacks rows with numpy; rows of different shapes raise like MindSpore's batch op.
- Random operations (shuffle, random transforms) draw from a generator seeded by
  `ds.config.set_seed` (or `mindspore.set_seed`), per epoch, so runs are reproducible.
- `map(num_parallel_workers=k>1)` applies the operations on k threads in order
  (`mindshim._backend.data`).
"""
from __future__ import annotations

import functools
import inspect
import itertools
from typing import Any, Callable, Iterator, Sequence

import numpy as np

from mindshim.dataset.core import config
from mindshim.dataset.engine.datasets_methods import DatasetMethods
from mindshim.dataset.engine.iterators import DictIterator, TupleIterator


def _as_list(x: Any) -> list | None:
    if x is None:
        return None
    return [x] if isinstance(x, str) else list(x)


def _to_array(value: Any) -> np.ndarray:
    if isinstance(value, np.ndarray):
        return value
    if hasattr(value, "asnumpy"):
        return value.asnumpy()
    arr = np.asarray(value)
    if arr.dtype == np.float64 and isinstance(value, float):
        return arr
    return arr


class Dataset(DatasetMethods):
    """Base of every dataset node."""

    def __init__(self, children: Sequence["Dataset"] = (), num_parallel_workers: int | None = None) -> None:
        self.children = list(children)
        self.num_parallel_workers = num_parallel_workers
        self._batch_size = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # keep the arguments a node was built with (the outermost __init__'s): serialize writes them
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is None:
            return

        @functools.wraps(init)
        def recording(self, *args: Any, **kw: Any) -> None:
            if "_init_args" not in self.__dict__:
                try:
                    bound = inspect.signature(init).bind(self, *args, **kw)
                    self._init_args = {k: v for k, v in bound.arguments.items() if k != "self"}
                except TypeError:
                    self._init_args = {}
            init(self, *args, **kw)
        cls.__init__ = recording

    # ----- what a node implements -----
    def _rows(self, epoch: int) -> Iterator[tuple]:
        raise NotImplementedError

    def _size(self) -> int:
        return sum(1 for _ in self._rows(0))

    def _plan(self, epoch: int) -> tuple[list[int], Callable[[int, int], tuple]] | None:
        """For nodes whose rows can be computed independently from a source index: the epoch's source
        indices and a function (position, index) -> row that a worker process can run. None otherwise."""
        return None

    def get_col_names(self) -> list[str]:
        return self.children[0].get_col_names()

    # ----- public queries -----
    def get_dataset_size(self) -> int:
        from mindshim.dataset.engine.samplers import bind
        bind(self)
        return self._size()

    # (a node with several children, zip or concat, answers as its last child does, like MindSpore)
    def get_batch_size(self) -> int:
        return self.children[-1].get_batch_size() if self.children else 1

    def get_repeat_count(self) -> int:
        return self.children[-1].get_repeat_count() if self.children else 1

    def num_classes(self) -> int | None:
        return self.children[0].num_classes() if self.children else None

    def get_class_indexing(self) -> dict:
        return self.children[0].get_class_indexing() if self.children else {}

    # ----- pipeline operations -----
    def map(self, operations: Any = None, input_columns: Any = None, output_columns: Any = None,
            column_order: Any = None, num_parallel_workers: int | None = None, python_multiprocessing: bool = False,
            cache: Any = None, callbacks: Any = None, max_rowsize: Any = None, offload: Any = None) -> "Dataset":
        from mindshim.dataset.engine._arg_checks import check_map_args
        from mindshim.dataset.engine.map_op import MapDataset
        check_map_args(operations, input_columns, output_columns, num_parallel_workers, python_multiprocessing)
        node = MapDataset(self, operations, _as_list(input_columns), _as_list(output_columns),
                          num_parallel_workers or config.get_num_parallel_workers_default(), python_multiprocessing)
        node._given_in = _as_list(input_columns) or []
        node._given_out = _as_list(output_columns) or node._given_in
        node._given_workers = num_parallel_workers
        if callbacks:
            from mindshim.dataset.callback.ds_callback import CallbackDataset
            return CallbackDataset(node, callbacks if isinstance(callbacks, list) else [callbacks])
        return node

    def batch(self, batch_size: int | Callable, drop_remainder: bool = False, num_parallel_workers: int | None = None,
              per_batch_map: Callable | None = None, input_columns: Any = None, output_columns: Any = None,
              python_multiprocessing: bool = False, max_rowsize: Any = None, **kwargs: Any) -> "Dataset":
        from mindshim.dataset.engine._arg_checks import check_batch_args
        from mindshim.dataset.engine.batch_op import BatchDataset
        from mindshim.dataset.engine.datasets_ops import notify_batch
        check_batch_args(batch_size, drop_remainder, num_parallel_workers, per_batch_map, input_columns, output_columns,
                         python_multiprocessing)
        node = BatchDataset(self, batch_size, drop_remainder, per_batch_map, _as_list(input_columns),
                            _as_list(output_columns))
        node._given_workers = num_parallel_workers
        notify_batch(self, node.batch_size)
        return node

    def padded_batch(self, batch_size: int | Callable, drop_remainder: bool = False,
                     num_parallel_workers: int | None = None, pad_info: dict | None = None) -> "Dataset":
        from mindshim.dataset.engine._arg_checks import check_batch_args, check_pad_info
        from mindshim.dataset.engine.batch_op import BatchDataset
        from mindshim.dataset.engine.datasets_ops import notify_batch
        check_batch_args(batch_size, drop_remainder, num_parallel_workers, padded=True)
        check_pad_info(pad_info)
        node = BatchDataset(self, batch_size, drop_remainder, None, None, None, pad_info=pad_info)
        notify_batch(self, node.batch_size)
        return node

    def shuffle(self, buffer_size: int) -> "Dataset":
        from mindshim.dataset.engine._arg_checks import check_shuffle_size
        from mindshim.dataset.engine.datasets_ops import is_sync
        check_shuffle_size(buffer_size)
        if is_sync(self):
            raise RuntimeError("No shuffle after sync operators.")
        return ShuffleDataset(self, buffer_size)

    def repeat(self, count: int | None = None) -> "Dataset":
        from mindshim.dataset.engine._arg_checks import check_repeat_count
        check_repeat_count(count)
        return RepeatDataset(self, -1 if count is None else count)

    def take(self, count: int = -1) -> "Dataset":
        from mindshim.dataset.engine.datasets_ops import check_take
        check_take(count)
        return TakeDataset(self, count)

    def skip(self, count: int) -> "Dataset":
        from mindshim.dataset.engine.datasets_ops import check_skip
        check_skip(count)
        return SkipDataset(self, count)

    def project(self, columns: Any) -> "Dataset":
        from mindshim.dataset.engine.datasets_ops import check_columns as _check_columns
        _check_columns(columns, "columns")
        return ProjectDataset(self, _as_list(columns))

    def rename(self, input_columns: Any, output_columns: Any) -> "Dataset":
        from mindshim.dataset.engine.datasets_ops import check_columns as _check_columns
        _check_columns(input_columns, "input_columns")
        _check_columns(output_columns, "output_columns")
        if len(_as_list(input_columns)) != len(_as_list(output_columns)):
            raise ValueError("Number of column in input_columns and output_columns is not equal.")
        node = RenameDataset(self, _as_list(input_columns), _as_list(output_columns))
        node._given_in, node._given_out = _as_list(input_columns), _as_list(output_columns)
        return node

    def zip(self, datasets: Any) -> "Dataset":
        from mindshim.dataset.engine.datasets_ops import check_zip_arg
        return ZipDataset([self, *check_zip_arg(datasets)])

    def concat(self, datasets: Any) -> "Dataset":
        from mindshim.dataset.engine.datasets_ops import check_concat_arg
        from mindshim.dataset.engine.datasets_concat import ConcatDataset
        return ConcatDataset([self, *check_concat_arg(datasets)])

    def __add__(self, other: "Dataset") -> "Dataset":
        return self.concat(other)

    def filter(self, predicate: Callable, input_columns: Any = None, num_parallel_workers: int | None = None) -> "Dataset":
        from mindshim.dataset.engine._arg_checks import check_filter_args
        from mindshim.dataset.engine.datasets_ops import FilterDataset
        check_filter_args(predicate, input_columns, num_parallel_workers)
        node = FilterDataset(self, predicate, _as_list(input_columns))
        node._given_in = _as_list(input_columns) or []
        node._given_workers = num_parallel_workers
        return node

    def split(self, sizes: Sequence, randomize: bool = True) -> tuple:
        from mindshim.dataset.engine.datasets_ops import split
        return split(self, sizes, randomize)

    # ----- iteration -----
    def create_tuple_iterator(self, columns: Any = None, num_epochs: int = -1, output_numpy: bool = False,
                              do_copy: bool = True) -> TupleIterator:
        if columns is not None:
            from mindshim.dataset.engine.datasets_ops import check_columns
            check_columns(columns, "column_names")
        node = self.project(_as_list(columns)) if columns else self
        return TupleIterator(node, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs: int = -1, output_numpy: bool = False, do_copy: bool = True) -> DictIterator:
        return DictIterator(self, num_epochs, output_numpy)

    def __iter__(self):
        return iter(self.create_tuple_iterator(num_epochs=1))

    def __len__(self) -> int:
        return self.get_dataset_size()

    def device_que(self, *args: Any, **kwargs: Any) -> "Dataset":
        return self

    def reset(self) -> None:
        pass

    def set_init_step(self, init_step: int) -> None:
        pass


class ShuffleDataset(Dataset):
    def __init__(self, child: Dataset, buffer_size: int) -> None:
        super().__init__([child])
        self.buffer_size = buffer_size

    def _rows(self, epoch: int) -> Iterator[tuple]:
        rng = config.rng(("shuffle", id(self) if config.get_seed_or_none() is None else 0, epoch))
        buf: list = []
        for row in self.children[0]._rows(epoch):
            buf.append(row)
            if len(buf) >= self.buffer_size:
                i = rng.integers(len(buf))
                buf[i], buf[-1] = buf[-1], buf[i]
                yield buf.pop()
        rng.shuffle(buf)
        yield from buf

    def _size(self) -> int:
        return self.children[0]._size()


class RepeatDataset(Dataset):
    def __init__(self, child: Dataset, count: int) -> None:
        super().__init__([child])
        self.count = count

    def _rows(self, epoch: int) -> Iterator[tuple]:
        reps = itertools.count() if self.count == -1 else range(self.count)
        for r in reps:
            yield from self.children[0]._rows(epoch * max(self.count, 1) + r)

    def _size(self) -> int:
        return self.children[0]._size() * self.count if self.count != -1 else self.children[0]._size()

    def get_repeat_count(self) -> int:
        return self.count


class TakeDataset(Dataset):
    def __init__(self, child: Dataset, count: int) -> None:
        super().__init__([child])
        self.count = count

    def _rows(self, epoch: int) -> Iterator[tuple]:
        rows = self.children[0]._rows(epoch)
        return rows if self.count == -1 else itertools.islice(rows, self.count)

    def _size(self) -> int:
        n = self.children[0]._size()
        return n if self.count == -1 else min(n, self.count)


class SkipDataset(Dataset):
    def __init__(self, child: Dataset, count: int) -> None:
        super().__init__([child])
        self.count = count

    def _rows(self, epoch: int) -> Iterator[tuple]:
        return itertools.islice(self.children[0]._rows(epoch), self.count, None)

    def _size(self) -> int:
        return max(self.children[0]._size() - self.count, 0)


def _pipeline_error(detail: str) -> RuntimeError:
    """MindSpore reports a bad column when the pipeline runs (iteration, get_col_names), not when it is built."""
    return RuntimeError("Exception thrown from dataset pipeline. Refer to 'Dataset Pipeline Error Message'. "
                        f"\n- Dataset Pipeline Error Message: \n[ERROR] {detail}")


def user_error(detail: str) -> RuntimeError:
    """How MindSpore reports a source or function of the user's that failed or returned something unusable."""
    return RuntimeError("Exception thrown from user defined Python function in dataset. \n- Python Call Stack: \n"
                        f"{detail}\n- Dataset Pipeline Error Message: \n[ERROR] Execute user Python code failed, "
                        "check 'Python Call Stack' above.")


class ProjectDataset(Dataset):
    def __init__(self, child: Dataset, columns: list[str]) -> None:
        super().__init__([child])
        self.columns = columns

    def _index(self) -> list[int]:
        names = self.children[0].get_col_names()
        for c in self.columns:
            if c not in names:
                raise _pipeline_error(f"Invalid column, column name: {c} does not exist.")
        return [names.index(c) for c in self.columns]

    def _rows(self, epoch: int) -> Iterator[tuple]:
        index = self._index()
        for row in self.children[0]._rows(epoch):
            yield tuple(row[i] for i in index)

    def _size(self) -> int:
        return self.children[0]._size()

    def get_col_names(self) -> list[str]:
        self._index()
        return list(self.columns)


class RenameDataset(Dataset):
    def __init__(self, child: Dataset, input_columns: list[str], output_columns: list[str]) -> None:
        super().__init__([child])
        self._mapping = dict(zip(input_columns, output_columns))

    def _rows(self, epoch: int) -> Iterator[tuple]:
        self.get_col_names()
        return self.children[0]._rows(epoch)

    def _size(self) -> int:
        return self.children[0]._size()

    def get_col_names(self) -> list[str]:
        names = self.children[0].get_col_names()
        if any(c not in names for c in self._mapping):
            raise _pipeline_error("Invalid column, column to be renamed does not exist.")
        out = [self._mapping.get(n, n) for n in names]
        if len(set(out)) != len(out):
            raise _pipeline_error(f"Invalid column, column names after rename are not unique: {out}.")
        return out


class ZipDataset(Dataset):
    def __init__(self, children: list[Dataset]) -> None:
        super().__init__(children)
        if len({id(c) for c in children}) != len(children):  # (MindSpore says so when the pipeline starts)
            raise ValueError("The data pipeline is not a tree (i.e., one node has 2 consumers)")

    def _rows(self, epoch: int) -> Iterator[tuple]:
        self.get_col_names()
        for rows in zip(*(c._rows(epoch) for c in self.children)):
            yield tuple(v for r in rows for v in r)

    def _size(self) -> int:
        return min(c._size() for c in self.children)

    def get_col_names(self) -> list[str]:
        names = [n for c in self.children for n in c.get_col_names()]
        duplicate = next((n for n in names if names.count(n) > 1), None)
        if duplicate is not None:
            raise _pipeline_error(f"Invalid column, zip found duplicate column name: {duplicate}.")
        return names


class SubsetDataset(Dataset):
    def __init__(self, child: Dataset, indices: list[int]) -> None:
        super().__init__([child])
        self.indices = indices

    def _rows(self, epoch: int) -> Iterator[tuple]:
        wanted = set(self.indices)
        rows = {i: r for i, r in enumerate(self.children[0]._rows(epoch)) if i in wanted}
        for i in self.indices:
            yield rows[i]

    def _size(self) -> int:
        return len(self.indices)


# MindSpore defines its pipeline node classes in this module; mindshim's live beside it (they import Dataset).
_NODE_HOMES = {"BatchDataset": "batch_op", "BatchInfo": "batch_op", "MapDataset": "map_op",
               "ConcatDataset": "datasets_concat", "FilterDataset": "datasets_ops", "SyncWaitDataset": "datasets_ops",
               "BucketBatchByLengthDataset": "datasets_ops", "MappableDataset": "source",
               **{kind: "datasets_kinds" for kind in ("SourceDataset", "UnionBaseDataset", "VisionBaseDataset",
                                                       "TextBaseDataset", "AudioBaseDataset")}}


def __getattr__(name: str) -> Any:
    home = _NODE_HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib
    return getattr(importlib.import_module(f"mindshim.dataset.engine.{home}"), name)


__all__ = ["Dataset"]
