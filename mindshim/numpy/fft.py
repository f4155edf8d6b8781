"""mindspore.numpy.fft: numpy's fft names over `mindspore.ops`' transforms (numpy's argument names `a`, `n`/`s`,
`axis`/`axes`, `norm`). One wrapper per signature family, generated from the tables below."""
from __future__ import annotations

from typing import Any, Callable

from mindshim import ops as _ops


def _one_dim(name: str) -> Callable:
    def transform(a: Any, n: int | None = None, axis: int = -1, norm: str | None = None) -> Any:
        return getattr(_ops, name)(a, n, axis, norm)
    return _named(transform, name)


def _two_dim(name: str) -> Callable:
    def transform(a: Any, s: Any = None, axes: tuple = (-2, -1), norm: str | None = None) -> Any:
        return getattr(_ops, name)(a, s, axes, norm)
    return _named(transform, name)


def _n_dim(name: str) -> Callable:
    def transform(a: Any, s: Any = None, axes: Any = None, norm: str | None = None) -> Any:
        return getattr(_ops, name)(a, s, axes, norm)
    return _named(transform, name)


def _named(fn: Callable, name: str) -> Callable:
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"numpy.fft.{name} as mindspore.numpy spells it: `mindspore.ops.{name}`."
    return fn


def fftshift(x: Any, axes: Any = None) -> Any:
    return _ops.fftshift(x, axes)


def ifftshift(x: Any, axes: Any = None) -> Any:
    return _ops.ifftshift(x, axes)


def fftfreq(n: int, d: float = 1.0, dtype: Any = None) -> Any:
    return _ops.fftfreq(n, d, dtype)


def rfftfreq(n: int, d: float = 1.0, dtype: Any = None) -> Any:
    return _ops.rfftfreq(n, d, dtype)


fft, ifft, rfft, irfft, hfft, ihfft = (_one_dim(n) for n in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"))
fft2, ifft2, rfft2, irfft2, hfft2, ihfft2 = (_two_dim(n) for n in ("fft2", "ifft2", "rfft2", "irfft2", "hfft2",
                                                                    "ihfft2"))
fftn, ifftn, rfftn, irfftn, hfftn, ihfftn = (_n_dim(n) for n in ("fftn", "ifftn", "rfftn", "irfftn", "hfftn",
                                                                  "ihfftn"))

__all__ = [
    "fftshift", "ifftshift", "fft", "ifft", "rfft", "irfft", "fft2", "ifft2", "fftn", "ifftn", "rfft2", "irfft2",
    "rfftn", "irfftn", "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "fftfreq", "rfftfreq",
]
