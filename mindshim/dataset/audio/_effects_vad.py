"""Vad of mindspore.dataset.audio, as MindSpore 2.10's kernel behaves.

MindSpore's detector builds its cepstrum from a buffer whose filled half it never reads, so every activity measure
is 0: the trigger fires only when `trigger_level <= 0` (at the first measurement), otherwise the whole input is
scanned without triggering. What is returned then follows from MindSpore's trimming arithmetic: the last
`pre_trigger + search + measure` samples of a long input, all of a short one, or an odd-sized tail in between
(the goldens in tests/parity/goldens/dataset_audio_filters.json record it). The parameter checks made before the
scan (spectrum and cepstrum ranges) are kept, as RuntimeErrors."""
from __future__ import annotations

import math
import numpy as np

from mindshim.dataset.audio._common import AudioTensorOperation, kernel_error, numeric_wave
from mindshim.dataset.audio.utils import check_float32, check_non_negative_float32, check_pos_float32, check_pos_int32

__all__ = ["Vad"]

_NON_NEGATIVE = ("trigger_time", "search_time", "allowed_gap", "pre_trigger_time", "boot_time", "noise_up_time",
                 "noise_down_time")


class Vad(AudioTensorOperation):
    def __init__(self, sample_rate: int, trigger_level: float = 7.0, trigger_time: float = 0.25,
                 search_time: float = 1.0, allowed_gap: float = 0.25, pre_trigger_time: float = 0.0,
                 boot_time: float = 0.35, noise_up_time: float = 0.1, noise_down_time: float = 0.01,
                 noise_reduction_amount: float = 1.35, measure_freq: float = 20.0, measure_duration: float | None = None,
                 measure_smooth_time: float = 0.4, hp_filter_freq: float = 50.0, lp_filter_freq: float = 6000.0,
                 hp_lifter_freq: float = 150.0, lp_lifter_freq: float = 2000.0) -> None:
        args = dict(locals())
        check_pos_int32(sample_rate, "sample_rate")
        check_float32(trigger_level, "trigger_level")
        for name in _NON_NEGATIVE:
            check_non_negative_float32(args[name], name)
        if noise_up_time < noise_down_time:
            raise ValueError(f"Input noise_up_time should be greater than noise_down_time, but got noise_up_time: "
                             f"{noise_up_time} and noise_down_time: {noise_down_time}.")
        check_non_negative_float32(noise_reduction_amount, "noise_reduction_amount")
        check_pos_float32(measure_freq, "measure_freq")
        if measure_duration:
            check_non_negative_float32(measure_duration, "measure_duration")
        check_non_negative_float32(measure_smooth_time, "measure_smooth_time")
        for name in ("hp_filter_freq", "lp_filter_freq", "hp_lifter_freq", "lp_lifter_freq"):
            check_pos_float32(args[name], name)
        for name, value in args.items():
            if name not in ("self", "__class__"):
                setattr(self, name, value)
        self.measure_duration = measure_duration if measure_duration else 2.0 / measure_freq

    def _lengths(self, dtype: np.dtype) -> tuple[int, int, int]:
        """(measure length, samples kept before the trigger in the search window, fixed pre-trigger length)."""
        f = dtype.type
        rate = self.sample_rate
        measure_len = int(rate * f(self.measure_duration) + 0.5)
        dft_len = 16
        while dft_len < measure_len:
            dft_len *= 2
        period = int(rate / f(self.measure_freq) + 0.5)
        measures = int(math.ceil(f(self.search_time) * f(self.measure_freq)))
        start = max(int(f(self.hp_filter_freq) / rate * dft_len + 0.5), 1)
        end = min(int(f(self.lp_filter_freq) / rate * dft_len + 0.5), dft_len // 2)
        if end <= start:
            raise kernel_error("Vad: the end of spectrum must be greater than the start. Check if `hp_filter_freq` is "
                               "too large or `lp_filter_freq` is too small.")
        cep_start = math.ceil(rate * 0.5 / f(self.lp_lifter_freq))
        cep_end = min(math.floor(rate * 0.5 / f(self.hp_lifter_freq)), dft_len // 4)
        if cep_end <= cep_start:
            raise kernel_error("Vad: the end of cepstrum must be greater than the start. Check if `hp_lifter_freq` is "
                               "too large or `lp_lifter_freq` is too small.")
        return measure_len, measures * period, int(f(self.pre_trigger_time) * rate + 0.5)

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        wave = numeric_wave(wave, "Vad")
        n = wave.shape[-1]
        measure_len, search_len, pre_len = self._lengths(wave.dtype)
        if self.trigger_level <= 0 and n >= measure_len:  # triggers at the first measurement
            start = -pre_len
        else:
            start = n - (pre_len + search_len + measure_len)
        if start < -n:
            start = 0
        elif start < 0:
            start += n
        return wave[..., start:].copy()
