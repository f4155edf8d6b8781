"""mindspore.numpy differences, convolution, covariance, polynomials, unwrap, ravel_multi_index, clip and the
dtype helpers, with MindSpore 2.10's rules:
- `diff` computes in Float32 unless the input is Float16/32 and casts back to the input dtype; `gradient`
  computes in Float32 (Float64 stays) and only supports edge_order=1 and constant spacing.
- `convolve` computes in Float32 and casts to the promoted dtype; `correlate` gives Float32 for integers.
- `cov`/`corrcoef` compute in Float32; weights must be integer Tensors (TypeError otherwise).
- `ravel_multi_index` returns Float32 and has no 'raise' mode (NotImplementedError).
- `promote_types`/`result_type` use mindspore.numpy's own table (Python int -> Int32, float -> Float32).
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F

from mindshim.common import dtype as mstype
from mindshim.numpy import _math_core as C
from mindshim.numpy._math_binary import maximum, minimum, remainder


def to_dtype(t: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """A cast that wraps like MindSpore's when a float goes to an unsigned or narrow integer dtype."""
    if t.dtype.is_floating_point and C.is_int(dtype) and dtype != torch.int64:
        return t.to(torch.int64).to(dtype)
    return t.to(dtype)


def _with_unit_axis(extra: Any, like: torch.Tensor, axis: int, what: str) -> torch.Tensor:
    if isinstance(extra, (int, float, bool)):
        extra = C.tensor(extra)
    elif not isinstance(extra, torch.Tensor):
        raise TypeError(f"{what} must be scalar or Tensor, but got {type(extra)}")
    shape = list(like.shape)
    shape[axis] = 1
    e = C.plain(extra)
    return e.reshape((1,) * (len(shape) - e.ndim) + tuple(e.shape)).expand(shape)


def diff(a: Any, n: int = 1, axis: int = -1, prepend: Any = None, append: Any = None) -> Any:
    """mindspore.numpy.diff: the n-th discrete difference of a Tensor along `axis`."""
    C.need_tensor(a)
    t = C.plain(a)
    ax = C.reduce_axes(axis, t.ndim)[0]
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"Input n should be int, but got {type(n)}")
    if n < 0:
        raise ValueError("Input n must > 0.")
    if n == 0:
        return C.out(t)
    parts = []
    if prepend is not None:
        parts.append(_with_unit_axis(prepend, t, axis, "prepend"))
    parts.append(t)
    if append is not None:
        parts.append(_with_unit_axis(append, t, axis, "append"))
    if len(parts) > 1:
        t = torch.cat(C.same(*parts), ax)
    if n >= t.shape[ax]:
        raise ValueError("n is bigger then the specified dimension, this will result in an empty tensor.")
    original = t.dtype
    if original not in C.FLOAT16_32:
        t = t.to(torch.float32)
    for _ in range(n):
        t = torch.diff(t, dim=ax)
    return C.out(to_dtype(t, original) if original not in C.FLOAT16_32 else t)


def ediff1d(ary: Any, to_end: Any = None, to_begin: Any = None) -> Any:
    """mindspore.numpy.ediff1d: differences of the flattened Tensor, with optional ends in its dtype."""
    C.need_tensor(ary)
    t = C.plain(ary)
    parts = []
    if to_begin is not None:
        parts.append(to_dtype(C.tensor(to_begin).reshape(-1), t.dtype))
    parts.append(C.plain(diff(C.out(t.reshape(-1)))))
    if to_end is not None:
        parts.append(to_dtype(C.tensor(to_end).reshape(-1), t.dtype))
    return C.out(torch.cat(parts, 0))


