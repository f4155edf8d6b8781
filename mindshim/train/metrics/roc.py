"""mindspore.train.ROC: false/true positive rates and thresholds (binary, or one-vs-rest per class).

Only the last update is kept (MindSpore's behaviour): eval() describes the latest batch. Binary:
y_pred and y of the same shape, `pos_label` default 1. Multi-class: y_pred (N, C) with
`class_num=C`; eval() returns lists with one array per class. The first threshold is the highest
score + 1, so the curve starts at (0, 0).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.train.metrics.metric import Metric, binary_clf_curve, check_input_count, rearrange_inputs


def _check_int_or_none(value: Any, name: str) -> Any:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise TypeError(f"For 'ROC', the type of '{name}' must be int, but got {type(value).__name__}.")
    return value


def _prepare(y_pred: np.ndarray, y: np.ndarray, class_num: Any, pos_label: Any) -> tuple:
    if y_pred.ndim == y.ndim:
        if class_num is not None and class_num != 1:
            raise ValueError("For 'ROC', when predicted value (input[0]) and true value (input[1]) have the same "
                             f"shape, the 'class_num' must be 1, but got {class_num}.")
        return y_pred.flatten(), y.flatten(), 1, 1 if pos_label is None else pos_label
    if y_pred.ndim == y.ndim + 1:
        if pos_label is not None:
            raise ValueError("For 'ROC', when the dimension of predicted value (input[0]) equals the dimension of "
                             f"true value (input[1]) add 1, the 'pos_label' must be None, but got {pos_label}.")
        if class_num != y_pred.shape[1]:
            raise ValueError("For 'ROC', the 'class_num' must equal the number of classes from predicted value "
                             f"(input[0]), but got 'class_num' {class_num}, the number of classes from predicted "
                             f"value {y_pred.shape[1]}.")
        y_pred = y_pred.transpose(0, 1).reshape(class_num, -1).transpose(0, 1)
        return y_pred, y.flatten(), class_num, pos_label
    raise ValueError("For 'ROC', predicted value (input[0]) and true value (input[1]) must have same dimensions, "
                     "or the dimension of predicted value equal the dimension of true value add 1, but got "
                     f"predicted value ndim: {y_pred.ndim}, true value ndim: {y.ndim}.")


def _binary_roc(y_pred: np.ndarray, y: np.ndarray, pos_label: int, sample_weights: Any = None) -> tuple:
    fps, tps, thresholds = binary_clf_curve(y_pred, y, sample_weights=sample_weights, pos_label=pos_label)
    tps = np.squeeze(np.hstack([np.zeros(1, dtype=tps.dtype), tps]))
    fps = np.squeeze(np.hstack([np.zeros(1, dtype=fps.dtype), fps]))
    thresholds = np.hstack([thresholds[0][None] + 1, thresholds])
    if fps[-1] <= 0:
        raise ValueError("For 'ROC.eval', there is no negative samples in true value, "
                         "false positive value is meaningless.")
    if tps[-1] <= 0:
        raise ValueError("For 'ROC.eval', there is no positive samples in true value, "
                         "true positive value is meaningless.")
    return fps / fps[-1], tps / tps[-1], thresholds


def _roc(y_pred: np.ndarray, y: np.ndarray, class_num: int, pos_label: Any) -> tuple:
    if class_num == 1:
        return _binary_roc(y_pred, y, pos_label)
    fpr, tpr, thresholds = [], [], []
    for c in range(class_num):
        scores, labels, _, label = _prepare(y_pred[:, c], y, 1, c)
        res = _binary_roc(scores, labels, label)
        fpr.append(res[0])
        tpr.append(res[1])
        thresholds.append(res[2])
    return fpr, tpr, thresholds


class ROC(Metric):
    """mindspore.train.ROC(class_num=None, pos_label=None); eval() -> (fpr, tpr, thresholds)."""

    def __init__(self, class_num: int | None = None, pos_label: int | None = None) -> None:
        super().__init__()
        self.class_num = _check_int_or_none(class_num, "class_num")
        self.pos_label = _check_int_or_none(pos_label, "pos_label")
        self.clear()

    def clear(self) -> None:
        self.y_pred: Any = 0
        self.y: Any = 0
        self.sample_weights = None
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 2, "ROC.update", "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        self.y_pred, self.y, self.class_num, self.pos_label = _prepare(y_pred, y, self.class_num, self.pos_label)
        self._is_update = True

    def eval(self) -> tuple:
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return _roc(np.squeeze(self.y_pred), np.squeeze(self.y), self.class_num, self.pos_label)
