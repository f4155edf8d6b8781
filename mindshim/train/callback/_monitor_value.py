"""The monitored quantity shared by EarlyStopping and ReduceLROnPlateau (MindSpore's rules).

`monitor="loss"` reads cb_params.net_outputs through the LossMonitor extraction; any other name is
looked up in cb_params.eval_results (filled by Model.fit's validation). Names in
`SMALLER_IS_BETTER` switch mode "auto" to "min". As in MindSpore, a value that is falsy (missing,
or exactly 0) counts as unavailable, and a non-scalar array raises ValueError.
"""
from __future__ import annotations

import logging
from typing import Any, Callable

import numpy as np

from mindshim.train.callback._callback import _handle_loss

logger = logging.getLogger("mindshim")

SMALLER_IS_BETTER = ("hausdorff_distance", "mae", "mse", "loss", "perplexity",
                     "mean_surface_distance", "root_mean_square_distance", "eval_loss")


def improvement_rule(mode: str, monitor: str, min_delta: float) -> tuple[Callable[[Any, Any], Any], float]:
    """(is_improvement(current, best), initial best) for mode 'auto'/'min'/'max'."""
    if mode not in ("auto", "min", "max"):
        raise ValueError("mode should be 'auto', 'min' or 'max', but got %s." % mode)
    if mode == "min" or (mode == "auto" and monitor in SMALLER_IS_BETTER):
        return (lambda a, b: np.less(a, b - min_delta)), np.inf
    return (lambda a, b: np.greater(a, b + min_delta)), -np.inf


def monitor_value(cb_params: dict, monitor: str, api: str, purpose: str) -> np.ndarray | None:
    candidates: dict = {}
    if monitor == "loss":
        value = _handle_loss(cb_params.get("net_outputs"))
        if hasattr(value, "asnumpy"):
            value = value.asnumpy()
    else:
        candidates = cb_params.get("eval_results", {}) or {}
        value = candidates.get(monitor)
    if value is None:
        logger.warning("%s is conditioned on %s, which is not available. Available choices are: %s",
                       purpose, monitor, set(["loss"] + list(candidates)))
    if isinstance(value, np.ndarray) and value.shape != ():
        raise ValueError(f"{api} only supports scalar monitor now.")
    return np.array(value) if value else None
