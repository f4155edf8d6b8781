"""MindSpore dtype objects (`mindspore.float32`, `mstype.int32`, ...).

Each MindSpore dtype is a small object that prints as MindSpore prints it (`Float32`) and maps
one-to-one onto a torch dtype and a numpy dtype. It also compares equal to its torch dtype so that
code which mixes the two (`x.dtype == torch.float32`) keeps working. Two MindSpore dtypes are equal
when their names are (so the abstract `float_`, printed `Float`, differs from `float32`, as in
MindSpore 2.10).
"""
from __future__ import annotations

import enum
from typing import Any

import numpy as np
import torch


class Type:
    """A MindSpore number type."""

    __slots__ = ("_name", "_torch", "_np")

    def __init__(self, name: str, torch_dtype: torch.dtype, np_dtype: type | None) -> None:
        self._name = name
        self._torch = torch_dtype
        self._np = np_dtype

    def __repr__(self) -> str:  # MindSpore: repr mindspore.int64, str Int64
        return "mindspore." + _REPR_NAMES.get(self._name, self._name.lower())

    def __str__(self) -> str:
        return self._name

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Type):
            return self._name == other._name
        if isinstance(other, torch.dtype):
            return self._torch == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._torch)

    def __reduce__(self):
        return (_by_name, (self._name,))

    @property
    def torch_dtype(self) -> torch.dtype:
        return self._torch

    @property
    def np_dtype(self):
        return self._np

    # MindSpore 2.10's dtype queries (torch.dtype's names): is_floating_point, is_complex, is_signed, itemsize
    @property
    def is_floating_point(self) -> bool:
        return self._torch.is_floating_point

    @property
    def is_complex(self) -> bool:
        return self._torch.is_complex

    @property
    def is_signed(self) -> bool:
        return self._torch.is_signed

    @property
    def itemsize(self) -> int:
        return self._torch.itemsize

    def to_complex(self) -> Type:
        """float32/bfloat16 -> complex64, float64 -> complex128, complex kept; other types: TypeError."""
        if self._torch.is_complex:
            return self
        if self._torch in (torch.float32, torch.bfloat16, torch.float64):
            return from_torch(torch.complex128 if self._torch == torch.float64 else torch.complex64)
        raise TypeError(f"Cannot convert type {self._name.lower()} to complex type.")

    def to_real(self) -> Type:
        """complex64 -> float32, complex128 -> float64; other types as they are."""
        return from_torch(self._torch.to_real()) if self._torch.is_complex else self


# repr names MindSpore gives that are not the lower-cased str name
_REPR_NAMES = {"Float8E4M3FN": "float8_e4m3fn", "Float8E5M2": "float8_e5m2"}


def _by_name(name: str) -> Type:
    return _BY_NAME[name]


bool_ = Type("Bool", torch.bool, np.bool_)
int8 = Type("Int8", torch.int8, np.int8)
int16 = Type("Int16", torch.int16, np.int16)
int32 = Type("Int32", torch.int32, np.int32)
int64 = Type("Int64", torch.int64, np.int64)
uint8 = Type("UInt8", torch.uint8, np.uint8)
uint16 = Type("UInt16", torch.uint16, np.uint16)
uint32 = Type("UInt32", torch.uint32, np.uint32)
uint64 = Type("UInt64", torch.uint64, np.uint64)
float16 = Type("Float16", torch.float16, np.float16)
float32 = Type("Float32", torch.float32, np.float32)
float64 = Type("Float64", torch.float64, np.float64)
bfloat16 = Type("BFloat16", torch.bfloat16, None)
complex64 = Type("Complex64", torch.complex64, np.complex64)
complex128 = Type("Complex128", torch.complex128, np.complex128)

# MindSpore's aliases.
half = float16
single = float32
double = float64
byte, short, long, intc, intp = int8, int16, int64, int32, int64
ubyte, ushort, uintc, uintp = uint8, uint16, uint32, uint64
cfloat, cdouble = complex64, complex128
# MindSpore's abstract types print as `Float`/`Int`/`UInt`/`Number` and differ from every concrete
# dtype; mindshim still accepts them where a dtype is needed, as their default concrete type.
float_ = Type("Float", torch.float32, np.float32)
int_ = Type("Int", torch.int64, np.int64)
uint = Type("UInt", torch.uint64, np.uint64)
number = Type("Number", torch.float32, np.float32)

_ALL = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
        float16, float32, float64, bfloat16, complex64, complex128)
