"""mindspore.nn transposed convolutions: Conv1dTranspose, Conv2dTranspose, Conv3dTranspose.

Mapping decisions:
- Weight layout is MindSpore's `(in, out // group, *kernel)`; Conv1dTranspose keeps the 4-D
  `(in, out // group, 1, k)` checkpoint layout and runs as a 2-D transposed convolution over an
  inserted height-1 axis, as MindSpore does. Defaults: `pad_mode='same'`, `has_bias=False`,
  weight `HeUniform(sqrt(5))`, bias `Uniform(1/sqrt(fan_in))` (see conv.py).
- Output size per spatial dim follows MindSpore: same -> in * stride; valid -> in * stride +
  max(k_eff - stride, 0); pad -> (in - 1) * stride + k_eff - pad_before - pad_after. Torch computes
  the full `(in - 1) * stride + k_eff` result; each end is cropped (or zero-extended when MindSpore's
  size is larger) and the bias is added after that, so extended cells hold the bias, as in MindSpore.
  SAME's total crop `k_eff - stride` is split with the smaller half first.
- output_padding (pad mode only): Conv2dTranspose appends zero rows after the bias (MindSpore pads its
  result); Conv3dTranspose keeps the computed rows instead (its kernel is torch-like: the end crop is
  `pad_after - output_padding`). Conv3dTranspose needs depth dilation 1 (MindSpore's rule).
"""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.common import dtype as mstype
from mindshim.nn.layer.conv import _Conv, _fpad_order, _ntuple


class _ConvTranspose(_Conv):
    """Crop/extend plan shared by the transposed convolutions (see the module docstring)."""

    _fn = staticmethod(torch.conv_transpose2d)

    def _transpose_plan(self, end_extra: tuple, zero_tail: tuple) -> None:
        adjust = []
        for i, (k, s, d) in enumerate(zip(self.kernel_size, self.stride, self.dilation)):
            k_eff = d * (k - 1) + 1
            if self.pad_mode == "same":
                total = k_eff - s
                before = total // 2 if total > 0 else 0
                after = total - before
            elif self.pad_mode == "valid":
                before, after = 0, min(k_eff - s, 0)
            else:
                before, after = self._pads[i]
            adjust.append((-before, end_extra[i] - after))
        self._adjust = None if all(a == (0, 0) for a in adjust) else _fpad_order(adjust)
        self._out_pad = _fpad_order([(0, p) for p in zero_tail]) if any(zero_tail) else None
        self._late_bias = self.bias is not None and self._adjust is not None and any(v > 0 for v in self._adjust)
        self._bias_shape = (1, -1) + (1,) * self._nd

    def _deconv(self, x):
        bias = None if self._late_bias else self.bias
        out = self._fn(x, self.weight, bias, self.stride, 0, 0, self.group, self.dilation)
        if self._adjust is not None:
            out = F.pad(out, self._adjust)
        if self._late_bias:
            out = out + self.bias.reshape(self._bias_shape)
        if self._out_pad is not None:
            out = F.pad(out, self._out_pad)
        return out

    def construct(self, x):
        self._check_rank(x)
        return self._deconv(x)


def _check_output_padding(out_pad: tuple, stride: tuple, dilation: tuple, pad_mode: str, api: str) -> None:
    for op, s, d in zip(out_pad, stride, dilation):
        if op < 0 or op >= max(s, d):
            raise ValueError(f"For '{api}', the 'output_padding' must be in range of [0, max(stride, dilation)), "
                             f"but got {op}.")
    if pad_mode != "pad" and any(out_pad):
        raise ValueError(f"For '{api}', the 'output_padding' must be zero when 'pad_mode' is not 'pad', "
                         f"but got {out_pad} and 'pad_mode' is {pad_mode}.")


