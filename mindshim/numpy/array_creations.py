"""mindspore.numpy array creation: conversion, filled arrays, ranges, eye/tri, diagonal/trace and random arrays.

Grids, windows and index helpers live in `_array_grids.py`, `pad` in `_array_pad.py`; all are re-exported here.
Dtype rules are mindspore.numpy's: Python ints give Int32, floats Float32 (see `_array_utils`).
"""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.numpy._array_utils import (ARRAY_TYPES, SCALARS, asarray_const, canonical_axes, check_shape, dev,
                                         is_tensor, ms_dtype, scalar_dtype)
from mindshim.numpy.dtypes import check_dtype
from mindshim.ops.function import random_extra_func as _rx


def asarray(a: Any, dtype: Any = None) -> Tensor:
    if dtype is not None:
        dtype = check_dtype(dtype)
    if is_tensor(a):
        return a if dtype is None or dtype == ms_dtype(a) else a.astype(dtype)
    return asarray_const(a, dtype)


def array(obj: Any, dtype: Any = None, copy: bool = True, ndmin: int = 0) -> Tensor:
    if dtype is not None:
        dtype = check_dtype(dtype)
    res = asarray(obj, dtype)
    if ndmin > res.ndim:
        if res.numel() == 0:
            raise ValueError("Empty tensor cannot be expanded beyond the current dimension.")
        res = torch.reshape(res, (1,) * (ndmin - res.ndim) + tuple(res.shape))
    if copy and is_tensor(obj):
        res = torch.clone(res)
    return res


def asfarray(a: Any, dtype: Any = mstype.float32) -> Tensor:
    if dtype is None:
        return asarray(a)
    dtype = check_dtype(dtype)
    if dtype not in (mstype.float16, mstype.float32, mstype.float64):
        dtype = mstype.float32
    if is_tensor(a):
        return a.astype(dtype)
    return asarray_const(a, dtype)


def copy_(a: Any) -> Tensor:
    """mindspore.numpy.copy: a new Tensor with the data of array-like `a`."""
    return torch.clone(asarray(a))


def _filled(shape: Any, value: Any, dtype: Any) -> Tensor:
    return wrap(torch.full(shape, value, dtype=mstype.to_torch(dtype), device=dev()))


def ones(shape: Any, dtype: Any = mstype.float32) -> Tensor:
    return _filled(check_shape(shape), 1, check_dtype(dtype))


def zeros(shape: Any, dtype: Any = mstype.float32) -> Tensor:
    return _filled(check_shape(shape), 0, check_dtype(dtype))


def empty(shape: Any, dtype: Any = mstype.float32) -> Tensor:
    """Zero-filled, as mindspore.numpy's (which takes only mindspore dtypes here)."""
    if not isinstance(dtype, mstype.Type):
        raise TypeError(f"For 'Zeros', the input 'dtype' should be mindspore dtype, but got {dtype}.")
    return _filled(check_shape(shape), 0, dtype)


def full(shape: Any, fill_value: Any, dtype: Any = None) -> Tensor:
    from mindshim.numpy.array_ops import broadcast_to
    shape = check_shape(shape)
    if not isinstance(fill_value, ARRAY_TYPES):
        raise TypeError(f"fill value should be int, float, bool, list, tuple, Tensor, but got{type(fill_value)}")
    if dtype is not None:
        dtype = check_dtype(dtype)
    elif isinstance(fill_value, SCALARS):
        dtype = scalar_dtype(fill_value)
    elif is_tensor(fill_value):
        dtype = ms_dtype(fill_value)
    if 0 in shape:
        if dtype is None:
            raise TypeError("For 'Tensor', the type of 'input_data' should be a Tensor, ndarray or number.")
        dtype = {mstype.float64: mstype.float32, mstype.int64: mstype.int32}.get(dtype, dtype)
        return _filled(shape, 0, dtype)
    if isinstance(fill_value, SCALARS):
        return _filled(shape, fill_value, dtype)
    if isinstance(fill_value, (list, tuple)):
        fill_value = asarray_const(fill_value)
    return broadcast_to(fill_value, shape)  # a sequence or Tensor keeps its own dtype, as in mindspore.numpy


def _like(proto: Any, dtype: Any, shape: Any) -> tuple:
    if not isinstance(proto, ARRAY_TYPES):
        raise TypeError(f"prototype should be int, float, bool, list, tuple, Tensor, but got{type(proto)}")
    ref = proto if is_tensor(proto) else asarray_const(proto)
    if dtype is None:
        dtype = ms_dtype(ref)
    if shape is None or (isinstance(shape, (list, tuple)) and not shape):
        shape = tuple(ref.shape)
    return shape, dtype


