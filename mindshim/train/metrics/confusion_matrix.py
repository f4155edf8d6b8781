"""mindspore.train.ConfusionMatrix and ConfusionMatrixMetric.

ConfusionMatrix(num_classes, normalize, threshold): rows are true classes, columns predictions;
y_pred of one more dimension than y is argmax'ed, float y_pred of y's dimension is thresholded.
normalize "target"/"prediction"/"all" divides by row/column/total sums (NaN -> 0).

ConfusionMatrixMetric: per-sample, per-channel TP/FP/TN/FN of binarised (N, C, ...) inputs, then a
named rate (sensitivity, precision, f1, mcc, ...). With calculation_method=False the counts are
summed over all updates and the rate computed once (eval() returns a (1,) array); with True the
rate is computed per batch, reduced by `decrease`, and averaged over updates. MindSpore 2.10's
decrease="mean_batch" fails with TypeError in that path (its table stores the function instead of
its result); mindshim raises the same TypeError so the behaviour stays identical.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from mindshim.train.metrics.metric import Metric, check_input_count, rearrange_inputs

_NORMALIZE = ["target", "prediction", "all", "no_norm"]
_DECREASE = ["none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel"]


class ConfusionMatrix(Metric):
    """mindspore.train.ConfusionMatrix(num_classes, normalize='no_norm', threshold=0.5)."""

    def __init__(self, num_classes: int, normalize: str = "no_norm", threshold: float = 0.5) -> None:
        super().__init__()
        if not isinstance(num_classes, int) or isinstance(num_classes, bool):
            raise TypeError(f"For 'ConfusionMatrix', the type of 'num_classes' must be int, "
                            f"but got {type(num_classes).__name__}.")
        if normalize not in _NORMALIZE:
            raise ValueError("For 'ConfusionMatrix', the argument 'normalize' must be in "
                             f"['all', 'prediction', 'label', 'no_norm'(None)], but got {normalize}.")
        if not isinstance(threshold, float):
            raise TypeError(f"For 'ConfusionMatrix', the type of 'threshold' must be float, "
                            f"but got {type(threshold).__name__}.")
        self.num_classes = num_classes
        self.normalize = normalize
        self.threshold = threshold
        self.clear()

    def clear(self) -> None:
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 2, "ConfusionMatrix.update", "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if not (y_pred.ndim == y.ndim or y_pred.ndim == y.ndim + 1):
            raise ValueError("For 'ConfusionMatrix.update', predicted value (input[0]) and true value (input[1]) "
                             "should have same dimensions, or the dimension of predicted value equals the dimension "
                             f"of true value add 1, but got predicted value ndim: {y_pred.ndim}, true value ndim: "
                             f"{y.ndim}.")
        if y_pred.ndim == y.ndim + 1:
            y_pred = np.argmax(y_pred, axis=1)
        if y_pred.ndim == y.ndim and y_pred.dtype in (np.float16, np.float32, np.float64):
            y_pred = (y_pred >= self.threshold).astype(int)
        flat = (y.reshape(-1) * self.num_classes + y_pred.reshape(-1)).astype(int)
        counts = np.bincount(flat, minlength=self.num_classes ** 2)
        self.confusion_matrix += counts.reshape(self.num_classes, self.num_classes)
        self._is_update = True

    def eval(self) -> np.ndarray:
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        matrix = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return matrix
        with np.errstate(divide="ignore", invalid="ignore"):
            if self.normalize == "target":
                matrix = matrix / matrix.sum(axis=1, keepdims=True)
            elif self.normalize == "prediction":
                matrix = matrix / matrix.sum(axis=0, keepdims=True)
            else:
                matrix = matrix / matrix.sum()
        matrix[np.isnan(matrix)] = 0
        return matrix


_METRIC_ALIASES = {
    "tpr": ["sensitivity", "recall", "hit_rate", "true_positive_rate", "tpr"],
    "tnr": ["specificity", "selectivity", "true_negative_rate", "tnr"],
    "ppv": ["precision", "positive_predictive_value", "ppv"],
    "npv": ["negative_predictive_value", "npv"],
    "fnr": ["miss_rate", "false_negative_rate", "fnr"],
    "fpr": ["fall_out", "false_positive_rate", "fpr"],
    "fdr": ["false_discovery_rate", "fdr"],
    "for": ["false_omission_rate", "for"],
    "pt": ["prevalence_threshold", "pt"],
    "ts": ["threat_score", "critical_success_index", "ts", "csi"],
    "acc": ["accuracy", "acc"],
    "ba": ["balanced_accuracy", "ba"],
    "f1": ["f1_score", "f1"],
    "mcc": ["matthews_correlation_coefficient", "mcc"],
    "fm": ["fowlkes_mallows_index", "fm"],
    "bm": ["informedness", "bookmaker_informedness", "bm"],
    "mk": ["markedness", "deltap", "mk"],
}
_METRIC_CODE = {alias: code for code, aliases in _METRIC_ALIASES.items() for alias in aliases}


def _metric_code(metric_name: str) -> str:
    code = _METRIC_CODE.get(metric_name.replace(" ", "_").lower())
    if code is None:
        raise NotImplementedError("The metric is not implemented.")
    return code


def _safe_ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / den, np.array(float("nan")))


def _fraction(code: str, tp: Any, fp: Any, tn: Any, fn: Any) -> tuple[Any, Any]:
    """(numerator, denominator) of the rate named by `code`."""
    p, n = tp + fn, fp + tn
    if code in ("pt", "ba", "bm"):
        tpr, tnr = _safe_ratio(tp, p), _safe_ratio(tn, n)
        if code == "pt":
            return np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0
        return (tpr + tnr, 2.0) if code == "ba" else (tpr + tnr - 1.0, 1.0)
    if code == "fm":
        return np.sqrt(_safe_ratio(tp, tp + fp) * _safe_ratio(tp, p)), 1.0
    if code == "mk":
        with np.errstate(divide="ignore", invalid="ignore"):
            npv = tn / (tn + fn)  # MindSpore divides unguarded here
        return _safe_ratio(tp, tp + fp) + npv - 1.0, 1.0
    if code == "mcc":
        return tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    simple = {"tpr": (tp, p), "tnr": (tn, n), "ppv": (tp, tp + fp), "npv": (tn, tn + fn), "fnr": (fn, p),
              "fpr": (fp, n), "fdr": (fp, fp + tp), "for": (fn, fn + tn), "ts": (tp, tp + fn + fp),
              "acc": (tp + tn, p + n), "f1": (tp * 2.0, tp * 2.0 + fn + fp)}
    return simple[code]


def compute_rate(metric_name: str, counts: np.ndarray) -> np.ndarray:
    """The named rate from [..., 4] counts (tp, fp, tn, fn); NaN where the denominator is 0."""
    code = _metric_code(metric_name)
    if counts.ndim == 1:
        counts = np.expand_dims(counts, 0)
    if counts.shape[-1] != 4:
        raise ValueError("For 'ConfusionMatrix', the size of the last dimension of confusion_matrix must be 4, "
                         f"but got {counts.shape[-1]}.")
    num, den = _fraction(code, counts[..., 0], counts[..., 1], counts[..., 2], counts[..., 3])
    with np.errstate(divide="ignore", invalid="ignore"):
        if isinstance(den, np.ndarray):
            return np.where(den != 0, num / den, np.array(float("nan")))
        return num / den


def _counts(y_pred: np.ndarray, y: np.ndarray, skip_channel: bool) -> np.ndarray:
    """(N, C, 4) tp/fp/tn/fn per sample and channel."""
    if not skip_channel:  # drop the background channel
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
    y, y_pred = y.astype(float), y_pred.astype(float)
    if y.shape != y_pred.shape:
        raise ValueError(f"For 'ConfusionMatrixMetric', 'y_shape' {y.shape} must be equal to "
                         f"'y_pred_shape' {y_pred.shape}.")
    batch, channels = y_pred.shape[:2]
    y_pred = y_pred.reshape(batch, channels, -1)
    y = y.reshape(batch, channels, -1)
    tp = ((y_pred + y) == 2).astype(float).sum(axis=2)
    tn = ((y_pred + y) == 0).astype(float).sum(axis=2)
    p = y.sum(axis=2)
    n = y.shape[-1] - p
    return np.stack([tp, p - tp, tn, n - tn], axis=-1)


def _reduce(chart: np.ndarray, decrease: str) -> tuple[np.ndarray, np.ndarray]:
    """(reduced chart, count of non-NaN entries), NaNs zeroed first."""
    nans = np.isnan(chart)
    not_nans = (~nans).astype(float)
    chart[nans] = 0
    zero = np.zeros(1, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        if decrease == "mean":
            per_sample = not_nans.sum(axis=1)
            chart = np.where(per_sample > 0, chart.sum(axis=1) / per_sample, zero)
            count = (per_sample > 0).astype(float).sum(axis=0)
            return np.where(count > 0, chart.sum(axis=0) / count, zero), count
        if decrease == "sum":
            return np.sum(chart, axis=(0, 1)), not_nans.sum(axis=(0, 1))
        if decrease == "mean_batch":
            raise TypeError("cannot unpack non-iterable function object")
        if decrease == "sum_batch":
            return chart.sum(axis=0), not_nans.sum(axis=0)
        if decrease == "mean_channel":
            count = not_nans.sum(axis=1)
            return np.where(count > 0, chart.sum(axis=1) / count, zero), count
        if decrease == "sum_channel":
            return chart.sum(axis=1), not_nans.sum(axis=1)
    return chart, not_nans


class ConfusionMatrixMetric(Metric):
    """mindspore.train.ConfusionMatrixMetric(skip_channel=True, metric_name='sensitivity',
    calculation_method=False, decrease='mean')."""

    def __init__(self, skip_channel: bool = True, metric_name: str = "sensitivity",
                 calculation_method: bool = False, decrease: str = "mean") -> None:
        super().__init__()
        for name, value, kind in (("skip_channel", skip_channel, bool),
                                  ("calculation_method", calculation_method, bool),
                                  ("metric_name", metric_name, str), ("decrease", decrease, str)):
            if not isinstance(value, kind):
                raise TypeError(f"For 'ConfusionMatrixMetric', the type of '{name}' must be {kind.__name__}, "
                                f"but got {type(value).__name__}.")
        if decrease not in _DECREASE:
            raise ValueError(f"For 'ConfusionMatrixMetric', the 'decrease' must be in {_DECREASE}, "
                             f"but got {decrease}.")
        self.skip_channel = skip_channel
        self.metric_name = metric_name
        self.calculation_method = calculation_method
        self.decrease = decrease
        self.clear()

    def clear(self) -> None:
        self._total_num = 0
        self._class_num = 0
        self._total_tp = 0.0
        self._total_fp = 0.0
        self._total_tn = 0.0
        self._total_fn = 0.0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 2, "ConfusionMatrixMetric.update", "predicted value, true value")
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if not np.all(y.astype(np.uint8) == y):
            raise ValueError("For 'ConfusionMatrix.update', the true value (input[1]) must be a binarized ndarray.")
        if y_pred.ndim < 2:
            raise ValueError("For 'ConfusionMatrix.update', the predicted value (input[0]) must have at least 2 "
                             f"dimensions, but got {y_pred.ndim}.")
        counts = _counts(y_pred, y, self.skip_channel)
        if self.calculation_method:
            if y_pred.ndim == 2 or (y_pred.ndim == 3 and y_pred.shape[-1] == 1):
                # MindSpore 2.10 fails here too (it unpacks the raw (N, C, 4) counts as a pair).
                raise ValueError("For 'ConfusionMatrixMetric', calculation_method=True needs predicted values "
                                 "with a spatial dimension (N, C, H, ...), but got shape "
                                 f"{y_pred.shape}.")
            score, not_nans = _reduce(compute_rate(self.metric_name, counts), self.decrease)
            not_nans = int(np.asarray(not_nans).item())
            self._total_num += np.asarray(score).item() * not_nans
            self._class_num += not_nans
        else:
            summed, _ = _reduce(counts, "sum")
            self._total_tp += summed[0].item()
            self._total_fp += summed[1].item()
            self._total_tn += summed[2].item()
            self._total_fn += summed[3].item()

    def eval(self) -> Any:
        if self.calculation_method:
            if self._class_num == 0:
                raise RuntimeError("The 'ConfusionMatrixMetric' can not be calculated, because the number of samples "
                                   "is 0, please check whether your inputs(predicted value, true value) are empty, or "
                                   "has called update method before calling eval method.")
            return self._total_num / self._class_num
        counts = np.array([self._total_tp, self._total_fp, self._total_tn, self._total_fn])
        return compute_rate(self.metric_name, counts)
