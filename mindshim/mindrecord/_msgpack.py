"""MessagePack as MindRecord's writer (nlohmann::json::to_msgpack) encodes a raw row, and a decoder for it.

Encoding choices that matter for byte equality: map keys sorted; non-negative ints use the smallest unsigned form;
negative ints the smallest signed form; a float is written as float32 when that is exact, else float64.
"""
from __future__ import annotations

import struct
from typing import Any

_F32 = struct.Struct(">f")
_F32_MAX = 3.4028234663852886e38


def _int(v: int, out: bytearray) -> None:
    if v >= 0:
        if v <= 0x7F:
            out.append(v)
        elif v <= 0xFF:
            out += b"\xcc" + v.to_bytes(1, "big")
        elif v <= 0xFFFF:
            out += b"\xcd" + v.to_bytes(2, "big")
        elif v <= 0xFFFFFFFF:
            out += b"\xce" + v.to_bytes(4, "big")
        else:
            out += b"\xcf" + v.to_bytes(8, "big")
    elif v >= -32:
        out.append(v & 0xFF)
    elif v >= -128:
        out += b"\xd0" + v.to_bytes(1, "big", signed=True)
    elif v >= -32768:
        out += b"\xd1" + v.to_bytes(2, "big", signed=True)
    elif v >= -(1 << 31):
        out += b"\xd2" + v.to_bytes(4, "big", signed=True)
    else:
        out += b"\xd3" + v.to_bytes(8, "big", signed=True)


def _float(v: float, out: bytearray) -> None:
    if -_F32_MAX <= v <= _F32_MAX and _F32.unpack(_F32.pack(v))[0] == v:
        out += b"\xca" + _F32.pack(v)
    else:
        out += b"\xcb" + struct.pack(">d", v)


def _str(s: str, out: bytearray) -> None:
    b = s.encode("utf-8")
    n = len(b)
    if n <= 31:
        out.append(0xA0 | n)
    elif n <= 0xFF:
        out += b"\xd9" + n.to_bytes(1, "big")
    elif n <= 0xFFFF:
        out += b"\xda" + n.to_bytes(2, "big")
    else:
        out += b"\xdb" + n.to_bytes(4, "big")
    out += b


def pack_map(row: dict[str, Any]) -> bytes:
    out = bytearray()
    n = len(row)
    if n <= 15:
        out.append(0x80 | n)
    elif n <= 0xFFFF:
        out += b"\xde" + n.to_bytes(2, "big")
    else:
        out += b"\xdf" + n.to_bytes(4, "big")
    for key in sorted(row):
        _str(key, out)
        v = row[key]
        if isinstance(v, bool):
            out.append(0xC3 if v else 0xC2)
        elif isinstance(v, int):
            _int(v, out)
        elif isinstance(v, float):
            _float(v, out)
        elif isinstance(v, str):
            _str(v, out)
        elif v is None:
            out.append(0xC0)
        else:
            raise TypeError(f"MindRecord cannot store a raw value of type {type(v).__name__}.")
    return bytes(out)


_FIXED = {0xCC: (">B", 1), 0xCD: (">H", 2), 0xCE: (">I", 4), 0xCF: (">Q", 8), 0xD0: (">b", 1), 0xD1: (">h", 2),
          0xD2: (">i", 4), 0xD3: (">q", 8), 0xCA: (">f", 4), 0xCB: (">d", 8)}


def _value(buf: bytes, i: int) -> tuple[Any, int]:
    t = buf[i]
    i += 1
    if t <= 0x7F:
        return t, i
    if t >= 0xE0:
        return t - 256, i
    if 0xA0 <= t <= 0xBF:
        n = t & 0x1F
        return buf[i:i + n].decode("utf-8"), i + n
    if t in _FIXED:
        fmt, n = _FIXED[t]
        return struct.unpack_from(fmt, buf, i)[0], i + n
    if t in (0xD9, 0xDA, 0xDB):
        w = 1 << (t - 0xD9)
        n = int.from_bytes(buf[i:i + w], "big")
        i += w
        return buf[i:i + n].decode("utf-8"), i + n
    if t == 0xC0:
        return None, i
    if t in (0xC2, 0xC3):
        return t == 0xC3, i
    if 0x80 <= t <= 0x8F or t in (0xDE, 0xDF):
        return _map(buf, i - 1)
    raise ValueError(f"unexpected MessagePack byte 0x{t:02x}")


def _map(buf: bytes, i: int) -> tuple[dict, int]:
    t = buf[i]
    i += 1
    if 0x80 <= t <= 0x8F:
        n = t & 0x0F
    elif t == 0xDE:
        n, i = int.from_bytes(buf[i:i + 2], "big"), i + 2
    elif t == 0xDF:
        n, i = int.from_bytes(buf[i:i + 4], "big"), i + 4
    else:
        raise ValueError(f"a raw row must be a MessagePack map, got byte 0x{t:02x}")
    out = {}
    for _ in range(n):
        k, i = _value(buf, i)
        out[k], i = _value(buf, i)
    return out, i


def unpack_map(buf: bytes) -> dict:
    """Decode one raw row; raises ValueError on malformed or trailing bytes."""
    try:
        row, end = _map(buf, 0)
    except (IndexError, struct.error, UnicodeDecodeError) as e:
        raise ValueError(f"truncated or malformed MessagePack ({e})") from None
    if end != len(buf):
        raise ValueError(f"{len(buf) - end} bytes after the MessagePack map")
    return row
