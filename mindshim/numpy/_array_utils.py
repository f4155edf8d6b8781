"""Input conversion and argument checks shared by mindspore.numpy's array functions.

mindspore.numpy converts Python data with numpy's inference, then narrows 64-bit results to 32 bits
(`[1, 2]` is Int32, `[1.5]` Float32); Tensors keep their dtype. numpy arrays are not array-like inputs
there (TypeError), and mindshim follows that.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim._backend import device as _device
from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, plain
from mindshim.numpy.dtypes import check_dtype

SCALARS = (int, float, bool)
ARRAY_TYPES = (int, float, bool, list, tuple, torch.Tensor)
_NARROW = {torch.float64: torch.float32, torch.int64: torch.int32}


def is_tensor(x: Any) -> bool:
    return isinstance(x, torch.Tensor)


def require_tensor(*xs: Any) -> None:
    for x in xs:
        if not is_tensor(x):
            raise TypeError(f"expect Tensor, but got {type(x)}")


def dev() -> torch.device:
    return _device.current()


def scalar_dtype(*values: Any) -> Any:
    """bool when every given value is a bool, Int32 when every one is an int, else Float32 (None is skipped)."""
    vals = [v for v in values if v is not None]
    if all(isinstance(v, bool) for v in vals):
        return mstype.bool_
    if all(isinstance(v, int) for v in vals):
        return mstype.int32
    return mstype.float32


def _deep_numpy(data: Any) -> Any:
    if isinstance(data, (list, tuple)):
        return [_deep_numpy(d) for d in data]
    if is_tensor(data):
        return plain(data).detach().cpu().numpy()
    return data


def asarray_const(a: Any, dtype: Any = None) -> Tensor:
    """mindspore.numpy's conversion of non-Tensor data (scalars, nested lists/tuples)."""
    if not isinstance(a, (torch.Tensor, list, tuple, int, float, bool)):
        raise TypeError(f"input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, but got {type(a)}")
    if dtype is not None:
        dtype = check_dtype(dtype)
    if is_tensor(a):
        return a if dtype is None else a.astype(dtype)
    if isinstance(a, SCALARS):
        return Tensor(a, dtype or scalar_dtype(a))
    arr = np.asarray(_deep_numpy(a))
    if arr.dtype == object:
        raise ValueError("Input array must have the same size across all dimensions.")
    if dtype is None:
        dtype = mstype.pytype_to_dtype(arr.dtype)
        dtype = {mstype.float64: mstype.float32, mstype.int64: mstype.int32}.get(dtype, dtype)
    return Tensor(np.ascontiguousarray(arr), dtype)


def to_tensor(x: Any) -> Tensor:
    """Array-like to Tensor: Python data converts and narrows 64-bit dtypes to 32; Tensors pass through."""
    if is_tensor(x):
        return x
    if not isinstance(x, (int, float, bool, list, tuple)):
        raise TypeError("Expect input to be array like.")
    if isinstance(x, (list, tuple)):
        arr = np.asarray(_deep_numpy(x))
        if arr.dtype == object:
            raise ValueError("Input array must have the same size across all dimensions.")
        t = Tensor(np.ascontiguousarray(arr))
    else:
        t = Tensor(x)
    narrow = _NARROW.get(plain(t).dtype)
    return t.to(narrow) if narrow is not None else t


def to_tensors(*xs: Any) -> Any:
    out = tuple(to_tensor(x) for x in xs)
    return out[0] if len(out) == 1 else out


def check_shape(shape: Any) -> tuple:
    if is_tensor(shape):
        shape = plain(shape).tolist()
    elif not isinstance(shape, (int, tuple, list)):
        raise TypeError(f"only int, tuple, list and tensor are allowed for shape, but got {type(shape)}")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    for s in shape:
        if not isinstance(s, int):
            raise TypeError("each entry in shape should be int.")
        if s < 0:
            raise ValueError("each entry in shape should no less than 0.")
    return shape


def check_axis(axis: Any, ndim: int) -> int:
    """One axis in [-ndim, ndim), normalised."""
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"axes should be integers, not {type(axis)}")
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


def check_axes(axes: Any, ndim: int) -> tuple:
    """None -> every axis; an int or a sequence of distinct axes, normalised (order kept)."""
    if axes is None:
        return tuple(range(ndim))
    if isinstance(axes, (tuple, list)):
        out = tuple(check_axis(a, ndim) for a in axes)
        if len(set(out)) != len(out):
            raise ValueError('duplicate value in "axis"')
        return out
    return (check_axis(axes, ndim),)


def canonical_axes(axis: Any, ndim: int) -> Any:
    """An int axis, or a sorted tuple of distinct axes (ValueError on duplicates)."""
    axes = [axis] if isinstance(axis, int) else list(axis)
    for ax in axes:
        if not isinstance(ax, int):
            raise TypeError(f"Each element in {axis} should be integer, but got {type(ax)}.")
    out = tuple(check_axis(a, ndim) for a in axes)
    if len(set(out)) != len(out):
        raise ValueError(f"duplicate axes in {out}.")
    return out[0] if isinstance(axis, int) else tuple(sorted(out))


def broadcast_shape(*shapes: tuple) -> tuple:
    n = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(n):
        items = [s[i - n + len(s)] if i - n + len(s) >= 0 else 1 for s in shapes]
        size = 0 if 0 in items else max(items)
        if any(d not in (1, size) for d in items):
            raise ValueError(f"operands could not be broadcast together with shapes {tuple(shapes)}")
        out.append(size)
    return tuple(out)


def ms_dtype(x: torch.Tensor) -> Any:
    return mstype.from_torch(plain(x).dtype)


def cast(x: torch.Tensor, dtype: Any) -> Tensor:
    td = mstype.to_torch(dtype)
    return x if plain(x).dtype == td else x.to(td)
