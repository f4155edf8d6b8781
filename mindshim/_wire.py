"""Protobuf wire-format encoding shared by the .ckpt, MindIR and TensorBoard event writers (no protobuf package)."""
from __future__ import annotations


def varint(value: int) -> bytes:
    """An unsigned varint; a negative int64 is written as its ten-byte two's complement."""
    if value < 0:
        value += 1 << 64
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if not value:
            out.append(byte)
            return bytes(out)
        out.append(byte | 0x80)
