"""mindspore.train.TopKCategoricalAccuracy and its Top1/Top5 presets.

A sample is correct when its label is among the k highest scores. Ties: MindSpore argsorts the
negated scores with numpy 1's default quicksort, which is an insertion sort (stable: the first of
equal scores ranks first) for rows of up to 16 classes; numpy 2's default argsort is a SIMD sort
that orders ties differently. mindshim uses a stable sort, identical to MindSpore up to 16 classes
(beyond that MindSpore's tie order is numpy 1's introsort partition order; ties in real scores are
rare).
"""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.train.metrics.metric import Metric, check_input_count, is_onehot, rearrange_inputs


class TopKCategoricalAccuracy(Metric):
    """mindspore.train.TopKCategoricalAccuracy(k)."""

    def __init__(self, k: int) -> None:
        super().__init__()
        if not isinstance(k, int):
            raise TypeError("For 'TopKCategoricalAccuracy', the type of the argument 'k' should be int, "
                            f"but got 'k' type: {type(k)}.")
        if k < 1:
            raise ValueError(f"For 'TopKCategoricalAccuracy', the argument 'k' must be at least 1, but got 'k' value: {k}.")
        self.k = k
        self.clear()

    def clear(self) -> None:
        self._correct_num = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 2, "TopKCategoricalAccuracy.update", "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and is_onehot(y):
            y = y.argmax(axis=1)
        top_k = np.argsort(-y_pred, axis=1, kind="stable")[:, :self.k]
        labels = y.reshape(-1, 1).repeat(self.k, axis=1)
        self._correct_num += np.equal(top_k, labels).sum(axis=1).sum()
        self._samples_num += labels.shape[0]

    def eval(self) -> Any:
        if self._samples_num == 0:
            raise RuntimeError("The 'TopKCategoricalAccuracy' can not be calculated, because the number of samples "
                               "is 0, please check whether your inputs (predicted value, true value) are empty, "
                               "or has called update method before calling eval method.")
        return self._correct_num / self._samples_num


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    """mindspore.train.Top1CategoricalAccuracy()."""

    def __init__(self) -> None:
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    """mindspore.train.Top5CategoricalAccuracy()."""

    def __init__(self) -> None:
        super().__init__(5)
