"""Dataset.batch / padded_batch: stack consecutive rows column by column.

Over a chain that can run in blocks (a block-reading source under vectorisable maps, `_blocks.py`)
the batches are slices of blocks computed ahead of the consumer instead of stacks of rows."""
from __future__ import annotations

import itertools
from typing import Any, Callable, Iterator

import numpy as np

from mindshim.dataset.engine import _blocks as blocks
from mindshim.dataset.engine.datasets import Dataset, _pipeline_error as pipeline_error, _to_array
from mindshim.dataset.engine.map_op import column_layout


class BatchInfo:
    """What `per_batch_map` receives last: the batch number and epoch number."""

    def __init__(self, batch_num: int, epoch_num: int) -> None:
        self._batch, self._epoch = batch_num, epoch_num

    def get_batch_num(self) -> int:
        return self._batch

    def get_epoch_num(self) -> int:
        return self._epoch


def pad_stack(values: list, column: str, pad: tuple | None, force: bool = True) -> np.ndarray:
    """Stack one column's rows; with `pad` = (shape, value) every row is padded (or cut) to `shape`, whose None
    dimensions take the batch's largest size, as MindSpore's padded batch does."""
    shapes = {np.shape(v) for v in values}
    if pad is None:
        if len(shapes) > 1:
            first = np.shape(values[0])
            other = next(np.shape(v) for v in values if np.shape(v) != first)
            raise pipeline_error(f"Inconsistent batch shapes, batch operation expects same shape for each data row, "
                                 f"but got inconsistent shape in column {column!r}: the first row has shape {first}, "
                                 f"another {other} (tensors with different shapes: use padded_batch or "
                                 f"per_batch_map).")
        return np.stack([np.asarray(v) for v in values])
    shape, value = pad
    ndim = len(next(iter(shapes)))
    if any(len(s_) != ndim for s_ in shapes):
        raise RuntimeError(f"For 'padded_batch', the rows of column {column!r} have different ranks.")
    target = [max(s_[d] for s_ in shapes) if (shape is None or shape[d] is None) else shape[d] for d in range(ndim)]
    out = []
    for v in values:
        v = np.asarray(v)
        row = np.full(target, value if value is not None else 0, dtype=v.dtype)
        cut = tuple(slice(0, min(n, t)) for n, t in zip(v.shape, target))
        row[cut] = v[cut]
        out.append(row)
    return np.stack(out)


def _stack(values: list, column: str, pad: tuple | None) -> np.ndarray:
    return pad_stack(values, column, pad)


class BatchDataset(Dataset):
    def __init__(self, child: Dataset, batch_size: int | Callable, drop_remainder: bool,
                 per_batch_map: Callable | None, input_columns: list[str] | None, output_columns: list[str] | None,
                 pad_info: dict | None = None) -> None:
        super().__init__([child])
        # a callable batch_size picks each batch's size from its BatchInfo; MindSpore then reports a batch size of 1
        self.batch_size_func = batch_size if callable(batch_size) else None
        self.batch_size = 1 if callable(batch_size) else batch_size
        self.drop_remainder = drop_remainder
        self.per_batch_map, self.input_columns, self.output_columns = per_batch_map, input_columns, output_columns
        self.pad_info = pad_info

    def _layout(self) -> tuple[list[int], list[str], list[int] | None]:
        """per_batch_map's columns, laid out as map lays out its own (map_op.column_layout)."""
        names = self.children[0].get_col_names()
        return column_layout(names, self.input_columns or names, self.output_columns)

    def _mapped(self, cols: list, batch_num: int, epoch: int) -> list:
        in_idx, _, keep = self._layout()
        out = self.per_batch_map(*[list(cols[i]) for i in in_idx], BatchInfo(batch_num, epoch))
        out = out if isinstance(out, tuple) else (out,)
        expected = len(self.output_columns or in_idx)
        if len(out) != expected:
            raise pipeline_error(f"Invalid per_batch_map, the number of columns returned in 'per_batch_map' function "
                                 f"should be {expected} , but got: {len(out)}")
        if len(out) == len(in_idx):
            full = list(cols)
            for i, v in zip(in_idx, out):
                full[i] = list(v)
        else:
            full = [list(v) for v in out] + [c for i, c in enumerate(cols) if i not in in_idx]
        return full if keep is None else [full[k] for k in keep]

    def _make(self, rows: list[tuple], batch_num: int, epoch: int) -> tuple:
        cols = list(zip(*rows))
        if self.per_batch_map is not None:
            cols = self._mapped(cols, batch_num, epoch)
        names = self.get_col_names()
        pad = self.pad_info
        if pad:
            missing = [k for k in pad if k not in names]
            if missing:
                raise RuntimeError(f"Invalid pad_info, column name: {missing[0]} does not exist.")

        def spec(i: int) -> tuple | None:
            name = names[i] if i < len(names) else ""
            if pad is None or (pad and name not in pad):
                return None
            return pad.get(name) or (None, 0)
        return tuple(_stack(list(c), names[i] if i < len(names) else str(i), spec(i)) for i, c in enumerate(cols))

    def _sizes(self, epoch: int) -> Iterator[int]:
        """The size of each batch of the epoch."""
        for n in itertools.count():
            yield self.batch_size if self.batch_size_func is None else self.batch_size_func(BatchInfo(n, epoch))

    def _rows(self, epoch: int) -> Iterator[tuple]:
        if self.batch_size == -1:
            raise pipeline_error("Batch size cannot be -1 without using batch sampler.")
        child = self.children[0]
        simple = self.per_batch_map is None and self.pad_info is None and self.batch_size_func is None
        if simple:
            plan = blocks.plan_of(child, epoch)
            if plan is not None:
                yield from blocks.batches(plan, self.batch_size, self.drop_remainder)
                return
        if getattr(child, "_gather", None) is not None and simple:
            yield from self._gathered(child, epoch)
            return
        buf: list[tuple] = []
        n = 0
        sizes = self._sizes(epoch)
        size = next(sizes)
        for row in self.children[0]._rows(epoch):
            buf.append(row)
            if len(buf) == size:
                yield self._make(buf, n, epoch)
                buf, n, size = [], n + 1, next(sizes)
        if buf and not self.drop_remainder:
            yield self._make(buf, n, epoch)

    def _gathered(self, child: Any, epoch: int) -> Iterator[tuple]:
        """Numpy slices straight under batch: one fancy-index per column and batch instead of a row loop."""
        indices = list(child.sampler.indices(child._len(), epoch))
        for start in range(0, len(indices), self.batch_size):
            chunk = indices[start:start + self.batch_size]
            if len(chunk) < self.batch_size and self.drop_remainder:
                return
            yield child._gather(chunk)

    def _size(self) -> int:
        n = self.children[0]._size()
        if self.batch_size_func is None:
            return n // self.batch_size if self.drop_remainder else -(-n // self.batch_size)
        count, sizes = 0, self._sizes(0)
        while n > 0:
            size = next(sizes)
            if size > n and self.drop_remainder:
                break
            n, count = n - size, count + 1
        return count

    def get_batch_size(self) -> int:
        return -1 if self.batch_size_func is not None else self.batch_size

    def get_col_names(self) -> list[str]:
        if self.per_batch_map is not None:
            return self._layout()[1]
        return self.children[0].get_col_names()
