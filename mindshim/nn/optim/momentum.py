"""nn.Momentum: MindSpore's ApplyMomentum.

moment = momentum * moment + grad;  param -= lr * moment
(nesterov: param -= lr * (grad + momentum * moment)). State: `momentum` (scalar), `moments.<param>`.
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, scalar_param, state_like, sub_scaled


class Momentum(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any, momentum: float, weight_decay: float = 0.0,
                 loss_scale: float = 1.0, use_nesterov: bool = False) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not isinstance(momentum, float):
            raise TypeError(f"For 'Momentum', the type of 'momentum' should be 'float', but got type "
                            f"'{type(momentum).__name__}'.")
        if momentum < 0.0:
            raise ValueError(f"For 'Momentum', the argument 'momentum' must be at least 0.0, but got {momentum}")
        if not isinstance(use_nesterov, bool):
            raise TypeError(f"For 'Momentum', the type of 'use_nesterov' should be 'bool', but got type "
                            f"'{type(use_nesterov).__name__}'.")
        self.momentum = scalar_param(momentum, "momentum")
        self.moments = state_like(self.parameters, "moments")
        self.use_nesterov = use_nesterov

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        moments = list(self.moments)
        torch._foreach_mul_(moments, self.momentum)
        torch._foreach_add_(moments, grads)
        step = torch._foreach_add(grads, torch._foreach_mul(moments, self.momentum)) if self.use_nesterov else moments
        sub_scaled(params, step, lr)

__all__ = ["Momentum"]
