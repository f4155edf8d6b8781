"""PitchShift of mindspore.dataset.audio: stretch in time with a phase vocoder (by 2 ** (-n_steps / bins_per_octave)),
then resample back to the original duration, cut or zero-padded to the input's length."""
from __future__ import annotations

import math

import numpy as np
import torch

from mindshim.dataset.audio._common import AudioTensorOperation, numeric_wave
from mindshim.dataset.audio._effects_analysis import Resample
from mindshim.dataset.audio._spectral_common import istft, stft
from mindshim.dataset.audio._spectral_phase import phase_vocoder
from mindshim.dataset.audio.utils import (WindowType, check_fft_lengths, check_int32, check_non_negative_int32,
                                          check_nonzero, check_pos_int32, type_check)

__all__ = ["PitchShift"]


class PitchShift(AudioTensorOperation):
    def __init__(self, sample_rate: int, n_steps: int, bins_per_octave: int = 12, n_fft: int = 512,
                 win_length: int | None = None, hop_length: int | None = None,
                 window: WindowType = WindowType.HANN) -> None:
        check_non_negative_int32(sample_rate, "sample_rate")
        check_int32(n_steps, "n_steps")
        check_int32(bins_per_octave, "bins_per_octave")
        check_nonzero(bins_per_octave, "bins_per_octave")
        check_pos_int32(n_fft, "n_fft")
        type_check(window, (WindowType,), "window")
        check_fft_lengths(n_fft, win_length, hop_length)
        self.sample_rate, self.n_steps, self.bins_per_octave, self.n_fft = sample_rate, n_steps, bins_per_octave, n_fft
        self.win_length = win_length if win_length is not None else n_fft
        self.hop_length = hop_length if hop_length is not None else self.win_length // 4
        self.window = window

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "PitchShift")
        n = wave.shape[-1]
        rate = 2.0 ** (-float(self.n_steps) / self.bins_per_octave)
        spec = stft(wave, self.n_fft, self.hop_length, self.win_length, self.window)
        advance = torch.linspace(0, math.pi * self.hop_length, spec.shape[-2], dtype=spec.real.dtype)[..., None]
        stretched = phase_vocoder(spec, rate, advance)
        length = int(round(n / rate))
        slow = istft(stretched, self.n_fft, self.hop_length, self.win_length, self.window, length=length).numpy()
        shifted = Resample(float(int(self.sample_rate / rate)), float(self.sample_rate))(slow.astype(wave.dtype))
        if shifted.shape[-1] >= n:
            return np.ascontiguousarray(shifted[..., :n])
        return np.pad(shifted, [(0, 0)] * (wave.ndim - 1) + [(0, n - shifted.shape[-1])])
