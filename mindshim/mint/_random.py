"""`mindspore.mint` random functions (torch-style: `*size` varargs or one tuple, keyword-only `generator`/`dtype`).

MindSpore 2.10's CPU backend has no kernel for any of them; mindshim draws with torch from the documented
distribution, in the documented dtypes (Float32 by default for floats, Int64 for integers and indices)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim._backend import device as _device
from mindshim.common.tensor import plain, wrap
from mindshim.mint._common import tdtype, tensor
from mindshim.ops.function.random_extra_func import torch_generator


def _size(size: tuple) -> tuple:
    if size and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    return tuple(int(s) for s in size)


def rand(*size: Any, generator: Any = None, dtype: Any = None, device: Any = None) -> Any:
    return wrap(torch.rand(_size(size), generator=torch_generator(generator), dtype=tdtype(dtype) or torch.float32,
                           device=_device.current()))


def randn(*size: Any, generator: Any = None, dtype: Any = None, device: Any = None) -> Any:
    return wrap(torch.randn(_size(size), generator=torch_generator(generator), dtype=tdtype(dtype) or torch.float32,
                            device=_device.current()))


def rand_like(input: Any, *, dtype: Any = None, device: Any = None) -> Any:
    return torch.rand_like(tensor(input), dtype=tdtype(dtype))


def randn_like(input: Any, *, dtype: Any = None, device: Any = None) -> Any:
    return torch.randn_like(tensor(input), dtype=tdtype(dtype))


def _bounds(name: str, args: tuple) -> tuple:
    if len(args) == 1:
        return 0, int(args[0])
    low, high = int(args[0]), int(args[1])
    if low >= high:
        raise ValueError(f"For '{name}', 'low' must be less than 'high', but got {low} and {high}.")
    return low, high


def randint(*args: Any, generator: Any = None, dtype: Any = None, device: Any = None) -> Any:
    """randint(high, size) or randint(low, high, size)."""
    if len(args) not in (2, 3):
        raise TypeError(f"For 'randint', expected (high, size) or (low, high, size), but got {len(args)} arguments.")
    low, high = _bounds("randint", args[:-1])
    return wrap(torch.randint(low, high, _size((args[-1],)), generator=torch_generator(generator),
                              dtype=tdtype(dtype) or torch.int64, device=_device.current()))


def randint_like(input: Any, *args: Any, dtype: Any = None, device: Any = None) -> Any:
    """randint_like(input, high) or randint_like(input, low, high)."""
    if len(args) not in (1, 2):
        raise TypeError(f"For 'randint_like', expected (input, high) or (input, low, high), got {len(args) + 1}.")
    low, high = _bounds("randint_like", args)
    return torch.randint_like(tensor(input), low, high, dtype=tdtype(dtype))


def randperm(n: int, *, generator: Any = None, dtype: Any = None) -> Any:
    if n < 0:
        raise ValueError(f"For 'randperm', n must be non-negative, but got {n}.")
    return wrap(torch.randperm(int(n), generator=torch_generator(generator), dtype=tdtype(dtype) or torch.int64,
                               device=_device.current()))


def normal(mean: Any = 0.0, std: Any = 1.0, size: Any = None, generator: Any = None) -> Any:
    gen = torch_generator(generator)
    if not isinstance(mean, torch.Tensor) and not isinstance(std, torch.Tensor):
        return wrap(torch.normal(float(mean), float(std), _size((size,)), generator=gen, device=_device.current()))
    ref = plain(mean if isinstance(mean, torch.Tensor) else std)
    m = torch.as_tensor(plain(mean), dtype=ref.dtype, device=ref.device)
    s = torch.as_tensor(plain(std), dtype=ref.dtype, device=ref.device)
    shape = torch.broadcast_shapes(m.shape, s.shape)
    return wrap(torch.normal(m.expand(shape), s.expand(shape), generator=gen))


def multinomial(input: Any, num_samples: int, replacement: bool = False, *, generator: Any = None) -> Any:
    x = tensor(input)
    if not replacement and num_samples > x.shape[-1]:
        raise ValueError(f"For 'multinomial', num_samples {num_samples} must not exceed the number of categories "
                         f"{x.shape[-1]} without replacement.")
    return torch.multinomial(x, num_samples, replacement, generator=torch_generator(generator))


__all__ = ["rand", "randn", "rand_like", "randn_like", "randint", "randint_like", "randperm", "normal",
           "multinomial"]
