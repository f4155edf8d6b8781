"""Statistics primitives (split from math_more_ops for size): Median, Quantile, Histogram, HistogramFixedWidth,
Bincount, Bucketize, CountNonZero and Pdist. Mapping decisions are listed in math_more_ops' docstring."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.ops.function import math_more_func as M
from mindshim.common.tensor import wrap
from mindshim.ops.function._args import as_tensor as _t
from mindshim.ops.primitive import Primitive


class Median(Primitive):
    def __init__(self, global_median: bool = False, axis: int = 0, keep_dims: bool = False,
                 ignore_nan: bool = False) -> None:
        super().__init__()
        for arg, value in (("global_median", global_median), ("keep_dims", keep_dims), ("ignore_nan", ignore_nan)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'Median', '{arg}' must be a bool, but got {type(value).__name__}.")
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"For 'Median', 'axis' must be an int, but got {type(axis).__name__}.")
        self.global_median, self.axis, self.keep_dims, self.ignore_nan = global_median, axis, keep_dims, ignore_nan

    def __call__(self, x: Any) -> tuple:
        x = _t(x)
        fn = torch.nanmedian if self.ignore_nan else torch.median
        if self.global_median:
            if self.keep_dims:
                raise RuntimeError("For 'Median', when 'global_median' is True, the 'keep_dims' must be False.")
            return fn(x), wrap(torch.zeros((), dtype=torch.int64, device=x.device))
        rank = max(x.dim(), 1)
        if not -rank <= self.axis < rank:
            raise ValueError(f"For 'Median', 'axis' must be in [{-rank}, {rank}), but got {self.axis}.")
        values, indices = fn(x, self.axis, self.keep_dims)
        return values, indices.to(torch.int64)


class Quantile(Primitive):
    def __init__(self, dim: Any = None, keep_dims: bool = False, ignore_nan: bool = False) -> None:
        super().__init__()
        self.dim, self.keep_dims, self.ignore_nan = dim, keep_dims, ignore_nan

    def __call__(self, input: Any, q: Any) -> Any:
        return M._quantile("Quantile", input, q, self.dim, self.keep_dims, self.ignore_nan)


class Histogram(Primitive):
    def __init__(self, bins: int = 100, min: float = 0.0, max: float = 0.0) -> None:  # noqa: A002
        super().__init__()
        if isinstance(bins, bool) or not isinstance(bins, int):
            raise TypeError(f"For 'Histogram', 'bins' must be an int, but got {type(bins).__name__}.")
        for arg, value in (("min", min), ("max", max)):
            if not isinstance(value, float):
                raise TypeError(f"For 'Histogram', '{arg}' must be a float, but got {type(value).__name__}.")
        if bins <= 0:
            raise ValueError(f"For 'Histogram', 'bins' must be positive, but got {bins}.")
        if min > max:
            raise ValueError(f"For 'Histogram', 'min' must not exceed 'max', but got {min} > {max}.")
        self.bins, self.min, self.max = bins, min, max

    def __call__(self, x: Any) -> Any:
        x = _t(x)
        if x.dtype not in (torch.float16, torch.float32, torch.int32):
            raise TypeError(f"For primitive[Histogram], the input must be float16, float32 or int32, got {x.dtype}.")
        out = torch.histc(x.to(torch.float32), self.bins, self.min, self.max)
        return out.to(torch.int32) if x.dtype == torch.int32 else out


class HistogramFixedWidth(Primitive):
    def __init__(self, nbins: int, dtype: str = "int32") -> None:
        super().__init__()
        if isinstance(nbins, bool) or not isinstance(nbins, int):
            raise TypeError(f"For 'HistogramFixedWidth', 'nbins' must be an int, but got {type(nbins).__name__}.")
        if not isinstance(dtype, str):
            raise TypeError(f"For 'HistogramFixedWidth', 'dtype' must be a str, but got {type(dtype).__name__}.")
        if nbins < 1:
            raise ValueError(f"For 'HistogramFixedWidth', 'nbins' must be at least 1, but got {nbins}.")
        if dtype != "int32":
            raise ValueError(f"For 'HistogramFixedWidth', 'dtype' must be 'int32', but got {dtype}.")
        self.nbins, self.dtype = nbins, dtype

    def __call__(self, x: Any, range: Any) -> Any:  # noqa: A002
        x, r = _t(x).to(torch.float64), _t(range).to(torch.float64)
        lo, hi = r[0], r[1]
        idx = torch.floor((x - lo) / (hi - lo) * self.nbins).clamp(0, self.nbins - 1).to(torch.int64)
        return torch.bincount(idx.reshape(-1), minlength=self.nbins).to(torch.int32)


class Bincount(Primitive):
    def __call__(self, array: Any, size: Any, weights: Any) -> Any:
        arr, w = _t(array), _t(weights)
        if arr.dtype != torch.int32:
            raise TypeError(f"For 'Bincount', 'array' must be int32, but got {arr.dtype}.")
        n = int(size.item()) if isinstance(size, torch.Tensor) else int(size)
        if n < 0:
            raise ValueError(f"For 'Bincount', 'size' must be non-negative, but got {n}.")
        flat = arr.reshape(-1).to(torch.int64)
        if flat.numel() and bool((flat < 0).any()):
            raise RuntimeError("For 'Bincount', the values of 'array' must be non-negative.")
        keep = flat < n
        if w.numel() == 0:
            counts = torch.bincount(flat[keep], minlength=n)[:n]
            return counts.to(torch.float32)
        if w.dtype not in (torch.int32, torch.int64, torch.float32, torch.float64):
            raise TypeError(f"For 'Bincount', 'weights' must be int32, int64, float32 or float64, got {w.dtype}.")
        if w.shape != arr.shape:
            raise ValueError(f"For 'Bincount', 'weights' must have the shape of 'array', got {w.shape}.")
        out = torch.bincount(flat[keep], w.reshape(-1)[keep].to(torch.float64), minlength=n)[:n]
        return out.to(w.dtype)


class Bucketize(Primitive):
    def __init__(self, boundaries: Any) -> None:
        super().__init__()
        if not isinstance(boundaries, list):
            raise TypeError(f"For 'Bucketize', 'boundaries' must be a list of floats, got {type(boundaries).__name__}.")
        self.boundaries = [float(b) for b in boundaries]

    def __call__(self, input: Any) -> Any:
        x = _t(input)
        b = torch.tensor(self.boundaries, dtype=torch.float64, device=x.device)
        return torch.bucketize(x.to(torch.float64), b, out_int32=True, right=True)


class CountNonZero(Primitive):
    def __init__(self, dims: Any = None) -> None:
        super().__init__()
        dims = [] if dims is None else dims
        if isinstance(dims, bool) or not isinstance(dims, (int, list, tuple)):
            raise TypeError(f"For 'CountNonZero', 'dims' must be an int, list or tuple, got {type(dims).__name__}.")
        if isinstance(dims, (list, tuple)) and any(isinstance(d, bool) or not isinstance(d, int) for d in dims):
            raise TypeError(f"For 'CountNonZero', the elements of 'dims' must be int, but got {dims}.")
        self.dims = (dims,) if isinstance(dims, int) else tuple(dims)

    def __call__(self, x: Any) -> Any:
        x = _t(x)
        rank = max(x.dim(), 1)
        if any(not -rank <= d < rank for d in self.dims):
            raise ValueError(f"For 'CountNonZero', 'dims' must be in [{-rank}, {rank}), but got {self.dims}.")
        return (x != 0).sum(dim=self.dims or tuple(range(x.dim()))).to(torch.int64)


class Pdist(Primitive):
    def __init__(self, p: float = 2.0) -> None:
        super().__init__()
        if not isinstance(p, float) or p < 0:
            raise TypeError(f"For 'Pdist', 'p' must be a non-negative float, but got {p}.")
        self.p = p

    def __call__(self, x: Any) -> Any:
        x = _t(x)
        if not x.is_floating_point():
            raise TypeError(f"For 'Pdist', the input must be float16, float32 or float64, but got {x.dtype}.")
        if x.dim() < 2:
            raise ValueError(f"For 'Pdist', the input must be at least 2-D, but got {x.dim()}-D.")
        return torch.nn.functional.pdist(x, self.p) if x.dim() == 2 else torch.stack(
            [torch.nn.functional.pdist(m, self.p) for m in x.reshape(-1, *x.shape[-2:])]).reshape(
            *x.shape[:-2], -1)


__all__ = ["Median", "Quantile", "Histogram", "HistogramFixedWidth", "Bincount", "Bucketize", "CountNonZero", "Pdist"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
