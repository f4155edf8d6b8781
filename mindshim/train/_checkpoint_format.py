"""MindSpore's `.ckpt` file format, without a protobuf dependency.

Facts below were read from MindSpore 2.10's `checkpoint.proto` (proto2) and `train/serialization.py`, and
checked on files it wrote (tests/train/fixtures):

- `Checkpoint { repeated Value value = 1; }`,
  `Value { required string tag = 1; oneof { TensorProto tensor = 2; MapTensorProto maptensor = 3; } }`,
  `TensorProto { repeated int64 dims = 1; required string tensor_type = 2; required bytes tensor_content = 3; }`.
  Each value is serialized as its own one-value `Checkpoint` and the pieces are appended, which is the same
  bytes as one message with many values; `dims` is unpacked (proto2), one varint field per dim.
- tensor_type is MindSpore's dtype name ("Float32", "Int64", "BFloat16", "Bool", ...); content is the raw
  little-endian C-order bytes. A string is tensor_type "str", dims [0], its UTF-32-LE bytes (numpy "U").
  A scalar has no dims; on load dims [0] of a non-string also means a scalar.
- A tensor over SLICE_BYTES (512 MiB) is written as several consecutive values with the same tag, the same
  dims and consecutive 512 MiB byte ranges of the content; the reader joins consecutive same-tag values.
  A later non-consecutive value with an already-seen tag replaces the earlier one's value but keeps its
  place in the order (as MindSpore's dict does; checked in 2.10).
- By default (crc_check=False) a file has no header or trailer. With crc_check=True the writer appends
  b"crc_num" + the CRC32 of all preceding bytes as 10 big-endian bytes; readers always strip that trailer
  and verify it only when asked.
- Decoding reads only these fields: nothing in a file is ever executed.
"""
from __future__ import annotations

import binascii
from dataclasses import dataclass, field
from typing import Iterable, Iterator

import numpy as np

from mindshim._wire import varint

SLICE_BYTES = 512 * 1024 * 1024
CRC_MARK = b"crc_num"
CRC_TRAILER_BYTES = len(CRC_MARK) + 10
MAP_TENSOR = "<maptensor>"  # tensor_type given to MapParameter entries, which mindshim does not load

TYPE_TO_NP = {"Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16, "UInt16": np.uint16, "Int32": np.int32,
              "UInt32": np.uint32, "Int64": np.int64, "UInt64": np.uint64, "Float16": np.float16,
              "Float32": np.float32, "Float64": np.float64, "Bool": np.bool_}
NP_TO_TYPE = {np.dtype(v): k for k, v in TYPE_TO_NP.items()}


class CheckpointFormatError(ValueError):
    """Bytes that are not a valid MindSpore checkpoint (truncated, corrupt, or another format)."""


@dataclass
class Entry:
    tag: str
    dims: list[int] = field(default_factory=list)
    tensor_type: str = ""
    content: bytes = b""


# ----- protobuf wire format -----
_varint = varint


def _bytes_field(number: int, payload: bytes) -> bytes:
    return _varint((number << 3) | 2) + _varint(len(payload)) + payload