def empty_like(prototype: Any, dtype: Any = None, shape: Any = None) -> Tensor:
    return empty(*_like(prototype, dtype, shape))


def ones_like(a: Any, dtype: Any = None, shape: Any = None) -> Tensor:
    return ones(*_like(a, dtype, shape))


def zeros_like(a: Any, dtype: Any = None, shape: Any = None) -> Tensor:
    return zeros(*_like(a, dtype, shape))


def full_like(a: Any, fill_value: Any, dtype: Any = None, shape: Any = None) -> Tensor:
    shape, dtype = _like(a, dtype, shape)
    return full(shape, fill_value, dtype)


def _iota(num: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
    if num <= 0:
        raise ValueError("zero shape Tensor is not currently supported.")
    return torch.arange(num, dtype=dtype, device=dev())


def arange(start: Any, stop: Any = None, step: Any = None, dtype: Any = None) -> Tensor:
    """Values are computed in float32 (start + i * step), then cast, as mindspore.numpy does."""
    if dtype is None:
        dtype = scalar_dtype(start, stop, step)
    start, stop, step = (float(v) if is_tensor(v) else v for v in (start, stop, step))
    if stop is None and step is None:
        out = _iota(math.ceil(start))
    elif step is None:
        out = _iota(math.ceil(stop - start)) + start
    elif stop is None:
        out = _iota(math.ceil((start + 0.0) / step)) * step
    else:
        out = _iota(math.ceil((stop - start + 0.0) / step)) * step + start
    return wrap(out.to(mstype.to_torch(dtype)))


def _space_args(start: Any, stop: Any, num: Any, endpoint: Any, dtype: Any) -> tuple:
    if not isinstance(start, ARRAY_TYPES):
        raise TypeError(f"start should be int, float, bool, list, tuple, Tensor, but got{type(start)}")
    if not isinstance(stop, ARRAY_TYPES):
        raise TypeError(f"end should be int, float, bool, list, tuple, Tensor, but got{type(stop)}")
    start, stop = (plain(v) if is_tensor(v) else torch.tensor(v, dtype=torch.float32, device=dev())
                   for v in (start, stop))
    if not isinstance(num, int):
        raise TypeError(f"num should be an integer, but got {type(num)}")
    if not isinstance(endpoint, bool):
        raise TypeError(f"endpoint should be an boolean, but got {type(endpoint)}")
    dtype = mstype.float32 if dtype is None else check_dtype(dtype)
    start, stop = torch.broadcast_tensors(start, stop)
    return start, stop, dtype


def _linspace(start: torch.Tensor, stop: torch.Tensor, num: int, endpoint: bool, axis: int) -> tuple:
    """(values in float, delta) with the new axis at `axis` of the broadcast bounds."""
    if not start.is_floating_point():
        start = start.float()
    if not stop.is_floating_point():
        stop = stop.float()
    if num > 1:
        delta = (stop - start) / torch.tensor(float(num - 1 if endpoint else num), device=start.device)
        steps = torch.arange(num, dtype=torch.float32, device=start.device)
        steps = steps.reshape((1,) * axis + (num,) + (1,) * (start.ndim - axis))
        out = start.unsqueeze(axis) + steps * delta.unsqueeze(axis)
        if endpoint:
            out = torch.movedim(out, axis, 0).clone()
            out[-1] = stop
            out = torch.movedim(out, 0, axis)
        return out, wrap(delta)
    if num == 1:
        return start.unsqueeze(axis), (float("nan") if endpoint else wrap(stop - start))
    raise ValueError("cannot support Tensor with num=0.")


def linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, retstep: bool = False, dtype: Any = None,
             axis: int = 0) -> Any:
    start, stop, dtype = _space_args(start, stop, num, endpoint, dtype)
    axis = canonical_axes(axis, start.ndim + 1)
    if not isinstance(retstep, bool):
        raise TypeError(f"retstep should be an boolean, but got {type(retstep)}")
    out, delta = _linspace(start, stop, num, endpoint, axis)
    out = wrap(out.to(mstype.to_torch(dtype)))
    return (out, delta) if retstep else out


def logspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, base: Any = 10.0, dtype: Any = None,
             axis: int = 0) -> Tensor:
    start, stop, dtype = _space_args(start, stop, num, endpoint, dtype)
    axis = canonical_axes(axis, start.ndim + 1)
    if not isinstance(base, (int, float, bool)):
        raise TypeError(f"base should be a number, but got {type(base)}")
    exps, _ = _linspace(start, stop, num, endpoint, axis)
    return wrap(torch.pow(float(base), exps.float()).to(mstype.to_torch(dtype)))


def geomspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True, dtype: Any = None, axis: int = 0) -> Tensor:
    start, stop, dtype = _space_args(start, stop, num, endpoint, dtype)
    axis = canonical_axes(axis, start.ndim + 1)
    root = num - 1 if endpoint else num
    bases = torch.pow(stop / start, torch.tensor(1.0 / root, dtype=torch.float32, device=start.device))
    top = torch.full(bases.shape, float(root), dtype=bases.dtype, device=bases.device)
    exps, _ = _linspace(torch.zeros_like(bases, dtype=torch.float32), top, num, endpoint, axis)
    exps = exps.to(mstype.to_torch(dtype))
    res = torch.pow(bases.unsqueeze(axis), exps) * start.unsqueeze(axis)
    return wrap(res.to(mstype.to_torch(dtype)))


def eye(N: int, M: Any = None, k: int = 0, dtype: Any = mstype.float32) -> Tensor:
    dtype = check_dtype(dtype)
    M = N if M is None else M
    if not (isinstance(M, int) and isinstance(N, int) and isinstance(k, int)):
        raise TypeError("Input tensor dimensions should be integers.")
    rows = torch.arange(N, device=dev()).unsqueeze(1)
    return wrap((rows + k == torch.arange(M, device=dev())).to(mstype.to_torch(dtype)))


def identity(n: int, dtype: Any = mstype.float32) -> Tensor:
    if not isinstance(n, int):
        raise TypeError("Input tensor dimensions should be integers.")
    return eye(n, dtype=check_dtype(dtype))


def tri(N: int, M: Any = None, k: int = 0, dtype: Any = mstype.float32) -> Tensor:
    if not isinstance(dtype, mstype.Type):
        raise TypeError(f"For 'Ones', the input 'dtype' should be mindspore dtype, but got {dtype}.")
    M = N if M is None else M
    rows = torch.arange(N, device=dev()).unsqueeze(1)
    return wrap((torch.arange(M, device=dev()) <= rows + k).to(mstype.to_torch(dtype)))


def _tri_part(m: Any, k: int, lower: bool) -> Tensor:
    m = m if is_tensor(m) else asarray_const(m)
    if m.ndim < 1:
        raise ValueError("input m's rank should be larger than 0")
    n_rows, n_cols = (m.shape[0], m.shape[0]) if m.ndim == 1 else m.shape[-2:]
    rows = torch.arange(n_rows, device=m.device).unsqueeze(1)
    cols = torch.arange(n_cols, device=m.device)
    keep = cols <= rows + k if lower else cols >= rows + k
    return torch.where(keep, m, torch.zeros((), dtype=plain(m).dtype, device=m.device))


def tril(m: Any, k: int = 0) -> Tensor:
    return _tri_part(m, k, True)


def triu(m: Any, k: int = 0) -> Tensor:
    return _tri_part(m, k, False)


