"""mindspore.dataset.audio effects: pointwise gain/shaping (Contrast, DCShift, Gain, Vol, Overdrive, Fade), mu-law
companding and Dither; the delay-line effects (Flanger, Phaser) live in `_effects_delay.py`, Resample and
DetectPitchFrequency in `_effects_analysis.py`, Vad in `_effects_vad.py`, PitchShift in `_effects_pitch.py`.

Dtypes follow MindSpore's kernels: numbers other than float64 are computed and returned as float32 (float16 too),
float64 stays float64; MuLawEncoding returns int32."""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from mindshim.dataset.audio._effects_analysis import DetectPitchFrequency, Resample
from mindshim.dataset.audio._effects_delay import Flanger, Phaser
from mindshim.dataset.audio._effects_pitch import PitchShift
from mindshim.dataset.audio._effects_vad import Vad
from mindshim.dataset.audio._common import AudioTensorOperation, kernel_error, numeric_wave
from mindshim.dataset.audio._filters_core import lfilter64
from mindshim.dataset.audio.utils import (DensityFunction, FadeShape, GainType, check_float32, check_non_negative_float32,
                                          check_non_negative_int32, check_number_in, check_pos_float32,
                                          check_pos_int32, type_check)

__all__ = ["Contrast", "DCShift", "DetectPitchFrequency", "Dither", "Fade", "Flanger", "Gain", "MuLawDecoding",
           "MuLawEncoding", "Overdrive", "Phaser", "PitchShift", "Resample", "Vad", "Vol"]


def _like(values: np.ndarray, wave: np.ndarray) -> np.ndarray:
    return np.asarray(values).astype(wave.dtype, copy=False)


class Contrast(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, enhancement_amount: float = 75.0) -> None:
        self.enhancement_amount = check_number_in(enhancement_amount, "enhancement_amount", 0, 100)

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "Contrast")
        quarter = wave.astype(np.float64) * (np.pi / 2)
        return _like(np.sin(quarter + self.enhancement_amount / 750.0 * np.sin(quarter * 4)), wave)


class DCShift(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, shift: float, limiter_gain: float | None = None) -> None:
        self.shift = check_number_in(shift, "shift", -2.0, 2.0)
        if limiter_gain is not None:
            type_check(limiter_gain, (float, int), "limiter_gain")
        self.limiter_gain = limiter_gain if limiter_gain else shift

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "DCShift")
        x = wave.astype(np.float64)
        shift, gain = np.float32(self.shift).item(), np.float32(self.limiter_gain).item()
        plain = np.clip(x + shift, -1.0, 1.0)
        if shift == gain or shift == 0:
            return _like(plain, wave)
        threshold = 1.0 - (abs(shift) - gain)
        if shift > 0:
            peak = (x - threshold) * gain / (1 - threshold)
            limited = np.minimum(peak + threshold + shift, threshold)
            return _like(np.where(x > threshold, limited, plain), wave)
        peak = (x + threshold) * gain / (1 - threshold)
        limited = np.maximum(peak + threshold + shift, -threshold)
        return _like(np.where(x < -threshold, limited, plain), wave)


class Gain(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, gain_db: float = 1.0) -> None:
        check_float32(gain_db, "gain_db")
        self.gain_db = gain_db

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "Gain")
        if self.gain_db == 0:
            return wave.copy()
        return wave * wave.dtype.type(10.0 ** (wave.dtype.type(self.gain_db) / 20))


class Vol(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, gain: float, gain_type: GainType = GainType.AMPLITUDE) -> None:
        type_check(gain, (int, float), "gain")
        type_check(gain_type, (GainType,), "gain_type")
        {GainType.AMPLITUDE: check_non_negative_float32, GainType.POWER: check_pos_float32}.get(
            gain_type, check_float32)(gain, "gain")
        self.gain, self.gain_type = gain, gain_type

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "Vol")
        gain = float(self.gain)
        if self.gain_type == GainType.DB and gain != 0:
            gain = 10.0 ** (gain / 20)
        elif self.gain_type == GainType.POWER:
            gain = 10.0 ** (10 * math.log10(gain) / 20)
        out = wave
        if gain != 0 or self.gain_type == GainType.AMPLITUDE:
            out = wave * wave.dtype.type(gain)
        return np.clip(out, -1, 1).astype(wave.dtype, copy=False)


class Overdrive(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, gain: float = 20.0, color: float = 20.0) -> None:
        self.gain, self.color = check_number_in(gain, "gain", 0, 100), check_number_in(color, "color", 0, 100)

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "Overdrive")
        x = wave.astype(np.float64)
        driven = x * np.float32(math.exp(self.gain * math.log(10) / 20.0)) + np.float32(self.color / 200)
        shaped = np.where(driven < -1, -2.0 / 3.0, np.where(driven > 1, 2.0 / 3.0, driven - driven ** 3 / 3.0))
        # DC blocker: out[n] = shaped[n] - shaped[n-1] + 0.995 out[n-1]
        blocked = lfilter64(shaped, np.array([1.0, -0.995]), np.array([1.0, -1.0]))
        return _like(np.clip(x * 0.5 + blocked * 0.75, -1, 1), wave)


