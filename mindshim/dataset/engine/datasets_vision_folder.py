"""Folder-style vision readers and FakeImageDataset.

- Caltech256Dataset: one folder per class, classes numbered in sorted folder order; label int32.
- Food101Dataset: `meta/<usage>.txt` lists `class/id`, images `images/class/id.jpg`; label is the class name
  (str); "all" reads train then test.
- LFWDataset: `people*.txt` / `pairs*.txt` lists (train = DevTrain, test = DevTest, 10fold = the full file, all =
  train then test), images `<image_set folder>/name/name_%04d.jpg`; people labels index `lfw-names.txt`.
- SBUDataset: urls and captions files; a URL `.../a/b.jpg` is the image `sbu_images/m_a_b.jpg`; rows whose image is
  missing are skipped; captions lose trailing whitespace.
- OmniglotDataset: `images_background|images_evaluation/<alphabet>/<character>/*`, one class per character
  (sorted); label int32.
- DIV2KDataset: `DIV2K_<usage>_HR/` paired with the low-resolution images of the downgrade and scale.
- FakeImageDataset: random images, reproducible from `base_seed` (not MindSpore's generator stream).
"""
from __future__ import annotations

import os
from typing import Any

import numpy as np

from mindshim.dataset.engine.datasets_vision_base import (
    LazyReader, check_choice, check_common, check_dir, check_file, optional_choice, read_image, type_check,
)

_IMAGE_EXTS = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff")


def _images_in(folder: str) -> list[str]:
    return sorted(f for f in os.listdir(folder) if f.lower().endswith(_IMAGE_EXTS)
                  and os.path.isfile(os.path.join(folder, f)))


class Caltech256Dataset(LazyReader):
    def __init__(self, dataset_dir: str, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, decode: bool = False, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, bools={"decode": decode})
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.decode = dataset_dir, decode

    def _parse(self) -> list:
        classes = sorted(d for d in os.listdir(self.dataset_dir) if os.path.isdir(os.path.join(self.dataset_dir, d)))
        return [(os.path.join(self.dataset_dir, c, f), k) for k, c in enumerate(classes)
                for f in _images_in(os.path.join(self.dataset_dir, c))]

    def _row(self, index: int) -> tuple:
        path, label = self._loaded()[index]
        return read_image(path, self.decode), np.asarray(label, dtype=np.int32)


class Food101Dataset(LazyReader):
    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, decode: bool = False,
                 sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None) -> None:
        check_dir(dataset_dir)
        usage = optional_choice(usage, ["train", "test", "all"], "usage", "all")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, bools={"decode": decode})
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.usage, self.decode = dataset_dir, usage, decode

    def _parse(self) -> list:
        items = []
        for part in (["train", "test"] if self.usage == "all" else [self.usage]):
            path = os.path.join(self.dataset_dir, "meta", part + ".txt")
            if not os.path.isfile(path):
                raise RuntimeError(f"Invalid file, failed to open Food101 meta file: {path}")
            with open(path, encoding="utf-8") as f:
                for line in f:
                    rel = line.strip()
                    if rel:
                        items.append((os.path.join(self.dataset_dir, "images", rel + ".jpg"), rel.split("/")[0]))
        return items

    def _row(self, index: int) -> tuple:
        path, label = self._loaded()[index]
        return read_image(path, self.decode), np.asarray(label)


_LFW_FOLDERS = {"original": "lfw", "funneled": "lfw_funneled", "deepfunneled": "lfw-deepfunneled"}


