"""mindspore.scipy.fft: the orthonormal type-II DCT and its inverse (the type-III DCT), along one axis or several.
As in MindSpore 2.10 only type=2 and norm "ortho" (or None) are accepted; `n`/`s` zero-pad or truncate first;
integer and float16 inputs give float32, float64 stays float64, complex stays complex (dctn rejects complex128)."""
from __future__ import annotations

import math
from typing import Any, Sequence

import torch

from mindshim.common.tensor import Tensor, wrap

__all__ = ["dct", "idct", "dctn", "idctn"]

_REAL_IN = (torch.int16, torch.int32, torch.int64, torch.float16, torch.float32, torch.float64)
_COMPLEX = (torch.complex64, torch.complex128)
builtin_type = type  # the functions' `type` argument shadows it


def _check_common(op: str, x: Any, type: Any, norm: Any, complex_ok: tuple) -> torch.Tensor:
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{op}', 'x' must be a Tensor, but got {builtin_type(x).__name__}.")
    t = x.as_subclass(torch.Tensor)
    if t.dtype not in _REAL_IN + complex_ok:
        raise TypeError(f"For '{op}', the dtype of 'x' is not supported, got {x.dtype}.")
    if type != 2:
        raise ValueError("Only dct type II is supported currently.")
    if norm not in (None, "ortho"):
        raise ValueError('Only norm "ortho" is supported currently.')
    if not 1 <= t.ndim <= 8:
        raise ValueError(f"For primitive[{op}], the rank of input must be in [1,8], but got {t.ndim}.")
    return t if t.dtype in (torch.float32, torch.float64) + _COMPLEX else t.to(torch.float32)



def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _basis(n: int, dtype: torch.dtype) -> torch.Tensor:
    """The orthonormal DCT-II matrix: row k is sqrt(2/n) c_k cos(pi k (2i+1) / 2n), c_0 = 1/sqrt(2)."""
    k = torch.arange(n, dtype=torch.float64).unsqueeze(1)
    i = torch.arange(n, dtype=torch.float64).unsqueeze(0)
    m = torch.cos(math.pi * k * (2 * i + 1) / (2 * n)) * math.sqrt(2.0 / n)
    m[0] /= math.sqrt(2.0)
    real = torch.float64 if dtype in (torch.float64, torch.complex128) else torch.float32
    return m.to(real)


def _resize(t: torch.Tensor, axis: int, n: int) -> torch.Tensor:
    size = t.shape[axis]
    if n < size:
        return t.narrow(axis, 0, n)
    if n > size:
        pad = list(t.shape)
        pad[axis] = n - size
        return torch.cat([t, torch.zeros(pad, dtype=t.dtype)], axis)
    return t


def _along(t: torch.Tensor, axis: int, n: int, inverse: bool) -> torch.Tensor:
    t = _resize(t, axis, n)
    m = _basis(n, t.dtype)
    m = m if inverse else m.T  # y = x @ M^T for the DCT, x @ M for its inverse
    moved = t.movedim(axis, -1)
    out = torch.complex(moved.real @ m, moved.imag @ m) if t.is_complex() else moved @ m
    return out.movedim(-1, axis)


def _one(op: str, x: Any, type: Any, n: Any, axis: Any, norm: Any, inverse: bool) -> Tensor:
    t = _check_common(op, x, type, norm, _COMPLEX)
    if (n is not None and not _is_int(n)) or not _is_int(axis):
        raise TypeError(f"For '{op}', 'n' and 'axis' must be int, but got n={n!r}, axis={axis!r}.")
    if not -t.ndim <= axis < t.ndim:
        raise ValueError(f"For primitive[{op}], the axis must be in [{-t.ndim},{t.ndim}), but got {axis}.")
    if n is not None and n < 1:
        raise ValueError(f"The argument[n] must be greater than 0, but got {n}.")
    return wrap(_along(t, axis % t.ndim, t.shape[axis] if n is None else n, inverse))


def _many(op: str, x: Any, type: Any, s: Any, axes: Any, norm: Any, inverse: bool) -> Tensor:
    t = _check_common(op, x, type, norm, (torch.complex64,))
    for name, value in (("s", s), ("axes", axes)):
        if value is not None and not (isinstance(value, (tuple, list)) and all(_is_int(v) for v in value)):
            raise TypeError(f"For '{op}', '{name}' must be a tuple of int, but got {value!r}.")
    if axes is None:
        axes = list(range(t.ndim))[-len(s):] if s is not None else list(range(t.ndim))
    for a in axes:
        if not -t.ndim <= a < t.ndim:
            raise ValueError(f"For primitive[{op}], the axes must be in [{-t.ndim},{t.ndim}), but got {a}.")
    axes = [a % t.ndim for a in axes]
    if len(set(axes)) != len(axes):
        raise ValueError("The dims must be unique.")
    if s is not None and len(s) != len(axes):
        raise ValueError("When given, dim and s arguments must have the same length.")
    sizes = [t.shape[a] for a in axes] if s is None else list(s)
    for size in sizes:
        if size < 1:
            raise ValueError(f"The argument[s] must be greater than 0, but got {size}.")
    for a, size in zip(axes, sizes):
        t = _along(t, a, size, inverse)
    return wrap(t)


def dct(x: Tensor, type: int = 2, n: int | None = None, axis: int = -1, norm: str | None = None) -> Tensor:
    """Orthonormal DCT-II of `x` along `axis`."""
    return _one("DCT", x, type, n, axis, norm, inverse=False)


def idct(x: Tensor, type: int = 2, n: int | None = None, axis: int = -1, norm: str | None = None) -> Tensor:
    """Inverse of the orthonormal DCT-II (the orthonormal DCT-III) along `axis`."""
    return _one("IDCT", x, type, n, axis, norm, inverse=True)


def dctn(x: Tensor, type: int = 2, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
         norm: str | None = None) -> Tensor:
    """Orthonormal DCT-II over `axes` (all, or the last len(s))."""
    return _many("DCTN", x, type, s, axes, norm, inverse=False)


def idctn(x: Tensor, type: int = 2, s: Sequence[int] | None = None, axes: Sequence[int] | None = None,
          norm: str | None = None) -> Tensor:
    """Inverse of `dctn` over `axes`."""
    return _many("IDCTN", x, type, s, axes, norm, inverse=True)
