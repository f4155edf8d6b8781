"""nn.RMSProp on MindSpore's ApplyRMSProp / ApplyCenteredRMSProp.

ms = decay * ms + (1 - decay) * g^2; mom = momentum * mom + lr * g / sqrt(ms + eps); param -= mom.
Centered: mg = decay * mg + (1 - decay) * g and the denominator is sqrt(ms - mg^2 + eps).
State: `mean_grad.<param>` (centered only, zeros), `mean_square.<param>` (ones), `moment.<param>` (zeros).
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, state_like


class RMSProp(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 0.1, decay: float = 0.9, momentum: float = 0.0,
                 epsilon: float = 1e-10, use_locking: bool = False, centered: bool = False, loss_scale: float = 1.0,
                 weight_decay: float = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.decay, self.momentum, self.epsilon, self.centered = float(decay), float(momentum), float(epsilon), centered
        if centered:
            self.mg = state_like(self.parameters, "mean_grad")
        self.ms = state_like(self.parameters, "mean_square", init="ones")
        self.moment = state_like(self.parameters, "moment")

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        lrs = self._per_param_lr(lr, len(params))
        mgs = list(self.mg) if self.centered else [None] * len(params)
        for p, g, ms, mom, mg, r in zip(params, grads, self.ms, self.moment, mgs, lrs):
            ms.mul_(self.decay).addcmul_(g, g, value=1.0 - self.decay)
            denom = ms + self.epsilon
            if mg is not None:
                mg.mul_(self.decay).add_(g, alpha=1.0 - self.decay)
                denom = denom - mg * mg
            mom.mul_(self.momentum).add_(r * g / torch.sqrt(denom))
            p.sub_(mom)


__all__ = ["RMSProp"]
