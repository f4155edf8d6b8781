"""mindspore.dataset.audio filters: the biquad family (SoX-style second-order sections), LFilter and Filtfilt.

Each biquad computes its six coefficients in double, then runs MindSpore's LFilter (output clamped to [-1, 1]) in
the input's float dtype (float16/32/64 kept; anything else is a RuntimeError, as in MindSpore)."""
from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

from mindshim.dataset.audio._common import AudioTensorOperation, float_wave, kernel_error
from mindshim.dataset.audio._filters_core import lfilter
from mindshim.dataset.audio.utils import (FLOAT_MAX_INTEGER, FLOAT_MIN_INTEGER, check_float32, check_nonzero,
                                          check_value, type_check)

__all__ = ["AllpassBiquad", "BandBiquad", "BandpassBiquad", "BandrejectBiquad", "BassBiquad", "Biquad",
           "DeemphBiquad", "EqualizerBiquad", "Filtfilt", "HighpassBiquad", "LFilter", "LowpassBiquad", "RiaaBiquad",
           "TrebleBiquad"]


# ---- argument checks (MindSpore's validators) ----

def _flag(value: Any, name: str) -> bool:
    type_check(value, (bool,), name)
    return value


def _one_of(value: Any, allowed: tuple, message: str) -> int:
    type_check(value, (int,), "sample_rate")
    if value not in allowed:
        raise ValueError(message.format(value))
    return value


# ---- coefficient formulas (b0, b1, b2, a0, a1, a2) ----

def _w0_alpha(sample_rate: int, freq: float, q: float) -> tuple[float, float]:
    w0 = 2 * math.pi * freq / sample_rate
    return w0, math.sin(w0) / 2 / q


def _shelf(a: float, w0: float, alpha: float, low: bool) -> tuple:
    """Bass (low=True) and treble shelving sections."""
    sqrt_a2 = 2 * math.sqrt(a) * alpha
    am1, ap1 = (a - 1) * math.cos(w0), (a + 1) * math.cos(w0)
    if low:
        return (a * ((a + 1) - am1 + sqrt_a2), 2 * a * ((a - 1) - ap1), a * ((a + 1) - am1 - sqrt_a2),
                (a + 1) + am1 + sqrt_a2, -2 * ((a - 1) + ap1), (a + 1) + am1 - sqrt_a2)
    return (a * ((a + 1) + am1 + sqrt_a2), -2 * a * ((a - 1) + ap1), a * ((a + 1) + am1 - sqrt_a2),
            (a + 1) - am1 + sqrt_a2, 2 * ((a - 1) - ap1), (a + 1) - am1 - sqrt_a2)


def _db_amp(gain: float) -> float:
    return math.exp(gain / 40 * math.log(10))


class _BiquadBase(AudioTensorOperation):
    _batch_ok = True
    _name = "Biquad"

    def _keep(self, sample_rate: Any, Q: Any, **values: Any) -> None:
        """Checks and keeps sample_rate (a nonzero int32), the float32 `values` in order, then Q (in (0, 1])."""
        self.sample_rate = check_nonzero(sample_rate, "sample_rate")
        for attr, value in values.items():
            check_float32(value, "central_freq" if attr == "center_freq" else attr)  # MindSpore's name for it
            setattr(self, attr, value)
        type_check(Q, (float, int), "Q")
        check_value(Q, 0, 1, "Q", left_open=True)
        self.quality_factor = Q

    def _coeffs(self) -> tuple:
        raise NotImplementedError

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = float_wave(wave, self._name)
        b0, b1, b2, a0, a1, a2 = self._coeffs()
        return lfilter(wave, [a0, a1, a2], [b0, b1, b2], clamp=True)


class AllpassBiquad(_BiquadBase):
    _name = "AllpassBiquad"

    def __init__(self, sample_rate: int, central_freq: float, Q: float = 0.707) -> None:
        self._keep(sample_rate, Q, central_freq=central_freq)

    def _coeffs(self) -> tuple:
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.quality_factor)
        return 1 - alpha, -2 * math.cos(w0), 1 + alpha, 1 + alpha, -2 * math.cos(w0), 1 - alpha