def _fade_curve(length: int, shape: FadeShape, fade_in: bool) -> np.ndarray:
    t = np.linspace(0.0, 1.0, length) if length > 1 else np.zeros(length)
    if fade_in:
        table = {FadeShape.LINEAR: lambda: t, FadeShape.EXPONENTIAL: lambda: 2.0 ** (t - 1.0) * t,
                 FadeShape.LOGARITHMIC: lambda: np.log10(t + 0.1) + 1.0,
                 FadeShape.QUARTER_SINE: lambda: np.sin(t * np.pi / 2.0),
                 FadeShape.HALF_SINE: lambda: np.sin(t * np.pi - np.pi / 2.0) / 2.0 + 0.5}
    else:
        table = {FadeShape.LINEAR: lambda: 1.0 - t, FadeShape.EXPONENTIAL: lambda: 2.0 ** (-t) * (1.0 - t),
                 FadeShape.LOGARITHMIC: lambda: np.log10(1.1 - t) + 1.0,
                 FadeShape.QUARTER_SINE: lambda: np.sin(t * np.pi / 2.0 + np.pi / 2.0),
                 FadeShape.HALF_SINE: lambda: np.sin(t * np.pi + np.pi / 2.0) / 2.0 + 0.5}
    return table[shape]()


class Fade(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, fade_in_len: int = 0, fade_out_len: int = 0,
                 fade_shape: FadeShape = FadeShape.LINEAR) -> None:
        check_non_negative_int32(fade_in_len, "fade_in_len")
        check_non_negative_int32(fade_out_len, "fade_out_len")
        type_check(fade_shape, (FadeShape,), "fade_shape")
        self.fade_in_len, self.fade_out_len, self.fade_shape = fade_in_len, fade_out_len, fade_shape

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "Fade")
        n = wave.shape[-1]
        for name, length in (("fade_in_len", self.fade_in_len), ("fade_out_len", self.fade_out_len)):
            if length > n:
                raise kernel_error(f"Fade: {name} should be no greater than length of waveform, but got: {length} "
                                   f"and {n}.")
        gain = np.ones(n, wave.dtype)
        gain[:self.fade_in_len] = _fade_curve(self.fade_in_len, self.fade_shape, True)
        out = wave * gain  # fade in first, then fade out over the tail (they multiply where they overlap)
        tail = _fade_curve(self.fade_out_len, self.fade_shape, False).astype(wave.dtype)
        if self.fade_out_len:
            out[..., n - self.fade_out_len:] *= tail
        return out


class _MuLaw(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, quantization_channels: int = 256) -> None:
        check_pos_int32(quantization_channels, "quantization_channels")
        self.quantization_channels = quantization_channels


class MuLawEncoding(_MuLaw):
    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "MuLawEncoding")
        mu = self.quantization_channels - 1.0
        if mu == 0:  # MindSpore divides by log1p(0): every code comes out as the int32 minimum
            return np.full(wave.shape, np.iinfo(np.int32).min, np.int32)
        x = wave.astype(np.float64)
        x_mu = np.sign(x) * np.log1p(mu * np.abs(x)) / math.log1p(mu)
        return ((x_mu + 1) / 2 * mu + 0.5).astype(np.int32)


class MuLawDecoding(_MuLaw):
    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "MuLawDecoding")
        mu = self.quantization_channels - 1.0
        if mu == 0:
            raise kernel_error("MuLawDecoding: zero division error, 'quantization_channels' can not be 1.")
        x = wave.astype(np.float64) / mu * 2 - 1.0
        return _like(np.sign(x) * (np.exp(np.abs(x) * math.log1p(mu)) - 1.0) / mu, wave)


class Dither(AudioTensorOperation):
    """MindSpore quantises to 16 bits after adding: TPDF, a fixed triangular window over time (deterministic);
    RPDF, one randomly picked sample of the input; GPDF, a running sum of six more randomly picked samples."""

    def __init__(self, density_function: DensityFunction = DensityFunction.TPDF, noise_shaping: bool = False) -> None:
        type_check(density_function, (DensityFunction,), "density_function")
        type_check(noise_shaping, (bool,), "noise_shaping")
        self.density_function, self.noise_shaping = density_function, noise_shaping

    def _offset(self, rows: np.ndarray) -> Any:
        channels, n = rows.shape
        if self.density_function == DensityFunction.TPDF:
            return np.bartlett(n + 1)[:-1].astype(rows.dtype)  # the periodic triangle
        rng = self._rng()
        flat = rows.reshape(-1).copy()  # GPDF writes its running sum back into the samples it draws from

        def pick() -> int:
            c = int(rng.integers(0, channels)) if channels > 1 else 0
            t = int(rng.integers(0, n)) if n > 1 else 0
            return c * n + t
        value = flat[pick()]
        if self.density_function == DensityFunction.GPDF:
            for _ in range(6):
                k = pick()
                value = value + flat[k]
                flat[k] = value
        return value

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "Dither")
        rows = wave.reshape(-1, wave.shape[-1])
        scaled = rows * rows.dtype.type(32766)
        total = scaled + self._offset(rows)
        whole = np.trunc(total)
        whole = whole + np.sign(total) * (np.abs(total - whole) >= 0.5)  # C's round(): halves away from zero
        dithered = whole / rows.dtype.type(32768)
        if self.noise_shaping:
            error = dithered - rows
            dithered = dithered + np.concatenate([np.zeros_like(error[:, :1]), error[:, :-1]], axis=1)
        return dithered.astype(wave.dtype, copy=False).reshape(wave.shape)
