"""mindspore.nn convolutions: Conv1d, Conv2d, Conv3d (transposed ones live in `conv_transpose.py`).

Mapping decisions:
- MindSpore defaults differ from torch: `pad_mode='same'` and `has_bias=False`.
- `pad_mode='same'` is TensorFlow's SAME: output = ceil(in / stride), the total padding
  `max((out - 1) * stride + dilation * (k - 1) + 1 - in, 0)` is split with the extra element on
  the bottom/right. With stride 1 the split is fixed and precomputed; with a larger stride it
  depends on the input size and is computed per call.
- `pad_mode='pad'`: `padding` is an int or MindSpore's `(top, bottom, left, right)` tuple
  (Conv3d: `(head, tail, top, bottom, left, right)`); asymmetric padding goes through `F.pad`.
- Conv1d keeps MindSpore's 4-D weight `(out, in // group, 1, k)` (checkpoint layout) and runs as a
  2-D convolution over an inserted height-1 axis, as MindSpore does.
- Default init: weight `HeUniform(negative_slope=sqrt(5))`, bias `Uniform(1/sqrt(fan_in))`.
- data_format NHWC is GPU-only in MindSpore; here it raises like MindSpore on CPU.
"""
from __future__ import annotations

import math
from typing import Any

import torch
import torch.nn.functional as F

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.initializer import HeUniform, Uniform, initializer
from mindshim.common.parameter import Parameter
from mindshim.nn.cell import Cell

_PAD_MODES = ("same", "valid", "pad")


def _ntuple(value: Any, n: int, arg: str, api: str) -> tuple:
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,) * n
    if isinstance(value, tuple) and len(value) == n and all(isinstance(v, int) for v in value):
        return value
    raise TypeError(f"For '{api}', the '{arg}' must be an int or a tuple of {n} ints, but got {value!r}.")


def _same_pads(sizes, kernel, stride, dilation) -> list[tuple[int, int]]:
    pads = []
    for n, k, s, d in zip(sizes, kernel, stride, dilation):
        out = -(-n // s)
        total = max((out - 1) * s + d * (k - 1) + 1 - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def _fpad_order(pads: list[tuple[int, int]]) -> tuple:
    """Per-dim (before, after) pairs, first spatial dim first -> F.pad's last-dim-first tuple."""
    out: list[int] = []
    for before, after in reversed(pads):
        out += [before, after]
    return tuple(out)


def _explicit_pads(padding: Any, nd: int, api: str) -> list[tuple[int, int]]:
    """MindSpore's checks: TypeError for a non-int item, ValueError for a negative one or a wrong length."""
    if isinstance(padding, int):
        validator.check_non_negative_int(padding, "padding", api)
        return [(padding, padding)] * nd
    if not isinstance(padding, tuple):
        raise TypeError(f"For '{api}', the type of 'padding' must be int or tuple(int), "
                        f"but got {type(padding).__name__}.")
    for p in padding:
        validator.check_non_negative_int(p, "padding item", api)
    if len(padding) != 2 * nd:
        raise ValueError(f"For '{api}', the 'padding' must be an int or a tuple of {2 * nd} ints, "
                         f"but got {padding!r}.")
    return [(padding[2 * i], padding[2 * i + 1]) for i in range(nd)]


def _check_pad_mode(pad_mode: Any, api: str, transposed: bool) -> str:
    if not isinstance(pad_mode, str) and not transposed:  # (the transposed layers' check raises ValueError)
        raise TypeError(f"For '{api}', the type of 'pad_mode' should be 'str', but got type "
                        f"'{type(pad_mode).__name__}'.")
    if pad_mode not in _PAD_MODES:
        raise ValueError(f"For '{api}', the 'pad_mode' must be one of {list(_PAD_MODES)}, but got {pad_mode!r}.")
    return pad_mode


class _Conv(Cell):
    """Shared parameter set-up and padding plan for the convolution layers."""

    _fast = True
    _nd = 2
    _rank = 4  # the input rank MindSpore accepts (no unbatched input)

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride, pad_mode: str, padding,
                 dilation, group: int, has_bias: bool, weight_init, bias_init, data_format: str,
                 transposed: bool, dtype) -> None:
        super().__init__()
        api = type(self).__name__
        nd = self._nd
        self.kernel_size = _ntuple(kernel_size, nd, "kernel_size", api)
        self.stride = _ntuple(stride, nd, "stride", api)
        self.dilation = _ntuple(dilation, nd, "dilation", api)
        self.in_channels = validator.check_positive_int(in_channels, "in_channels", api)
        self.out_channels = validator.check_positive_int(out_channels, "out_channels", api)
        for arg, values in (("kernel_size", self.kernel_size), ("stride", self.stride), ("dilation", self.dilation)):
            for v in values:
                validator.check_positive_int(v, f"{arg} item", api)
        self.pad_mode = _check_pad_mode(pad_mode, api, transposed)
        self.padding = padding
        pads = _explicit_pads(padding, nd, api)
        if pad_mode != "pad" and any(p != (0, 0) for p in pads):
            raise ValueError(f"For '{api}', the 'padding' must be zero when 'pad_mode' is not 'pad', "
                             f"but got 'padding': {padding} and 'pad_mode': {pad_mode}.")
        if data_format not in ("NCHW", "NCDHW"):
            raise ValueError(f"For '{api}', the \"NHWC\" format only support in GPU target, but got the 'format' "
                             f"is {data_format} and the platform is CPU.")
        self.data_format = data_format
        validator.check_positive_int(group, "group", api)
        if in_channels % group or out_channels % group:
            raise ValueError(f"For '{api}', the 'in_channels' and 'out_channels' must be divisible by 'group', "
                             f"but got 'in_channels': {in_channels}, 'out_channels': {out_channels}, "
                             f"'group': {group}.")
        self.group = group
        self.has_bias = validator.check_bool(has_bias, "has_bias", api)
        wk = self._weight_kernel()
        shape = [in_channels, out_channels // group, *wk] if transposed else [out_channels, in_channels // group, *wk]
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight_init = weight_init
        self.weight = Parameter(initializer(weight_init, shape, dtype=dtype), name="weight")
        self.bias_init = bias_init
        self.bias = None
        if self.has_bias:
            if bias_init is None:
                fan_in = shape[1] * math.prod(shape[2:])
                bias_init = Uniform(1 / math.sqrt(fan_in)) if fan_in else "zeros"
                self.bias_init = bias_init
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype=dtype), name="bias")
        self._pads = pads

    def _check_rank(self, x) -> None:
        if x.dim() != self._rank:
            raise ValueError(f"For '{type(self).__name__}', the input must be {self._rank}-D, but got {x.dim()}-D.")

    def _weight_kernel(self) -> tuple:
        return self.kernel_size

    def extend_repr(self) -> str:
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, "
                f"padding={self.padding}, dilation={self.dilation}, group={self.group}, "
                f"has_bias={self.has_bias}, weight_init={self.weight_init}, bias_init={self.bias_init}, "
                f"format={self.data_format}")


