"""mindspore.train.ReduceLROnPlateau: multiply the optimizer's learning rate by `factor` on a plateau.

Like MindSpore, only a fixed learning rate stored as a Parameter (`optimizer.learning_rate`) can be
reduced; a schedule or group learning rates raise ValueError. The new value is written into that
Parameter in place, so the optimizer sees it on its next step. Single process only.
"""
from __future__ import annotations

import numpy as np
import torch

from mindshim.train.callback._callback import Callback, RunContext
from mindshim.train.callback._monitor_value import improvement_rule, monitor_value
from mindshim.train.callback._validate import check_bool, check_type, non_negative_int


class ReduceLROnPlateau(Callback):
    """mindspore.train.ReduceLROnPlateau(monitor='eval_loss', factor=0.1, patience=10, verbose=False,
    mode='auto', min_delta=1e-4, cooldown=0, min_lr=0)."""

    def __init__(self, monitor: str = "eval_loss", factor: float = 0.1, patience: int = 10,
                 verbose: bool = False, mode: str = "auto", min_delta: float = 1e-4, cooldown: int = 0,
                 min_lr: float = 0) -> None:
        super().__init__()
        api = "ReduceLROnPlateau"
        self.monitor = check_type(monitor, "monitor", (str,), api)
        check_type(factor, "factor", (float,), api)
        if not 0.0 < factor < 1.0:
            raise ValueError(f"For '{api}', the 'factor' must be in range (0.0, 1.0), but got {factor}.")
        self.factor = factor
        self.patience = non_negative_int(patience, "patience", api)
        self.verbose = check_bool(verbose, "verbose", api)
        self.mode = check_type(mode, "mode", (str,), api)
        self.min_delta = abs(check_type(min_delta, "min_delta", (float, int), api))
        self.cooldown = non_negative_int(cooldown, "cooldown", api)
        self.min_lr = check_type(min_lr, "min_lr", (float, int), api)
        self.cooldown_counter = 0
        self.wait = 0
        self.is_improvement, self.best = improvement_rule(self.mode, self.monitor, self.min_delta)

    def on_train_begin(self, run_context: RunContext) -> None:
        self.cooldown_counter = 0
        self.wait = 0
        self.best = improvement_rule(self.mode, self.monitor, self.min_delta)[1]

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        from mindshim.common.parameter import Parameter
        cb_params = run_context.original_args()
        lr = cb_params.optimizer.learning_rate
        if not isinstance(lr, Parameter):
            raise ValueError("ReduceLROnPlateau does not support dynamic learning rate and group learning rate now.")
        current = monitor_value(cb_params, self.monitor, "ReduceLROnPlateau", "Learning rate reduction")
        if current is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                cur_lr = float(np.asarray(lr.asnumpy()).reshape(-1)[0])
                if cur_lr > self.min_lr:
                    new_lr = max(np.float32(cur_lr) * np.float32(self.factor), self.min_lr)
                    with torch.no_grad():
                        torch.Tensor.fill_(lr, float(new_lr))
                    if self.verbose:
                        print("Epoch %05d: ReduceLROnPlateau reducing learning rate to %s."
                              % (cb_params.cur_epoch_num, new_lr))
                self.cooldown_counter = self.cooldown
                self.wait = 0
