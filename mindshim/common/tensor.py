"""mindspore.Tensor: a torch.Tensor subclass that carries MindSpore semantics.

Mapping decisions (the MindSpore-facing side of each):
- `shape` is a plain tuple and `size` is the element count (a property in MindSpore). `size` is
  an int that can also be called, so torch code that calls `t.size()` on our tensors still works.
- `dtype` is a MindSpore dtype (`Float32`); it compares equal to the matching torch dtype.
- Methods are tables by concern, installed on the class at the end of this module (`_tensor_reduce`,
  `_tensor_shape`, `_tensor_math*`, `_tensor_linalg`, `_tensor_random`, `_tensor_array`, `_tensor_index`,
  `_tensor_runtime`): each accepts MindSpore's arguments and, where MindSpore 2.10 overloads it, torch's
  (`sum(axis=, keepdims=)` and `sum(dim=, keepdim=)`; `gather(input_indices, axis)` and `gather(dim, index)`),
  with MindSpore's dtypes (`argmin` Int32, `argmax` Int64, integer `mean` truncated). `view` is a reshape.
- Python data infers its dtype from every element (`Tensor([1, 2.5])` is Float32; ints Int64; bools
  Bool); numpy data keeps its dtype (float64 stays Float64).
- `repr` reproduces MindSpore's text exactly (`_tensor_repr.py`); `str`/`print` is numpy's, as in
  MindSpore. `item()` on several elements raises ValueError like MindSpore.
- Known, deliberate differences are listed in tests/parity/ledger.py (e.g. format specs on 0-d
  tensors are accepted; `~int_tensor` stays bitwise).
- `repeat(*repeats)` tiles, as MindSpore 2.10 documents it (torch's meaning); numpy-style element
  repetition is `repeat_interleave`.
- `transpose(*axes)` permutes like numpy; two axes on a tensor of another rank swap like torch.
- Every torch op on our tensors returns our tensors (`__torch_function__`). Arguments are handed to
  torch as plain tensors, so torch's own Python code never sees MindSpore semantics.
- Tensors are created on the context device (see `mindshim._backend.device`).
"""
from __future__ import annotations

import numbers
from typing import Any

import numpy as np
import torch

from mindshim._backend import device as _device
from mindshim._backend import plain_region as _plain_region
from mindshim.common import _torch_errors, _unsigned
from mindshim.common import dtype as mstype
from mindshim.common._tensor_repr import tensor_repr, tensor_str
from mindshim.common._tensor_methods import install as _install_methods, ms_method as _ms_method

_TB = torch._C.TensorBase
_Plain = torch.Tensor
_no_subclass = torch._C.DisableTorchFunctionSubclass
_tf_enabled = torch._C._is_torch_function_enabled


def _unwrap(x: Any) -> Any:
    if isinstance(x, Tensor):
        return x.as_subclass(_Plain)
    if type(x) is tuple:
        return tuple([_unwrap(i) for i in x])
    if type(x) is list and x:
        return [_unwrap(i) for i in x]
    return x


def _wrap(x: Any) -> Any:
    """Turn torch results into mindshim Tensors (recursively through tuples and lists).

    A fresh result is re-classed in place (`__class__` assignment): no copy and no extra autograd
    node, unlike `as_subclass`. Callers never pass a tensor someone else owns (see __torch_function__).
    """
    if type(x) is _Plain:  # the common case first: one fresh torch result
        if _tf_enabled():  # off inside a plain region (a compiled graph, a built-in layer): its caller wraps
            x.__class__ = Tensor
        return x
    if isinstance(x, _Plain) or not _tf_enabled():
        return x
    if isinstance(x, tuple):
        if hasattr(x, "_fields"):  # torch.return_types namedtuple-likes
            return type(x)(tuple(_wrap(i) for i in x))
        return tuple(_wrap(i) for i in x)
    if isinstance(x, list):
        return [_wrap(i) for i in x]
    return x


def wrap(x: Any) -> Any:
    """Public to mindshim: give a torch result MindSpore semantics."""
    return _wrap(x)


