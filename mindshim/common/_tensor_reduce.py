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
    if _TB.dtype.__get__(self) == torch.bool:
        raise RuntimeError("For 'Mean', bool tensors are not supported.")
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
        init = torch.tensor(initial, dtype=_TB.dtype.__get__(out), device=out.device)
        out = torch.maximum(out, init) if fn == "max" else torch.minimum(out, init)
    return out

def _max_or_min(self, fn: str, args: tuple, axis, keepdims, initial, return_indices, dim, keepdim):
    """MindSpore 2.10 overloads: `max(other)` elementwise; `max(dim[, keepdim])` or `max(dim=...)`
    -> (values, indices) like torch; `max(axis=..., keepdims=..., initial=..., return_indices=...)`
    numpy-style values (indices too with return_indices). Bool tensors are rejected."""
    if _TB.dtype.__get__(self) == torch.bool:
        if not args and axis is None and dim is None:
            raise RuntimeError(f"For 'Tensor.{fn}', the Reduce kernel does not support bool.")
        raise TypeError(f"For 'Tensor.{fn}', bool tensors are not supported.")
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
    x = self.to(torch.uint8) if _TB.dtype.__get__(self) == torch.bool else self
    return torch.argmax(x, dim=axis, keepdim=bool(keepdim if keepdim is not None else keepdims))

def argmin(self, axis=None, keepdims: bool = False, *, dim=None, keepdim=None):
    if _TB.dtype.__get__(self) == torch.bool:
        raise TypeError("For 'Tensor.argmin', bool tensors are not supported.")
    axis = dim if dim is not None else axis
    out = torch.argmin(self, dim=axis, keepdim=bool(keepdim if keepdim is not None else keepdims))
    return out.to(torch.int32)  # MindSpore 2.10: argmin is Int32 while argmax is Int64

def _moment(self, name: str, axis, ddof, keepdims, dim, correction, keepdim):
    """MindSpore's numpy-style std/var: ddof=0 by default; an integer tensor's mean is first truncated to its
    dtype (as Tensor.mean does) and the result is Float32."""
    d = _TB.dtype.__get__(self)
    if d == torch.bool:
        raise RuntimeError(f"For 'Tensor.{name}', bool tensors are not supported.")
    axis = _reduce_axis(dim if dim is not None else axis)
    keep = bool(keepdim if keepdim is not None else keepdims)
    if correction is not None and _is_integer(self):  # the torch-style overload takes float tensors only
        raise TypeError(f"For 'Tensor.{name}', the input must be a floating-point tensor, but got {d}.")
    if (dim is not None or correction is not None) and not _is_integer(self):  # torch-style: unbiased default
        corr = 1 if correction is None else correction
        return getattr(torch, name)(self, dim=axis, correction=corr, keepdim=keep)
    ddof = 0 if ddof is None else ddof
    if not _is_integer(self):
        return getattr(torch, name)(self, dim=axis, correction=ddof, keepdim=keep)
    dims = tuple(range(self.dim())) if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
    x = self.to(torch.float64)
    mu = x.mean(dim=dims, keepdim=True).trunc()
    n = 1
    for a in dims:
        n *= self.shape[a]
    out = ((x - mu) ** 2).sum(dim=dims, keepdim=keep) / (n - ddof)
    out = out.sqrt() if name == "std" else out
    return out.to(torch.float32)

def std(self, axis=None, ddof: int | None = None, keepdims: bool = False, *, dim=None, correction=None,
        keepdim=None):
    return _moment(self, "std", axis, ddof, keepdims, dim, correction, keepdim)

def var(self, axis=None, ddof: int | None = None, keepdims: bool = False, *, dim=None, correction=None,
        keepdim=None):
    return _moment(self, "var", axis, ddof, keepdims, dim, correction, keepdim)

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
