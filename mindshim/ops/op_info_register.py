"""mindspore.ops.op_info_register: kernel registration info builders (CustomRegOp, CpuRegOp, AiCPURegOp,
AkgGpuRegOp, DataType), the `op_info_register`/`custom_info_register` decorators, `DtypeToEnum`, and the Python
debug-implementation registry (`vm_impl_registry`, `get_vm_impl_fn`).

The builders produce the same `get_op_info()` dicts as MindSpore. mindshim has no kernel library to put them
into, so `op_info_register` checks the info and returns the function unchanged in behaviour.
"""
from __future__ import annotations

import functools
import itertools
import json
from collections import UserDict
from typing import Any, Callable

from mindshim.ops.primitive import Primitive


class RegOp:
    """Base of the registration-info builders; attributes ending in `_` lose it in `get_op_info()`."""

    def __init__(self, op_name: str = "") -> None:
        if not isinstance(op_name, str):
            raise ValueError("op name value must be string")
        if not op_name.strip():
            raise ValueError("op name is empty")
        self.op_name = op_name
        self.inputs: list = []
        self.outputs: list = []
        self.attr_: list = []
        self.fusion_type_ = ""
        self.dtype_format_: list = []

    @staticmethod
    def _check(value: Any, kind: type, what: str) -> None:
        if not isinstance(value, kind):
            raise TypeError(f"{value} value must be {what}")

    def _entry(self, values: list, keys: list, kinds: list, kwargs: dict) -> dict:
        out = {}
        for value, key, kind in zip(values, keys, kinds):
            if value is not None:
                self._check(value, kind, kind.__name__)
                out[key] = value
        out.update(kwargs)
        return out

    def _io(self, index: Any, name: Any, param_type: Any, kwargs: dict) -> dict:
        return self._entry([index, name, param_type], ["index", "name", "paramType"], [int, str, str], kwargs)

    def input(self, index: Any = None, name: Any = None, param_type: Any = None, **kwargs: Any) -> "RegOp":
        self.inputs.append(self._io(index, name, param_type, kwargs))
        return self

    def output(self, index: Any = None, name: Any = None, param_type: Any = None, **kwargs: Any) -> "RegOp":
        self.outputs.append(self._io(index, name, param_type, kwargs))
        return self

    def fusion_type(self, fusion_type: str) -> "RegOp":
        self._check(fusion_type, str, "str")
        self.fusion_type_ = fusion_type
        return self

    def dtype_format(self, *args: Any) -> "RegOp":
        if len(self.inputs) + len(self.outputs) != len(args):
            raise ValueError("input size add output size must be equal to dtype format size")
        for arg in args:
            if not isinstance(arg, tuple) or len(arg) not in (2, 3):
                raise ValueError("dtype and format value must be tuple of two or three elements")
            for part in arg:
                self._check(part, str, "str")
        self.dtype_format_.append(tuple(args))
        return self

    def get_op_info(self) -> dict:
        return {(k.rstrip("_") if k.endswith("_") else k): v for k, v in self.__dict__.items()}


class CpuRegOp(RegOp):
    def __init__(self, op_name: str) -> None:
        super().__init__(op_name)
        self.imply_type = "CPU"

    def attr(self, name: Any = None, value_type: Any = None, value: Any = None, **kwargs: Any) -> "CpuRegOp":
        self.attr_.append(self._entry([name, value_type, value], ["name", "type", "value"], [str] * 3, kwargs))
        return self


class AiCPURegOp(CpuRegOp):
    def __init__(self, op_name: str) -> None:
        super().__init__(op_name)
        self.imply_type = "AiCPU"


class AkgRegOp(RegOp):
    def __init__(self, op_name: str, processor: str) -> None:
        super().__init__(op_name)
        self.imply_type = "AKG"
        self.processor = processor

    def output(self, index: Any = None, name: Any = None, **kwargs: Any) -> "AkgRegOp":
        self.outputs.append(self._entry([index, name], ["index", "name"], [int, str], kwargs))
        return self

    def attr(self, name: Any = None, param_type: Any = None, value_type: Any = None, **kwargs: Any) -> "AkgRegOp":
        self.attr_.append(self._entry([name, param_type, value_type], ["name", "paramType", "type"], [str] * 3,
                                      kwargs))
        return self


class AkgGpuRegOp(AkgRegOp):
    def __init__(self, op_name: str) -> None:
        super().__init__(op_name, "CUDA")


class CustomRegOp(RegOp):
    """Registration info for the `func` of ops.Custom (inputs/outputs default to param_type "required")."""

    def __init__(self, op_name: str = "Custom") -> None:
        super().__init__(op_name)
        self.target_: Any = "UnKnown"

    def input(self, index: Any = None, name: Any = None, param_type: Any = "required", **kwargs: Any) -> "CustomRegOp":
        return super().input(index, name, param_type, **kwargs)

    def output(self, index: Any = None, name: Any = None, param_type: Any = "required",
               **kwargs: Any) -> "CustomRegOp":
        return super().output(index, name, param_type, **kwargs)

    def attr(self, name: Any = None, param_type: Any = None, value_type: Any = None, default_value: Any = None,
             **kwargs: Any) -> "CustomRegOp":
        self.attr_.append(self._entry([name, param_type, value_type, default_value],
                                      ["name", "paramType", "type", "defaultValue"], [str] * 4, kwargs))
        return self

    def target(self, target: Any = None) -> "CustomRegOp":
        if target is not None:
            self._check(target, str, "str")
        self.target_ = target
        return self


