"""Resample and DetectPitchFrequency of mindspore.dataset.audio, following MindSpore's kernels (which differ
from torchaudio in places: Resample filters even when the rates are equal; the pitch detector's NCCF divides by the
two energies rather than their norms)."""
from __future__ import annotations

import math
import numpy as np

from mindshim.dataset.audio._common import AudioTensorOperation, float_wave, kernel_error, numeric_wave
from mindshim.dataset.audio.utils import (ResampleMethod, check_nonzero, check_pos_float32, check_pos_int32,
                                          check_value, type_check)

__all__ = ["DetectPitchFrequency", "Resample"]


def _bessel_i(order: int, x: np.ndarray) -> np.ndarray:
    """Modified Bessel function of the first kind I_order(x) by its power series (x <= ~50 here)."""
    x = np.asarray(x, np.float64)
    half = x / 2
    term = half ** order / math.factorial(order)
    total = term.copy()
    for k in range(1, 200):
        term = term * half * half / (k * (k + order))
        total = total + term
        if np.all(term <= 1e-17 * total):
            break
    return total


class _SincKernel:
    """MindSpore's windowed-sinc resampling taps, each step rounded to the kernel's dtype as MindSpore's are. Row i
    (output phase i of `new`) over columns -width .. width + orig - 1 of the padded input; only a band of about
    2 * width columns per row is not clipped to the constant edge value, so rows are built as bands."""

    def __init__(self, orig: int, new: int, method: ResampleMethod, width_param: int, rolloff: float, beta: float,
                 dtype: np.dtype) -> None:
        self.f = dtype.type
        self.orig, self.new, self.method, self.width_param, self.beta = orig, new, method, width_param, beta
        self.base = self.f(np.float32(min(orig, new)) * np.float32(rolloff))
        self.width = int(math.ceil(np.float32(width_param * orig) / np.float32(self.base)))
        self.dtype = dtype

    def values(self, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
        f, dtype = self.f, self.dtype
        idx = (cols - self.width).astype(dtype)
        t = (-rows.astype(dtype) / f(self.new) + idx / f(self.orig)) * self.base
        return self._taps(np.clip(t, f(-self.width_param), f(self.width_param)).astype(dtype))

    def _taps(self, t: np.ndarray) -> np.ndarray:
        f, dtype, wp = self.f, self.dtype, self.width_param
        t64 = t.astype(np.float64)
        if self.method == ResampleMethod.SINC_INTERPOLATION:
            window = (np.cos((t64 * math.pi / wp / 2.0).astype(dtype)) ** 2).astype(dtype)
        else:
            window = _bessel_i(0, self.beta * np.sqrt(1 - (t64 / wp) ** 2)).astype(dtype) / f(_bessel_i(0, f(self.beta)))
        t = (t64 * math.pi).astype(dtype)
        safe = np.where(t == 0, f(1), t)
        sinc = np.where(t == 0, f(1), np.sin(safe) / safe).astype(dtype)
        return (sinc * window.astype(dtype) * f(self.base / f(self.orig))).astype(dtype)

    def apply(self, padded: np.ndarray, frames: int, target: int) -> np.ndarray:
        """(rows, target): output j * new + i is frame j (input from j * orig) times kernel row i."""
        n_rows = min(self.new, target)
        rows = np.arange(n_rows)
        band = 2 * self.width + 2
        lo = np.minimum(rows * self.orig // self.new, 2 * self.width + self.orig - band).clip(0)
        band = min(band, 2 * self.width + self.orig)
        cols = lo[:, None] + np.arange(band)[None, :]
        edge = float(self._taps(np.array([self.width_param], self.dtype))[0])
        taps = self.values(rows[:, None], cols).astype(np.float64) - edge  # (rows, band), less the edge value
        starts = np.arange(frames) * self.orig
        window = padded[:, starts[:, None, None] + cols[None]]  # (channels, frames, rows, band)
        out = np.einsum("cfrb,rb->cfr", window, taps)
        if edge:
            total = np.cumsum(np.pad(padded, ((0, 0), (1, 0))), axis=1)
            out += edge * (total[:, starts + 2 * self.width + self.orig] - total[:, starts])[:, :, None]
        return out.reshape(padded.shape[0], -1)[:, :target]


class Resample(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, orig_freq: float = 16000, new_freq: float = 16000,
                 resample_method: ResampleMethod = ResampleMethod.SINC_INTERPOLATION, lowpass_filter_width: int = 6,
                 rolloff: float = 0.99, beta: float | None = None) -> None:
        check_pos_float32(orig_freq, "orig_freq")
        check_pos_float32(new_freq, "new_freq")
        type_check(resample_method, (ResampleMethod,), "resample_method")
        check_pos_int32(lowpass_filter_width, "lowpass_filter_width")
        type_check(rolloff, (float,), "rolloff")
        check_value(rolloff, 0, 1.0, "rolloff", left_open=True)
        self.orig_freq, self.new_freq, self.resample_method = orig_freq, new_freq, resample_method
        self.lowpass_filter_width, self.rolloff = lowpass_filter_width, rolloff
        self.beta = beta if beta is not None else 14.769656459379492

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "Resample")
        if self.orig_freq == self.new_freq:
            return wave.copy()
        orig_i, new_i = int(np.float32(self.orig_freq)), int(np.float32(self.new_freq))
        gcd = math.gcd(orig_i, new_i)
        if gcd == 0:
            raise kernel_error("Resample: gcd cannet be equal to 0.")
        orig = int(math.floor(np.float32(self.orig_freq) / gcd))
        new = int(math.floor(np.float32(self.new_freq) / gcd))
        if orig == 0 or new == 0:
            raise kernel_error("Resample: invalid parameter, 'orig_freq' and 'new_freq' can not be zero.")
        kernel = _SincKernel(orig, new, self.resample_method, self.lowpass_filter_width, float(self.rolloff),
                             float(self.beta), wave.dtype)
        n = wave.shape[-1]
        rows = wave.reshape(-1, n).astype(np.float64)
        padded = np.pad(rows, ((0, 0), (kernel.width, kernel.width + orig)))
        target = int(math.ceil(new * n / orig))
        out = kernel.apply(padded, len(range(0, n, orig)), target)
        return out[:, :target].astype(wave.dtype).reshape(wave.shape[:-1] + (target,))


def _nccf(rows: np.ndarray, sample_rate: int, frame_time: float, freq_low: int) -> np.ndarray:
    """(channels, frames, lags): sum(s1 * s2) / sum(s1^2) / sum(s2^2) of each frame and its lagged copy."""
    n = rows.shape[1]
    lags = int(math.ceil(np.float32(sample_rate) / np.float32(freq_low)))
    frame = int(math.ceil(np.float32(sample_rate * np.float32(frame_time))))
    frames = int(math.ceil(np.float32(n) / np.float32(frame)))
    padded = np.pad(rows, ((0, 0), (0, lags + frames * frame - n)))
    base = padded[:, :frames * frame].reshape(rows.shape[0], frames, frame)
    energy1 = (base * base).sum(-1)
    out = np.zeros((rows.shape[0], frames, lags))
    for lag in range(1, lags + 1):
        moved = padded[:, lag:lag + frames * frame].reshape(rows.shape[0], frames, frame)
        energy2 = (moved * moved).sum(-1)
        num = (base * moved).sum(-1)
        ok = (energy1 != 0) & (energy2 != 0)
        out[:, :, lag - 1] = np.where(ok, num / np.where(ok, energy1, 1) / np.where(ok, energy2, 1), 0.0)
    return out


def _best_lags(nccf: np.ndarray, sample_rate: int, freq_high: int) -> np.ndarray:
    lags = nccf.shape[-1]
    lag_min = int(math.ceil(np.float32(sample_rate) / np.float32(freq_high)))
    out = np.zeros(nccf.shape[:2], np.int64)
    for c in range(nccf.shape[0]):
        for f in range(nccf.shape[1]):
            row = nccf[c, f]
            best = half = row[lag_min]
            best_i = half_i = lag_min
            for i in range(lag_min + 1, lags):
                if row[i] > best:
                    best, best_i = row[i], i
                    if i < lags // 2:
                        half, half_i = row[i], i
            out[c, f] = (half_i if half > best * row.dtype.type(0.99) else best_i) + 1
    return out


def _median_smooth(indices: np.ndarray, win_length: int) -> np.ndarray:
    pad = (win_length - 1) // 2
    padded = np.concatenate([np.repeat(indices[:, :1], pad, axis=1), indices], axis=1)
    count = indices.shape[1] + pad - win_length + 1
    if count <= 0:
        return np.zeros((indices.shape[0], 0), np.int64)
    windows = padded[:, np.arange(count)[:, None] + np.arange(win_length)[None, :]]
    return np.sort(windows, axis=-1)[..., pad]


class DetectPitchFrequency(AudioTensorOperation):
    def __init__(self, sample_rate: int, frame_time: float = 0.01, win_length: int = 30, freq_low: int = 85,
                 freq_high: int = 3400) -> None:
        check_nonzero(sample_rate, "sample_rate")
        check_pos_float32(frame_time, "frame_time")
        check_pos_int32(win_length, "win_length")
        check_pos_float32(freq_low, "freq_low")
        check_pos_float32(freq_high, "freq_high")
        self.sample_rate, self.frame_time, self.win_length = sample_rate, frame_time, win_length
        self.freq_low, self.freq_high = freq_low, freq_high

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        float_wave(wave, "DetectPitchFrequency")
        rows = wave.reshape(-1, wave.shape[-1]).astype(np.float64)
        nccf = _nccf(rows, self.sample_rate, self.frame_time, int(self.freq_low)).astype(wave.dtype)
        indices = _median_smooth(_best_lags(nccf, self.sample_rate, int(self.freq_high)), self.win_length)
        freq = (self.sample_rate / (1e-9 + indices)).astype(np.float32)
        return freq.reshape(wave.shape[:-1] + (freq.shape[-1],))
