"""nn.Adagrad on MindSpore's ApplyAdagrad: accum += g^2 (unless update_slots=False);
param -= lr * g / sqrt(accum). State: `accum.<param>`, initialised to `accum` (0.1 by default)."""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, state_like


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
        lrs = self._per_param_lr(lr, len(params))
        for p, g, acc, r in zip(params, grads, self.accum, lrs):
            if self.update_slots:
                acc.addcmul_(g, g)
            p.sub_(r * g / torch.sqrt(acc))


__all__ = ["Adagrad"]