_BY_NAME = {t._name: t for t in _ALL + (float_, int_, uint, number)}
_BY_TORCH = {t._torch: t for t in _ALL}
_BY_NP = {np.dtype(t._np): t for t in _ALL if t._np is not None}

float_type = (float16, float32, float64, bfloat16)
int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
all_types = _ALL
complex_type = (complex64, complex128)
signed_type = int_type + float_type + complex_type
number_type = int_type + uint_type + float_type + complex_type


def type_size_in_bytes(dtype: Type) -> int:
    """Bytes of one element of `dtype`."""
    if not isinstance(dtype, Type):
        raise TypeError(f"The argument 'dtype' must be a mindspore dtype, but got {type(dtype).__name__}.")
    return torch.empty((), dtype=dtype.torch_dtype).element_size()


def from_torch(dtype: torch.dtype) -> Type:
    return _BY_TORCH[dtype]


def to_torch(dtype) -> torch.dtype:
    """Accept a MindSpore dtype, a torch dtype, a numpy dtype or a Python type."""
    if isinstance(dtype, Type):
        return dtype._torch
    if isinstance(dtype, torch.dtype):
        return dtype
    if dtype is float:
        return torch.float32
    if dtype is int:
        return torch.int64
    if dtype is bool:
        return torch.bool
    try:
        return _BY_NP[np.dtype(dtype)]._torch
    except (TypeError, KeyError):
        raise TypeError(f"For 'dtype', the input should be a MindSpore dtype, but got {dtype!r}.") from None


def pytype_to_dtype(obj) -> Type:
    return from_torch(to_torch(obj))


def get_py_obj_dtype(obj: Any) -> Any:
    """The MindSpore type of a Python object: a Tensor's `Tensor[dtype]` type, else the scalar's dtype or
    the container's type (`List`, `Tuple`, `Dict`)."""
    if isinstance(obj, torch.Tensor):
        return TensorType(from_torch(torch.Tensor.dtype.__get__(obj)))
    if isinstance(obj, (list, tuple)):
        return _ContainerType(type(obj).__name__.capitalize())
    if isinstance(obj, str):
        return string
    if obj is None:
        return type_none
    if isinstance(obj, dict):
        raise NotImplementedError(f"The python type {type(obj)} cannot be converted to MindSpore type.")
    if isinstance(obj, float):
        return float64  # a Python float is a double here (pytype_to_dtype gives the default float32)
    return pytype_to_dtype(type(obj))


class TensorType:
    """The type of a tensor of `element_type` (prints as MindSpore does: `Tensor[Float32]`)."""

    def __init__(self, element_type: Type) -> None:
        self._element = element_type

    def element_type(self) -> Type:
        return self._element

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TensorType) and other._element == self._element

    def __hash__(self) -> int:
        return hash(("Tensor", self._element))

    def __repr__(self) -> str:
        return f"Tensor[{self._element}]"


class _ContainerType:
    def __init__(self, name: str) -> None:
        self._name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ContainerType) and other._name == self._name

    def __hash__(self) -> int:
        return hash(self._name)

    def __repr__(self) -> str:
        return self._name


def dtype_to_nptype(dtype: Type):
    return dtype._np


def dtype_to_pytype(dtype: Type) -> type:
    if dtype == bool_:
        return bool
    if dtype in float_type:
        return float
    if dtype in (complex64, complex128):
        return complex
    if isinstance(dtype, Type):
        return int
    named = {"List": list, "Tuple": tuple, "String": str, "None": type(None)}  # the non-number types below
    if isinstance(dtype, _ContainerType) and str(dtype) in named:
        return named[str(dtype)]
    raise KeyError(dtype)


def is_float(dtype) -> bool:
    return to_torch(dtype).is_floating_point


# --- float8 dtypes, abstract kinds and non-number types (mindspore.float8_e4m3fn, Int, list_, ...) ---
float8_e4m3fn = Type("Float8E4M3FN", torch.float8_e4m3fn, None)
float8_e5m2 = Type("Float8E5M2", torch.float8_e5m2, None)
for _t in (float8_e4m3fn, float8_e5m2):
    _BY_NAME[_t._name] = _t
    _BY_TORCH[_t._torch] = _t


class _KindMeta(type):
    """`isinstance(ms.int32, ms.Int)` holds as in MindSpore, where each dtype object is an instance of its kind."""

    def __instancecheck__(cls, obj: object) -> bool:
        return isinstance(obj, Type) and cls._matches(obj._name)


