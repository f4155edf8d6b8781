"""mindspore.nn pooling layers.

Mapping decisions:
- Defaults are MindSpore's: `kernel_size=1, stride=1, pad_mode='valid'`; `pad_mode` is
  case-insensitive and shown upper-case in the repr (`pad_mode=VALID`), as MindSpore does.
- `pad_mode='same'` is TensorFlow's SAME (output = ceil(in / stride), extra padding at the end).
  MaxPool pads with -inf; AvgPool 'same' divides each window by the number of real (unpadded)
  elements, like MindSpore's AvgPool primitive.
- `pad_mode='pad'` uses torch's pooling with `padding`, `dilation`, `ceil_mode`,
  `count_include_pad`, `divisor_override`, `return_indices`; MindSpore only accepts those
  arguments with 'pad' and raises otherwise (so do we).
- Adaptive pools are torch's adaptive pools (same bin boundaries: floor/ceil of i * in / out).
- MaxPool3d/AvgPool3d have no `data_format`; AvgPool3d SAME divides by the full kernel volume (its
  zero padding counts), unlike the 1-D/2-D SAME average; AdaptiveMaxPool3d's indices are int32 (MindSpore's
  AdaptiveMaxPool3D), flattened over D*H*W per channel like torch's.
- LPPool, MaxUnpool and FractionalMaxPool2d live in `pooling_lp_unpool.py`.
"""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.nn.cell import Cell
from mindshim.nn.layer._pool_ceil import avg_pool_ceil

_NEG_INF = float("-inf")


def _tuple(value: Any, n: int, arg: str, api: str) -> tuple:
    if isinstance(value, bool) or not isinstance(value, (int, tuple)):
        raise TypeError(f"For '{api}', the type of '{arg}' should be one of '['int', 'tuple']', "
                        f"but got type '{type(value).__name__}'.")
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return (value,) * n
    if isinstance(value, tuple) and all(isinstance(v, int) and v > 0 for v in value):
        if len(value) == 1:
            return (value[0],) * n
        if len(value) == n:
            return tuple(value)
    raise ValueError(f"For '{api}', the '{arg}' must be an positive int number or a tuple, but got {value}")


