"""Value-scale transforms of spectrograms: AmplitudeToDB, DBToAmplitude, ComputeDeltas, SlidingWindowCmn."""
from __future__ import annotations

import numpy as np

from mindshim.dataset.audio import utils as u
from mindshim.dataset.audio._common import SPECTROGRAM, AudioTensorOperation, as_float, name_of
from mindshim.dataset.audio._spectral_mel import to_db
from mindshim.dataset.audio.utils import BorderType, ScaleType


class AmplitudeToDB(AudioTensorOperation):
    def __init__(self, stype: ScaleType = ScaleType.POWER, ref_value: float = 1.0, amin: float = 1e-10,
                 top_db: float = 80.0) -> None:
        u.type_check(stype, (ScaleType,), "stype")
        for name, value in (("ref_value", ref_value), ("amin", amin), ("top_db", top_db)):
            u.check_pos_float32(value, name)
        self.stype, self.ref_value, self.amin, self.top_db = stype, ref_value, amin, top_db

    def _apply(self, x: np.ndarray) -> np.ndarray:
        x = as_float(x, name_of(self), 2, SPECTROGRAM)
        multiplier = 10.0 if self.stype == ScaleType.POWER else 20.0
        return to_db(x, multiplier, self.amin, np.log10(max(self.amin, self.ref_value)), self.top_db)


class DBToAmplitude(AudioTensorOperation):
    def __init__(self, ref: float, power: float) -> None:
        u.check_float32(ref, "ref")
        u.check_float32(power, "power")
        self.ref, self.power = ref, power

    def _apply(self, x: np.ndarray) -> np.ndarray:
        x = as_float(x, name_of(self))
        return (self.ref * np.power(np.power(10.0, x * 0.1), self.power)).astype(x.dtype, copy=False)


class ComputeDeltas(AudioTensorOperation):
    def __init__(self, win_length: int = 5, pad_mode: BorderType = BorderType.EDGE) -> None:
        u.type_check(pad_mode, (BorderType,), "pad_mode")
        u.type_check(win_length, (int,), "win_length")
        u.check_value(win_length, 3, u.INT32_MAX, "win_length")
        self.win_length, self.pad_mode = win_length, pad_mode

    def _apply(self, x: np.ndarray) -> np.ndarray:
        x = as_float(x, name_of(self), 2, SPECTROGRAM)
        n = (self.win_length - 1) // 2
        padded = np.pad(x, [(0, 0)] * (x.ndim - 1) + [(n, n)], mode=self.pad_mode.value)
        time = x.shape[-1]
        out = sum(k * padded[..., n + k:n + k + time] for k in range(-n, n + 1) if k)
        return (out / (n * (n + 1) * (2 * n + 1) / 3)).astype(x.dtype, copy=False)


class SlidingWindowCmn(AudioTensorOperation):
    """Cepstral mean (and variance) normalisation over a sliding window of frames (Kaldi's apply-cmvn-sliding)."""

    def __init__(self, cmn_window: int = 600, min_cmn_window: int = 100, center: bool = False,
                 norm_vars: bool = False) -> None:
        u.check_non_negative_int32(cmn_window, "cmn_window")
        u.check_non_negative_int32(min_cmn_window, "min_cmn_window")
        u.type_check(center, (bool,), "center")
        u.type_check(norm_vars, (bool,), "norm_vars")
        self.cmn_window, self.min_cmn_window, self.center, self.norm_vars = cmn_window, min_cmn_window, center, norm_vars

    def _window(self, t: int, frames: int) -> tuple[int, int]:
        if self.center:
            start = t - self.cmn_window // 2
            end = start + self.cmn_window
        else:
            start, end = t - self.cmn_window, t + 1
        if start < 0:
            end, start = end - start, 0
        if not self.center and end > t:
            end = max(t + 1, self.min_cmn_window)
        if end > frames:
            start, end = max(start - (end - frames), 0), frames
        return start, end

    def _apply(self, x: np.ndarray) -> np.ndarray:
        x = as_float(x, name_of(self), 2, SPECTROGRAM)
        frames = x.shape[-2]  # MindSpore slides its window along axis -2 and normalises each column of axis -1
        out = np.empty_like(x)
        square = x * x
        last_start = last_end = -1
        for t in range(frames):
            start, end = self._window(t, frames)
            if last_start < 0:  # running sums, updated frame by frame as MindSpore does (same rounding)
                total, total_sq = x[..., start:end, :].sum(axis=-2), square[..., start:end, :].sum(axis=-2)
            else:
                if start > last_start:
                    total, total_sq = total - x[..., last_start, :], total_sq - square[..., last_start, :]
                if end > last_end:
                    total, total_sq = total + x[..., last_end, :], total_sq + square[..., last_end, :]
            last_start, last_end = start, end
            count = end - start
            out[..., t, :] = x[..., t, :] - total / count
            if self.norm_vars:
                if count == 1:
                    out[..., t, :] = 0
                else:
                    var = total_sq / count - total ** 2 / count ** 2
                    with np.errstate(divide="ignore", invalid="ignore"):
                        out[..., t, :] *= 1 / np.sqrt(var)
        return out[0] if x.ndim == 2 and x.shape[0] == 1 else out

__all__ = ["AmplitudeToDB", "DBToAmplitude", "ComputeDeltas", "SlidingWindowCmn"]
