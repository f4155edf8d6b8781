"""nn.SGD: MindSpore's ApplySGD.

First step: accum = grad; later: accum = momentum * accum + (1 - dampening) * grad; then
param -= lr * accum (nesterov: lr * (grad + momentum * accum)). With momentum 0 MindSpore's kernel
leaves accum and stat untouched and does param -= lr * grad.
State: `momentum` (scalar), `accum.<param>`, `stat.<param>` (1 until the first step).
Dynamic weight decay (a Cell) raises TypeError, as in MindSpore. After this optimizer's first step
every stat is 0, so later steps skip the per-element first-step select.
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, scalar_param, state_like, sub_scaled


def _as_float(value: Any, name: str) -> float:
    if isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, float):
        raise TypeError(f"For 'SGD', the argument '{name}' must be float type, but got {type(value)}.")
    if value < 0.0:
        raise ValueError(f"For 'SGD', the argument '{name}' must be at least 0.0, but got {value}.")
    return value


class SGD(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 0.1, momentum: float = 0.0, dampening: float = 0.0,
                 weight_decay: Any = 0.0, nesterov: bool = False, loss_scale: float = 1.0) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        momentum, dampening = _as_float(momentum, "momentum"), _as_float(dampening, "dampening")
        if not isinstance(nesterov, bool):
            raise TypeError(f"For 'SGD', the type of 'nesterov' should be 'bool', but got type "
                            f"'{type(nesterov).__name__}'.")
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}.")
        if self.dynamic_weight_decay:
            raise TypeError("For 'SGD', dynamic weight decay is currently not supported, the argument "
                            "'weight_decay' or 'weight_decay' set in grouped 'params' must be float or int type.")
        self.dampening, self.nesterov = dampening, nesterov
        self.momentum = scalar_param(momentum, "momentum")
        self._momentum_zero = momentum == 0.0  # a compiled step cannot read the Parameter on the host
        self.accum = state_like(self.parameters, "accum")
        self.stat = state_like(self.parameters, "stat", init="ones")
        self._stepped = False

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        if (self._momentum_zero if torch.compiler.is_compiling() else float(self.momentum) == 0.0):
            sub_scaled(params, grads, lr)
            return
        accum, mom = list(self.accum), self.momentum
        if self._stepped:  # every stat is 0 after this optimizer's first step: the plain momentum recurrence
            torch._foreach_mul_(accum, mom)
            torch._foreach_add_(accum, grads, alpha=1.0 - self.dampening)
        else:
            for g, acc, stat in zip(grads, accum, self.stat):
                acc.copy_(torch.where(stat > 0, g, mom * acc + (1.0 - self.dampening) * g))
            torch._foreach_zero_(list(self.stat))
            self._stepped = True
        sub_scaled(params, torch._foreach_add(grads, torch._foreach_mul(accum, mom)) if self.nesterov else accum, lr)

__all__ = ["SGD"]
