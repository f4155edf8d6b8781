"""mindspore.numpy reductions and scans, with MindSpore 2.10's dtypes:
- `sum` gives Int64 for integer and bool inputs (a `dtype` casts the input first); `mean` keeps an integer dtype
  (truncating) and rejects bool with RuntimeError; `std`/`var` give Float32 for integers.
- `amax`/`amin`/`ptp` reject bool and lists; `amax`/`amin` take `initial` and a `where` mask (which needs initial).
- `argmax` is Int64, `argmin` Int32, `count_nonzero` Int32; `cumsum` widens 8-bit and bool inputs to Int32,
  `cumprod` computes in Float32 (Float64 stays) and gives Int32/UInt32 for 8/16-bit inputs.
- The nan* functions replace NaN by a neutral value; `nanmean`/`nanvar`/`nanstd` default to Float32, and a bool
  input sums as "any" (MindSpore's ReduceSum on bool), which their results inherit.
"""
from __future__ import annotations

import math
import sys
from typing import Any, Callable

import torch

from mindshim.numpy import _math_core as C


def _fill(shape: tuple, value: Any, dtype: torch.dtype, device: torch.device) -> torch.Tensor:
    """`value` (a number or a 0-d tensor) cast to `dtype` and broadcast to `shape`."""
    if not isinstance(value, torch.Tensor):
        value = torch.tensor(value, dtype=torch.float64 if isinstance(value, float) else None, device=device)
    return value.to(dtype).expand(shape)


def _check_initial(initial: Any) -> None:
    if initial is not None and ((isinstance(initial, torch.Tensor) and initial.ndim > 0)
                                or not isinstance(initial, (int, float, bool, torch.Tensor))):
        raise TypeError("initial should be scalar")


def reduce_sum(x: torch.Tensor, axes: tuple, keepdims: bool = False) -> torch.Tensor:
    """MindSpore's ReduceSum: the input's dtype (bool sums as any)."""
    if not axes:
        return x.clone()
    if x.dtype == torch.bool:
        return torch.any(x, dim=axes, keepdim=keepdims)
    return torch.sum(x, dim=axes, keepdim=keepdims, dtype=x.dtype)


def _extreme(name: str, largest: bool) -> Callable:
    def f(a: Any, axis: Any = None, keepdims: bool = False, initial: Any = None, where: Any = True) -> Any:
        if not isinstance(a, torch.Tensor):
            raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(a)}.")
        x = C.plain(a)
        axes = C.reduce_axes(axis, x.ndim)
        _check_initial(initial)
        if x.numel() == 0:
            raise ValueError(f"For '{name}', the input must not be empty.")
        if x.dtype == torch.bool:
            raise TypeError(f"For '{name}', bool inputs are not supported.")
        dtype = x.dtype
        init = None
        if initial is not None:
            init = _fill(tuple(x.shape), C.plain(initial) if isinstance(initial, torch.Tensor) else initial,
                         dtype, x.device)
            x = C.kernel_maximum(x, init) if largest else C.kernel_minimum(x, init)
        w = where if isinstance(where, torch.Tensor) else torch.tensor(bool(where), device=x.device)
        if w.ndim or not bool(w):
            if init is None:
                raise ValueError("initial value must be provided for where masks")
            shape = C.broadcast_shape(tuple(w.shape), tuple(x.shape))
            nd = x.ndim
            x = torch.where(C.plain(w).to(torch.bool).expand(shape), x.expand(shape), init.expand(shape))
            axes = tuple(range(x.ndim - nd)) + tuple(a + x.ndim - nd for a in axes)
        if not axes:
            return C.out(x.clone())
        return C.out(C.reduce_extreme(x, axes, keepdims, largest).to(dtype))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"mindspore.numpy.{name}(a, axis=None, keepdims=False, initial=None, where=True)."
    return f


amax = _extreme("amax", True)
amin = _extreme("amin", False)
max = amax  # noqa: A001 - MindSpore's names
min = amin  # noqa: A001


def sum(a: Any, axis: Any = None, dtype: Any = None, keepdims: bool = False, initial: Any = None) -> Any:  # noqa: A001
    """mindspore.numpy.sum: integer and bool inputs sum to Int64; `dtype` casts the input first."""
    x = C.tensor(a)
    axes = C.reduce_axes(axis, x.ndim)
    if dtype is not None:
        x = C.cast(x, dtype)
    elif not x.dtype.is_floating_point:
        x = x.to(torch.int64)
    res = torch.sum(x, dim=axes, keepdim=keepdims, dtype=x.dtype) if axes else x.clone()
    if isinstance(initial, torch.Tensor):
        if initial.ndim:
            raise TypeError("For 'sum', 'initial' must be a scalar or a 0-d Tensor.")
        res = torch.add(*C.same(res, C.plain(initial)))
    elif initial is not None:
        res = res + initial  # a Python number keeps the sum's dtype category
    return C.out(res)


