"""mindspore.train.auc(x, y, reorder=False): area under a curve by the trapezoidal rule.

x must be monotonic (increasing, or decreasing giving a positive area) unless reorder=True sorts
it. Both arguments must be numpy arrays, 1-D or (N, 1).
"""
from __future__ import annotations

from typing import Any

import numpy as np


def _as_1d(a: np.ndarray) -> np.ndarray:
    shape = np.shape(a)
    if len(shape) == 1 or (len(shape) == 2 and shape[1] == 1):
        return np.ravel(a)
    raise ValueError("For 'auc', the input must be a 1-dimensional array, or a 2-dimensional array with the second "
                     f"dimension of 1, but got shape {shape}.")


def _length(a: np.ndarray) -> int:
    if a.ndim == 0:
        raise TypeError(f"Singleton array {a} cannot be considered as a valid collection.")
    return a.shape[0]


def auc(x: Any, y: Any, reorder: bool = False) -> Any:
    if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray):
        raise TypeError(f"For 'auc', the argument 'x' and 'y' must all be np.ndarray, but got {type(x)}, {type(y)}")
    lengths = [_length(x), _length(y)]
    if len(set(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: {lengths}.")
    x, y = _as_1d(x), _as_1d(y)
    if x.shape[0] < 2:
        raise ValueError(f"For 'auc', the shape of the argument 'x' in axis 0 must be greater than 2, but got {x.shape[0]}.")
    direction = 1
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        dx = np.diff(x)
        if np.any(dx < 0):
            if np.all(dx <= 0):
                direction = -1
            else:
                raise ValueError("For 'auc', if the argument is False, the argument 'x' array must be increasing or "
                                 f"decreasing, but got 'x': {x}")
    trapezoid = getattr(np, "trapezoid", None) or np.trapz
    return direction * trapezoid(y, x)
