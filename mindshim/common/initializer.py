"""mindspore.common.initializer: weight initialisers.

Values are drawn with torch's generator (seeded by `mindspore.set_seed`), so they do not equal
MindSpore's bit for bit; distributions and fan computations follow MindSpore's definitions.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch

from mindshim._backend import device as _device
from mindshim.common import dtype as mstype


def _fans(shape: tuple) -> tuple[int, int]:
    if len(shape) < 2:
        n = shape[0] if shape else 1
        return n, n
    receptive = int(np.prod(shape[2:])) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


def _gain(nonlinearity: str, param: float | None = None) -> float:
    if nonlinearity in ("linear", "conv1d", "conv2d", "conv3d", "sigmoid"):
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"For 'initializer', the nonlinearity {nonlinearity!r} is not supported.")


class Initializer:
    """Base class: subclasses fill a float32 torch tensor in `_fill`."""

    def __init__(self, **kwargs: Any) -> None:
        self._kwargs = kwargs

    def _fill(self, t: torch.Tensor) -> None:
        raise NotImplementedError

    def __call__(self, arr: np.ndarray) -> None:
        t = torch.empty(arr.shape, dtype=torch.float64)
        self._fill(t)
        arr[...] = t.numpy().astype(arr.dtype)

    # Filled by `initializer(...)`: MindSpore initialisers carry shape and dtype once bound.
    shape: tuple = ()
    dtype = mstype.float32

    def init_data(self):
        from mindshim.common.tensor import Tensor
        t = torch.empty(self.shape, dtype=torch.float32)
        with torch.no_grad():
            self._fill(t)
        return Tensor(t.to(mstype.to_torch(self.dtype)).to(_device.current()))


class Zero(Initializer):
    def _fill(self, t):
        t.zero_()


class One(Initializer):
    def _fill(self, t):
        t.fill_(1)


class Constant(Initializer):
    def __init__(self, value: float) -> None:
        super().__init__(value=value)
        self.value = value

    def _fill(self, t):
        t.fill_(self.value)


class Normal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0) -> None:
        super().__init__(sigma=sigma, mean=mean)
        self.sigma, self.mean = sigma, mean

    def _fill(self, t):
        t.normal_(self.mean, self.sigma)


class TruncatedNormal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0, a: float = -2.0, b: float = 2.0) -> None:
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def _fill(self, t):
        torch.nn.init.trunc_normal_(t, self.mean, self.sigma, self.a, self.b)


class Uniform(Initializer):
    def __init__(self, scale: float = 0.07) -> None:
        super().__init__(scale=scale)
        self.scale = scale

    def _fill(self, t):
        t.uniform_(-self.scale, self.scale)


class XavierUniform(Initializer):
    def __init__(self, gain: float = 1) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def _fill(self, t):
        fan_in, fan_out = _fans(tuple(t.shape))
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        t.uniform_(-bound, bound)


class XavierNormal(Initializer):
    def __init__(self, gain: float = 1) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def _fill(self, t):
        fan_in, fan_out = _fans(tuple(t.shape))
        t.normal_(0, self.gain * math.sqrt(2.0 / (fan_in + fan_out)))


class HeUniform(Initializer):
    def __init__(self, negative_slope: float = 0, mode: str = "fan_in", nonlinearity: str = "leaky_relu") -> None:
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _fill(self, t):
        fan_in, fan_out = _fans(tuple(t.shape))
        fan = fan_in if self.mode == "fan_in" else fan_out
        bound = math.sqrt(3.0) * _gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan)
        t.uniform_(-bound, bound)


class HeNormal(HeUniform):
    def _fill(self, t):
        fan_in, fan_out = _fans(tuple(t.shape))
        fan = fan_in if self.mode == "fan_in" else fan_out
        t.normal_(0, _gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan))


class Identity(Initializer):
    def _fill(self, t):
        torch.nn.init.eye_(t)


class Orthogonal(Initializer):
    def __init__(self, gain: float = 1.0) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def _fill(self, t):
        torch.nn.init.orthogonal_(t, self.gain)


class Dirac(Initializer):
    def __init__(self, groups: int = 1) -> None:
        super().__init__(groups=groups)
        self.groups = groups

    def _fill(self, t):
        torch.nn.init.dirac_(t, self.groups)


_BY_NAME = {
    "zeros": Zero, "zero": Zero, "ones": One, "one": One, "normal": Normal, "truncatednormal": TruncatedNormal,
    "truncated_normal": TruncatedNormal, "uniform": Uniform, "xavier_uniform": XavierUniform,
    "xavieruniform": XavierUniform, "xavier_normal": XavierNormal, "he_uniform": HeUniform, "heuniform": HeUniform,
    "he_normal": HeNormal, "henormal": HeNormal, "identity": Identity, "orthogonal": Orthogonal, "dirac": Dirac,
}


def _bind(init: Initializer, shape, dtype) -> Initializer:
    import copy
    bound = copy.copy(init)
    bound.shape = (shape,) if isinstance(shape, int) else tuple(shape)
    bound.dtype = dtype
    return bound


def initializer(init: Any, shape=None, dtype=mstype.float32):
    """mindspore.common.initializer.initializer: a Tensor of `shape` filled by `init`."""
    from mindshim.common.tensor import Tensor
    if isinstance(init, Tensor):
        if shape is not None and tuple(init.shape) != ((shape,) if isinstance(shape, int) else tuple(shape)):
            raise ValueError(f"For 'initializer', the shape of the 'init' Tensor {init.shape} must equal {shape}.")
        return init
    if isinstance(init, str):
        cls = _BY_NAME.get(init.lower())
        if cls is None:
            raise ValueError(f"For 'initializer', the init {init!r} is not supported.")
        init = cls()
    elif isinstance(init, (int, float)) and not isinstance(init, bool):
        init = Constant(init)
    elif isinstance(init, np.ndarray):
        return Tensor(init, dtype)
    if not isinstance(init, Initializer):
        raise TypeError(f"For 'initializer', the 'init' must be Tensor, str, number or Initializer, but got {type(init).__name__}.")
    return _bind(init, shape if shape is not None else (), dtype).init_data()


__all__ = ["Initializer", "initializer", "Zero", "One", "Constant", "Normal", "TruncatedNormal", "Uniform",
           "XavierUniform", "XavierNormal", "HeUniform", "HeNormal", "Identity", "Orthogonal", "Dirac"]
