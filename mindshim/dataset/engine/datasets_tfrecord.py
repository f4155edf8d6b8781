"""TFRecordDataset: tf.train.Example records, read without TensorFlow.

A TFRecord file is a run of records: uint64 length (little endian), uint32 masked crc32c of the length, the
payload, uint32 masked crc32c of the payload (the CRCs are not checked, as MindSpore does not). The payload is a
serialized Example: features (1) -> map entries (1) of key (1) and Feature (2), a Feature holding one of
bytes_list (1), float_list (2, float32) or int64_list (3), each a repeated field 1 (packed or not).

Without a schema the columns are the first record's features in name order: int64 -> int64, float -> float32,
bytes -> the bytes as a uint8 vector, each of shape (number of values,). A schema picks the columns, their dtype
(int64 values cast, "string" for bytes gives a str array) and shape (the values reshaped; -1 or no shape infers).
Sharding without `shard_equal_rows` gives whole files to shards (file i to shard i % num_shards).
"""
from __future__ import annotations

import gzip
import struct
import zlib
from typing import Any

import numpy as np

from mindshim.dataset.core.schema import Schema, _type_check, as_schema
from mindshim.dataset.engine.datasets_file_source import (
    FileSource, check_int_args, check_shard_options, find_files,
)


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7


def _fields(buf: bytes) -> list[tuple[int, int, Any]]:
    """(field number, wire type, value) of a protobuf message; length-delimited values as bytes."""
    out, pos, n = [], 0, len(buf)
    while pos < n:
        key, pos = _varint(buf, pos)
        field, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == 2:
            size, pos = _varint(buf, pos)
            value, pos = buf[pos:pos + size], pos + size
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
        out.append((field, wire, value))
    return out


def _feature(buf: bytes) -> tuple[str, list]:
    for field, _, payload in _fields(buf):
        values: list = []
        for f, wire, v in _fields(payload):
            if f != 1:
                continue
            if field == 1:
                values.append(bytes(v))
            elif field == 2:
                values.extend(struct.unpack(f"<{len(v) // 4}f", v) if wire == 2 else struct.unpack("<f", v))
            elif field == 3:
                if wire == 2:
                    pos = 0
                    while pos < len(v):
                        x, pos = _varint(v, pos)
                        values.append(x)
                else:
                    values.append(v)
        if field == 3:
            values = [x - (1 << 64) if x >= 1 << 63 else x for x in values]
        return {1: "bytes", 2: "float", 3: "int64"}.get(field, "none"), values
    return "none", []


def parse_example(buf: bytes) -> dict[str, tuple[str, list]]:
    features: dict[str, tuple[str, list]] = {}
    for field, _, payload in _fields(buf):
        if field != 1:
            continue
        for f, _, entry in _fields(payload):
            if f != 1:
                continue
            key, value = "", b""
            for ef, _, ev in _fields(entry):
                if ef == 1:
                    key = bytes(ev).decode("utf-8")
                elif ef == 2:
                    value = ev
            features[key] = _feature(value)
    return features


def read_records(path: str, compression: str) -> list[bytes]:
    with open(path, "rb") as f:
        data = f.read()
    if compression == "GZIP":
        data = gzip.decompress(data)
    elif compression == "ZLIB":
        data = zlib.decompress(data)
    records, pos = [], 0
    while pos < len(data):
        if pos + 12 > len(data):
            raise ValueError("truncated record header")
        (length,) = struct.unpack_from("<Q", data, pos)
        end = pos + 12 + length + 4
        if end > len(data):
            raise ValueError("truncated record")
        records.append(data[pos + 12:pos + 12 + length])
        pos = end
    return records


def _column(name: str, kind: str, values: list, spec: dict | None, path: str) -> np.ndarray:
    if spec is None:
        if kind == "bytes":
            return np.frombuffer(b"".join(values), dtype=np.uint8).copy()
        return np.array(values, dtype=np.float32 if kind == "float" else np.int64)
    dtype = spec["type"]
    if kind == "bytes":
        arr = np.array([v.decode("utf-8", errors="replace") for v in values]) if dtype == "string" \
            else np.frombuffer(b"".join(values), dtype=np.uint8).astype(dtype)
    else:
        arr = np.array(values, dtype=np.float32 if kind == "float" else np.int64)
        arr = arr.astype(str) if dtype == "string" else arr.astype(dtype)
    shape = spec["shape"]
    if shape is None:
        return arr
    known = int(np.prod([s for s in shape if s != -1])) if shape else 1
    if (-1 in shape and (known == 0 or arr.size % known)) or (-1 not in shape and known != arr.size):
        raise RuntimeError(f"map operation: [ParseExample] failed. The corresponding data file is: {path}. Column "
                           f"shape of {name} defined in schema does not match the shape actually load.")
    return arr.reshape(shape)