def gradient(f: Any, *varargs: Any, axis: Any = None, edge_order: int = 1) -> Any:
    """mindspore.numpy.gradient: central differences inside, one-sided at the edges (edge_order=1 only)."""
    if edge_order != 1:
        raise NotImplementedError("edge_order != 1 not implemented")
    t = C.tensor(f, narrow=False)
    if t.dtype != torch.float64:
        t = t.to(torch.float32)
    axes = tuple(range(t.ndim)) if axis is None else tuple(sorted(C.reduce_axes(axis, t.ndim)))
    if not varargs:
        steps = (1,) * len(axes)
    elif len(varargs) == 1:
        steps = varargs * len(axes)
    elif len(varargs) == len(axes):
        steps = varargs
    else:
        raise TypeError("Invalid number of arguments")
    grads = []
    for h, ax in zip(steps, axes):
        end = t.shape[ax]
        if end < 2:
            raise ValueError("Shape of array too small to calculate a numerical gradient, "
                             "at least 2 elements are required.")
        if not (isinstance(h, (int, float, bool)) or (isinstance(h, torch.Tensor) and h.ndim == 0)):
            raise NotImplementedError("Non-constant spacing not implemented")
        first = t.narrow(ax, 1, 1) - t.narrow(ax, 0, 1)
        last = t.narrow(ax, end - 1, 1) - t.narrow(ax, end - 2, 1)
        pieces = [first] + ([(t.narrow(ax, 2, end - 2) - t.narrow(ax, 0, end - 2)) * 0.5] if end > 2 else []) + [last]
        g = torch.cat(pieces, ax)
        grads.append(g / (C.plain(h) if isinstance(h, torch.Tensor) else h))
    return C.out(grads[0] if len(axes) == 1 else grads)


