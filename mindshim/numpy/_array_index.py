"""mindspore.numpy's indexing-style array functions: where, select, choose, take, take_along_axis, piecewise,
unravel_index, unique, intersect1d, argwhere, apply_along_axis and apply_over_axes.

Out-of-range indices are checked (or clipped) on the host before any torch indexing kernel runs.
"""
from __future__ import annotations

import types
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.numpy._array_utils import (broadcast_shape, cast, check_axis, is_tensor, ms_dtype, require_tensor,
                                         to_tensor, to_tensors)
from mindshim.numpy.dtypes import promote

_INTS = (torch.int8, torch.int16, torch.int32, torch.int64)


def where(condition: Any, x: Any = None, y: Any = None) -> Tensor:
    condition, x, y = to_tensors(condition, x, y)
    dtype = promote(ms_dtype(x), ms_dtype(y))
    shape = broadcast_shape(tuple(condition.shape), tuple(x.shape), tuple(y.shape))
    cond = torch.broadcast_to(condition, shape) != 0
    return torch.where(cond, torch.broadcast_to(cast(x, dtype), shape), torch.broadcast_to(cast(y, dtype), shape))


def _tile_where_differs(t: torch.Tensor, have: tuple, want: tuple, ndim: int) -> torch.Tensor:
    reps = [1] * ndim
    for i, (h, w) in enumerate(zip(have, want)):
        if h != w:
            reps[i] = w
    return torch.tile(t, reps)


def take_along_axis(arr: Any, indices: Any, axis: Any) -> Tensor:
    require_tensor(arr, indices)
    if axis is None:
        arr, axis = torch.reshape(arr, (-1,)), 0
    ndim = arr.ndim
    if ndim != indices.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    axis = check_axis(axis, ndim)
    sa, si = tuple(arr.shape), tuple(indices.shape)
    # mindspore.numpy tiles (rather than broadcasts) indices and arr to a common shape
    indices = _tile_where_differs(indices, si[:axis], sa[:axis], ndim)
    indices = _tile_where_differs(indices, sa[:axis + 1] + si[axis + 1:], sa, ndim)
    arr = _tile_where_differs(arr, sa, tuple(indices.shape), ndim)
    if plain(indices).dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For primitive[GatherD], the input argument[index] must be a type of "
                        f"{{Tensor[Int32], Tensor[Int64]}}, but got {indices.dtype}.")
    n = arr.shape[axis]
    idx = plain(indices).long()
    if idx.numel() and (int(idx.min()) < -n or int(idx.max()) >= n):
        bad = int(idx.max()) if int(idx.max()) >= n else int(idx.min())
        raise RuntimeError(f"For 'GatherD', the value of 'index' must be in [{-n}, {n}), but got: {bad}")
    return torch.gather(arr, axis, torch.where(idx < 0, idx + n, idx))


def take(a: Any, indices: Any, axis: Any = None, mode: str = "clip") -> Tensor:
    require_tensor(a, indices)
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"For 'Tensor.take', the argument 'mode' should be one of in ['raise', 'wrap', 'clip'], "
                         f"but got {mode}.")
    if mode == "raise":
        raise NotImplementedError('"raise" mode is not implemented')
    if plain(indices).dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For primitive[GatherD], the input argument[index] must be a type of "
                        f"{{Tensor[Int32], Tensor[Int64]}}, but got {indices.dtype}.")
    if axis is None:
        a, axis = torch.reshape(a, (-1,)), 0
    elif not -a.ndim <= axis < a.ndim:
        raise ValueError(f"The 'axis' must be in the range of [{-a.ndim}, {a.ndim}), but got {axis}.")
    axis %= a.ndim
    n = a.shape[axis]
    idx = plain(indices).long()
    idx = torch.remainder(idx, n) if mode == "wrap" else torch.clamp(idx, -n, n - 1) % max(n, 1)
    out = torch.index_select(a, axis, torch.reshape(idx, (-1,)))
    return torch.reshape(out, tuple(a.shape[:axis]) + tuple(indices.shape) + tuple(a.shape[axis + 1:]))


