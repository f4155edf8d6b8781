"""Page layout of a MindRecord shard set, as MindSpore's ShardWriter lays it out, and the SQLite index.

Rows of one `write_raw_data` call are split over the shards in contiguous runs (MindSpore gives the remainder
rows to randomly chosen shards; here the first shards take them, one of MindSpore's possible outcomes). In each
shard, rows are cut into row groups: a group's blobs fill one blob page and its raw rows sit together in a raw
page. A group continues the last blob page while it fits; raw pages fill up to the page size.
"""
from __future__ import annotations

import os
import sqlite3
import struct

from mindshim.mindrecord import _msgpack
from mindshim.mindrecord.shardformat import SQL_TYPES, write_header

RAW, BLOB = "RAW_DATA", "BLOB_DATA"


def new_page(page_id: int, shard_id: int, kind: str, type_id: int, start: int, end: int, groups: list,
             size: int) -> dict:
    return {"end_row_id": end, "page_id": page_id, "page_size": size, "page_type": kind, "page_type_id": type_id,
            "row_group_ids": [{"id": g, "offset": o} for g, o in groups], "shard_id": shard_id,
            "start_row_id": start}


class ShardSetWriter:
    def __init__(self, paths: list[str], header: dict, header_size: int, page_size: int, files: list) -> None:
        self.paths, self.header, self.files = paths, header, files
        self.header_size, self.page_size = header_size, page_size
        self.shard_compression: list[int] | None = None
        self.pages: list[list[dict]] = [[p for p in header.get("page") or [] if p["shard_id"] == s]
                                        for s in range(len(paths))]

    # ----- helpers over one shard's pages -----
    def _last(self, s: int, kind: str) -> dict | None:
        found = [p for p in self.pages[s] if p["page_type"] == kind]
        return found[-1] if found else None

    def _last_id(self, s: int) -> int:
        return self.pages[s][-1]["page_id"] if self.pages[s] else -1

    def _put(self, s: int, page_id: int, offset: int, data: bytes) -> None:
        f = self.files[s]
        f.seek(self.header_size + page_id * self.page_size + offset)
        f.write(data)

    # ----- writing -----
    def write(self, raw_rows: list[bytes], blob_rows: list[bytes], shard: int | None = None) -> None:
        """raw_rows/blob_rows: one call's rows, each already prefixed with its u64 LE length. With `shard`, the
        whole call goes to that shard (MindSpore's parallel writer hands each call to one shard's worker)."""
        for rows in (raw_rows, blob_rows):
            for r in rows:
                if len(r) > self.page_size:
                    kind = "raw" if rows is raw_rows else "blob"
                    raise RuntimeError(
                        f"Invalid data, Page size: {self.page_size} is too small to save a {kind} row. Please try "
                        "to use the mindrecord api 'set_page_size(value)' to enable larger page size, and the "
                        "value range is in [32768 bytes, 268435456 bytes].")
        if shard is not None:
            self._write_shard(shard, raw_rows, blob_rows)
            return
        n, shards = len(raw_rows), len(self.paths)
        per, extra = divmod(n, shards)
        start = 0
        for s in range(shards):
            end = start + per + (1 if s < extra else 0)
            if end > start:
                self._write_shard(s, raw_rows[start:end], blob_rows[start:end])
            start = end

    def _write_shard(self, s: int, raw: list[bytes], blob: list[bytes]) -> None:
        P = self.page_size
        last_raw, last_blob = self._last(s, RAW), self._last(s, BLOB)
        # cut row groups; group 0 continues the last blob page (empty when the first row needs a new page)
        n_blob = last_blob["page_size"] if last_blob else 0
        n_raw = last_raw["page_size"] - last_raw["row_group_ids"][-1]["offset"] if last_raw else 0
        groups, first = [], 0
        for i in range(len(raw)):
            if n_blob == 0 or n_blob + len(blob[i]) > P or n_raw + len(raw[i]) > P:
                groups.append((first, i))
                first, n_blob, n_raw = i, len(blob[i]), len(raw[i])
            else:
                n_blob += len(blob[i])
                n_raw += len(raw[i])
        groups.append((first, len(raw)))
        a, b = groups[0]
        if a != b:  # append to the last blob page
            self._put(s, last_blob["page_id"], last_blob["page_size"], b"".join(blob[a:b]))
            last_blob["page_size"] += sum(len(x) for x in blob[a:b])
            last_blob["end_row_id"] += b - a
        page_id = self._last_id(s)
        type_id = last_blob["page_type_id"] if last_blob else -1
        row = last_blob["end_row_id"] if last_blob else 0
        for a, b in groups[1:]:
            chunk = b"".join(blob[a:b])
            page_id, type_id = page_id + 1, type_id + 1
            self._put(s, page_id, 0, chunk)
            self.pages[s].append(new_page(page_id, s, BLOB, type_id, row, row + b - a, [(0, 0)], len(chunk)))
            row += b - a
        a, b = groups[0]
        if a != b and last_raw["page_size"] + sum(len(x) for x in raw[a:b]) > P:
            last_raw = self._shift_raw_page(s, last_raw)
        last_gid = last_raw["row_group_ids"][-1]["id"] if last_raw else -1
        for i, (a, b) in enumerate(groups):
            if a == b:
                continue
            chunk = b"".join(raw[a:b])
            if last_raw is None or last_raw["page_size"] + len(chunk) > P:
                last_raw = self._empty_raw_page(s, last_raw)
            self._put(s, last_raw["page_id"], last_raw["page_size"], chunk)
            if i > 0:
                last_gid += 1
                last_raw["row_group_ids"].append({"id": last_gid, "offset": last_raw["page_size"]})
            last_raw["page_size"] += len(chunk)

    def _empty_raw_page(self, s: int, last_raw: dict | None) -> dict:
        # MindSpore numbers a new raw page's type id from the previous raw page's *page* id
        type_id = last_raw["page_id"] + 1 if last_raw else 0
        page = new_page(self._last_id(s) + 1, s, RAW, type_id, 0, 0, [], 0)
        self.pages[s].append(page)
        return page

    def _shift_raw_page(self, s: int, last_raw: dict) -> dict:
        """Move the last raw page's last row group to a new raw page, so the group can keep growing."""
        moved = last_raw["row_group_ids"].pop()
        size = last_raw["page_size"] - moved["offset"]
        f = self.files[s]
        f.seek(self.header_size + last_raw["page_id"] * self.page_size + moved["offset"])
        data = f.read(size)
        last_raw["page_size"] = moved["offset"]
        page = new_page(self._last_id(s) + 1, s, RAW, last_raw["page_id"] + 1, 0, 0, [(moved["id"], 0)], size)
        self._put(s, page["page_id"], 0, data)
        self.pages[s].append(page)
        return page

    # ----- commit -----
    def write_headers(self) -> None:
        for s, path in enumerate(self.paths):
            header = dict(self.header, page=self.pages[s] or None, shard_id=s)  # MindSpore: null for a shard with no rows
            if self.shard_compression is not None:  # a parallel writer's shards are standalone single files
                header.update(compression_size=max(0, self.shard_compression[s]), shard_id=0,
                              shard_addresses=[os.path.basename(path)],
                              page=[dict(p, shard_id=0) for p in self.pages[s]] or None)
            write_header(self.files[s], header, self.header_size, path)
            self.files[s].flush()

    def index_rows(self, s: int, index_fields: list[str]):
        """(row id, raw page, raw start, raw end, group, blob page, blob start, blob end, values) per row."""
        f = self.files[s]
        blob_pages = {p["page_type_id"]: p for p in self.pages[s] if p["page_type"] == BLOB}
        row_id = 0
        for page in self.pages[s]:
            if page["page_type"] != RAW:
                continue
            f.seek(self.header_size + page["page_id"] * self.page_size)
            data = f.read(page["page_size"])
            groups = page["row_group_ids"]
            for k, g in enumerate(groups):
                end = groups[k + 1]["offset"] if k + 1 < len(groups) else page["page_size"]
                bpage = blob_pages[g["id"]]
                f.seek(self.header_size + bpage["page_id"] * self.page_size)
                bdata = f.read(bpage["page_size"])
                pos, bpos = g["offset"], 0
                while pos < end:
                    (n,) = struct.unpack_from("<Q", data, pos)
                    (bn,) = struct.unpack_from("<Q", bdata, bpos)
                    values = _msgpack.unpack_map(data[pos + 8:pos + 8 + n]) if index_fields else {}
                    yield (row_id, page["page_id"], pos, pos + 8 + n, g["id"], bpage["page_id"], bpos,
                           bpos + 8 + bn, [values.get(x) for x in index_fields])
                    row_id += 1
                    pos += 8 + n
                    bpos += 8 + bn