def _same_fpad(sizes, kernel, stride) -> tuple:
    out: list[int] = []
    for n, k, s in reversed(list(zip(sizes, kernel, stride))):
        total = max((-(-n // s) - 1) * s + k - n, 0)
        out += [total // 2, total - total // 2]
    return tuple(out)


class _PoolNd(Cell):
    _fast = True
    _nd = 2

    def __init__(self, kernel_size, stride, pad_mode: str, data_format: str = "NCHW") -> None:
        super().__init__()
        api = type(self).__name__
        if not isinstance(pad_mode, str):
            raise TypeError(f"For '{api}', the type of 'pad_mode' should be 'str', but got type "
                            f"'{type(pad_mode).__name__}'.")
        if pad_mode.upper() not in ("VALID", "SAME", "PAD"):
            raise ValueError(f"For '{api}', the 'pad_mode' must be in ['VALID', 'SAME', 'PAD'], but got {pad_mode}.")
        if data_format != "NCHW":
            raise ValueError(f"For '{api}, the 'NHWC' format only support in GPU target, but got device target CPU.")
        self.pad_mode = pad_mode.upper()
        self.format = data_format
        self.kernel_size = kernel_size[0] if isinstance(kernel_size, tuple) and len(kernel_size) == 1 else kernel_size
        self.stride = stride[0] if isinstance(stride, tuple) and len(stride) == 1 else stride
        self._k = _tuple(kernel_size, self._nd, "kernel_size", api)
        self._s = _tuple(stride, self._nd, "stride", api)
        self._use_pad = self.pad_mode == "PAD"

    def _check_no_pad_args(self, **args: Any) -> None:
        defaults = {"padding": 0, "dilation": 1, "return_indices": False, "ceil_mode": False,
                    "count_include_pad": True, "divisor_override": None}
        changed = [k for k, v in args.items() if v != defaults[k]]
        if changed and not self._use_pad:
            raise ValueError(f"For {type(self).__name__}, the parameter {changed} can not be set to non-default "
                             f"value when pad_mode is not 'pad', but got pad_mode:{self.pad_mode}.")

    def extend_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"


class _MaxPool(_PoolNd):
    def _init_max(self, padding, dilation, return_indices: bool, ceil_mode: bool) -> None:
        self._check_no_pad_args(padding=padding, dilation=dilation, return_indices=return_indices,
                                ceil_mode=ceil_mode)
        self.return_indices = return_indices
        self.padding = padding
        self._pad = _tuple_nonneg(padding, self._nd)
        self._dil = _tuple(dilation, self._nd, "dilation", type(self).__name__)
        self._ceil = ceil_mode
        self._static_same = None
        if self.pad_mode == "SAME" and all(s == 1 for s in self._s):
            self._static_same = _same_fpad((0,) * self._nd, self._k, self._s)

    def _pool(self, x, fn, fn_idx):
        if self._use_pad:
            if self.return_indices:
                return fn_idx(x, self._k, self._s, self._pad, self._dil, self._ceil)
            return fn(x, self._k, self._s, self._pad, self._dil, self._ceil)
        if self.pad_mode == "SAME":
            fpad = self._static_same if self._static_same is not None else _same_fpad(
                x.shape[-self._nd:], self._k, self._s)
            if any(fpad):
                x = F.pad(x, fpad, value=_NEG_INF)
        return fn(x, self._k, self._s)


class MaxPool2d(_MaxPool):
    """mindspore.nn.MaxPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False, data_format='NCHW')."""

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False, data_format: str = "NCHW") -> None:
        super().__init__(kernel_size, stride, pad_mode, data_format)
        self._init_max(padding, dilation, return_indices, ceil_mode)

    def construct(self, x):
        return self._pool(x, torch.max_pool2d, torch.nn.functional.max_pool2d_with_indices)


class MaxPool1d(_MaxPool):
    """mindspore.nn.MaxPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)."""

    _nd = 1

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False) -> None:
        super().__init__(kernel_size, stride, pad_mode)
        self._init_max(padding, dilation, return_indices, ceil_mode)

    def construct(self, x):
        return self._pool(x, torch.max_pool1d, torch.nn.functional.max_pool1d_with_indices)


class MaxPool3d(_MaxPool):
    """mindspore.nn.MaxPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)."""

    _nd = 3

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False) -> None:
        super().__init__(kernel_size, stride, pad_mode)
        self._init_max(padding, dilation, return_indices, ceil_mode)

    def construct(self, x):
        return self._pool(x, torch.max_pool3d, torch.nn.functional.max_pool3d_with_indices)


class _AvgPool(_PoolNd):
    def _init_avg(self, padding, ceil_mode: bool, count_include_pad: bool, divisor_override) -> None:
        self._check_no_pad_args(padding=padding, ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                                divisor_override=divisor_override)
        if divisor_override is not None and divisor_override <= 0:
            raise ValueError(f"For '{type(self).__name__}', the 'divisor_override' must be > 0, "
                             f"but got {divisor_override}.")
        self.padding = padding
        self._pad = _tuple_nonneg(padding, self._nd)
        self._ceil = ceil_mode
        self._count_pad = count_include_pad
        self._divisor = divisor_override
        if padding != 0 or ceil_mode or not count_include_pad or divisor_override is not None:
            self._use_pad = True

    def _pool(self, x, fn):
        if self._use_pad:
            if self._ceil and self._count_pad and self._divisor is None:
                return avg_pool_ceil(x, self._k, self._s, self._pad)
            if self._nd == 1:
                return fn(x, self._k, self._s, self._pad, self._ceil, self._count_pad)
            return fn(x, self._k, self._s, self._pad, self._ceil, self._count_pad, self._divisor)
        if self.pad_mode == "SAME":
            fpad = _same_fpad(x.shape[-self._nd:], self._k, self._s)
            if any(fpad) and self._nd == 3:
                return fn(F.pad(x, fpad), self._k, self._s)  # MindSpore's AvgPool3D SAME counts the zeros
            if any(fpad):
                # MindSpore's 1-D/2-D SAME average counts only real elements: pool the padded input and a ones
                # mask padded the same way, then divide.
                ones = torch.ones((1, 1) + tuple(x.shape[-self._nd:]), dtype=x.dtype, device=x.device)
                summed = fn(F.pad(x, fpad), self._k, self._s)
                counts = fn(F.pad(ones, fpad), self._k, self._s)
                return summed / counts
        return fn(x, self._k, self._s)


class AvgPool2d(_AvgPool):
    """mindspore.nn.AvgPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None, data_format='NCHW')."""

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override=None, data_format: str = "NCHW") -> None:
        super().__init__(kernel_size, stride, pad_mode, data_format)
        self._init_avg(padding, ceil_mode, count_include_pad, divisor_override)

    def construct(self, x):
        return self._pool(x, torch.nn.functional.avg_pool2d)


