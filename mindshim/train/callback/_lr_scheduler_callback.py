"""mindspore.train.LearningRateScheduler: set the learning rate from a function after each step.

`learning_rate_function(lr, cur_step_num) -> new_lr`; the optimizer's learning-rate Parameter is
updated in place when the value changes (relative tolerance 1e-10, as in MindSpore).
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np
import torch

from mindshim.train.callback._callback import Callback, RunContext


class LearningRateScheduler(Callback):
    """mindspore.train.LearningRateScheduler(learning_rate_function)."""

    def __init__(self, learning_rate_function: Callable[[float, int], float]) -> None:
        super().__init__()
        self.learning_rate_function = learning_rate_function

    def step_end(self, run_context: RunContext) -> None:
        cb_params = run_context.original_args()
        lr_param = cb_params.optimizer.learning_rate
        # MindSpore goes through array2string, i.e. the float32 value's shortest repr.
        lr = float(np.array2string(np.asarray(lr_param.asnumpy())))
        new_lr = self.learning_rate_function(lr, cb_params.cur_step_num)
        if not math.isclose(lr, new_lr, rel_tol=1e-10):
            with torch.no_grad():
                torch.Tensor.fill_(lr_param, float(new_lr))