def diagonal(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Tensor:
    if not is_tensor(a):
        raise AttributeError(f"'{type(a).__name__}' object has no attribute 'diagonal'")
    for ax in (axis1, axis2):
        if not -a.ndim <= ax < a.ndim:
            raise ValueError(f"Dimension out of range (expected to be in range of [{-a.ndim}, {a.ndim}), but got {ax})")
    if axis1 % a.ndim == axis2 % a.ndim:
        raise ValueError(f"For 'Diagonal', dim1 and dim2 cannot be identical, but got : dim1 ={axis1} and "
                         f"dim2 = {axis2}.")
    return torch.diagonal(a, offset, axis1, axis2)


def trace(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None) -> Tensor:
    """Integer inputs sum to Int64 and bool to Bool, as MindSpore's trace does."""
    if not is_tensor(a):
        raise AttributeError(f"'{type(a).__name__}' object has no attribute 'trace'")
    if a.ndim < 2:
        raise RuntimeError(f"For Primitive[Tracev2], the dim of input 'x' should greater or equal to 2, but got 'x' "
                           f"at {a.ndim}-dimention")
    d = plain(diagonal(a, offset, axis1, axis2))
    if d.dtype == torch.bool:
        out = d.sum(-1) != 0
    else:
        out = d.sum(-1, dtype=torch.int64 if not d.is_floating_point() else d.dtype)
    return wrap(out if dtype is None else out.to(mstype.to_torch(dtype)))


_RAND_NAMES = {"float": mstype.float32, "float16": mstype.float16, "float32": mstype.float32,
               "float64": mstype.float64}


def _rand_dtype(dtype: Any) -> Any:
    if isinstance(dtype, str):
        if dtype not in _RAND_NAMES:
            raise ValueError("If the argument 'dtype' is str, it must be one of ['float', 'float16', 'float32', "
                             f"'float64'], but got {dtype}")
        return _RAND_NAMES[dtype]
    if dtype not in (mstype.float64, mstype.float32, mstype.float16):
        raise ValueError("The argument 'dtype' must be 'mindspore.float64', 'mindspore.float32' or 'mindspore.float16',"
                         f" but got {dtype}")
    return dtype


def _rand_shape(shape: tuple) -> tuple:
    if not shape:
        return (1,)
    if len(shape) == 1:
        if isinstance(shape[0], int):
            return shape
        if isinstance(shape[0], (list, tuple)):
            return tuple(shape[0])
        raise TypeError("If the length of the argument 'shape' is 1, the type of the argument 'shape' must be one of "
                        f"['int', 'list', 'tuple'], but got {shape[0]}")
    for v in shape:
        if not isinstance(v, int):
            raise TypeError("If the length of the argument 'shape' is > 1, the type of the argument 'shape' must all "
                            f"be int, but got {v}")
    return shape


def randn(*shape: Any, dtype: Any = mstype.float32) -> Tensor:
    dtype = _rand_dtype(dtype)
    return wrap(_rx.normal01(_rand_shape(shape), None).to(mstype.to_torch(dtype)))


def rand(*shape: Any, dtype: Any = mstype.float32) -> Tensor:
    dtype = _rand_dtype(dtype)
    return wrap(_rx.uniform01(_rand_shape(shape), None).to(mstype.to_torch(dtype)))


_RANDINT_NAMES = {"int": mstype.int32, "int8": mstype.int8, "int16": mstype.int16, "int32": mstype.int32,
                  "int64": mstype.int64}


def randint(minval: int, maxval: Any = None, shape: Any = None, dtype: Any = mstype.int32) -> Tensor:
    if not isinstance(minval, int):
        raise TypeError(f"For mindspore.numpy.randint, the type of the argument 'minval' must be int, but got "
                        f"{type(minval)}")
    if maxval is None:
        if minval <= 0:
            raise ValueError("For mindspore.numpy.randint, the argument 'minval' must be > 0 when the argument "
                             f"'maxval' is None, but got {minval}")
        minval, maxval = 0, minval
    else:
        if not isinstance(maxval, int):
            raise TypeError(f"For mindspore.numpy.randint, the type of the argument 'maxval' must be int, but got "
                            f"{type(maxval)}")
        if minval >= maxval:
            raise ValueError("For mindspore.numpy.randint, the value of 'minval' must be greater than the value of "
                             "'maxval'.")
    if isinstance(dtype, str):
        if dtype not in _RANDINT_NAMES:
            raise ValueError("For 'mindspore.numpy.randint', if the argument 'dtype' is str, it must be one of "
                             f"['int', 'int8', 'int16', 'int32', 'int64'], but got {dtype}")
        dtype = _RANDINT_NAMES[dtype]
    elif dtype not in (mstype.int64, mstype.int32, mstype.int16, mstype.int8):
        raise ValueError("For 'mindspore.numpy.randint', the argument 'dtype' must be 'mindspore.int64', "
                         f"'mindspore.int32', 'mindspore.int16' or 'mindspore.int8', but got {dtype}")
    shape = (1,) if shape is None else check_shape(shape)
    return wrap(torch.randint(minval, maxval, shape, dtype=mstype.to_torch(dtype), device=dev()))


from mindshim.numpy._array_grids import (bartlett, blackman, diag, diag_indices, diagflat, hamming,  # noqa: E402
                                         hanning, histogram_bin_edges, indices, ix_, meshgrid, mgrid, ogrid,
                                         tril_indices, tril_indices_from, triu_indices, triu_indices_from, vander)
from mindshim.numpy._array_pad import pad  # noqa: E402

__all__ = ["copy_", "array", "asarray", "asfarray", "ones", "zeros", "full", "randn", "rand", "randint", "arange", "linspace",
           "logspace", "eye", "identity", "empty", "empty_like", "ones_like", "zeros_like", "full_like", "diagonal",
           "tril", "triu", "tri", "trace", "meshgrid", "mgrid", "ogrid", "diagflat", "diag", "diag_indices", "ix_",
           "indices", "geomspace", "vander", "hamming", "hanning", "bartlett", "blackman", "triu_indices",
           "tril_indices", "triu_indices_from", "tril_indices_from", "histogram_bin_edges", "pad"]
