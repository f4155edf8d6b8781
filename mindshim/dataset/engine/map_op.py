"""Dataset.map: apply operations to columns, in order, optionally in parallel.

- Rows are transformed in chunks. When every operation is a vectorisable built-in (`_batch_ok`:
  TypeCast, Resize LINEAR/NEAREST, Rescale, Normalize, HWC2CHW) and there is one input column, a run of
  equal-shaped rows is stacked and transformed in one numpy call per op (same numbers as row by row).
- Under a batch, a chain of such maps over a block-reading source runs per block of rows, ahead of
  the consumer on threads (`_blocks.py`), also with `python_multiprocessing=True`: built-in ops spend
  their time in numpy, which releases the GIL.
- `num_parallel_workers > 1` runs the chunks on threads (`mindshim._backend.data.ordered_chunks`).
- `python_multiprocessing=True` with workers > 1 over a random-access source runs source reads and
  maps in forked torch DataLoader workers (`process_rows`), for Python callables that hold the GIL.
- Random transforms draw from a generator keyed on (node, epoch, row position) when a seed is set, so
  the result does not depend on the worker count.
- A failing op raises RuntimeError naming the op, the columns and the row; an op returning None too
  (MindSpore's type).
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

import numpy as np

from mindshim._backend import data as backend
from mindshim.dataset.core import config
from mindshim.dataset.engine import _blocks as blocks
from mindshim.dataset.engine.datasets import Dataset, _to_array


def _op_name(op: Any) -> str:
    return getattr(op, "__name__", None) or type(op).__name__


def _depth(node: Dataset) -> int:
    return 1 + max((_depth(c) for c in node.children), default=0)


class MapDataset(Dataset):
    def __init__(self, child: Dataset, operations: Any, input_columns: list[str] | None,
                 output_columns: list[str] | None, num_parallel_workers: int,
                 python_multiprocessing: bool = False) -> None:
        super().__init__([child], num_parallel_workers)
        self.operations = list(operations) if isinstance(operations, (list, tuple)) else [operations]
        for op in self.operations:
            if not callable(op):
                raise TypeError(f"For 'map', each operation must be callable, but got {type(op).__name__}.")
        names = child.get_col_names()
        self.input_columns = input_columns or names[:1]
        missing = [c for c in self.input_columns if c not in names]
        if missing:
            raise RuntimeError(f"For 'map', the input column(s) {missing} do not exist; the dataset has columns {names}.")
        self.output_columns = output_columns or self.input_columns
        self.python_multiprocessing = python_multiprocessing
        self._in_idx = [names.index(c) for c in self.input_columns]
        first = min(self._in_idx)
        kept = [n for i, n in enumerate(names) if i not in self._in_idx]
        self._names = kept[:first] + self.output_columns + kept[first:] if len(self.output_columns) != len(
            self.input_columns) else [self.output_columns[self._in_idx.index(i)] if i in self._in_idx else n
                                      for i, n in enumerate(names)]
        self._vectorised = len(self._in_idx) == 1 and len(self.output_columns) == 1 and all(
            getattr(op, "_batch_ok", False) for op in self.operations)
        self._key = (_depth(self), tuple(_op_name(op) for op in self.operations))

    # ----- one row -----
    def _apply(self, epoch: int, index: int, row: tuple) -> tuple:
        values: Any = tuple(row[i] for i in self._in_idx)
        config.set_current_row((self._key, epoch, index))
        try:
            for op in self.operations:
                try:
                    out = op(*values)
                except Exception as err:
                    raise RuntimeError(f"map operation {_op_name(op)!r} failed on columns {self.input_columns} of "
                                       f"row {index}: {type(err).__name__}: {err}") from err
                if out is None:
                    raise RuntimeError(f"map operation {_op_name(op)!r} returned None for columns "
                                       f"{self.input_columns} of row {index}; it must return numpy arrays.")
                values = tuple(out) if isinstance(out, tuple) else (out,)
        finally:
            config.set_current_row(None)
        if len(values) != len(self.output_columns):
            raise RuntimeError(f"map operation produced {len(values)} column(s) but 'output_columns' names "
                               f"{len(self.output_columns)}: {self.output_columns} (row {index}).")
        values = tuple(v if isinstance(v, dict) else _to_array(v) for v in values)
        for v, name in zip(values, self.output_columns):
            if isinstance(v, np.ndarray) and v.dtype == object:
                raise RuntimeError(f"map operation {_op_name(self.operations[-1])!r} returned a value of unsupported "
                                   f"type for column {name!r} in row {index}.")
        return self._place(row, values)

    def _place(self, row: tuple, values: tuple) -> tuple:
        if len(self.output_columns) == len(self.input_columns):
            out_row = list(row)
            for i, v in zip(self._in_idx, values):
                out_row[i] = v
            return tuple(out_row)
        kept = [v for i, v in enumerate(row) if i not in self._in_idx]
        first = min(self._in_idx)
        return tuple(kept[:first]) + values + tuple(kept[first:])

    # ----- a chunk of rows -----
    def _apply_chunk(self, epoch: int, chunk: list) -> list:
        if not self._vectorised:
            return [self._apply(epoch, i, row) for i, row in chunk]
        col = self._in_idx[0]
        out: list = []
        start = 0
        while start < len(chunk):  # runs of rows whose input column has one shape and dtype
            first = np.asarray(chunk[start][1][col])
            end = start + 1
            while end < len(chunk) and _same_kind(chunk[end][1][col], first):
                end += 1
            out.extend(self._apply_run(epoch, chunk[start:end]))
            start = end
        return out

    def _apply_run(self, epoch: int, run: list) -> list:
        if len(run) == 1:
            return [self._apply(epoch, *run[0])]
        col = self._in_idx[0]
        try:
            stack = np.stack([row[col] for _, row in run])
            for op in self.operations:
                stack = op._batch_apply(stack)
        except Exception:  # find the failing row and report it like the row path does
            return [self._apply(epoch, i, row) for i, row in run]
        return [self._place(row, (value,)) for (_, row), value in zip(run, stack)]

    # ----- blocks (source -> map -> batch chains, see _blocks.py) -----
    def _block_plan(self, epoch: int) -> blocks.BlockPlan | None:
        if not self._vectorised:
            return None
        child = blocks.plan_of(self.children[0], epoch)
        if child is None:
            return None
        col, ops = self._in_idx[0], self.operations

        def read(start: int, indices: np.ndarray) -> blocks.Block:
            return blocks.map_block(child.read(start, indices), col, ops,
                                    lambda pos, row: self._apply(epoch, pos, row), start)
        return blocks.BlockPlan(child.indices, read, child.row_bytes,
                                max(child.workers, self.num_parallel_workers or 1))

    # ----- iteration -----
    def _use_processes(self) -> bool:
        return self.python_multiprocessing and (self.num_parallel_workers or 1) > 1 and backend.processes_available()

    def _plan(self, epoch: int) -> tuple[list[int], Callable[[int, int], tuple]] | None:
        child = self.children[0]._plan(epoch)
        if child is None:
            return None
        indices, read = child
        return indices, lambda pos, idx: self._apply(epoch, pos, read(pos, idx))

    def _rows(self, epoch: int) -> Iterator[tuple]:
        if self._use_processes():
            plan = self._plan(epoch)
            if plan is not None:
                return backend.process_rows(plan[1], plan[0], self.num_parallel_workers, "map")
        rows = enumerate(self.children[0]._rows(epoch))
        from mindshim.dataset.engine.datasets_ops import is_sync
        if is_sync(self.children[0]):  # a sync_wait below releases rows one by one: never read ahead of it
            return (self._apply(epoch, i, row) for i, row in rows)
        # Python callables are slow per row: small chunks spread them over the threads
        return backend.ordered_chunks(lambda chunk: self._apply_chunk(epoch, chunk), rows,
                                      self.num_parallel_workers or 1, backend.CHUNK if self._vectorised else 4)

    def _size(self) -> int:
        return self.children[0]._size()

    def get_col_names(self) -> list[str]:
        return list(self._names)


def _same_kind(value: Any, like: np.ndarray) -> bool:
    return isinstance(value, np.ndarray) and value.shape == like.shape and value.dtype == like.dtype
