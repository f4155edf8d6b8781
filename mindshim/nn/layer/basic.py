"""mindspore.nn basic layers: Dense, Flatten, Dropout, Identity.

Mapping decisions:
- `Dense` keeps MindSpore's weight layout `(out_channels, in_channels)` (same as torch's Linear)
  and its default init: `HeUniform(negative_slope=sqrt(5))` for the weight (bound 1/sqrt(in)),
  `Uniform(1/sqrt(in))` for the bias. Inputs of rank > 2 are flattened to 2-D and back, as
  MindSpore does; `F.linear` does the same math.
- `Dropout(keep_prob=0.5, p=None)`: `p` wins when given; otherwise drop rate is `1 - keep_prob`. Both
  attributes keep what was passed (`keep_prob` stays 0.5 beside `p=0.2`), and, as in MindSpore's
  construct, eval mode, `keep_prob == 1` (even beside a `p`) or `p == 0` return the input unchanged.
- `Flatten(start_dim=1, end_dim=-1)` is `torch.flatten`.
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
from mindshim.nn.layer.activation import get_activation


class Dense(Cell):
    """mindspore.nn.Dense(in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
    activation=None, dtype=mstype.float32)."""

    _fast = True

    def __init__(self, in_channels: int, out_channels: int, weight_init: Any = None, bias_init: Any = None,
                 has_bias: bool = True, activation: Any = None, dtype=mstype.float32) -> None:
        super().__init__()
        self.in_channels = _check_positive_int(in_channels, "in_channels", "Dense")
        self.out_channels = _check_positive_int(out_channels, "out_channels", "Dense")
        self.has_bias = validator.check_bool(has_bias, "has_bias", "Dense")
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels], dtype=dtype), name="weight")
        self.bias = None
        if self.has_bias:
            if bias_init is None:
                bias_init = Uniform(scale=1 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype=dtype), name="bias")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if activation is not None and not isinstance(self.activation, Cell) and not callable(self.activation):
            raise TypeError(f"For 'Dense', the 'activation' must be str or Cell or Primitive, but got "
                            f"{type(activation).__name__}.")
        self.activation_flag = self.activation is not None
        if self.activation_flag and not getattr(self.activation, "_fast", False):
            self._fast = False  # a user activation must see MindSpore tensors

    def construct(self, x):
        x = F.linear(x, self.weight, self.bias)
        if self.activation_flag:
            x = self.activation(x)
        return x

    def extend_repr(self) -> str:
        s = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        if self.activation_flag:
            s += f", activation={self.activation}"
        return s


class Flatten(Cell):
    """mindspore.nn.Flatten(start_dim=1, end_dim=-1)."""

    _fast = True

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def construct(self, x):
        n = x.dim()
        if n and all(-n <= d < n for d in (self.start_dim, self.end_dim)) and \
                self.start_dim % n > self.end_dim % n:
            raise ValueError("For 'flatten', 'start_dim' cannot come after 'end_dim'.")
        return torch.flatten(x, self.start_dim, self.end_dim)


class Dropout(Cell):
    """mindspore.nn.Dropout(keep_prob=0.5, p=None, dtype=mstype.float32)."""

    _fast = True

    def __init__(self, keep_prob: float = 0.5, p: float | None = None, dtype=mstype.float32) -> None:
        super().__init__()
        if p is None:
            validator.check_value_type("keep_prob", keep_prob, [float], "Dropout")
            if keep_prob <= 0 or keep_prob > 1:
                raise ValueError(f"For 'Dropout', the 'keep_prob' must be in range (0, 1], but got {keep_prob}.")
            self._rate = 1.0 - keep_prob
        else:
            validator.check_value_type("p", p, [float, int], "Dropout")
            if p < 0 or p >= 1:
                raise ValueError(f"For 'Dropout', the 'p' must be in range [0, 1), but got {p}.")
            self._rate = float(p)
        self.keep_prob = keep_prob
        self.p = p

    def construct(self, x):
        if not self.training or self.keep_prob == 1 or self._rate == 0:
            return x
        if not x.is_floating_point():
            raise TypeError(f"For 'Dropout', the input must be a float Tensor, but got {x.dtype}.")
        return F.dropout(x, self._rate, True)

    def extend_repr(self) -> str:
        return f"keep_prob={self.keep_prob}" if self.p is None else f"p={self.p}"


class Identity(Cell):
    """mindspore.nn.Identity(*args, **kwargs): returns its input."""

    _fast = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__()

    def construct(self, input):
        return input


def _check_positive_int(value: Any, arg: str, api: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{api}', the '{arg}' must be int, but got {type(value).__name__}.")
    if value <= 0:
        raise ValueError(f"For '{api}', the '{arg}' must be a positive int, but got {value}.")
    return value


__all__ = ["Dense", "Flatten", "Dropout", "Identity"]


class ClipByNorm(Cell):
    """nn.ClipByNorm(axis=None): x * clip_norm / max(||x||_2 over axis, clip_norm)."""

    _fast = True

    def __init__(self, axis: Any = None) -> None:
        super().__init__()
        self.axis = axis

    def construct(self, x: Any, clip_norm: Any) -> Any:
        dims = tuple(range(x.dim())) if self.axis is None else (
            tuple(self.axis) if isinstance(self.axis, (tuple, list)) else (self.axis,))
        norm = torch.sqrt(torch.sum(x * x, dim=dims, keepdim=True))
        clip = torch.as_tensor(clip_norm, dtype=x.dtype)
        return x * clip / torch.maximum(norm, clip)

# More of MindSpore's nn/layer/basic.py, split off by topic to keep files short (their MindSpore path is here).
from mindshim.nn.layer.basic_dropout import Dropout1d, Dropout2d, Dropout3d  # noqa: E402
from mindshim.nn.layer.basic_tensor import (  # noqa: E402
    L1Regularizer, Norm, OneHot, Pad, Roll, Tril, Triu, Unflatten,
)
from mindshim.nn.layer.basic_upsample import Upsample  # noqa: E402

__all__ += ["Dropout1d", "Dropout2d", "Dropout3d", "Pad", "Unflatten", "Tril", "Triu", "Roll", "OneHot", "Norm",
            "L1Regularizer", "Upsample"]
