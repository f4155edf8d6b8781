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
from mindshim.dataset.engine.datasets import Dataset, _pipeline_error as pipeline_error, _to_array, user_error


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
        self.python_multiprocessing = python_multiprocessing
        self._given_columns = input_columns, output_columns
        self._key = (_depth(self), tuple(_op_name(op) for op in self.operations))
        # (a missing input column is reported when the pipeline runs, as MindSpore does)

    # ----- the column layout -----
    def _layout(self) -> tuple[list[int], list[str], list[int] | None]:
        """(input column positions, output names, positions to keep of the row the ops produce, None for all)."""
        if "_layout_cache" not in self.__dict__:
            self._layout_cache = column_layout(self.children[0].get_col_names(), *self._given_columns)
        return self._layout_cache

    @property
    def input_columns(self) -> list[str]:
        names = self.children[0].get_col_names()
        return [names[i] for i in self._layout()[0]]

    @property
    def output_columns(self) -> list[str]:
        return self._given_columns[1] or self.input_columns

    @property
    def _in_idx(self) -> list[int]:
        return self._layout()[0]

    @property
    def _vectorised(self) -> bool:
        in_idx, _, keep = self._layout()
        return len(in_idx) == 1 and len(self.output_columns) == 1 and keep is None and all(
            getattr(op, "_batch_ok", False) for op in self.operations)

    # ----- one row -----
    def _apply(self, epoch: int, index: int, row: tuple) -> tuple:
        values: Any = tuple(row[i] for i in self._in_idx)
        config.set_current_row((self._key, epoch, index))
        try:
            for op in self.operations:
                try:
                    out = op(*values)
                except Exception as err:
                    if isinstance(err, RuntimeError) and str(err).startswith("Exception thrown from"):
                        raise  # a built-in op's error, already worded as MindSpore's
                    raise user_error(f"map operation {_op_name(op)!r} failed on columns {self.input_columns} of "
                                     f"row {index}: {type(err).__name__}: {err}") from err
                if out is None:
                    raise user_error(f"map operation: [{_op_name(op)}] failed. Got None from Python object: it "
                                     f"returned None for columns {self.input_columns} of row {index}.")
                values = tuple(out) if isinstance(out, tuple) else (out,)
        finally:
            config.set_current_row(None)
        if len(values) != len(self.output_columns):
            raise pipeline_error("Invalid columns, the number of columns returned in 'map' operations should match the "
                                 f"number of 'output_columns', but got the number of columns returned in 'map' "
                                 f"operations: {len(values)}, the number of 'output_columns': {len(self.output_columns)}.")
        values = tuple(v if isinstance(v, dict) else _to_array(v) for v in values)
        for v, name in zip(values, self.output_columns):
            if isinstance(v, np.ndarray) and v.dtype == object:
                raise RuntimeError(f"map operation {_op_name(self.operations[-1])!r} returned a value of unsupported "
                                   f"type for column {name!r} in row {index}.")
        return self._place(row, values)

    def _place(self, row: tuple, values: tuple) -> tuple:
        in_idx, _, keep = self._layout()
        if len(values) == len(in_idx):
            out_row = list(row)
            for i, v in zip(in_idx, values):
                out_row[i] = v
        else:
            out_row = list(values) + [v for i, v in enumerate(row) if i not in in_idx]
        return tuple(out_row) if keep is None else tuple(out_row[k] for k in keep)

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
        return [self._place(row, (np.asarray(value),)) for (_, row), value in zip(run, stack)]  # (0-d rows)

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
        return list(self._layout()[1])


def column_layout(names: list[str], input_columns: list[str] | None,
                   output_columns: list[str] | None) -> tuple[list[int], list[str], list[int] | None]:
    """MindSpore's map column layout: as many outputs as inputs replace them in place; otherwise the outputs come
    first, then the columns that were not inputs. Names are kept in a name -> position map, so an output named like
    another column hides that column (which then drops out of the row)."""
    input_columns = input_columns or names[:1]
    missing = [c for c in input_columns if c not in names]
    if missing:
        raise pipeline_error(f"Invalid parameter, input column name: {missing[0]!r} doesn't exist in the dataset "
                             f"columns {names}.")
    output_columns = output_columns or input_columns
    in_idx = [names.index(c) for c in input_columns]
    if len(output_columns) == len(input_columns):
        position = {n: i for i, n in enumerate(names)}
        places = [position.pop(c) for c in input_columns]
        position.update(zip(output_columns, places))
    else:
        position = {n: k for k, n in enumerate(output_columns)}
        rest = [n for i, n in enumerate(names) if i not in in_idx]
        position.update((n, len(output_columns) + j) for j, n in enumerate(rest))
    ordered = sorted(position.items(), key=lambda item: item[1])
    keep = [k for _, k in ordered]
    width = len(names) if len(output_columns) == len(input_columns) else len(output_columns) + len(names) - len(in_idx)
    return in_idx, [n for n, _ in ordered], None if keep == list(range(width)) else keep


def _same_kind(value: Any, like: np.ndarray) -> bool:
    return isinstance(value, np.ndarray) and value.shape == like.shape and value.dtype == like.dtype
