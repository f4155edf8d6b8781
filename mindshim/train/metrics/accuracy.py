"""mindspore.train.Accuracy: fraction of correct predictions.

'classification': y_pred (N, C, ...) scores, y (N, ...) class ids or one-hot (N, C, ...); the
prediction is argmax over axis 1. 'multilabel': y_pred and y are 0/1 of the same shape and a
sample counts as correct only when every label matches. eval() returns a numpy float64.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.train.metrics.metric import (
    EvaluationBase, check_class_num, check_input_count, is_onehot, rearrange_inputs, sample_count_error,
)


class Accuracy(EvaluationBase):
    """mindspore.train.Accuracy(eval_type='classification')."""

    def __init__(self, eval_type: str = "classification") -> None:
        super().__init__(eval_type)
        self.clear()

    def clear(self) -> None:
        self._correct_num = 0
        self._total_num = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 2, "Accuracy.update", "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if self._type == "classification" and y_pred.ndim == y.ndim and is_onehot(y):
            y = y.argmax(axis=1)
        self._check_shape(y_pred, y)
        self._check_value(y_pred, y)
        class_num = check_class_num(self, y_pred, "Accuracy.update")
        if self._type == "classification":
            correct = (np.equal(y_pred.argmax(axis=1), y) * 1).reshape(-1)
        else:
            last = y_pred.ndim - 1
            y_pred = y_pred.swapaxes(1, last).reshape(-1, class_num)
            y = y.swapaxes(1, last).reshape(-1, class_num)
            correct = np.equal(y_pred, y).all(axis=1) * 1
        self._correct_num += correct.sum()
        self._total_num += correct.shape[0]

    def eval(self) -> Any:
        if self._total_num == 0:
            raise sample_count_error("Accuracy")
        return self._correct_num / self._total_num
