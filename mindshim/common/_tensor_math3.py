"""Tensor scans, sorting and statistics methods with MindSpore 2.10's semantics: sort/argsort/topk/top_k give
Int32 indices, median/nanmedian always return (values, Int64 indices) along `axis` (-1 by default), bool tensors
are rejected by the comparison-based reductions (TypeError), float-only ones (logsumexp, logcumsumexp, softmax,
nanmean) reject integers, bincount counts into Float32 and ignores negative values."""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim.common import dtype as mstype
from mindshim.common._tensor_methods import from_function, ms_method, reduce_axis

_TB = torch._C.TensorBase


def _dtype(t: torch.Tensor) -> torch.dtype:
    return _TB.dtype.__get__(t)


def _is_float(d: torch.dtype) -> bool:
    return d.is_floating_point or d.is_complex


def _reject(name: str, self: torch.Tensor, accepts: Callable[[torch.dtype], bool]) -> None:
    if not accepts(_dtype(self)):
        raise TypeError(f"For 'Tensor.{name}', the input dtype {_dtype(self)} is not supported.")


def _not_bool(d: torch.dtype) -> bool:
    return d != torch.bool


def _check_axis(name: str, self: torch.Tensor, axis: int) -> int:
    rank = max(self.dim(), 1)
    if not -rank <= axis < rank:
        raise ValueError(f"For 'Tensor.{name}', 'axis' must be in [{-rank}, {rank}), but got {axis}.")
    return axis


def _guarded(name: str, accepts: Callable[[torch.dtype], bool], target: str | None = None) -> Callable:
    forward = from_function(f"mindshim.ops:{target or name}", name)

    def method(self, *args: Any, **kwargs: Any) -> Any:
        _reject(name, self, accepts)
        return forward(self, *args, **kwargs)
    return ms_method(method, name)


def sort(self, axis: int = -1, descending: bool = False, *, dim: int | None = None, stable: bool = False):
    _reject("sort", self, _not_bool)
    axis = _check_axis("sort", self, dim if dim is not None else axis)
    values, indices = torch.sort(self, dim=axis, descending=descending, stable=True)
    return values, indices.to(torch.int32)


def argsort(self, axis: int = -1, descending: bool = False, *, dim: int | None = None, stable: bool = False):
    return sort(self, axis, descending, dim=dim)[1]


def topk(self, k: int, dim: int | None = None, largest: bool = True, sorted: bool = True):  # noqa: A002
    _reject("topk", self, _not_bool)
    dim = -1 if dim is None else _check_axis("topk", self, dim)
    if not 0 <= k <= (self.shape[dim] if self.dim() else 1):
        raise ValueError(f"For 'Tensor.topk', 'k' must be in [0, {self.shape[dim]}], but got {k}.")
    values, indices = torch.topk(self, k, dim=dim, largest=largest, sorted=sorted)
    return values, indices.to(torch.int32)


def top_k(self, k: int, sorted: bool = True):  # noqa: A002
    return topk(self, k, -1, True, sorted)


def kthvalue(self, k: int, dim: int = -1, keepdim: bool = False):
    _reject("kthvalue", self, _not_bool)
    dim = _check_axis("kthvalue", self, dim)
    if not 1 <= k <= (self.shape[dim] if self.dim() else 1):
        raise ValueError(f"For 'Tensor.kthvalue', 'k' must be in [1, {self.shape[dim]}], but got {k}.")
    values, indices = torch.kthvalue(self, k, dim, keepdim)
    return values, indices.to(torch.int64)


def _median(name: str, fn: Callable, torch_style: bool) -> Callable:
    def method(self, axis: int = -1, keepdims: bool = False, *, dim: int | None = None, keepdim: bool | None = None):
        if not torch_style and (dim is not None or keepdim is not None):
            raise TypeError(f"Tensor.{name}() got an unexpected keyword argument 'dim'/'keepdim'.")
        d = _dtype(self)
        if d == torch.bool or d == torch.float16:
            raise TypeError(f"For 'Tensor.{name}', the input dtype {d} is not supported.")
        axis = _check_axis(name, self, dim if dim is not None else axis)
        values, indices = fn(self, axis, bool(keepdim if keepdim is not None else keepdims))
        return values, indices.to(torch.int64)
    return ms_method(method, name)


def nansum(self, axis: Any = None, keepdims: bool = False, *, dtype: Any = None):
    x = self.to(mstype.to_torch(dtype)) if dtype is not None else self
    axis = reduce_axis(axis)
    out = torch.nansum(x, dim=tuple(range(x.dim())) if axis is None else axis, keepdim=keepdims)
    d = _dtype(x)
    return out if d == torch.bool else out.to(d)  # integers keep their dtype, bool counts in Int64


def count_nonzero(self, axis: Any = (), keep_dims: bool = False, dtype: Any = mstype.int32):
    _reject("count_nonzero", self, _not_bool)
    axis = reduce_axis(axis)
    nz = (self != 0).to(torch.int64)
    out = nz.sum(dim=tuple(range(self.dim())) if axis is None else axis, keepdim=keep_dims)
    return out.to(mstype.to_torch(dtype))