def select(condlist: Any, choicelist: Any, default: Any = 0) -> Tensor:
    condlist, choicelist = to_tensors(condlist, choicelist)
    if condlist.ndim == 0 or choicelist.ndim == 0:
        raise ValueError("input cannot be scalars")
    n = condlist.shape[0]
    if choicelist.shape[0] != n:
        raise ValueError("list of cases must be same length as list of conditions")
    case = broadcast_shape(tuple(condlist.shape[1:]), tuple(choicelist.shape[1:]))

    def spread(t: torch.Tensor) -> torch.Tensor:
        t = torch.reshape(t, (n,) + (1,) * (len(case) + 1 - t.ndim) + tuple(t.shape[1:]))
        return torch.broadcast_to(t, (n,) + case)

    conds, choices = spread(condlist) != 0, spread(choicelist)
    dtype = ms_dtype(choicelist)
    if is_tensor(default):
        if default.numel() != _prod(case):
            raise ValueError(f"proposed_shape {[1, *case]} is invalid for input of size {default.numel()}")
        out = torch.reshape(cast(default, dtype), case)
    else:
        out = wrap(torch.full(case, default, device=choicelist.device).to(plain(choicelist).dtype))
    for i in range(n - 1, -1, -1):
        out = torch.where(conds[i], choices[i], out)
    return cast(out, dtype)


def _prod(shape: tuple) -> int:
    out = 1
    for s in shape:
        out *= s
    return out


def choose(a: Any, choices: Any, mode: str = "clip") -> Tensor:
    from mindshim.numpy.array_ops import broadcast_to, stack
    a = to_tensor(a)
    if plain(a).dtype not in _INTS:
        raise ValueError("`a` should be an int array")
    if isinstance(choices, (tuple, list)):
        parts = [to_tensor(c) for c in choices]
        shape = broadcast_shape(tuple(a.shape), *(tuple(c.shape) for c in parts))
        choices = stack([broadcast_to(c, shape) for c in parts])
    else:
        choices = to_tensor(choices)
        shape = broadcast_shape(tuple(a.shape), tuple(choices.shape[1:]))
        sub = tuple(choices.shape[1:])
        choices = torch.reshape(choices, choices.shape[:1] + (1,) * (len(shape) - len(sub)) + sub)
        choices = broadcast_to(choices, (choices.shape[0],) + shape)
    if a.ndim == 0 or choices.ndim == 0:
        raise ValueError("input cannot be scalars")
    if mode == "raise":
        raise NotImplementedError('"raise" mode is not implemented')
    if mode not in ("wrap", "clip"):
        raise ValueError('invalid mode. Expected "raise", "wrap", or "clip"')
    n = choices.shape[0]
    idx = plain(torch.broadcast_to(a, shape)).long()
    idx = torch.remainder(idx, n) if mode == "wrap" else torch.clamp(idx, 0, n - 1)
    return torch.gather(choices, 0, torch.unsqueeze(idx, 0))[0]


def _stack_arrays(arrs: Any) -> Tensor:
    from mindshim.numpy.array_ops import atleast_1d, stack
    if isinstance(arrs, (tuple, list)):
        return stack([to_tensor(a) for a in arrs])
    return atleast_1d(to_tensor(arrs))


def piecewise(x: Any, condlist: Any, funclist: Any, *args: Any, **kw: Any) -> Tensor:
    x = to_tensor(x)
    choicelist = funclist
    if isinstance(funclist, (tuple, list)) and funclist and isinstance(funclist[0], types.FunctionType):
        choicelist = [f(x, *args, **kw) for f in funclist]
    conds, choices = _stack_arrays(condlist), _stack_arrays(choicelist)
    default: Any = 0
    n1, n2 = len(conds), len(funclist)
    if n1 + 1 == n2:
        default, choices = choices[-1], choices[:-1]
    elif n1 != n2:
        raise ValueError(f"the number of choices should be either equal to conditions or {n1 + 1}")
    return select(conds, choices, default=default)


def unravel_index(indices: Any, shape: Any, order: str = "C") -> Any:
    indices = to_tensor(indices)
    if order not in ("C", "F"):
        raise ValueError('invalid order. Expected "C" or "F"')
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    dims = shape if order == "F" else shape[::-1]
    cum, acc = [], 1
    for d in dims:
        acc *= d
        cum.append(acc)
    sizes = cum[::-1] + [1]
    dtype = promote(ms_dtype(indices), mstype.int32)
    idx = plain(cast(indices, dtype))
    total = sizes[0]
    idx = torch.clamp(idx, -total, total - 1)
    res = [torch.div(torch.remainder(idx, sizes[k]), sizes[k + 1], rounding_mode="floor") for k in range(len(dims))]
    if indices.ndim == 0 and len(res) == 1:
        return wrap(torch.reshape(res[0], (-1,)))
    if order == "F":
        res = res[::-1]
    return tuple(wrap(r) for r in res)


