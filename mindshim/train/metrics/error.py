"""mindspore.train.MAE and MSE: mean absolute / squared error per sample.

The error is summed over all elements and divided by the number of samples (y.shape[0]), so for
outputs with several values per sample it is a per-sample sum, not a per-element mean (MindSpore's
definition). `y` is reshaped to y_pred's shape first.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.train.metrics.metric import (
    Metric, accumulable, check_input_count, rearrange_inputs, sample_count_error,
)


class MAE(Metric):
    """mindspore.train.MAE()."""

    def __init__(self) -> None:
        super().__init__()
        self.clear()

    def clear(self) -> None:
        self._abs_error_sum = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 2, "MAE.update", "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self._abs_error_sum += accumulable(np.abs(y.reshape(y_pred.shape) - y_pred).sum())
        self._samples_num += y.shape[0]

    def eval(self) -> Any:
        if self._samples_num == 0:
            raise sample_count_error("MAE")
        return self._abs_error_sum / self._samples_num


class MSE(Metric):
    """mindspore.train.MSE()."""

    def __init__(self) -> None:
        super().__init__()
        self.clear()

    def clear(self) -> None:
        self._squared_error_sum = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 2, "MSE.update", "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self._squared_error_sum += accumulable(np.power(y.reshape(y_pred.shape) - y_pred, 2).sum())
        self._samples_num += y.shape[0]

    def eval(self) -> Any:
        if self._samples_num == 0:
            raise sample_count_error("MSE")
        return self._squared_error_sum / self._samples_num
