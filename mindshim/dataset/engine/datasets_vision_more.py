"""Classification-style vision readers over their documented on-disk layouts.

- EMnist/KMnist/QMnist: idx files; like MindSpore, usage "all" reads the files in sorted name order (test before
  train for EMNIST/KMNIST); QMNIST reads train, test, nist. image uint8 (28, 28, 1), label uint32 (QMNIST
  compat=False: the 8 label fields).
- CelebADataset: `list_attr_celeba.txt` (+ `list_eval_partition.txt` for a usage), attr uint32 0/1.
- STL10Dataset: `<usage>_X.bin` (column-major 3x96x96 records) and `<usage>_y.bin` (1..10); label int32, -1 for
  unlabeled; "all" reads test, train, unlabeled.
- Places365Dataset: `places365_<usage>.txt` lists, images under `data_256_standard/` etc.; label uint32.
- SemeionDataset: `semeion.data`, image uint8 (16, 16) of 0/1, label uint32.
- USPSDataset: the libsvm text files `usps` / `usps.t` (a non-mappable source: see its class).
"""
from __future__ import annotations

import os
import struct
from typing import Any, Iterator

import numpy as np

from mindshim.dataset.core import config
from mindshim.dataset.engine.datasets import Dataset
from mindshim.dataset.engine.datasets_vision_base import LazyReader, check_choice, check_common, check_dir, \
    check_file, read_image, type_check


def _read_idx(path: str, magic: int, dtype: str, name: str) -> np.ndarray:
    with open(path, "rb") as f:
        raw = f.read()
    if len(raw) < 4 or struct.unpack(">I", raw[:4])[0] != magic:
        raise RuntimeError(f"Invalid data, {name} file {path} has a wrong magic number.")
    ndim = magic & 0xFF
    dims = struct.unpack(">" + "I" * ndim, raw[4:4 + 4 * ndim])
    data = np.frombuffer(raw[4 + 4 * ndim:], dtype=dtype)
    if data.size < int(np.prod(dims)):
        raise RuntimeError(f"Invalid data, {name} file {path} is truncated.")
    return data[: int(np.prod(dims))].reshape(dims)


def _usage_check(usage: Any, choices: list) -> str:
    if usage is not None:
        type_check(usage, (str,), "usage")
        check_choice(usage, choices, "usage")
    return usage or "all"


class _IdxReader(LazyReader):
    """MNIST-layout idx pairs; `_pairs()` lists (images, labels) file paths in reading order."""
    _name = "MnistDataset"
    _label_magic, _label_dtype = 2049, "u1"

    def __init__(self, dataset_dir: str, usage: Any, num_samples: Any, num_parallel_workers: Any, shuffle: Any,
                 sampler: Any, num_shards: Any, shard_id: Any, choices: list | None = None,
                 bools: dict | None = None) -> None:
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, bools=bools)
        check_dir(dataset_dir)
        self.usage = _usage_check(usage, choices or ["train", "test", "all"])
        self.dataset_dir = dataset_dir
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)

    def _prefixes(self) -> list[str]:
        return {"train": ["train"], "test": ["t10k"], "all": ["t10k", "train"]}[self.usage]

    def _pairs(self) -> list[tuple[str, str]]:
        return [(os.path.join(self.dataset_dir, p + "-images-idx3-ubyte"),
                 os.path.join(self.dataset_dir, p + "-labels-idx1-ubyte")) for p in self._prefixes()]

    def _parse(self) -> list:
        images, labels = [], []
        for img, lab in self._pairs():
            if os.path.isfile(img) and os.path.isfile(lab):
                x = _read_idx(img, 2051, "u1", self._name)
                y = _read_idx(lab, self._label_magic, self._label_dtype, self._name)
                if len(x) != len(y):
                    raise RuntimeError(f"Invalid data, {self._name}: {img} and {lab} hold different numbers of rows.")
                images.append(x[..., None])
                labels.append(y.astype(np.uint32))
        if not images:
            raise RuntimeError(f"Invalid data, {self._name} API can't read the data file (interface mismatch or "
                               f"no data found). Check file in directory: {self.dataset_dir}")
        self._images, self._labels = np.concatenate(images), np.concatenate(labels)
        return list(range(len(self._labels)))

    def _row(self, index: int) -> tuple:
        self._loaded()
        return self._images[index], np.asarray(self._labels[index])


