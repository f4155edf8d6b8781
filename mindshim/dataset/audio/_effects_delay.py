"""The delay-line effects of mindspore.dataset.audio: Phaser and Flanger. Both run MindSpore's sample-by-sample loop
(vectorised over channels) in float32, with its modulation wave tables, so the integer delay taps match exactly."""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from mindshim.dataset.audio._common import (AudioTensorOperation, check_rank, kernel_error, numeric_wave,
                                           type_error)
from mindshim.dataset.audio.utils import (Interpolation, Modulation, check_int32, check_nonzero, check_number_in,
                                          type_check)

__all__ = ["Flanger", "Phaser"]

_F = np.float32


def wave_table(size: int, modulation: Modulation, low: float, high: float, phase: float,
               as_int: bool) -> np.ndarray:
    """MindSpore's modulation table: one period of a sine or triangle scaled to [low, high], shifted by phase."""
    if size <= 0:
        raise kernel_error(f"table_size must be more than 0, but got: {size}")
    offset = int(_F(phase) / math.pi / 2 * size + 0.5)
    point = (np.arange(size) + offset) % size
    if modulation == Modulation.SINUSOIDAL:
        table = ((np.sin(point * math.pi / size * 2) + 1) / 2).astype(_F)
    else:
        table = (point * 2.0 / size).astype(_F)
        quarter = 4 * point // size
        table = np.where(quarter == 0, table + _F(0.5), np.where(quarter == 3, table - _F(1.5), _F(1.5) - table))
    table = (table * (_F(high) - _F(low)) + _F(low)).astype(_F)
    if as_int:
        return np.where(table < 0, table - _F(0.5), table + _F(0.5)).astype(np.int32)
    return table


class Phaser(AudioTensorOperation):
    _batch_ok = True

    def __init__(self, sample_rate: int, gain_in: float = 0.4, gain_out: float = 0.74, delay_ms: float = 3.0,
                 decay: float = 0.4, mod_speed: float = 0.5, sinusoidal: bool = True) -> None:
        check_int32(sample_rate, "sample_rate")
        self.sample_rate = sample_rate
        self.gain_in = check_number_in(gain_in, "gain_in", 0, 1)
        self.gain_out = check_number_in(gain_out, "gain_out", 0, 1e9)
        self.delay_ms = check_number_in(delay_ms, "delay_ms", 0, 5.0)
        self.decay = check_number_in(decay, "decay", 0, 0.99)
        self.mod_speed = check_number_in(mod_speed, "mod_speed", 0.1, 2)
        type_check(sinusoidal, (bool,), "sinusoidal")
        self.sinusoidal = sinusoidal

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "Phaser")
        dtype = wave.dtype
        rows = wave.reshape(-1, wave.shape[-1]) * dtype.type(self.gain_in)
        buf_len = int(_F(self.delay_ms) * 0.001 * self.sample_rate + 0.5)
        mod_len = int(self.sample_rate / _F(self.mod_speed) + 0.5)
        if buf_len <= 0:
            raise kernel_error("Phaser: the delay buffer is empty, 'delay_ms * sample_rate' is too small.")
        modulation = Modulation.SINUSOIDAL if self.sinusoidal else Modulation.TRIANGULAR
        mod = wave_table(mod_len, modulation, 1.0, float(buf_len), math.pi / 2, as_int=True)
        buf = np.zeros((rows.shape[0], buf_len), dtype)
        out = np.empty_like(rows)
        decay = dtype.type(self.decay)
        delay_pos = mod_pos = 0
        for i in range(rows.shape[1]):
            idx = (delay_pos + int(mod[mod_pos])) % buf_len
            mod_pos = (mod_pos + 1) % mod_len
            delay_pos = (delay_pos + 1) % buf_len
            out[:, i] = rows[:, i] + buf[:, idx]
            buf[:, delay_pos] = out[:, i] * decay
        out = np.clip(out * dtype.type(self.gain_out), -1.0, 1.0).astype(dtype)
        return out.reshape(wave.shape)


def _taps(x: np.ndarray, back: np.ndarray, buf_len: int) -> np.ndarray:
    """x[:, t - back[:, t]] (0 before the start); `buf_len` steps back wraps to the sample just written."""
    back = np.where(back == buf_len, 0, back)
    idx = np.arange(x.shape[1])[None, :] - back
    return np.where(idx >= 0, np.take_along_axis(x, np.clip(idx, 0, None), axis=1), _F(0))


