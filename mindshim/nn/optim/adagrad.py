"""nn.Adagrad on MindSpore's ApplyAdagrad: accum += g^2 (unless update_slots=False);
param -= lr * g / sqrt(accum). State: `accum.<param>`, initialised to `accum` (0.1 by default)."""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, pick, rate_groups, state_like


class Adagrad(Optimizer):
    def __init__(self, params: Iterable, accum: float = 0.1, learning_rate: Any = 0.001, update_slots: bool = True,
                 loss_scale: float = 1.0, weight_decay: Any = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not isinstance(accum, float):
            raise TypeError(f"For 'Adagrad', the type of 'accum' should be 'float', but got type "
                            f"'{type(accum).__name__}'.")
        if not isinstance(update_slots, bool):
            raise TypeError(f"For 'Adagrad', the type of 'update_slots' should be 'bool', but got type "
                            f"'{type(update_slots).__name__}'.")
        if accum < 0:
            raise ValueError(f"For 'Adagrad', the 'accum' must be float and must >= 0, but got '{accum}'.")
        self.accum = state_like(self.parameters, "accum", init=accum)
        self.update_slots = update_slots

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        accum = list(self.accum)
        if self.update_slots:
            torch._foreach_addcmul_(accum, grads, grads)
        root = torch._foreach_sqrt(accum)
        for idx, r, _ in rate_groups(lr, len(params)):  # p -= r * g / sqrt(accum), one kernel per op and group
            steps = torch._foreach_mul(pick(grads, idx), r)
            torch._foreach_div_(steps, pick(root, idx))
            torch._foreach_sub_(pick(params, idx), steps)


__all__ = ["Adagrad"]
