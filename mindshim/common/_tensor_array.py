"""Tensor conversion and memory methods with MindSpore's meaning: astype/to/type with MindSpore dtypes and device
names, item()/itemset, stride() as a list, from_numpy sharing memory, get_bytes/convert_bytes_to_tensor, dlpack,
assign_value/set_dtype replacing the data in place."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common._tensor_methods import from_function, ms_method

_TB = torch._C.TensorBase
_Plain = torch.Tensor
_DEVICES = {"CPU": "cpu", "GPU": "cuda", "cpu": "cpu", "cuda": "cuda"}


def _wrap(t: torch.Tensor):
    from mindshim.common.tensor import Tensor
    return t.as_subclass(Tensor) if type(t) is _Plain else t


def _astype_dtype(dtype: Any) -> torch.dtype:
    if isinstance(dtype, str):
        try:
            return mstype.to_torch(np.dtype(dtype.lower()))
        except TypeError:
            raise TypeError(f"For Tensor.astype, the string input type must be a numpy or MindSpore type name, "
                            f"but got '{dtype}'.") from None
    if dtype is float:
        return torch.float64
    return mstype.to_torch(dtype)


def astype(self, dtype, copy: bool = True):
    target = _astype_dtype(dtype)
    if not copy and target == _TB.dtype.__get__(self):
        return self
    return torch.Tensor.to(self, target, copy=True)


def _device(device: Any) -> Any:
    if isinstance(device, str) and device in ("Ascend", "NPU"):
        from mindshim._errors import unsupported
        raise unsupported("Tensor.to('Ascend')", "mindshim runs on CPU or CUDA")
    return _DEVICES.get(device, device) if isinstance(device, str) else device


def to(self, *args: Any, **kwargs: Any):
    """to(dtype), to(device, dtype), to(other): MindSpore dtypes and device names ('CPU', 'GPU') accepted."""
    args = tuple(mstype.to_torch(a) if isinstance(a, mstype.Type) else _device(a) for a in args)
    if isinstance(kwargs.get("dtype"), mstype.Type):
        kwargs["dtype"] = kwargs["dtype"].torch_dtype
    if "device" in kwargs:
        kwargs["device"] = _device(kwargs["device"])
    return torch.Tensor.to(self, *args, **kwargs)


def type_(self, dtype=None):
    if dtype is None:
        return str(self.dtype)
    return astype(self, dtype)


def type_as(self, other):
    if _TB.dtype.__get__(self) == _TB.dtype.__get__(other):
        return self
    return torch.Tensor.to(self, _TB.dtype.__get__(other))


def item(self):
    with torch._C.DisableTorchFunctionSubclass():
        n = _TB.numel(self)
        if n != 1:
            raise ValueError(f"The tensor should have only one element, but got {n}, more than one element is "
                             "ambiguous.")
        return _TB.item(self)


def itemset(self, *args):
    """A copy with one element replaced (`self` is unchanged, as in MindSpore)."""
    if not args:
        raise ValueError("'Tensor.itemset()' must have at least one argument, but got None.")
    arr = self.asnumpy().copy()
    if len(args) == 1:
        if arr.size != 1:
            raise IndexError(f"Only tensor which shape is (1,) support 1 arg that means omit index, but the tensor "
                             f"shape is {arr.shape} and got 1 input.")
        arr.reshape(-1)[0] = args[0]
    else:
        index = args[0]
        if isinstance(index, int):
            if not -arr.size <= index < arr.size:
                raise IndexError(f"index {index} is out of bounds for axis 0 with size {arr.size}")
            arr.reshape(-1)[index] = args[1]
        else:
            arr[tuple(index)] = args[1]
    out = torch.from_numpy(arr).to(device=self.device, dtype=_TB.dtype.__get__(self))
    return _wrap(out)


def copy(self):
    return torch.clone(self)


def contiguous(self):
    return self if torch.Tensor.is_contiguous(self) else torch.Tensor.contiguous(self)


def stride(self, dim=None):
    strides = list(torch.Tensor.stride(self))
    return strides if dim is None else strides[dim]


def value(self):
    return self


def from_numpy(array):
    """A Tensor sharing memory with `array` (a C-contiguous copy first when it is not contiguous)."""
    if not isinstance(array, np.ndarray):
        raise TypeError("Expected a NumPy array.")
    if not array.flags["C_CONTIGUOUS"]:
        array = np.ascontiguousarray(array)
    from mindshim._backend import device as _device_mod
    return _wrap(_device_mod.to_current(torch.from_numpy(array)))


def get_bytes(self) -> bytes:
    return self.asnumpy().tobytes()


def convert_bytes_to_tensor(bytes_data: bytes, shape, dtype):
    arr = np.frombuffer(bytes_data, dtype=mstype.dtype_to_nptype(dtype)).copy()
    from mindshim.common.tensor import Tensor
    return Tensor(arr.reshape(shape))


def _from_dlpack(dlpack):
    from mindshim.utils.dlpack import from_dlpack  # mindspore.utils is its home (it imports Tensor)
    return from_dlpack(dlpack)


def assign_value(self, value):
    """Replace this tensor's data (shape and dtype included) with `value`'s; returns self."""
    src = value if isinstance(value, torch.Tensor) else torch.as_tensor(np.asarray(value))
    torch.Tensor.data.__set__(self, src.detach().as_subclass(_Plain).to(self.device))
    return self


def set_dtype(self, dtype):
    """Convert the data in place to `dtype`; returns the dtype (MindSpore's set_dtype)."""
    target = mstype.to_torch(dtype)
    torch.Tensor.data.__set__(self, torch.Tensor.to(self.detach().as_subclass(_Plain), target))
    return mstype.from_torch(target)


METHODS: dict[str, Any] = {name: ms_method(fn, name) for name, fn in {
    "astype": astype, "to": to, "type": type_, "type_as": type_as, "item": item, "itemset": itemset, "copy": copy,
    "contiguous": contiguous, "stride": stride, "value": value, "get_bytes": get_bytes,
    "assign_value": assign_value, "assign_value_cpp": assign_value, "set_dtype": set_dtype,
}.items()}
METHODS.update({name: from_function(f"mindshim.ops.function.sparse_func:dense_to_sparse_{name[3:]}", name)
                for name in ("to_coo", "to_csr")})
METHODS["to_dlpack"] = from_function("mindshim.utils.dlpack:to_dlpack", "to_dlpack")
METHODS.update({"from_numpy": staticmethod(from_numpy), "from_dlpack": staticmethod(_from_dlpack),
                "convert_bytes_to_tensor": staticmethod(convert_bytes_to_tensor)})
