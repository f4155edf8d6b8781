"""nn.RMSProp on MindSpore's ApplyRMSProp / ApplyCenteredRMSProp.

ms = decay * ms + (1 - decay) * g^2; mom = momentum * mom + lr * g / sqrt(ms + eps); param -= mom.
Centered: mg = decay * mg + (1 - decay) * g and the denominator is sqrt(ms - mg^2 + eps).
State: `mean_grad.<param>` (centered only, zeros), `mean_square.<param>` (ones), `moment.<param>` (zeros).
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, pick, rate_groups, state_like


def _check(value: Any, name: str, kind: type, positive: bool = False) -> None:
    if not isinstance(value, kind) or (kind is float and isinstance(value, bool)):
        raise TypeError(f"For 'RMSProp', the type of '{name}' should be '{kind.__name__}', but got type "
                        f"'{type(value).__name__}'.")
    if kind is float and (value < 0 or (positive and value == 0)):
        raise ValueError(f"For 'RMSProp', the '{name}' must be float and must {'>' if positive else '>='} 0, "
                         f"but got '{value}'.")


class RMSProp(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 0.1, decay: float = 0.9, momentum: float = 0.0,
                 epsilon: float = 1e-10, use_locking: bool = False, centered: bool = False, loss_scale: float = 1.0,
                 weight_decay: Any = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check(decay, "decay", float)
        _check(momentum, "momentum", float)
        _check(epsilon, "epsilon", float, positive=True)
        _check(use_locking, "use_locking", bool)
        _check(centered, "centered", bool)
        self.decay, self.momentum, self.epsilon, self.centered = decay, momentum, epsilon, centered
        if centered:
            self.mg = state_like(self.parameters, "mean_grad")
        self.ms = state_like(self.parameters, "mean_square", init="ones")
        self.moment = state_like(self.parameters, "moment")

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        ms, mom = list(self.ms), list(self.moment)
        torch._foreach_mul_(ms, self.decay)
        torch._foreach_addcmul_(ms, grads, grads, value=1.0 - self.decay)
        denom = torch._foreach_add(ms, self.epsilon)
        if self.centered:  # denom = ms + eps - mg * mg
            mg = list(self.mg)
            torch._foreach_mul_(mg, self.decay)
            torch._foreach_add_(mg, grads, alpha=1.0 - self.decay)
            torch._foreach_sub_(denom, torch._foreach_mul(mg, mg))
        torch._foreach_sqrt_(denom)
        torch._foreach_mul_(mom, self.momentum)
        for idx, r, _ in rate_groups(lr, len(params)):  # mom = momentum * mom + r * g / sqrt(denom)
            steps = torch._foreach_mul(pick(grads, idx), r)
            torch._foreach_div_(steps, pick(denom, idx))
            torch._foreach_add_(pick(mom, idx), steps)
        torch._foreach_sub_(params, mom)


__all__ = ["RMSProp"]
