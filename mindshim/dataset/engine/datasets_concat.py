"""Dataset.concat / `+`, and the samplers a concatenation accepts (`use_sampler`).

- Without a sampler the children are read one after the other.
- DistributedSampler(num_shards, shard_id, shuffle=False): shard k reads the rows whose position in the
  concatenation is k modulo num_shards (no padding), as MindSpore does.
- RandomSampler(): the children's rows are interleaved at random, each child keeping its own order.
"""
from __future__ import annotations

from typing import Any, Iterator

import numpy as np

from mindshim.dataset.core import config
from mindshim.dataset.engine import samplers as S
from mindshim.dataset.engine.datasets import Dataset, _pipeline_error as pipeline_error


class ConcatDataset(Dataset):
    def __init__(self, children: list[Dataset]) -> None:
        super().__init__(children)
        self.sampler: S.Sampler | None = None

    def use_sampler(self, sampler: Any) -> None:
        if isinstance(sampler, S.DistributedSampler):
            if sampler.shuffle:
                raise ValueError("The parameter shuffle of DistributedSampler must be False!")
            if sampler.num_samples is not None:
                raise ValueError("The parameter num_samples of DistributedSampler is not support to be set!")
        elif isinstance(sampler, S.RandomSampler):
            if sampler.replacement:
                raise ValueError("The parameter replacement of RandomSampler must be False!")
            if sampler.num_samples is not None:
                raise ValueError("The parameter num_samples of RandomSampler is not support to be set!")
        else:
            raise TypeError(f"The parameter {sampler} of concat must be DistributedSampler or RandomSampler!")
        self.sampler = sampler

    def _check(self, first_rows: list) -> None:
        names = self.children[0].get_col_names()
        if any(c.get_col_names() != names for c in self.children[1:]):
            raise pipeline_error("Invalid columns, 'column name' or 'column order' of concat datasets should be the "
                                 "same.")
        ref = None
        for row in first_rows:
            if row is None:
                continue
            kinds = [(np.asarray(v).dtype, np.ndim(v)) for v in row]
            if ref is None:
                ref = kinds
                continue
            for (a, ra), (b, rb) in zip(ref, kinds):
                if a != b:
                    raise pipeline_error(f"Concat: the data types of the two datasets to be concatenated should be "
                                         f"the same, but got: {a} and {b}.")
                if ra != rb:
                    raise pipeline_error(f"Concat: the data tensor rank of the two datasets to be concatenated should "
                                         f"be the same, but got: {ra} and {rb}.")

    def _rows(self, epoch: int) -> Iterator[tuple]:
        streams = [c._rows(epoch) for c in self.children]
        heads = [next(s, None) for s in streams]
        self._check(heads)

        def rows_of(k: int) -> Iterator[tuple]:
            if heads[k] is not None:
                yield heads[k]
                yield from streams[k]
        if isinstance(self.sampler, S.RandomSampler):
            sizes = [c._size() for c in self.children]
            picks = np.repeat(np.arange(len(sizes)), sizes)
            config.rng(("concat_random", epoch)).shuffle(picks)
            iters = [rows_of(k) for k in range(len(sizes))]
            for k in picks:
                row = next(iters[k], None)
                if row is not None:
                    yield row
            return
        pos = 0
        for k in range(len(self.children)):
            for row in rows_of(k):
                if not isinstance(self.sampler, S.DistributedSampler) or \
                        pos % self.sampler.num_shards == self.sampler.shard_id:
                    yield row
                pos += 1

    def _size(self) -> int:
        total = sum(c._size() for c in self.children)
        if isinstance(self.sampler, S.DistributedSampler):
            n, k = self.sampler.num_shards, self.sampler.shard_id
            return total // n + (1 if k < total % n else 0)
        return total