def plain_op(fn: Any, accepts: Any = None) -> Any:
    """A hot op run with subclass dispatch off, its result wrapped once (2-3 us less per call than each torch
    call inside going through `Tensor.__torch_function__`).

    Only for ops whose body means the same either way: torch calls and checks that read `.shape`/`.dtype`/
    `.dim()` (which answer in torch's terms with dispatch off), no MindSpore Tensor methods whose torch
    namesake differs. Any exception runs the op again with dispatch on, so a user error is MindSpore's, raised
    where the op's own checks and `__torch_function__`'s error translation raise it. `accepts(args)` False
    (an operand of another tensor library) runs it with dispatch on from the start."""
    def op(*args: Any, **kwargs: Any) -> Any:
        if not _tf_enabled() or (accepts is not None and not accepts(args)):
            return fn(*args, **kwargs)
        try:
            with _no_subclass():
                ret = fn(*args, **kwargs)
        except Exception:  # noqa: BLE001 - the second run raises the user-facing error
            return fn(*args, **kwargs)
        if type(ret) is _Plain:
            for a in args:
                if ret is a:
                    return ret.as_subclass(Tensor)  # never re-class a caller's own tensor
        return _wrap(ret)
    op.__name__, op.__qualname__, op.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    op.__module__, op.__wrapped__ = getattr(fn, "__module__", __name__), fn  # (torch's methods have none)
    return op


def plain(x: Any) -> Any:
    """Public to mindshim: the same data as a plain torch.Tensor (no MindSpore semantics)."""
    return _unwrap(x)


class _CallableInt(int):
    """MindSpore's `Tensor.size` is the element count; torch code calls `t.size()`."""

    def __call__(self, dim: int | None = None):
        return self._shape if dim is None else self._shape[dim]


def _leaves(data: Any):
    if isinstance(data, (list, tuple)):
        for item in data:
            yield from _leaves(item)
    else:
        yield data


def _infer_dtype(data: Any) -> torch.dtype | None:
    """MindSpore's defaults for Python scalars and lists, judged over every element: any float ->
    float32, all bool -> bool, ints (bools mixed in) -> int64; numpy arrays keep their dtype."""
    leaves = list(_leaves(data))
    if not leaves or not all(isinstance(v, (numbers.Number, np.bool_)) for v in leaves):
        return None
    if any(isinstance(v, (float, np.floating)) for v in leaves):
        return torch.float32
    if all(isinstance(v, (bool, np.bool_)) for v in leaves):
        return torch.bool
    if all(isinstance(v, numbers.Integral) or isinstance(v, np.bool_) for v in leaves):
        return torch.int64
    return None


def to_torch_tensor(data: Any, dtype=None) -> torch.Tensor:
    """Convert MindSpore-accepted input data into a plain torch tensor on the context device."""
    tdtype = mstype.to_torch(dtype) if dtype is not None else None
    if isinstance(data, torch.Tensor):
        t = data.detach().as_subclass(_Plain)
        if tdtype is not None and t.dtype != tdtype:
            t = t.to(tdtype)
        return _device.to_current(t)
    if isinstance(data, np.ndarray) or isinstance(data, np.generic):
        arr = np.asarray(data)
        if arr.dtype == np.float64 and tdtype is None:
            pass  # MindSpore keeps float64 from numpy
        if arr.dtype == object:
            t = torch.tensor(arr.tolist())
        else:  # a copy, as MindSpore makes: later writes to either side stay apart (ms.from_numpy shares)
            owned = not arr.flags.writeable or not arr.flags.c_contiguous
            t = torch.from_numpy(np.ascontiguousarray(arr).copy() if owned else arr)
            if not owned and (tdtype is None or tdtype == t.dtype) and _device.current().type == "cpu":
                t = t.clone()
    else:
        if isinstance(data, (list, tuple)) and any(isinstance(i, torch.Tensor) for i in data):
            # MindSpore reads 0-d Tensor elements as Python numbers ([Tensor(1), 2.5] and (float64 0-d, 2) are
            # Float32) and stacks n-d ones in their dtype (two float16 rows stay Float16)
            data = [(i.item() if i.dim() == 0 else np.asarray(i.detach().cpu())) if isinstance(i, torch.Tensor)
                    else i for i in data]
            if all(isinstance(i, np.ndarray) for i in data):
                try:
                    data = np.array(data)
                except ValueError as err:  # rows of different lengths
                    raise TypeError("For Tensor, the input_data contains Tensors of different shapes.") from err
                return to_torch_tensor(data, dtype)
        try:
            t = torch.tensor(data, dtype=tdtype or _infer_dtype(data))
        except ValueError as err:  # torch: "expected sequence of length 2 at dim 1 (got 1)" (a ragged list)
            if not isinstance(data, (list, tuple)):
                raise
            raise TypeError(f"For Tensor, the input_data is {data} that contain unsupported element.") from err
    if tdtype is not None and t.dtype != tdtype:
        t = t.to(tdtype)
    return _device.to_current(t)


