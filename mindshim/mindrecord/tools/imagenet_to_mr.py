"""mindspore.mindrecord.ImageNetToMR: an ImageNet-style folder of images (one directory per class) to MindRecord."""
from __future__ import annotations

import os
from typing import Iterator

from mindshim.mindrecord.common.exceptions import PathNotExistsError
from mindshim.mindrecord.filewriter import FileWriter
from mindshim.mindrecord.shardutils import SUCCESS, check_filename

_SCHEMA = {"label": {"type": "int32"}, "image": {"type": "bytes"}, "file_name": {"type": "string"}}
_BATCH = 256


class ImageNetToMR:
    """`map_file` lines are "<directory> <label>"; every non-empty `*.JPEG`/`*.jpg` file of a listed directory of
    `image_dir` becomes a row {"label", "image" (the file's bytes), "file_name" (image_dir/directory/file)}."""

    def __init__(self, map_file: str, image_dir: str, destination: str, partition_number: int = 1) -> None:
        check_filename(map_file)
        self.map_file = map_file
        check_filename(image_dir)
        self.image_dir = image_dir
        check_filename(destination)
        self.destination = destination
        if partition_number is None or not isinstance(partition_number, int):
            raise ValueError("The parameter partition_number must be int")
        self.partition_number = partition_number
        self.writer = FileWriter(self.destination, self.partition_number)

    def _rows(self) -> Iterator[dict]:
        path = os.path.realpath(self.map_file)
        if not os.path.exists(path):
            raise IOError(f"map file {self.map_file} not exists")
        class_dir = {}
        with open(path, "r") as f:
            for line in f:
                parts = line.split(" ")
                class_dir[parts[1]] = parts[0]  # keyed by the label text as MindSpore does (last one wins)
        dirs = {label: os.path.join(self.image_dir, d) for label, d in class_dir.items()
                if os.path.isdir(os.path.join(self.image_dir, d))}
        if not dirs:
            raise PathNotExistsError(f"not valid image dir in {self.image_dir}")
        for label, folder in dirs.items():
            for item in os.listdir(folder):
                if not item.endswith("JPEG") and not item.endswith("jpg"):
                    continue
                file_name = os.path.join(folder, item)
                with open(os.path.realpath(file_name), "rb") as f:
                    image = f.read()
                if image:
                    yield {"file_name": str(file_name), "label": int(label), "image": image}

    def run(self):
        self.writer.set_header_size(1 << 24)
        self.writer.set_page_size(1 << 26)
        self.writer.add_schema(dict(_SCHEMA), "imagenet_schema")
        self.writer.add_index(["label", "file_name"])
        batch: list[dict] = []
        for row in self._rows():
            batch.append(row)
            if len(batch) == _BATCH:
                self.writer.write_raw_data(batch, True)
                batch = []
        if batch:
            self.writer.write_raw_data(batch, True)
        self.writer.commit()
        return SUCCESS

    def transform(self) -> None:
        self.run()


__all__ = ["ImageNetToMR"]
