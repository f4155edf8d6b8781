"""Tensor reductions with MindSpore's numpy-style arguments (axis, keep_dims, initial) and torch's (dim, keepdim)."""
from __future__ import annotations

import torch

from mindshim.common import _unsigned
from mindshim.common import dtype as mstype
from mindshim.common._tensor_methods import is_integer as _is_integer, reduce_axis as _reduce_axis, ms_method

_TB = torch._C.TensorBase


def sum(self, axis=None, dtype=None, keepdims: bool = False, initial=None, *, dim=None, keepdim=None):
    axis = _reduce_axis(dim if dim is not None else axis)
    keep = bool(keepdim if keepdim is not None else keepdims)
    x = self.to(mstype.to_torch(dtype)) if dtype is not None else self
    if x.dtype == mstype.bool_:
        x = x.to(torch.int64)
    out = torch.sum(x) if axis is None and not keep else torch.sum(x, dim=axis, keepdim=keep)
    if dtype is not None:  # torch widens integer sums to int64; MindSpore keeps the requested dtype
        out = out.to(mstype.to_torch(dtype))
    elif x.dtype in _unsigned.WIDE:  # and keeps uint16/32/64 (smaller integers widen as in torch)
        out = out.to(x.dtype)
    return out + initial if initial is not None else out

def mean(self, axis=None, keep_dims: bool = False, *, dim=None, keepdim=None, dtype=None):
    axis = _reduce_axis(dim if dim is not None else axis)
    keep = bool(keepdim if keepdim is not None else keep_dims)
    x = self.to(torch.float64) if _is_integer(self) else self
    out = torch.mean(x) if axis is None and not keep else torch.mean(x, dim=axis, keepdim=keep)
    return out.to(_TB.dtype.__get__(self)) if x is not self else out  # MindSpore truncates int means

def _extreme(self, fn, axis, keepdims, initial, return_indices, dim, keepdim):
    if dim is not None and axis is None and keepdims is False and not return_indices:
        return getattr(torch, fn)(self, dim, keepdim=bool(keepdim))  # torch-style call
    axis = _reduce_axis(axis)
    if axis is None:
        out = getattr(torch, "a" + fn)(self) if keepdims is False else getattr(torch, "a" + fn)(
            self, dim=tuple(range(self.dim())), keepdim=True)
    elif return_indices and isinstance(axis, int):
        return getattr(torch, fn)(self, axis, keepdim=keepdims)
    else:
        out = getattr(torch, "a" + fn)(self, dim=axis, keepdim=keepdims)
    if initial is not None:
        out = torch.maximum(out, torch.tensor(initial, dtype=out.dtype)) if fn == "max" else torch.minimum(
            out, torch.tensor(initial, dtype=out.dtype))
    return out

def _max_or_min(self, fn: str, args: tuple, axis, keepdims, initial, return_indices, dim, keepdim):
    """MindSpore 2.10 overloads: `max(other)` elementwise; `max(dim[, keepdim])` or `max(dim=...)`
    -> (values, indices) like torch; `max(axis=..., keepdims=..., initial=..., return_indices=...)`
    numpy-style values (indices too with return_indices)."""
    if args:
        first = args[0]
        if isinstance(first, torch.Tensor):
            return (torch.maximum if fn == "max" else torch.minimum)(self, first)
        if isinstance(first, int) and not isinstance(first, bool):
            keep = bool(args[1]) if len(args) > 1 else bool(keepdim or keepdims)
            return getattr(torch, fn)(self, first, keepdim=keep)
        axis = first
        if len(args) > 1:
            keepdims = args[1]
    return _extreme(self, fn, axis, keepdims, initial, return_indices, dim, keepdim)

def max(self, *args, axis=None, keepdims: bool = False, initial=None, where=True, return_indices=False,
        dim=None, keepdim=False):
    return _max_or_min(self, "max", args, axis, keepdims, initial, return_indices, dim, keepdim)