def _full_conv(a: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    """numpy's full 1-D convolution of two float vectors."""
    k = v.numel()
    padded = F.pad(a.reshape(1, 1, -1), (k - 1, k - 1))
    return F.conv1d(padded, v.flip(0).reshape(1, 1, -1)).reshape(-1)


def _mode_slice(full: torch.Tensor, n: int, m: int, mode: str) -> torch.Tensor:
    if mode == "full":
        return full
    if mode == "same":
        start = (min(n, m) - 1) // 2
        return full[start:start + max(n, m)]
    if mode == "valid":
        return full[min(n, m) - 1:max(n, m)]
    raise ValueError("mode must be one of ['full', 'same', 'valid']")


def convolve(a: Any, v: Any, mode: str = "full") -> Any:
    """mindspore.numpy.convolve: 1-D convolution, computed in Float32 and cast to the promoted dtype."""
    x, y = C.tensor(a, narrow=False), C.tensor(v, narrow=False)
    if x.numel() == 0 or y.numel() == 0:
        raise ValueError("Inputs cannot be empty.")
    x, y = x.reshape(1) if x.ndim == 0 else x, y.reshape(1) if y.ndim == 0 else y
    dtype = C.promote(x.dtype, y.dtype)
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError("a and v must be 1-D tensor.")
    if mode not in ("same", "full", "valid"):
        raise ValueError("mode must be one of ['full', 'same', 'valid']")
    full = _full_conv(x.to(torch.float32), y.to(torch.float32))
    return C.out(to_dtype(_mode_slice(full, x.numel(), y.numel(), mode), dtype))


def correlate(a: Any, v: Any, mode: str = "valid") -> Any:
    """mindspore.numpy.correlate: numpy's 1-D cross-correlation (integers give Float32)."""
    x, y = C.tensor(a, narrow=False), C.tensor(v, narrow=False)
    if mode not in ("same", "full", "valid"):
        raise ValueError(f"For 'correlate', mode must be one of ['full', 'same', 'valid'], but got {mode}.")
    if x.ndim != 1 or y.ndim != 1 or x.numel() == 0 or y.numel() == 0:
        raise ValueError("For 'correlate', a and v must be non-empty 1-D tensors.")
    if x.dtype != y.dtype:
        raise TypeError(f"For 'correlate', a and v must have one dtype, but got {x.dtype} and {y.dtype}.")
    work = x.dtype if x.dtype.is_floating_point else torch.float32
    full = _full_conv(x.to(work), y.to(work).flip(0))
    return C.out(_mode_slice(full, x.numel(), y.numel(), mode))


def _weights(w: Any, n: int) -> torch.Tensor:
    t = C.tensor(w)
    if not C.is_int(t.dtype):
        raise TypeError("weights must be integer")
    t = t.to(torch.float32)
    if t.ndim > 1:
        raise RuntimeError("cannot handle multidimensional weights")
    if t.shape[0] != n:
        raise RuntimeError("incompatible numbers of samples and weights")
    return torch.abs(t)


def _cov_input(m: Any, rowvar: Any) -> torch.Tensor:
    t = C.tensor(m, narrow=False)
    if t.ndim > 2:
        raise ValueError("input array has dimension more than 2.")
    t = t.to(torch.float32)
    if t.numel() == 0:
        raise ValueError("The value of cov_input should not be empty.")
    t = t.reshape((1,) * (2 - t.ndim) + tuple(t.shape))
    if not isinstance(rowvar, bool):
        raise TypeError("input rowvar should be boolean.")
    return t.T if not rowvar and t.shape[0] != 1 else t


def cov(m: Any, y: Any = None, rowvar: bool = True, bias: bool = False, ddof: Any = None, fweights: Any = None,
        aweights: Any = None, dtype: Any = None) -> Any:
    """mindspore.numpy.cov: covariance matrix (Float32), with integer frequency and analytic weights."""
    t = _cov_input(m, rowvar)
    if y is not None:
        other = _cov_input(y, rowvar)
        if other.shape[1] != t.shape[1]:
            raise ValueError(f"For 'cov', m and y must have the same number of observations, "
                             f"but got {t.shape[1]} and {other.shape[1]}.")
        t = torch.cat((t, other), 0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = t.shape[1]
    w = _weights(fweights, n) if fweights is not None else None
    aw = None
    if aweights is not None:
        aw = _weights(aweights, n)
        w = aw if w is None else w * aw
    if w is None:
        avg = torch.mean(t, dim=1)
        fact: Any = n - ddof
    else:
        w_sum = torch.sum(w, -1)
        avg = torch.sum(t * w, dim=1) / w_sum
        fact = w_sum if ddof == 0 else (w_sum - ddof if aw is None else w_sum - ddof * torch.sum(w * aw) / w_sum)
    t = t - avg.unsqueeze(-1)
    fact_t = fact if isinstance(fact, torch.Tensor) else torch.tensor(float(fact), device=t.device)
    res = C.div(torch.matmul(t, (t if w is None else t * w).T), fact_t).squeeze()
    return C.out(C.cast(res, dtype))


def corrcoef(x: Any, y: Any = None, rowvar: bool = True, dtype: Any = None) -> Any:
    """mindspore.numpy.corrcoef: Pearson correlation coefficients (clipped to [-1, 1])."""
    c = C.plain(cov(x, y, rowvar))
    if c.ndim == 0:
        return C.out(C.cast(C.div(c, c), dtype))
    s = torch.sqrt(torch.diagonal(c))
    c = C.div(C.div(c, s.unsqueeze(-1)), s.unsqueeze(0))
    return C.out(C.cast(torch.clamp(c, -1, 1), dtype))


def clip(x: Any, xmin: Any, xmax: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.clip: maximum(x, xmin) then minimum(.., xmax), with their dtype rules."""
    if xmin is None and xmax is None:
        raise ValueError("One of max or min must be given.")
    if xmin is not None:
        x = maximum(x, xmin, dtype=dtype)
    if xmax is not None:
        x = minimum(x, xmax, dtype=dtype)
    return x


def unwrap(p: Any, discont: Any = math.pi, axis: int = -1) -> Any:
    """mindspore.numpy.unwrap: remove jumps larger than `discont` by adding multiples of 2*pi."""
    from mindshim.numpy._math_reduce import cumsum
    if not isinstance(discont, (int, float)):
        raise TypeError("discont should be a float")
    t = C.tensor(p)
    ax = C.reduce_axes(axis, t.ndim)[0]
    dd = C.plain(diff(C.out(t), axis=ax))
    shifted = torch.add(*C.same(dd, C.tensor(math.pi).to(dd.device)))
    ddmod = C.plain(remainder(C.out(shifted), 2 * math.pi)) - math.pi
    ddmod = ddmod.masked_fill((ddmod == -math.pi) & (dd > 0), math.pi)
    correct = (ddmod - dd).masked_fill(torch.abs(dd) < discont, 0)
    head = t.narrow(ax, 0, 1)
    tail = t.narrow(ax, 1, t.shape[ax] - 1)
    tail = torch.add(*C.same(tail, C.plain(cumsum(C.out(correct), ax))))
    return C.out(torch.cat(C.same(head, tail), ax))


def ravel_multi_index(multi_index: Any, dims: Any, mode: str = "clip", order: str = "C") -> Any:
    """mindspore.numpy.ravel_multi_index: flat indices (Float32) of index arrays into an array of `dims`."""
    if isinstance(dims, int):
        dims = (dims,)
    d = C.tensor(dims)
    if d.ndim > 1 or d.dtype.is_floating_point or d.dtype == torch.bool:
        raise TypeError("only 1-D integer arrays are accepted.")
    idx = C.tensor(multi_index)
    if len(idx) != len(d):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(d)}")
    if idx.dtype.is_floating_point:
        raise TypeError("only int indices permitted")
    if mode == "raise":
        raise NotImplementedError("'raise' mode is not implemented")
    if mode not in ("clip", "wrap"):
        raise ValueError("invalid mode. Expected 'wrap' or 'clip'")
    sizes = [int(s) for s in d.tolist()]
    rows = [torch.clamp(idx[i], 0, s - 1) if mode == "clip" else torch.remainder(idx[i], s)
            for i, s in enumerate(sizes)]
    if order not in ("C", "F"):
        raise ValueError("invalid order. Expected 'C' or 'F'")
    strides, acc = [], 1
    for s in (reversed(sizes) if order == "C" else sizes):
        strides.append(acc)
        acc *= s
    if order == "C":
        strides.reverse()
    res = sum(r.to(torch.float32) * st for r, st in zip(rows, strides))
    return C.out(res if isinstance(res, torch.Tensor) else torch.tensor(float(res)))


def _as_dtype(d: Any) -> torch.dtype:
    names = {"int": torch.int32, "int8": torch.int8, "int16": torch.int16, "int32": torch.int32,
             "int64": torch.int64, "uint": torch.uint32, "uint8": torch.uint8, "uint16": torch.uint16,
             "uint32": torch.uint32, "uint64": torch.uint64, "float": torch.float32, "float16": torch.float16,
             "float32": torch.float32, "float64": torch.float64, "bool": torch.bool}
    if isinstance(d, str):
        if d.lower() not in names:
            raise TypeError(f"only numpy dtypes are allowed for dtype, but got {d!r}")
        return names[d.lower()]
    if d is int:
        return torch.int32
    if d is float:
        return torch.float32
    try:
        return mstype.to_torch(d)
    except TypeError:
        raise TypeError(f"only numpy dtypes are allowed for dtype, but got {d!r}") from None


def promote_types(type1: Any, type2: Any) -> Any:
    """mindspore.numpy.promote_types: the dtype both promote to, by mindspore.numpy's table."""
    return mstype.from_torch(C.promote(_as_dtype(type1), _as_dtype(type2)))


def _result_dtype(x: Any) -> torch.dtype:
    if isinstance(x, torch.Tensor):
        return C.plain(x).dtype
    if isinstance(x, bool):
        return torch.bool
    if isinstance(x, int):
        return torch.int32
    if isinstance(x, float):
        return torch.float32
    if isinstance(x, mstype.Type):
        return mstype.to_torch(x)
    if isinstance(x, str):
        try:
            return _as_dtype(x)
        except TypeError:
            return _as_dtype(str(np.dtype(x)))
    raise TypeError("data type not understood")


def result_type(*arrays_and_dtypes: Any) -> Any:
    """mindspore.numpy.result_type: the promoted dtype of Tensors, Python numbers and dtypes."""
    d = _result_dtype(arrays_and_dtypes[0])
    for x in arrays_and_dtypes[1:]:
        d = C.promote(d, _result_dtype(x))
    return mstype.from_torch(d)
