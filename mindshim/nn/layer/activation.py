"""mindspore.nn activation layers.

Mapping decisions:
- Each layer is a thin `_fast` Cell over the matching torch function.
- `GELU(approximate=True)` is MindSpore's default and means the tanh approximation.
- `LeakyReLU(alpha=0.2)`: MindSpore's default slope is 0.2, not torch's 0.01.
- `PReLU(channel=1, w=0.25)`: attribute `w`, created with the name "a" (both MindSpore's), shape `(channel,)`.
- `HSigmoid` is relu6(x + 3) / 6 and `HSwish` is x * that, as MindSpore defines them; MindSpore's kernels
  also take signed ints (int8..int64) and divide by 6 truncating, which we reproduce.
- `get_activation(name)` builds a layer from MindSpore's exact (case-sensitive) name table, which is also
  what `Dense(activation='relu')` accepts; the layers of `activation_extra.py` are re-exported from here.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch
import torch.nn.functional as F

from mindshim import _checkparam as validator
from mindshim.common.initializer import initializer
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.nn.layer.activation_extra import (
    CELU, GLU, FastGelu, Hardtanh, HShrink, LogSigmoid, LogSoftmaxExt, PReLUExt, RReLU, SeLU, Softmax2d, Softmin,
    SoftShrink, Tanhshrink, Threshold,
)


class _Activation(Cell):
    _fast = True

    def extend_repr(self) -> str:
        return ""


def _float_input(x, api: str):
    if not x.is_floating_point() and not x.is_complex():
        raise TypeError(f"For '{api}', the input must be a float Tensor, but got {x.dtype}.")
    return x


_SIGNED_INTS = (torch.int8, torch.int16, torch.int32, torch.int64)


def _int_hard_sigmoid_times(x, factor, api: str):
    """factor * relu6(x + 3) / 6 on signed ints, the division truncating (MindSpore's int kernels)."""
    if x.dtype not in _SIGNED_INTS:
        raise TypeError(f"For '{api}', the input must be a float or signed int Tensor, but got {x.dtype}.")
    return torch.div(factor * torch.clamp(x + 3, 0, 6), 6, rounding_mode="trunc").to(x.dtype)


class ReLU(_Activation):
    def construct(self, input):
        if input.dtype == torch.bool:  # MindSpore's ReLU takes bool (max(x, False) is x)
            return input
        return torch.relu(input)


class ReLU6(_Activation):
    def construct(self, x):
        return F.hardtanh(_float_input(x, "ReLU6"), 0.0, 6.0)


class LeakyReLU(_Activation):
    def __init__(self, alpha: float = 0.2) -> None:
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return F.leaky_relu(x, self.alpha)


class Sigmoid(_Activation):
    def construct(self, input):
        return torch.sigmoid(_float_input(input, "Sigmoid"))


class Tanh(_Activation):
    def construct(self, x):
        return torch.tanh(_float_input(x, "Tanh"))


class GELU(_Activation):
    def __init__(self, approximate: bool = True) -> None:
        super().__init__()
        self.approximate = validator.check_bool(approximate, "approximate", "GELU")
        self._mode = "tanh" if approximate else "none"

    def construct(self, x):
        return F.gelu(x, approximate=self._mode)


class SiLU(_Activation):
    def construct(self, x):
        return F.silu(x)


class Softmax(_Activation):
    def __init__(self, axis: int | tuple = -1) -> None:
        super().__init__()
        validator.check_value_type("axis", axis, [int, tuple], "Softmax")
        if isinstance(axis, tuple):
            for a in axis:
                validator.check_value_type("axis", a, [int], "Softmax")
        self.axis = axis
        self._dim = axis[0] if isinstance(axis, tuple) and len(axis) == 1 else axis

    def construct(self, input):
        return torch.softmax(input, self._dim)


class LogSoftmax(_Activation):
    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        self.axis = axis

    def construct(self, x):
        return torch.log_softmax(x, self.axis)


class ELU(_Activation):
    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return F.elu(x, self.alpha)


class HSwish(_Activation):
    def construct(self, x):
        if not x.is_floating_point():
            return _int_hard_sigmoid_times(x, x, "HSwish")
        return F.hardswish(x)


class HSigmoid(_Activation):
    def construct(self, input_x):
        if not input_x.is_floating_point():
            return _int_hard_sigmoid_times(input_x, 1, "HSigmoid")
        return F.hardsigmoid(input_x)


class Softsign(_Activation):
    def construct(self, x):
        return F.softsign(_float_input(x, "Softsign"))


class Mish(_Activation):
    def construct(self, x):
        return F.mish(x)


class PReLU(_Activation):
    """mindspore.nn.PReLU(channel=1, w=0.25): learnable slope `w` of shape (channel,)."""

    def __init__(self, channel: int = 1, w: Any = 0.25) -> None:
        super().__init__()
        validator.check_positive_int(channel, "channel", "PReLU")
        if isinstance(w, (float, np.float32)):
            w = Tensor(np.full((channel,), w, np.float32))
        elif isinstance(w, list):
            if len(w) != channel or not all(isinstance(i, (float, np.float32)) for i in w):
                raise ValueError(f"For 'PReLU', 'w' as a list must hold 'channel' ({channel}) floats, but got {w}.")
            w = Tensor(np.asarray(w, np.float32))
        elif isinstance(w, torch.Tensor):
            if w.dtype not in (torch.float16, torch.float32) or tuple(w.shape) != (channel,):
                raise ValueError(f"For 'PReLU', 'w' as a Tensor must be float16/float32 of shape ({channel},), "
                                 f"but got {w.dtype} {tuple(w.shape)}.")
        else:
            raise TypeError(f"For 'PReLU', the 'w' only supported float, list and tensor, but got {type(w).__name__}.")
        self.w = Parameter(initializer(w, [channel]), name="a")

    def construct(self, x):
        return torch.prelu(_float_input(x, "PReLU"), self.w)


class LRN(Cell):
    """mindspore.nn.LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS'):
    `x / (bias + alpha * sum of x**2 over channels c-r..c+r) ** beta` on (N, C, H, W). MindSpore's alpha
    multiplies the plain sum; torch's local_response_norm divides it by the window size, so torch gets
    `alpha * (2r + 1)`."""

    _fast = True

    def __init__(self, depth_radius: int = 5, bias: float = 1.0, alpha: float = 1.0, beta: float = 0.5,
                 norm_region: str = "ACROSS_CHANNELS") -> None:
        super().__init__()
        if not isinstance(depth_radius, int) or isinstance(depth_radius, bool):
            raise TypeError(f"For 'LRN', the type of 'depth_radius' should be 'int', "
                            f"but got type '{type(depth_radius).__name__}'.")
        if depth_radius < 0:
            raise ValueError(f"For 'LRN', the 'depth_radius' must be int and must >= 0, but got '{depth_radius}'.")
        for arg, v in (("bias", bias), ("alpha", alpha), ("beta", beta)):
            if not isinstance(v, float):
                raise TypeError(f"For 'LRN', the type of '{arg}' should be 'float', but got type '{type(v).__name__}'.")
        if norm_region != "ACROSS_CHANNELS":
            raise ValueError(f"For 'LRN', the 'norm_region' must be str and must be in '['ACROSS_CHANNELS']', "
                             f"but got {norm_region!r}.")
        self.depth_radius = depth_radius
        self.bias = bias
        self.alpha = alpha
        self.beta = beta
        self.norm_region = norm_region

    def construct(self, input_x):
        if input_x.dim() != 4:
            raise ValueError(f"For primitive[LRN], the rank of input  must be equal to 4 , but got {input_x.dim()}.")
        size = 2 * self.depth_radius + 1
        return torch.nn.functional.local_response_norm(input_x, size, self.alpha * size, self.beta, self.bias)


_activation = {
    "softmin": Softmin, "softmax": Softmax, "softmax2d": Softmax2d, "logsoftmax": LogSoftmax,
    "logsoftmaxExt": LogSoftmaxExt, "relu": ReLU, "relu6": ReLU6, "rrelu": RReLU, "silu": SiLU, "tanh": Tanh,
    "tanhshrink": Tanhshrink, "hardtanh": Hardtanh, "gelu": GELU, "fast_gelu": FastGelu, "elu": ELU,
    "sigmoid": Sigmoid, "softsign": Softsign, "prelu": PReLU, "preluExt": PReLUExt, "leakyrelu": LeakyReLU,
    "hswish": HSwish, "hsigmoid": HSigmoid, "logsigmoid": LogSigmoid, "softshrink": SoftShrink,
    "hshrink": HShrink, "threshold": Threshold, "mish": Mish,
}


def get_activation(name: str | None, prim_name: str | None = None) -> Cell | None:
    """mindspore.nn.get_activation: the activation layer for a name such as 'relu' (exact, case-sensitive
    names, as MindSpore's table; an unhashable name raises TypeError, an unknown one KeyError)."""
    if name is None:
        return None
    if name not in _activation:
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        raise KeyError(f"{prefix} 'name' must be in {list(_activation)}, but got {name}.")
    return _activation[name]()


__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Sigmoid", "Tanh", "GELU", "SiLU", "Softmax", "LogSoftmax", "ELU",
           "HSwish", "HSigmoid", "Softsign", "Mish", "PReLU", "get_activation",
           "CELU", "GLU", "Hardtanh", "HShrink", "SoftShrink", "LogSigmoid", "SeLU", "Softmin", "Softmax2d",
           "Tanhshrink", "Threshold", "RReLU", "FastGelu", "LogSoftmaxExt", "PReLUExt"]
__all__ += ["LRN"]
