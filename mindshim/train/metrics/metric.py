"""mindspore.train.Metric: the base class (clear/update/eval) and shared helpers.

Metrics compute in numpy on the host, as MindSpore's do. `_convert_data` accepts a mindshim Tensor
(anything with `.asnumpy()`), a plain torch.Tensor (mindshim extra: torch code calling a metric),
a list or a numpy array; anything else is a TypeError, as in MindSpore.

Numpy 1 vs 2. MindSpore 2.10 runs on numpy 1, whose scalar promotion turns `0 + np.float32(x)` into
float64; numpy 2 (NEP 50) keeps float32. Metrics that accumulate a float scalar pass it through
`accumulable()` (-> np.float64), so values and result dtypes match MindSpore's under either numpy.

`rearrange_inputs` decorates `update`: when `set_indexes([i, j])` was called, update receives only
`inputs[i], inputs[j]` (Model passes `(logits, label)` or, with eval_indexes, `(loss, logits, label)`).
"""
from __future__ import annotations

import functools
from abc import ABCMeta, abstractmethod
from typing import Any, Callable

import numpy as np

EVAL_TYPES = {"classification", "multilabel"}


def rearrange_inputs(func: Callable) -> Callable:
    """Make `update(*inputs)` see `[inputs[i] for i in self.indexes]` when indexes are set."""
    @functools.wraps(func)
    def wrapper(self: "Metric", *inputs: Any) -> Any:
        indexes = self.indexes
        if indexes:
            inputs = [inputs[i] for i in indexes]
        return func(self, *inputs)
    return wrapper


def accumulable(value: Any) -> Any:
    """A numpy float scalar as float64 (numpy 1's result of adding it to a Python number)."""
    if isinstance(value, np.floating):
        return np.float64(value)
    return value


def to_numpy(data: Any) -> np.ndarray:
    if hasattr(data, "asnumpy") and callable(data.asnumpy):
        return data.asnumpy()
    if isinstance(data, list):
        return np.array(data)
    if isinstance(data, np.ndarray):
        return data
    import torch
    if isinstance(data, torch.Tensor):
        return data.detach().cpu().numpy()
    raise TypeError("For 'Metric' and its derived classes, the input data type must be tensor, list or "
                    f"numpy.ndarray, but got {type(data)}.")


class Metric(metaclass=ABCMeta):
    """mindspore.train.Metric: subclasses implement clear(), update(*inputs) and eval()."""

    def __init__(self) -> None:
        self._indexes: list[int] | None = None

    def _convert_data(self, data: Any) -> np.ndarray:
        return to_numpy(data)

    @property
    def indexes(self) -> list[int] | None:
        return getattr(self, "_indexes", None)

    def set_indexes(self, indexes: list[int]) -> "Metric":
        if not isinstance(indexes, list) or not all(isinstance(i, int) for i in indexes):
            raise ValueError("For 'set_indexes', the argument 'indexes' must be a list and all its elements must "
                             "be int, please check whether it is correct.")
        self._indexes = indexes
        return self

    def __call__(self, *inputs: Any) -> Any:
        self.clear()
        self.update(*inputs)
        return self.eval()

    @abstractmethod
    def clear(self) -> None:
        raise NotImplementedError("Must define clear function to use this base class")

    @abstractmethod
    def eval(self) -> Any:
        raise NotImplementedError("Must define eval function to use this base class")

    @abstractmethod
    def update(self, *inputs: Any) -> None:
        raise NotImplementedError("Must define update function to use this base class")


