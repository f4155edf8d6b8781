"""Random-access sources: a sampler picks the indices of each epoch, `_row(i)` reads one row."""
from __future__ import annotations

from typing import Any, Callable, Iterator

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

    def get_col_names(self) -> list[str]:
        return list(self._columns)

    def use_sampler(self, new_sampler: S.Sampler) -> None:
        self.sampler = new_sampler
