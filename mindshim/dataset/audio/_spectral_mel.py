"""Filter-bank audio transforms: MelScale, InverseMelScale, MelSpectrogram, MFCC, LFCC."""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.dataset.audio import utils as u
from mindshim.dataset.audio._common import SPECTROGRAM, AudioTensorOperation, as_float, kernel_error, name_of
from mindshim.dataset.audio._spectral_stft import Spectrogram, check_bools, check_stft_args
from mindshim.dataset.audio.utils import BorderType, MelType, NormMode, NormType, WindowType


def check_mel_args(n_mels: Any, sample_rate: Any, f_min: Any, f_max: Any, norm: Any, mel_type: Any,
                   op: str = "MelScale") -> None:
    u.check_pos_int32(n_mels, "n_mels")
    u.check_pos_int32(sample_rate, "sample_rate")
    u.check_float32(f_min, "f_min")
    if f_max is not None:
        u.check_pos_float32(f_max, "f_max")
        if f_min >= f_max:
            raise ValueError(f"{op}: f_max should be greater than f_min.")
    elif f_min >= sample_rate // 2:
        raise ValueError(f"{op}: sample_rate // 2 should be greater than f_min when f_max is set to None.")
    u.type_check(norm, (NormType,), "norm")
    u.type_check(mel_type, (MelType,), "mel_type")


def apply_bank(spec: np.ndarray, bank: np.ndarray, op: str) -> np.ndarray:
    """(..., freq, time) through a (freq, n) bank: (..., n, time), in the input's float type."""
    spec = as_float(spec, op, 2, SPECTROGRAM)
    if spec.shape[-2] != bank.shape[0]:
        raise kernel_error(f"{op}: the frequency of the input should be {bank.shape[0]}, but got "
                           f"{spec.shape[-2]}.")
    return np.einsum("...ft,fn->...nt", spec, bank.astype(spec.dtype)).astype(spec.dtype, copy=False)


def _check_f_max(f_min: Any, f_max: Any, sample_rate: int, unset_message: str) -> None:
    """f_max, where given, no less than f_min; otherwise sample_rate // 2 above f_min (`unset_message` if not)."""
    if f_max is not None:
        u.check_non_negative_float32(f_max, "f_max")
        if f_min > f_max:
            raise ValueError(f"f_max should be greater than or equal to f_min, but got f_min: {f_min} and "
                             f"f_max: {f_max}.")
    elif f_min >= sample_rate // 2:
        raise ValueError(unset_message)


_STFT_DEFAULTS = {"pad": 0, "window": WindowType.HANN, "power": 2.0, "normalized": False, "center": True,
                  "pad_mode": BorderType.REFLECT, "onesided": True}