class KMnistDataset(_IdxReader):
    _name = "KMnistDataset"

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)


class EMnistDataset(_IdxReader):
    _name = "EMnistDataset"

    def __init__(self, dataset_dir: str, name: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_common(num_samples, num_parallel_workers, shuffle, None, num_shards, shard_id)
        check_dir(dataset_dir)
        type_check(name, (str,), "name")
        check_choice(name, ["byclass", "bymerge", "balanced", "letters", "digits", "mnist"], "name")
        self.name = name
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)

    def _prefixes(self) -> list[str]:
        parts = {"train": ["train"], "test": ["test"], "all": ["test", "train"]}[self.usage]
        return [f"emnist-{self.name}-{p}" for p in parts]


class QMnistDataset(_IdxReader):
    _name = "QMnistDataset"
    _label_magic, _label_dtype = 3074, ">i4"

    def __init__(self, dataset_dir: str, usage: str | None = None, compat: bool = True,
                 num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, sampler: Any = None, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         ["train", "test", "test10k", "test50k", "nist", "all"], {"compat": compat})
        self.compat = compat

    def _pairs(self) -> list[tuple[str, str]]:
        names = {"train": ["qmnist-train"], "test": ["qmnist-test"], "test10k": ["qmnist-test"],
                 "test50k": ["qmnist-test"], "nist": ["xnist"],
                 "all": ["qmnist-train", "qmnist-test", "xnist"]}[self.usage]
        return [(os.path.join(self.dataset_dir, n + "-images-idx3-ubyte"),
                 os.path.join(self.dataset_dir, n + "-labels-idx2-int")) for n in names]

    def _parse(self) -> list:
        rows = super()._parse()
        if self.usage in ("test10k", "test50k"):  # the first 10,000 / the last 50,000 of the 60,000 test rows
            part = slice(0, 10000) if self.usage == "test10k" else slice(10000, None)
            self._images, self._labels = self._images[part], self._labels[part]
            rows = list(range(len(self._labels)))
        return rows

    def _row(self, index: int) -> tuple:
        self._loaded()
        label = self._labels[index]
        return self._images[index], np.asarray(label[0] if self.compat else label, dtype=np.uint32)