_DTYPES = {"None": "", "BOOL": "bool", "I8": "int8", "U8": "uint8", "I16": "int16", "U16": "uint16",
           "I32": "int32", "U32": "uint32", "I64": "int64", "U64": "uint64", "F16": "float16", "F32": "float32",
           "F64": "float64", "BF16": "bfloat16", "C64": "complex64", "C128": "complex128"}
_FORMATS = {"None": "", "Default": "DefaultFormat", "5HD": "NC1HWC0", "FracZ": "FRACTAL_Z", "FracNZ": "FRACTAL_NZ",
            "C1HWNCoC0": "C1HWNCoC0", "NCHW": "NCHW", "NHWC": "NHWC", "HWCN": "HWCN", "NDHWC": "NDHWC",
            "ChannelLast": "ChannelLast", "NDC1HWC0": "NDC1HWC0", "NCDHW": "NCDHW", "DHWCN": "DHWCN",
            "FRACTAL_Z_3D": "FRACTAL_Z_3D", "FracZNLSTM": "FRACTAL_ZN_LSTM", "FracZNRNN": "FRACTAL_ZN_RNN",
            "ND_RNNBIAS": "ND_RNN_BIAS", "NC1HWC0": "NC1HWC0"}
# `DataType.F32_Default == ("float32", "DefaultFormat")`: every (dtype, format) pair as a class attribute.
DataType = type("DataType", (), {
    "__doc__": "(dtype, format) pairs for RegOp.dtype_format, e.g. DataType.F16_Default.", "__module__": __name__,
    **{f"{d}_{f}": (dv, fv) for (d, dv), (f, fv) in itertools.product(_DTYPES.items(), _FORMATS.items())}})


def _json_info(op_info: Any) -> str:
    info = json.dumps(op_info) if isinstance(op_info, dict) else op_info
    if not isinstance(info, str):
        raise TypeError(f"For 'op_info_register', 'op_info' must be a str or dict, but got {type(op_info).__name__}.")
    return info


def op_info_register(op_info: Any) -> Callable:
    """Decorator registering kernel info; the decorated function keeps its behaviour."""
    def register(func: Callable) -> Callable:
        _json_info(op_info)

        def wrapped(*args: Any, **kwargs: Any) -> Any:
            return func(*args, **kwargs)
        return wrapped
    return register


def custom_info_register(*reg_info: Any) -> Callable:
    """Decorator attaching `reg_info` (a tuple) to a Custom op's `func` as `func.reg_info`."""
    def decorator(func: Callable) -> Callable:
        func.reg_info = reg_info

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return func(*args, **kwargs)
        return wrapper
    return decorator


_TYPE_IDS = {"Bool": 30, "Int8": 32, "Int16": 33, "Int32": 34, "Int64": 35, "UInt8": 37, "UInt16": 38,
             "UInt32": 39, "UInt64": 40, "Float16": 42, "Float32": 43, "Float64": 44, "BFloat16": 45,
             "Complex64": 51, "Complex128": 52}


class DtypeToEnum(Primitive):
    """`DtypeToEnum()(op_name, arg_name, dtype)`: MindSpore's TypeId number of a dtype."""

    def __call__(self, op_name: str, arg_name: str, dtype: Any) -> int:
        type_id = _TYPE_IDS.get(str(dtype))
        if type_id is None:
            raise TypeError(f"For '{op_name}', the input '{arg_name}' should be a mindspore dtype, but got {dtype}.")
        return type_id


class VmImplRegistry(UserDict):
    """Python debug implementations of primitives, keyed by primitive class or name."""

    def register(self, prim: Any) -> Callable:
        def deco(fn: Callable) -> Callable:
            if isinstance(prim, str):
                self[prim] = fn
            elif isinstance(prim, type) and issubclass(prim, Primitive):
                self[id(prim)] = fn
                self[prim.__name__] = fn
            return fn
        return deco

    def get(self, prim: Any, default: Any = None) -> Any:
        if isinstance(prim, str):
            return self.data.get(prim, default)
        if isinstance(prim, Primitive):
            return self.data.get(id(type(prim)), self.data.get(prim.name, default))
        return default


vm_impl_registry = VmImplRegistry()


def get_vm_impl_fn(prim: Any) -> Any:
    """The registered debug implementation for a primitive (object or name), built by its factory; else None."""
    factory = vm_impl_registry.get(prim, None)
    return factory(prim) if factory else None


__all__ = ["RegOp", "CpuRegOp", "AiCPURegOp", "AkgRegOp", "AkgGpuRegOp", "CustomRegOp", "DataType",
           "op_info_register", "custom_info_register", "DtypeToEnum", "VmImplRegistry", "vm_impl_registry",
           "get_vm_impl_fn"]