def _mean_kernel(x: torch.Tensor, axes: tuple, keepdims: bool) -> torch.Tensor:
    if x.dtype == torch.bool:
        raise RuntimeError("For 'ReduceMean', bool inputs are not supported on CPU.")
    if not axes:
        return x.clone()
    if x.dtype.is_floating_point:
        return torch.mean(x, dim=axes, keepdim=keepdims)
    return torch.mean(x.to(torch.float64), dim=axes, keepdim=keepdims).to(x.dtype)


def mean(a: Any, axis: Any = None, keepdims: bool = False, dtype: Any = None) -> Any:
    """mindspore.numpy.mean: an integer input keeps its dtype (the mean truncates); bool raises."""
    x = C.tensor(a)
    axes = C.reduce_axes(axis, x.ndim)
    return C.out(C.cast(_mean_kernel(x, axes, keepdims), dtype if dtype is not None else x.dtype))


def _moment(name: str, root: bool) -> Callable:
    def f(x: Any, axis: Any = None, ddof: int = 0, keepdims: bool = False) -> Any:
        t = C.tensor(x)
        axes = C.reduce_axes(axis, t.ndim)
        if t.dtype == torch.bool:
            raise RuntimeError(f"For '{name}', bool inputs are not supported on CPU.")
        if t.dtype.is_floating_point:
            res = torch.var(t, dim=axes, correction=ddof, keepdim=keepdims)
        else:  # MindSpore centres an integer input on its truncated integer mean
            m = _mean_kernel(t, axes, True).to(torch.float32)
            d = t.to(torch.float32) - m
            n = 1
            for ax in axes:
                n *= t.shape[ax]
            res = torch.sum(d * d, dim=axes, keepdim=keepdims) / (n - ddof)
        return C.out(torch.sqrt(res) if root else res)

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"mindspore.numpy.{name}(x, axis=None, ddof=0, keepdims=False): integers give Float32."
    return f


std = _moment("std", True)
var = _moment("var", False)


