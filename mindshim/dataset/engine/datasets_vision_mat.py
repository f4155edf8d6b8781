"""Readers whose annotations are MATLAB .mat files (read by `_matfile`, no scipy): SVHNDataset,
Flowers102Dataset, Caltech101Dataset. MindSpore builds these on GeneratorDataset, so they read their index at
construction and their columns carry the Python-side dtypes (Caltech101's category is int64, its annotation
float64 as in the .mat file); the default sampler shuffles, as GeneratorDataset's does.
"""
from __future__ import annotations

import os
from typing import Any

import numpy as np

from mindshim.dataset.engine._matfile import MatFile
from mindshim.dataset.engine.datasets_vision_base import (
    LazyReader, check_common, check_dir, check_file, optional_choice, read_image,
)


def _pil_or_bytes(path: str, decode: bool, missing: type, what: str) -> np.ndarray:
    if not os.path.exists(path):
        raise missing(what.format(path))
    if decode:  # PIL's RGB conversion, as MindSpore's Python reader does
        from PIL import Image
        with Image.open(path) as im:
            return np.asarray(im.convert("RGB"))
    return read_image(path, False)


class SVHNDataset(LazyReader):
    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = 1, shuffle: bool | None = None, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None) -> None:
        check_dir(dataset_dir)
        usage = optional_choice(usage, ["train", "test", "extra", "all"], "usage", "all")
        parts = ["train", "test", "extra"] if usage == "all" else [usage]
        for p in parts:
            check_file(os.path.join(dataset_dir, p + "_32x32.mat"))
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        images, labels = [], []
        for p in parts:
            mat = MatFile(os.path.join(os.path.realpath(dataset_dir), p + "_32x32.mat"))
            images.append(np.transpose(mat["X"], (3, 0, 1, 2)))
            label = mat["y"].astype(np.uint32).squeeze()
            labels.append(np.where(label == 10, 0, label).astype(np.uint32).reshape(-1))
        self._images, self._labels = np.concatenate(images), np.concatenate(labels)
        self.dataset_dir, self.usage = dataset_dir, usage

    def _parse(self) -> list:
        return list(range(len(self._labels)))

    def _row(self, index: int) -> tuple:
        return np.ascontiguousarray(self._images[index]), np.asarray(self._labels[index])


class Flowers102Dataset(LazyReader):
    def __init__(self, dataset_dir: str, task: str = "Classification", usage: str = "all",
                 num_samples: int | None = None, num_parallel_workers: int | None = 1, shuffle: bool | None = None,
                 decode: bool = False, sampler: Any = None, num_shards: int | None = None,
                 shard_id: int | None = None) -> None:
        check_dir(dataset_dir)
        check_dir(os.path.join(dataset_dir, "jpg"))
        check_file(os.path.join(dataset_dir, "imagelabels.mat"))
        check_file(os.path.join(dataset_dir, "setid.mat"))
        usage = optional_choice(usage, ["train", "valid", "test", "all"], "usage", "all")
        task = optional_choice(task, ["Classification", "Segmentation"], "task", "Classification")
        if task == "Segmentation":
            check_dir(os.path.join(dataset_dir, "segmim"))
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        columns = ["image", "label"] if task == "Classification" else ["image", "segmentation", "label"]
        super().__init__(columns, sampler, shuffle, num_samples, num_shards, shard_id)
        root = os.path.realpath(dataset_dir)
        self._labels = (MatFile(os.path.join(root, "imagelabels.mat"))["labels"][0] - 1).astype(np.uint32)
        setid = MatFile(os.path.join(root, "setid.mat"))
        keys = {"train": ["trnid"], "test": ["tstid"], "valid": ["valid"], "all": ["trnid", "tstid", "valid"]}[usage]
        self._indices = [i for k in keys for i in setid[k][0].tolist()]
        self.dataset_dir, self.task, self.usage, self.decode = root, task, usage, decode

    def _parse(self) -> list:
        return list(self._indices)

    def _row(self, index: int) -> tuple:
        number = self._indices[index]
        tag = str(number).zfill(5)  # as MindSpore formats the id (a float id names no file)
        image = _pil_or_bytes(os.path.join(self.dataset_dir, "jpg", f"image_{tag}.jpg"), self.decode,
                              RuntimeError, "Can not find image file: {}")
        label = np.asarray(self._labels[int(number) - 1])
        if self.task == "Segmentation":
            seg = _pil_or_bytes(os.path.join(self.dataset_dir, "segmim", f"segmim_{tag}.jpg"), self.decode,
                                RuntimeError, "Can not find segmentation file: {}")
            return image, seg, label
        return image, label

    def get_class_indexing(self) -> dict:
        raise NotImplementedError("Flowers102Dataset.get_class_indexing (MindSpore's fixed table of the 102 flower "
                                  "names) is not provided by mindshim.")


_CALTECH101_ANNOTATION_NAMES = {"Faces": "Faces_2", "Faces_easy": "Faces_3", "Motorbikes": "Motorbikes_16",
                                "airplanes": "Airplanes_Side_2"}


class Caltech101Dataset(LazyReader):
    def __init__(self, dataset_dir: str, target_type: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = 1, shuffle: bool | None = None, decode: bool = False,
                 sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None) -> None:
        check_dir(dataset_dir)
        target_type = optional_choice(target_type, ["category", "annotation", "all"], "target_type", "category")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        columns = {"category": ["image", "category"], "annotation": ["image", "annotation"],
                   "all": ["image", "category", "annotation"]}[target_type]
        super().__init__(columns, sampler, shuffle, num_samples, num_shards, shard_id)
        root = os.path.realpath(dataset_dir)
        self.image_dir = os.path.join(root, "101_ObjectCategories")
        self.annotation_dir = os.path.join(root, "Annotations")
        self.classes = [c for c in sorted(os.listdir(self.image_dir)) if c != "BACKGROUND_Google"]
        entries = []
        for k, c in enumerate(self.classes):
            sub = os.path.join(self.image_dir, c)
            if os.path.isdir(sub) and os.access(sub, os.R_OK):
                entries.extend((k, i) for i in range(1, len(os.listdir(sub)) + 1))
        self._entries, self.target_type, self.decode = entries, target_type, decode

    def _parse(self) -> list:
        return list(self._entries)

    def _row(self, index: int) -> tuple:
        label, number = self._entries[index]
        cls = self.classes[label]
        image = _pil_or_bytes(os.path.join(self.image_dir, cls, f"image_{number:04d}.jpg"), self.decode,
                              ValueError, "The image file {} does not exist or permission denied!")
        category = np.asarray(label, dtype=np.int64)
        if self.target_type == "category":
            return image, category
        path = os.path.join(self.annotation_dir, _CALTECH101_ANNOTATION_NAMES.get(cls, cls),
                            f"annotation_{number:04d}.mat")
        if not os.path.exists(path):
            raise ValueError(f"The annotation file {path} does not exist or permission denied!")
        annotation = MatFile(path)["obj_contour"]
        return (image, annotation) if self.target_type == "annotation" else (image, category, annotation)

    def get_class_indexing(self) -> dict:
        raise NotImplementedError("Caltech101Dataset.get_class_indexing (MindSpore's fixed table of the 101 class "
                                  "names) is not provided by mindshim.")


__all__ = ["SVHNDataset", "Flowers102Dataset", "Caltech101Dataset"]
