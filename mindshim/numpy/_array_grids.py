"""mindspore.numpy grids, diagonals, windows and index helpers: meshgrid, mgrid/ogrid, indices, ix_, diag,
diagflat, diag_indices, vander, the bartlett/blackman/hamming/hanning windows, tri/triu/tril indices and
histogram_bin_edges."""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.numpy._array_utils import asarray_const, dev, is_tensor, require_tensor, to_tensor


def meshgrid(*xi: Any, sparse: bool = False, indexing: str = "xy") -> Any:
    require_tensor(*xi)
    if not isinstance(sparse, bool):
        raise TypeError("argument sparse should be boolean")
    if indexing not in ("xy", "ij"):
        raise TypeError("Valid values for `indexing` are 'xy' and 'ij'.")
    sizes = tuple(int(x.numel()) for x in xi)
    if 0 in sizes:
        return wrap(torch.ones(sizes, device=dev()))
    ndim = len(xi)
    place = list(range(ndim))
    if indexing == "xy" and ndim >= 2:
        place[0], place[1] = 1, 0
    shape = [1] * ndim
    for i, n in enumerate(sizes):
        shape[place[i]] = n
    out = []
    for i, x in enumerate(xi):
        g = torch.reshape(x, tuple(sizes[i] if d == place[i] else 1 for d in range(ndim)))
        out.append(g if sparse else torch.broadcast_to(g, shape).contiguous())
    return out


class NdGrid:
    """`mgrid[...]`/`ogrid[...]`: integer slices give arange, a complex step `n*1j` gives linspace with n points."""

    def __init__(self, sparse: bool = False) -> None:
        self.sparse = sparse

    def __getitem__(self, keys: Any) -> Any:
        from mindshim.numpy.array_creations import arange, linspace
        from mindshim.numpy.array_ops import concatenate
        keys = (keys,) if isinstance(keys, slice) else keys
        xi = []
        for k in keys:
            if not isinstance(k.start, int) or not isinstance(k.stop, int):
                raise TypeError("slice indices must be integers")
            step = k.step or 1
            xi.append(linspace(k.start, k.stop, int(abs(step))) if isinstance(step, complex)
                      else arange(k.start, k.stop, step))
        grids = meshgrid(*xi, sparse=self.sparse, indexing="ij")
        if is_tensor(grids):
            return grids
        if len(grids) == 1:
            return grids[0]
        if self.sparse:
            return grids
        return concatenate(tuple(torch.unsqueeze(g, 0) for g in grids))


class MGridClass(NdGrid):
    def __init__(self) -> None:
        super().__init__(sparse=False)


class OGridClass(NdGrid):
    def __init__(self) -> None:
        super().__init__(sparse=True)


mgrid = MGridClass()
ogrid = OGridClass()


def indices(dimensions: Any, dtype: Any = mstype.int32, sparse: bool = False) -> list:
    from mindshim.numpy.array_creations import arange
    if not isinstance(dimensions, (tuple, list)):
        raise TypeError("Shape of the grid must be tuple or list")
    return meshgrid(*(arange(d, dtype=dtype) for d in dimensions), sparse=sparse, indexing="ij")


def ix_(*args: Any) -> tuple:
    require_tensor(*args)
    out = []
    for i, arr in enumerate(args):
        if arr.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        out.append(torch.reshape(arr, tuple(arr.numel() if d == i else 1 for d in range(len(args)))))
    return tuple(out)


def diagflat(v: Any, k: int = 0) -> Tensor:
    require_tensor(v)
    if v.numel() == 0:
        return wrap(torch.zeros((abs(k), abs(k)), dtype=plain(v).dtype, device=v.device))
    flat = torch.reshape(v, (-1,))
    n = flat.numel() + abs(k)
    rows = torch.arange(flat.numel(), device=v.device) + max(0, -k)
    out = torch.zeros((n, n), dtype=plain(v).dtype, device=v.device)
    out[rows, rows + k] = plain(flat)
    return wrap(out)


def diag(v: Any, k: int = 0) -> Tensor:
    if not is_tensor(v):
        raise TypeError("the input x must be Tensor!")
    if v.ndim == 1:
        return diagflat(v, k)
    if v.ndim == 2:
        if v.numel() == 0:
            return wrap(torch.zeros((0,), dtype=plain(v).dtype, device=v.device))
        return torch.diagonal(v, k).contiguous()
    raise ValueError("Input must be 1- or 2-d.")


def diag_indices(n: int, ndim: int = 2) -> tuple:
    from mindshim.numpy.array_creations import arange
    if not isinstance(n, int) or not isinstance(ndim, int):
        raise TypeError("input must be integers")
    idx = arange(0, n)
    return tuple(idx for _ in range(ndim))


