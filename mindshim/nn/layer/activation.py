"""mindspore.nn activation layers.

Mapping decisions:
- Each layer is a thin `_fast` Cell over the matching torch function.
- `GELU(approximate=True)` is MindSpore's default and means the tanh approximation.
- `LeakyReLU(alpha=0.2)`: MindSpore's default slope is 0.2, not torch's 0.01.
- `PReLU(channel=1, w=0.25)`: attribute `w`, created with the name "a" (both MindSpore's), shape `(channel,)`.
- `HSigmoid` is relu6(x + 3) / 6 and `HSwish` is x * that, as MindSpore defines them.
- `get_activation(name)` builds a layer from the strings `Dense(activation='relu')` accepts.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch
import torch.nn.functional as F

from mindshim.common.initializer import initializer
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell


class _Activation(Cell):
    _fast = True

    def extend_repr(self) -> str:
        return ""


class ReLU(_Activation):
    def construct(self, input):
        return torch.relu(input)


class ReLU6(_Activation):
    def construct(self, x):
        return F.hardtanh(x, 0.0, 6.0)


class LeakyReLU(_Activation):
    def __init__(self, alpha: float = 0.2) -> None:
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return F.leaky_relu(x, self.alpha)


class Sigmoid(_Activation):
    def construct(self, input):
        return torch.sigmoid(input)


class Tanh(_Activation):
    def construct(self, x):
        return torch.tanh(x)


class GELU(_Activation):
    def __init__(self, approximate: bool = True) -> None:
        super().__init__()
        self.approximate = approximate
        self._mode = "tanh" if approximate else "none"

    def construct(self, x):
        return F.gelu(x, approximate=self._mode)


class SiLU(_Activation):
    def construct(self, x):
        return F.silu(x)


class Softmax(_Activation):
    def __init__(self, axis: int | tuple = -1) -> None:
        super().__init__()
        self.axis = axis

    def construct(self, input):
        return torch.softmax(input, self.axis)


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
        return F.hardswish(x)


class HSigmoid(_Activation):
    def construct(self, input_x):
        return F.hardsigmoid(input_x)


class Softsign(_Activation):
    def construct(self, x):
        return F.softsign(x)


class Mish(_Activation):
    def construct(self, x):
        return F.mish(x)


class PReLU(_Activation):
    """mindspore.nn.PReLU(channel=1, w=0.25): learnable slope `w` of shape (channel,)."""

    def __init__(self, channel: int = 1, w: Any = 0.25) -> None:
        super().__init__()
        if isinstance(w, (float, np.float32)):
            w = Tensor(np.full((channel,), w, np.float32))
        elif isinstance(w, list):
            w = Tensor(np.asarray(w, np.float32))
        self.w = Parameter(initializer(w, [channel]), name="a")

    def construct(self, x):
        return torch.prelu(x, self.w)


_ACTIVATIONS = {
    "relu": ReLU, "relu6": ReLU6, "leakyrelu": LeakyReLU, "sigmoid": Sigmoid, "tanh": Tanh, "gelu": GELU,
    "silu": SiLU, "softmax": Softmax, "logsoftmax": LogSoftmax, "elu": ELU, "hswish": HSwish,
    "hsigmoid": HSigmoid, "prelu": PReLU, "softsign": Softsign, "mish": Mish,
}


def get_activation(name: str | None, prim_name: str | None = None) -> Cell | None:
    """mindspore.nn.get_activation: the activation layer for a name such as 'relu'."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"For 'get_activation', the 'name' must be a str, but got {type(name).__name__}.")
    cls = _ACTIVATIONS.get(name.lower())
    if cls is None:
        raise KeyError(f"For '{prim_name or 'get_activation'}', the activation {name!r} is not in "
                       f"{sorted(_ACTIVATIONS)}.")
    return cls()


__all__ = ["ReLU", "ReLU6", "LeakyReLU", "Sigmoid", "Tanh", "GELU", "SiLU", "Softmax", "LogSoftmax", "ELU",
           "HSwish", "HSigmoid", "Softsign", "Mish", "PReLU", "get_activation"]