def _read_varint(buf: memoryview, pos: int) -> tuple[int, int]:
    result, shift = 0, 0
    while True:
        if pos >= len(buf):
            raise CheckpointFormatError("the data ends inside a varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise CheckpointFormatError("a varint is longer than 64 bits")


def _fields(buf: memoryview) -> Iterator[tuple[int, int, int | memoryview]]:
    """(field number, wire type, value) for each field of a message; value is an int or a memoryview."""
    pos = 0
    while pos < len(buf):
        key, pos = _read_varint(buf, pos)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise CheckpointFormatError("field number 0")
        if wire == 0:
            value, pos = _read_varint(buf, pos)
        elif wire == 2:
            size, pos = _read_varint(buf, pos)
            if pos + size > len(buf):
                raise CheckpointFormatError("a length-delimited field runs past the end of the data")
            value, pos = buf[pos:pos + size], pos + size
        elif wire in (1, 5):
            width = 8 if wire == 1 else 4
            if pos + width > len(buf):
                raise CheckpointFormatError("a fixed-width field runs past the end of the data")
            value, pos = int.from_bytes(buf[pos:pos + width], "little"), pos + width
        else:
            raise CheckpointFormatError(f"unsupported protobuf wire type {wire}")
        yield number, wire, value


# ----- writing -----
def encode_entry(e: Entry) -> bytes:
    """One `Checkpoint` message holding one value, as MindSpore writes each value (or chunk)."""
    tensor = b"".join(_varint(1 << 3) + _varint(d) for d in e.dims)
    tensor += _bytes_field(2, e.tensor_type.encode()) + _bytes_field(3, e.content)
    return _bytes_field(1, _bytes_field(1, e.tag.encode()) + _bytes_field(2, tensor))


def entry_for(tag: str, value: str | np.ndarray, tensor_type: str | None = None) -> Entry:
    """One named value, whole; `tensor_type` overrides the numpy dtype's name (e.g. "BFloat16" bits)."""
    if isinstance(value, str):
        return Entry(tag, [0], "str", np.array(value).tobytes())
    arr = np.asarray(value)
    ttype = tensor_type or NP_TO_TYPE.get(arr.dtype)
    if ttype is None:
        raise TypeError(f"For 'save_checkpoint', the dtype {arr.dtype} of {tag!r} cannot be saved.")
    return Entry(tag, list(arr.shape), ttype, arr.tobytes())  # C order, whatever the strides


def sliced(e: Entry) -> list[Entry]:
    """The entries a .ckpt file stores `e` as: consecutive SLICE_BYTES pieces of its content."""
    step = SLICE_BYTES
    if len(e.content) <= step:
        return [e]
    return [Entry(e.tag, e.dims, e.tensor_type, e.content[i:i + step]) for i in range(0, len(e.content), step)]


def entries_for(tag: str, value: str | np.ndarray, tensor_type: str | None = None) -> list[Entry]:
    """Entries for one named value as a .ckpt file stores it."""
    return sliced(entry_for(tag, value, tensor_type))


def crc_trailer(crc: int) -> bytes:
    return CRC_MARK + crc.to_bytes(10, "big")


def encode(entries: Iterable[Entry], crc_check: bool = False) -> Iterator[bytes]:
    """The file as a stream of pieces (one per value), with the CRC trailer when asked."""
    crc = 0
    for e in entries:
        piece = encode_entry(e)
        if crc_check:
            crc = binascii.crc32(piece, crc)
        yield piece
    if crc_check:
        yield crc_trailer(crc)


# ----- reading -----
def split_crc(data: bytes) -> tuple[bytes, int | None]:
    """(protobuf bytes, stored CRC or None): MindSpore strips a trailer whenever it is there."""
    if len(data) >= CRC_TRAILER_BYTES and data[-CRC_TRAILER_BYTES:-10] == CRC_MARK:
        return data[:-CRC_TRAILER_BYTES], int.from_bytes(data[-10:], "big")
    return data, None


def _decode_tensor(buf: memoryview, entry: Entry) -> None:
    seen = set()
    for number, wire, value in _fields(buf):
        seen.add(number)
        if number == 1:
            if wire == 2:  # packed, in case another writer packs
                pos = 0
                while pos < len(value):
                    d, pos = _read_varint(value, pos)
                    entry.dims.append(d)
            else:
                entry.dims.append(value)
        elif number == 2 and wire == 2:
            entry.tensor_type = bytes(value).decode()
        elif number == 3 and wire == 2:
            entry.content = bytes(value)
    if not {2, 3} <= seen:
        raise CheckpointFormatError(f"the tensor of {entry.tag!r} lacks its type or content")
    entry.dims = [d - (1 << 64) if d >= 1 << 63 else d for d in entry.dims]


def _decode_value(buf: memoryview) -> Entry:
    entry = Entry(tag="")
    has_tag = has_value = False
    for number, wire, value in _fields(buf):
        if number == 1 and wire == 2:
            entry.tag, has_tag = bytes(value).decode(), True
        elif number == 2 and wire == 2:
            _decode_tensor(value, entry)
            has_value = True
        elif number == 3 and wire == 2:
            entry.tensor_type, has_value = MAP_TENSOR, True
    if not has_tag or not has_value:
        raise CheckpointFormatError("a value without a tag or a tensor")
    return entry


def decode(data: bytes) -> list[Entry]:
    """Entries in file order with consecutive chunks of one tag joined; `data` without a CRC trailer."""
    out: dict[str, Entry] = {}
    previous: Entry | None = None
    for number, wire, value in _fields(memoryview(data)):
        if number != 1 or wire != 2:
            raise CheckpointFormatError(f"unexpected top-level field {number} (wire type {wire})")
        entry = _decode_value(value)
        if previous is not None and previous.tag == entry.tag and entry.tensor_type != MAP_TENSOR:
            previous.content += entry.content  # the next chunk of a large tensor
            continue
        out[entry.tag] = previous = entry  # a repeated tag keeps its first place, as in MindSpore's dict
    return list(out.values())


def array_of(entry: Entry) -> tuple[str | np.ndarray, bool]:
    """(str or numpy array, is_bfloat16); bfloat16 comes back as its uint16 bit patterns."""
    if entry.tensor_type == "str":
        width = max(len(entry.content) // 4, 1)
        return str(np.frombuffer(entry.content, f"<U{width}")[0]) if entry.content else "", False
    dims = [] if entry.dims == [0] else entry.dims
    is_bf16 = entry.tensor_type == "BFloat16"
    np_type = np.dtype("<u2") if is_bf16 else TYPE_TO_NP.get(entry.tensor_type)
    if np_type is None:
        raise CheckpointFormatError(f"unsupported tensor_type {entry.tensor_type!r} for {entry.tag!r}")
    expected = int(np.prod(dims)) * np.dtype(np_type).itemsize
    if len(entry.content) != expected:
        raise CheckpointFormatError(f"the data of {entry.tag!r} has {len(entry.content)} bytes, but its shape "
                                    f"{tuple(dims)} and type {entry.tensor_type} need {expected}")
    return np.frombuffer(entry.content, dtype=np_type).reshape(dims).copy(), is_bf16