class _ConvForward(_Conv):
    """Plan: `self._conv_pad` goes to torch's conv; `self._pre_pad` (F.pad tuple) runs first when the
    padding is asymmetric; `self._dynamic_same` when SAME padding depends on the input size."""

    def _plan(self) -> None:
        self._dynamic_same = self.pad_mode == "same" and any(s != 1 for s in self.stride)
        if self.pad_mode == "same":
            pads = _same_pads([0] * self._nd, self.kernel_size, (1,) * self._nd, self.dilation)
        elif self.pad_mode == "pad":
            pads = self._pads
        else:
            pads = [(0, 0)] * self._nd
        if self._dynamic_same:
            self._conv_pad = (0,) * self._nd
            self._pre_pad = None
        elif all(b == a for b, a in pads):
            self._conv_pad = tuple(b for b, _ in pads)
            self._pre_pad = None
        else:
            self._conv_pad = (0,) * self._nd
            self._pre_pad = _fpad_order(pads)

    def _padded(self, x):
        if self._dynamic_same:
            pads = _same_pads(x.shape[2:], self.kernel_size, self.stride, self.dilation)
            if any(b or a for b, a in pads):
                x = F.pad(x, _fpad_order(pads))
        elif self._pre_pad is not None:
            x = F.pad(x, self._pre_pad)
        return x


class Conv2d(_ConvForward):
    """mindspore.nn.Conv2d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, data_format='NCHW', dtype=float32)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, pad_mode: str = "same",
                 padding=0, dilation=1, group: int = 1, has_bias: bool = False, weight_init=None, bias_init=None,
                 data_format: str = "NCHW", dtype=mstype.float32) -> None:
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, False, dtype)
        self._plan()

    def construct(self, x):
        self._check_rank(x)
        return torch.conv2d(self._padded(x), self.weight, self.bias, self.stride, self._conv_pad, self.dilation,
                            self.group)


class Conv3d(_ConvForward):
    """mindspore.nn.Conv3d(..., data_format='NCDHW', dtype=float32)."""

    _nd = 3
    _rank = 5

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, pad_mode: str = "same",
                 padding=0, dilation=1, group: int = 1, has_bias: bool = False, weight_init=None, bias_init=None,
                 data_format: str = "NCDHW", dtype=mstype.float32) -> None:
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, False, dtype)
        self._plan()

    def construct(self, x):
        self._check_rank(x)
        return torch.conv3d(self._padded(x), self.weight, self.bias, self.stride, self._conv_pad, self.dilation,
                            self.group)


class Conv1d(_ConvForward):
    """mindspore.nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, dtype=float32)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 pad_mode: str = "same", padding: int = 0, dilation: int = 1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None, dtype=mstype.float32) -> None:
        for arg, v in (("kernel_size", kernel_size), ("stride", stride), ("padding", padding),
                       ("dilation", dilation)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'Conv1d', the '{arg}' must be int, but got {type(v).__name__}.")
        if isinstance(weight_init, torch.Tensor):
            if weight_init.dim() != 3:
                raise ValueError(f"For 'Conv1d', the 'weight_init' Tensor must be 3-D, but got {weight_init.dim()}-D.")
            weight_init = weight_init.unsqueeze(2)
        super().__init__(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode, (0, 0, padding, padding),
                         (1, dilation), group, has_bias, weight_init, bias_init, "NCHW", False, dtype)
        self.padding = (0, 0, padding, padding)
        self._plan()

    def construct(self, x):
        if x.dim() != 3:
            raise ValueError(f"For 'Conv1d', the input must be 3-D, but got {x.dim()}-D.")
        out = torch.conv2d(self._padded(x.unsqueeze(2)), self.weight, self.bias, self.stride, self._conv_pad,
                           self.dilation, self.group)
        return out.squeeze(2)


__all__ = ["Conv1d", "Conv2d", "Conv3d", "Conv2dTranspose"]


def __getattr__(name: str) -> Any:
    # MindSpore's mindspore.nn.layer.conv also holds the transposed convolutions; their home is
    # conv_transpose.py (imported lazily: it builds on _Conv above).
    if name in ("Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose"):
        from mindshim.nn.layer import conv_transpose
        return getattr(conv_transpose, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