class CelebADataset(LazyReader):
    def __init__(self, dataset_dir: str, num_parallel_workers: int | None = None, shuffle: bool | None = None,
                 usage: str = "all", sampler: Any = None, decode: bool = False, extensions: list | None = None,
                 num_samples: int | None = None, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None, decrypt: Any = None) -> None:
        check_dir(dataset_dir)
        if decrypt is not None and not callable(decrypt):
            raise TypeError(f"Argument decrypt is not a callable object, but got {type(decrypt)}")
        check_common(num_samples, num_parallel_workers, shuffle, None, num_shards, shard_id, bools={"decode": decode})
        if extensions is not None:
            type_check(extensions, (list,), "extensions")
        if usage is not None and usage not in ("all", "train", "valid", "test"):
            raise ValueError("usage should be 'all', 'train', 'valid' or 'test'.")
        check_common(num_samples, None, shuffle, sampler, num_shards, shard_id)
        super().__init__(["image", "attr"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.usage, self.decode, self.decrypt = dataset_dir, usage or "all", decode, decrypt
        self.extensions = list(extensions or [])

    def _parse(self) -> list:
        attr_file = os.path.join(self.dataset_dir, "list_attr_celeba.txt")
        if not os.path.isfile(attr_file):
            raise RuntimeError(f"Invalid file, failed to open CelebA attr file: {attr_file}")
        wanted = None
        if self.usage != "all":
            part_file = os.path.join(self.dataset_dir, "list_eval_partition.txt")
            if not os.path.isfile(part_file):
                raise RuntimeError("Partition file can not be found when usage is not 'all'.")
            code = {"train": "0", "valid": "1", "test": "2"}[self.usage]
            with open(part_file, encoding="utf-8") as f:
                wanted = {p[0] for p in (line.split() for line in f) if len(p) >= 2 and p[1] == code}
        with open(attr_file, encoding="utf-8") as f:
            lines = f.read().splitlines()[2:]
        items = []
        for line in lines:
            parts = line.split()
            if not parts:
                continue
            name = parts[0]
            if wanted is not None and name not in wanted:
                continue
            if self.extensions and os.path.splitext(name)[1] not in self.extensions:
                continue
            items.append((name, np.asarray([1 if int(v) == 1 else 0 for v in parts[1:]], dtype=np.uint32)))
        return items

    def _row(self, index: int) -> tuple:
        name, attr = self._loaded()[index]
        return read_image(os.path.join(self.dataset_dir, name), self.decode, self.decrypt), attr


class STL10Dataset(LazyReader):
    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        usage = _usage_check(usage, ["train", "test", "unlabeled", "train+unlabeled", "all"])
        self._parts = {"train": ["train"], "test": ["test"], "unlabeled": ["unlabeled"],
                       "train+unlabeled": ["train", "unlabeled"], "all": ["test", "train", "unlabeled"]}[usage]
        for p in self._parts:
            check_file(os.path.join(dataset_dir, p + "_X.bin"))
            if p != "unlabeled":
                check_file(os.path.join(dataset_dir, p + "_y.bin"))
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.usage = dataset_dir, usage

    def _parse(self) -> list:
        items = []
        for p in self._parts:
            x = np.fromfile(os.path.join(self.dataset_dir, p + "_X.bin"), dtype=np.uint8)
            if x.size % (3 * 96 * 96):
                raise RuntimeError(f"Invalid data, STL10 file {p}_X.bin is not a whole number of 3x96x96 images.")
            images = x.reshape(-1, 3, 96, 96).transpose(0, 3, 2, 1)  # stored column-major
            if p == "unlabeled":
                labels = np.full(len(images), -1, dtype=np.int32)
            else:
                labels = np.fromfile(os.path.join(self.dataset_dir, p + "_y.bin"), dtype=np.uint8).astype(np.int32) - 1
                if len(labels) != len(images):
                    raise RuntimeError(f"Invalid data, STL10 {p}_X.bin and {p}_y.bin hold different numbers of rows.")
            items.extend(zip(images, labels))
        return items

    def _row(self, index: int) -> tuple:
        image, label = self._loaded()[index]
        return np.ascontiguousarray(image), np.asarray(label, dtype=np.int32)


class Places365Dataset(LazyReader):
    def __init__(self, dataset_dir: str, usage: str | None = None, small: bool = True, decode: bool = False,
                 num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, sampler: Any = None, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        if usage is not None:
            type_check(usage, (str,), "usage")
            check_choice(usage, ["train-standard", "train-challenge", "val"], "usage")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"small": small, "decode": decode})
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.usage = dataset_dir, usage or "train-standard"
        self.small, self.decode = small, decode

    def _parse(self) -> list:
        size = "256" if self.small else "large"
        if self.usage == "val":
            listing, folder = "places365_val.txt", f"val_{size}"
        else:
            kind = self.usage.split("-")[1]
            listing, folder = f"places365_train_{kind}.txt", f"data_{size}_{kind}"
        categories = os.path.join(self.dataset_dir, "categories_places365.txt")
        if not os.path.isfile(categories):
            raise RuntimeError(f"Invalid file, failed to open {categories}: Places365 file is damaged or "
                               "permission denied.")
        path = os.path.join(self.dataset_dir, listing)
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open {path}: Places365 file is damaged or permission denied.")
        items = []
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 2:
                    items.append((os.path.join(self.dataset_dir, folder) + "/" + parts[0].lstrip("/"), int(parts[1])))
        return items

    def _row(self, index: int) -> tuple:
        path, label = self._loaded()[index]
        return read_image(path, self.decode), np.asarray(label, dtype=np.uint32)


class SemeionDataset(LazyReader):
    def __init__(self, dataset_dir: str, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, sampler: Any = None, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir = dataset_dir

    def _parse(self) -> list:
        path = os.path.join(self.dataset_dir, "semeion.data")
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to find semeion file: {self.dataset_dir}")
        items = []
        with open(path, encoding="utf-8") as f:
            for line in f:
                vals = line.split()
                if not vals:
                    continue
                if len(vals) < 266:
                    raise RuntimeError(f"Invalid data, a line of {path} has {len(vals)} values, expected 266.")
                image = np.asarray([float(v) for v in vals[:256]]).astype(np.uint8).reshape(16, 16)
                items.append((image, int(np.argmax([int(v) for v in vals[256:266]]))))
        return items

    def _row(self, index: int) -> tuple:
        image, label = self._loaded()[index]
        return image, np.asarray(label, dtype=np.uint32)


class USPSDataset(Dataset):
    """A non-mappable source, as MindSpore's: with shuffle=False and more than one worker the files' rows come
    interleaved one by one (the file readers run in parallel and their outputs are taken in turn); num_shards splits the concatenated rows into
    equal contiguous parts (wrapping around to fill the last one)."""

    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: Any = True, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        usage = _usage_check(usage, ["train", "test", "all"])
        check_common(num_samples, num_parallel_workers, None, None, num_shards, shard_id)
        from mindshim.dataset.engine.datasets_mindrecord import _shuffle_mode
        self._mode = _shuffle_mode(shuffle)
        super().__init__([], num_parallel_workers)
        self.dataset_dir, self.usage = dataset_dir, usage
        self.num_samples, self.num_shards, self.shard_id = num_samples, num_shards, shard_id
        self._files: list | None = None

    def get_col_names(self) -> list[str]:
        return ["image", "label"]

    def _load(self) -> list:
        if self._files is None:
            names = {"train": ["usps"], "test": ["usps.t"], "all": ["usps", "usps.t"]}[self.usage]
            self._files = [self._read(os.path.join(self.dataset_dir, n)) for n in names]
        return self._files

    @staticmethod
    def _read(path: str) -> list:
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open USPS file: {path}")
        rows = []
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\r\n")
                if not line:
                    continue
                parts = line.split(" ")
                if len(parts) != 258:
                    raise RuntimeError(f"Invalid data, the number of split characters ':' in USPS data file is "
                                       f"corrupted, should be 257, but got {len(parts) - 1}.")
                vals = np.asarray([p.split(":")[1] for p in parts[1:257]], dtype=np.float32)
                image = ((vals + np.float32(1)) / np.float32(2) * np.float32(255)).astype(np.uint8)
                rows.append((image.reshape(16, 16, 1), np.asarray(int(parts[0]) - 1, dtype=np.uint32)))
        return rows

    def _pieces(self, epoch: int) -> list[list]:
        files = self._load()
        rng = config.rng(("usps", epoch))
        if self._mode != "false":
            files = [files[i] for i in rng.permutation(len(files))]
        total = sum(len(f) for f in files)
        if self.num_shards is None:
            pieces = [list(f) for f in files]
        else:
            per = -(-total // self.num_shards)
            flat = [(k, r) for k, f in enumerate(files) for r in f]
            chosen = [flat[(self.shard_id * per + i) % total] for i in range(per)] if total else []
            pieces = [[r for k, r in chosen if k == j] for j in range(len(files))]
            pieces = [p for p in pieces if p]
        return pieces

    def _rows(self, epoch: int) -> Iterator[tuple]:
        pieces = self._pieces(epoch)
        workers = self.num_parallel_workers or config.get_num_parallel_workers()
        if self._mode == "global" or workers == 1:
            rows = [r for p in pieces for r in p]
            if self._mode == "global":
                rows = [rows[i] for i in config.rng(("usps_rows", epoch)).permutation(len(rows))]
        else:
            rows, k = [], 0
            while any(pieces):
                for p in pieces:
                    if k < len(p):
                        rows.append(p[k])
                k += 1
                pieces = [p for p in pieces if k < len(p)]
        yield from rows[: self.num_samples] if self.num_samples else rows

    def _size(self) -> int:
        n = sum(len(p) for p in self._pieces(0))
        return min(n, self.num_samples) if self.num_samples else n


__all__ = ["KMnistDataset", "EMnistDataset", "QMnistDataset", "CelebADataset", "STL10Dataset", "Places365Dataset",
           "SemeionDataset", "USPSDataset"]
