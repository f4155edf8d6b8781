"""ManifestDataset, RandomDataset and PaddedDataset.

- ManifestDataset reads ModelArts' manifest: one JSON object per line with "source" (the image path), "usage"
  (train/eval/inference, any case) and "annotation" (a list of {"name": label, ...}). Rows are the raw image bytes
  (uint8, or decoded HWC with decode=True) and the label as int32: a scalar for one annotation, a vector for
  several. Labels index the sorted names of the selected usage unless `class_indexing` is given.
- RandomDataset makes rows of random values with the schema's columns, dtypes and shapes (a column without a
  shape is a scalar); without a schema, 1-4 random columns c0, c1, ... of random dtype and shape.
- PaddedDataset is a random-access GeneratorDataset over a list of dicts (the first dict names the columns).
"""
from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from mindshim.dataset.core import config
from mindshim.dataset.core.schema import _type_check, as_schema, check_file
from mindshim.dataset.engine.datasets import Dataset
from mindshim.dataset.engine.datasets_file_source import check_int_args, check_shard_options
from mindshim.dataset.engine.datasets_user_defined import _RandomAccess
from mindshim.dataset.engine.source import MappableDataset

_USAGES = ("train", "eval", "inference")


class ManifestDataset(MappableDataset):
    def __init__(self, dataset_file: str, usage: str = "train", num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 class_indexing: dict | None = None, decode: bool = False, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_file(dataset_file)
        check_int_args(locals())
        for name, value, kind in (("shuffle", shuffle, bool), ("decode", decode, bool), ("usage", usage, str),
                                  ("class_indexing", class_indexing, dict)):
            if value is not None:
                _type_check(value, (kind,), name)
        check_shard_options(num_shards, shard_id, sampler, shuffle, num_samples)
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_file = dataset_file
        self.usage = usage if usage is not None else "train"
        self.decode = bool(decode)
        self._given_indexing = dict(class_indexing or {})
        self._items: list[tuple[str, list[str]]] | None = None
        self._indexing: dict[str, int] = {}

    def _parse(self) -> list[tuple[str, list[str]]]:
        if self._items is not None:
            return self._items
        if self.usage.lower() not in _USAGES:
            raise RuntimeError(f"ManifestDataset: {self.usage} does not match any mode in [ inference eval train ]")
        items = []
        with open(self.dataset_file, "r", encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                try:
                    entry = json.loads(line)
                except ValueError as err:
                    raise RuntimeError(f"Invalid manifest file, failed to parse {self.dataset_file}: {err}") from err
                if str(entry.get("usage", "")).lower() != self.usage.lower():
                    continue
                source = entry.get("source", "")
                if not os.path.isfile(source):
                    raise RuntimeError(f"Invalid manifest file, failed to read {source} : the manifest file is "
                                       "damaged or permission denied.")
                labels = [a["name"] for a in entry.get("annotation", []) if "name" in a]
                if self._given_indexing:
                    labels = [n for n in labels if n in self._given_indexing]
                if labels:
                    items.append((source, labels))
        if not items:
            raise RuntimeError("Invalid data, ManifestDataset API can't read the data file (interface mismatch or no "
                               f"data found). Check file path: {self.dataset_file}")
        names = sorted({n for _, labels in items for n in labels})
        self._indexing = dict(self._given_indexing) or {n: i for i, n in enumerate(names)}
        self._items = items
        return items

    def _len(self) -> int:
        return len(self._parse())

    def _row(self, index: int) -> tuple:
        path, labels = self._parse()[index]
        with open(path, "rb") as f:
            image = np.frombuffer(f.read(), dtype=np.uint8)
        if self.decode:
            from mindshim.dataset.vision.transforms import Decode
            image = Decode()(image)
        ids = [self._indexing[n] for n in labels]
        return image, np.array(ids[0] if len(ids) == 1 else ids, dtype=np.int32)

    def get_class_indexing(self) -> dict:
        self._parse()
        return dict(self._indexing)

    def num_classes(self) -> int:
        return len(self.get_class_indexing())


_RANDOM_TYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16",
                 "float32", "float64")


def _random_value(rng: np.random.Generator, dtype: str, shape: list) -> np.ndarray:
    if dtype == "string":
        return np.array(rng.integers(0, 2 ** 31, size=shape).astype(str))
    if dtype == "bool":
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    kind = np.dtype(dtype)
    raw = rng.integers(0, 256, size=int(np.prod(shape, dtype=np.int64)) * kind.itemsize, dtype=np.uint8)
    return raw.view(kind).reshape(shape).copy()


class RandomDataset(Dataset):
    def __init__(self, total_rows: int | None = None, schema: Any = None, columns_list: list | None = None,
                 num_samples: int | None = None, num_parallel_workers: int | None = None, cache: Any = None,
                 shuffle: bool | None = None, num_shards: int | None = None, shard_id: int | None = None) -> None:
        check_int_args(locals())
        if total_rows is not None:
            _type_check(total_rows, (int,), "total_rows")
        if shuffle is not None:
            _type_check(shuffle, (bool,), "shuffle")
        if columns_list is not None:
            _type_check(columns_list, (list,), "columns_list")
        check_shard_options(num_shards, shard_id)
        super().__init__([], num_parallel_workers)
        samples = num_samples or 0
        rows = total_rows or 0
        if rows and samples:
            rows = min(rows, samples)
        if samples:
            rows = samples
        schema_obj = as_schema(schema)
        if schema_obj is not None:
            rows = total_rows if total_rows is not None else (schema_obj.num_rows or 0)
        rng = config.rng(("RandomDataset", "layout"))
        if schema_obj is not None and schema_obj.column_specs():
            layout = [(c["name"], c["type"], list(c["shape"] or [])) for c in schema_obj.column_specs()]
        else:
            layout = [(f"c{i}", _RANDOM_TYPES[rng.integers(len(_RANDOM_TYPES))],
                       rng.integers(1, 33, size=rng.integers(1, 5)).tolist()) for i in range(rng.integers(1, 5))]
        if columns_list:
            by_name = {name: (name, kind, shape) for name, kind, shape in layout}
            missing = [c for c in columns_list if c not in by_name]
            if missing:
                raise RuntimeError(f"Invalid columns_list, RandomDataset failed to find column name: {missing[0]}")
            layout = [by_name[c] for c in columns_list]
        self._layout = layout
        self._total = rows if rows else int(rng.integers(1, 1025))

    def _rows(self, epoch: int):
        rng = config.rng(("RandomDataset", "rows", id(self) if config.get_seed_or_none() is None else 0, epoch))
        for _ in range(self._total):
            yield tuple(_random_value(rng, kind, shape) for _, kind, shape in self._layout)

    def _size(self) -> int:
        return self._total

    def get_col_names(self) -> list[str]:
        return [name for name, _, _ in self._layout]


class PaddedDataset(_RandomAccess):
    def __init__(self, padded_samples: list) -> None:
        if not padded_samples:
            raise ValueError("padded_samples cannot be empty.")
        _type_check(padded_samples, (list,), "padded_samples")
        _type_check(padded_samples[0], (dict,), "padded_element")
        names = list(padded_samples[0].keys())
        source = [tuple(sample[k] for k in names) for sample in padded_samples]
        super().__init__(source, names, None, 1, False, sampler=None, shuffle=False, num_samples=None,
                         num_shards=None, shard_id=None)
        self.padded_samples = padded_samples


__all__ = ["ManifestDataset", "RandomDataset", "PaddedDataset"]
