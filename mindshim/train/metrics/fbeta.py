"""mindspore.train.Fbeta and F1: per-class F-beta from argmax predictions.

(1 + beta^2) * TP / (beta^2 * actual + predicted + tiny); eval() returns a (C,) float64 array,
eval(average=True) its mean. Labels may be class ids or one-hot.
"""
from __future__ import annotations

import sys
from typing import Any

import numpy as np

from mindshim.train.metrics.metric import Metric, check_class_num, check_input_count, is_onehot, rearrange_inputs


class Fbeta(Metric):
    """mindspore.train.Fbeta(beta)."""

    def __init__(self, beta: float) -> None:
        super().__init__()
        self.eps = sys.float_info.min
        if not beta > 0:
            raise ValueError(f"For 'Fbeta', the argument 'beta' must be greater than 0, but got {beta}.")
        self.beta = beta
        self.clear()

    def clear(self) -> None:
        self._true_positives = 0
        self._actual_positives = 0
        self._positives = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 2, "Fbeta.update", "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and is_onehot(y):
            y = y.argmax(axis=1)
        class_num = check_class_num(self, y_pred, "Fbeta.update")
        if y.max() + 1 > class_num:
            raise ValueError("For 'Fbeta.update', predicted value(inputs[0]) and true value(inputs[1]) should "
                             f"contain same classes, but got predicted value contains {class_num} classes and "
                             f"true value contains {y.max() + 1} classes.")
        y = np.eye(class_num)[y.reshape(-1)]
        y_pred = np.eye(class_num)[y_pred.argmax(axis=1).reshape(-1)]
        self._true_positives += (y * y_pred).sum(axis=0)
        self._positives += y_pred.sum(axis=0)
        self._actual_positives += y.sum(axis=0)

    def eval(self, average: bool = False) -> Any:
        if not isinstance(average, bool):
            raise TypeError(f"For '{type(self).__name__}', the type of 'average' should be bool, "
                            f"but got {type(average).__name__}.")
        if self._class_num == 0:
            raise RuntimeError("The 'Fbeta' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, "
                               "or has called update method before calling eval method.")
        b2 = self.beta ** 2
        fbeta = (1.0 + b2) * self._true_positives / (b2 * self._actual_positives + self._positives + self.eps)
        return fbeta.mean() if average else fbeta


class F1(Fbeta):
    """mindspore.train.F1() = Fbeta(1.0)."""

    def __init__(self) -> None:
        super().__init__(1.0)
