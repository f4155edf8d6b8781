"""mindspore.train.EarlyStopping: stop training when a monitored value stops improving.

Checked at each training epoch end (so the monitor is normally a `Model.fit` validation metric in
cb_params.eval_results, or "loss"). Mapping decisions:
- `restore_best_weights` snapshots parameter values (a clone of each Parameter's data, by
  MindSpore parameter name) and copies them back in place, instead of MindSpore's deepcopy of the
  parameter dict plus load_param_into_net; the effect on the network is the same.
- MindSpore 2.10 stores `baseline` as the value of `min_delta` (a bug in its constructor: the
  baseline argument only switches the feature on). mindshim keeps that behaviour so runs match.
- Single process only: the distributed average of the monitor is not taken.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.train.callback._callback import Callback, RunContext
from mindshim.train.callback._monitor_value import improvement_rule, monitor_value
from mindshim.train.callback._validate import check_bool, check_type, non_negative_int


def _snapshot(network: Any) -> dict[str, torch.Tensor]:
    return {name: param.detach().clone() for name, param in network.parameters_dict().items()}


def _restore(network: Any, snapshot: dict[str, torch.Tensor]) -> None:
    with torch.no_grad():
        for name, param in network.parameters_dict().items():
            if name in snapshot:
                torch.Tensor.copy_(param, snapshot[name])


class EarlyStopping(Callback):
    """mindspore.train.EarlyStopping(monitor='eval_loss', min_delta=0, patience=0, verbose=False,
    mode='auto', baseline=None, restore_best_weights=False)."""

    def __init__(self, monitor: str = "eval_loss", min_delta: float = 0, patience: int = 0,
                 verbose: bool = False, mode: str = "auto", baseline: float | None = None,
                 restore_best_weights: bool = False) -> None:
        super().__init__()
        api = "EarlyStopping"
        self.monitor = check_type(monitor, "monitor", (str,), api)
        min_delta = check_type(min_delta, "min_delta", (float, int), api)
        self.min_delta = abs(min_delta)
        self.patience = non_negative_int(patience, "patience", api)
        self.verbose = check_bool(verbose, "verbose", api)
        self.mode = check_type(mode, "mode", (str,), api)
        self.baseline = min_delta if baseline else None  # sic: MindSpore 2.10 behaviour
        self.restore_best_weights = check_bool(restore_best_weights, "restore_best_weights", api)
        self.wait = 0
        self.stopped_epoch = 0
        self.best_weights_param_dict: dict | None = None
        self.is_improvement, self.best = improvement_rule(self.mode, self.monitor, self.min_delta)

    def on_train_begin(self, run_context: RunContext) -> None:
        self.wait = 0
        self.stopped_epoch = 0
        self.best = improvement_rule(self.mode, self.monitor, self.min_delta)[1]
        self.best_weights_param_dict = None

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        cb_params = run_context.original_args()
        current = monitor_value(cb_params, self.monitor, "EarlyStopping", "Early stopping")
        if current is None:
            return
        network = cb_params.get("train_network")
        if self.restore_best_weights and self.best_weights_param_dict is None:
            self.best_weights_param_dict = _snapshot(network)
        self.wait += 1
        if self.is_improvement(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self.best_weights_param_dict = _snapshot(network)
            if self.baseline is None or self.is_improvement(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb_params.get("cur_epoch_num")
            run_context.request_stop()
            if self.restore_best_weights and self.best_weights_param_dict is not None:
                if self.verbose:
                    print("Restoring model weights from the end of the best epoch.")
                _restore(network, self.best_weights_param_dict)

    def on_train_end(self, run_context: RunContext) -> None:
        if self.stopped_epoch > 0 and self.verbose:
            print("Epoch %05d: early stopping" % self.stopped_epoch)
