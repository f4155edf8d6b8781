"""MindSpore's `mind_ir.proto` (proto2, MindSpore 2.10) on the project's own protobuf wire codec.

Messages are plain dicts keyed by field name; a repeated field is a list. The schema below lists the field
numbers and kinds of the messages MindIR files use (read from MindSpore 2.10's generated `mind_ir_pb2`).
Fields are written in field-number order, repeated scalars unpacked (proto2 default), which is how
MindSpore's C++ serializer writes them; the reader also accepts packed repeated scalars.
Unknown fields are skipped on read. Nothing in a file is ever executed.
"""
from __future__ import annotations

import struct
from typing import Any

from mindshim.train._checkpoint_format import CheckpointFormatError, _fields, _read_varint, _varint


class MindIRFormatError(ValueError):
    """Bytes that are not a MindIR ModelProto this reader understands."""


# kinds: s=string b=bytes i=int64/int32/enum (varint) u=bool f=float d=double; anything else = message name
_S, _B, _I, _U, _F, _D = "s", "b", "i", "u", "f", "d"
SCHEMA: dict[str, dict[int, tuple[str, str, bool]]] = {
    "ModelProto": {1: ("ir_version", _S, False), 2: ("producer_name", _S, False),
                   3: ("producer_version", _S, False), 4: ("domain", _S, False), 5: ("model_version", _S, False),
                   6: ("doc_string", _S, False), 7: ("graph", "GraphProto", False),
                   8: ("functions", "GraphProto", True), 10: ("little_endian", _U, False),
                   12: ("primitives", "PrimitiveProto", True), 13: ("mind_ir_version", _I, False),
                   14: ("user_info", "UserInfoEntry", True)},
    "UserInfoEntry": {1: ("key", _S, False), 2: ("value", _S, False)},
    "GraphProto": {1: ("node", "NodeProto", True), 2: ("name", _S, False), 3: ("parameter", "TensorProto", True),
                   4: ("doc_string", _S, False), 5: ("input", "ValueInfoProto", True),
                   6: ("output", "ValueInfoProto", True), 7: ("bprop_hash", _S, False),
                   8: ("attribute", "AttributeProto", True), 9: ("bprop_filepath", _S, False)},
    "NodeProto": {1: ("input", _S, True), 2: ("output", _S, True), 3: ("name", _S, False), 4: ("op_type", _S, False),
                  5: ("attribute", "AttributeProto", True), 6: ("doc_string", _S, False), 7: ("domain", _S, False),
                  8: ("node_attr", "AttributeProto", True), 9: ("primal_attr", "AttributeProto", True)},
    "ValueInfoProto": {1: ("name", _S, False), 2: ("tensor", "TensorProto", True), 3: ("doc_string", _S, False),
                       4: ("denotation", _S, False), 5: ("attr_info", "AttributeProto", False)},
    "AttributeProto": {1: ("name", _S, False), 2: ("f", _F, False), 3: ("i", _I, False), 4: ("d", _D, False),
                       5: ("s", _B, False), 6: ("t", "TensorProto", False), 7: ("g", "GraphProto", False),
                       8: ("floats", _F, True), 9: ("doubles", _D, True), 10: ("ints", _I, True),
                       11: ("strings", _B, True), 12: ("tensors", "TensorProto", True),
                       13: ("graphs", "GraphProto", True), 14: ("doc_string", _S, False),
                       15: ("ref_attr_name", _S, False), 16: ("type", _I, False),
                       17: ("values", "AttributeProto", True), 18: ("seq_info", "SeqInfoProto", False)},
    "SeqInfoProto": {1: ("is_dyn_len", _U, False), 2: ("tuple_elem_item", "AttributeProto", False)},
    "TensorProto": {1: ("dims", _I, True), 2: ("data_type", _I, False), 3: ("float_data", _F, True),
                    4: ("int32_data", _I, True), 5: ("string_data", _B, True), 6: ("int64_data", _I, True),
                    7: ("name", _S, False), 8: ("doc_string", _S, False), 9: ("raw_data", _B, False),
                    10: ("double_data", _D, True), 12: ("external_data", "ExternalDataProto", False),
                    13: ("ref_key", _S, False), 14: ("min_dims", _I, True), 15: ("max_dims", _I, True),
                    16: ("compression_type", _I, False)},
    "ExternalDataProto": {1: ("location", _S, False), 2: ("offset", _I, False), 3: ("length", _I, False)},
    "PrimitiveProto": {1: ("name", _S, False), 2: ("op_type", _S, False), 3: ("attribute", "AttributeProto", True),
                       4: ("instance_name", _S, False), 5: ("prim_type", _I, False)},
}
_WIRE = {_S: 2, _B: 2, _I: 0, _U: 0, _F: 5, _D: 1}
_BY_NAME = {msg: {name: (num, kind, rep) for num, (name, kind, rep) in fields.items()}
            for msg, fields in SCHEMA.items()}

