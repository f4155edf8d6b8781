"""mindspore.dataset.audio.utils: the audio enums, the filter-bank helpers and MindSpore's argument checks
(`type_check`, `check_pos_int32`, ... raise TypeError/ValueError naming the argument, as MindSpore's do)."""
from __future__ import annotations

from enum import Enum
from typing import Any, Callable

import numpy as np

INT32_MAX = 2147483647
FLOAT_MAX_INTEGER = 16777216
FLOAT_MIN_INTEGER = -16777216


class BorderType(str, Enum):
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class DensityFunction(str, Enum):
    TPDF = "TPDF"
    RPDF = "RPDF"
    GPDF = "GPDF"


class FadeShape(str, Enum):
    QUARTER_SINE = "quarter_sine"
    HALF_SINE = "half_sine"
    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    EXPONENTIAL = "exponential"


class GainType(str, Enum):
    AMPLITUDE = "amplitude"
    POWER = "power"
    DB = "db"


class Interpolation(str, Enum):
    LINEAR = "linear"
    QUADRATIC = "quadratic"


class MelType(str, Enum):
    HTK = "htk"
    SLANEY = "slaney"


class Modulation(str, Enum):
    SINUSOIDAL = "sinusoidal"
    TRIANGULAR = "triangular"


class NormMode(str, Enum):
    ORTHO = "ortho"
    NONE = "none"


class NormType(str, Enum):
    SLANEY = "slaney"
    NONE = "none"


class ResampleMethod(str, Enum):
    SINC_INTERPOLATION = "sinc_interpolation"
    KAISER_WINDOW = "kaiser_window"


class ScaleType(str, Enum):
    POWER = "power"
    MAGNITUDE = "magnitude"


class WindowType(str, Enum):
    BARTLETT = "bartlett"
    BLACKMAN = "blackman"
    HAMMING = "hamming"
    HANN = "hann"
    KAISER = "kaiser"


# ---- MindSpore's argument checks (the messages name the argument as MindSpore's validators do) ----

def type_check(arg: Any, types: tuple, arg_name: str) -> None:
    if (int in types and bool not in types and isinstance(arg, bool)) or not isinstance(arg, types):
        shown = '""' if isinstance(arg, str) and arg == "" else arg
        raise TypeError(f"Argument {arg_name} with value {shown} is not of type {list(types)}, but got {type(arg)}.")


def check_value(value: Any, low: float, high: float, arg_name: str, left_open: bool = False) -> None:
    if value < low or value > high or (left_open and value == low):
        brace = "(" if left_open else "["
        raise ValueError(f"Input {arg_name} is not within the required interval of {brace}{low}, {high}].")


def _bounded(types: tuple, low: float, high: float, left_open: bool = False) -> Callable[[Any, str], None]:
    """A check of one argument: of `types`, within [low, high] (or (low, high])."""
    def check(value: Any, arg_name: str) -> None:
        type_check(value, types, arg_name)
        check_value(value, low, high, arg_name, left_open)
    return check


check_pos_int32 = _bounded((int,), 1, INT32_MAX)
check_non_negative_int32 = _bounded((int,), 0, INT32_MAX)
check_int32 = _bounded((int,), -INT32_MAX - 1, INT32_MAX)
check_float32 = _bounded((float, int), FLOAT_MIN_INTEGER, FLOAT_MAX_INTEGER)
check_pos_float32 = _bounded((float, int), 0, FLOAT_MAX_INTEGER, left_open=True)
check_non_negative_float32 = _bounded((float, int), 0, FLOAT_MAX_INTEGER)


def check_number_in(value: Any, arg_name: str, low: float, high: float) -> Any:
    """A float or int within [low, high]; returns it."""
    _bounded((float, int), low, high)(value, arg_name)
    return value


def check_nonzero(value: Any, arg_name: str, low: int = -INT32_MAX - 1, high: int = INT32_MAX,
                  types: tuple = (int,)) -> Any:
    """Of `types`, within [low, 0) or (0, high] (an int32 by default); returns it."""
    type_check(value, types, arg_name)
    if value == 0 or not low <= value <= high:
        raise ValueError(f"Input {arg_name} is not within the required interval of [{low}, 0) and (0, {high}].")
    return value


def check_win_length(win_length: Any, n_fft: int) -> None:
    if win_length is not None and win_length > n_fft:
        raise ValueError(f"Input win_length should be no more than n_fft, but got win_length: {win_length} and "
                         f"n_fft: {n_fft}.")


def check_fft_lengths(n_fft: Any, win_length: Any, hop_length: Any,
                      check_length: Callable[[Any, str], None] = check_pos_int32) -> None:
    """n_fft, then win_length (no more than n_fft) and hop_length where given, as MindSpore's STFT ops check them."""
    check_pos_int32(n_fft, "n_fft")
    if win_length is not None:
        check_length(win_length, "win_length")
        check_win_length(win_length, n_fft)
    if hop_length is not None:
        check_length(hop_length, "hop_length")


# ---- filter banks ----

def _hz_to_mel(freq: np.ndarray, mel_type: MelType) -> np.ndarray:
    freq = np.asarray(freq, dtype=np.float64)
    if mel_type == MelType.HTK:
        return 2595.0 * np.log10(1.0 + freq / 700.0)
    # Slaney: linear below 1 kHz, logarithmic above
    f_sp, min_log_hz = 200.0 / 3, 1000.0
    logstep = np.log(6.4) / 27.0
    linear = freq / f_sp
    return np.where(freq >= min_log_hz, min_log_hz / f_sp + np.log(np.maximum(freq, 1e-10) / min_log_hz) / logstep,
                    linear)


