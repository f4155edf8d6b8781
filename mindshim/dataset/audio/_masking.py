"""Masking transforms of (..., freq, time) spectrograms: FrequencyMasking, TimeMasking, MaskAlongAxis,
MaskAlongAxisIID. A fixed mask covers [mask_start, mask_start + width) of the axis (MindSpore raises when it
runs past the end); an iid mask draws an integer width uniformly in [0, mask_param] and a start uniformly in
[0, length - width] (from the dataset seed), once per call, and masks every channel alike as MindSpore does.
(MindSpore copies its generator into the kernel, so with a seed every call repeats the same mask; mindshim
draws a new one per call/row.)"""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.dataset.audio import utils as u
from mindshim.dataset.audio._common import SPECTROGRAM, AudioTensorOperation, as_float, kernel_error, name_of


def _masked(x: np.ndarray, axis: int, start: int, width: int, value: float) -> np.ndarray:
    """A copy of x with [start, start + width) of `axis` set to value."""
    x = x.copy()
    index = [slice(None)] * x.ndim
    index[axis] = slice(start, start + width)
    x[tuple(index)] = value
    return x


def _fixed_mask(x: np.ndarray, start: int, width: int, value: float, axis: int, op: str) -> np.ndarray:
    x = as_float(x, op, 2, SPECTROGRAM)
    size = x.shape[axis]
    if start + width > size:
        raise kernel_error(f"{op}: mask_start plus mask_width should be no more than the length of the masked "
                           f"axis {size}, but got {start} and {width}.")
    return _masked(x, axis, start, width, value)


def _iid_mask(x: np.ndarray, mask_param: int, value: float, axis: int, rng: np.random.Generator,
              op: str) -> np.ndarray:
    x = as_float(x, op, 2, SPECTROGRAM)
    size = x.shape[axis]
    if mask_param > size:
        raise kernel_error(f"{op}: mask_param should be no more than the length of the masked axis {size}, "
                           f"but got {mask_param}.")
    width = int(rng.integers(0, mask_param + 1))  # one draw per call: MindSpore masks every channel alike
    start = int(rng.integers(0, size - width + 1))
    return _masked(x, axis, start, width, value)


def _check_masking(iid_masks: Any, mask_param: Any, mask_start: Any, mask_value: Any) -> None:
    u.type_check(iid_masks, (bool,), "iid_masks")
    u.type_check(mask_param, (int,), "mask_param")
    u.check_non_negative_float32(mask_param, "mask_param")
    u.type_check(mask_start, (int,), "mask_start")
    u.check_non_negative_float32(mask_start, "mask_start")
    u.type_check(mask_value, (int, float), "mask_value")
    u.check_non_negative_float32(mask_value, "mask_value")


class _AxisMasking(AudioTensorOperation):
    """FrequencyMasking (axis -2) and TimeMasking (axis -1)."""

    axis = -2

    def __init__(self, iid_masks: bool, mask_param: int, mask_start: int, mask_value: float) -> None:
        _check_masking(iid_masks, mask_param, mask_start, mask_value)
        self.iid_masks, self.mask_param, self.mask_start, self.mask_value = iid_masks, mask_param, mask_start, mask_value

    def _apply(self, x: np.ndarray) -> np.ndarray:
        op = name_of(self)
        if self.iid_masks:
            return _iid_mask(x, self.mask_param, self.mask_value, self.axis, self._rng(), op)
        if x.ndim >= 2 and self.mask_param > x.shape[self.axis]:
            raise kernel_error(f"{op}: mask_param should be no more than the length of the masked axis "
                               f"{x.shape[self.axis]}, but got {self.mask_param}.")
        return _fixed_mask(x, self.mask_start, self.mask_param, self.mask_value, self.axis, op)


class FrequencyMasking(_AxisMasking):
    def __init__(self, iid_masks: bool = False, freq_mask_param: int = 0, mask_start: int = 0,
                 mask_value: float = 0.0) -> None:
        super().__init__(iid_masks, freq_mask_param, mask_start, mask_value)


class TimeMasking(_AxisMasking):
    axis = -1

    def __init__(self, iid_masks: bool = False, time_mask_param: int = 0, mask_start: int = 0,
                 mask_value: float = 0.0) -> None:
        super().__init__(iid_masks, time_mask_param, mask_start, mask_value)


def _check_axis(axis: Any) -> int:
    u.type_check(axis, (int,), "axis")
    u.check_value(axis, 1, 2, "axis")
    return axis - 3  # 1 -> freq (-2), 2 -> time (-1)


class MaskAlongAxis(AudioTensorOperation):
    def __init__(self, mask_start: int, mask_width: int, mask_value: float, axis: int) -> None:
        u.type_check(mask_start, (int,), "mask_start")
        u.type_check(mask_width, (int,), "mask_width")
        u.type_check(mask_value, (int, float), "mask_value")
        u.type_check(axis, (int,), "axis")
        u.check_non_negative_int32(mask_start, "mask_start")
        u.check_pos_int32(mask_width, "mask_width")
        u.check_float32(mask_value, "mask_value")
        self.mask_start, self.mask_width, self.mask_value, self.axis = mask_start, mask_width, mask_value, axis
        self._axis = _check_axis(axis)

    def _apply(self, x: np.ndarray) -> np.ndarray:
        return _fixed_mask(x, self.mask_start, self.mask_width, self.mask_value, self._axis, name_of(self))


class MaskAlongAxisIID(AudioTensorOperation):
    def __init__(self, mask_param: int, mask_value: float, axis: int) -> None:
        u.check_non_negative_int32(mask_param, "mask_param")
        u.check_float32(mask_value, "mask_value")
        self.mask_param, self.mask_value, self.axis = mask_param, mask_value, axis
        self._axis = _check_axis(axis)

    def _apply(self, x: np.ndarray) -> np.ndarray:
        return _iid_mask(x, self.mask_param, self.mask_value, self._axis, self._rng(), name_of(self))


__all__ = ["FrequencyMasking", "TimeMasking", "MaskAlongAxis", "MaskAlongAxisIID"]
