"""TensorBoard event files written without the tensorboard package.

A file is a run of TFRecord records (uint64 length, masked CRC32C of the length, payload, masked CRC32C of the
payload) whose payloads are `tensorflow.Event` protobufs: wall_time=1 (double), step=2 (int64),
file_version=3 (string), summary=5 (Summary). A Summary holds repeated Value=1 {tag=1, simple_value=2 (float),
image=4, histo=5, tensor=8}. The protobuf wire encoding is done here by hand (a few field kinds suffice).
"""
from __future__ import annotations

import os
import stat
import struct
import threading
import time
import zlib

import numpy as np

from mindshim._wire import varint as _varint

FILE_VERSION = "brain.Event:2"  # what TensorBoard's readers expect in the first record


def _crc32c_table() -> list[int]:
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


_TABLE = _crc32c_table()


_NP_TABLE = np.array(_TABLE, dtype=np.uint32)
_CHUNK = 4096
_shift_tables: list[np.ndarray] = []


def _raw(states: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The CRC register of each row of bytes, from the given start states, all rows at once."""
    for column in rows.T:
        states = _NP_TABLE[(states ^ column) & 0xFF] ^ (states >> 8)
    return states


def _shift_chunk(state: int) -> int:
    """The register after _CHUNK zero bytes from `state` (a linear map: four byte tables)."""
    if not _shift_tables:
        basis = _raw(np.array([1 << i for i in range(32)], np.uint32), np.zeros((32, _CHUNK), np.uint8))
        bits = (np.arange(256)[:, None] >> np.arange(8)) & 1
        for k in range(4):
            picked = np.where(bits.astype(bool), basis[8 * k:8 * k + 8][None, :], 0).astype(np.uint32)
            _shift_tables.append(np.bitwise_xor.reduce(picked, axis=1))
    return int(_shift_tables[0][state & 0xFF] ^ _shift_tables[1][(state >> 8) & 0xFF]
               ^ _shift_tables[2][(state >> 16) & 0xFF] ^ _shift_tables[3][state >> 24])


def crc32c(data: bytes) -> int:
    crc = 0xFFFFFFFF
    whole = len(data) // _CHUNK if len(data) >= 16 * _CHUNK else 0
    if whole:  # large payloads (images): every chunk at once in numpy, then chained by linearity
        rows = np.frombuffer(data, np.uint8, whole * _CHUNK).reshape(whole, _CHUNK)
        for part in _raw(np.zeros(whole, np.uint32), rows).tolist():
            crc = _shift_chunk(crc) ^ part
    table = _TABLE
    for byte in data[whole * _CHUNK:]:
        crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc32c(data: bytes) -> int:
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def frame_record(payload: bytes) -> bytes:
    header = struct.pack("<Q", len(payload))
    return (header + struct.pack("<I", masked_crc32c(header)) + payload
            + struct.pack("<I", masked_crc32c(payload)))


# ----- protobuf wire encoding -----
def _key(number: int, wire: int) -> bytes:
    return _varint((number << 3) | wire)


def _int(number: int, value: int) -> bytes:
    return _key(number, 0) + _varint(int(value))


def _double(number: int, value: float) -> bytes:
    return _key(number, 1) + struct.pack("<d", float(value))


def _float(number: int, value: float) -> bytes:
    return _key(number, 5) + struct.pack("<f", float(value))


def _bytes(number: int, payload: bytes | str) -> bytes:
    if isinstance(payload, str):
        payload = payload.encode("utf-8")
    return _key(number, 2) + _varint(len(payload)) + payload


def _packed_doubles(number: int, values: np.ndarray) -> bytes:
    return _bytes(number, np.asarray(values, dtype="<f8").tobytes())


# ----- summary values -----
# tensorflow DataType enum values for TensorProto.dtype
_TF_DTYPES = {"float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6, "int64": 9, "bool": 10,
              "uint16": 17, "float16": 19, "uint32": 22, "uint64": 23}


def scalar_value(tag: str, value: float) -> bytes:
    return _bytes(1, tag) + _float(2, value)


def histogram_value(tag: str, lo: float, hi: float, count: int, total: float, sum_squares: float,
                    right_edges: np.ndarray, counts: np.ndarray) -> bytes:
    histo = (_double(1, lo) + _double(2, hi) + _double(3, count) + _double(4, total) + _double(5, sum_squares)
             + _packed_doubles(6, right_edges) + _packed_doubles(7, counts))
    return _bytes(1, tag) + _bytes(5, histo)


def png_bytes(image: np.ndarray) -> bytes:
    """An HxWxC uint8 array (C = 1, 3 or 4) as a PNG file."""
    height, width, channels = image.shape
    color_type = {1: 0, 3: 2, 4: 6}[channels]
    rows = np.concatenate([np.zeros((height, 1), np.uint8), image.reshape(height, width * channels)], axis=1)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows.tobytes()))
            + chunk(b"IEND", b""))


def image_value(tag: str, image: np.ndarray) -> bytes:
    height, width, channels = image.shape
    img = _int(1, height) + _int(2, width) + _int(3, channels) + _bytes(4, png_bytes(image))
    return _bytes(1, tag) + _bytes(4, img)


def tensor_value(tag: str, array: np.ndarray) -> bytes:
    array = np.asarray(array)
    dtype = _TF_DTYPES.get(array.dtype.name)
    if dtype is None:
        raise TypeError(f"a tensor summary of dtype {array.dtype} cannot be written")
    shape = b"".join(_bytes(2, _int(1, d)) for d in array.shape)
    content = np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<")).tobytes()
    tensor = _int(1, dtype) + _bytes(2, shape) + _bytes(4, content)
    return _bytes(1, tag) + _bytes(8, tensor)


def event(step: int, values: list[bytes], wall_time: float | None = None) -> bytes:
    wall = time.time() if wall_time is None else wall_time
    summary = b"".join(_bytes(1, v) for v in values)
    return _double(1, wall) + _int(2, step) + _bytes(5, summary)


class EventFileWriter:
    """Appends framed events to one file, opened (and given its version record) on the first write.
    `max_file_size` stops writing once the next record would not fit (as MindSpore's writer does)."""

    def __init__(self, path: str, max_file_size: int | None = None) -> None:
        self.path = path
        self._max = max_file_size
        self._file = None
        self._lock = threading.Lock()
        self.full = False

    def _open(self) -> None:
        self._file = open(self.path, "ab")
        os.chmod(self.path, stat.S_IRUSR | stat.S_IWUSR)
        self._append(_double(1, time.time()) + _bytes(3, FILE_VERSION))

    def _append(self, payload: bytes) -> bool:
        record = frame_record(payload)
        if self._max is not None:
            if len(record) > self._max:
                self.full = True
                return False
            self._max -= len(record)
        self._file.write(record)
        return True

    def write_event(self, payload: bytes) -> bool:
        with self._lock:
            if self.full:
                return False
            if self._file is None:
                self._open()
            return self._append(payload)

    def flush(self) -> None:
        with self._lock:
            if self._file is not None:
                self._file.flush()
                os.fsync(self._file.fileno())

    def close(self) -> None:
        with self._lock:
            if self._file is not None:
                self._file.close()
                self._file = None
                os.chmod(self.path, stat.S_IRUSR)  # read-only once closed, as MindSpore leaves its files