def vander(x: Any, N: Any = None, increasing: bool = False) -> Tensor:
    if isinstance(x, (list, tuple)):
        x = asarray_const(x)
    elif not is_tensor(x):
        raise TypeError(f"Input x must be list, tuple or Tensor, but got {type(x)}")
    if x.ndim != 1:
        raise ValueError(f"Input x must be 1-D, but got dimension={x.ndim}")
    N = N or int(x.numel())
    if not isinstance(N, int):
        raise TypeError("Input N must be an integer.")
    if N <= 0:
        raise ValueError("Input N must > 0.")
    if not isinstance(increasing, bool):
        raise TypeError("increasing must be a bool.")
    if plain(x).dtype == torch.bool:
        raise TypeError("Select CPU operator[Pow] fail! Unsupported data type: Bool.")
    exps = torch.arange(N, device=x.device, dtype=plain(x).dtype)
    if not increasing:
        exps = torch.flip(exps, (0,))
    return torch.pow(torch.unsqueeze(x, 1), torch.unsqueeze(exps, 0))


def _window(M: Any) -> torch.Tensor | None:
    """The sample positions 0..M-1 (float32), or None when M <= 1 (the window is then ones(max(0, M)))."""
    if not isinstance(M, int):
        raise TypeError("the number fo points should be an int")
    return torch.arange(M, dtype=torch.float32, device=dev()) if M > 1 else None


def _ones_window(M: int) -> Tensor:
    return wrap(torch.ones(max(0, M), device=dev()))


def bartlett(M: int) -> Tensor:
    n = _window(M)
    if n is None:
        return _ones_window(M)
    return wrap(1 - torch.abs(2 * n - (M - 1)) / (M - 1))


def blackman(M: int) -> Tensor:
    n = _window(M)
    if n is None:
        return _ones_window(M)
    centred = 2 * n + (1 - M)  # 1-M, 3-M, ..., M-1
    return wrap(0.42 + 0.5 * torch.cos(math.pi / (M - 1) * centred) + 0.08 * torch.cos(2 * math.pi / (M - 1) * centred))


def hamming(M: int) -> Tensor:
    n = _window(M)
    if n is None:
        return _ones_window(M)
    return wrap(0.54 - 0.46 * torch.cos(2 * math.pi / (M - 1) * n))


def hanning(M: int) -> Tensor:
    n = _window(M)
    if n is None:
        return _ones_window(M)
    return wrap(0.5 - 0.5 * torch.cos(2 * math.pi / (M - 1) * n))


def _tri_indices(n: Any, k: Any, m: Any, upper: bool) -> tuple:
    for name, v in (("n", n), ("k", k)):
        if not isinstance(v, (int, float, bool)):
            raise TypeError(f"Input {name} must be a number.")
    if m is None:
        m = n
    elif not isinstance(m, (int, float, bool)):
        raise TypeError("Input m must be a number.")
    rows, cols = [], []
    for i in range(math.ceil(n)):
        for j in range(math.ceil(m)):
            if (j >= i + k) if upper else (j <= i + k):
                rows.append(i)
                cols.append(j)
    return asarray_const(rows), asarray_const(cols)


def triu_indices(n: Any, k: Any = 0, m: Any = None) -> tuple:
    return _tri_indices(n, k, m, True)


def tril_indices(n: Any, k: Any = 0, m: Any = None) -> tuple:
    return _tri_indices(n, k, m, False)


def _square_shape(arr: Any) -> tuple:
    from mindshim.numpy.array_creations import asarray
    arr = asarray(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return tuple(arr.shape)


def triu_indices_from(arr: Any, k: int = 0) -> tuple:
    n, m = _square_shape(arr)
    return triu_indices(n, k=k, m=m)


def tril_indices_from(arr: Any, k: int = 0) -> tuple:
    n, m = _square_shape(arr)
    return tril_indices(n, k=k, m=m)


def histogram_bin_edges(a: Any, bins: Any = 10, range: Any = None, weights: Any = None) -> Tensor:  # noqa: A002
    from mindshim.numpy.array_creations import linspace
    a = to_tensor(a)
    if weights is not None:
        weights = to_tensor(weights)
        if tuple(a.shape) != tuple(weights.shape):
            raise ValueError("weights should have the same shape as a")
    if isinstance(bins, (tuple, list)) or is_tensor(bins):
        bins = to_tensor(bins)
        if bins.ndim != 1:
            raise ValueError("`bins` must be 1d, when an array")
        return bins
    if isinstance(bins, str):
        raise NotImplementedError("string value for `bins` not implemented")
    flat = plain(a).reshape(-1).float()
    if range is None:
        start, end = flat.min(), flat.max()
    else:
        if not isinstance(range, (list, tuple)) or len(range) != 2:
            raise ValueError("`range` should take the form (start, end)")
        if range[0] > range[1]:
            raise ValueError("max must be larger than min in range parameter")
        start, end = (plain(to_tensor(v)).float() for v in range)
    same = end - start == 0
    start = torch.where(same, start - 0.5, start)
    end = torch.where(same, end + 0.5, end)
    return linspace(wrap(start), wrap(end), bins + 1)