def ptp(self, axis: Any = None, keepdims: bool = False):
    _reject("ptp", self, _not_bool)
    axis = reduce_axis(axis)
    dims = tuple(range(self.dim())) if axis is None else axis
    return torch.amax(self, dim=dims, keepdim=keepdims) - torch.amin(self, dim=dims, keepdim=keepdims)


def _with_value(name: str, fn: str) -> Callable:
    """argmax_with_value/argmin_with_value(axis=0, keep_dims=False) -> (values, Int64 indices)."""
    def method(self, axis: int = 0, keep_dims: bool = False):
        _reject(name, self, _not_bool)
        axis = _check_axis(name, self, axis)
        values, indices = getattr(torch, fn)(self, axis, keepdim=keep_dims)
        return values, indices.to(torch.int64)
    return ms_method(method, name)


def cumsum(self, axis: int | None = None, dtype: Any = None, *, dim: int | None = None):
    axis = dim if dim is not None else axis
    if axis is None:
        x, axis = self.reshape(-1), 0
    else:
        x = self
        _check_axis("cumsum", self, axis)
    if dtype is not None:
        return torch.cumsum(x, axis, dtype=mstype.to_torch(dtype))
    d = _dtype(x)
    if _is_float(d):
        return torch.cumsum(x, axis)
    return torch.cumsum(x, axis).to(torch.int32 if d == torch.bool else d)  # integers keep their dtype


def cumprod(self, dim: int, dtype: Any = None):
    _check_axis("cumprod", self, dim)
    return torch.cumprod(self, dim, dtype=None if dtype is None else mstype.to_torch(dtype))


def trace(self, offset: int = 0, axis1: int = 0, axis2: int = 1, dtype: Any = None):
    diag = torch.diagonal(self, offset, axis1, axis2)
    d = _dtype(self)
    if d == torch.bool:
        return diag.any(-1)
    out = diag.sum(-1)
    if dtype is not None:
        return out.to(mstype.to_torch(dtype))
    return out


def bincount(self, weights: Any = None, minlength: int = 0):
    x = self.to(torch.int64)
    keep = x >= 0  # MindSpore's kernel skips negative values
    w = None if weights is None else weights.to(torch.float32)[keep]
    return torch.bincount(x[keep], w, minlength).to(torch.float32)


def histc(self, bins: int = 100, min: float = 0.0, max: float = 0.0):  # noqa: A002
    d = _dtype(self)
    out = torch.histc(self if d.is_floating_point else self.to(torch.float32), bins, min, max)
    return out if d.is_floating_point else out.to(torch.int32)


def renorm(self, p: float, axis: int, maxnorm: float):
    if p <= 0:
        raise ValueError(f"For 'Tensor.renorm', 'p' must be positive, but got {p}.")
    return torch.renorm(self, p, axis, maxnorm)


def searchsorted(self, v: Any, side: str = "left", sorter: Any = None):
    from mindshim.ops import searchsorted as ops_searchsorted
    return ops_searchsorted(self, v, out_int32=True, side=side, sorter=sorter)


def softmax(self, axis: int = -1, dtype: Any = None):
    _reject("softmax", self, _is_float)
    x = self.to(mstype.to_torch(dtype)) if dtype is not None else self
    return torch.softmax(x, axis)


METHODS = {name: ms_method(fn, name) for name, fn in {
    "sort": sort, "argsort": argsort, "topk": topk, "top_k": top_k, "kthvalue": kthvalue,
    "nansum": nansum, "count_nonzero": count_nonzero, "ptp": ptp, "cumsum": cumsum, "cumprod": cumprod,
    "trace": trace, "bincount": bincount, "histc": histc, "renorm": renorm, "searchsorted": searchsorted,
    "softmax": softmax,
}.items()}
METHODS.update({
    "median": _median("median", torch.median, True),
    "nanmedian": _median("nanmedian", torch.nanmedian, False),
    "argmax_with_value": _with_value("argmax_with_value", "max"),
    "argmin_with_value": _with_value("argmin_with_value", "min"),
    "amax": _guarded("amax", _not_bool),
    "amin": _guarded("amin", _not_bool),
    "aminmax": _guarded("aminmax", _not_bool),
    "cummax": _guarded("cummax", _not_bool),
    "cummin": _guarded("cummin", _not_bool),
    "logsumexp": _guarded("logsumexp", _is_float),
    "logcumsumexp": _guarded("logcumsumexp", _is_float),
    "nanmean": _guarded("nanmean", _is_float),
    "quantile": from_function("mindshim.ops:quantile", "quantile"),
    "nanquantile": from_function("mindshim.ops:nanquantile", "nanquantile"),
    "norm": from_function("mindshim.ops:norm", "norm"),
    "cov": from_function("mindshim.ops:cov", "cov"),
    "diff": from_function("mindshim.ops:diff", "diff"),
})
