"""nn.Adadelta on MindSpore's ApplyAdadelta.

accum = rho * accum + (1 - rho) * g^2; update = g * sqrt(accum_update + eps) / sqrt(accum + eps);
accum_update = rho * accum_update + (1 - rho) * update^2; param -= lr * update.
rho may be 0.0 or 1.0 (closed range) and epsilon 0.0, as MindSpore allows. The gradients must be a
tuple (a list raises TypeError, as in MindSpore). State: `accum.<param>`, `accum_update.<param>` (zeros).
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim._checks import check_float, check_non_negative
from mindshim.nn.optim.optimizer import Optimizer, pick, rate_groups, state_like


class Adadelta(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 1.0, rho: float = 0.9, epsilon: float = 1e-6,
                 loss_scale: float = 1.0, weight_decay: Any = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_float("Adadelta", "rho", rho)
        check_float("Adadelta", "epsilon", epsilon)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"For 'Adadelta', the 'rho' must be in range of [0.0, 1.0], but got {rho}.")
        check_non_negative("Adadelta", "epsilon", epsilon)
        self.rho, self.epsilon = rho, epsilon
        self.accum = state_like(self.parameters, "accum")
        self.accum_update = state_like(self.parameters, "accum_update")

    def construct(self, grads: Any) -> Any:
        if not isinstance(grads, tuple) or not isinstance(grads[0], torch.Tensor):
            raise TypeError("For 'Adadelta', the 'grads' must be a tuple of Tensor.")
        return super().construct(grads)

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        rho, accum, accum_update = self.rho, list(self.accum), list(self.accum_update)
        torch._foreach_mul_(accum, rho)
        torch._foreach_addcmul_(accum, grads, grads, value=1.0 - rho)
        # update = g * sqrt(accum_update + eps) / sqrt(accum + eps)
        update = torch._foreach_add(accum_update, self.epsilon)
        torch._foreach_sqrt_(update)
        torch._foreach_mul_(update, grads)
        denom = torch._foreach_add(accum, self.epsilon)
        torch._foreach_sqrt_(denom)
        torch._foreach_div_(update, denom)
        torch._foreach_mul_(accum_update, rho)
        torch._foreach_addcmul_(accum_update, update, update, value=1.0 - rho)
        for idx, r, _ in rate_groups(lr, len(params)):  # p -= r * update
            steps = pick(update, idx)
            torch._foreach_mul_(steps, r)
            torch._foreach_sub_(pick(params, idx), steps)


__all__ = ["Adadelta"]
