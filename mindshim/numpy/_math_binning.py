"""mindspore.numpy binning, interpolation and polynomials, with MindSpore 2.10's rules: `searchsorted` and
`digitize` give Int32; `bincount`, `histogram*` counts and `interp` give Float32 (`bincount` clips negative
values to 0); polynomial coefficients are 1-D (a scalar becomes one coefficient), `polyval` is Float32 and
`polyint` divides like `true_divide` (integers give Float32).
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.numpy import _math_core as C
from mindshim.numpy._math_binary import add, true_divide
from mindshim.numpy._math_misc import convolve

_range = range  # the histogram functions take a `range` argument, as numpy's do


def _searchsorted(a: torch.Tensor, v: torch.Tensor, right: bool) -> torch.Tensor:
    vv = v.to(torch.float32)
    return torch.searchsorted(a.contiguous(), vv.reshape(-1).contiguous(), right=right).reshape(vv.shape).to(torch.int32)


def searchsorted(a: Any, v: Any, side: str = "left", sorter: Any = None) -> Any:
    """mindspore.numpy.searchsorted: insertion indices (Int32) of `v` into the sorted 1-D `a`."""
    if side not in ("left", "right"):
        raise ValueError('invalid value for keyword "side"')
    x = C.tensor(a).to(torch.float32)
    if x.ndim != 1:
        raise ValueError("`a` should be 1-D array")
    vals = C.tensor(v)
    if sorter is not None:
        C.need_tensor(sorter)
        s = C.plain(sorter)
        if s.ndim != 1 or s.numel() != x.numel():
            raise ValueError("sorter must be 1-D array with the same size as `a`")
        if s.numel() and (int(s.min()) < 0 or int(s.max()) >= x.numel()):
            raise ValueError("sorter holds an index out of range")
        x = x[s.to(torch.int64)]
    return C.out(_searchsorted(x, vals, side == "right"))


def digitize(x: Any, bins: Any, right: bool = False) -> Any:
    """mindspore.numpy.digitize: the bin index (Int32) of each value; bins may increase or decrease."""
    t, b = C.tensors(x, bins)
    if b.ndim != 1:
        raise ValueError("bins should be 1-dimensional")
    if t.numel() == 0:
        return C.out(t)
    if b.numel() == 0:
        return C.out(torch.zeros(t.shape, dtype=torch.int32, device=t.device))
    b = b.to(torch.float32)
    increasing = _searchsorted(b, t, not right)
    decreasing = b.numel() - _searchsorted(b.flip(0), t, not right)
    return C.out(increasing if bool(b[0] <= b[-1]) else decreasing.to(torch.int32))


def _bincount(t: torch.Tensor, weights: Any, minlength: int, length: Any) -> torch.Tensor:
    if t.ndim != 1:
        raise ValueError("`x` should be one-dimensional")
    if not C.is_int(t.dtype):
        raise TypeError("`x` should be an array of ints")
    t = torch.clamp(t, min=0)
    if length is None:
        length = int(max(int(t.max()) if t.numel() else -1, minlength - 1)) + 1
    mapping = (t.unsqueeze(0) == torch.arange(length, device=t.device).unsqueeze(1)).to(torch.float32)
    if weights is not None:
        w = C.tensor(weights)
        if tuple(w.shape) != tuple(t.shape):
            raise ValueError("`x` and `weights` must have the same length")
        mapping = mapping * w.to(torch.float32)
    return torch.sum(mapping, 1)


def bincount(x: Any, weights: Any = None, minlength: int = 0, length: Any = None) -> Any:
    """mindspore.numpy.bincount: occurrence counts (Float32) of the non-negative ints in `x`."""
    return C.out(_bincount(C.tensor(x), weights, minlength, length))


def _bin_edges(a: torch.Tensor, bins: Any, range: Any) -> torch.Tensor:  # noqa: A002
    if isinstance(bins, (tuple, list, torch.Tensor)):
        edges = C.tensor(bins)
        if edges.ndim != 1:
            raise ValueError("`bins` must be 1d, when an array")
        return edges
    if isinstance(bins, str):
        raise NotImplementedError("string value for `bins` not implemented")
    a = a.reshape(-1).to(torch.float32)
    if range is None:
        start, end = torch.amin(a), torch.amax(a)
    else:
        if not isinstance(range, (list, tuple)) or len(range) != 2:
            raise ValueError("`range` should take the form (start, end)")
        if range[0] > range[1]:
            raise ValueError("max must be larger than min in range parameter")
        start, end = (C.tensor(r).to(torch.float32) for r in range)
    if bool(end - start == 0):
        start, end = start - 0.5, end + 0.5
    return torch.linspace(float(start), float(end), bins + 1, device=a.device)


def _counts(sample: torch.Tensor, edges: torch.Tensor) -> torch.Tensor:
    """Bin numbers (0 below, len(edges) above, the last edge counted in the last bin)."""
    idx = _searchsorted(edges.to(torch.float32), sample, True)
    return torch.where(sample == edges[-1].to(sample.dtype), torch.tensor(edges.numel() - 1, dtype=torch.int32,
                                                                          device=idx.device), idx)


def histogram(a: Any, bins: Any = 10, range: Any = None, weights: Any = None, density: bool = False) -> Any:  # noqa: A002
    """mindspore.numpy.histogram: (counts, bin_edges); counts are Float32."""
    t = C.tensor(a)
    w = None
    if weights is not None:
        w = C.tensor(weights)
        if tuple(w.shape) != tuple(t.shape):
            raise ValueError("weights should have the same shape as a")
        w = w.reshape(-1)
    t = t.reshape(-1)
    edges = _bin_edges(t, bins, range)
    count = _bincount(_counts(t, edges), w, 0, edges.numel())[1:]
    if count.numel() and density:
        count = count / torch.diff(edges.to(torch.float32)) / torch.sum(count)
    return C.out((count, edges))


def histogramdd(sample: Any, bins: Any = 10, range: Any = None, weights: Any = None,  # noqa: A002
                density: bool = False) -> Any:
    """mindspore.numpy.histogramdd: (counts, [edges per dimension]) of an (N, D) sample."""
    if isinstance(sample, (tuple, list)):
        s = torch.stack(C.same(*C.tensors(*sample)), -1)
    elif isinstance(sample, torch.Tensor):
        s = C.plain(sample)
    else:
        raise TypeError("sample should be (N, D) array, or (D, N) array_like")
    if s.ndim != 2:
        raise ValueError("when an array, sample should be 2-dimensional")
    ndim = s.shape[1]
    if isinstance(bins, int):
        bins = [bins] * ndim
    if not isinstance(bins, (tuple, list, torch.Tensor)):
        raise TypeError("bins should be int or sequence")
    if len(bins) != ndim:
        raise ValueError("The dimension of bins must be equal to the dimension of the sample")
    if range is None:
        range = [None] * ndim
    elif len(range) != ndim:
        raise ValueError("range argument must have one entry per dimension")
    edges = [_bin_edges(s[:, i], bins[i], range[i]) for i in _range(ndim)]
    nbin = [e.numel() + 1 for e in edges]
    flat = torch.zeros(s.shape[0], dtype=torch.int64, device=s.device)
    for i, e in enumerate(edges):
        factor = 1
        for n in nbin[i + 1:]:
            factor *= n
        flat = flat + _counts(s[:, i], e).to(torch.int64) * factor
    total = 1
    for n in nbin:
        total *= n
    count = _bincount(flat.to(torch.int32), weights, 0, total).reshape(nbin)
    count = count[tuple(slice(1, -1) for _ in nbin)]
    if density:
        norm = torch.sum(count)
        for i, e in enumerate(edges):
            shape = [1] * ndim
            shape[i] = e.numel() - 1
            count = count / torch.diff(e.to(torch.float32)).reshape(shape)
        count = count / norm
    return C.out((count, list(edges)))


def histogram2d(x: Any, y: Any, bins: Any = 10, range: Any = None, weights: Any = None,  # noqa: A002
                density: bool = False) -> Any:
    """mindspore.numpy.histogram2d: (counts, x_edges, y_edges)."""
    count, edges = histogramdd((x, y), bins=bins, range=range, weights=weights, density=density)
    return count, edges[0], edges[1]


def interp(x: Any, xp: Any, fp: Any, left: Any = None, right: Any = None) -> Any:
    """mindspore.numpy.interp: 1-D linear interpolation (Float32)."""
    t, xs, ys = C.tensors(x, xp, fp)
    if xs.ndim != 1 or ys.ndim != 1:
        raise ValueError("xp and fp must be 1-d sequences")
    size = xs.numel()
    if ys.numel() != size:
        raise ValueError("the y-coordinates must have the same length as `xp`")
    xs, ys = xs.to(torch.float32), ys.to(torch.float32)
    i1 = torch.clamp(_searchsorted(xs, t, False).to(torch.int64), 0, size - 1)
    i0 = torch.clamp(i1 - 1, 0, size - 1)
    x0, x1, y0, y1 = xs[i0], xs[i1], ys[i0], ys[i1]
    tf = t.to(torch.float32)
    res = (y0 * (x1 - tf) + y1 * (tf - x0)) / (x1 - x0)
    res = torch.where(x0 == x1, y0, res)
    lo = ys[0] if left is None else torch.tensor(float(left), device=t.device)
    hi = ys[-1] if right is None else torch.tensor(float(right), device=t.device)
    res = torch.where(tf < xs[0], lo.to(torch.float32), res)
    res = torch.where(tf > xs[-1], hi.to(torch.float32), res)
    return C.out(res)


def _poly(x: Any) -> torch.Tensor:
    t = C.tensor(x)
    t = t.reshape(1) if t.ndim == 0 else t
    if t.ndim > 1:
        raise ValueError("input array must be scalar or 1-d sequence")
    return t


def polyadd(a1: Any, a2: Any) -> Any:
    """mindspore.numpy.polyadd: the sum of two polynomials (highest power first)."""
    p, q = _poly(a1), _poly(a2)
    d = p.numel() - q.numel()
    if d == 0:
        return add(C.out(p), C.out(q))
    if d > 0:
        tail = C.plain(add(C.out(p[d:]), C.out(q)))
        return C.out(torch.cat(C.same(p[:d], tail)))
    tail = C.plain(add(C.out(p), C.out(q[-d:])))
    return C.out(torch.cat(C.same(q[:-d], tail)))


def polysub(a1: Any, a2: Any) -> Any:
    """mindspore.numpy.polysub: the difference of two polynomials."""
    return polyadd(a1, C.out(C.neg(C.tensor(a2))))


def polymul(a1: Any, a2: Any) -> Any:
    """mindspore.numpy.polymul: the product of two polynomials (their convolution)."""
    return convolve(C.out(_poly(a1)), C.out(_poly(a2)))


def polyval(p: Any, x: Any) -> Any:
    """mindspore.numpy.polyval: the polynomial evaluated at `x` (Float32)."""
    c = _poly(p)
    t = C.tensor(x)
    powers = torch.arange(c.numel() - 1, -1, -1, device=t.device).to(torch.float32)
    terms = torch.pow(t.unsqueeze(-1).to(torch.promote_types(t.dtype, torch.float32)), powers)
    return C.out(torch.sum(torch.mul(*C.same(c, terms)), -1))


def polyder(p: Any, m: int = 1) -> Any:
    """mindspore.numpy.polyder: the m-th derivative's coefficients."""
    c = _poly(p)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    if m >= c.numel():
        return C.out(C.tensor([]))
    for _ in range(m):
        coeff = torch.arange(c.numel() - 1, 0, -1, dtype=torch.int32, device=c.device)
        c = torch.mul(*C.same(c[:-1], coeff))
    return C.out(c)


def polyint(p: Any, m: int = 1, k: Any = None) -> Any:
    """mindspore.numpy.polyint: the m-th antiderivative, with integration constants `k`."""
    c = _poly(p)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    if m == 0:
        return C.out(c)
    ks = torch.zeros(m, dtype=c.dtype, device=c.device) if k is None else C.tensor(k)
    ks = ks.reshape(1) if ks.ndim == 0 else ks
    if ks.numel() == 1:
        ks = ks.repeat(m)
    for i in range(m):
        coeff = torch.arange(c.numel(), 0, -1, dtype=torch.int32, device=c.device)
        c = torch.cat(C.same(C.plain(true_divide(C.out(c), C.out(coeff))), ks[i:i + 1]))
    return C.out(c)