# AttributeProto.AttributeType values used here
A_FLOAT, A_INT32, A_INT64, A_STRING, A_BOOL, A_DOUBLE = 1, 6, 7, 8, 9, 11
A_TENSORS, A_TUPLE, A_LIST, A_UMONAD, A_IOMONAD, A_NONE = 19, 20, 21, 23, 24, 25
A_TYPE_NULL = 36
PRIM_PRIMITIVE, PRIM_FUNCTION = 1, 2


def _scalar(kind: str, value: Any) -> Any:
    if kind == _S:
        return bytes(value).decode("utf-8")
    if kind == _B:
        return bytes(value)
    if kind == _F:
        return struct.unpack("<f", value.to_bytes(4, "little"))[0]
    if kind == _D:
        return struct.unpack("<d", value.to_bytes(8, "little"))[0]
    if kind == _U:
        return bool(value)
    return value - (1 << 64) if value >= 1 << 63 else value  # int64 two's complement


def _packed(kind: str, buf: memoryview) -> list:
    if kind == _F:
        return list(struct.unpack(f"<{len(buf) // 4}f", buf))
    if kind == _D:
        return list(struct.unpack(f"<{len(buf) // 8}d", buf))
    out, pos = [], 0
    while pos < len(buf):
        value, pos = _read_varint(buf, pos)
        out.append(_scalar(kind, value))
    return out


def decode(data: bytes | memoryview, message: str = "ModelProto") -> dict:
    schema = SCHEMA[message]
    out: dict[str, Any] = {}
    try:
        for number, wire, value in _fields(memoryview(data)):
            spec = schema.get(number)
            if spec is None:
                continue
            name, kind, repeated = spec
            if kind in SCHEMA:
                if wire != 2:
                    raise MindIRFormatError(f"{message}.{name} is not a message")
                item = decode(value, kind)
            elif repeated and wire == 2 and kind not in (_S, _B):
                out.setdefault(name, []).extend(_packed(kind, value))
                continue
            elif wire != _WIRE[kind]:
                raise MindIRFormatError(f"{message}.{name} has wire type {wire}")
            else:
                item = _scalar(kind, value)
            if repeated:
                out.setdefault(name, []).append(item)
            else:
                out[name] = item
    except CheckpointFormatError as err:
        raise MindIRFormatError(f"not a MindIR file ({err})") from None
    return out


def _encode_scalar(number: int, kind: str, value: Any) -> bytes:
    if kind in (_S, _B):
        raw = value.encode("utf-8") if isinstance(value, str) else bytes(value)
        return _varint((number << 3) | 2) + _varint(len(raw)) + raw
    if kind == _F:
        return _varint((number << 3) | 5) + struct.pack("<f", value)
    if kind == _D:
        return _varint((number << 3) | 1) + struct.pack("<d", value)
    return _varint(number << 3) + _varint(int(value))


def encode(msg: dict, message: str = "ModelProto") -> bytes:
    fields = _BY_NAME[message]
    parts: list[tuple[int, bytes]] = []
    for name, value in msg.items():
        number, kind, repeated = fields[name]
        items = value if repeated else [value]
        for item in items:
            if kind in SCHEMA:
                body = encode(item, kind)
                parts.append((number, _varint((number << 3) | 2) + _varint(len(body)) + body))
            else:
                parts.append((number, _encode_scalar(number, kind, item)))
    parts.sort(key=lambda p: p[0])  # stable: repeated items keep their order
    return b"".join(p for _, p in parts)


class Message:
    """Attribute access to a decoded message, with protobuf's defaults for absent fields (what
    `mindspore.load_mindir` returns: MindSpore hands out its generated `ModelProto`)."""

    def __init__(self, fields: dict | None = None, message: str = "ModelProto") -> None:
        object.__setattr__(self, "_fields", fields if fields is not None else {})
        object.__setattr__(self, "_message", message)

    def __getattr__(self, name: str) -> Any:
        spec = _BY_NAME[self._message].get(name)
        if spec is None:
            raise AttributeError(f"{self._message} has no field {name!r}")
        _, kind, repeated = spec
        value = self._fields.get(name)
        if kind in SCHEMA:
            if repeated:
                return [Message(v, kind) for v in value or []]
            return Message(value if value is not None else {}, kind)
        if value is not None:
            return value
        return [] if repeated else {_S: "", _B: b"", _F: 0.0, _D: 0.0, _U: False}.get(kind, 0)

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _BY_NAME[self._message]:
            raise AttributeError(f"{self._message} has no field {name!r}")
        self._fields[name] = value

    def HasField(self, name: str) -> bool:  # noqa: N802 (protobuf's name)
        return name in self._fields

    def SerializeToString(self) -> bytes:  # noqa: N802 (protobuf's name)
        return encode(self._fields, self._message)

    def ParseFromString(self, data: bytes) -> int:  # noqa: N802 (protobuf's name)
        self._fields.clear()
        self._fields.update(decode(data, self._message))
        return len(data)

    def __repr__(self) -> str:
        return f"<mind_ir.{self._message} with fields {sorted(self._fields)}>"
