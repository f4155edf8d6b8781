"""Reading a MindRecord shard set: headers, the SQLite indexes (row positions) and rows from memory-mapped files."""
from __future__ import annotations

import mmap
import os
import sqlite3
import struct

import numpy as np

from mindshim.mindrecord import _msgpack
from mindshim.mindrecord import shardformat as F

_POSITIONS = ("SELECT PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, PAGE_ID_BLOB, PAGE_OFFSET_BLOB, "
              "PAGE_OFFSET_BLOB_END FROM INDEXES ORDER BY ROW_ID")


def _exists(path: str) -> None:
    if not os.path.isfile(path):
        raise RuntimeError(f"The input: {path} is not exists.")


class ShardSet:
    """All rows of one or more MindRecord files, in file order then row id order."""

    def __init__(self, file_name) -> None:
        if isinstance(file_name, str):
            _exists(file_name)
            paths = F.shard_paths(file_name, F.read_header(file_name))
        else:
            paths = list(file_name)
        headers = []
        for p in paths:
            _exists(p)
            _exists(p + ".db")
            headers.append(F.read_header(p))
        first = headers[0]["schema"]
        for p, h in zip(paths, headers):
            if h["schema"] != first:
                raise RuntimeError(f"Invalid file, the metadata of mindrecord file: {p} is different from the "
                                   f"metadata of mindrecord file: {paths[0]}.")
        meta = first[0]
        self.paths, self.headers = paths, headers
        self.schema: dict = meta["schema"]
        self.blob_fields: list[str] = meta["blob_fields"]
        self.columns = list(self.schema)
        self._maps, raw_pos, blob_pos, shard_of, self.file_starts = [], [], [], [], []
        for s, (p, h) in enumerate(zip(paths, headers)):
            try:
                con = sqlite3.connect(f"file:{p}.db?mode=ro", uri=True)
                try:
                    pos = np.array(con.execute(_POSITIONS).fetchall(), dtype=np.int64).reshape(-1, 6)
                finally:
                    con.close()
            except sqlite3.Error as e:
                raise RuntimeError(f"Invalid file, failed to read the index file: {p}.db ({e}).") from None
            base = h["header_size"] + pos[:, [0, 3]] * h["page_size"]
            raw_pos.append(np.stack([base[:, 0] + pos[:, 1], base[:, 0] + pos[:, 2]], 1))
            blob_pos.append(np.stack([base[:, 1] + pos[:, 4], base[:, 1] + pos[:, 5]], 1))
            shard_of.append(np.full(len(pos), s, dtype=np.int64))
            self.file_starts.append(sum(len(x) for x in shard_of[:-1]))
            with open(p, "rb") as f:
                size = os.fstat(f.fileno()).st_size
                self._maps.append(mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) if size else b"")
        self.raw_pos = np.concatenate(raw_pos) if raw_pos else np.zeros((0, 2), np.int64)
        self.blob_pos = np.concatenate(blob_pos) if blob_pos else np.zeros((0, 2), np.int64)
        self.shard_of = np.concatenate(shard_of) if shard_of else np.zeros(0, np.int64)
        self._raw_list = self.raw_pos.tolist()
        self._blob_list = self.blob_pos.tolist()
        self._shard_list = self.shard_of.tolist()

    def __len__(self) -> int:
        return len(self._shard_list)

    def _slice(self, i: int, start: int, end: int, what: str) -> bytes:
        m = self._maps[self._shard_list[i]]
        if end > len(m) or end - start < 8:
            raise RuntimeError(f"Invalid file, the {what} data of row {i} lies outside mindrecord file: "
                               f"{self.paths[self._shard_list[i]]} (the file is truncated or corrupt).")
        (n,) = struct.unpack_from("<Q", m, start)
        if n != end - start - 8:
            raise RuntimeError(f"Invalid file, the {what} page of mindrecord file: {self.paths[self._shard_list[i]]}"
                               f" is corrupt at row {i} (length {n} where the index says {end - start - 8}).")
        return m[start + 8:end]

    def raw(self, i: int) -> dict:
        start, end = self._raw_list[i]
        data = self._slice(i, start, end, "raw")
        try:
            return _msgpack.unpack_map(data)
        except ValueError as e:
            raise RuntimeError(f"Invalid file, the raw page of mindrecord file: {self.paths[self._shard_list[i]]} "
                               f"is corrupt at row {i}: {e}.") from None

    def blob(self, i: int, wanted) -> dict:
        if not self.blob_fields:
            return {}
        start, end = self._blob_list[i]
        data = self._slice(i, start, end, "blob")
        try:
            return F.unpack_blob(data, self.schema, self.blob_fields, wanted)
        except (ValueError, struct.error) as e:
            raise RuntimeError(f"Invalid file, the blob page of mindrecord file: {self.paths[self._shard_list[i]]}"
                               f" is corrupt at row {i}: {e}.") from None

    def check_columns(self, columns) -> None:
        for c in columns or []:
            if c not in self.schema:
                raise RuntimeError(f"Invalid data, column name: {c} can not found in schema.")

    def close(self) -> None:
        for m in self._maps:
            if isinstance(m, mmap.mmap):
                m.close()
        self._maps = []
