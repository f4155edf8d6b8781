"""Dataset.map: apply operations to columns, optionally on worker threads (order kept)."""
from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from mindshim._backend.data import ordered_map
from mindshim.dataset.engine.datasets import Dataset, _to_array


def _op_name(op: Any) -> str:
    return getattr(op, "__name__", None) or type(op).__name__


class MapDataset(Dataset):
    def __init__(self, child: Dataset, operations: Any, input_columns: list[str] | None,
                 output_columns: list[str] | None, num_parallel_workers: int) -> None:
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
        self._in_idx = [names.index(c) for c in self.input_columns]
        first = min(self._in_idx)
        kept = [n for i, n in enumerate(names) if i not in self._in_idx]
        self._names = kept[:first] + self.output_columns + kept[first:] if len(self.output_columns) != len(
            self.input_columns) else [self.output_columns[self._in_idx.index(i)] if i in self._in_idx else n
                                      for i, n in enumerate(names)]

    def _apply(self, indexed_row: tuple[int, tuple]) -> tuple:
        index, row = indexed_row
        values: Any = tuple(row[i] for i in self._in_idx)
        for op in self.operations:
            try:
                out = op(*values)
            except Exception as err:
                raise RuntimeError(f"map operation {_op_name(op)!r} failed on columns {self.input_columns} of "
                                   f"row {index}: {type(err).__name__}: {err}") from err
            values = tuple(out) if isinstance(out, tuple) else (out,)
        if len(values) != len(self.output_columns):
            raise RuntimeError(f"map operation produced {len(values)} column(s) but 'output_columns' names "
                               f"{len(self.output_columns)}: {self.output_columns}.")
        values = tuple(_to_array(v) for v in values)
        for v, name in zip(values, self.output_columns):
            if v.dtype == object:
                raise TypeError(f"map operation returned a value of unsupported type for column {name!r} "
                                f"in row {index}.")
        if len(self.output_columns) == len(self.input_columns):
            out_row = list(row)
            for i, v in zip(self._in_idx, values):
                out_row[i] = v
            return tuple(out_row)
        kept = [v for i, v in enumerate(row) if i not in self._in_idx]
        first = min(self._in_idx)
        return tuple(kept[:first]) + values + tuple(kept[first:])

    def _rows(self, epoch: int) -> Iterator[tuple]:
        return ordered_map(self._apply, enumerate(self.children[0]._rows(epoch)), self.num_parallel_workers or 1)

    def _size(self) -> int:
        return self.children[0]._size()

    def get_col_names(self) -> list[str]:
        return list(self._names)