def index_fields_of(header: dict) -> list[str]:
    return [x["index_field"] for x in header.get("index_fields") or []]


def build_index(db_path: str, shard_name: str, header: dict, rows) -> None:
    """Write `<file>.db` as MindSpore does: table INDEXES (positions, then INC_k / <field>_0 per index field) and
    SHARD_NAME."""
    schema = header["schema"][0]["schema"]
    fields = index_fields_of(header)
    cols = ("  ROW_ID               INT  NOT NULL, PAGE_ID_RAW          INT  NOT NULL, "
            "PAGE_OFFSET_RAW      INT  NOT NULL, PAGE_OFFSET_RAW_END  INT  NOT NULL, "
            "ROW_GROUP_ID         INT  NOT NULL, PAGE_ID_BLOB         INT  NOT NULL, "
            "PAGE_OFFSET_BLOB     INT  NOT NULL, PAGE_OFFSET_BLOB_END INT  NOT NULL")
    for k, f in enumerate(fields):
        cols += f",INC_{k} INT, {f}_0 {SQL_TYPES[schema[f]['type']]}"
    key = ",".join(["ROW_ID"] + [f"INC_{k}" for k in range(len(fields))])
    if os.path.exists(db_path):
        os.remove(db_path)
    con = sqlite3.connect(db_path)
    try:
        con.execute(f"CREATE TABLE INDEXES({cols}, PRIMARY KEY({key}));")
        width = 8 + 2 * len(fields)
        marks = ",".join("?" * width)
        con.executemany(f"INSERT INTO INDEXES VALUES({marks})",
                        ([*r[:8], *[x for v in r[8] for x in (0, v)]] for r in rows))
        con.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL);")
        con.execute("INSERT INTO SHARD_NAME VALUES(?)", (shard_name,))
        con.commit()
    finally:
        con.close()
