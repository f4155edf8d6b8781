"""mint.nn Conv1d/Conv2d/Conv3d/ConvTranspose2d: torch's arguments (in_channels, out_channels, kernel_size,
stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', dtype=None); parameters `weight`
(HeUniform(sqrt(5))) and `bias` (Uniform(1/sqrt(fan_in))), as MindSpore names and initialises them."""
from __future__ import annotations

import math
from typing import Any

from mindshim.common import dtype as mstype
from mindshim.common.initializer import HeUniform, Uniform, initializer
from mindshim.common.parameter import Parameter
from mindshim.mint._array import conv2d
from mindshim.mint.nn import _func_nn
from mindshim.nn.cell import Cell
from mindshim.ops import conv_transpose2d


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _seq(v: Any, n: int) -> tuple:
    if isinstance(v, (tuple, list)):
        return tuple(v) * n if len(v) == 1 else tuple(v)
    return (v,) * n


def _positive(name: str, seq: tuple, cls_name: str) -> None:
    for v in seq:
        if not _is_int(v):
            raise TypeError(f"For '{cls_name}', the '{name} item' must be int, but got {type(v).__name__}.")
        if v <= 0:
            raise ValueError(f"For '{cls_name}', the '{name} item' must be positive int, but got {v}.")


class _Conv(Cell):
    def __init__(self, in_channels: int, out_channels: int, kernel_size: tuple, stride: tuple, padding: Any,
                 dilation: tuple, transposed: bool, output_padding: tuple, groups: int, bias: bool,
                 padding_mode: str, dtype: Any = None) -> None:
        super().__init__()
        name = type(self).__name__
        for arg, v, low in (("in_channels", in_channels, 0), ("out_channels", out_channels, 0), ("groups", groups, 1)):
            if not _is_int(v):
                raise TypeError(f"For '{name}', '{arg}' must be int, but got {type(v).__name__}.")
            if v < low:
                raise ValueError(f"For '{name}', '{arg}' must be >= {low}, but got {v}.")
        if in_channels % groups:
            raise ValueError("in_channels must be divisible by groups.")
        if out_channels % groups:
            raise ValueError("out_channels must be divisible by groups.")
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"The value of 'padding' must be one of '{{'same', 'valid'}}', but got {padding}.")
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in ("zeros", "reflect", "replicate", "circular"):
            raise ValueError(f"The value of 'padding_mode' must be one of '{{'zeros', 'reflect', 'replicate', "
                             f"'circular'}}', but got {padding_mode}.")
        for arg, seq in (("kernel_size", kernel_size), ("stride", stride), ("dilation", dilation)):
            _positive(arg, seq, name)
        if not isinstance(bias, bool):
            raise TypeError(f"For '{name}', the 'bias' must be bool, but got {type(bias).__name__}.")
        self.in_channels, self.out_channels, self.groups = in_channels, out_channels, groups
        self.kernel_size, self.stride, self.padding, self.dilation = kernel_size, stride, padding, dilation
        self.transposed, self.output_padding, self.padding_mode = transposed, output_padding, padding_mode
        self._reversed_padding = self._torch_padding(padding, dilation, kernel_size)
        dtype = mstype.float32 if dtype is None else dtype
        shape = ([in_channels, out_channels // groups] if transposed else
                 [out_channels, in_channels // groups]) + list(kernel_size)
        self.weight = Parameter(initializer(HeUniform(math.sqrt(5)), shape, dtype=dtype), name="weight")
        self.bias = None
        if bias:
            fan_in = shape[1] * math.prod(kernel_size)
            init = Uniform(1 / math.sqrt(fan_in)) if fan_in else "zeros"
            self.bias = Parameter(initializer(init, [out_channels], dtype=dtype), name="bias")

    @staticmethod
    def _torch_padding(padding: Any, dilation: tuple, kernel_size: tuple) -> tuple:
        """The padding as F.pad's (last dim first) pairs, for padding_mode != 'zeros'."""
        if isinstance(padding, str):
            out = [0, 0] * len(kernel_size)
            if padding == "same":
                for d, k, i in zip(dilation, kernel_size, range(len(kernel_size) - 1, -1, -1)):
                    total = d * (k - 1)
                    out[2 * i], out[2 * i + 1] = total // 2, total - total // 2
            return tuple(out)
        return tuple(p for p in reversed(padding) for _ in range(2))

    def extend_repr(self) -> str:
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, groups={self.groups}, bias={self.bias is not None}")


class _ConvNd(_Conv):
    _nd = 2
    _fn = staticmethod(conv2d)

    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 dilation: Any = 1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 dtype: Any = None) -> None:
        n = self._nd
        super().__init__(in_channels, out_channels, _seq(kernel_size, n), _seq(stride, n),
                         padding if isinstance(padding, str) else _seq(padding, n), _seq(dilation, n), False,
                         (0,) * n, groups, bias, padding_mode, dtype)

    def construct(self, input):
        if self.padding_mode != "zeros":
            input = _func_nn.pad(input, self._reversed_padding, mode=self.padding_mode)
            return self._fn(input, self.weight, self.bias, self.stride, (0,) * self._nd, self.dilation, self.groups)
        return self._fn(input, self.weight, self.bias, self.stride, self.padding, self.dilation, self.groups)


class Conv1d(_ConvNd):
    """mint.nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros', dtype=None)."""

    _nd = 1
    _fn = staticmethod(_func_nn.conv1d)


class Conv2d(_ConvNd):
    """mint.nn.Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros', dtype=None)."""


class Conv3d(_ConvNd):
    """mint.nn.Conv3d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
    bias=True, padding_mode='zeros', dtype=None)."""

    _nd = 3
    _fn = staticmethod(_func_nn.conv3d)


class ConvTranspose2d(_Conv):
    """mint.nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
    groups=1, bias=True, dilation=1, padding_mode='zeros', dtype=None); called as (input, output_size=None)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: Any, stride: Any = 1, padding: Any = 0,
                 output_padding: Any = 0, groups: int = 1, bias: bool = True, dilation: Any = 1,
                 padding_mode: str = "zeros", dtype: Any = None) -> None:
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for {type(self).__name__}')
        super().__init__(in_channels, out_channels, _seq(kernel_size, 2), _seq(stride, 2), _seq(padding, 2),
                         _seq(dilation, 2), True, _seq(output_padding, 2), groups, bias, padding_mode, dtype)

    def _output_padding(self, input, output_size: Any) -> tuple:
        if output_size is None:
            return tuple(self.output_padding)
        batched = input.ndim == 4
        if len(output_size) not in (2, 4 if batched else 3):
            raise ValueError(f"ConvTranspose2D: for {input.ndim}D input, output_size must have 2 or "
                             f"{4 if batched else 3} elements (got {len(output_size)})")
        output_size = tuple(output_size)[-2:]
        spatial = tuple(input.shape)[-2:]
        res = []
        for d in range(2):
            lo = ((spatial[d] - 1) * self.stride[d] - 2 * self.padding[d] + self.dilation[d] *
                  (self.kernel_size[d] - 1) + 1)
            if not lo <= output_size[d] <= lo + self.stride[d] - 1:
                raise ValueError(f"requested an output size of {output_size}, but valid sizes range from "
                                 f"{lo} to {lo + self.stride[d] - 1} (for an input of {tuple(input.shape)})")
            res.append(output_size[d] - lo)
        return tuple(res)

    def construct(self, input, output_size=None):
        return conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding,
                                self._output_padding(input, output_size), self.groups, self.dilation)


__all__ = ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose2d"]
