"""VOCDataset and CocoDataset: detection/segmentation readers over the Pascal VOC and COCO folder layouts.

Annotations are parsed on first use (MindSpore parses them when the pipeline starts, so a bad file raises
RuntimeError from get_dataset_size or iteration, not from the constructor).
- VOC Detection: bbox float32 (n, 4) as [xmin, ymin, xmax - xmin, ymax - ymin]; label/difficult/truncate uint32
  (n, 1). Objects whose name is not in a given class_indexing are dropped, then images left with none.
  Without class_indexing the names found are numbered in sorted order.
- COCO: images in the order of the file's "images" list, those without annotations dropped; the Stuff task pads
  the polygons (one row each, an RLE `counts` list is one row) with -1 to the longest.
"""
from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from typing import Any

import numpy as np

from mindshim.dataset.engine.datasets_vision_base import LazyReader, check_common, check_dir, check_file, \
    read_image, type_check


def _meta(columns: list[str], extra: bool) -> list[str]:
    return columns + ["_meta-filename"] if extra else columns


class VOCDataset(LazyReader):
    def __init__(self, dataset_dir: str, task: str = "Segmentation", usage: str = "train",
                 class_indexing: dict | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: bool | None = None, decode: bool = False,
                 sampler: Any = None, num_shards: int | None = None, shard_id: int | None = None, cache: Any = None,
                 extra_metadata: bool = False, decrypt: Any = None) -> None:
        check_dir(dataset_dir)
        type_check(task, (str,), "task")
        type_check(usage, (str,), "usage")
        root = os.path.realpath(dataset_dir)
        if task == "Segmentation":
            listing = os.path.join(root, "ImageSets", "Segmentation", usage + ".txt")
            if class_indexing is not None:
                raise ValueError("class_indexing is not supported in Segmentation task.")
        elif task == "Detection":
            listing = os.path.join(root, "ImageSets", "Main", usage + ".txt")
        else:
            raise ValueError("Invalid task : " + task + ".")
        if decrypt is not None and not callable(decrypt):
            raise TypeError(f"Argument decrypt is not a callable object, but got {type(decrypt)}")
        check_file(listing)
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        if class_indexing is not None:
            type_check(class_indexing, (dict,), "class_indexing")
        columns = ["image", "target"] if task == "Segmentation" else ["image", "bbox", "label", "difficult",
                                                                      "truncate"]
        super().__init__(_meta(columns, extra_metadata), sampler, shuffle, num_samples, num_shards, shard_id)
        self.dataset_dir, self.task, self.usage = root, task, usage
        self.class_indexing = dict(class_indexing) if class_indexing else {}
        self._given_indexing = bool(class_indexing)
        self.decode, self.extra_metadata, self.decrypt = decode, extra_metadata, decrypt
        self._listing = listing

    def _parse(self) -> list:
        with open(self._listing, encoding="utf-8") as f:
            ids = [line.rstrip("\r\n") for line in f if line.strip()]
        if self.task == "Segmentation":
            return [(i, None) for i in ids]
        items, names = [], set()
        for i in ids:
            objs = self._objects(os.path.join(self.dataset_dir, "Annotations", i + ".xml"))
            if self._given_indexing:
                objs = [o for o in objs if o[0] in self.class_indexing]
            names.update(o[0] for o in objs)
            if objs:
                items.append((i, objs))
        if not self._given_indexing:
            self.class_indexing = {n: k for k, n in enumerate(sorted(names))}
        return items

    @staticmethod
    def _objects(path: str) -> list:
        if not os.path.isfile(path):
            raise RuntimeError(f"Invalid file, failed to open annotation file: {path}")
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError as err:
            raise RuntimeError(f"Invalid xml, failed to parse annotation file: {path}: {err}") from err
        objs = root.findall("object")
        if not objs:
            raise RuntimeError(f"Invalid data, no object found in {path}")
        out = []
        for obj in objs:
            def num(node: Any, tag: str) -> float:
                found = node.find(tag) if node is not None else None
                return float(found.text) if found is not None and found.text else 0.0
            box = obj.find("bndbox")
            if box is None:
                raise RuntimeError(f"Invalid data, bndbox dismatch in {path}")
            x0, y0, x1, y1 = (num(box, t) for t in ("xmin", "ymin", "xmax", "ymax"))
            if not (x0 > 0 and y0 > 0 and x1 > x0 and y1 > y0):
                raise RuntimeError(f"Invalid bndbox, the coordinate of bndbox in {path} should be greater than 0, "
                                   f"but got {{{x0:g}, {y0:g}, {x1:g}, {y1:g}}}")
            name_node = obj.find("name")
            name = name_node.text.strip() if name_node is not None and name_node.text else ""
            out.append((name, [x0, y0, x1 - x0, y1 - y0], int(num(obj, "difficult")), int(num(obj, "truncated"))))
        return out

    def _row(self, index: int) -> tuple:
        image_id, objs = self._loaded()[index]
        image = read_image(os.path.join(self.dataset_dir, "JPEGImages", image_id + ".jpg"), self.decode, self.decrypt)
        meta = (np.asarray(image_id),) if self.extra_metadata else ()
        if objs is None:
            target = read_image(os.path.join(self.dataset_dir, "SegmentationClass", image_id + ".png"), self.decode,
                                self.decrypt)
            return (image, target) + meta
        col = lambda vals: np.asarray(vals, dtype=np.uint32).reshape(-1, 1)  # noqa: E731
        return (image, np.asarray([o[1] for o in objs], dtype=np.float32),
                col([self.class_indexing[o[0]] for o in objs]), col([o[2] for o in objs]),
                col([o[3] for o in objs])) + meta

    def get_class_indexing(self) -> dict:
        if self.task != "Detection":
            raise NotImplementedError("Only 'Detection' support get_class_indexing.")
        self._loaded()
        return dict(self.class_indexing)


