"""Transforms of complex spectrograms (real arrays ending in an axis of 2): ComplexNorm, Angle, Magphase,
PhaseVocoder, TimeStretch."""
from __future__ import annotations

import math
import numpy as np
import torch

from mindshim.dataset.audio import utils as u
from mindshim.dataset.audio._common import AudioTensorOperation, as_float, kernel_error, name_of, need_complex
from mindshim.dataset.audio._spectral_common import from_complex, to_complex


def complex_input(x: np.ndarray, op: str, rank: int = 1) -> np.ndarray:
    need_complex(x, op, rank)
    return as_float(x, op)


class ComplexNorm(AudioTensorOperation):
    def __init__(self, power: float = 1.0) -> None:
        u.check_non_negative_float32(power, "power")
        self.power = power

    def _apply(self, x: np.ndarray) -> np.ndarray:
        x = complex_input(x, name_of(self))
        return np.asarray(np.sqrt(x[..., 0] ** 2 + x[..., 1] ** 2) ** self.power, dtype=x.dtype)


class Angle(AudioTensorOperation):
    def _apply(self, x: np.ndarray) -> np.ndarray:
        x = complex_input(x, name_of(self))
        return np.asarray(np.arctan2(x[..., 1], x[..., 0]), dtype=x.dtype)


class Magphase(ComplexNorm):
    def _apply(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        x = complex_input(x, name_of(self))
        return ComplexNorm._apply(self, x), Angle._apply(self, x)


def phase_vocoder(spec: torch.Tensor, rate: float, advance: torch.Tensor) -> torch.Tensor:
    """Stretches a complex (..., freq, time) spectrogram in time by 1/rate, keeping the phase advance per bin."""
    shape = spec.shape
    spec = spec.reshape(-1, *shape[-2:])
    real = spec.real.dtype
    steps = torch.arange(0, spec.shape[-1], rate, dtype=real)
    alphas = steps % 1.0
    phase_0 = spec[..., :1].angle()
    spec = torch.nn.functional.pad(spec, [0, 2])
    left, right = spec[..., steps.long()], spec[..., (steps + 1).long()]
    phase = right.angle() - left.angle() - advance
    phase = phase - 2 * math.pi * torch.round(phase / (2 * math.pi)) + advance
    phase_acc = torch.cumsum(torch.cat([phase_0, phase[..., :-1]], dim=-1), -1)
    mag = alphas * right.abs() + (1 - alphas) * left.abs()
    out = torch.polar(mag, phase_acc)
    return out.reshape(*shape[:-2], *out.shape[-2:])


class PhaseVocoder(AudioTensorOperation):
    def __init__(self, rate: float, phase_advance: np.ndarray) -> None:
        u.check_pos_float32(rate, "rate")
        u.type_check(phase_advance, (np.ndarray,), "phase_advance")
        self.rate, self.phase_advance = rate, phase_advance

    def _apply(self, x: np.ndarray) -> np.ndarray:
        op = name_of(self)
        x = complex_input(x, op, 3)
        if self.phase_advance.dtype != x.dtype:
            raise kernel_error(f"{op}: the data type of phase_advance should be equal to that of input tensor, "
                               f"but got {self.phase_advance.dtype} and {x.dtype}.")
        if self.phase_advance.shape != (x.shape[-3], 1):
            raise kernel_error(f"{op}: the shape of phase_advance should be ({x.shape[-3]}, 1), but got "
                               f"{list(self.phase_advance.shape)}.")
        return stretch(x, self.rate, torch.from_numpy(self.phase_advance))


def stretch(x: np.ndarray, rate: float, advance: torch.Tensor) -> np.ndarray:
    if rate == 1.0:  # MindSpore returns the input unchanged, packed to (batch, freq, time, 2)
        return x.reshape(-1, *x.shape[-3:])
    return from_complex(phase_vocoder(to_complex(x), rate, advance.to(torch.from_numpy(x[:0]).dtype)), x.dtype)


class TimeStretch(AudioTensorOperation):
    def __init__(self, hop_length: int | None = None, n_freq: int = 201, fixed_rate: float | None = None) -> None:
        if hop_length is not None:
            u.check_pos_int32(hop_length, "hop_length")
        u.check_pos_int32(n_freq, "n_freq")
        if fixed_rate is not None:
            u.check_pos_float32(fixed_rate, "fixed_rate")
        self.n_freq = n_freq
        self.hop_length = hop_length if hop_length is not None else (n_freq - 1)
        self.fixed_rate = fixed_rate if fixed_rate is not None else 1

    def _apply(self, x: np.ndarray) -> np.ndarray:
        op = name_of(self)
        x = complex_input(x, op, 3)
        if x.shape[-3] != self.n_freq:
            raise kernel_error(f"{op}: the frequency of the input should be {self.n_freq}, but got "
                               f"{x.shape[-3]}.")
        advance = torch.linspace(0, math.pi * self.hop_length, self.n_freq, dtype=torch.float64)[:, None]
        return stretch(x, self.fixed_rate, advance)


__all__ = ["ComplexNorm", "Angle", "Magphase", "PhaseVocoder", "TimeStretch"]
