"""More on-disk vision readers.

- SUN397Dataset: `ClassName.txt` lists the class folders (`/a/abbey`, ...); each folder's `sun_*.jpg` files, in
  sorted name order, get the class's line index as label (uint32).
- WIDERFaceDataset: images walked under `WIDER_<split>/images/` (event folders sorted, files in directory-listing
  order, as MindSpore walks them), annotations looked up
  in `wider_face_split/wider_face_<split>_bbx_gt.txt` (name, count, then count lines of 10 ints: x y w h, then
  blur expression illumination occlusion pose invalid by position, as MindSpore maps them; a count of 0 is still
  followed by one line, which is read; a missing file or entry gives empty arrays). Columns image (uint8) and
  bbox (n, 4) / blur / expression / illumination / occlusion / pose / invalid (n,), all int32 as
  MindSpore gives them; usage "test" has only the image column.
- KITTIDataset: as many rows as `data_object_image_2/<training|testing>/image_2/` holds entries, read as
  `%06d.png` from 0 with labels `data_object_label_2/training/label_2/%06d.txt` (all required when the pipeline
  starts). label is the index of the object type among the sorted type names found in all the split's label files.
- FlickrDataset: `annotation_file` lines `<image>#<k><TAB><caption>`; one row per image in sorted name order, the
  annotation column holding its captions (a 1-D string array, file order).
- CityscapesDataset: `leftImg8bit/<split>/<city>/<x>_leftImg8bit.png` (cities and files sorted) with
  `gtFine|gtCoarse/<split>/<city>/<x>_gt<Mode>_{instanceIds,labelIds,color}.png` (task column, decoded like the
  image) or `..._polygons.json` (task column: the JSON re-serialized compactly with sorted keys, a string).
- RenderedSST2Dataset: `<usage>/<class>/*.png` (usage "all": test, train, val), classes and files sorted, label
  uint32 the class index.
"""
from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from mindshim.dataset.engine.datasets_vision_base import (
    LazyReader, check_choice, check_common, check_dir, check_file, optional_choice, read_image, type_check,
)


def _read_lines(path: str, name: str) -> list[str]:
    try:
        with open(path, "r", encoding="utf-8") as f:
            return f.read().splitlines()
    except OSError as err:
        raise RuntimeError(f"Invalid file, {name} failed to open {path}: {err}") from err


def _sorted_files(folder: str) -> list[str]:
    if not os.path.isdir(folder):
        raise RuntimeError(f"Invalid path, failed to open dir: {folder}, not exists or permission denied.")
    return sorted(f for f in os.listdir(folder) if os.path.isfile(os.path.join(folder, f)))


class SUN397Dataset(LazyReader):
    def __init__(self, dataset_dir: str, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, decode: bool = False, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.decode = dataset_dir, decode

    def _parse(self) -> list:
        classes = [c.strip() for c in _read_lines(os.path.join(self.dataset_dir, "ClassName.txt"), "SUN397Dataset")]
        items = []
        for label, cls in enumerate(c for c in classes if c):
            folder = os.path.join(self.dataset_dir, cls.lstrip("/"))
            items += [(os.path.join(folder, f), label) for f in _sorted_files(folder)
                      if f.startswith("sun_") and f.endswith(".jpg")]
        return items

    def _row(self, index: int) -> tuple:
        path, label = self._loaded()[index]
        return read_image(path, self.decode), np.asarray(label, dtype=np.uint32)


_WIDER_ATTRS = ["blur", "expression", "illumination", "occlusion", "pose", "invalid"]


class WIDERFaceDataset(LazyReader):
    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, decode: bool = False,
                 sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None) -> None:
        check_dir(dataset_dir)
        usage = optional_choice(usage, ["train", "test", "valid", "all"], "usage", "all")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        self.dataset_dir, self.usage, self.decode = dataset_dir, usage, decode
        columns = ["image"] if self.usage == "test" else ["image", "bbox"] + _WIDER_ATTRS
        super().__init__(columns, sampler, shuffle, num_samples, num_shards, shard_id)

    def _annotations(self, split: str) -> dict:
        path = os.path.join(self.dataset_dir, "wider_face_split", f"wider_face_{split}_bbx_gt.txt")
        if not os.path.isfile(path):
            return {}
        lines = _read_lines(path, "WIDERFaceDataset")
        boxes, i = {}, 0
        try:
            while i < len(lines):
                name = lines[i].strip()
                i += 1
                if not name:
                    continue
                count = int(lines[i].strip())
                rows = [[int(v) for v in line.split()[:10]] for line in lines[i + 1:i + 1 + max(count, 1)]]
                i += 1 + max(count, 1)
                boxes[name] = np.asarray(rows, dtype=np.int32).reshape(-1, 10)
        except (ValueError, IndexError) as err:
            raise RuntimeError(f"Invalid data, WIDERFaceDataset failed to parse the {split} annotations: {err}") \
                from err
        return boxes

    def _parse(self) -> list:
        splits = {"train": ["train"], "valid": ["val"], "test": ["test"], "all": ["train", "val"]}[self.usage]
        items = []
        for split in splits:
            root = os.path.join(self.dataset_dir, f"WIDER_{split}", "images")
            boxes = None if split == "test" else self._annotations(split)
            if not os.path.isdir(root):
                raise RuntimeError(f"Invalid path, failed to open dir: {root}, not exists or permission denied.")
            for event in sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))):
                folder = os.path.join(root, event)
                for f in (f for f in os.listdir(folder) if os.path.isfile(os.path.join(folder, f))):
                    ann = None if boxes is None else boxes.get(f"{event}/{f}", np.zeros((0, 10), np.int32))
                    items.append((os.path.join(folder, f), ann))
        return items

    def _row(self, index: int) -> tuple:
        path, ann = self._loaded()[index]
        image = read_image(path, self.decode)
        if ann is None:
            return (image,)
        cols = {"blur": 4, "expression": 5, "illumination": 6, "occlusion": 7, "pose": 8, "invalid": 9}
        return (image, np.ascontiguousarray(ann[:, :4])) + tuple(np.ascontiguousarray(ann[:, cols[a]])
                                                                for a in _WIDER_ATTRS)


