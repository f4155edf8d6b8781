"""MindSpore's `.ckpt` file format, without a protobuf dependency.

A checkpoint is the protobuf message `Checkpoint { repeated Value value = 1; }` with
`Value { string tag = 1; TensorProto tensor = 2; MapTensorProto maptensor = 3; }` and
`TensorProto { repeated int64 dims = 1; string tensor_type = 2; bytes tensor_content = 3; }`.
Contents are little-endian raw bytes; strings use tensor_type "str", dims [0] and UTF-32-LE bytes;
scalars have no dims. A tensor over 512 MiB is written as several values with the same tag whose
contents concatenate (split along the first axis). Files MindSpore 2.10 writes by default carry no
CRC or header. Decoding reads only these fields: nothing in a file is ever executed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

SLICE_BYTES = 512 * 1024 * 1024

TYPE_TO_NP = {"Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16, "UInt16": np.uint16, "Int32": np.int32,
              "UInt32": np.uint32, "Int64": np.int64, "UInt64": np.uint64, "Float16": np.float16,
              "Float32": np.float32, "Float64": np.float64, "Bool": np.bool_}
NP_TO_TYPE = {np.dtype(v): k for k, v in TYPE_TO_NP.items()}


class CheckpointFormatError(ValueError):
    """A file that is not a valid MindSpore checkpoint (truncated, corrupt, or not a .ckpt)."""


@dataclass
class Entry:
    tag: str
    dims: list[int] = field(default_factory=list)
    tensor_type: str = ""
    content: bytes = b""


# ----- protobuf wire format -----
def _varint(value: int) -> bytes:
    if value < 0:
        value += 1 << 64
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _field(number: int, wire: int) -> bytes:
    return _varint((number << 3) | wire)


def _bytes_field(number: int, payload: bytes) -> bytes:
    return _field(number, 2) + _varint(len(payload)) + payload


def _read_varint(buf: memoryview, pos: int) -> tuple[int, int]:
    result, shift = 0, 0
    while True:
        if pos >= len(buf):
            raise CheckpointFormatError("unexpected end of data inside a varint")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise CheckpointFormatError("varint longer than 64 bits")


def _fields(buf: memoryview):
    """Yield (field number, wire type, value) for a message; value is int or memoryview."""
    pos = 0
    while pos < len(buf):
        key, pos = _read_varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _read_varint(buf, pos)
        elif wire == 2:
            size, pos = _read_varint(buf, pos)
            if pos + size > len(buf):
                raise CheckpointFormatError("a length-delimited field runs past the end of the data")
            value, pos = buf[pos:pos + size], pos + size
        elif wire == 1:
            value, pos = bytes(buf[pos:pos + 8]), pos + 8
        elif wire == 5:
            value, pos = bytes(buf[pos:pos + 4]), pos + 4
        else:
            raise CheckpointFormatError(f"unsupported protobuf wire type {wire}")
        if pos > len(buf):
            raise CheckpointFormatError("unexpected end of data")
        yield number, wire, value


# ----- entries -----
def encode_entry(e: Entry) -> bytes:
    tensor = b"".join(_field(1, 0) + _varint(d) for d in e.dims)  # proto2: repeated int64, not packed
    tensor += _bytes_field(2, e.tensor_type.encode())
    tensor += _bytes_field(3, e.content)
    value = _bytes_field(1, e.tag.encode()) + _bytes_field(2, tensor)
    return _bytes_field(1, value)


def _decode_tensor(buf: memoryview, entry: Entry) -> None:
    for number, wire, value in _fields(buf):
        if number == 1:
            if wire == 2:
                pos = 0
                while pos < len(value):
                    d, pos = _read_varint(value, pos)
                    entry.dims.append(d)
            else:
                entry.dims.append(value)
        elif number == 2:
            entry.tensor_type = bytes(value).decode()
        elif number == 3:
            entry.content = bytes(value)


def decode(data: bytes) -> list[Entry]:
    """Entries in file order, chunks of one tag merged."""
    entries: dict[str, Entry] = {}
    for number, wire, value in _fields(memoryview(data)):
        if number != 1 or wire != 2:
            raise CheckpointFormatError(f"unexpected top-level field {number}")
        entry = Entry(tag="")
        has_tensor = False
        for n, w, v in _fields(value):
            if n == 1:
                entry.tag = bytes(v).decode()
            elif n == 2:
                _decode_tensor(v, entry)
                has_tensor = True
        if not entry.tag or not has_tensor:
            raise CheckpointFormatError("a value without a tag or tensor")
        if entry.tag in entries:
            entries[entry.tag].content += entry.content  # a chunk of a large tensor
        else:
            entries[entry.tag] = entry
    return list(entries.values())


# ----- numpy <-> entries -----
def entries_for(tag: str, value) -> list[Entry]:
    if isinstance(value, str):
        content = np.array(value).astype("U").tobytes()
        return [Entry(tag, [0], "str", content)]
    arr = np.asarray(value)
    arr = arr if arr.flags.c_contiguous else arr.copy()  # (ascontiguousarray would turn 0-d into 1-d)
    ttype = "BFloat16" if str(arr.dtype) == "bfloat16" else NP_TO_TYPE.get(arr.dtype)
    if ttype is None:
        raise TypeError(f"For 'save_checkpoint', the dtype {arr.dtype} of {tag!r} cannot be saved.")
    dims = list(arr.shape)
    if arr.nbytes <= SLICE_BYTES or arr.ndim == 0:
        return [Entry(tag, dims, ttype, arr.tobytes())]
    n = -(-arr.nbytes // SLICE_BYTES)
    return [Entry(tag, dims, ttype, part.tobytes()) for part in np.array_split(arr, n)]


def array_of(entry: Entry):
    """numpy array (or str) for an entry; bfloat16 comes back as uint16 bits plus a flag."""
    if entry.tensor_type == "str":
        return entry.content.decode("utf-32-le")
    if entry.tensor_type == "BFloat16":
        bits = np.frombuffer(entry.content, dtype="<u2")
        return bits.reshape(entry.dims), True
    np_type = TYPE_TO_NP.get(entry.tensor_type)
    if np_type is None:
        raise CheckpointFormatError(f"unsupported tensor_type {entry.tensor_type!r} for {entry.tag!r}")
    expected = int(np.prod(entry.dims)) * np.dtype(np_type).itemsize
    if len(entry.content) != expected:
        raise CheckpointFormatError(f"the data of {entry.tag!r} has {len(entry.content)} bytes, expected {expected}")
    return np.frombuffer(entry.content, dtype=np_type).reshape(entry.dims).copy(), False
