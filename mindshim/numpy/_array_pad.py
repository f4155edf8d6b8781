"""mindspore.numpy.pad: numpy's padding modes, applied one axis after another as mindspore.numpy does (so a
2-d 'mean' pad averages the already padded rows, and integer ramps/means are truncated to the input dtype)."""
from __future__ import annotations

import types
from typing import Any

import torch

from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.numpy._array_utils import is_tensor, to_tensor

_MODES = ("constant", "maximum", "minimum", "mean", "median", "edge", "wrap", "linear_ramp", "symmetric", "reflect",
          "empty")


def _per_axis(values: Any, ndim: int) -> tuple:
    """pad_width/stat_length/constant_values/end_values as ((before, after),) * ndim."""
    if not isinstance(values, (int, list, tuple)) and not is_tensor(values):
        raise TypeError("pad_width, stat_length, constant_values or end_values should only be int, list, tuple or "
                        "tensor")
    if is_tensor(values):  # accepted by mindspore.numpy's check, but its padding loop then fails on Tensor items
        raise TypeError("pad_width, stat_length, constant_values or end_values given as a Tensor are not supported")
    shape = tuple(to_tensor(values).shape)
    if shape == ():
        return ((values, values),) * ndim
    if shape == (1,):
        return (tuple(values) * 2,) * ndim
    if shape == (2,):
        return (tuple(values),) * ndim
    if shape == (1, 2):
        return (tuple(values[0]),) * ndim
    if shape == (ndim, 2):
        return tuple(tuple(p) for p in values)
    raise ValueError(f"input values must be able to broadcast to {(ndim, 2)}")


def _block(x: torch.Tensor, axis: int, size: int, value: Any) -> torch.Tensor:
    shape = list(x.shape)
    shape[axis] = size
    return torch.full(shape, value, dtype=x.dtype, device=x.device)


def _join(x: torch.Tensor, axis: int, before: Any, after: Any) -> torch.Tensor:
    parts = [p for p in (before, x, after) if p is not None]
    return torch.cat(parts, axis) if len(parts) > 1 else x


def _constant(x: torch.Tensor, widths: tuple, values: tuple) -> torch.Tensor:
    for i, ((b, a), (vb, va)) in enumerate(zip(widths, values)):
        x = _join(x, i, _block(x, i, b, vb) if b > 0 else None, _block(x, i, a, va) if a > 0 else None)
    return x


def _repeat_along(t: torch.Tensor, axis: int, times: int) -> torch.Tensor:
    reps = [1] * t.ndim
    reps[axis] = times
    return torch.tile(t, reps)


def _stat(part: torch.Tensor, axis: int, op: str) -> torch.Tensor:
    if op == "edge":
        return part
    if op == "maximum":
        return part.amax(axis, keepdim=True)
    if op == "minimum":
        return part.amin(axis, keepdim=True)
    mean = part.double().mean(axis, keepdim=True) if not part.is_floating_point() else part.mean(axis, keepdim=True)
    return mean.to(part.dtype)


def _statistic(x: torch.Tensor, widths: tuple, stat_length: Any, op: str) -> torch.Tensor:
    ndim, shape = x.ndim, tuple(x.shape)
    lengths = tuple((n, n) for n in shape) if stat_length is None else _per_axis(stat_length, ndim)
    lengths = tuple((min(lb, n), min(la, n)) for (lb, la), n in zip(lengths, shape))
    for i, ((b, a), (lb, la)) in enumerate(zip(widths, lengths)):
        n = shape[i]
        before = _repeat_along(_stat(torch.narrow(x, i, 0, lb), i, op), i, b)
        after = _repeat_along(_stat(torch.narrow(x, i, n - la, la), i, op), i, a)
        x = torch.cat((before, x, after), i)
    return x


