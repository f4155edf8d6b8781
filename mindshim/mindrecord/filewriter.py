"""mindspore.mindrecord.FileWriter: write rows into MindRecord files (a shard set plus one SQLite index each)."""
from __future__ import annotations

import logging
import os
import re
import stat
import struct

import numpy as np

from mindshim.mindrecord import _msgpack
from mindshim.mindrecord import shardformat as F
from mindshim.mindrecord.common.exceptions import (
    MRMDefineIndexError, MRMInvalidSchemaError, ParamTypeError, ParamValueError)
from mindshim.mindrecord.shardutils import check_filename
from mindshim.mindrecord.shardwriter import ShardSetWriter, build_index, index_fields_of

logger = logging.getLogger("mindshim.mindrecord")

# python type name of a value -> schema types it may fill (MindSpore's table, including its substring test)
_VALUE_TYPES = {"int": ["int32", "int64"], "float": ["float32", "float64"], "str": "string", "bytes": "bytes",
                "int32": "int32", "int64": "int64", "float32": "float32", "float64": "float64",
                "ndarray": ["int32", "int64", "float32", "float64"]}


class FileWriter:
    def __init__(self, file_name: str, shard_num: int = 1, overwrite: bool = False) -> None:
        check_filename(file_name)
        if shard_num is None:
            raise ParamValueError("Parameter shard_num is None.")
        if not isinstance(shard_num, int):
            raise ParamValueError("Parameter shard_num's type is not int.")
        if not F.MIN_SHARD_COUNT <= shard_num <= F.MAX_SHARD_COUNT:
            raise ParamValueError(f"Parameter shard_num's value: {shard_num} should between "
                                  f"{F.MIN_SHARD_COUNT} and {F.MAX_SHARD_COUNT}.")
        if not isinstance(overwrite, bool):
            raise ParamValueError("Parameter overwrite's type is not bool.")
        self._file_name = file_name
        width = len(str(shard_num - 1))
        self._paths = [file_name] if shard_num == 1 else [f"{file_name}{str(i).rjust(width, '0')}"
                                                          for i in range(shard_num)]
        self._overwrite = overwrite
        self._header_size, self._page_size = F.DEFAULT_HEADER_SIZE, F.DEFAULT_PAGE_SIZE
        self._schema: dict | None = None
        self._desc = ""
        self._index: list[str] | None = None
        self._writer: ShardSetWriter | None = None
        self._header: dict | None = None
        self._created: list[str] = []
        self._append = False
        self._flush = False
        self._parallel: bool | None = None
        self._next_shard = 0

    @classmethod
    def open_for_append(cls, file_name: str) -> "FileWriter":
        check_filename(file_name)
        if not os.path.isfile(file_name):
            raise RuntimeError(f"Invalid file, mindrecord file: {file_name} does not exist.")
        header = F.read_header(file_name)
        inst = cls(file_name)
        inst._append = True
        inst._header = header
        meta = header["schema"][0]
        inst._schema, inst._desc = meta["schema"], meta["desc"]
        inst._index = index_fields_of(header)
        inst._header_size, inst._page_size = header["header_size"], header["page_size"]
        f = open(file_name, "r+b")
        inst._writer = ShardSetWriter([file_name], header, inst._header_size, inst._page_size, [f])
        return inst

    # ----- schema -----
    def add_schema(self, content: dict, desc: str | None = None) -> int:
        ok, error = self._validate_schema(content)
        if not ok:
            raise MRMInvalidSchemaError(error)
        self._schema = {k: dict(v) for k, v in content.items()}
        self._desc = desc if desc else ""
        return 0

    @staticmethod
    def _validate_schema(content) -> tuple[bool, str]:
        if not content:
            return False, "Schema content is empty."
        if not isinstance(content, dict):
            return False, "Schema content should be dict."
        for k, v in content.items():
            if not re.match(r"^[0-9a-zA-Z_]+$", k):
                return False, f"Field '{k}' should be composed of '0-9' or 'a-z' or 'A-Z' or '_'."
            if not v or not isinstance(v, dict):
                return False, f"Field '{k}' should be dict."
            if len(v) == 1 and "type" in v:
                if v["type"] not in F.VALID_ATTRIBUTES:
                    return False, f"Field '{k}' contain illegal attribute '{v['type']}'."
            elif len(v) == 2 and "type" in v:
                if v["type"] not in F.VALID_ARRAY_ATTRIBUTES:
                    return False, f"Field '{k}' contain illegal attribute '{v['type']}'."
                if "shape" not in v:
                    return False, f"Field '{v}' contains illegal attributes."
                if not isinstance(v["shape"], list):
                    return False, f"Field '{k}' contain illegal attribute '{v['shape']}'."
            else:
                return False, f"Field '{v}' contains illegal attributes."
        return True, ""

    def add_index(self, index_fields: list[str]) -> None:
        if not index_fields or not isinstance(index_fields, list):
            raise ParamTypeError("index_fields", "list")
        blobs = F.blob_fields(self._schema or {})
        for field in index_fields:
            if field in blobs:
                raise MRMDefineIndexError(f"Failed to set field {field} since it's not primitive type.")
            if not isinstance(field, str):
                raise ParamTypeError("index field", "str")
        for field in index_fields:
            if self._schema is None or field not in self._schema:
                raise RuntimeError(f"Invalid input, 'index_fields': {field} can not found in schema.")
        self._index = list(index_fields)

    def set_header_size(self, header_size: int) -> None:
        if not isinstance(header_size, int) or not F.MIN_HEADER_SIZE <= header_size <= F.MAX_HEADER_SIZE:
            raise RuntimeError(f"Invalid data, header size: {header_size} should be in range "
                               f"[{F.MIN_HEADER_SIZE} bytes, {F.MAX_HEADER_SIZE} bytes].")
        self._header_size = header_size

    def set_page_size(self, page_size: int) -> None:
        if not isinstance(page_size, int) or not F.MIN_PAGE_SIZE <= page_size <= F.MAX_PAGE_SIZE:
            raise RuntimeError(f"Invalid data, page size: {page_size} should be in range "
                               f"[{F.MIN_PAGE_SIZE} bytes, {F.MAX_PAGE_SIZE} bytes].")
        self._page_size = page_size

    # ----- writing -----
    def _open(self) -> None:
        if self._writer is not None:
            return
        if self._schema is None:
            raise RuntimeError("Invalid data, schema is not found in header, please use 'add_schema' to add a "
                               "schema for new mindrecord files.")
        for p in self._paths:
            if not self._overwrite and (os.path.exists(p) or os.path.exists(p + ".db")):
                raise RuntimeError(f"Invalid file, mindrecord files already exist. Please check file path: {p}.")
        for p in self._paths:
            for q in (p, p + ".db"):
                if os.path.exists(q):
                    os.remove(q)
        files = []
        for p in self._paths:
            files.append(open(p, "w+b"))
            self._created.append(p)
        raw_fields = sorted(k for k in self._schema if not F.is_blob(self._schema[k]))
        index = self._index if self._index is not None else raw_fields
        self._header = {
            "header_size": self._header_size, "index_fields": [{"index_field": f, "schema_id": 0} for f in index]
            or None, "page": [], "page_size": self._page_size, "compression_size": 0,
            "schema": [{"blob_fields": F.blob_fields(self._schema), "desc": self._desc, "schema": self._schema}],
            "shard_addresses": [os.path.basename(p) for p in self._paths], "shard_id": 0, "statistics": None,
            "version": F.VERSION}
        self._writer = ShardSetWriter(self._paths, self._header, self._header_size, self._page_size, files)

    def _verify(self, raw_data: list) -> None:
        """Drop (with a warning) the rows that do not match the schema, as MindSpore does."""
        bad: dict[int, str] = {}
        for field, spec in self._schema.items():
            for i, row in enumerate(raw_data):
                if i in bad:
                    continue
                if field not in row:
                    bad[i] = f"for schema, {i} th data is wrong, there is not field: '{field}' in the raw data."
                    continue
                kind = type(row[field]).__name__
                if kind not in _VALUE_TYPES or spec["type"] not in _VALUE_TYPES[kind]:
                    named = kind if kind not in _VALUE_TYPES else spec["type"]
                    bad[i] = f"for schema, {i} th data is wrong, data type: '{named}' for field: '{field}' is " \
                             "not matched."
                    continue
                if kind == "ndarray":
                    v = row[field]
                    if "shape" not in spec:
                        bad[i] = f"for schema, {i} th data is wrong, data shape for field: '{field}' is not specified."
                    elif spec["type"] != str(v.dtype):
                        bad[i] = f"for schema, {i} th data is wrong, data type: '{v.dtype}' for field: '{field}' " \
                                 "is not matched."
                    else:
                        try:
                            np.reshape(v, spec["shape"])
                        except ValueError:
                            bad[i] = f"for schema, {i} th data is wrong, data shape: '{v.shape}' for field: " \
                                     f"'{field}' is not matched."
        for i, message in sorted(bad.items(), reverse=True):
            raw_data.pop(i)
            logger.warning(message)

    def write_raw_data(self, raw_data: list, parallel_writer: bool = False) -> None:
        if not isinstance(parallel_writer, bool):
            raise TypeError("The parameter `parallel_writer` must be bool.")
        if self._parallel is None:
            self._parallel = parallel_writer
        if self._parallel != parallel_writer:
            raise RuntimeError("The parameter `parallel_writer` must be consistent during use.")
        if self._parallel and self._writer is None:
            # MindSpore's parallel workers open fresh shard writers: set_header_size/set_page_size do not reach them
            self._header_size, self._page_size = F.DEFAULT_HEADER_SIZE, F.DEFAULT_PAGE_SIZE
        self._open()
        if not isinstance(raw_data, list):
            raise ParamTypeError("raw_data", "list")
        if self._flush and not self._append:
            raise RuntimeError("Not allowed to call `write_raw_data` on flushed MindRecord files.When creating new "
                               "MindRecord files, please remove `commit` before `write_raw_data`. In other cases, "
                               "when appending to existing MindRecord files, please call `open_for_append` first "
                               "and then `write_raw_data`.")
        for row in raw_data:
            if not isinstance(row, dict):
                raise ParamTypeError("raw_data item", "dict")
        self._verify(raw_data)
        if not raw_data:
            raise RuntimeError("There is no valid data which can be written by 'write_raw_data' to mindrecord file. "
                               "Please check the abnormal input data indicated in the warning log above.")
        schema = self._schema
        blobs = F.blob_fields(schema)
        raw_fields = [k for k in schema if k not in blobs]
        raw_rows, blob_rows, saved = [], [], 0
        for row in raw_data:
            values = {f: row[f].item() if isinstance(row[f], np.generic) else row[f] for f in raw_fields if f in row}
            packed = _msgpack.pack_map(values or {"id": 0})
            raw_rows.append(struct.pack("<Q", len(packed)) + packed)
            if blobs:
                parts = {}
                for f in blobs:
                    v = row[f]
                    parts[f] = v.astype(schema[f]["type"]).tobytes() if isinstance(v, np.ndarray) else bytes(v)
                # a lone blob column's empty value is dropped by MindSpore before compression
                blob, s = F.pack_blob(parts, schema, blobs) if len(blobs) > 1 or parts[blobs[0]] else (b"", 0)
                saved += s
            else:
                blob = b""
            blob_rows.append(blob)
        empty = sum(1 for b in blob_rows if not b)
        if 0 < empty < len(blob_rows):  # MindSpore drops empty blobs, then finds the counts differ
            raise RuntimeError(f"[Internal ERROR] raw data size: {len(raw_rows)} is not equal to blob data size: "
                               f"{len(blob_rows) - empty}.")
        # a call without any blob stores 4 zero bytes per row, as MindSpore does
        blob_rows = [struct.pack("<Q", len(b)) + b for b in (blob_rows if not empty else [b"\0" * 4] * len(raw_rows))]
        if self._parallel:
            w, s = self._writer, self._next_shard
            if w.shard_compression is None:
                w.shard_compression = [0] * len(self._paths)
            w.write(raw_rows, blob_rows, shard=s)
            w.shard_compression[s] += saved
            self._next_shard = (s + 1) % len(self._paths)
            return
        self._writer.write(raw_rows, blob_rows)
        # MindSpore sums what compression saved (negative when it grows a row) and never records below 0
        self._saved = getattr(self, "_saved", self._header["compression_size"]) + saved
        self._header["compression_size"] = max(0, self._saved)

    def commit(self) -> None:
        """Write the headers and the index files. If that fails, the files this writer created are removed."""
        self._flush = True
        try:
            self._open()
            w = self._writer
            w.header = self._header
            w.write_headers()
            fields = index_fields_of(self._header)
            for s, path in enumerate(self._paths):
                build_index(path + ".db", os.path.basename(path), self._header, w.index_rows(s, fields))
        except BaseException:
            self._close_files()
            for p in self._created:
                for q in (p, p + ".db"):
                    if os.path.exists(q):
                        os.remove(q)
            raise
        self._close_files()
        for p in self._paths:
            for q in (p, p + ".db"):
                if os.path.exists(q):
                    os.chmod(q, stat.S_IRUSR | stat.S_IWUSR)

    def _close_files(self) -> None:
        if self._writer is not None:
            for f in self._writer.files:
                if not f.closed:
                    f.close()


__all__ = ["FileWriter"]
