"""Encode/decode case results to JSON-safe values (shared by tools/make_goldens.py and the tests).

Pure Python + numpy, no framework import. Arrays become
`{"__array__": true, "dtype": "float32", "shape": [2, 3], "data": <base64 of C-order raw bytes>}`;
tuples become lists; dict keys must be strings; numpy scalars become 0-d arrays (their dtype counts).
A case that raised is recorded as `{"__error__": "TypeError: message"}`.
"""
from __future__ import annotations

import base64
from typing import Any

import numpy as np

ERROR_KEY = "__error__"


def encode(value: Any, where: str = "result") -> Any:
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, np.generic):
        value = np.asarray(value)
    if isinstance(value, np.ndarray):
        if value.dtype.kind not in "biufc":
            raise TypeError(f"{where}: arrays of dtype {value.dtype} cannot be recorded; return numbers")
        arr = np.ascontiguousarray(value)
        if arr.dtype.byteorder == ">":
            arr = arr.astype(arr.dtype.newbyteorder("<"))
        return {"__array__": True, "dtype": str(arr.dtype), "shape": list(arr.shape),
                "data": base64.b64encode(arr.tobytes()).decode("ascii")}
    if isinstance(value, (list, tuple)):
        return [encode(v, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for key, v in value.items():
            if not isinstance(key, str):
                raise TypeError(f"{where}: dict keys must be str, got {key!r}")
            out[key] = encode(v, f"{where}.{key}")
        return out
    raise TypeError(f"{where}: cannot record a {type(value).__module__}.{type(value).__name__}; "
                    "convert Tensors with .asnumpy() and dtypes with str()")


def decode(value: Any) -> Any:
    if isinstance(value, dict):
        if value.get("__array__") is True:
            raw = base64.b64decode(value["data"])
            return np.frombuffer(raw, dtype=np.dtype(value["dtype"])).reshape(value["shape"]).copy()
        return {k: decode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [decode(v) for v in value]
    return value


def encode_error(exc: BaseException) -> dict:
    """Only the message's first line: MindSpore appends C++ traces that say nothing about parity."""
    lines = [line for line in str(exc).splitlines() if line.strip()]
    return {ERROR_KEY: f"{type(exc).__name__}: {lines[0][:300] if lines else ''}"}


def is_error(golden: Any) -> bool:
    return isinstance(golden, dict) and set(golden) == {ERROR_KEY}


def error_type(golden: dict) -> str:
    return golden[ERROR_KEY].split(":", 1)[0]