class LFWDataset(LazyReader):
    def __init__(self, dataset_dir: str, task: str | None = None, usage: str | None = None,
                 image_set: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, decode: bool = False,
                 sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None) -> None:
        check_dir(dataset_dir)
        task = optional_choice(task, ["people", "pairs"], "task", "people")
        usage = optional_choice(usage, ["10fold", "train", "test", "all"], "usage", "all")
        image_set = optional_choice(image_set, ["original", "funneled", "deepfunneled"], "image_set", "funneled")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, bools={"decode": decode})
        columns = ["image", "label"] if task == "people" else ["image1", "image2", "label"]
        super().__init__(columns, sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.task, self.usage, self.image_set, self.decode = dataset_dir, task, usage, image_set, \
            decode

    def _lines(self, name: str) -> list[list[str]]:
        path = os.path.join(self.dataset_dir, name)
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open LFW file: {path}")
        with open(path, encoding="utf-8") as f:
            return [line.split() for line in f.read().splitlines()[1:]]

    def _image(self, name: str, number: str) -> str:
        return os.path.join(self.dataset_dir, _LFW_FOLDERS[self.image_set], name, f"{name}_{int(number):04d}.jpg")

    def _parse(self) -> list:
        base = "people" if self.task == "people" else "pairs"
        files = {"10fold": [base + ".txt"], "train": [base + "DevTrain.txt"], "test": [base + "DevTest.txt"],
                 "all": [base + "DevTrain.txt", base + "DevTest.txt"]}[self.usage]
        items = []
        if self.task == "people":
            names = [p[0] for p in self._lines_all("lfw-names.txt") if p]
            index = {n: k for k, n in enumerate(names)}
            for fname in files:
                for parts in self._lines(fname):
                    if len(parts) == 2:
                        items.extend((self._image(parts[0], i + 1), index[parts[0]]) for i in range(int(parts[1])))
            return items
        for fname in files:
            for p in self._lines(fname):
                if len(p) == 3:
                    items.append((self._image(p[0], p[1]), self._image(p[0], p[2]), 1))
                elif len(p) == 4:
                    items.append((self._image(p[0], p[1]), self._image(p[2], p[3]), 0))
        return items

    def _lines_all(self, name: str) -> list[list[str]]:
        path = os.path.join(self.dataset_dir, name)
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open LFW file: {path}")
        with open(path, encoding="utf-8") as f:
            return [line.split() for line in f]

    def _row(self, index: int) -> tuple:
        item = self._loaded()[index]
        return tuple(read_image(p, self.decode) for p in item[:-1]) + (np.asarray(item[-1], dtype=np.uint32),)


class SBUDataset(LazyReader):
    def __init__(self, dataset_dir: str, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, decode: bool = False, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_file(os.path.join(dataset_dir, "SBU_captioned_photo_dataset_urls.txt"))
        check_file(os.path.join(dataset_dir, "SBU_captioned_photo_dataset_captions.txt"))
        check_dir(os.path.join(dataset_dir, "sbu_images"))
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, bools={"decode": decode})
        super().__init__(["image", "caption"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.decode = dataset_dir, decode

    def _parse(self) -> list:
        def lines(name: str) -> list[str]:
            with open(os.path.join(self.dataset_dir, name), encoding="utf-8") as f:
                return f.read().splitlines()
        urls, captions = lines("SBU_captioned_photo_dataset_urls.txt"), lines("SBU_captioned_photo_dataset_captions.txt")
        folder = os.path.join(self.dataset_dir, "sbu_images")
        items = []
        for url, caption in zip(urls, captions):
            parts = url.strip().split("/")
            if len(parts) < 2:
                continue
            path = os.path.join(folder, "m_" + parts[-2] + "_" + parts[-1])
            if os.path.isfile(path):
                items.append((path, caption.rstrip()))
        if not items:
            raise RuntimeError(f"Invalid data, no valid images in {folder}, check SBU dataset.")
        return items

    def _row(self, index: int) -> tuple:
        path, caption = self._loaded()[index]
        return read_image(path, self.decode), np.asarray(caption)


class OmniglotDataset(LazyReader):
    def __init__(self, dataset_dir: str, background: bool | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, decode: bool = False,
                 sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"background": background, "decode": decode})
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.decode = dataset_dir, decode
        self.background = True if background is None else background

    def _parse(self) -> list:
        root = os.path.join(self.dataset_dir, "images_background" if self.background else "images_evaluation")
        if not os.path.isdir(root):
            raise RuntimeError(f"Invalid path, {root} does not exist or is not a directory.")
        subdirs = lambda d: sorted(x for x in os.listdir(d) if os.path.isdir(os.path.join(d, x)))  # noqa: E731
        chars = [os.path.join(root, a, c) for a in subdirs(root) for c in subdirs(os.path.join(root, a))]
        return [(os.path.join(c, f), k) for k, c in enumerate(chars) for f in _images_in(c)]

    def _row(self, index: int) -> tuple:
        path, label = self._loaded()[index]
        return read_image(path, self.decode), np.asarray(label, dtype=np.int32)


_DIV2K_SUFFIX = {"mild": "m", "difficult": "d", "wild": "w"}


class DIV2KDataset(LazyReader):
    def __init__(self, dataset_dir: str, usage: str = "train", downgrade: str = "bicubic", scale: int = 2,
                 num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, decode: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        type_check(usage, (str,), "usage")
        check_choice(usage, ["train", "valid", "all"], "usage")
        type_check(downgrade, (str,), "downgrade")
        check_choice(downgrade, ["bicubic", "unknown", "mild", "difficult", "wild"], "downgrade")
        type_check(scale, (int,), "scale")
        if scale not in (2, 3, 4, 8):
            raise ValueError("Input scale is not within the valid set of [2, 3, 4, 8].")
        if scale == 8 and downgrade != "bicubic":
            raise ValueError("DIV2KNode: scale equal to 8 is allowed only in bicubic downgrade.")
        if downgrade in _DIV2K_SUFFIX and scale != 4:
            raise ValueError(f"DIV2KNode: {downgrade} downgrade requires scale equal to 4.")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id, bools={"decode": decode})
        super().__init__(["hr_image", "lr_image"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.usage, self.downgrade, self.scale = dataset_dir, usage, downgrade, scale
        self.decode = bool(decode)

    def _parse(self) -> list:
        items = []
        for part in (["train", "valid"] if self.usage == "all" else [self.usage]):
            hr_dir = os.path.join(self.dataset_dir, f"DIV2K_{part}_HR")
            lr_root = os.path.join(self.dataset_dir, f"DIV2K_{part}_LR_{self.downgrade}")
            if not os.path.isdir(hr_dir) or not os.path.isdir(lr_root):
                raise RuntimeError(f"Invalid path, {hr_dir} or {lr_root} does not exist.")
            for f in _images_in(hr_dir):
                stem, ext = os.path.splitext(f)
                if self.downgrade in _DIV2K_SUFFIX:
                    lr = os.path.join(lr_root, f"{stem}x4{_DIV2K_SUFFIX[self.downgrade]}{ext}")
                else:
                    lr = os.path.join(lr_root, f"X{self.scale}", f"{stem}x{self.scale}{ext}")
                if not os.path.isfile(lr):
                    raise RuntimeError(f"Invalid file, {lr} does not exist.")
                items.append((os.path.join(hr_dir, f), lr))
        return items

    def _row(self, index: int) -> tuple:
        hr, lr = self._loaded()[index]
        return read_image(hr, self.decode), read_image(lr, self.decode)


class FakeImageDataset(LazyReader):
    def __init__(self, num_images: int = 1000, image_size: Any = (224, 224, 3), num_classes: int = 10,
                 base_seed: int = 0, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, sampler: Any = None, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_common(num_samples, num_parallel_workers, shuffle, None, num_shards, shard_id,
                     ints={"num_images": num_images, "num_classes": num_classes, "base_seed": base_seed})
        type_check(image_size, (list, tuple), "image_size")
        if len(image_size) != 3:
            raise ValueError(f"image_size should be a list or tuple of length 3, but got {len(image_size)}")
        for name, value in [("num_images", num_images), *((f"image_size[{i}]", v) for i, v in enumerate(image_size)),
                            ("num_classes", num_classes)]:
            type_check(value, (int,), name)
            if not 1 <= value <= 2 ** 31 - 1:
                raise ValueError(f"Input {name} is not within the required interval of [1, 2147483647].")
        check_common(num_samples, None, shuffle, sampler, num_shards, shard_id)
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.num_images, self.image_size = num_images, tuple(image_size)
        self.num_classes, self.base_seed = num_classes, base_seed

    def _parse(self) -> list:
        return list(range(self.num_images))

    def _row(self, index: int) -> tuple:
        rng = np.random.default_rng([self.base_seed & 0xFFFFFFFF, index])
        image = rng.integers(0, 256, self.image_size, dtype=np.uint8)
        return image, np.asarray(rng.integers(0, self.num_classes), dtype=np.uint32)


__all__ = ["Caltech256Dataset", "Food101Dataset", "LFWDataset", "SBUDataset", "OmniglotDataset", "DIV2KDataset",
           "FakeImageDataset"]