class AvgPool1d(_AvgPool):
    """mindspore.nn.AvgPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True)."""

    _nd = 1

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True) -> None:
        super().__init__(kernel_size, stride, pad_mode)
        self._init_avg(padding, ceil_mode, count_include_pad, None)

    def construct(self, x):
        return self._pool(x, torch.nn.functional.avg_pool1d)


class AvgPool3d(_AvgPool):
    """mindspore.nn.AvgPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None)."""

    _nd = 3

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override=None) -> None:
        super().__init__(kernel_size, stride, pad_mode)
        self._init_avg(padding, ceil_mode, count_include_pad, divisor_override)

    def construct(self, x):
        return self._pool(x, torch.nn.functional.avg_pool3d)


def _tuple_nonneg(value: Any, n: int) -> tuple:
    if isinstance(value, int):
        return (value,) * n
    value = tuple(value)
    return value if len(value) == n else (value[0],) * n


class _Adaptive(Cell):
    _fast = True

    def __init__(self, output_size) -> None:
        super().__init__()
        self.output_size = output_size

    def extend_repr(self) -> str:
        return ""


class _Adaptive1d(_Adaptive):
    """MindSpore's 1-D adaptive pools require the length to be a multiple of `output_size`."""

    def _check_length(self, x) -> None:
        if x.shape[-1] % self.output_size:
            raise ValueError(f"For {type(self).__name__}, the input's last dimension must be divisible by "
                             f"output size {self.output_size}, but got {x.shape[-1]}.")


class AdaptiveAvgPool1d(_Adaptive1d):
    def construct(self, input):
        self._check_length(input)
        return torch.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_Adaptive):
    def construct(self, input):
        return torch.nn.functional.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveMaxPool1d(_Adaptive1d):
    def construct(self, x):
        self._check_length(x)
        return torch.nn.functional.adaptive_max_pool1d(x, self.output_size)


class AdaptiveMaxPool2d(_Adaptive):
    def __init__(self, output_size, return_indices: bool = False) -> None:
        super().__init__(output_size)
        self.return_indices = return_indices

    def construct(self, input):
        return torch.nn.functional.adaptive_max_pool2d(input, self.output_size, self.return_indices)


class AdaptiveAvgPool3d(_Adaptive):
    """mindspore.nn.AdaptiveAvgPool3d(output_size); `None` keeps that input size."""

    def construct(self, input):
        return torch.nn.functional.adaptive_avg_pool3d(input, self.output_size)


class AdaptiveMaxPool3d(_Adaptive):
    """mindspore.nn.AdaptiveMaxPool3d(output_size, return_indices=False)."""

    def __init__(self, output_size, return_indices: bool = False) -> None:
        super().__init__(output_size)
        self.return_indices = return_indices

    def construct(self, input):
        if not self.return_indices:
            return torch.nn.functional.adaptive_max_pool3d(input, self.output_size)
        out, idx = torch.nn.functional.adaptive_max_pool3d(input, self.output_size, True)
        return out, idx.to(torch.int32)


__all__ = ["MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d",
           "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d"]

# MindSpore keeps these in mindspore.nn.layer.pooling too; their home is pooling_lp_unpool.py.
from mindshim.nn.layer.pooling_lp_unpool import (  # noqa: E402,F401
    FractionalMaxPool2d, LPPool1d, LPPool2d, MaxUnpool1d, MaxUnpool2d, MaxUnpool3d,
)
