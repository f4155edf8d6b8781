"""mindspore.numpy dtype names and the dtype rules its functions share.

`int_`/`float_`/`uint` are the concrete Int32/Float32/UInt32 here (not mindspore's abstract kinds).
`check_dtype` accepts what mindspore.numpy accepts for `dtype=`: its dtype objects, the names
'int', 'int8', ..., 'float', 'bool', Python `int`/`float`/`bool` and numpy scalar types.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.common.dtype import (Type, bool_, float16, float32, float64, int8, int16, int32, int64,
                                   pytype_to_dtype, uint8, uint16, uint32, uint64)

inf = float("inf")
PINF = float("inf")
NINF = float("-inf")
nan = float("nan")
pi = 3.141592653589793

int_ = int32
uint = uint32
float_ = float32

numeric_types = ["int_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                 "float_", "float16", "float32", "float64", "bool_"]

DTYPES = (int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64, bool_)
_BY_NAME = {"int": int32, "float": float32, "uint": uint32, "bool": bool_,
            **{str(t).lower(): t for t in DTYPES if t is not bool_}}
_ALLOWED = ["np.int_", "np.int8", "np.int16", "np.int32", "np.int64", "np.uint", "np.uint8", "np.uint16",
            "np.uint32", "np.uint64", "np.float16", "np.float32", "np.float64", "np.bool_"]


def check_dtype(dtype: Any) -> Type:
    """The mindspore dtype `dtype` names; TypeError for anything mindspore.numpy does not accept."""
    out: Any = None
    if isinstance(dtype, str):
        out = _BY_NAME.get(dtype.lower())
    elif isinstance(dtype, Type):
        out = dtype
    elif dtype is int:
        out = int32
    elif dtype is float:
        out = float32
    elif isinstance(dtype, (type, np.dtype)):
        try:
            out = pytype_to_dtype(dtype)
        except TypeError:
            out = None
    if out is None or out not in DTYPES:
        raise TypeError(f"only {_ALLOWED} are allowed for dtype, but got {type(dtype)}")
    return out


_KIND = {bool_: "b", uint8: "u", uint16: "u", uint32: "u", uint64: "u",
         int8: "i", int16: "i", int32: "i", int64: "i", float16: "f", float32: "f", float64: "f"}
_BITS = {bool_: 1, int8: 8, uint8: 8, int16: 16, uint16: 16, int32: 32, uint32: 32, int64: 64, uint64: 64,
         float16: 16, float32: 32, float64: 64}
_SIGNED = {8: int8, 16: int16, 32: int32, 64: int64}


def promote(d1: Type, d2: Type) -> Type:
    """mindspore.numpy's pairwise promotion: numpy's for integers, but an integer with a float gives that float
    (int64 + float16 -> float16), and uint16 with float64 gives float32 (as mindspore.numpy's table has it)."""
    if d1 == d2:
        return d1
    if d1 not in _KIND or d2 not in _KIND:
        raise TypeError(f"input dtype: {d1}, {d2} are not all mindspore datatypes.")
    k1, k2 = _KIND[d1], _KIND[d2]
    if k1 == "b":
        return d2
    if k2 == "b":
        return d1
    if {d1, d2} == {uint16, float64}:
        return float32
    if k1 == "f" and k2 == "f":
        return d1 if _BITS[d1] > _BITS[d2] else d2
    if k1 == "f" or k2 == "f":
        return d1 if k1 == "f" else d2
    if k1 == k2:
        return d1 if _BITS[d1] > _BITS[d2] else d2
    u, s = (d1, d2) if k1 == "u" else (d2, d1)
    if _BITS[u] == 64:
        return float64
    if _BITS[s] > _BITS[u]:
        return s
    return _SIGNED[_BITS[u] * 2]


__all__ = ["int_", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
           "float_", "float16", "float32", "float64", "bool_", "inf", "nan", "pi", "numeric_types", "PINF", "NINF"]