class BandBiquad(_BiquadBase):
    _name = "BandBiquad"

    def __init__(self, sample_rate: int, central_freq: float, Q: float = 0.707, noise: bool = False) -> None:
        self._keep(sample_rate, Q, central_freq=central_freq)
        self.noise = _flag(noise, "noise")

    def _coeffs(self) -> tuple:
        w0 = 2 * math.pi * self.central_freq / self.sample_rate
        bandwidth = self.central_freq / self.quality_factor
        a2 = math.exp(-2 * math.pi * bandwidth / self.sample_rate)
        a1 = -4 * a2 / (1 + a2) * math.cos(w0)
        b0 = math.sqrt(1 - a1 * a1 / (4 * a2)) * (1 - a2)
        if self.noise:
            b0 *= math.sqrt(((1 + a2) ** 2 - a1 * a1) * (1 - a2) / (1 + a2)) / b0
        return b0, 0.0, 0.0, 1.0, a1, a2


class BandpassBiquad(_BiquadBase):
    _name = "BandpassBiquad"

    def __init__(self, sample_rate: int, central_freq: float, Q: float = 0.707,
                 const_skirt_gain: bool = False) -> None:
        self._keep(sample_rate, Q, central_freq=central_freq)
        self.const_skirt_gain = _flag(const_skirt_gain, "const_skirt_gain")

    def _coeffs(self) -> tuple:
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.quality_factor)
        gain = math.sin(w0) / 2 if self.const_skirt_gain else alpha
        return gain, 0.0, -gain, 1 + alpha, -2 * math.cos(w0), 1 - alpha


class BandrejectBiquad(_BiquadBase):
    _name = "BandrejectBiquad"

    def __init__(self, sample_rate: int, central_freq: float, Q: float = 0.707) -> None:
        self._keep(sample_rate, Q, central_freq=central_freq)

    def _coeffs(self) -> tuple:
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.quality_factor)
        return 1.0, -2 * math.cos(w0), 1.0, 1 + alpha, -2 * math.cos(w0), 1 - alpha


class _ShelfBiquad(_BiquadBase):
    """BassBiquad (`_low`) and TrebleBiquad: a shelf of `gain` dB below / above central_freq."""

    _low = True

    def _coeffs(self) -> tuple:
        w0, alpha = _w0_alpha(self.sample_rate, self.central_freq, self.quality_factor)
        return _shelf(_db_amp(self.gain), w0, alpha, low=self._low)


class BassBiquad(_ShelfBiquad):
    _name = "BassBiquad"

    def __init__(self, sample_rate: int, gain: float, central_freq: float = 100.0, Q: float = 0.707) -> None:
        self._keep(sample_rate, Q, gain=gain, central_freq=central_freq)


class TrebleBiquad(_ShelfBiquad):
    _name = "TrebleBiquad"
    _low = False

    def __init__(self, sample_rate: int, gain: float, central_freq: float = 3000, Q: float = 0.707) -> None:
        self._keep(sample_rate, Q, gain=gain, central_freq=central_freq)


class EqualizerBiquad(_BiquadBase):
    _name = "EqualizerBiquad"

    def __init__(self, sample_rate: int, center_freq: float, gain: float, Q: float = 0.707) -> None:
        self._keep(sample_rate, Q, center_freq=center_freq, gain=gain)

    def _coeffs(self) -> tuple:
        w0, alpha = _w0_alpha(self.sample_rate, self.center_freq, self.quality_factor)
        a = _db_amp(self.gain)
        return 1 + alpha * a, -2 * math.cos(w0), 1 - alpha * a, 1 + alpha / a, -2 * math.cos(w0), 1 - alpha / a


class _PassBiquad(_BiquadBase):
    """HighpassBiquad (`_sign` 1) and LowpassBiquad (-1): a second-order high / low pass at cutoff_freq."""

    _sign = 1.0

    def __init__(self, sample_rate: int, cutoff_freq: float, Q: float = 0.707) -> None:
        self._keep(sample_rate, Q, cutoff_freq=cutoff_freq)

    def _coeffs(self) -> tuple:
        w0, alpha = _w0_alpha(self.sample_rate, self.cutoff_freq, self.quality_factor)
        c = math.cos(w0)
        k = 1 + self._sign * c
        return k / 2, -self._sign * k, k / 2, 1 + alpha, -2 * c, 1 - alpha


class HighpassBiquad(_PassBiquad):
    _name = "HighpassBiquad"


class LowpassBiquad(_PassBiquad):
    _name = "LowpassBiquad"
    _sign = -1.0


_DEEMPH = {44100: (5283.0, 0.4845, -9.477), 48000: (5356.0, 0.479, -9.62)}  # central freq, width slope, gain


