"""mindspore.common.initializer: weight initialisers.

MindSpore's protocol: `Initializer._initialize(arr)` fills a numpy array in place (user subclasses override it).
Each random initializer seeds its own torch generator with one draw from numpy's global stream, as MindSpore
seeds its C++ generator, so numpy's stream after building a network is MindSpore's; the values themselves come
from torch's generator and do not equal MindSpore's bit for bit. Distributions and fans are MindSpore's.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np
import torch

from mindshim._backend import device as _device
from mindshim.common import dtype as mstype


def _calculate_fan_in_and_fan_out(shape: tuple) -> tuple[int, int]:
    if len(shape) < 2:
        raise ValueError("'fan_in' and 'fan_out' can not be computed for tensor with fewer than 2 dimensions, "
                         f"but got dimensions {len(shape)}.")
    receptive = int(np.prod(shape[2:])) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


def _calculate_in_and_out(arr: np.ndarray) -> tuple[int, int]:
    if len(arr.shape) < 2:
        raise ValueError("If initialize data with xavier uniform, the dimension of data must be greater than 1, "
                         f"but got {len(arr.shape)}.")
    return _calculate_fan_in_and_fan_out(arr.shape)


def _calculate_correct_fan(shape: tuple, mode: str) -> int:
    mode = mode.lower()
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"'mode' {mode} not supported, please use one of ['fan_in', 'fan_out']")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
    return fan_in if mode == "fan_in" else fan_out


_LINEAR_GAIN = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
                "sigmoid")


def _calculate_gain(nonlinearity: str, param: float | None = None) -> float:
    if nonlinearity in _LINEAR_GAIN:
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is not None and (isinstance(param, bool) or not isinstance(param, (int, float))):
            raise ValueError(f"For 'HeUniform', 'negative_slope' {param} is not a valid number. When 'nonlinearity' "
                             f"has been set to 'leaky_relu', 'negative_slope' should be int or float type, but got "
                             f"{type(param)}.")
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope ** 2))
    raise ValueError("For 'HeUniform', the argument 'nonlinearity' should be one of ['sigmoid', 'tanh', 'relu' or "
                     f"'leaky_relu'], but got {nonlinearity}.")


def _numpy_seed() -> int:
    return int(np.random.randint(low=1, high=(1 << 63), dtype=np.int64))


def _generator() -> torch.Generator:
    """A generator seeded by ONE draw from numpy's global stream, as MindSpore seeds each random initializer:
    a script that uses np.random after building a network sees the same numpy stream as under MindSpore."""
    gen = torch.Generator()
    gen.manual_seed(_numpy_seed())
    return gen


def _random(shape: tuple, fill) -> np.ndarray:
    t = torch.empty(shape, dtype=torch.float32)
    fill(t, _generator())
    return t.numpy()


def _normal(shape: tuple, mean: float, sigma: float) -> np.ndarray:
    if sigma < 0:
        raise ValueError("sigma < 0")
    return _random(shape, lambda t, g: t.normal_(mean, sigma, generator=g))


def _uniform(shape: tuple, low: float, high: float) -> np.ndarray:
    return _random(shape, lambda t, g: t.uniform_(low, high, generator=g))


def _truncated_normal(shape: tuple, a: float, b: float, mean: float, sigma: float) -> np.ndarray:
    if sigma < 0:
        raise ValueError("sigma < 0")
    return _random(shape, lambda t, g: torch.nn.init.trunc_normal_(t, mean, sigma, a, b, generator=g))


# MindSpore's helpers for user initializers (float32 arrays, argument order as MindSpore's).
def _init_random_normal(mean: float, sigma: float, shape: tuple) -> np.ndarray:
    return _normal(shape, mean, sigma)


def _init_random_uniform(a: float, b: float, shape: tuple) -> np.ndarray:
    return _uniform(shape, a, b)


def _init_truncated_normal(a: float, b: float, mean: float, sigma: float, shape: tuple) -> np.ndarray:
    return _truncated_normal(shape, a, b, mean, sigma)


def _assignment(arr: np.ndarray, num: Any) -> np.ndarray:
    """Fill `arr` in place with `num` (a scalar or an array of its shape) and return it."""
    arr[...] = num
    return arr


class Initializer:
    """Base class, MindSpore's protocol: a subclass overrides `_initialize(self, arr)` and fills the numpy array
    `arr` in place; `initializer(init, shape, dtype)` calls it on an array of that shape."""

    def __init__(self, **kwargs: Any) -> None:
        self._kwargs = kwargs
        self._seed = None

    @property
    def seed(self) -> tuple[int, int]:
        from mindshim.common.seed import get_seed
        if self._seed is None:
            return (get_seed() or 0), 0
        return self._seed + 1, 0

    @seed.setter
    def seed(self, value: int) -> None:
        self._seed = value

    def _initialize(self, *args: Any) -> None:
        raise NotImplementedError("Must be overridden!")

    def __call__(self, arr: np.ndarray) -> Any:
        return self._initialize(arr)

    # Filled by `initializer(...)`: MindSpore initialisers carry shape and dtype once bound.
    shape: tuple = ()
    dtype = mstype.float32

    def init_data(self):
        from mindshim.common.tensor import Tensor
        np_dtype = np.float32 if self.dtype == mstype.bfloat16 else mstype.dtype_to_nptype(self.dtype)
        arr = np.zeros(self.shape, dtype=np_dtype)
        if not isinstance(self, Zero):
            self(arr)
        return Tensor(torch.from_numpy(arr).to(mstype.to_torch(self.dtype)).to(_device.current()))


class Zero(Initializer):
    def _initialize(self, arr):
        _assignment(arr, 0)


class One(Initializer):
    def _initialize(self, arr):
        _assignment(arr, 1)


class Constant(Initializer):
    def __init__(self, value: float) -> None:
        super().__init__(value=value)
        self.value = value

    def _initialize(self, arr):
        _assignment(arr, self.value)


class Normal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0) -> None:
        super().__init__(sigma=sigma, mean=mean)
        self.sigma, self.mean = sigma, mean

    def _initialize(self, arr):
        _assignment(arr, _normal(arr.shape, self.mean, self.sigma))


class TruncatedNormal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0, a: float = -2.0, b: float = 2.0) -> None:
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def _initialize(self, arr):
        _assignment(arr, _truncated_normal(arr.shape, self.a, self.b, self.mean, self.sigma))


class Uniform(Initializer):
    def __init__(self, scale: float = 0.07) -> None:
        super().__init__(scale=scale)
        self.scale = scale

    def _initialize(self, arr):
        _assignment(arr, _uniform(arr.shape, -self.scale, self.scale))


class XavierUniform(Initializer):
    def __init__(self, gain: float = 1) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(arr.shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        _assignment(arr, _uniform(arr.shape, -bound, bound))


class XavierNormal(Initializer):
    def __init__(self, gain: float = 1) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(arr.shape)
        _assignment(arr, _normal(arr.shape, 0, self.gain * math.sqrt(2.0 / (fan_in + fan_out))))


class HeUniform(Initializer):
    def __init__(self, negative_slope: float = 0, mode: str = "fan_in", nonlinearity: str = "leaky_relu") -> None:
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _std(self, shape: tuple) -> float:
        fan = _calculate_correct_fan(shape, self.mode)
        return _calculate_gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan)

    def _initialize(self, arr):
        bound = math.sqrt(3.0) * self._std(arr.shape)
        _assignment(arr, _uniform(arr.shape, -bound, bound))


class HeNormal(HeUniform):
    def _initialize(self, arr):
        _assignment(arr, _normal(arr.shape, 0, self._std(arr.shape)))


class Identity(Initializer):
    def _initialize(self, arr):
        if len(arr.shape) != 2:
            raise ValueError("For Identity initializer, the dimension of the initialized tensor should be 2, "
                             f"but got {len(arr.shape)}.")
        _assignment(arr, np.eye(arr.shape[0], arr.shape[1]))


class Sparse(Initializer):
    """A 2-D matrix whose columns each have ceil(sparsity * rows) zeros; the rest ~ N(0, sigma)."""

    def __init__(self, sparsity: float, sigma: float = 0.01) -> None:
        super().__init__()
        self.sparsity, self.sigma = sparsity, sigma

    def _initialize(self, arr):
        if len(arr.shape) != 2:
            raise ValueError("For Sparse initializer, the dimension of the initialized tensor should be 2, "
                             f"but got {len(arr.shape)}.")
        rows, cols = arr.shape
        zeros = int(np.ceil(self.sparsity * rows))
        data = _normal(arr.shape, 0, self.sigma)
        for col in range(cols):
            data[np.random.permutation(list(range(rows)))[:zeros], col] = 0.0
        _assignment(arr, data)


class Dirac(Initializer):
    def __init__(self, groups: int = 1) -> None:
        super().__init__()
        self.groups = groups

    def _initialize(self, arr):
        if len(arr.shape) not in (3, 4, 5):
            raise ValueError("For Dirac initializer, only support to initialize tensor with dimension of 3, 4 or 5, "
                             f"but got {len(arr.shape)}.")
        if arr.shape[0] % self.groups != 0:
            raise ValueError("For Dirac initializer, the first dimension of the initialized tensor must be "
                             f"divisible by groups, but got first dimension{arr.shape[0]}, groups{self.groups}.")
        data = np.zeros(arr.shape)
        per_group = arr.shape[0] // self.groups
        centre = tuple(d // 2 for d in arr.shape[2:])
        for group in range(self.groups):
            for dim in range(min(per_group, arr.shape[1])):
                data[(group * per_group + dim, dim) + centre] = 1
        _assignment(arr, data)


class Orthogonal(Initializer):
    def __init__(self, gain: float = 1.0) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, arr):
        if len(arr.shape) < 2:
            raise ValueError("For Orthogonal initializer, the dimension of the initialized tensor should be no less "
                             f"than 2, but got {len(arr.shape)}.")
        rows = arr.shape[0]
        cols = int(np.prod(arr.shape)) // rows
        data = _normal((rows, cols), 0, 1)
        if rows < cols:
            data = data.T
        q, r = np.linalg.qr(data)
        q *= np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        _assignment(arr, (q * self.gain).reshape(arr.shape))


class VarianceScaling(Initializer):
    def __init__(self, scale: float = 1.0, mode: str = "fan_in", distribution: str = "truncated_normal") -> None:
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        if scale <= 0.0:
            raise ValueError("For VarianceScaling initializer, the argument 'scale' must be greater than 0, "
                             f"but got {scale}.")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError("For VarianceScaling initializer, the argument 'mode' must be fan_in, fan_out or "
                             f"fan_avg, but got {mode}.")
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError("For VarianceScaling initializer, the argument 'distribution' must be uniform, "
                             f"truncated_norm or untruncated_norm, but got {distribution}.")
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def _initialize(self, arr):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(arr.shape)
        fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, fan)
        # MindSpore 2.10 compares against 'truncated_norm', so 'truncated_normal' (the default) samples uniformly.
        if self.distribution == "untruncated_normal":
            _assignment(arr, _normal(arr.shape, 0, math.sqrt(scale)))
        else:
            limit = math.sqrt(3.0 * scale)
            _assignment(arr, _uniform(arr.shape, -limit, limit))


# MindSpore's registry (`_INITIALIZER_ALIAS`): each class by its lower-cased name, plus these aliases.
_INITIALIZER_ALIAS: dict[str, type] = {cls.__name__.lower(): cls for cls in (
    Zero, One, Normal, TruncatedNormal, Uniform, XavierUniform, XavierNormal, HeUniform, HeNormal,
    Identity, Sparse, Dirac, Orthogonal, VarianceScaling)}
_INITIALIZER_ALIAS.update(zeros=Zero, ones=One, xavier_normal=XavierNormal, xavier_uniform=XavierUniform,
                          he_uniform=HeUniform, he_normal=HeNormal)


def _register(*aliases: str) -> Callable[[type], type]:
    """Class decorator: `initializer("<lower-cased class name>")` and each alias name the class (first wins)."""
    def add(cls: type) -> type:
        for name in (cls.__name__.lower(),) + aliases:
            _INITIALIZER_ALIAS.setdefault(name, cls)
        return cls
    return add


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
    dims = (shape,) if isinstance(shape, int) else tuple(shape) if shape is not None else ()
    if any(not isinstance(d, int) or isinstance(d, bool) or d <= 0 for d in dims):
        raise ValueError("For 'initializer', the argument 'shape' is invalid, the value of 'shape' must be positive "
                         f"integer, but got {shape}")
    if isinstance(init, str):
        cls = _INITIALIZER_ALIAS.get(init.lower())
        if cls is None:
            raise ValueError(f"For 'initializer', the class corresponding to '{init}' was not found.")
        init = cls()
    elif isinstance(init, (int, float)) and not isinstance(init, bool):
        init = Constant(init)
    elif isinstance(init, np.ndarray):
        return Tensor(init, dtype)
    if not isinstance(init, Initializer):
        raise TypeError(f"For 'initializer', the 'init' must be Tensor, str, number or Initializer, but got {type(init).__name__}.")
    return _bind(init, shape if shape is not None else (), dtype).init_data()


__all__ = ["Initializer", "initializer", "Zero", "One", "Constant", "Normal", "TruncatedNormal", "Uniform",
           "XavierUniform", "XavierNormal", "HeUniform", "HeNormal", "Identity", "Orthogonal", "Dirac", "Sparse",
           "VarianceScaling"]