class Flanger(AudioTensorOperation):
    _batch_ok = True
    _rank = 2

    def __init__(self, sample_rate: int, delay: float = 0.0, depth: float = 2.0, regen: float = 0.0,
                 width: float = 71.0, speed: float = 0.5, phase: float = 25.0,
                 modulation: Modulation = Modulation.SINUSOIDAL,
                 interpolation: Interpolation = Interpolation.LINEAR) -> None:
        self.sample_rate = check_nonzero(sample_rate, "sample_rate")
        self.delay = check_number_in(delay, "delay", 0, 30)
        self.depth = check_number_in(depth, "depth", 0, 10)
        self.regen = check_number_in(regen, "regen", -95, 95)
        self.width = check_number_in(width, "width", 0, 100)
        self.speed = check_number_in(speed, "speed", 0.1, 10)
        self.phase = check_number_in(phase, "phase", 0, 100)
        type_check(modulation, (Modulation,), "modulation")
        type_check(interpolation, (Interpolation,), "interpolation")
        self.modulation, self.interpolation = modulation, interpolation

    def _interpolate(self, tap: Any, whole: np.ndarray, frac: np.ndarray) -> np.ndarray:
        a, b = tap(whole), tap(whole + 1)
        if self.interpolation == Interpolation.LINEAR:
            return a + (b - a) * frac
        c = tap(whole + 2) - a
        b = b - a
        return a + ((c * _F(0.5) - b) * frac + (b * 2 - c * _F(0.5))) * frac

    def _feedback_loop(self, x: np.ndarray, whole: np.ndarray, frac: np.ndarray, buf_len: int,
                       feedback: np.float32) -> np.ndarray:
        """MindSpore's circular delay buffer, sample by sample: each write adds the last delayed value * feedback."""
        rows = np.arange(x.shape[0])
        bufs = np.zeros((x.shape[0], buf_len), _F)
        last = np.zeros(x.shape[0], _F)
        delayed = np.empty_like(x)
        pos = 0
        for i in range(x.shape[1]):
            pos = (pos + buf_len - 1) % buf_len
            bufs[:, pos] = x[:, i] + last * feedback
            last = self._interpolate(lambda d, p=pos: bufs[rows, (p + d) % buf_len], whole[:, i], frac[:, i])
            delayed[:, i] = last
        return delayed

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        check_rank(wave, "Flanger", 2, "<..., channel, time>")
        if wave.dtype.kind not in "biuf" or wave.dtype == np.float64:
            raise type_error("Flanger", wave, "[int, float16, float32]")
        x = wave.astype(_F).reshape(-1, wave.shape[-1])  # (batch * channel, time); the phase is per channel
        channels, time = wave.shape[-2], wave.shape[-1]
        feedback, delay_gain, channel_phase = _F(self.regen) / 100, _F(self.width) / 100, _F(self.phase) / 100
        delay_min, delay_depth = _F(self.delay) / 1000, _F(self.depth) / 1000
        in_gain = _F(1.0) / (1 + delay_gain)
        delay_gain = delay_gain / (1 + delay_gain) * (1 - abs(feedback))
        buf_len = int((delay_min + delay_depth) * self.sample_rate + 0.5) + 2
        lfo_len = int(self.sample_rate / _F(self.speed))
        lfo = wave_table(lfo_len, self.modulation, math.floor(delay_min * self.sample_rate + 0.5), buf_len - 2.0,
                         3 * math.pi / 2, as_int=False)
        shifts = np.array([int(_F(j * lfo_len) * channel_phase + 0.5) for j in range(channels)])
        shifts = np.tile(shifts, x.shape[0] // channels)
        delay = lfo[(np.arange(time)[None, :] + shifts[:, None]) % lfo_len]  # (rows, time) taps of the LFO
        whole = np.floor(delay).astype(np.int64)
        frac = (delay - delay.astype(np.int32)).astype(_F)
        if feedback == 0:  # nothing fed back: the delay line holds the input itself
            delayed = self._interpolate(lambda d: _taps(x, d, buf_len), whole, frac)
        else:
            delayed = self._feedback_loop(x, whole, frac, buf_len, feedback)
        out = x * in_gain + delayed * delay_gain
        return np.clip(out, -1, 1).reshape(wave.shape).astype(wave.dtype)
