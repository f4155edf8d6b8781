"""STFT-based audio transforms: Spectrogram, InverseSpectrogram, GriffinLim, SpectralCentroid."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.dataset.audio import utils as u
from mindshim.dataset.audio._common import AudioTensorOperation, as_float, kernel_error, name_of, need_complex
from mindshim.dataset.audio._spectral_common import from_complex, istft, stft, to_complex
from mindshim.dataset.audio.utils import BorderType, WindowType


def check_stft_args(n_fft: Any, win_length: Any, hop_length: Any, pad: Any, window: Any) -> None:
    u.check_fft_lengths(n_fft, win_length, hop_length)
    u.check_non_negative_int32(pad, "pad")
    u.type_check(window, (WindowType,), "window")


def check_bools(**flags: Any) -> None:
    for name, value in flags.items():
        u.type_check(value, (bool,), name)


class Spectrogram(AudioTensorOperation):
    _accepts_lists = True

    def __init__(self, n_fft: int = 400, win_length: int | None = None, hop_length: int | None = None, pad: int = 0,
                 window: WindowType = WindowType.HANN, power: float = 2.0, normalized: bool = False,
                 center: bool = True, pad_mode: BorderType = BorderType.REFLECT, onesided: bool = True) -> None:
        check_stft_args(n_fft, win_length, hop_length, pad, window)
        u.check_non_negative_float32(power, "power")
        check_bools(normalized=normalized, center=center, onesided=onesided)
        u.type_check(pad_mode, (BorderType,), "pad_mode")
        self.n_fft, self.pad, self.window, self.power = n_fft, pad, window, power
        self.win_length = win_length or n_fft
        self.hop_length = hop_length or self.win_length // 2
        self.normalized, self.center, self.pad_mode, self.onesided = normalized, center, pad_mode, onesided

    def complex_spec(self, wave: np.ndarray) -> torch.Tensor:
        return stft(wave, self.n_fft, self.hop_length, self.win_length, self.window, self.center, self.pad_mode,
                    self.onesided, self.pad, self.normalized)

    def _apply(self, x: np.ndarray) -> np.ndarray:
        x = as_float(x, name_of(self), 1)
        spec = self.complex_spec(x)
        if self.power == 0:  # MindSpore's "no power": the complex spectrogram, (..., freq, time, 2)
            return from_complex(spec, x.dtype)
        return spec.abs().pow(self.power).numpy().astype(x.dtype, copy=False)


class InverseSpectrogram(AudioTensorOperation):
    def __init__(self, length: int | None = None, n_fft: int = 400, win_length: int | None = None,
                 hop_length: int | None = None, pad: int = 0, window: WindowType = WindowType.HANN,
                 normalized: bool = False, center: bool = True, pad_mode: BorderType = BorderType.REFLECT,
                 onesided: bool = True) -> None:
        if length is not None:
            u.check_non_negative_int32(length, "length")
        check_stft_args(n_fft, win_length, hop_length, pad, window)
        check_bools(normalized=normalized, center=center, onesided=onesided)
        u.type_check(pad_mode, (BorderType,), "pad_mode")
        self.length, self.n_fft, self.pad, self.window = length or 0, n_fft, pad, window
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 2
        self.normalized, self.center, self.pad_mode, self.onesided = normalized, center, pad_mode, onesided

    def _apply(self, x: np.ndarray) -> np.ndarray:
        need_complex(x, name_of(self), 3)
        x = as_float(x, name_of(self))
        if self.pad and not self.length:
            raise kernel_error(f"{name_of(self)}: length should be set when pad is positive.")
        length = self.length + 2 * self.pad if self.length else None
        wave = istft(to_complex(x), self.n_fft, self.hop_length, self.win_length, self.window, self.center,
                     self.onesided, length, self.normalized)
        if self.pad:
            wave = wave[..., self.pad:wave.shape[-1] - self.pad]
        return wave.numpy().astype(x.dtype, copy=False)


class GriffinLim(AudioTensorOperation):
    def __init__(self, n_fft: int = 400, n_iter: int = 32, win_length: int | None = None,
                 hop_length: int | None = None, window_type: WindowType = WindowType.HANN, power: float = 2.0,
                 momentum: float = 0.99, length: int | None = None, rand_init: bool = True) -> None:
        u.check_pos_int32(n_fft, "n_fft")
        u.check_pos_int32(n_iter, "n_iter")
        u.check_fft_lengths(n_fft, win_length, hop_length, u.check_non_negative_int32)
        u.type_check(window_type, (WindowType,), "window_type")
        u.check_pos_float32(power, "power")
        u.check_non_negative_float32(momentum, "momentum")
        if length is not None:
            u.check_non_negative_int32(length, "length")
        u.type_check(rand_init, (bool,), "rand_init")
        self.n_fft, self.n_iter, self.window_type, self.power = n_fft, n_iter, window_type, power
        self.win_length = win_length or n_fft
        self.hop_length = hop_length or self.win_length // 2
        self.momentum, self.length, self.rand_init = momentum, length or 0, rand_init

    def _apply(self, x: np.ndarray) -> np.ndarray:
        op = name_of(self)
        x = as_float(x, op)
        freq = self.n_fft // 2 + 1
        if x.ndim < 2 or x.shape[-2] != freq:
            raise kernel_error(f"{op}: the frequency of the input should equal to n_fft / 2 + 1, but got "
                               f"{x.shape[-2] if x.ndim >= 2 else x.ndim}.")
        mag = torch.from_numpy(np.ascontiguousarray(x)).pow(1.0 / self.power)
        if self.rand_init:
            rng = self._rng()
            phase = torch.from_numpy(rng.random(x.shape)).to(mag.dtype) * (2 * np.pi)
            angles = torch.polar(torch.ones_like(mag), phase)
        else:
            angles = torch.ones_like(mag) + 0j
        length = self.length or None
        args = (self.n_fft, self.hop_length, self.win_length, self.window_type)
        previous = torch.zeros((), dtype=angles.dtype)
        # MindSpore's kernel scales the previous estimate by m / (1 + 2m) (measured), not torchaudio's m / (1 + m)
        factor = self.momentum / (1 + 2 * self.momentum)
        for _ in range(self.n_iter):
            rebuilt = stft(istft(mag * angles, *args, length=length).numpy(), *args)
            angles = rebuilt - previous * factor
            angles = angles / (angles.abs() + 1e-16)
            previous = rebuilt
        return istft(mag * angles, *args, length=length).numpy().astype(x.dtype, copy=False)


class SpectralCentroid(AudioTensorOperation):
    _accepts_lists = True

    def __init__(self, sample_rate: int, n_fft: int = 400, win_length: int | None = None,
                 hop_length: int | None = None, pad: int = 0, window: WindowType = WindowType.HANN) -> None:
        u.check_non_negative_int32(sample_rate, "sample_rate")
        u.check_non_negative_int32(pad, "pad")
        u.type_check(window, (WindowType,), "window")
        u.check_fft_lengths(n_fft, win_length, hop_length)
        self.sample_rate, self.n_fft, self.pad, self.window = sample_rate, n_fft, pad, window
        self.win_length = win_length or n_fft
        self.hop_length = hop_length or self.win_length // 2

    def _apply(self, x: np.ndarray) -> np.ndarray:
        x = as_float(x, name_of(self), 1)
        spec = stft(x, self.n_fft, self.hop_length, self.win_length, self.window, pad=self.pad).abs()
        freqs = torch.linspace(0, self.sample_rate // 2, self.n_fft // 2 + 1, dtype=spec.dtype)[:, None]
        centroid = (freqs * spec).sum(dim=-2, keepdim=True) / spec.sum(dim=-2, keepdim=True)
        return centroid.numpy().astype(x.dtype, copy=False)


__all__ = ["Spectrogram", "InverseSpectrogram", "GriffinLim", "SpectralCentroid"]
