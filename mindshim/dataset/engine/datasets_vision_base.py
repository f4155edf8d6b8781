"""Shared pieces of the on-disk vision readers (VOC, COCO, CelebA, the MNIST variants, ...).

Argument validation follows MindSpore's dataset validators: wrong types raise TypeError, out-of-range values
ValueError, sampler/shuffle/shard conflicts RuntimeError, a missing folder or file ValueError; all at
construction. A problem found while reading a file raises RuntimeError (MindSpore reports it from its pipeline).
"""
from __future__ import annotations

import os
from typing import Any, Iterable

import numpy as np

from mindshim.dataset.engine.datasets_file_source import check_shard_options

from mindshim.dataset.engine.source import MappableDataset

_INT64_MAX = 2 ** 63 - 1


def type_check(value: Any, types: tuple, name: str) -> None:
    if (int in types and bool not in types and isinstance(value, bool)) or not isinstance(value, types):
        raise TypeError(f"Argument {name} with value {value!r} is not of type {list(types)}, but got {type(value)}.")


def check_dir(path: Any) -> None:
    type_check(path, (str,), "dataset_dir")
    if not os.path.isdir(path) or not os.access(path, os.R_OK):
        raise ValueError(f"The folder {path} does not exist or is not a directory or permission denied!")


def check_file(path: Any, name: str = "dataset_file") -> None:
    type_check(path, (str,), name)
    real = os.path.realpath(path)
    if not os.path.isfile(real) or not os.access(real, os.R_OK):
        raise ValueError(f"The file {real} does not exist or permission denied!")


def check_choice(value: Any, choices: Iterable, name: str) -> None:
    choices = list(choices)
    if value not in choices:
        raise ValueError(f"Input {name} is not within the valid set of {choices}.")


def optional_choice(value: Any, choices: list, name: str, default: str) -> str:
    """A string option that may be None (then `default`), else checked against `choices`."""
    if value is None:
        return default
    type_check(value, (str,), name)
    check_choice(value, choices, name)
    return value


def check_common(num_samples: Any = None, num_parallel_workers: Any = None, shuffle: Any = None,
                 sampler: Any = None, num_shards: Any = None, shard_id: Any = None, bools: dict | None = None,
                 ints: dict | None = None) -> None:
    """MindSpore's shared source-argument checks (types, ranges, sampler/shuffle/shard conflicts)."""
    for name, value in {"num_shards": num_shards, "shard_id": shard_id, **(ints or {})}.items():
        if value is not None:
            type_check(value, (int,), name)
    if num_samples is not None:
        type_check(num_samples, (int,), "num_samples")
        if not 0 <= num_samples <= _INT64_MAX:
            raise ValueError(f"num_samples exceeds the boundary between 0 and {_INT64_MAX}(INT64_MAX)!")
    if num_parallel_workers is not None:
        type_check(num_parallel_workers, (int,), "num_parallel_workers")
        if not 1 <= num_parallel_workers <= (os.cpu_count() or 1):
            raise ValueError(f"num_parallel_workers exceeds the boundary between 1 and {os.cpu_count()}!")
    for name, value in {"shuffle": shuffle, **(bools or {})}.items():
        if value is not None:
            type_check(value, (bool,), name)
    check_shard_options(num_shards, shard_id, sampler, shuffle, num_samples)


def read_bytes(path: str) -> np.ndarray:
    try:
        with open(path, "rb") as f:
            return np.frombuffer(f.read(), dtype=np.uint8)
    except OSError as err:
        raise RuntimeError(f"Invalid file, failed to open {path}: {err}") from err


def read_image(path: str, decode: bool, decrypt: Any = None) -> np.ndarray:
    """The file's bytes, or (decode=True) the decoded HWC RGB uint8 image, as MindSpore's readers give them."""
    data = np.frombuffer(decrypt(path), dtype=np.uint8) if decrypt is not None else read_bytes(path)
    if decode:
        from mindshim.dataset.vision.transforms import Decode
        return Decode()(data)
    return data


class LazyReader(MappableDataset):
    """A mappable reader whose index (`_parse()`, a list with one entry per row) is built on first use, as
    MindSpore builds it when the pipeline starts; `_row(i)` reads row i."""

    _items: list | None = None

    def _parse(self) -> list:
        raise NotImplementedError

    def _loaded(self) -> list:
        if self._items is None:
            self._items = self._parse()
        return self._items

    def _len(self) -> int:
        return len(self._loaded())


__all__: list[str] = []