class _Kind(metaclass=_KindMeta):
    """A MindSpore number kind: `Kind()` is the abstract type, `Kind(nbits)` the concrete dtype."""

    _PREFIX, _BITS, _ABSTRACT = "", (), ""

    @classmethod
    def _matches(cls, name: str) -> bool:
        return name == cls._ABSTRACT or (name.startswith(cls._PREFIX) and name[len(cls._PREFIX):].isdigit())

    def __new__(cls, nbits: int | None = None) -> Type:  # type: ignore[misc]
        if nbits is None:
            return _BY_NAME[cls._ABSTRACT]
        if not isinstance(nbits, int) or isinstance(nbits, bool):
            raise TypeError(f"{cls.__name__}(): 'nbits' must be int, but got {type(nbits).__name__}.")
        if nbits not in cls._BITS:
            sizes = ", ".join(f"{b}bits" for b in cls._BITS[:-1]) + f" and {cls._BITS[-1]}bits"
            raise RuntimeError(f"For {cls.__name__} type only support number of {sizes}, but got {nbits}bits")
        return _BY_NAME[f"{cls._PREFIX}{nbits}"]


class Int(_Kind):
    """MindSpore's signed-integer kind: `Int()` is the abstract `int_`, `Int(nbits)` the concrete dtype."""

    _PREFIX, _BITS, _ABSTRACT = "Int", (8, 16, 32, 64), "Int"


class Float(_Kind):
    _PREFIX, _BITS, _ABSTRACT = "Float", (16, 32, 64), "Float"


class Bool(metaclass=_KindMeta):
    @staticmethod
    def _matches(name: str) -> bool:
        return name == "Bool"

    def __new__(cls) -> Type:  # type: ignore[misc]
        return bool_


class _NamedType(_ContainerType):
    """A non-number MindSpore type object that is equal only to the type of the same name."""

    _REPRS = {"List": "mindspore.list_", "Tuple": "mindspore.tuple_", "String": "mindspore.string_",
              "None": "mindspore.type_none", "Null": "mindspore.Null"}

    def __repr__(self) -> str:
        return self._REPRS.get(self._name, self._name)

    def __str__(self) -> str:
        return self._name


list_ = _NamedType("List")
tuple_ = _NamedType("Tuple")
string = _NamedType("String")
type_none = _NamedType("None")


class _NullType(_NamedType):
    """The type of `mindspore._null` (prints `Null`)."""

    def __init__(self) -> None:
        super().__init__("Null")


_null = _NullType()


class _AnyTensorType(TensorType):
    """`mindspore.tensor_type`: the tensor type with no element type (prints `Tensor`)."""

    def __init__(self) -> None:
        super().__init__(None)  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _AnyTensorType)

    def __hash__(self) -> int:
        return hash("Tensor")

    def __repr__(self) -> str:
        return "Tensor"


tensor_type = _AnyTensorType()


class _QuantDtypeBase(enum.Enum):
    """Quantization dtypes INT1..INT16 (values 0..15) and UINT1..UINT16 (values 100..115); `value()` is a method."""

    def __str__(self) -> str:
        return self.name

    def value(self) -> int:  # type: ignore[override]
        return self._value_


QuantDtype = _QuantDtypeBase("QuantDtype", [(f"INT{i}", i - 1) for i in range(1, 17)]
                             + [(f"UINT{i}", 99 + i) for i in range(1, 17)], module=__name__)


__all__ = [
    "Type", "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "bfloat16", "complex64", "complex128", "half", "single",
    "double", "float_", "int_", "uint", "number", "byte", "short", "long", "intc", "intp", "ubyte", "ushort",
    "uintc", "uintp", "cfloat", "cdouble", "TensorType", "get_py_obj_dtype", "float_type", "int_type", "uint_type",
    "all_types", "pytype_to_dtype", "dtype_to_nptype", "dtype_to_pytype",
    "float8_e4m3fn", "float8_e5m2", "Int", "Float", "Bool", "complex_type", "signed_type",
    "number_type", "type_size_in_bytes", "list_", "tuple_", "string", "type_none", "tensor_type", "QuantDtype",
]


# `mstype.int`/`float`/`bool` (MindSpore's module binds them; here they would shadow the builtins).
_BUILTIN_NAMED = {"int": "int32", "float": "float32", "bool": "bool_"}


def __getattr__(name: str) -> Any:
    if name in _BUILTIN_NAMED:
        return globals()[_BUILTIN_NAMED[name]]
    raise AttributeError(f"module 'mindspore.common.dtype' has no attribute '{name}'")