_COCO_COLUMNS = {"Detection": ["image", "bbox", "category_id", "iscrowd"],
                 "Stuff": ["image", "segmentation", "iscrowd"],
                 "Keypoint": ["image", "keypoints", "num_keypoints"],
                 "Panoptic": ["image", "bbox", "category_id", "iscrowd", "area"],
                 "Captioning": ["image", "captions"]}


class CocoDataset(LazyReader):
    def __init__(self, dataset_dir: str, annotation_file: str, task: str = "Detection",
                 num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: bool | None = None, decode: bool = False, sampler: Any = None,
                 num_shards: int | None = None, shard_id: int | None = None, cache: Any = None,
                 extra_metadata: bool = False, decrypt: Any = None) -> None:
        check_dir(dataset_dir)
        check_file(annotation_file, "annotation_file")
        type_check(task, (str,), "task")
        if task not in _COCO_COLUMNS:
            raise ValueError("Invalid task type: " + task + ".")
        if decrypt is not None and not callable(decrypt):
            raise TypeError(f"Argument decrypt is not a callable object, but got {type(decrypt)}")
        check_common(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                     bools={"decode": decode})
        super().__init__(_meta(list(_COCO_COLUMNS[task]), extra_metadata), sampler, shuffle, num_samples,
                         num_shards, shard_id)
        self.dataset_dir, self.annotation_file, self.task = dataset_dir, annotation_file, task
        self.decode, self.extra_metadata, self.decrypt = decode, extra_metadata, decrypt
        self._classes: dict = {}

    def _bad(self, what: str) -> RuntimeError:
        return RuntimeError(f"Invalid annotation, the attribute of '{what}' is missing in annotation file: "
                            f"{os.path.realpath(self.annotation_file)}.")

    def _get(self, obj: dict, key: str) -> Any:
        if not isinstance(obj, dict) or key not in obj:
            raise self._bad(key)
        return obj[key]

    def _parse(self) -> list:
        try:
            with open(self.annotation_file, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as err:
            raise RuntimeError(f"Invalid annotation file {self.annotation_file}: {err}") from err
        files = {}
        for img in self._get(doc, "images"):
            files.setdefault(self._get(img, "id"), self._get(img, "file_name"))
        per_image: dict = {}
        for ann in self._get(doc, "annotations"):
            image_id = self._get(ann, "image_id")
            if image_id not in files:
                raise RuntimeError(f"Invalid annotation, image id {image_id} in {self.annotation_file} "
                                   "is not in the 'images' list.")
            per_image.setdefault(files[image_id], []).append(self._entry(ann))
        if self.task in ("Detection", "Panoptic"):
            for cat in self._get(doc, "categories"):
                value = [self._get(cat, "id")]
                if self.task == "Panoptic":
                    value.append(self._get(cat, "isthing"))
                self._classes[self._get(cat, "name")] = value
        seen, items = set(), []
        for img in doc["images"]:
            name = img["file_name"]
            if name in per_image and name not in seen:
                seen.add(name)
                items.append((name, per_image[name]))
        return items

    def _entry(self, ann: dict) -> Any:
        task = self.task
        if task == "Detection":
            return [(self._get(ann, "bbox"), self._get(ann, "category_id"), ann.get("iscrowd", 0))]
        if task == "Stuff":
            crowd = self._get(ann, "iscrowd")
            seg = self._get(ann, "segmentation")
            rows = [self._get(seg, "counts")] if crowd else list(seg)
            return [(rows, crowd)]
        if task == "Keypoint":
            return [(self._get(ann, "keypoints"), self._get(ann, "num_keypoints"))]
        if task == "Panoptic":
            return [(self._get(s, "bbox"), self._get(s, "category_id"), self._get(s, "iscrowd"), self._get(s, "area"))
                    for s in self._get(ann, "segments_info")]
        return [self._get(ann, "caption")]

    def _row(self, index: int) -> tuple:
        name, entries = self._loaded()[index]
        flat = [e for group in entries for e in group]
        image = read_image(os.path.join(self.dataset_dir, name), self.decode, self.decrypt)
        u32 = lambda vals: np.asarray(vals, dtype=np.uint32).reshape(-1, 1)  # noqa: E731
        f32 = lambda vals: np.asarray(vals, dtype=np.float32).reshape(len(vals), -1)  # noqa: E731
        if self.task in ("Detection", "Panoptic"):
            cols = (f32([e[0] for e in flat]), u32([e[1] for e in flat]), u32([e[2] for e in flat]))
            if self.task == "Panoptic":
                cols += (u32([e[3] for e in flat]),)
        elif self.task == "Stuff":
            polys = [p for e in flat for p in e[0]]
            width = max(len(p) for p in polys)
            seg = np.full((len(polys), width), -1.0, dtype=np.float32)
            for k, p in enumerate(polys):
                seg[k, :len(p)] = p
            cols = (seg, u32([e[1] for e in flat]))
        elif self.task == "Keypoint":
            cols = (f32([e[0] for e in flat]), u32([e[1] for e in flat]))
        else:
            cols = (np.asarray(flat, dtype=str).reshape(-1, 1),)
        meta = (np.asarray(os.path.splitext(name)[0]),) if self.extra_metadata else ()
        return (image,) + cols + meta

    def get_class_indexing(self) -> dict:
        if self.task not in ("Detection", "Panoptic"):
            raise NotImplementedError("Only 'Detection' and 'Panoptic' support get_class_indexing.")
        self._loaded()
        return {k: list(v) for k, v in self._classes.items()}


__all__ = ["VOCDataset", "CocoDataset"]