def min(self, *args, axis=None, keepdims: bool = False, initial=None, where=True, return_indices=False,
        dim=None, keepdim=False):
    return _max_or_min(self, "min", args, axis, keepdims, initial, return_indices, dim, keepdim)

def argmax(self, axis=None, keepdims: bool = False, *, dim=None, keepdim=None):
    axis = dim if dim is not None else axis
    return torch.argmax(self, dim=axis, keepdim=bool(keepdim if keepdim is not None else keepdims))

def argmin(self, axis=None, keepdims: bool = False, *, dim=None, keepdim=None):
    axis = dim if dim is not None else axis
    out = torch.argmin(self, dim=axis, keepdim=bool(keepdim if keepdim is not None else keepdims))
    return out.to(torch.int32)  # MindSpore 2.10: argmin is Int32 while argmax is Int64

def std(self, axis=None, ddof: int | None = None, keepdims: bool = False, *, dim=None, correction=None,
        keepdim=None):
    axis = _reduce_axis(dim if dim is not None else axis)
    integer = _is_integer(self)
    # MindSpore 2.10: ddof=0 by default, but integer tensors go through a Float32 path that is unbiased.
    corr = correction if correction is not None else (ddof if ddof is not None else (1 if integer else 0))
    x = self.to(torch.float32) if integer else self
    return torch.std(x, dim=axis, correction=corr, keepdim=bool(keepdim if keepdim is not None else keepdims))

def var(self, axis=None, ddof: int | None = None, keepdims: bool = False, *, dim=None, correction=None,
        keepdim=None):
    axis = _reduce_axis(dim if dim is not None else axis)
    integer = _is_integer(self)
    # MindSpore 2.10: ddof=0 by default, but integer tensors go through a Float32 path that is unbiased.
    corr = correction if correction is not None else (ddof if ddof is not None else (1 if integer else 0))
    x = self.to(torch.float32) if integer else self
    return torch.var(x, dim=axis, correction=corr, keepdim=bool(keepdim if keepdim is not None else keepdims))

def prod(self, axis=None, keep_dims: bool = False, dtype=None, *, dim=None, keepdim=None):
    axis = _reduce_axis(dim if dim is not None else axis)
    keep = bool(keepdim if keepdim is not None else keep_dims)
    x = self.to(mstype.to_torch(dtype)) if dtype is not None else self
    if x.dtype in _unsigned.WIDE:  # MindSpore keeps uint16/32/64 products in their dtype
        return self.to(torch.int64).prod(axis, keep_dims, dim=dim, keepdim=keepdim).to(x.dtype)
    if axis is None:
        out = torch.prod(x)
        return out.reshape([1] * self.dim()) if keep else out
    if isinstance(axis, int):
        return torch.prod(x, axis, keepdim=keep)
    for a in sorted((a % self.dim() for a in axis), reverse=True):
        x = torch.prod(x, a, keepdim=keep)
    return x

def all(self, axis=None, keep_dims: bool = False, *, dim=None, keepdim=None):
    axis = _reduce_axis(dim if dim is not None else axis)
    keep = bool(keepdim if keepdim is not None else keep_dims)
    return torch.all(self) if axis is None and not keep else torch.all(self, dim=axis, keepdim=keep)

def any(self, axis=None, keep_dims: bool = False, *, dim=None, keepdim=None):
    axis = _reduce_axis(dim if dim is not None else axis)
    keep = bool(keepdim if keepdim is not None else keep_dims)
    return torch.any(self) if axis is None and not keep else torch.any(self, dim=axis, keepdim=keep)


METHODS = {name: ms_method(fn, name) for name, fn in {
    "sum": sum,
    "mean": mean,
    "max": max,
    "min": min,
    "argmax": argmax,
    "argmin": argmin,
    "std": std,
    "var": var,
    "prod": prod,
    "all": all,
    "any": any,
}.items()}
