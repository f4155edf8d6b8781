"""Shared helpers of the 3-D / argmax / unpool pooling primitives and functions: argument checks in
MindSpore's terms and windowed pooling with MindSpore's explicit (possibly asymmetric) padding."""
from __future__ import annotations

import functools
import math
from typing import Any, Callable, Sequence

import torch
import torch.nn.functional as F

from mindshim.common.tensor import Tensor, plain, wrap

_NATIVE_INT = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8)


def plain_io(fn: Callable) -> Callable:
    """Run `fn` on plain torch tensors (torch dtypes, torch semantics) and give its results MindSpore semantics."""

    @functools.wraps(fn)
    def inner(*args: Any, **kwargs: Any) -> Any:
        return wrap(fn(*[plain(a) for a in args], **{k: plain(v) for k, v in kwargs.items()}))

    return inner


def pt(x: Any) -> torch.Tensor:
    """A plain torch tensor of `x` (tensors as they are; numbers, lists and arrays converted)."""
    return plain(x if isinstance(x, torch.Tensor) else Tensor(x))


def ints(value: Any, n: int, arg: str, op: str, *, allow: Sequence[int] = (), minimum: int = 1,
         types: tuple = (int, tuple)) -> tuple:
    """`value` as an n-tuple: an int repeats; tuples of length n (or a length in `allow`, keeping the last n)."""
    if isinstance(value, list) and list in types:
        value = tuple(value)
    if isinstance(value, bool) or not isinstance(value, types):
        raise TypeError(f"For '{op}', '{arg}' must be an int or a tuple of ints, but got {value!r}.")
    out = (value,) * n if isinstance(value, int) else tuple(value)
    if len(out) != n:
        if len(out) not in allow:
            raise ValueError(f"For '{op}', '{arg}' must be an int or a tuple of {n} ints, but got {value!r}.")
        out = out[-n:]
    for v in out:
        if isinstance(v, bool) or not isinstance(v, int) or v < minimum:
            raise ValueError(f"For '{op}', the elements of '{arg}' must be ints >= {minimum}, but got {value!r}.")
    return out


def check_dtype_arg(dtype: Any, op: str) -> torch.dtype:
    """An argmax_type of int32 or int64 (TypeError otherwise, as MindSpore)."""
    from mindshim.common import dtype as mstype
    if dtype in (mstype.int32, torch.int32):
        return torch.int32
    if dtype in (mstype.int64, torch.int64):
        return torch.int64
    raise TypeError(f"For '{op}', 'argmax_type' must be mindspore.int32 or mindspore.int64, but got {dtype}.")


def in_compute_dtype(x: torch.Tensor, native_ints: bool = False) -> torch.Tensor:
    """`x` in a dtype torch pools: floats as they are, integers natively only where torch's CPU kernels have them."""
    if x.is_floating_point():
        return x
    if native_ints and x.device.type == "cpu" and x.dtype in _NATIVE_INT:
        return x
    return x.double()


def lowest(dtype: torch.dtype) -> float:
    return float("-inf") if dtype.is_floating_point else torch.iinfo(dtype).min


def same_pads(sizes: Sequence[int], k: Sequence[int], s: Sequence[int]) -> list:
    """MindSpore's 'same' padding: the odd unit goes to the back."""
    pads = []
    for n, kk, ss in zip(sizes, k, s):
        total = max((math.ceil(n / ss) - 1) * ss + kk - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def out_len(n: int, k: int, s: int, front: int, back: int, ceil: bool, dilation: int = 1) -> int:
    span = n + front + back - dilation * (k - 1) - 1
    out = (math.ceil(span / s) if ceil else span // s) + 1
    if ceil and (out - 1) * s >= n + front:  # the last window must start inside the input or its front pad
        out -= 1
    return out


def _pad_arg(pads: Sequence[tuple]) -> list:
    flat: list = []
    for f, b in reversed(list(pads)):
        flat += [f, b]
    return flat


def window_pool(x: torch.Tensor, nd: int, kind: str, k: tuple, s: tuple, pads: Sequence[tuple], ceil: bool = False,
                count_include_pad: bool = True, divisor: int = 0) -> torch.Tensor:
    """Max or average pooling of the last `nd` dims with explicit per-side padding (front, back) per dim."""
    sizes = x.shape[-nd:]
    outs = [out_len(n, kk, ss, f, b, ceil) for n, kk, ss, (f, b) in zip(sizes, k, s, pads)]
    extra = [max((o - 1) * ss + kk - (n + f + b), 0) for o, n, kk, ss, (f, b) in zip(outs, sizes, k, s, pads)]
    full = [(f, b + e) for (f, b), e in zip(pads, extra)]
    pool_max = (F.max_pool1d, F.max_pool2d, F.max_pool3d)[nd - 1]
    if kind == "max":
        xp = F.pad(x, _pad_arg(full), value=lowest(x.dtype)) if any(sum(p) for p in full) else x
        return pool_max(xp, k, s)
    if x.dtype == torch.float16:  # torch's CPU avg_pool3d has no half kernel
        return window_pool(x.float(), nd, kind, k, s, pads, ceil, count_include_pad, divisor).half()
    pool_avg = (F.avg_pool1d, F.avg_pool2d, F.avg_pool3d)[nd - 1]
    xp = F.pad(x, _pad_arg(full)) if any(sum(p) for p in full) else x
    kw = {"divisor_override": 1} if nd > 1 else {}
    sums = pool_avg(xp, k, s, **kw) * (1 if nd > 1 else math.prod(k))
    if divisor:
        return sums / divisor
    ones = torch.ones((1, 1) + tuple(sizes), dtype=x.dtype, device=x.device)
    if count_include_pad:
        ones = F.pad(ones, _pad_arg(pads), value=1.0)
        mask = F.pad(ones, _pad_arg([(0, e) for e in extra]))
    else:
        mask = F.pad(ones, _pad_arg(full))
    counts = pool_avg(mask, k, s, **kw) * (1 if nd > 1 else math.prod(k))
    return sums / counts.reshape(counts.shape[2:])


def unpad_index(idx: torch.Tensor, padded: Sequence[int], front: Sequence[int], orig: Sequence[int]) -> torch.Tensor:
    """Flat indices into a padded window space, re-expressed as flat indices into the unpadded input."""
    out = torch.zeros_like(idx)
    rem = idx
    for dim in reversed(range(len(padded))):
        coord = rem % padded[dim] - front[dim]
        rem = rem // padded[dim]
        out = out + coord * math.prod(orig[dim + 1:])
    return out


def with_cast(fn: Callable, x: torch.Tensor, *args: Any, native_ints: bool = False, **kw: Any) -> Any:
    """Run a torch pooling `fn` in a dtype it supports; value outputs return in `x`'s dtype."""
    xc = in_compute_dtype(x, native_ints)
    out = fn(xc, *args, **kw)
    if xc.dtype == x.dtype:
        return out
    if isinstance(out, tuple):
        return (out[0].to(x.dtype),) + tuple(out[1:])
    return out.to(x.dtype)
