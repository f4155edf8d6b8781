"""A reader for MATLAB level-5 .mat files holding numeric matrices (what SVHN, Flowers102 and Caltech101 ship),
so those readers need no scipy. Arrays come back as scipy.io.loadmat gives them (squeeze_me=False): at least 2-D,
in the class's dtype (a double matrix stored as uint8 still reads as float64), MATLAB's column-major order kept.
Cell, struct, char and sparse variables are not supported: reading one raises RuntimeError.
"""
from __future__ import annotations

import struct
import zlib

import numpy as np

_MI = {1: "i1", 2: "u1", 3: "i2", 4: "u2", 5: "i4", 6: "u4", 7: "f4", 9: "f8", 12: "i8", 13: "u8"}
_MX = {6: "f8", 7: "f4", 8: "i1", 9: "u1", 10: "i2", 11: "u2", 12: "i4", 13: "u4", 14: "i8", 15: "u8"}
_MI_MATRIX, _MI_COMPRESSED = 14, 15


class _Unsupported:
    def __init__(self, why: str) -> None:
        self.why = why


def _elements(buf: bytes, end: str) -> list[tuple[int, bytes]]:
    """The (type, payload) data elements of `buf`, small-element tags included."""
    out, pos = [], 0
    while pos + 8 <= len(buf):
        first, second = struct.unpack(end + "II", buf[pos:pos + 8])
        if first >> 16:  # small element: type and size share the first word, the data the second
            out.append((first & 0xFFFF, buf[pos + 4:pos + 4 + (first >> 16)]))
            pos += 8
            continue
        out.append((first, buf[pos + 8:pos + 8 + second]))
        pos += 8 + second
        if first != _MI_COMPRESSED:
            pos += -second % 8
    return out


def _matrix(payload: bytes, end: str) -> tuple[str, object]:
    parts = _elements(payload, end)
    if len(parts) < 3:
        return "", _Unsupported("truncated matrix")
    flags = struct.unpack(end + "I", parts[0][1][:4])[0]
    cls, is_complex = flags & 0xFF, bool(flags & 0x0800)
    dims = tuple(int(d) for d in np.frombuffer(parts[1][1], dtype=end + "i4"))
    name = parts[2][1].decode("latin-1")
    if cls not in _MX or is_complex or len(parts) < 4:
        return name, _Unsupported(f"MATLAB class {cls}{' (complex)' if is_complex else ''}")
    mi, data = parts[3]
    if mi not in _MI:
        return name, _Unsupported(f"MATLAB data type {mi}")
    values = np.frombuffer(data, dtype=end + _MI[mi]).astype(_MX[cls])
    if len(dims) < 2:
        dims = (1,) * (2 - len(dims)) + dims
    return name, values.reshape(dims, order="F")


class MatFile:
    def __init__(self, path: str) -> None:
        self.path = path
        try:
            with open(path, "rb") as f:
                raw = f.read()
        except OSError as err:
            raise RuntimeError(f"Invalid file, failed to open {path}: {err}") from err
        if len(raw) < 128 or raw[126:128] not in (b"IM", b"MI"):
            raise RuntimeError(f"Invalid file, {path} is not a MATLAB 5.0 .mat file (v7.3/HDF5 is not supported).")
        end = "<" if raw[126:128] == b"IM" else ">"
        self.variables: dict[str, object] = {}
        for kind, payload in _elements(raw[128:], end):
            if kind == _MI_COMPRESSED:
                for inner_kind, inner in _elements(zlib.decompress(payload), end):
                    if inner_kind == _MI_MATRIX:
                        self._add(*_matrix(inner, end))
            elif kind == _MI_MATRIX:
                self._add(*_matrix(payload, end))

    def _add(self, name: str, value: object) -> None:
        self.variables.setdefault(name, value)

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self.variables:
            raise KeyError(name)
        value = self.variables[name]
        if isinstance(value, _Unsupported):
            raise RuntimeError(f"Variable {name!r} of {self.path} is a {value.why}, which cannot be read.")
        return value