def _wrap(x: torch.Tensor, widths: tuple) -> torch.Tensor:
    for i, (b, a) in enumerate(widths):
        n = x.shape[i]
        head, tail = b % n, a % n
        body = _repeat_along(x, i, b // n + 1 + a // n)
        x = _join(body, i, torch.narrow(x, i, n - head, head) if head > 0 else None,
                  torch.narrow(x, i, 0, tail) if tail > 0 else None)
    return x


def _linear_ramp(x: torch.Tensor, widths: tuple, end_values: Any) -> torch.Tensor:
    from mindshim.numpy.array_creations import _linspace
    ends = _per_axis(end_values, x.ndim)
    for i, ((b, a), (eb, ea)) in enumerate(zip(widths, ends)):
        n = x.shape[i]
        first, last = torch.narrow(x, i, 0, 1), torch.narrow(x, i, n - 1, 1)
        before = after = None
        if b > 0:
            start = torch.full_like(first, eb, dtype=torch.float32)
            ramp, _ = _linspace(start, first.float(), b, False, i)
            before = ramp.squeeze(i + 1).to(x.dtype)
        if a > 0:
            stop = torch.full_like(last, ea, dtype=torch.float32)
            ramp, _ = _linspace(last.float(), stop, a + 1, True, i)
            after = torch.narrow(ramp.squeeze(i + 1).to(x.dtype), i, 1, a)
        x = _join(x, i, before, after)
    return x


def _mirror(x: torch.Tensor, widths: tuple, odd: bool, inner: int) -> torch.Tensor:
    """symmetric (inner=0) / reflect (inner=1): mirror the current edge block repeatedly until the width is met."""
    for i, (b, a) in enumerate(widths):
        n = x.shape[i]
        if inner and n == 1:
            x = _repeat_along(x, i, b + a + 1)
            continue
        period = n - inner
        for width, front in ((b, True), (a, False)):
            if width <= 0:
                continue
            times, extra = width // period + 1, width % period
            for t in range(times):
                take = period if t < times - 1 else extra
                if take == 0:
                    continue
                length = x.shape[i]
                start = inner if front else length - inner - take
                chunk = torch.flip(torch.narrow(x, i, start, take), (i,))
                if odd:
                    edge = torch.narrow(x, i, 0 if front else length - 1, 1)
                    chunk = 2 * edge - chunk
                x = torch.cat((chunk, x) if front else (x, chunk), i)
    return x


def pad(arr: Any, pad_width: Any, mode: Any = "constant", stat_length: Any = None, constant_values: Any = 0,
        end_values: Any = 0, reflect_type: str = "even", **kwargs: Any) -> Tensor:
    arr = to_tensor(arr)
    if arr.ndim == 0:
        return arr
    widths = _per_axis(pad_width, arr.ndim)
    if mode not in _MODES and not isinstance(mode, types.FunctionType):
        raise ValueError("Input mode not supported.")
    x = plain(arr)
    odd = reflect_type == "odd"
    if mode == "constant":
        out = _constant(x, widths, _per_axis(constant_values, arr.ndim))
    elif mode == "median":
        raise NotImplementedError("median mode is not supported yet")
    elif mode in ("maximum", "minimum", "mean"):
        out = _statistic(x, widths, stat_length, mode)
    elif mode == "edge":
        out = _statistic(x, widths, 1, "edge")
    elif mode == "wrap":
        out = _wrap(x, widths)
    elif mode == "linear_ramp":
        out = _linear_ramp(x, widths, end_values)
    elif mode == "symmetric":
        out = _mirror(x, widths, odd, 0)
    elif mode == "reflect":
        out = _mirror(x, widths, odd, 1)
    elif mode == "empty":
        out = _constant(x, widths, ((0, 0),) * arr.ndim)
    else:
        from mindshim.numpy.array_ops import apply_along_axis
        res = wrap(_constant(x, widths, ((0, 0),) * arr.ndim))
        for i in range(arr.ndim):
            res = apply_along_axis(mode, i, res, widths[i], i, kwargs)
        return res
    return wrap(out)
