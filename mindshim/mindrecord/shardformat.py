"""MindRecord's on-disk pieces (docs/mindrecord.md): the shard header, blob packing and integer compression.

A data file is [8-byte LE header length][header JSON][zeros to header_size] then pages at
header_size + page_id * page_size. Raw pages hold rows as [u64 LE length][MessagePack map]; blob pages hold
rows as [u64 LE length][blob]. A blob is the single blob column's bytes, or for several blob columns each as
[u64 BE length][bytes]; int32/int64 array columns are stored compressed (see `compress_int`).
"""
from __future__ import annotations

import json
import os
import struct

import numpy as np

MIN_HEADER_SIZE, MAX_HEADER_SIZE = 1 << 14, 1 << 27
MIN_PAGE_SIZE, MAX_PAGE_SIZE = 1 << 15, 1 << 28
DEFAULT_HEADER_SIZE, DEFAULT_PAGE_SIZE = 1 << 24, 1 << 25
MIN_SHARD_COUNT, MAX_SHARD_COUNT = 1, 1000
VERSION = "3.0"
VALID_ATTRIBUTES = ["int32", "int64", "float32", "float64", "string", "bytes"]
VALID_ARRAY_ATTRIBUTES = ["int32", "int64", "float32", "float64"]
SQL_TYPES = {"int32": "INTEGER", "int64": "INTEGER", "float32": "REAL", "float64": "REAL", "string": "TEXT"}
_INT_WIDTH = {"int32": 4, "int64": 8}
_LE = {1: "<i1", 2: "<i2", 4: "<i4", 8: "<i8"}


def is_blob(spec: dict) -> bool:
    return spec["type"] == "bytes" or "shape" in spec


def blob_fields(schema: dict) -> list[str]:
    return sorted(k for k, v in schema.items() if is_blob(v))


_TOP = ("header_size", "index_fields", "page", "page_size", "compression_size", "schema", "shard_addresses",
        "shard_id", "statistics", "version")


def header_json(header: dict) -> bytes:
    """The header as MindSpore prints it: no spaces, UTF-8 kept, keys sorted except that compression_size
    follows page_size at the top level."""
    ordered = {k: header[k] for k in _TOP if k in header}
    ordered.update({k: v for k, v in header.items() if k not in ordered})
    parts = [json.dumps(k) + ":" + json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
             for k, v in ordered.items()]
    return ("{" + ",".join(parts) + "}").encode("utf-8")


def read_header(path: str) -> dict:
    with open(path, "rb") as f:
        head = f.read(8)
        if len(head) < 8:
            raise RuntimeError(f"Invalid file, the size of mindrecord file: {path} is too small to hold a header.")
        (n,) = struct.unpack("<Q", head)
        body = f.read(n)
    try:
        if len(body) != n:
            raise ValueError("truncated")
        header = json.loads(body.decode("utf-8"))
        header["schema"][0]["schema"], header["page"], header["header_size"]  # noqa: B018 (shape check)
    except (ValueError, KeyError, IndexError, TypeError, UnicodeDecodeError):
        raise RuntimeError(f"Invalid file, failed to parse the header of mindrecord file: {path}.") from None
    return header


def write_header(f, header: dict, header_size: int, path: str) -> None:
    body = header_json(header)
    if len(body) + 8 > header_size:
        raise RuntimeError(f"Invalid data, the header of mindrecord file: {path} needs {len(body) + 8} bytes, more "
                           f"than header size: {header_size}. Please try to use the mindrecord api "
                           f"'set_header_size(value)' to enable a larger header.")
    f.seek(0)
    f.write(struct.pack("<Q", len(body)) + body)


