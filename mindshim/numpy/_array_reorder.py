"""mindspore.numpy splitting, flipping and rolling: split/array_split/vsplit/hsplit/dsplit, flip/flipud/fliplr,
roll and rot90 (re-exported by `array_ops`)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import Tensor
from mindshim.numpy._array_utils import canonical_axes, check_axes, check_axis, require_tensor


def roll(a: Any, shift: Any, axis: Any = None) -> Tensor:
    require_tensor(a)
    flat = axis is None
    x = torch.reshape(a, (-1,)) if flat else a
    shifts, axes = (shift,) if isinstance(shift, int) else shift, (0 if flat else axis,)
    if not flat:
        axes = (axis,) if isinstance(axis, int) else axis
    if not isinstance(shifts, (tuple, list)) or not isinstance(axes, (tuple, list)):
        raise TypeError("input shift and axis must be tuple or list or int.")
    if len(shifts) != len(axes) and 1 not in (len(shifts), len(axes)):
        raise ValueError("shape mismatch: objects cannot be broadcast to a single shape")
    n = max(len(shifts), len(axes))
    shifts, axes = tuple(shifts) * (n if len(shifts) == 1 else 1), tuple(axes) * (n if len(axes) == 1 else 1)
    for s, ax in zip(shifts, axes):
        ax = check_axis(ax, x.ndim)
        if not isinstance(s, int):
            raise TypeError(f"Each element in {(s, ax)} should be integer, but got {type(s)}.")
        x = torch.roll(x, s, ax)
    return torch.reshape(x, a.shape) if flat else x


def _split(x: Any, indices_or_sections: Any, opname: str, axis: Any = 0) -> Any:
    require_tensor(x)
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"For 'split', the axis should be int, but got {type(axis)}.")
    ax = check_axis(axis, x.ndim)
    length = x.shape[ax]
    if isinstance(indices_or_sections, int) and not isinstance(indices_or_sections, bool):
        n = indices_or_sections
        if n > length:
            raise ValueError("empty tensor encountered.")
        if n <= 0 or (opname == "split" and length % n):
            raise ValueError(f"For 'Split', x_shape[{ax}] must be divisible by output_num = {n}, but got {length}")
        long_n = length % n
        sizes = [length // n + 1] * long_n + [length // n] * (n - long_n)
        return tuple(torch.split(x, sizes, ax))
    if isinstance(indices_or_sections, (list, tuple)):
        for i in indices_or_sections:
            if not isinstance(i, int):
                raise TypeError(f"Each element in {indices_or_sections} should be integer, but got {type(i)}.")
        bounds = [i + length if i < 0 else i for i in indices_or_sections] + [length]
        out, begin = [], 0
        for end in bounds:
            if end <= begin:
                raise ValueError("empty sub-tensor encountered.")
            out.append(torch.narrow(x, ax, min(begin, length), min(end, length) - min(begin, length)))
            begin = end
        return out
    raise TypeError("Argument `indices_or_sections` in `mindspore.numpy.split` should be integer, tuple(int) or "
                    f"list(int), but got {type(indices_or_sections)}")


def split(x: Any, indices_or_sections: Any, axis: int = 0) -> Any:
    return _split(x, indices_or_sections, "split", axis)


def array_split(x: Any, indices_or_sections: Any, axis: int = 0) -> Any:
    return _split(x, indices_or_sections, "array_split", axis)


def vsplit(x: Any, indices_or_sections: Any) -> Any:
    return split(x, indices_or_sections, 0)


def hsplit(x: Any, indices_or_sections: Any) -> Any:
    return split(x, indices_or_sections, 1)


def dsplit(x: Any, indices_or_sections: Any) -> Any:
    return split(x, indices_or_sections, 2)


def flip(m: Any, axis: Any = None) -> Tensor:
    require_tensor(m)
    axes = check_axes(axis, m.ndim)
    if m.numel() == 0:
        return m
    return torch.flip(m, axes)


def flipud(m: Any) -> Tensor:
    return flip(m, 0)


def fliplr(m: Any) -> Tensor:
    return flip(m, 1)


def rot90(a: Any, k: int = 1, axes: Any = (0, 1)) -> Tensor:
    require_tensor(a)
    if not isinstance(k, int):
        raise TypeError(f"integer argument expected, but got {type(k)}")
    if not isinstance(axes, (tuple, list)):
        raise TypeError(f"tuple(ints) or list(ints) expected, but got {type(axes)}")
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    ax1, ax2 = canonical_axes(axes[0], a.ndim), canonical_axes(axes[1], a.ndim)
    if ax1 == ax2:
        raise ValueError("Axes must be different.")
    return torch.rot90(a, k % 4, (ax1, ax2))