_TensorMeta = type(torch.Tensor)  # Tensor's metaclass, which MindSpore names `_TensorMeta`


class Tensor(torch.Tensor):
    """mindspore.Tensor(input_data=None, dtype=None, shape=None, init=None, ...)."""

    def __new__(cls, input_data: Any = None, dtype=None, shape=None, init=None,
                internal: bool = False, const_arg: bool = False, device: str | None = None):
        if init is not None:
            from mindshim.common.initializer import initializer
            if shape is None or dtype is None:
                raise TypeError("For 'Tensor', 'shape' and 'dtype' must be set when 'init' is set.")
            data = initializer(init, shape, dtype).init_data().as_subclass(_Plain)
        elif input_data is None:
            if shape is None:
                raise TypeError("For 'Tensor', 'input_data' or 'shape' must be set.")
            shape = (shape,) if isinstance(shape, int) else tuple(shape)
            if any(d is None or d < 0 for d in shape):  # a dynamic-shape placeholder for Cell.set_inputs
                from mindshim.common._dynamic_shape import placeholder
                return placeholder(shape, dtype, _device.current())
            data = torch.zeros(shape, dtype=mstype.to_torch(dtype or mstype.float32),
                               device=_device.current())
        else:
            data = to_torch_tensor(input_data, dtype)
        return data.as_subclass(cls)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        if kwargs:
            kwargs = {k: (v.torch_dtype if isinstance(v, mstype.Type) else v) for k, v in kwargs.items()}
        with _no_subclass():
            try:
                ret = func(*args, **(kwargs or {}))
            except (NotImplementedError, RuntimeError, IndexError) as err:
                ret = _torch_errors.recover(func, args, kwargs or {}, err)
        if args and ret is args[0] and type(ret) is _Plain:
            return ret  # an in-place op on a plain torch tensor stays plain
        return _wrap(ret)

    def __coerce_same_metadata_as_tangent__(self, expected_metadata: Any, expected_type: type | None = None):
        """A gradient flowing into a compiled graph's backward must be the plain tensor the graph traced."""
        if expected_type is None or expected_type is _Plain:
            return self.as_subclass(_Plain)
        return None

    # ----- attributes MindSpore defines differently -----
    @property
    def shape(self) -> tuple:
        if not _tf_enabled():
            return super().shape  # super(): the form torch.compile traces without recursing
        with _no_subclass():
            return tuple(_TB.size(self))

    @property
    def size(self) -> int:
        if not _tf_enabled():
            return super().size
        with _no_subclass():
            shape = _TB.size(self)
            n = _CallableInt(shape.numel())
        n._shape = shape
        return n

    @property
    def dtype(self) -> mstype.Type:
        if not _tf_enabled():
            return super().dtype
        with _no_subclass():
            return mstype.from_torch(_TB.dtype.__get__(self))

    @property
    def itemsize(self) -> int:
        with _no_subclass():
            return _TB.element_size(self)

    @property
    def nbytes(self) -> int:
        with _no_subclass():
            return _TB.element_size(self) * _TB.numel(self)

    @property
    def strides(self) -> tuple:
        with _no_subclass():
            return tuple(s * _TB.element_size(self) for s in _TB.stride(self))

    @property
    def T(self) -> "Tensor":
        if not _tf_enabled():
            return _TB.T.__get__(self)
        return self.permute(*reversed(range(self.dim())))

    def asnumpy(self) -> np.ndarray:
        t = self.detach().as_subclass(_Plain)
        if t.dtype == torch.bfloat16:
            t = t.float()
        elif t.is_complex():
            t = t.resolve_conj().resolve_neg()  # torch.fft / conj() results carry lazy bits numpy cannot take
        return t.cpu().numpy()

    def numpy(self, *, force: bool = False) -> np.ndarray:
        return self.asnumpy()

    # ----- numpy interop: MindSpore's Tensor is an ordinary array-like to numpy, so `ndarray + t`, `np.exp(t)`,
    # `np.argmax(t)` give ndarrays/numpy scalars (torch's Tensor outranks ndarray and wraps results back) -----
    __array_priority__ = -1.0  # below ndarray's 0: numpy's binary operators do not defer to Tensor

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        arr = self.asnumpy()
        return arr if dtype is None else arr.astype(dtype, copy=False)

    def __array_wrap__(self, array: np.ndarray, context: Any = None, return_scalar: bool = False) -> Any:
        return array[()] if return_scalar or array.ndim == 0 else array

    # ----- printing -----
    @_ms_method
    def __str__(self) -> str:
        return tensor_str(self.asnumpy(), str(self.dtype))

    @_ms_method
    def __repr__(self) -> str:
        return tensor_repr(self.asnumpy(), str(self.dtype))

    @_ms_method
    def __format__(self, spec: str) -> str:
        if self.dim() == 0:
            return format(self.asnumpy(), spec)
        return format(str(self), spec)

    @_ms_method
    def __reduce_ex__(self, proto):
        return (_rebuild, (self.asnumpy(),))

    @_ms_method
    def __deepcopy__(self, memo):
        out = Tensor(self.detach().as_subclass(_Plain).clone())
        memo[id(self)] = out
        return out

    @_ms_method
    def __len__(self) -> int:
        with _no_subclass():
            if _TB.dim(self) == 0:
                raise TypeError("Not support len of a 0-D tensor")
            return _TB.size(self, 0)

    @_ms_method
    def __round__(self) -> Tensor:  # MindSpore's takes no ndigits: `round(t)` is `t.round()` (half to even)
        return self.round()

    def __index__(self) -> int:
        with _no_subclass():
            if _TB.numel(self) != 1 or _TB.is_floating_point(self) or _TB.is_complex(self):
                raise ValueError("Only integer tensors of a single element can be converted to an index.")
            return _TB.__index__(_TB.detach(self))

    @_ms_method
    def __bool__(self) -> bool:
        with _no_subclass():
            n = _TB.numel(self)
            if n != 1:
                raise ValueError(f"The tensor should have only one element, but got {n}, more than one element is "
                                 "ambiguous.")
            return bool(_TB.item(self))

    def __float__(self) -> float:
        with _no_subclass():
            return _TB.__float__(_TB.detach(self))

    def __int__(self) -> int:
        with _no_subclass():
            return _TB.__int__(_TB.detach(self))

    __hash__ = torch.Tensor.__hash__