class TFRecordDataset(FileSource):
    _name = "TFRecordDataset"

    def __init__(self, dataset_files: Any, schema: Any = None, columns_list: list | None = None,
                 num_samples: int | None = None, num_parallel_workers: int | None = None, shuffle: Any = True,
                 num_shards: int | None = None, shard_id: int | None = None, shard_equal_rows: bool = False,
                 cache: Any = None, compression_type: str | None = None) -> None:
        if not isinstance(dataset_files, (str, list)):
            raise TypeError("dataset_files should be type str or a list of strings.")
        if not dataset_files:
            raise ValueError(f"Input dataset_files can not be empty, but got '{dataset_files}'.")
        check_int_args(locals())
        if columns_list is not None:
            _type_check(columns_list, (list,), "columns_list")
        if shard_equal_rows is not None:
            _type_check(shard_equal_rows, (bool,), "shard_equal_rows")
        if compression_type is not None and compression_type not in ("", "ZLIB", "GZIP"):
            raise ValueError("Input compression_type can only be either '' (no compression), 'ZLIB', or 'GZIP', "
                             f"but got '{compression_type}'.")
        check_shard_options(num_shards, shard_id)
        super().__init__([], num_samples, num_parallel_workers, shuffle, num_shards, shard_id)
        self._files = find_files(dataset_files)
        self._schema: Schema | None = as_schema(schema)
        if self._schema is not None and not num_samples:
            self._num_samples = self._schema.num_rows or 0
        self._columns_list = list(columns_list or [])
        self._equal_rows = bool(shard_equal_rows)
        self._compression = compression_type or ""
        self._names: list[str] | None = None
        self._parsed: dict[int, list[dict]] = {}

    def _examples(self, index: int) -> list[dict]:
        if index in self._parsed:
            return self._parsed[index]
        path = self._files[index]
        try:
            self._parsed[index] = [parse_example(r) for r in read_records(path, self._compression)]
            return self._parsed[index]
        except (ValueError, IndexError, struct.error, OSError, zlib.error) as err:
            raise RuntimeError("Invalid file. The following files either cannot be opened, or are not valid "
                               f"TFRecordDataset files: {path}") from err

    def _check_shards(self) -> None:
        if not self._equal_rows and len(self._files) < self._num_shards:
            raise RuntimeError("Invalid file, numbers of tfrecord file should not less than num_shards when "
                               f"shard_equal_rows is false, but got numbers of tfrecord file: {len(self._files)}, "
                               f"num_shards: {self._num_shards}")

    def get_col_names(self) -> list[str]:
        if self._names is None:
            self._check_shards()
            if self._schema is not None and self._schema.column_specs():
                available = [c["name"] for c in self._schema.column_specs()]
            else:
                first = next((ex for i in range(len(self._files)) for ex in self._examples(i)), {})
                available = sorted(first)
            for c in self._columns_list:
                if c not in available:
                    raise RuntimeError(f"Invalid columns_list, tfrecord file failed to find column name: {c}")
            self._names = list(self._columns_list) if self._columns_list else available
        return list(self._names)

    def _load(self, index: int) -> list[tuple]:
        names = self.get_col_names()
        specs = {c["name"]: c for c in self._schema.column_specs()} if self._schema is not None else {}
        path = self._files[index]
        rows = []
        for ex in self._examples(index):
            row = []
            for name in names:
                if name not in ex:
                    raise RuntimeError(f"map operation: [ParseExample] failed. The corresponding data file is: "
                                       f"{path}. Feature name: {name} is required in schema but could not be found "
                                       "in tfrecord file.")
                kind, values = ex[name]
                row.append(_column(name, kind, values, specs.get(name), path))
            rows.append(tuple(row))
        return rows

    def _count(self, index: int) -> int:
        return len(self._examples(index))

    def _size(self) -> int:
        self._check_shards()
        self.get_col_names()
        return super()._size()


__all__ = ["TFRecordDataset"]
