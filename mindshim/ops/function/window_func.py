"""Window functions (mindspore.ops.bartlett_window/blackman_window/hamming_window/hann_window/kaiser_window).

Mapping decisions (MindSpore 2.10 behaviour, checked against the real thing):
- `bartlett_window`/`blackman_window` take the length as a 0-D integer Tensor (a Python int raises TypeError) and
  return Float32 by default; `hamming_window`/`hann_window`/`kaiser_window` take a Python int (a Tensor raises
  TypeError). `hann_window`/`kaiser_window` return Float64 unless `dtype` is given; `hamming_window` Float32.
- Lengths 0 and 1 give empty/one-element windows; for the int-length forms these are Float64 whatever `dtype` says.
- A periodic window of length n is the symmetric window of length n + 1 without its last sample. Values are
  computed in float64 and rounded to the output dtype; `hamming_window`'s alpha/beta are float32 attributes.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, wrap
from mindshim._backend import device as _device

_FLOATS = (torch.float16, torch.float32, torch.float64, torch.bfloat16)


def _grid(n: int, periodic: bool) -> tuple:
    big = n + 1 if periodic else n
    k = torch.arange(big, dtype=torch.float64, device=_device.current())
    return k, big


def _bartlett(k: torch.Tensor, big: int) -> torch.Tensor:
    return 1.0 - torch.abs(2.0 * k / (big - 1) - 1.0)


def _blackman(k: torch.Tensor, big: int) -> torch.Tensor:
    t = 2.0 * math.pi * k / (big - 1)
    return 0.42 - 0.5 * torch.cos(t) + 0.08 * torch.cos(2.0 * t)


def _cosine(alpha: float, beta: float) -> Callable:
    return lambda k, big: alpha - beta * torch.cos(2.0 * math.pi * k / (big - 1))


def _kaiser(beta: float) -> Callable:
    def fn(k: torch.Tensor, big: int) -> torch.Tensor:
        a = (big - 1) / 2.0
        arg = beta * torch.sqrt(torch.clamp(1.0 - ((k - a) / a) ** 2, min=0.0))
        return torch.special.i0(arg) / torch.special.i0(torch.tensor(float(beta), dtype=torch.float64))
    return fn


def window(n: int, periodic: bool, fn: Callable, dtype: torch.dtype) -> Tensor:
    """The window of length n (n >= 0) computed in float64, cast to dtype."""
    if n <= 1:
        return wrap(torch.ones(n, dtype=dtype, device=_device.current()))
    k, big = _grid(n, periodic)
    return wrap(fn(k, big)[:n].to(dtype))


def float_dtype(name: str, dtype: Any, default: torch.dtype) -> torch.dtype:
    if dtype is None:
        return default
    t = mstype.to_torch(dtype)
    if t not in _FLOATS:
        raise TypeError(f"For '{name}', 'dtype' must be float16, float32 or float64, but got {dtype}.")
    return t


def length_tensor(name: str, window_length: Any, rank: int) -> int:
    """The window length from a Tensor input of the primitives (0-D, or 1-D [n] for HammingWindow)."""
    if not isinstance(window_length, torch.Tensor):
        raise TypeError(f"For Primitive[{name}], the type of input argument[window_length] must be Tensor but got "
                        f"{type(window_length).__name__}.")
    if window_length.is_floating_point() or window_length.is_complex() or window_length.dtype == torch.bool:
        raise TypeError(f"For '{name}', 'window_length' must be an integer Tensor, but got {window_length.dtype}.")
    if window_length.dim() != rank:
        raise ValueError(f"For '{name}', the dim of window_length must be {rank}, but got: {window_length.dim()}.")
    n = int(window_length.reshape(-1)[0].item())
    if n < 0:
        raise ValueError(f"For '{name}', 'window_length' must be non-negative, but got {n}.")
    return n


def _check_bool(name: str, arg: str, value: Any) -> None:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"For '{name}', '{arg}' must be a bool, but got {type(value).__name__}.")


def bartlett_window(window_length: Any, periodic: bool = True, *, dtype: Any = None) -> Tensor:
    _check_bool("bartlett_window", "periodic", periodic)
    n = length_tensor("BartlettWindow", window_length, 0)
    return window(n, periodic, _bartlett, float_dtype("bartlett_window", dtype, torch.float32))


def blackman_window(window_length: Any, periodic: bool = True, *, dtype: Any = None) -> Tensor:
    _check_bool("blackman_window", "periodic", periodic)
    n = length_tensor("BlackmanWindow", window_length, 0)
    return window(n, periodic, _blackman, float_dtype("blackman_window", dtype, torch.float32))


def _int_length(name: str, window_length: Any) -> int:
    if isinstance(window_length, bool) or not isinstance(window_length, int):
        raise TypeError(f"For '{name}', 'window_length' must be a non-negative integer, but got "
                        f"{type(window_length)}")
    if window_length < 0:
        raise ValueError(f"For '{name}', 'window_length' must be a non-negative integer, but got {window_length}")
    return window_length


def hamming_window(window_length: int, periodic: bool = True, alpha: float = 0.54, beta: float = 0.46, *,
                   dtype: Any = None) -> Tensor:
    n = _int_length("hamming_window", window_length)
    _check_bool("hamming_window", "periodic", periodic)
    for arg, value in (("alpha", alpha), ("beta", beta)):
        if not isinstance(value, float):
            raise TypeError(f"For 'hamming_window', '{arg}' must be float, but got {type(value)}.")
    if n <= 1:
        return window(n, periodic, _bartlett, torch.float64)
    t = float_dtype("hamming_window", dtype, torch.float32)
    return window(n, periodic, _cosine(float(np.float32(alpha)), float(np.float32(beta))), t)


def hann_window(window_length: int, periodic: bool = True, *, dtype: Any = None) -> Tensor:
    n = _int_length("hann_window", window_length)
    if n <= 1:
        return window(n, periodic, _bartlett, torch.float64)
    _check_bool("hann_window", "periodic", periodic)
    return window(n, periodic, _cosine(0.5, 0.5), float_dtype("hann_window", dtype, torch.float64))


def kaiser_window(window_length: int, periodic: bool = True, beta: float = 12.0, *, dtype: Any = None) -> Tensor:
    n = _int_length("kaiser_window", window_length)
    if n <= 1:
        return window(n, periodic, _bartlett, torch.float64)
    _check_bool("kaiser_window", "periodic", periodic)
    return window(n, periodic, _kaiser(float(beta)), float_dtype("kaiser_window", dtype, torch.float64))


BARTLETT, BLACKMAN, cosine_window = _bartlett, _blackman, _cosine

__all__ = ["bartlett_window", "blackman_window", "hamming_window", "hann_window", "kaiser_window"]
