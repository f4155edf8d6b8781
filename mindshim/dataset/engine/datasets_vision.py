"""Built-in vision datasets reading the real on-disk formats.

- MnistDataset / FashionMnistDataset: idx files (`train-images-idx3-ubyte`, `t10k-labels-idx1-ubyte`, ...);
  rows are image uint8 (28, 28, 1) and label uint32.
- Cifar10Dataset / Cifar100Dataset: the binary versions (`data_batch_<n>.bin`, `test_batch.bin`;
  `train.bin`, `test.bin`); image uint8 (32, 32, 3) HWC, label uint32 (CIFAR-100: coarse and fine).
- ImageFolderDataset: one folder per class (sorted names -> 0, 1, ...), rows of encoded bytes
  (or decoded HWC RGB with decode=True) and label int32; without `extensions` every file is read.
"""
from __future__ import annotations

import os
import struct
from typing import Any

import numpy as np

from mindshim.dataset.engine.source import MappableDataset


def _check_dir(path: str, name: str) -> None:
    if not os.path.isdir(path):
        raise ValueError(f"{name}: the dataset directory {path!r} does not exist or is not a directory.")


def _read_idx(path: str, magic: int) -> np.ndarray:
    with open(path, "rb") as f:
        head = f.read(4)
        if len(head) < 4 or struct.unpack(">I", head)[0] != magic:
            raise RuntimeError(f"MnistDataset: {path!r} is not an idx file (bad magic number).")
        ndim = magic & 0xFF
        dims = struct.unpack(">" + "I" * ndim, f.read(4 * ndim))
        data = np.frombuffer(f.read(), dtype=np.uint8)
    if data.size != int(np.prod(dims)):
        raise RuntimeError(f"MnistDataset: {path!r} is truncated ({data.size} of {int(np.prod(dims))} bytes).")
    return data.reshape(dims)


class MnistDataset(MappableDataset):
    _name = "MnistDataset"

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        _check_dir(dataset_dir, self._name)
        usage = usage or "all"
        if usage not in ("train", "test", "all"):
            raise ValueError(f"{self._name}: 'usage' must be 'train', 'test' or 'all', but got {usage!r}.")
        prefixes = {"train": ["train"], "test": ["t10k"], "all": ["t10k", "train"]}[usage]  # MindSpore: test first
        images, labels = [], []
        for p in prefixes:
            img = os.path.join(dataset_dir, f"{p}-images-idx3-ubyte")
            lab = os.path.join(dataset_dir, f"{p}-labels-idx1-ubyte")
            if os.path.exists(img) and os.path.exists(lab):
                images.append(_read_idx(img, 2051))
                labels.append(_read_idx(lab, 2049))
        if not images:
            raise RuntimeError(f"{self._name}: no {usage} idx files found in {dataset_dir!r}.")
        self.images = np.concatenate(images)[..., None]
        self.labels = np.concatenate(labels).astype(np.uint32)

    def _len(self) -> int:
        return len(self.labels)

    def _row(self, index: int) -> tuple:
        return self.images[index], np.asarray(self.labels[index])

    def _take(self, indices: np.ndarray) -> tuple:  # a block of rows (dataset/engine/_blocks.py)
        return self.images[indices], self.labels[indices]


class FashionMnistDataset(MnistDataset):
    _name = "FashionMnistDataset"


class Cifar10Dataset(MappableDataset):
    _name = "Cifar10Dataset"

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        super().__init__(self._columns_of(), sampler, shuffle, num_samples, num_shards, shard_id)
        _check_dir(dataset_dir, self._name)
        usage = usage or "all"
        files = sorted(f for f in os.listdir(dataset_dir) if f.endswith(".bin") and self._wanted(f, usage))
        if not files:
            raise RuntimeError(f"{self._name}: no {usage} .bin files found in {dataset_dir!r}.")
        records = [self._read(os.path.join(dataset_dir, f)) for f in files]
        self.images = np.concatenate([r[0] for r in records])
        self.labels = np.concatenate([r[1] for r in records])

    @staticmethod
    def _columns_of() -> list[str]:
        return ["image", "label"]

    def _wanted(self, name: str, usage: str) -> bool:
        is_test = name.startswith("test")
        return usage == "all" or (usage == "test") == is_test

    _label_bytes = 1

    def _read(self, path: str) -> tuple[np.ndarray, np.ndarray]:
        rec = self._label_bytes + 3072
        raw = np.fromfile(path, dtype=np.uint8)
        if raw.size % rec:
            raise RuntimeError(f"{self._name}: {path!r} is truncated ({raw.size} bytes is not a multiple of {rec}).")
        raw = raw.reshape(-1, rec)
        images = raw[:, self._label_bytes:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)
        return np.ascontiguousarray(images), raw[:, : self._label_bytes].astype(np.uint32)

    def _len(self) -> int:
        return len(self.labels)

    def _row(self, index: int) -> tuple:
        return self.images[index], np.asarray(self.labels[index][0])


class Cifar100Dataset(Cifar10Dataset):
    _name = "Cifar100Dataset"
    _label_bytes = 2

    @staticmethod
    def _columns_of() -> list[str]:
        return ["image", "coarse_label", "fine_label"]

    def _row(self, index: int) -> tuple:
        return self.images[index], np.asarray(self.labels[index][0]), np.asarray(self.labels[index][1])


class ImageFolderDataset(MappableDataset):
    def __init__(self, dataset_dir: str, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, sampler: Any = None, extensions: Any = None,
                 class_indexing: dict | None = None, decode: bool = False, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None, decrypt: Any = None) -> None:
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        _check_dir(dataset_dir, "ImageFolderDataset")
        classes = sorted(d for d in os.listdir(dataset_dir) if os.path.isdir(os.path.join(dataset_dir, d)))
        self.class_indexing = dict(class_indexing) if class_indexing else {c: i for i, c in enumerate(classes)}
        exts = tuple(extensions) if extensions else ("",)  # MindSpore reads every file when not told
        self.items = []
        for c in classes:
            if c not in self.class_indexing:
                continue
            for f in sorted(os.listdir(os.path.join(dataset_dir, c))):
                if f.endswith(exts):
                    self.items.append((os.path.join(dataset_dir, c, f), self.class_indexing[c]))
        self.decode = decode

    def _len(self) -> int:
        return len(self.items)

    def _row(self, index: int) -> tuple:
        path, label = self.items[index]
        with open(path, "rb") as f:
            data = np.frombuffer(f.read(), dtype=np.uint8)
        if self.decode:
            from mindshim.dataset.vision.transforms import Decode
            data = Decode()(data)
        return data, np.asarray(label, dtype=np.int32)

    def get_class_indexing(self) -> dict:
        return dict(self.class_indexing)

    def num_classes(self) -> int:
        return len(self.class_indexing)


__all__ = ["MnistDataset", "FashionMnistDataset", "Cifar10Dataset", "Cifar100Dataset", "ImageFolderDataset"]