def _spectrogram(kwargs: dict | None, defaults: dict) -> tuple[dict, Spectrogram]:
    """The Spectrogram of MFCC's melkwargs / LFCC's speckwargs, the dict filled in (in place) with the defaults."""
    kw = kwargs if kwargs is not None else {}
    kw.setdefault("n_fft", 400)
    kw.setdefault("win_length", kw["n_fft"])
    kw.setdefault("hop_length", kw["win_length"] // 2)
    for key, value in defaults.items():
        kw.setdefault(key, value)
    return kw, Spectrogram(kw["n_fft"], kw["win_length"], kw["hop_length"], kw["pad"], kw["window"], kw["power"],
                           kw["normalized"], kw["center"], kw["pad_mode"], kw["onesided"])


def to_db(x: np.ndarray, multiplier: float, amin: float, db_ref: float, top_db: float | None) -> np.ndarray:
    """10·log10 / 20·log10 of (..., freq, time), floored at `top_db` below the maximum of each (freq, time) stack
    over its channel axis (a 4-D input's leading axis keeps separate maxima)."""
    db = multiplier * np.log10(np.maximum(x, amin)) - multiplier * db_ref
    if top_db is None:
        return db.astype(x.dtype, copy=False)
    packed = db.reshape(-1, *(db.shape[-3:] if db.ndim > 2 else (1, *db.shape)))
    floor = packed.max(axis=(-3, -2, -1), keepdims=True) - top_db
    return np.maximum(packed, floor).reshape(db.shape).astype(x.dtype, copy=False)


class MelScale(AudioTensorOperation):
    def __init__(self, n_mels: int = 128, sample_rate: int = 16000, f_min: float = 0.0, f_max: float | None = None,
                 n_stft: int = 201, norm: NormType = NormType.NONE, mel_type: MelType = MelType.HTK) -> None:
        check_mel_args(n_mels, sample_rate, f_min, f_max, norm, mel_type)
        u.check_pos_int32(n_stft, "n_stft")
        self.n_mels, self.sample_rate, self.f_min, self.n_stft = n_mels, sample_rate, f_min, n_stft
        self.f_max = f_max if f_max is not None else sample_rate // 2
        self.norm, self.mel_type = norm, mel_type

    def _bank(self) -> np.ndarray:
        return u.mel_bank(self.n_stft, self.f_min, self.f_max, self.n_mels, self.sample_rate, self.norm, self.mel_type)

    def _apply(self, x: np.ndarray) -> np.ndarray:
        return apply_bank(x, self._bank(), name_of(self))


class InverseMelScale(MelScale):
    """Recovers a (..., n_stft, time) spectrogram by gradient steps on the mean squared error of each
    channel, from a uniform random start, clamped at 0 at the end, as MindSpore does; a 2-D input gives
    (1, n_stft, time)."""

    def __init__(self, n_stft: int, n_mels: int = 128, sample_rate: int = 16000, f_min: float = 0.0,
                 f_max: float | None = None, max_iter: int = 100000, tolerance_loss: float = 1e-5,
                 tolerance_change: float = 1e-8, sgdargs: dict | None = None, norm: NormType = NormType.NONE,
                 mel_type: MelType = MelType.HTK) -> None:
        super().__init__(n_mels, sample_rate, f_min, f_max, n_stft, norm, mel_type)
        u.check_pos_int32(max_iter, "max_iter")
        u.check_pos_float32(tolerance_loss, "tolerance_loss")
        u.check_pos_float32(tolerance_change, "tolerance_change")
        if sgdargs is not None:
            for key in ("sgd_lr", "sgd_momentum"):
                u.check_non_negative_float32(sgdargs[key], key)
        self.max_iter, self.tolerance_loss, self.tolerance_change = max_iter, tolerance_loss, tolerance_change
        self.sgdargs = sgdargs if sgdargs is not None else {"sgd_lr": 0.1, "sgd_momentum": 0.9}

    def _apply(self, x: np.ndarray) -> np.ndarray:
        op = name_of(self)
        x = as_float(x, op, 2, "<..., n_mels, time>")
        if x.shape[-2] != self.n_mels:
            raise kernel_error(f"{op}: n_mels of the input should be {self.n_mels}, but got {x.shape[-2]}.")
        bank = self._bank().astype(x.dtype)  # (n_stft, n_mels)
        lr = self.sgdargs["sgd_lr"]
        out = []
        for mel in x.reshape(-1, *x.shape[-2:]).transpose(0, 2, 1):  # (time, n_mels) per channel
            spec = self._rng().random((mel.shape[0], self.n_stft)).astype(x.dtype)
            loss = np.inf
            for _ in range(self.max_iter):
                diff = mel - spec @ bank
                new_loss = float(np.mean(diff ** 2))
                grad = -(diff @ bank.T) / mel.shape[0]
                if new_loss < self.tolerance_loss or abs(loss - new_loss) < self.tolerance_change:
                    break
                loss, spec = new_loss, spec - lr * grad  # MindSpore's SGD keeps no velocity between steps
            out.append(np.maximum(spec, 0).T)
        shape = (*x.shape[:-2], self.n_stft, x.shape[-1]) if x.ndim > 2 else (-1, self.n_stft, x.shape[-1])
        return np.stack(out).reshape(shape).astype(x.dtype, copy=False)


class MelSpectrogram(AudioTensorOperation):
    def __init__(self, sample_rate: int = 16000, n_fft: int = 400, win_length: int | None = None,
                 hop_length: int | None = None, f_min: float = 0.0, f_max: float | None = None, pad: int = 0,
                 n_mels: int = 128, window: WindowType = WindowType.HANN, power: float = 2.0,
                 normalized: bool = False, center: bool = True, pad_mode: BorderType = BorderType.REFLECT,
                 onesided: bool = True, norm: NormType = NormType.NONE, mel_scale: MelType = MelType.HTK) -> None:
        u.check_non_negative_int32(sample_rate, "sample_rate")
        u.check_pos_int32(n_fft, "n_fft")
        u.check_non_negative_int32(n_mels, "n_mels")
        u.type_check(f_min, (float,), "f_min")
        _check_f_max(f_min, f_max, sample_rate, "MelSpectrogram: sample_rate // 2 should be greater than f_min when "
                     f"f_max is set to None, but got f_min: {f_min}.")
        u.type_check(norm, (NormType,), "norm")
        u.type_check(mel_scale, (MelType,), "mel_type")
        u.check_pos_float32(power, "power")
        check_stft_args(n_fft, win_length, hop_length, pad, window)
        check_bools(normalized=normalized, center=center)
        u.type_check(pad_mode, (BorderType,), "pad_mode")
        u.type_check(onesided, (bool,), "onesided")
        self.spectrogram = Spectrogram(n_fft, win_length, hop_length, pad, window, power, normalized, center,
                                       pad_mode, onesided)
        self.bank = u.mel_bank(n_fft // 2 + 1, f_min, f_max if f_max is not None else sample_rate // 2, n_mels,
                               sample_rate, norm, mel_scale)

    def _apply(self, x: np.ndarray) -> np.ndarray:
        return apply_bank(self.spectrogram(x), self.bank, name_of(self))


class _Cepstrum(AudioTensorOperation):
    """A DCT over a (log or dB) filter-bank spectrogram: MFCC and LFCC."""

    spectrogram: AudioTensorOperation
    bank: np.ndarray
    dct: np.ndarray
    log: bool

    def _apply(self, x: np.ndarray) -> np.ndarray:
        if getattr(self, "melkwargs", {}).get("f_max", 0) is None:  # MindSpore's C++ side cannot take None
            raise RuntimeError("Unable to cast Python instance of type <class 'NoneType'> to C++ type 'float'")
        bands = apply_bank(self.spectrogram(x), self.bank, name_of(self))
        bands = np.log(bands + 1e-6) if self.log else to_db(bands, 10.0, 1e-10, 0.0, 80.0)
        return np.einsum("...nt,nc->...ct", bands, self.dct.astype(bands.dtype)).astype(bands.dtype, copy=False)


def _check_dct(dct_type: Any, norm: Any, log: Any, log_name: str) -> None:
    u.type_check(log, (bool,), log_name)
    u.type_check(norm, (NormMode,), "norm")
    if dct_type != 2:
        raise ValueError(f"Input dct_type must be 2, but got : {dct_type}.")


class MFCC(_Cepstrum):
    def __init__(self, sample_rate: int = 16000, n_mfcc: int = 40, dct_type: int = 2, norm: NormMode = NormMode.ORTHO,
                 log_mels: bool = False, melkwargs: dict | None = None) -> None:
        u.check_non_negative_int32(sample_rate, "sample_rate")
        _check_dct(dct_type, norm, log_mels, "log_mels")
        u.check_non_negative_int32(n_mfcc, "n_mfcc")
        if melkwargs is not None:
            u.type_check(melkwargs, (dict,), "melkwargs")
            kw = {k: melkwargs[k] for k in ("n_fft", "win_length", "hop_length", "f_min", "f_max", "pad", "power",
                                            "normalized", "center", "onesided", "window", "pad_mode", "norm",
                                            "mel_scale", "n_mels")}
            if kw["n_mels"] < n_mfcc:
                raise ValueError(f"Input n_mels should be greater than or equal to n_mfcc, but got n_mfcc: {n_mfcc} "
                                 f"and n_mels: {kw['n_mels']}.")
        defaults = {"f_min": 0.0, "f_max": sample_rate // 2, "pad": 0, "n_mels": 128, **_STFT_DEFAULTS,
                    "norm": NormType.NONE, "mel_scale": MelType.HTK}
        self.melkwargs, self.spectrogram = _spectrogram(melkwargs, defaults)
        kw = self.melkwargs
        self.bank = u.mel_bank(kw["n_fft"] // 2 + 1, kw["f_min"], kw["f_max"], kw["n_mels"], sample_rate, kw["norm"],
                               kw["mel_scale"])
        self.dct, self.log = u.dct_matrix(n_mfcc, kw["n_mels"], norm), log_mels


class LFCC(_Cepstrum):
    def __init__(self, sample_rate: int = 16000, n_filter: int = 128, n_lfcc: int = 40, f_min: float = 0.0,
                 f_max: float | None = None, dct_type: int = 2, norm: NormMode = NormMode.ORTHO, log_lf: bool = False,
                 speckwargs: dict | None = None) -> None:
        u.check_non_negative_int32(sample_rate, "sample_rate")
        u.check_pos_int32(n_filter, "n_filter")
        u.check_pos_int32(n_lfcc, "n_lfcc")
        u.type_check(log_lf, (bool,), "log_lf")
        u.type_check(norm, (NormMode,), "norm")
        u.check_non_negative_float32(f_min, "f_min")
        _check_f_max(f_min, f_max, sample_rate, "Input sample_rate // 2 should be greater than f_min when f_max is set "
                     f"to None, but got f_min: {f_min} and sample_rate: {sample_rate}.")
        _check_dct(dct_type, norm, log_lf, "log_lf")
        if speckwargs is not None:
            u.type_check(speckwargs, (dict,), "speckwargs")
            u.type_check(speckwargs["window"], (WindowType,), "window")
            u.type_check(speckwargs["pad_mode"], (BorderType,), "pad_mode")
            u.check_non_negative_int32(speckwargs["pad"], "pad")
            u.type_check(speckwargs["power"], (float,), "power")
            u.check_non_negative_float32(speckwargs["power"], "power")
            if speckwargs["n_fft"] < n_lfcc:
                raise ValueError(f"n_fft should be greater than or equal to n_lfcc, but got n_fft: "
                                 f"{speckwargs['n_fft']} and n_lfcc: {n_lfcc}.")
            if speckwargs["win_length"] > speckwargs["n_fft"]:
                raise ValueError(f"win_length must be less than or equal to n_fft, but got win_length: "
                                 f"{speckwargs['win_length']} and n_fft: {speckwargs['n_fft']}.")
        self.speckwargs, self.spectrogram = _spectrogram(speckwargs, _STFT_DEFAULTS)
        kw = self.speckwargs
        self.bank = u.linear_bank(kw["n_fft"] // 2 + 1, f_min, f_max if f_max is not None else sample_rate // 2,
                                  n_filter, sample_rate)
        self.dct, self.log = u.dct_matrix(n_lfcc, n_filter, norm), log_lf


__all__ = ["MelScale", "InverseMelScale", "MelSpectrogram", "MFCC", "LFCC"]