def ptp(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    """mindspore.numpy.ptp: max - min along `axis` of a Tensor (keepdims must be a bool)."""
    C.need_tensor(x)
    if not isinstance(keepdims, bool):
        raise TypeError(f"For 'Tensor.ptp', the type of the argument 'keepdims' must be bool, but got {type(keepdims)}.")
    t = C.plain(x)
    if t.dtype == torch.bool:
        raise TypeError("For 'ptp', bool inputs are not supported.")
    axes = C.reduce_axes(axis, t.ndim)
    if not axes:
        return C.out(t - t)
    return C.out(C.reduce_extreme(t, axes, keepdims, True) - C.reduce_extreme(t, axes, keepdims, False))


def average(x: Any, axis: Any = None, weights: Any = None, returned: bool = False) -> Any:
    """mindspore.numpy.average: weighted mean; integer inputs divide truncating, as MindSpore's Div does."""
    C.need_tensor(x)
    t = C.plain(x)
    if axis is not None:
        if not isinstance(axis, (int, tuple)) or isinstance(axis, bool):
            raise TypeError(f"axis should be int or tuple, but got {type(axis)}")
    axes = C.reduce_axes(axis, t.ndim)
    if weights is None:
        avg = _mean_kernel(t, axes, False)
        count = 1
        for ax in axes:
            count *= t.shape[ax]
        wsum = torch.full(tuple(avg.shape), count, dtype=t.dtype, device=t.device)
    else:
        C.need_tensor(weights)
        w = C.plain(weights)
        if tuple(w.shape) != tuple(t.shape):
            if w.ndim != 1:
                raise TypeError("Weights should be None, 1-D or the same shape as input x.")
            if not isinstance(axis, int) or isinstance(axis, bool):
                raise TypeError("Axis must be specified when shapes of x and weights differ.")
            w = w.reshape([w.shape[0] if i == axes[0] else 1 for i in range(t.ndim)])
        prod = C.mul(t, w)
        wsum = reduce_sum(w, axes)
        avg = C.div(reduce_sum(prod, axes), wsum)
    if returned:
        if tuple(wsum.shape) != tuple(avg.shape):
            wsum = wsum.expand(avg.shape)
        return C.out((avg, wsum.clone()))
    return C.out(avg)


def count_nonzero(x: Any, axis: Any = None, keepdims: bool = False) -> Any:
    """mindspore.numpy.count_nonzero: Int32 counts (bool inputs raise TypeError, as MindSpore's CPU kernel)."""
    shape = x.shape  # MindSpore reads the shape first: AttributeError for lists
    t = C.plain(x)
    if 0 in tuple(shape):
        return C.out(torch.zeros((), dtype=torch.int32, device=t.device))
    if t.dtype == torch.bool:
        raise TypeError("For 'count_nonzero', bool inputs are not supported.")
    axes = C.reduce_axes(axis, t.ndim)
    return C.out(torch.sum(t != 0, dim=axes, keepdim=keepdims, dtype=torch.int32))


def _arg(name: str, fn: Callable, out_dtype: torch.dtype, largest: bool) -> Callable:
    def f(a: Any, axis: Any = None) -> Any:
        t = C.tensor(a)
        if t.dtype == torch.bool:
            t = t.to(torch.int32)
        if axis is None:
            t, ax = t.reshape(-1), 0
        else:
            axes = C.reduce_axes(axis, t.ndim)
            if len(axes) != 1:
                raise TypeError(f"For '{name}', axis must be an int.")
            ax = axes[0]
        if t.dtype.is_floating_point:  # MindSpore's kernel skips NaN, unless the scan starts on one
            nan = torch.isnan(t)
            t = torch.where(nan, torch.tensor(-math.inf if largest else math.inf, dtype=t.dtype, device=t.device), t)
            res = fn(t, ax)
            first = nan.narrow(ax, 0, 1).squeeze(ax) if t.ndim else nan
            return C.out(torch.where(first, torch.zeros_like(res), res).to(out_dtype))
        return C.out(fn(t, ax).to(out_dtype))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"mindspore.numpy.{name}(a, axis=None): indices ({out_dtype}) along `axis` (flattened if None)."
    return f


argmax = _arg("argmax", torch.argmax, torch.int64, True)
argmin = _arg("argmin", torch.argmin, torch.int32, False)


def _cumsum(t: torch.Tensor, axis: Any, dtype: Any) -> torch.Tensor:
    if axis is None:
        t, axis = t.reshape(-1), 0
    ax = C.reduce_axes(axis, t.ndim)[0]
    if t.dtype in (torch.bool, torch.int8, torch.uint8, torch.int16, torch.uint16):
        t = t.to(torch.int32)
    res = torch.cumsum(t, dim=ax, dtype=t.dtype)
    return C.cast(res, dtype)


def cumsum(a: Any, axis: Any = None, dtype: Any = None) -> Any:
    """mindspore.numpy.cumsum: a Tensor's running sum (8/16-bit and bool inputs widen to Int32)."""
    C.need_tensor(a)
    return C.out(_cumsum(C.plain(a), axis, dtype))


def nancumsum(a: Any, axis: Any = None, dtype: Any = None) -> Any:
    """mindspore.numpy.nancumsum: cumsum with NaN counted as zero."""
    C.need_tensor(a)
    t = C.plain(a)
    t = torch.where(C.isnan(t), torch.zeros((), dtype=t.dtype, device=t.device), t)
    return C.out(_cumsum(t, axis, dtype))


def cumprod(a: Any, axis: Any = None, dtype: Any = None) -> Any:
    """mindspore.numpy.cumprod: computed in Float32 (Float64 stays); 8/16-bit and bool results widen."""
    t = C.tensor(a, narrow=False)
    original = t.dtype
    if axis is not None and (not isinstance(axis, int) or isinstance(axis, bool)):
        raise TypeError(f"integer axis is expected, but got {type(axis)}")
    if axis is None:
        t, axis = t.reshape(-1), 0
    ax = C.reduce_axes(axis, t.ndim)[0]
    if original != torch.float64:
        t = t.to(torch.float32)
    if dtype is None:
        widen = {torch.int8: torch.int32, torch.int16: torch.int32, torch.bool: torch.int32,
                 torch.uint8: torch.uint32, torch.uint16: torch.uint32}
        out_dtype = widen.get(original, original)
    else:
        out_dtype = C.dtype_of(dtype)
    res = torch.cumprod(t, dim=ax)
    if out_dtype in (torch.uint32, torch.uint64):
        return C.out(res.to(torch.int64).to(out_dtype))
    return C.out(res.to(out_dtype))


def sometrue(a: Any, axis: Any = None, keepdims: bool = False) -> Any:
    """mindspore.numpy.sometrue: whether any element along `axis` is non-zero."""
    if not isinstance(keepdims, int):
        raise TypeError(f"integer argument expected, but got {type(keepdims)}")
    if axis is not None:
        if not isinstance(axis, (int, tuple)) or isinstance(axis, bool):
            raise TypeError(f"axis should be int or tuple, but got {type(axis)}")
        C.reduce_axes(axis, a.ndim)
    t = C.tensor(a)
    axes = C.reduce_axes(axis, t.ndim)
    nz = t != 0
    return C.out(torch.any(nz, dim=axes, keepdim=keepdims not in (0, False)) if axes else nz)


def _nan_prepare(a: Any, fill: Any) -> torch.Tensor:
    t = C.tensor(a)
    if t.dtype.is_floating_point:
        t = torch.where(torch.isnan(t), torch.tensor(fill, dtype=torch.float64, device=t.device).to(t.dtype), t)
    return t


def _nan_extreme(name: str, largest: bool) -> Callable:
    def f(a: Any, axis: Any = None, dtype: Any = None, keepdims: bool = False) -> Any:
        t = _nan_prepare(a, -sys.maxsize - 1 if largest else sys.maxsize)
        if not isinstance(keepdims, int):
            raise TypeError(f"integer argument expected, got {type(keepdims)}")
        axes = C.reduce_axes(axis, t.ndim)
        if t.dtype == torch.bool:
            raise TypeError(f"For '{name}', bool inputs are not supported.")
        res = (torch.amax if largest else torch.amin)(t, dim=axes, keepdim=bool(keepdims)) if axes else t.clone()
        return C.out(C.cast(res, dtype if dtype is not None else t.dtype))

    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"mindspore.numpy.{name}(a, axis=None, dtype=None, keepdims=False): ignoring NaN."
    return f


nanmax = _nan_extreme("nanmax", True)
nanmin = _nan_extreme("nanmin", False)


def _nansum_kernel(t: torch.Tensor, axes: tuple, keepdims: bool) -> torch.Tensor:
    if t.dtype.is_floating_point:
        t = torch.where(torch.isnan(t), torch.zeros((), dtype=t.dtype, device=t.device), t)
    return reduce_sum(t, axes, keepdims)


def nansum(a: Any, axis: Any = None, dtype: Any = None, keepdims: bool = False) -> Any:
    """mindspore.numpy.nansum: sum with NaN counted as zero, in the input's dtype."""
    t = C.tensor(a)
    axes = C.reduce_axes(axis, t.ndim)
    return C.out(C.cast(_nansum_kernel(t, axes, keepdims), dtype if dtype is not None else t.dtype))


def _count(t: torch.Tensor, axes: tuple, keepdims: bool) -> torch.Tensor:
    ones = (~C.isnan(t)).to(t.dtype)
    return reduce_sum(ones, axes, keepdims)


def _nanmean_kernel(t: torch.Tensor, axes: tuple, keepdims: bool, dtype: torch.dtype) -> torch.Tensor:
    s = _nansum_kernel(t, axes, keepdims).to(dtype)
    return torch.div(*C.same(s, _count(t, axes, keepdims)))


def nanmean(a: Any, axis: Any = None, dtype: Any = None, keepdims: bool = False) -> Any:
    """mindspore.numpy.nanmean: mean over the non-NaN elements (Float32 by default)."""
    t = C.tensor(a)
    axes = C.reduce_axes(axis, t.ndim)
    return C.out(_nanmean_kernel(t, axes, keepdims, C.dtype_of(dtype) if dtype is not None else torch.float32))


def _nanvar_kernel(t: torch.Tensor, axes: tuple, ddof: int, keepdims: bool) -> torch.Tensor:
    m = _nanmean_kernel(t, axes, True, torch.float32)
    diff = torch.sub(*C.same(t, m))
    s = _nansum_kernel(diff * diff, axes, keepdims)
    count = _count(t, axes, keepdims)
    denom = count - ddof if count.dtype != torch.bool else count.to(torch.int64) - ddof
    s, denom = (s, denom) if s.dtype in C.FLOAT16_32 or denom.dtype in C.FLOAT16_32 else \
        (s.to(torch.float32), denom.to(torch.float32))
    return torch.div(*C.same(s, denom))


def nanvar(a: Any, axis: Any = None, dtype: Any = None, ddof: int = 0, keepdims: bool = False) -> Any:
    """mindspore.numpy.nanvar: variance over the non-NaN elements (Float32 by default)."""
    t = C.tensor(a)
    axes = C.reduce_axes(axis, t.ndim)
    return C.out(C.cast(_nanvar_kernel(t, axes, ddof, keepdims), dtype if dtype is not None else torch.float32))


def nanstd(a: Any, axis: Any = None, dtype: Any = None, ddof: int = 0, keepdims: bool = False) -> Any:
    """mindspore.numpy.nanstd: standard deviation over the non-NaN elements (Float32 by default)."""
    t = C.tensor(a)
    axes = C.reduce_axes(axis, t.ndim)
    res = torch.sqrt(_nanvar_kernel(t, axes, ddof, keepdims))
    return C.out(C.cast(res, dtype if dtype is not None else torch.float32))
