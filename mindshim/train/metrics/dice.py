"""mindspore.train.Dice: mean over updates of 2|A.B| / (|A|^2 + |B|^2 + smooth), divided by samples.

MindSpore sums one coefficient per update call (over the whole batch) and divides by the number of
samples, so with batches of N samples the result is the batch coefficient divided by N. Kept as is.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.train.metrics.metric import Metric, check_input_count, rearrange_inputs, sample_count_error


class Dice(Metric):
    """mindspore.train.Dice(smooth=1e-5)."""

    def __init__(self, smooth: float = 1e-5) -> None:
        super().__init__()
        if not isinstance(smooth, float) or isinstance(smooth, bool):
            raise TypeError(f"For 'Dice', the type of 'smooth' must be float, but got {type(smooth).__name__}.")
        if not smooth > 0:
            raise ValueError(f"For 'Dice', the 'smooth' must be > 0, but got {smooth}.")
        self.smooth = smooth
        self.clear()

    def clear(self) -> None:
        self._dice_coeff_sum = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 2, "Dice.update", "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self._samples_num += y.shape[0]
        if y_pred.shape != y.shape:
            raise ValueError("For 'Dice.update', predicted value (input[0]) and true value (input[1]) should have "
                             f"same shape, but got predicted value shape: {y_pred.shape}, true value shape: {y.shape}.")
        a, b = y_pred.flatten(), y.flatten()
        intersection = np.dot(a, b)
        union = np.dot(a, a) + np.dot(b, b)
        self._dice_coeff_sum += 2 * float(intersection) / float(union + self.smooth)

    def eval(self) -> Any:
        if self._samples_num == 0:
            raise sample_count_error("Dice coefficient")
        return self._dice_coeff_sum / float(self._samples_num)
