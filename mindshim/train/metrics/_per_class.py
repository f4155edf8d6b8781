"""The shared counting of Precision and Recall: true positives over predicted or actual positives.

classification: argmax predictions and labels become one-hot rows; counts are per class,
accumulated over batches; eval() returns a (C,) float64 array (average=True: its mean).
multilabel: y_pred and y are 0/1 (N, C, ...); the ratio is computed per sample, and
eval(average=True) is the mean of the per-batch per-sample ratios (MindSpore's definition).
The denominator gets `sys.float_info.min` added, so an empty class yields 0, not NaN.
"""
from __future__ import annotations

import sys
from typing import Any

import numpy as np

from mindshim.train.metrics.metric import (
    EvaluationBase, accumulable, check_class_num, check_input_count, is_onehot, rearrange_inputs,
)


class PerClassRatio(EvaluationBase):
    """Base of Precision (`_use_predicted = True`) and Recall (`False`)."""

    _use_predicted = True
    _name = "Precision"

    def __init__(self, eval_type: str = "classification") -> None:
        super().__init__(eval_type)
        self.eps = sys.float_info.min
        self.clear()

    def clear(self) -> None:
        self._class_num = 0
        if self._type == "multilabel":
            self._true_positives: Any = np.empty(0)
            self._denominators: Any = np.empty(0)
            self._ratio_sum: Any = 0
            self._ratio_count = 0
        else:
            self._true_positives = 0
            self._denominators = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        api = f"{self._name}.update"
        check_input_count(inputs, 2, api, "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if self._type == "classification" and y_pred.ndim == y.ndim and is_onehot(y):
            y = y.argmax(axis=1)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)
        class_num = check_class_num(self, y_pred, api)
        if self._type == "classification":
            if y.max() + 1 > class_num:
                raise ValueError(f"For '{api}', predicted value (input[0]) should have the same classes number as "
                                 f"true value (input[1]), but got predicted value classes {class_num}, true value "
                                 f"classes {y.max() + 1}.")
            y = np.eye(class_num)[y.reshape(-1)]
            y_pred = np.eye(class_num)[y_pred.argmax(axis=1).reshape(-1)]
        else:
            y_pred = y_pred.swapaxes(1, 0).reshape(class_num, -1)
            y = y.swapaxes(1, 0).reshape(class_num, -1)
        denominators = (y_pred if self._use_predicted else y).sum(axis=0)
        true_positives = (y * y_pred).sum(axis=0)
        if self._type == "multilabel":
            self._ratio_sum += accumulable(np.sum(true_positives / (denominators + self.eps)))
            self._ratio_count += len(denominators)
            self._true_positives = np.concatenate((self._true_positives, true_positives), axis=0)
            self._denominators = np.concatenate((self._denominators, denominators), axis=0)
        else:
            self._true_positives += true_positives
            self._denominators += denominators

    def eval(self, average: bool = False) -> Any:
        if self._class_num == 0:
            raise RuntimeError(f"The '{self._name}' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs (predicted value, true value) are empty, or has "
                               "called update method before calling eval method.")
        if not isinstance(average, bool):
            raise TypeError(f"For '{type(self).__name__}', the type of 'average' should be bool, "
                            f"but got {type(average).__name__}.")
        result = self._true_positives / (self._denominators + self.eps)
        if average:
            if self._type == "multilabel":
                result = self._ratio_sum / (self._ratio_count + self.eps)
            return result.mean()
        return result
