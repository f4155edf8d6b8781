"""The argument helpers `ops.auto_generate` re-exports (MindSpore's generated ops use them to normalise
kernel sizes, strides, paddings, dtypes and sequences), and its small sequence primitives."""
from __future__ import annotations

from typing import Any

from mindshim.common import dtype as mstype
from mindshim.ops.primitive import Primitive


def arg_invalid_info(op_name: str, arg_name: str, arg_val: Any) -> str:
    return f"For '{op_name}', the value of '{arg_name}' is invalid: '{arg_val}'."


def _invalid(op_name: str, arg_name: str, arg_val: Any) -> ValueError:
    return ValueError(arg_invalid_info(op_name, arg_name, arg_val))


def to_pair(op_name: str, arg_name: str, arg_val: Any) -> Any:
    """A number becomes (v, v); a tuple or list is kept."""
    if isinstance(arg_val, (int, float)):
        return (arg_val, arg_val)
    if isinstance(arg_val, (tuple, list)):
        return arg_val
    raise _invalid(op_name, arg_name, arg_val)


def _int_pair(op_name: str, arg_name: str, arg_val: Any) -> Any:
    """An int becomes (v, v); a 4-element NCHW tuple/list gives its last two; other sequences are kept."""
    if isinstance(arg_val, int):
        return (arg_val, arg_val)
    if isinstance(arg_val, (tuple, list)):
        return (arg_val[2], arg_val[3]) if len(arg_val) == 4 else arg_val
    raise _invalid(op_name, arg_name, arg_val)


to_kernel_size = to_strides = to_dilations = to_output_padding = to_rates = _int_pair


def to_2d_paddings(op_name: str, arg_name: str, pad: Any) -> Any:
    if isinstance(pad, int):
        return (pad, pad)
    if isinstance(pad, (tuple, list)):
        return pad
    raise _invalid(op_name, arg_name, pad)


def is_floating_point_mstype(dtype: Any) -> bool:
    return dtype in (mstype.float16, mstype.float32, mstype.float64)


def is_integral_mstype(dtype: Any) -> bool:
    return dtype in mstype.int_type + mstype.uint_type


def int_to_float(data: Any) -> float:
    return float(data)


def scalar_to_tuple(data: Any) -> tuple:
    return (data,)


def is_shape_unknown(shape: Any) -> bool:
    if any(s < -2 for s in shape):
        raise ValueError(f"'shape' should not have values less than -2 but got ({shape}).")
    return any(s < 0 for s in shape)


class TensorToScalar(Primitive):
    def __call__(self, x: Any) -> Any:
        return x.item()


class TupleToList(Primitive):
    def __call__(self, input: Any) -> list:
        return list(input)


class ListToTuple(Primitive):
    def __call__(self, input: Any) -> tuple:
        return tuple(input)


__all__ = ["arg_invalid_info", "to_pair", "to_kernel_size", "to_strides", "to_dilations", "to_output_padding",
           "to_rates", "to_2d_paddings", "is_floating_point_mstype", "is_integral_mstype", "int_to_float",
           "scalar_to_tuple", "is_shape_unknown", "TensorToScalar", "TupleToList", "ListToTuple"]