class DeemphBiquad(_BiquadBase):
    _name = "DeemphBiquad"

    def __init__(self, sample_rate: int) -> None:
        self.sample_rate = _one_of(sample_rate, tuple(_DEEMPH),
                                   "Argument sample_rate should be 44100 or 48000, but got {0}.")

    def _coeffs(self) -> tuple:
        freq, slope, gain = _DEEMPH[self.sample_rate]
        w0 = 2 * math.pi * freq / self.sample_rate
        a = _db_amp(gain)
        alpha = math.sin(w0) / 2 * math.sqrt((a + 1 / a) * (1 / slope - 1) + 2)
        return _shelf(a, w0, alpha, low=False)


# zeros and poles of the RIAA de-emphasis per sample rate
_RIAA = {44100: ((-0.2014898, 0.9233820), (0.7083149, 0.9924091)),
         48000: ((-0.1766069, 0.9321590), (0.7396325, 0.9931330)),
         88200: ((-0.1168735, 0.9648312), (0.8590646, 0.9964002)),
         96000: ((-0.1141486, 0.9676817), (0.8699137, 0.9966946))}


class RiaaBiquad(_BiquadBase):
    _name = "RiaaBiquad"

    def __init__(self, sample_rate: int) -> None:
        self.sample_rate = _one_of(sample_rate, tuple(_RIAA),
                                   "sample_rate should be one of [44100, 48000, 88200, 96000], but got {0}.")

    def _coeffs(self) -> tuple:
        (z0, z1), (p0, p1) = _RIAA[self.sample_rate]
        b = [1.0, -(z0 + z1), z0 * z1]
        a = [1.0, -(p0 + p1), p0 * p1]
        y = 2 * math.pi * 1000 / self.sample_rate  # normalise to 0 dB at 1 kHz
        resp = [complex(sum(c[k] * math.cos(-k * y) for k in range(3)), sum(c[k] * math.sin(-k * y) for k in range(3)))
                for c in (b, a)]
        g = 1 / (abs(resp[0]) / abs(resp[1]))
        return b[0] * g, b[1] * g, b[2] * g, a[0], a[1], a[2]


class Biquad(_BiquadBase):
    """MindSpore's Biquad is a plain TensorOperation: a list input is taken as a float64 array."""

    _name = "Biquad"
    _accepts_lists = True

    def __init__(self, b0: float, b1: float, b2: float, a0: float, a1: float, a2: float) -> None:
        for name, value in (("b0", b0), ("b1", b1), ("b2", b2)):
            check_float32(value, name)
        check_nonzero(a0, "a0", FLOAT_MIN_INTEGER, FLOAT_MAX_INTEGER, (float, int))
        check_float32(a1, "a1")
        check_float32(a2, "a2")
        self.b0, self.b1, self.b2, self.a0, self.a1, self.a2 = b0, b1, b2, a0, a1, a2

    def _coeffs(self) -> tuple:
        return self.b0, self.b1, self.b2, self.a0, self.a1, self.a2


def _check_lfilter_args(a_coeffs: Any, b_coeffs: Any, clamp: Any) -> None:
    for name, values in (("a_coeffs", a_coeffs), ("b_coeffs", b_coeffs)):
        type_check(values, (list, tuple), name)
    for name, values in (("a_coeffs", a_coeffs), ("b_coeffs", b_coeffs)):
        for i, value in enumerate(values):
            check_float32(value, f"{name}[{i}]")
    if len(a_coeffs) != len(b_coeffs):
        raise ValueError("The size of a_coeffs should be the same as that of b_coeffs.")
    type_check(clamp, (bool,), "clamp")


class LFilter(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, a_coeffs: Sequence[float], b_coeffs: Sequence[float], clamp: bool = True) -> None:
        _check_lfilter_args(a_coeffs, b_coeffs, clamp)
        self.a_coeffs, self.b_coeffs, self.clamp = a_coeffs, b_coeffs, clamp

    def _coeffs(self) -> tuple[np.ndarray, np.ndarray]:
        if not self.a_coeffs:
            raise kernel_error(f"{type(self).__name__}: 'a_coeffs' and 'b_coeffs' can not be empty.")
        # the kernel keeps the coefficients as float32 whatever the input's dtype
        return np.asarray(self.a_coeffs, np.float32), np.asarray(self.b_coeffs, np.float32)

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = float_wave(wave, "LFilter")
        a, b = self._coeffs()
        return lfilter(wave, a, b, self.clamp)


class Filtfilt(LFilter):
    """Forward pass unclamped, then the reversed result filtered again (clamped on request) and reversed back."""

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = float_wave(wave, "Filtfilt")
        a, b = self._coeffs()
        forward = lfilter(wave, a, b, False)
        return lfilter(forward[..., ::-1], a, b, self.clamp)[..., ::-1].copy()
