"""Spectral primitives: FFTWithSize, STFT and the window primitives (BartlettWindow, BlackmanWindow,
HammingWindow).

Mapping decisions: `FFTWithSize` transforms the last `signal_ndim` dims; FFT/IFFT/IRFFT need a complex input
(TypeError), a rank below `signal_ndim` or `signal_ndim` outside 1..3 raise RuntimeError (MindSpore's kernel
error); `onesided=False` gives the full spectrum for RFFT and the real part of the full inverse for IRFFT.
`STFT` does no centre padding (that is `ops.stft`'s job). The window primitives take the length as a 0-D integer
Tensor (HammingWindow: 1-D with one element).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.ops.function import fft_func as F
from mindshim.ops.function import window_func as W
from mindshim.ops.primitive import Primitive

_NORMS = ("backward", "forward", "ortho")


class FFTWithSize(Primitive):
    def __init__(self, signal_ndim: int, inverse: bool, real: bool, norm: str = "backward", onesided: bool = True,
                 signal_sizes: Any = ()) -> None:
        super().__init__()
        if norm not in _NORMS:
            raise ValueError(f"For 'FFTWithSize', 'norm' must be one of {_NORMS}, but got {norm}.")
        signal_sizes = tuple(signal_sizes)
        if signal_sizes and len(signal_sizes) != signal_ndim:
            raise ValueError(f"For 'FFTWithSize', signal_sizes is expected to be empty (default) or of "
                             f"signal_ndim={signal_ndim}D, but got signal_sizes={signal_sizes}")
        self.signal_ndim, self.inverse, self.real, self.norm = signal_ndim, inverse, real, norm
        self.onesided, self.signal_sizes = onesided, signal_sizes

    def __call__(self, x: Any) -> Any:
        nd = self.signal_ndim
        if not 1 <= nd <= 3:
            raise RuntimeError(f"For 'FFTWithSize', 'signal_ndim' must be 1, 2 or 3, but got {nd}.")
        x = F.fft_input("FFTWithSize", x)
        if x.dim() < nd:
            raise RuntimeError(f"For 'FFTWithSize', the input rank {x.dim()} is less than signal_ndim={nd}.")
        if (self.inverse or not self.real) and not x.is_complex():
            raise TypeError(f"For 'FFTWithSize', FFT/IFFT/IRFFT need a complex64 or complex128 input, got {x.dtype}.")
        dims = tuple(range(x.dim() - nd, x.dim()))
        fft = torch.fft
        if not self.real:
            return (fft.ifftn if self.inverse else fft.fftn)(x, dim=dims, norm=self.norm)
        if not self.inverse:
            return (fft.rfftn if self.onesided else fft.fftn)(x, dim=dims, norm=self.norm)
        if not self.onesided:
            return torch.real(fft.ifftn(x, dim=dims, norm=self.norm))
        return fft.irfftn(x, s=self.signal_sizes or None, dim=dims, norm=self.norm)


class STFT(Primitive):
    def __init__(self, n_fft: int, hop_length: int, win_length: int, normalized: bool, onesided: bool,
                 return_complex: bool) -> None:
        super().__init__()
        for arg, value in (("n_fft", n_fft), ("hop_length", hop_length), ("win_length", win_length)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"For 'STFT', '{arg}' must be an int, but got {type(value).__name__}.")
        self.n_fft, self.hop_length, self.win_length = n_fft, hop_length, win_length
        self.normalized, self.onesided, self.return_complex = normalized, onesided, return_complex

    def __call__(self, x: Any, window: Any) -> Any:
        return F.stft_core("STFT", x, self.n_fft, self.hop_length, self.win_length, window, self.normalized,
                           self.onesided, self.return_complex)


def _check_bool(name: str, value: Any) -> None:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"For '{name}', 'periodic' must be a bool, but got {type(value).__name__}.")


class BartlettWindow(Primitive):
    _fn, _rank = staticmethod(W.BARTLETT), 0

    def __init__(self, periodic: bool = True, dtype: Any = None) -> None:
        super().__init__()
        _check_bool(type(self).__name__, periodic)
        self.periodic = periodic
        self.dtype = W.float_dtype(type(self).__name__, dtype, torch.float32)

    def __call__(self, window_length: Any) -> Any:
        n = W.length_tensor(type(self).__name__, window_length, self._rank)
        return W.window(n, self.periodic, self._window(), self.dtype)

    def _window(self) -> Any:
        return type(self)._fn


class BlackmanWindow(BartlettWindow):
    _fn = staticmethod(W.BLACKMAN)


class HammingWindow(BartlettWindow):
    _rank = 1

    def __init__(self, periodic: bool = True, alpha: float = 0.54, beta: float = 0.46, dtype: Any = None) -> None:
        super().__init__(periodic, dtype)
        for arg, value in (("alpha", alpha), ("beta", beta)):
            if not isinstance(value, float):
                raise TypeError(f"For 'HammingWindow', '{arg}' must be a float, but got {type(value).__name__}.")
        self.alpha, self.beta = alpha, beta

    def _window(self) -> Any:
        return W.cosine_window(float(np.float32(self.alpha)), float(np.float32(self.beta)))


__all__ = ["FFTWithSize", "STFT", "BartlettWindow", "BlackmanWindow", "HammingWindow"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