_KITTI_COLUMNS = ["image", "label", "truncated", "occluded", "alpha", "bbox", "dimensions", "location", "rotation_y"]


class KITTIDataset(LazyReader):
    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, decode: bool = False,
                 sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None) -> None:
        check_dir(dataset_dir)
        usage = optional_choice(usage, ["train", "test"], "usage", "train")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        self.dataset_dir, self.usage, self.decode = dataset_dir, usage, decode
        super().__init__(["image"] if self.usage == "test" else _KITTI_COLUMNS, sampler, shuffle, num_samples,
                         num_shards, shard_id)

    def _parse(self) -> list:
        part = "training" if self.usage == "train" else "testing"
        image_dir = os.path.join(self.dataset_dir, "data_object_image_2", part, "image_2")
        if not os.path.isdir(image_dir):
            raise RuntimeError(f"Invalid path, failed to open dir: {image_dir}, not exists or permission denied.")
        count = len(os.listdir(image_dir))
        images = [os.path.join(image_dir, "%06d.png" % i) for i in range(count)]
        if self.usage == "test":
            return [(p, None) for p in images]
        label_dir = os.path.join(self.dataset_dir, "data_object_label_2", part, "label_2")
        objects = []
        for i in range(count):
            path = os.path.join(label_dir, "%06d.txt" % i)
            if not os.path.isfile(path):
                raise RuntimeError(f"Invalid path, {path} does not exist.")
            rows = [line.split() for line in _read_lines(path, "KITTIDataset") if line.strip()]
            if any(len(r) < 15 for r in rows):
                raise RuntimeError(f"Invalid data, KITTIDataset: {path} has a line with fewer than 15 fields.")
            objects.append(rows)
        names = sorted({r[0] for rows in objects for r in rows})
        index = {n: k for k, n in enumerate(names)}
        return [(p, [(index[r[0]], [float(v) for v in r[1:15]]) for r in rows]) for p, rows in zip(images, objects)]

    def _row(self, index: int) -> tuple:
        path, objs = self._loaded()[index]
        image = read_image(path, self.decode)
        if objs is None:
            return (image,)
        labels = np.asarray([[k] for k, _ in objs], dtype=np.uint32).reshape(-1, 1)
        vals = np.asarray([v for _, v in objs], dtype=np.float64).reshape(-1, 14)
        occluded = vals[:, 1:2].astype(np.int64).astype(np.uint32)  # -1 wraps as in MindSpore
        f32 = vals.astype(np.float32)
        return (image, labels, f32[:, 0:1], occluded, f32[:, 2:3], f32[:, 3:7], f32[:, 7:10], f32[:, 10:13],
                f32[:, 13:14])