def compress_int(data: bytes, width: int) -> bytes:
    """[u32 BE count][2-bit width codes, 4 per byte, first element in the top bits][each value LE, narrowest]."""
    values = np.frombuffer(data, dtype=_LE[width]).astype(np.int64)
    n = len(values)
    codes = np.full(n, 3, dtype=np.uint8)
    codes[(values >= -(1 << 31)) & (values < (1 << 31))] = 2
    codes[(values >= -32768) & (values < 32768)] = 1
    codes[(values >= -128) & (values < 128)] = 0
    padded = np.zeros(-(-n // 4) * 4, dtype=np.uint8)
    padded[:n] = codes
    quads = padded.reshape(-1, 4)
    bitmap = (quads[:, 0] << 6) | (quads[:, 1] << 4) | (quads[:, 2] << 2) | quads[:, 3]
    parts = [struct.pack(">I", n), bitmap.astype(np.uint8).tobytes()]
    le = values.astype("<i8").tobytes()
    for i, c in enumerate(codes.tolist()):
        parts.append(le[i * 8:i * 8 + (1 << c)])
    return b"".join(parts)


def uncompress_int(data: bytes, width: int) -> np.ndarray:
    (n,) = struct.unpack_from(">I", data, 0)
    nb = -(-n // 4)
    bitmap = np.frombuffer(data, dtype=np.uint8, count=nb, offset=4)
    codes = np.stack([(bitmap >> s) & 3 for s in (6, 4, 2, 0)], axis=1).reshape(-1)[:n]
    out = np.empty(n, dtype=_LE[width])
    pos = 4 + nb
    if n and not codes.any():  # all values fit one byte: the common case for labels and token ids
        out[:] = np.frombuffer(data, dtype=np.int8, count=n, offset=pos)
        pos += n
    else:
        for i, c in enumerate(codes.tolist()):
            w = 1 << c
            out[i] = int.from_bytes(data[pos:pos + w], "little", signed=True)
            pos += w
    if pos != len(data):
        raise ValueError("compressed integer column has a wrong length")
    return out


def pack_blob(values: dict, schema: dict, fields: list[str]) -> tuple[bytes, int]:
    """One row's blob and the bytes compression saved. `values` maps every blob field to bytes (ndarray already
    turned into its schema dtype's bytes)."""
    compress = any(schema[f]["type"] in _INT_WIDTH and "shape" in schema[f] for f in fields)
    if len(fields) == 1:
        f = fields[0]
        raw = values[f]
        if compress and schema[f]["type"] in _INT_WIDTH:
            out = compress_int(raw, _INT_WIDTH[schema[f]["type"]])
            return out, len(raw) - len(out)
        return raw, 0
    parts, saved = [], 0
    for f in fields:
        raw = values[f]
        if compress and schema[f]["type"] in _INT_WIDTH and "shape" in schema[f]:
            packed = compress_int(raw, _INT_WIDTH[schema[f]["type"]])
            saved += len(raw) - len(packed)
            raw = packed
        parts.append(struct.pack(">Q", len(raw)) + raw)
    return b"".join(parts), saved


def unpack_blob(blob: bytes, schema: dict, fields: list[str], wanted) -> dict:
    """Blob fields of one row: bytes for `bytes` columns, ndarrays (schema shape) for array columns."""
    compress = any(schema[f]["type"] in _INT_WIDTH and "shape" in schema[f] for f in fields)
    pieces = {}
    if len(fields) == 1:
        pieces[fields[0]] = blob
    else:
        pos = 0
        for f in fields:
            (n,) = struct.unpack_from(">Q", blob, pos)
            if pos + 8 + n > len(blob):
                raise ValueError(f"blob column {f!r} runs past the end of the row")
            pieces[f] = blob[pos + 8:pos + 8 + n]
            pos += 8 + n
    out = {}
    for f in fields:
        if f not in wanted:
            continue
        spec, raw = schema[f], pieces[f]
        if "shape" not in spec:
            out[f] = bytes(raw)
            continue
        if compress and spec["type"] in _INT_WIDTH:
            arr = uncompress_int(raw, _INT_WIDTH[spec["type"]])
        else:
            arr = np.frombuffer(raw, dtype=spec["type"])
        out[f] = arr.reshape(spec["shape"])
    return out


def shard_paths(path: str, header: dict) -> list[str]:
    """Every shard file of the set `path` belongs to (its header names them; they live beside it)."""
    folder = os.path.dirname(path)
    return [os.path.join(folder, os.path.basename(p)) for p in header["shard_addresses"]]
