"""Samplers: which source indices an epoch reads, in which order.

DistributedSampler follows MindSpore: the index list is padded by wrapping around to a multiple of
`num_shards`, and shard k reads positions k, k + num_shards, ... (so every shard has the same size).
Shuffled shards draw one shared permutation per epoch even without a seed (MindSpore seeds its
distributed shuffle with a fixed default), so together they still read every row once.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from mindshim.dataset.core import config


class Sampler:
    """Base of every sampler, and MindSpore's user-sampler protocol: a subclass that defines `__iter__` (reading
    `self.dataset_size`, set before each epoch) yields the indices to read; `__len__`, if defined, is the default
    `num_samples`."""

    def __init__(self, num_samples: int | None = None) -> None:
        self.child: Sampler | None = None
        self.child_sampler = None
        self.dataset_size = 0
        if num_samples is None and hasattr(self, "__len__"):
            num_samples = len(self)
        self.num_samples = num_samples

    def __iter__(self):
        raise NotImplementedError("Sampler must implement __iter__.")

    def add_child(self, sampler: "Sampler") -> None:
        self.child = sampler

    def _limit(self, idx: list[int]) -> list[int]:
        return idx[: self.num_samples] if self.num_samples else idx

    def indices(self, n: int, epoch: int) -> list[int]:
        self.dataset_size = n
        return self._limit([int(i) for i in iter(self)])

    def size(self, n: int) -> int:
        return len(self.indices(n, 0))


class SequentialSampler(Sampler):
    def __init__(self, start_index: int | None = None, num_samples: int | None = None) -> None:
        super().__init__(num_samples)
        self.start_index = start_index or 0

    def indices(self, n: int, epoch: int) -> list[int]:
        return self._limit(list(range(self.start_index, n)))


class RandomSampler(Sampler):
    def __init__(self, replacement: bool = False, num_samples: int | None = None) -> None:
        super().__init__(num_samples)
        self.replacement = replacement

    def indices(self, n: int, epoch: int) -> list[int]:
        rng = config.rng(("random_sampler", epoch))
        if self.replacement:
            return rng.integers(0, n, self.num_samples or n).tolist()
        return self._limit(rng.permutation(n).tolist())

    def size(self, n: int) -> int:
        return min(self.num_samples, n) if self.num_samples and not self.replacement else (self.num_samples or n)


class DistributedSampler(Sampler):
    def __init__(self, num_shards: int, shard_id: int, shuffle: bool = True, num_samples: int | None = None,
                 offset: int = -1) -> None:
        super().__init__(num_samples)
        if not 0 <= shard_id < num_shards:
            raise ValueError(f"For 'DistributedSampler', 'shard_id' must be in [0, {num_shards}), but got {shard_id}.")
        self.num_shards, self.shard_id, self.shuffle = num_shards, shard_id, shuffle

    def indices(self, n: int, epoch: int) -> list[int]:
        # every shard must draw the same permutation, seed or not, so the shards cover the data once
        order = config.rng(("distributed", epoch), default_seed=0).permutation(n).tolist() if self.shuffle \
            else list(range(n))
        total = -(-n // self.num_shards) * self.num_shards
        padded = order + order[: total - n]
        return self._limit(padded[self.shard_id::self.num_shards])


class SubsetSampler(Sampler):
    def __init__(self, indices: Sequence[int], num_samples: int | None = None) -> None:
        super().__init__(num_samples)
        self.subset = list(indices)

    def indices(self, n: int, epoch: int) -> list[int]:
        return self._limit(list(self.subset))


class SubsetRandomSampler(SubsetSampler):
    def indices(self, n: int, epoch: int) -> list[int]:
        order = config.rng(("subset_random", epoch)).permutation(len(self.subset))
        return self._limit([self.subset[i] for i in order])


class WeightedRandomSampler(Sampler):
    def __init__(self, weights: Sequence[float], num_samples: int | None = None, replacement: bool = True) -> None:
        super().__init__(num_samples)
        w = np.asarray(weights, dtype=np.float64)
        self.weights = [float(x) for x in w]
        self.p = w / w.sum()
        self.replacement = replacement

    def indices(self, n: int, epoch: int) -> list[int]:
        rng = config.rng(("weighted", epoch))
        return rng.choice(len(self.p), self.num_samples or len(self.p), replace=self.replacement, p=self.p).tolist()


class PKSampler(Sampler):
    """`num_val` rows of every class, classes in ascending label order (MindSpore's P-K sampling). Within a class
    the rows are drawn at random (with replacement when the class is too small), even with `shuffle=False`;
    `shuffle=True` also shuffles the output."""

    def __init__(self, num_val: int, num_class: int | None = None, shuffle: bool = False, class_column: str = "label",
                 num_samples: int | None = None) -> None:
        if isinstance(num_val, bool) or not isinstance(num_val, int):
            raise TypeError(f"num_val must be integer but was: {num_val}.")
        if num_class is not None:
            raise NotImplementedError("Not supported to specify num_class for PKSampler.")
        if not isinstance(shuffle, bool):
            raise TypeError(f"shuffle must be a boolean value but was: {shuffle}.")
        if not isinstance(class_column, str):
            raise TypeError(f"class_column must be a str value but was: {class_column}.")
        if num_samples is not None and (isinstance(num_samples, bool) or not isinstance(num_samples, int)):
            raise TypeError(f"num_samples must be integer but was: {num_samples}.")
        if num_samples is not None and not 0 <= num_samples <= 2 ** 63 - 1:
            raise ValueError("num_samples exceeds the boundary between 0 and 9223372036854775807(INT64_MAX)!")
        super().__init__(num_samples)
        self.num_val, self.shuffle, self.class_column = num_val, shuffle, class_column
        self._source: Any = None

    def _labels(self, n: int) -> list:
        src = self._source
        if src is None or not hasattr(src, "_row"):
            raise RuntimeError("PKSampler needs a source dataset whose rows carry a class label.")
        if hasattr(src, "pk_labels"):  # a source that reads its classes itself (MindDataset)
            return src.pk_labels(self.class_column, n)
        names = src.get_col_names()
        col = self.class_column if self.class_column in names else "label"
        if col not in names:
            raise RuntimeError(f"PKSampler: the class column {self.class_column!r} does not exist in {names}.")
        k = names.index(col)
        return [np.asarray(src._row(i)[k]).item() for i in range(n)]

    def indices(self, n: int, epoch: int) -> list[int]:
        if self.num_val <= 0:
            raise RuntimeError(f"PKSampler: num_val must be greater than 0, but got: {self.num_val}")
        rng = config.rng(("pk_sampler", epoch))
        by_class: dict = {}
        for i, label in enumerate(self._labels(n)):
            by_class.setdefault(label, []).append(i)
        out: list[int] = []
        for label in sorted(by_class):
            members = by_class[label]
            if self.num_val < len(members):
                out += [members[j] for j in rng.permutation(len(members))[: self.num_val]]
            else:
                out += [members[j] for j in rng.integers(0, len(members), self.num_val)]
        if self.shuffle:
            out = [out[j] for j in rng.permutation(len(out))]
        return self._limit(out)

    def size(self, n: int) -> int:
        return len(self.indices(n, 0))


def bind(node: Any) -> None:
    """Tell every PKSampler in a pipeline which source it samples (it needs the source's labels)."""
    stack = [node]
    while stack:
        cur = stack.pop()
        sampler = getattr(cur, "sampler", None)
        while sampler is not None:
            if isinstance(sampler, PKSampler):
                sampler._source = cur
            sampler = getattr(sampler, "child", None)
        stack.extend(getattr(cur, "children", ()))


def choose(sampler: Any, shuffle: bool | None, num_samples: int | None, num_shards: int | None,
           shard_id: int | None, default_shuffle: bool) -> Sampler:
    """The sampler a source's arguments mean, as MindSpore decides it."""
    if sampler is not None:
        if isinstance(sampler, Sampler):
            return sampler
        return SubsetSampler(list(sampler))
    if (num_shards is None) != (shard_id is None):
        raise ValueError("num_shards and shard_id need to be passed in together.")
    shuffle = default_shuffle if shuffle is None else shuffle
    if num_shards is not None:
        return DistributedSampler(num_shards, shard_id, shuffle, num_samples)
    chosen = RandomSampler(num_samples=num_samples) if shuffle else SequentialSampler(num_samples=num_samples)
    chosen._from_arguments = True  # MindSpore describes a source-made RandomSampler with num_samples as replacement
    return chosen


__all__ = ["Sampler", "SequentialSampler", "RandomSampler", "DistributedSampler", "SubsetSampler",
           "SubsetRandomSampler", "WeightedRandomSampler", "PKSampler"]