def unique(x: Any, return_inverse: bool = False) -> Any:
    """Unique values in order of first appearance (MindSpore's Unique), with int32 inverse indices (int64 for
    an int64 input)."""
    require_tensor(x)
    if plain(x).dtype == torch.bool:
        raise TypeError("For 'Unique', the input does not support Bool.")
    flat = plain(x).reshape(-1)
    vals, inv = torch.unique(flat, sorted=True, return_inverse=True)
    pos = torch.arange(flat.numel(), device=flat.device)
    first = torch.full((vals.numel(),), flat.numel(), device=flat.device, dtype=pos.dtype)
    first = first.scatter_reduce(0, inv, pos, reduce="amin")
    order = torch.argsort(first)
    rank = torch.empty_like(order)
    rank[order] = torch.arange(order.numel(), device=order.device)
    out = wrap(vals[order])
    if not return_inverse:
        return out
    idx_dtype = torch.int64 if flat.dtype == torch.int64 else torch.int32
    return out, wrap(rank[inv].to(idx_dtype))


def _sorted_unique_first(arr: torch.Tensor) -> tuple:
    """Sorted unique values of a flat tensor and the index of each one's first occurrence."""
    vals, order = torch.sort(arr, stable=True)
    keep = torch.ones_like(vals, dtype=torch.bool)
    keep[1:] = vals[1:] != vals[:-1]
    return vals[keep], order[keep]


def intersect1d(ar1: Any, ar2: Any, assume_unique: bool = False, return_indices: bool = False) -> Any:
    if not isinstance(assume_unique, bool) or not isinstance(return_indices, bool):
        raise TypeError("assume_unique or return_indices is not bool type.")
    ar1, ar2 = to_tensors(ar1, ar2)
    dtype = promote(ms_dtype(ar1), ms_dtype(ar2))
    a1, a2 = plain(cast(ar1, dtype)).reshape(-1), plain(cast(ar2, dtype)).reshape(-1)
    if assume_unique:
        ind1 = torch.arange(a1.numel(), device=a1.device)
        ind2 = torch.arange(a2.numel(), device=a2.device)
    else:
        (a1, ind1), (a2, ind2) = _sorted_unique_first(a1), _sorted_unique_first(a2)
    both = torch.cat((a1, a2))
    vals, order = torch.sort(both, stable=True)
    mask = vals[1:] == vals[:-1]
    res = wrap(vals[1:][mask])
    if not return_indices:
        return res
    i1 = ind1[order[:-1][mask]].to(torch.int32)
    i2 = ind2[order[1:][mask] - a1.numel()].to(torch.int32)
    return res, wrap(i1), wrap(i2)


def argwhere(a: Any) -> Tensor:
    a = to_tensor(a)
    if a.ndim == 0:
        raise RuntimeError("For 'NonZero', the dimension of 'x' must be greater than or equal to 1, but got 0.")
    return wrap(torch.argwhere(plain(a)).to(torch.int64))


def apply_along_axis(func1d: Any, axis: int, arr: Any, *args: Any, **kwargs: Any) -> Tensor:
    from mindshim.numpy.array_ops import moveaxis, stack
    ndim, shape = arr.ndim, tuple(arr.shape)
    axis = check_axis(axis, ndim)
    rows = torch.reshape(moveaxis(arr, axis, -1), (-1, shape[axis]))
    stacked = stack([func1d(rows[i], *args, **kwargs) for i in range(rows.shape[0])])
    res = torch.reshape(stacked, shape[:axis] + shape[axis + 1:] + tuple(stacked.shape[1:]))
    extra = res.ndim - ndim + 1
    if extra >= 1:
        res = moveaxis(res, tuple(range(ndim - 1, res.ndim)), tuple(range(axis, axis + extra)))
    return res


def apply_over_axes(func: Any, a: Any, axes: Any) -> Tensor:
    a = to_tensor(a)
    res = a
    for ax in ((axes,) if isinstance(axes, int) else axes):
        res = func(res, axis=ax)
        if res.ndim != a.ndim:
            res = torch.unsqueeze(res, ax)
        if res.ndim != a.ndim:
            raise ValueError("function is not returning a tensor of the correct shape")
    return res