# Method tables by concern; later modules win.
_install_methods(Tensor, [
    "mindshim.common._tensor_operators",
    "mindshim.common._tensor_reduce",
    "mindshim.common._tensor_shape",
    "mindshim.common._tensor_math",
    "mindshim.common._tensor_math2",
    "mindshim.common._tensor_math3",
    "mindshim.common._tensor_linalg",
    "mindshim.common._tensor_random",
    "mindshim.common._tensor_array",
    "mindshim.common._tensor_index",
    "mindshim.common._tensor_runtime",
])

_plain_region.register_tensor_class(Tensor, plain, wrap)


def _rebuild(arr: np.ndarray) -> Tensor:
    return Tensor(arr)


def __getattr__(name: str) -> Any:
    # COOTensor/CSRTensor live in sparse_tensor (which imports this module); resolved lazily to avoid a cycle.
    if name in ("COOTensor", "CSRTensor"):
        from mindshim.common import sparse_tensor
        return getattr(sparse_tensor, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def tensor(input_data: Any = None, dtype: Any = None, shape: Any = None, init: Any = None, const_arg: bool = False,
           device: str | None = None) -> Tensor:
    """mindspore.tensor: the function form of `Tensor(...)`."""
    return Tensor(input_data, dtype, shape, init, const_arg=const_arg, device=device)


__all__ = ["Tensor", "COOTensor", "CSRTensor", "tensor"]