class FlickrDataset(LazyReader):
    def __init__(self, dataset_dir: str, annotation_file: str, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, decode: bool | None = None,
                 sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None) -> None:
        check_dir(dataset_dir)
        check_file(annotation_file, "annotation_file")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        super().__init__(["image", "annotation"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.annotation_file, self.decode = dataset_dir, annotation_file, bool(decode)

    def _parse(self) -> list:
        captions: dict[str, list[str]] = {}
        for line in _read_lines(self.annotation_file, "FlickrDataset"):
            if not line.strip():
                continue
            name, tab, caption = line.partition("\t")
            if tab:
                name = name.split("#")[0]
            path = os.path.join(self.dataset_dir, name)
            if not os.path.isfile(path):
                raise RuntimeError(f"Invalid file path, flickr dataset file: {path} does not exist.")
            captions.setdefault(name, []).append(caption)
        return [(os.path.join(self.dataset_dir, n), captions[n]) for n in sorted(captions)]

    def _row(self, index: int) -> tuple:
        path, caps = self._loaded()[index]
        return read_image(path, self.decode), np.asarray(caps, dtype=np.str_)


_CITY_SUFFIX = {"instance": "instanceIds.png", "semantic": "labelIds.png", "color": "color.png",
                "polygon": "polygons.json"}


class CityscapesDataset(LazyReader):
    def __init__(self, dataset_dir: str, usage: str = "train", quality_mode: str = "fine", task: str = "instance",
                 num_samples: int | None = None, num_parallel_workers: int | None = None, shuffle: bool | None = None,
                 decode: bool | None = None, sampler: Any = None, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        check_dir(dataset_dir)
        type_check(task, (str,), "task")
        check_choice(task, list(_CITY_SUFFIX), "task")
        type_check(quality_mode, (str,), "quality_mode")
        check_choice(quality_mode, ["fine", "coarse"], "quality_mode")
        type_check(usage, (str,), "usage")
        splits = ["train", "test", "val"] if quality_mode == "fine" else ["train", "train_extra", "val"]
        check_choice(usage, splits + ["all"], "usage")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        super().__init__(["image", "task"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.usage, self.quality_mode, self.task = dataset_dir, usage, quality_mode, task
        self.decode, self._splits = bool(decode), splits if usage == "all" else [usage]

    def _parse(self) -> list:
        gt = "gtFine" if self.quality_mode == "fine" else "gtCoarse"
        items = []
        for split in self._splits:
            image_root = os.path.join(self.dataset_dir, "leftImg8bit", split)
            if not os.path.isdir(image_root):
                raise RuntimeError(f"Invalid path, Cityscapes Dataset image dir: {image_root} is not a directory path.")
            for city in sorted(os.listdir(image_root)):
                if not os.path.isdir(os.path.join(image_root, city)):
                    continue
                for f in _sorted_files(os.path.join(image_root, city)):
                    stem = f.split("_leftImg8bit")[0]
                    items.append((os.path.join(image_root, city, f), os.path.join(
                        self.dataset_dir, gt, split, city, f"{stem}_{gt}_{_CITY_SUFFIX[self.task]}")))
        return items

    def _row(self, index: int) -> tuple:
        image_path, task_path = self._loaded()[index]
        if self.task != "polygon":
            return read_image(image_path, self.decode), read_image(task_path, self.decode)
        try:
            with open(task_path, "r", encoding="utf-8") as f:
                text = json.dumps(json.load(f), separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        except (OSError, ValueError) as err:
            raise RuntimeError(f"Invalid file, Cityscapes failed to read {task_path}: {err}") from err
        return read_image(image_path, self.decode), np.asarray(text, dtype=np.str_)


class RenderedSST2Dataset(LazyReader):
    def __init__(self, dataset_dir: str, usage: str | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, decode: bool = False,
                 sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None) -> None:
        check_dir(dataset_dir)
        usage = optional_choice(usage, ["val", "all", "train", "test"], "usage", "all")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        super().__init__(["image", "label"], sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.usage, self.decode = dataset_dir, usage, decode

    def _parse(self) -> list:
        items = []
        for split in ["test", "train", "val"] if self.usage == "all" else [self.usage]:
            root = os.path.join(self.dataset_dir, split)
            if not os.path.isdir(root):
                raise RuntimeError(f"Invalid path, failed to open dir: {root}, not exists or permission denied.")
            classes = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
            for label, cls in enumerate(classes):
                items += [(os.path.join(root, cls, f), label) for f in _sorted_files(os.path.join(root, cls))
                          if f.endswith(".png")]
        return items

    def _row(self, index: int) -> tuple:
        path, label = self._loaded()[index]
        return read_image(path, self.decode), np.asarray(label, dtype=np.uint32)


__all__ = ["SUN397Dataset", "WIDERFaceDataset", "KITTIDataset", "FlickrDataset", "CityscapesDataset",
           "RenderedSST2Dataset"]