class EvaluationBase(Metric):
    """Base of Accuracy/Precision/Recall: `eval_type` is 'classification' or 'multilabel'."""

    def __init__(self, eval_type: str) -> None:
        super().__init__()
        if eval_type not in EVAL_TYPES:
            raise TypeError("The argument 'eval_type' must be in {}, but got {}".format(EVAL_TYPES, eval_type))
        self._type = eval_type

    def _check_shape(self, y_pred: np.ndarray, y: np.ndarray) -> None:
        if self._type == "classification":
            if y_pred.ndim != y.ndim + 1:
                raise ValueError("In classification case, the dimension of y_pred (predicted value) should equal to "
                                 "the dimension of y (true value) add 1, but got y_pred dimension: {} and y "
                                 "dimension: {}.".format(y_pred.ndim, y.ndim))
            if y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError("In classification case, y_pred (predicted value) shape and y (true value) shape "
                                 "can not match, y shape should be equal to y_pred shape that the value at index 1 "
                                 "is deleted. But got y_pred shape {} and y shape {}".format(y_pred.shape, y.shape))
        else:
            if y_pred.ndim != y.ndim:
                raise ValueError("In {} case, the dimension of y_pred (predicted value) should equal to the dimension"
                                 " of y (true value), but got y_pred dimension: {} and y dimension: {}."
                                 .format(self._type, y_pred.ndim, y.ndim))
            if y_pred.shape != y.shape:
                raise ValueError("In {} case, the shape of y_pred (predicted value) should equal to the shape of y "
                                 "(true value), but got y_pred shape: {} and y shape: {}."
                                 .format(self._type, y_pred.shape, y.shape))

    def _check_value(self, y_pred: np.ndarray, y: np.ndarray) -> None:
        if self._type != "classification" and not (np.equal(y_pred ** 2, y_pred).all()
                                                   and np.equal(y ** 2, y).all()):
            raise ValueError("In multilabel case, all elements in y_pred (predicted value) and y (true value) should "
                             "be 0 or 1. Please check whether your inputs y_pred and y are correct.")

    def clear(self) -> None:
        raise NotImplementedError

    def update(self, *inputs: Any) -> None:
        raise NotImplementedError

    def eval(self) -> Any:
        raise NotImplementedError


def is_onehot(data: np.ndarray) -> bool:
    """True when `data` (N, C, ...) holds 0/1 values summing to 1 along axis 1."""
    if data.ndim > 1 and np.equal(data ** 2, data).all():
        shape = (data.shape[0],) + data.shape[2:]
        return bool(np.equal(np.ones(shape), data.sum(axis=1)).all())
    return False


def check_input_count(inputs: tuple, expected: int, api: str, what: str) -> None:
    if len(inputs) != expected:
        raise ValueError(f"For '{api}', it needs {expected} inputs ({what}), but got {len(inputs)}.")


def sample_count_error(name: str) -> RuntimeError:
    return RuntimeError(f"The '{name}' can not be calculated, because the number of samples is 0, please check "
                        "whether your inputs(predicted value, true value) are empty, or has called update method "
                        "before calling eval method.")


def check_class_num(metric: Any, y_pred: np.ndarray, api: str) -> int:
    """Remember the class count of the first batch and insist later batches match."""
    if metric._class_num == 0:
        metric._class_num = y_pred.shape[1]
    elif y_pred.shape[1] != metric._class_num:
        raise ValueError(f"For '{api}', class number not match, last input predicted data contain "
                         f"{metric._class_num} classes, but current predicted data contain {y_pred.shape[1]} "
                         "classes, please check your predicted value(inputs[0]).")
    return metric._class_num


def binary_clf_curve(preds: np.ndarray, target: np.ndarray, sample_weights: Any = None,
                     pos_label: int = 1) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """False/true positive counts at each distinct threshold, highest score first."""
    if sample_weights is not None and not isinstance(sample_weights, np.ndarray):
        sample_weights = np.array(sample_weights)
    if preds.ndim > target.ndim:
        preds = preds[:, 0]
    order = np.argsort(-preds)
    preds = preds[order]
    target = target[order]
    weight = sample_weights[order] if sample_weights is not None else 1.0
    distinct = np.where(preds[1:] - preds[:-1])[0]
    threshold_idxs = np.pad(distinct, (0, 1), constant_values=target.shape[0] - 1)
    target = np.array(target == pos_label).astype(np.int64)
    tps = np.cumsum(target * weight, axis=0)[threshold_idxs]
    if sample_weights is not None:
        fps = np.cumsum((1 - target) * weight, axis=0)[threshold_idxs]
    else:
        fps = 1 + threshold_idxs - tps
    return fps, tps, preds[threshold_idxs]
