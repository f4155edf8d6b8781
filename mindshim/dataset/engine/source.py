"""Random-access sources: a sampler picks the indices of each epoch, `_row(i)` reads one row; sources
that also define `_take(indices)` read a block of rows at once (`_blocks.py`)."""
from __future__ import annotations

from typing import Any, Callable, Iterator

import numpy as np

from mindshim.dataset.engine import _blocks as blocks
from mindshim.dataset.engine import samplers as S
from mindshim.dataset.engine.datasets import Dataset


class MappableDataset(Dataset):
    def __init__(self, column_names: list[str], sampler: Any, shuffle: bool | None, num_samples: int | None,
                 num_shards: int | None, shard_id: int | None, default_shuffle: bool = True) -> None:
        super().__init__([])
        self._columns = column_names
        self.sampler = S.choose(sampler, shuffle, num_samples, num_shards, shard_id, default_shuffle)

    def _len(self) -> int:
        raise NotImplementedError

    def _row(self, index: int) -> tuple:
        raise NotImplementedError

    def _rows(self, epoch: int) -> Iterator[tuple]:
        for i in self.sampler.indices(self._len(), epoch):
            yield self._row(i)

    def _size(self) -> int:
        return self.sampler.size(self._len())

    def _plan(self, epoch: int) -> tuple[list[int], Callable[[int, int], tuple]]:
        return list(self.sampler.indices(self._len(), epoch)), lambda pos, idx: self._row(idx)

    def _block_plan(self, epoch: int) -> blocks.BlockPlan | None:
        """Sources that read many rows at once define `_take(indices) -> columns` next to their `_row`."""
        take = _owner(type(self), "_take")
        if take is None or not all(issubclass(take, _owner(type(self), name) or object) for name in ("_row", "_rows")):
            return None  # no block reader, or a subclass re-defined how rows are read
        indices = np.asarray(self.sampler.indices(self._len(), epoch), dtype=np.int64)
        return blocks.BlockPlan(indices, lambda start, idx: blocks.source_block(self._take(idx)),
                                self._row_bytes(), 1)

    def _row_bytes(self) -> int:
        return sum(np.asarray(v).nbytes for v in self._row(0)) if self._len() else 1

    def get_col_names(self) -> list[str]:
        return list(self._columns)

    def use_sampler(self, new_sampler: S.Sampler) -> None:
        self.sampler = new_sampler


def _owner(cls: type, name: str) -> type | None:
    return next((c for c in cls.__mro__ if name in c.__dict__), None)
