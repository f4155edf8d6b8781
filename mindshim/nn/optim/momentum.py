"""nn.Momentum: MindSpore's ApplyMomentum.

moment = momentum * moment + grad;  param -= lr * moment
(nesterov: param -= lr * (grad + momentum * moment)). State: `momentum` (scalar), `moments.<param>`.
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, scalar_param, state_like


class Momentum(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any, momentum: float, weight_decay: float = 0.0,
                 loss_scale: float = 1.0, use_nesterov: bool = False) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if isinstance(momentum, bool) or not isinstance(momentum, (int, float)) or momentum < 0.0:
            raise ValueError(f"For 'Momentum', the 'momentum' must be a float >= 0, but got {momentum!r}.")
        self.momentum = scalar_param(float(momentum), "momentum")
        self.moments = state_like(self.parameters, "moments")
        self.use_nesterov = use_nesterov

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        moments = list(self.moments)
        torch._foreach_mul_(moments, self.momentum)
        torch._foreach_add_(moments, grads)
        if isinstance(lr, tuple):
            for p, g, m, r in zip(params, grads, moments, lr):
                p.sub_(r * (g + self.momentum * m) if self.use_nesterov else r * m)
            return
        step = torch._foreach_add(grads, torch._foreach_mul(moments, self.momentum)) if self.use_nesterov else moments
        if lr.device.type == "cpu":  # a host scalar: in-place, no temporaries (no sync cost on CPU)
            torch._foreach_add_(params, step, alpha=-float(lr))
        else:
            torch._foreach_sub_(params, torch._foreach_mul(step, lr))


__all__ = ["Momentum"]
