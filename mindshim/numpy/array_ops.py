"""mindspore.numpy array manipulation: reshaping, joining, splitting, flipping and rolling.

Indexing-style functions (where, take, choose, select, unique, ...) live in `_array_index.py` and are
re-exported here, matching mindspore.numpy.array_ops.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import Tensor, wrap
from mindshim.numpy._array_utils import (broadcast_shape, canonical_axes, cast, check_axes, check_axis, is_tensor,
                                         ms_dtype, require_tensor, to_tensor)
from mindshim.numpy.dtypes import promote

MAX_NUMPY_DIMS = 32


def _int_axis(name: str, value: Any) -> int:
    if not isinstance(value, int):
        raise TypeError(f"integer argument expected, but got {type(value)}")
    return value


def expand_dims(a: Any, axis: Any) -> Tensor:
    require_tensor(a)
    if not isinstance(axis, (int, tuple, list)):
        raise TypeError(f"axis must be tuple, list or int, but got {type(axis)}")
    if isinstance(axis, int):
        if not -a.ndim - 1 <= axis <= a.ndim:
            raise ValueError(f"Dimension out of range (expected to be in range of [{-a.ndim - 1}, {a.ndim + 1}), "
                             f"but got {axis})")
        return torch.unsqueeze(a, axis)
    for ax in canonical_axes(tuple(axis), a.ndim + len(axis)):
        a = torch.unsqueeze(a, ax)
    return a


def squeeze(a: Any, axis: Any = None) -> Tensor:
    """Axes of size other than 1 are left as they are (MindSpore 2.10's Tensor.squeeze)."""
    require_tensor(a)
    if axis is None:
        return torch.squeeze(a)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    for ax in axes:
        if not -max(a.ndim, 1) <= ax < max(a.ndim, 1):
            raise ValueError(f"Dimension out of range (expected to be in range of [{-a.ndim}, {a.ndim}), but got {ax})")
    return torch.squeeze(a, axes)


def transpose(a: Any, axes: Any = None) -> Tensor:
    require_tensor(a)
    if axes is None:
        return torch.permute(a, tuple(reversed(range(a.ndim))))
    axes = tuple(axes)
    if len(axes) != a.ndim:
        raise ValueError(f"For 'Transpose', size of perm should equal to rank of x, but got {len(axes)} and {a.ndim}!")
    perm = tuple(check_axis(ax, a.ndim) for ax in axes)
    if len(set(perm)) != len(perm):
        raise ValueError("For 'Transpose' perms should all be unique dim.")
    return torch.permute(a, perm)


def rollaxis(x: Any, axis: int, start: int = 0) -> Tensor:
    require_tensor(x)
    _int_axis("axis", axis)
    _int_axis("start", start)
    ndim = x.ndim
    axis = check_axis(axis, ndim)
    if not -ndim <= start <= ndim:
        raise ValueError(f"For rollaxis, start {start} is out of bounds.Ranging from {-ndim} to {ndim} is allowed.")
    start = start + ndim if start < 0 else start
    if 0 <= start - axis <= 1:
        return x
    perm = list(range(ndim))
    perm.pop(axis)
    perm.insert(start if start < axis else start - 1, axis)
    return torch.permute(x, perm)


def swapaxes(x: Any, axis1: int, axis2: int) -> Tensor:
    require_tensor(x)
    for ax in (axis1, axis2):
        if not isinstance(ax, int):
            raise TypeError(f"For ops.swapaxes, the axis argument must be integer, but got {type(ax)}.")
        if not -x.ndim <= ax < x.ndim:
            raise ValueError(f"The 'axis' must be in the range of [{-x.ndim}, {x.ndim}), but got {ax}.")
    return torch.swapaxes(x, axis1, axis2)


def reshape(x: Any, new_shape: Any) -> Tensor:
    require_tensor(x)
    shape = (new_shape,) if isinstance(new_shape, int) else tuple(new_shape)
    known = 1
    for s in shape:
        known *= s if s != -1 else 1
    n = x.numel()
    if shape.count(-1) > 1 or (-1 in shape and (known == 0 or n % known)) or (-1 not in shape and known != n):
        raise ValueError(f"proposed_shape {list(shape)} is invalid for input of size {n}")
    return torch.reshape(x, shape)


def ravel(x: Any) -> Tensor:
    require_tensor(x)
    return torch.reshape(x, (-1,))


def _promoted(tensors: tuple) -> tuple:
    dtype = ms_dtype(tensors[0])
    for t in tensors[1:]:
        dtype = promote(dtype, ms_dtype(t))
    return tuple(cast(t, dtype) for t in tensors)


def _cat(tensors: tuple, axis: int) -> Tensor:
    ranks = {t.ndim for t in tensors}
    if len(ranks) != 1:
        shapes = [t.shape for t in tensors]
        raise ValueError(f"For primitive[Concat], element rank must be same, but got shapes {shapes}")
    ax = check_axis(axis, tensors[0].ndim)
    ref = tensors[0].shape
    for t in tensors[1:]:
        if any(d != r for i, (d, r) in enumerate(zip(t.shape, ref)) if i != ax):
            raise ValueError(f"For primitive[Concat], shapes of tensors must match except in given concat axis {ax}, "
                             f"but got {[t.shape for t in tensors]}")
    return torch.cat(_promoted(tuple(tensors)), ax)


def concatenate(arrays: Any, axis: Any = 0) -> Tensor:
    if arrays is None:
        raise TypeError("expect Union[Tensor, tuple(Tensor), list(Tensor)], but got None")
    if is_tensor(arrays):
        if axis is None or axis >= MAX_NUMPY_DIMS:
            return ravel(arrays)
        check_axis(axis, arrays.ndim)
        return _cat(tuple(torch.unbind(arrays, 0)), axis)
    require_tensor(*arrays)
    if axis is None or axis >= MAX_NUMPY_DIMS:
        return _cat(tuple(ravel(a) for a in arrays), 0)
    arrays = tuple(arrays)
    check_axis(axis, arrays[0].ndim)
    if len(arrays) == 1:
        return arrays[0]
    return _cat(arrays, axis)


def append(arr: Any, values: Any, axis: Any = None) -> Tensor:
    require_tensor(arr, values)
    if axis is None:
        arr, values = ravel(arr), ravel(values)
    else:
        check_axis(axis, arr.ndim)
    if arr.ndim != values.ndim:
        raise ValueError("all tensors must have same number of dimensions")
    return concatenate((arr, values), axis)


def _joined(tup: Any, prepare: Any, axis: Any) -> Tensor:
    if is_tensor(tup):
        return tup
    if not isinstance(tup, (list, tuple)):
        raise TypeError(f"Tensor or, list or tuple of tensors are required, but got {type(tup)}")
    if not tup:
        raise ValueError("Need at least one tensor to concatenate.")
    for t in tup:
        if not is_tensor(t):
            raise AttributeError(f"'{type(t).__name__}' object has no attribute 'ndim'")
    parts = tuple(prepare(t) for t in tup)
    return _cat(parts, axis(parts) if callable(axis) else axis)


def _at_least(t: Tensor, ndim: int) -> Tensor:
    return torch.reshape(t, (1,) * (ndim - t.ndim) + t.shape) if t.ndim < ndim else t


def column_stack(tup: Any) -> Tensor:
    return _joined(tup, lambda t: torch.reshape(t, (-1, 1)) if t.ndim < 2 else t, 1)


def vstack(tup: Any) -> Tensor:
    return _joined(tup, lambda t: _at_least(t, 2), 0)


def hstack(tup: Any) -> Tensor:
    return _joined(tup, lambda t: _at_least(t, 1), lambda parts: 0 if parts[0].ndim <= 1 else 1)


def dstack(tup: Any) -> Tensor:
    def prep(t: Tensor) -> Tensor:
        t = _at_least(t, 2)
        return torch.unsqueeze(t, 2) if t.ndim == 2 else t
    return _joined(tup, prep, 2)


def _atleast(ndim: int, arys: tuple) -> Any:
    require_tensor(*arys)
    res = [_at_least(a, ndim) for a in arys]
    return res[0] if len(res) == 1 else res


def atleast_1d(*arys: Any) -> Any:
    return _atleast(1, arys)


def atleast_2d(*arys: Any) -> Any:
    return _atleast(2, arys)


def atleast_3d(*arys: Any) -> Any:
    res = []
    for a in arys:
        if not is_tensor(a):
            raise TypeError("the input x must be Tensor!")
        if a.ndim == 0:
            a = torch.reshape(a, (1, 1, 1))
        elif a.ndim == 1:
            a = torch.reshape(a, (1, a.numel(), 1))
        elif a.ndim == 2:
            a = torch.unsqueeze(a, 2)
        res.append(a)
    return res[0] if len(res) == 1 else res


def stack(arrays: Any, axis: int = 0) -> Tensor:
    if is_tensor(arrays):
        ndim = arrays.ndim
        axis = axis % ndim
        perm = tuple(range(1, axis + 1)) + (0,) + tuple(range(axis + 1, ndim))
        if arrays.numel() == 0:
            shape = arrays.shape
            return wrap(torch.zeros(shape[1:axis + 1] + (shape[0],) + shape[axis + 1:], device=arrays.device))
        return torch.permute(arrays, perm)
    if not isinstance(arrays, (list, tuple)):
        raise ValueError("input arrays must be Tensor, tuple, or list")
    require_tensor(*arrays)
    shape = (len(arrays),) + tuple(arrays[0].shape)
    axis = axis % len(shape)
    if 0 in shape:
        return wrap(torch.zeros(shape[1:axis + 1] + (shape[0],) + shape[axis + 1:], device=arrays[0].device))
    return _cat(tuple(torch.unsqueeze(a, axis) for a in arrays), axis)


def moveaxis(a: Any, source: Any, destination: Any) -> Tensor:
    src, dst = check_axes(source, a.ndim), check_axes(destination, a.ndim)
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have the same number of elements")
    return torch.movedim(a, src, dst)


def tile(a: Any, reps: Any) -> Tensor:
    require_tensor(a)
    reps = (reps,) if isinstance(reps, int) else tuple(reps)
    for r in reps:
        if not isinstance(r, int):
            raise TypeError(f"Each element in {reps} should be integer, but got {type(r)}.")
    return torch.tile(a, reps)


def _can_broadcast_to(shape: tuple, target: tuple) -> bool:
    return len(shape) <= len(target) and all(i in (1, j) for i, j in zip(reversed(shape), reversed(target)))


def broadcast_to(array: Any, shape: Any) -> Tensor:
    if not is_tensor(array):
        raise TypeError(f"For primitive[Shape], the input argument must be Tensor, but got {type(array)}.")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if not _can_broadcast_to(tuple(array.shape), shape):
        raise ValueError(f"cannot broadcast with {shape}")
    return torch.broadcast_to(array, shape).contiguous()


def broadcast_arrays(*args: Any) -> list:
    require_tensor(*args)
    out = broadcast_shape(*(tuple(a.shape) for a in args))
    return [broadcast_to(a, out) for a in args]


def repeat(a: Any, repeats: Any, axis: Any = None) -> Tensor:
    a = to_tensor(a)
    if isinstance(repeats, int):
        reps: list = [repeats]
    elif isinstance(repeats, (list, tuple)) and all(isinstance(r, int) for r in repeats):
        reps = list(repeats)
    else:
        raise TypeError(f"Failed calling repeat_interleave with repeats of type {type(repeats).__name__}.")
    if axis is None:
        a, axis = ravel(a), 0
    elif not -a.ndim <= axis < a.ndim:
        raise ValueError(f"The 'axis' must be in the range of [{-a.ndim}, {a.ndim}), but got {axis}.")
    if any(r < 0 for r in reps):
        raise ValueError(f"For 'repeat_elements', the 'rep' must be in range of (0, 2147483647], but got {reps}.")
    if len(reps) != 1 and len(reps) != a.shape[axis]:
        raise ValueError("For 'repeat_interleave', the length of 'repeats' must be the same as the shape of the "
                         f"original tensor in the 'axis' dimension, but got {len(reps)} and {a.shape[axis]}.")
    if len(reps) == 1:
        return torch.repeat_interleave(a, reps[0], axis)
    return torch.repeat_interleave(a, torch.tensor(reps, device=a.device), axis)


def size(a: Any, axis: Any = None) -> int:
    a = to_tensor(a)
    if axis is None:
        return int(a.numel())
    if not isinstance(axis, int):
        raise TypeError("axis argument should be integer.")
    return int(a.shape[check_axis(axis, a.ndim)])


def array_str(a: Any) -> str:
    if not is_tensor(a):
        raise TypeError("Expect input to be tensor.")
    return str(a)


from mindshim.numpy._array_reorder import (array_split, dsplit, flip, fliplr, flipud, hsplit, roll,  # noqa: E402
                                           rot90, split, vsplit)
from mindshim.numpy._array_index import (apply_along_axis, apply_over_axes, argwhere, choose,  # noqa: E402
                                         intersect1d, piecewise, select, take, take_along_axis, unique,
                                         unravel_index, where)

__all__ = ["transpose", "expand_dims", "squeeze", "rollaxis", "swapaxes", "reshape", "ravel", "concatenate", "where",
           "atleast_1d", "atleast_2d", "atleast_3d", "column_stack", "hstack", "dstack", "vstack", "stack", "unique",
           "moveaxis", "tile", "broadcast_to", "broadcast_arrays", "append", "roll", "split", "vsplit", "flip",
           "flipud", "fliplr", "hsplit", "dsplit", "take_along_axis", "take", "repeat", "rot90", "select",
           "array_split", "choose", "size", "array_str", "apply_along_axis", "piecewise", "unravel_index",
           "apply_over_axes", "argwhere", "intersect1d"]
