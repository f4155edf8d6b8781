"""nn.SGD: MindSpore's ApplySGD.

First step: accum = grad; later: accum = momentum * accum + (1 - dampening) * grad; then
param -= lr * accum (nesterov: lr * (grad + momentum * accum)). With momentum 0 this is plain SGD.
State: `momentum` (scalar), `accum.<param>`, `stat.<param>` (1 until the first step).
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, scalar_param, state_like


class SGD(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 0.1, momentum: float = 0.0, dampening: float = 0.0,
                 weight_decay: float = 0.0, nesterov: bool = False, loss_scale: float = 1.0) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if momentum < 0.0:
            raise ValueError(f"For 'SGD', the 'momentum' must be >= 0, but got {momentum}.")
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError("For 'SGD', nesterov requires momentum > 0 and dampening = 0.")
        self.momentum = scalar_param(float(momentum), "momentum")
        self.dampening, self.nesterov = float(dampening), nesterov
        self.accum = state_like(self.parameters, "accum")
        self.stat = state_like(self.parameters, "stat", init="ones")

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        lrs = self._per_param_lr(lr, len(params))
        if float(self.momentum) == 0.0:  # MindSpore's kernel leaves accum and stat untouched then
            for p, g, r in zip(params, grads, lrs):
                p.sub_(r * g)
            return
        for p, g, acc, stat, r in zip(params, grads, self.accum, self.stat, lrs):
            first = stat > 0
            acc.copy_(torch.where(first, g, self.momentum * acc + (1.0 - self.dampening) * g))
            stat.zero_()
            p.sub_(r * (g + self.momentum * acc if self.nesterov else acc))


__all__ = ["SGD"]
