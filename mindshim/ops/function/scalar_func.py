"""Scalar, bool and string helpers of MindSpore's graph compiler (`ops.scalar_add(2, 3)`, `ops.bool_and`, ...).

In MindSpore these are Primitive instances that the graph compiler folds; called from Python they act as the
matching Python operator. Here each is an instance of a small Primitive subclass with that behaviour, so
`ops.scalar_add(x, y)`, `ops.scalar_add.name` and `type(ops.scalar_add)` all work.

Mapping decisions (MindSpore 2.10 behaviour):
- `scalar_div`/`scalar_floordiv`/`scalar_mod` raise ValueError for a zero divisor (before Python would).
- `scalar_cast(x, dtype)` accepts only int64, float64 and bool (ValueError otherwise), like ScalarCast.
- `typeof` gives MindSpore's type objects: a Python float is Float32, an int Int64; containers print as
  `Tuple[Int64,Float32]`, `List[]`, `Dictionary[[a,],[Int64]]`. `hastype(x, t)` is "typeof(x) is a t".
"""
from __future__ import annotations

import math
import operator
from typing import Any, Callable

import torch

from mindshim.common import dtype as mstype
from mindshim.ops.primitive import Primitive


class _ScalarPrim(Primitive):
    """A Primitive instance that applies a Python function (MindSpore's scalar Primitive instances)."""

    def __init__(self, name: str, fn: Callable) -> None:
        super().__init__(name)
        self._fn = fn

    def __call__(self, *args: Any) -> Any:
        return self._fn(*args)


def _check_divisor(op: str, y: Any) -> None:
    if y == 0:
        raise ValueError(f"For '{op}', the divisor could not be zero.")


def _div(x: Any, y: Any) -> Any:
    _check_divisor("ScalarDiv", y)
    return x / y


def _floordiv(x: Any, y: Any) -> Any:
    _check_divisor("ScalarFloorDiv", y)
    return x // y


def _mod(x: Any, y: Any) -> Any:
    _check_divisor("ScalarMod", y)
    return x % y


_SCALAR = {
    "scalar_add": operator.add, "scalar_sub": operator.sub, "scalar_mul": operator.mul, "scalar_div": _div,
    "scalar_floordiv": _floordiv, "scalar_mod": _mod, "scalar_pow": operator.pow, "scalar_log": math.log,
    "scalar_eq": operator.eq, "scalar_ne": operator.ne, "scalar_lt": operator.lt, "scalar_le": operator.le,
    "scalar_gt": operator.gt, "scalar_ge": operator.ge, "scalar_max": max, "scalar_min": min,
    "scalar_uadd": operator.pos, "scalar_usub": operator.neg,
    "bool_and": lambda x, y: x and y, "bool_or": lambda x, y: x or y, "bool_not": operator.not_,
    "bool_eq": operator.eq, "string_concat": operator.add, "string_eq": operator.eq,
    "is_": operator.is_, "is_not": operator.is_not,
}
for _name, _fn in _SCALAR.items():
    globals()[_name] = _ScalarPrim(_name, _fn)

_CASTS = {"Int64": int, "Float64": float, "Bool": bool}


def scalar_cast(input_x: Any, input_y: Any) -> Any:
    """Deprecated ops.scalar_cast: int(x) / float(x) / bool(x) for mindspore.int64 / float64 / bool."""
    conv = _CASTS.get(str(input_y))
    if conv is None:
        raise ValueError(f"For 'ScalarCast', the supported type is in the list: [mindspore.int64, "
                         f"mindspore.float64, mindspore.bool], but got {input_y}.")
    return conv(input_x)


class _NamedType:
    """A MindSpore type without a number/tensor dtype (String, None, Tuple[...], Func, ...)."""

    def __init__(self, name: str, kind: str) -> None:
        self._name, self.kind = name, kind

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _NamedType) and other._name == self._name

    def __hash__(self) -> int:
        return hash(self._name)

    def __repr__(self) -> str:
        return self._name

    __str__ = __repr__


def _type_name(value: Any) -> str:
    return str(_typeof(value))


def _typeof(value: Any) -> Any:
    if isinstance(value, torch.Tensor):
        return mstype.TensorType(mstype.from_torch(torch.Tensor.dtype.__get__(value)))
    if isinstance(value, bool):
        return mstype.bool_
    if isinstance(value, int):
        return mstype.int64
    if isinstance(value, float):
        return mstype.float32
    if isinstance(value, str):
        return _NamedType("String", "String")
    if value is None:
        return _NamedType("None", "None")
    if isinstance(value, (tuple, list)):
        kind = "Tuple" if isinstance(value, tuple) else "List"
        return _NamedType(f"{kind}[{','.join(_type_name(v) for v in value)}]", kind)
    if isinstance(value, dict):
        keys = "".join(f"{k}," for k in value)
        return _NamedType(f"Dictionary[[{keys}],[{','.join(_type_name(v) for v in value.values())}]]",
                          "Dictionary")
    if isinstance(value, slice):
        parts = " : ".join(_type_name(p) for p in (value.start, value.stop, value.step))
        return _NamedType(f"Slice[{parts}]", "Slice")
    if isinstance(value, (mstype.Type, mstype.TensorType)):
        return _NamedType("TypeType", "TypeType")
    if callable(value):
        return _NamedType("Func", "Func")
    raise TypeError(f"For 'typeof', the type of {type(value).__name__} is not supported.")


class _TypeOf(Primitive):
    def __call__(self, x: Any) -> Any:
        return _typeof(x)


_GENERIC = {"Number": ("Int", "UInt", "Float", "Complex", "Bool"), "Int": ("Int",), "UInt": ("UInt",),
            "Float": ("Float", "BFloat"), "Complex": ("Complex",)}


def _is_subtype(actual: Any, wanted: Any) -> bool:
    if isinstance(wanted, type):
        return isinstance(actual, wanted)
    if actual == wanted:
        return True
    if isinstance(actual, mstype.Type) and isinstance(wanted, mstype.Type):
        prefixes = _GENERIC.get(str(wanted))  # abstract `int_`/`float_`/`number` match their concrete types
        name = str(actual)
        return bool(prefixes) and any(name.startswith(p) and name[len(p):].isdigit() for p in prefixes)
    if isinstance(actual, _NamedType) and isinstance(wanted, _NamedType):
        return wanted._name == wanted.kind and actual.kind == wanted.kind
    return False


class _HasType(Primitive):
    def __call__(self, x: Any, t: Any) -> bool:
        return _is_subtype(_typeof(x), t)


typeof = _TypeOf("typeof")
hastype = _HasType("hastype")

__all__ = list(_SCALAR) + ["scalar_cast", "typeof", "hastype"]