class Conv2dTranspose(_ConvTranspose):
    """mindspore.nn.Conv2dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, output_padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, dtype)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, pad_mode: str = "same",
                 padding=0, output_padding=0, dilation=1, group: int = 1, has_bias: bool = False, weight_init=None,
                 bias_init=None, dtype=mstype.float32) -> None:
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, "NCHW", True, dtype)
        self.output_padding = output_padding
        if isinstance(output_padding, bool) or not isinstance(output_padding, (int, tuple)):
            raise TypeError(f"For 'Conv2dTranspose', the type of 'output_padding' should be one of "
                            f"'['int', 'tuple']', but got type '{type(output_padding).__name__}'.")
        if isinstance(output_padding, tuple) and len(output_padding) != 2:
            raise ValueError(f"For 'Conv2dTranspose', the 'output_padding size' must be 2, "
                             f"but got {len(output_padding)}.")
        self._op_values = _ntuple(output_padding, self._nd, "output_padding", "Conv2dTranspose")
        self._transpose_plan((0, 0), tuple(max(p, 0) for p in self._op_values))

    def construct(self, x):
        if any(self._op_values):  # MindSpore checks output_padding when called, not when built
            _check_output_padding(self._op_values, self.stride, self.dilation, self.pad_mode, "Conv2dTranspose")
        return super().construct(x)


class Conv1dTranspose(_ConvTranspose):
    """mindspore.nn.Conv1dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, dtype=float32)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 pad_mode: str = "same", padding: int = 0, dilation: int = 1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None, dtype=mstype.float32) -> None:
        for arg, v, low in (("kernel_size", kernel_size, 1), ("stride", stride, 1), ("padding", padding, 0),
                            ("dilation", dilation, 1)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'Conv1dTranspose', the type of '{arg}' should be 'int', "
                                f"but got type '{type(v).__name__}'.")
            if v < low:
                raise ValueError(f"For 'Conv1dTranspose', the '{arg}' must be int and must >= {low}, but got {v}.")
        if isinstance(weight_init, torch.Tensor) and weight_init.dim() == 3:
            weight_init = weight_init.unsqueeze(2)
        super().__init__(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode,
                         (0, 0, padding, padding), (1, dilation), group, has_bias, weight_init, bias_init, "NCHW",
                         True, dtype)
        self.padding = (0, 0, padding, padding)
        self._transpose_plan((0, 0), (0, 0))

    def construct(self, x):
        if x.dim() != 3:
            raise ValueError(f"For 'Conv1dTranspose', the dimension of input must be 3d, but got {x.dim()}.")
        return self._deconv(x.unsqueeze(2)).squeeze(2)


def _check_3d(value: Any, arg: str, api: str, minimum: int) -> tuple:
    if isinstance(value, bool) or not isinstance(value, (int, tuple)):
        raise TypeError(f"For '{api}', the type of '{arg}' should be one of '['int', 'tuple']', "
                        f"but got type '{type(value).__name__}'.")
    out = (value,) * 3 if isinstance(value, int) else value
    if len(out) != 3 or any(not isinstance(v, int) or v < minimum for v in out):
        raise ValueError(f"For '{api}', the parameter '{arg}' must be an integer >= {minimum} or a tuple of "
                         f"three such integers, but got {value}")
    return out


class Conv3dTranspose(_ConvTranspose):
    """mindspore.nn.Conv3dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, output_padding=0, has_bias=False, weight_init=None, bias_init=None,
    data_format='NCDHW', dtype=float32)."""

    _nd = 3
    _rank = 5
    _fn = staticmethod(torch.conv_transpose3d)

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, pad_mode: str = "same",
                 padding=0, dilation=1, group: int = 1, output_padding=0, has_bias: bool = False, weight_init=None,
                 bias_init=None, data_format: str = "NCDHW", dtype=mstype.float32) -> None:
        api = "Conv3dTranspose"
        if in_channels % group or out_channels % group:
            raise ValueError("The argument 'group' should be divisible by 'in_channels' and 'out_channels'")
        kernel_size = _check_3d(kernel_size, "kernel_size", api, 1)
        stride = _check_3d(stride, "stride", api, 1)
        dilation = _check_3d(dilation, "dilation", api, 1)
        if isinstance(padding, bool) or not isinstance(padding, (int, tuple)):
            raise TypeError(f"For '{api}', the 'padding' must be int or tuple, but got {type(padding).__name__}.")
        if isinstance(padding, tuple) and len(padding) != 6:
            raise ValueError(f"For '{api}', the 'padding size' must be 6, but got {len(padding)}.")
        out_pad = _check_3d(output_padding, "output_padding", api, 0)
        if data_format != "NCDHW":
            raise ValueError(f"For '{api}', the 'format' must be 'NCDHW' on CPU, but got {data_format!r}.")
        if pad_mode not in ("same", "valid", "pad"):
            raise ValueError(f"For '{api}', the 'pad_mode' must be in ['valid', 'same', 'pad'], but got {pad_mode!r}.")
        if dilation[0] != 1:
            raise ValueError(f"For '{api}', the depth of parameter 'dilation' must be 1, but got {dilation[0]}.")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, True, dtype)
        _check_output_padding(out_pad, stride, dilation, pad_mode, api)
        self.output_padding = out_pad
        self._transpose_plan(out_pad, (0, 0, 0))


__all__ = ["Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose"]