def _mel_to_hz(mels: np.ndarray, mel_type: MelType) -> np.ndarray:
    if mel_type == MelType.HTK:
        return 700.0 * (10.0 ** (mels / 2595.0) - 1.0)
    f_sp, min_log_hz = 200.0 / 3, 1000.0
    min_log_mel, logstep = min_log_hz / f_sp, np.log(6.4) / 27.0
    return np.where(mels >= min_log_mel, min_log_hz * np.exp(logstep * (mels - min_log_mel)), f_sp * mels)


def _triangular(all_freqs: np.ndarray, f_pts: np.ndarray) -> np.ndarray:
    """(n_freqs, n_filter): triangles rising from f_pts[i] to f_pts[i+1], falling to f_pts[i+2]."""
    f_diff = f_pts[1:] - f_pts[:-1]
    slopes = f_pts[None, :] - all_freqs[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):  # coinciding points (f_min == f_max) divide by zero
        down = -slopes[:, :-2] / f_diff[:-1]
        up = slopes[:, 2:] / f_diff[1:]
    return np.maximum(0.0, np.minimum(down, up)) + 0.0  # no -0.0


def _check_bank_args(n_freqs: Any, f_min: Any, f_max: Any, n_filter: Any, filter_name: str, sample_rate: Any) -> None:
    check_non_negative_int32(n_freqs, "n_freqs")
    check_non_negative_float32(f_min, "f_min")
    check_pos_float32(f_max, "f_max")
    if f_min > f_max:
        raise ValueError(f"Input f_min should be no more than f_max, but got f_min: {f_min} and f_max: {f_max}.")
    check_pos_int32(n_filter, filter_name)
    check_pos_int32(sample_rate, "sample_rate")


def mel_bank(n_freqs: int, f_min: float, f_max: float, n_mels: int, sample_rate: int, norm: NormType,
             mel_type: MelType) -> np.ndarray:
    """float64 (n_freqs, n_mels) mel filter bank (unchecked; the transforms use it too)."""
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    m_pts = np.linspace(_hz_to_mel(f_min, mel_type), _hz_to_mel(f_max, mel_type), n_mels + 2)
    f_pts = _mel_to_hz(m_pts, mel_type)
    bank = _triangular(all_freqs, f_pts)
    if norm == NormType.SLANEY:
        bank = bank * (2.0 / (f_pts[2:n_mels + 2] - f_pts[:n_mels]))[None, :]
    return bank


def linear_bank(n_freqs: int, f_min: float, f_max: float, n_filter: int, sample_rate: int) -> np.ndarray:
    return _triangular(np.linspace(0, sample_rate // 2, n_freqs), np.linspace(f_min, f_max, n_filter + 2))


def dct_matrix(n_mfcc: int, n_mels: int, norm: NormMode) -> np.ndarray:
    """float64 (n_mels, n_mfcc) DCT-II matrix."""
    n = np.arange(n_mels, dtype=np.float64)
    k = np.arange(n_mfcc, dtype=np.float64)[:, None]
    dct = np.cos(np.pi / n_mels * (n + 0.5) * k)
    if norm == NormMode.ORTHO:
        dct[:1] *= 1.0 / np.sqrt(2.0)
        dct *= np.sqrt(2.0 / n_mels)
    else:
        dct *= 2.0
    return dct.T


def create_dct(n_mfcc: int, n_mels: int, norm: NormMode = NormMode.NONE) -> np.ndarray:
    for name, value, kind in (("n_mfcc", n_mfcc, int), ("n_mels", n_mels, int), ("norm", norm, NormMode)):
        if not isinstance(value, kind):
            raise TypeError(f"{name} with value {value} is not of type {kind}, but got {type(value)}.")
    for name, value in (("n_mfcc", n_mfcc), ("n_mels", n_mels)):
        if value <= 0:
            raise ValueError(f"{name} must be greater than 0, but got {value}.")
    return dct_matrix(n_mfcc, n_mels, norm).astype(np.float32)


def linear_fbanks(n_freqs: int, f_min: float, f_max: float, n_filter: int, sample_rate: int) -> np.ndarray:
    _check_bank_args(n_freqs, f_min, f_max, n_filter, "n_filter", sample_rate)
    return linear_bank(n_freqs, f_min, f_max, n_filter, sample_rate).astype(np.float32)


def melscale_fbanks(n_freqs: int, f_min: float, f_max: float, n_mels: int, sample_rate: int,
                    norm: NormType = NormType.NONE, mel_type: MelType = MelType.HTK) -> np.ndarray:
    _check_bank_args(n_freqs, f_min, f_max, n_mels, "n_mels", sample_rate)
    type_check(norm, (NormType,), "norm")
    type_check(mel_type, (MelType,), "mel_type")
    return mel_bank(n_freqs, f_min, f_max, n_mels, sample_rate, norm, mel_type).astype(np.float32)


__all__ = ["BorderType", "DensityFunction", "FadeShape", "GainType", "Interpolation", "MelType", "Modulation",
           "NormMode", "NormType", "ResampleMethod", "ScaleType", "WindowType", "create_dct", "linear_fbanks",
           "melscale_fbanks"]
