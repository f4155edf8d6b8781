"""nn.AdaMax on MindSpore's ApplyAdaMax (MindSpore's file is adamax.py).

beta1_power *= beta1 first (so step t uses beta1^t); m = beta1 * m + (1 - beta1) * g;
v = max(beta2 * v, |g|); param -= lr / (1 - beta1^t) * m / (v + eps) — eps is added to the infinity
norm itself, not to a square root. State: `beta1_power` (shape (1,)), `moment1.<param>`, `moment2.<param>`.
"""
from __future__ import annotations

from typing import Any, Iterable

import numpy as np
import torch

from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.optim._checks import check_betas
from mindshim.nn.optim.optimizer import Optimizer, pick, rate_groups, state_like


class AdaMax(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 0.001, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-08, weight_decay: Any = 0.0, loss_scale: float = 1.0) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_betas("AdaMax", beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.beta1_power = Parameter(Tensor(np.ones((1,), np.float32)), name="beta1_power")
        self.moment1 = state_like(self.parameters, "moment1")
        self.moment2 = state_like(self.parameters, "moment2")

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        self.beta1_power.mul_(self.beta1)
        correction = (1.0 - self.beta1_power).reshape(())
        m, v = list(self.moment1), list(self.moment2)
        torch._foreach_mul_(m, self.beta1)
        torch._foreach_add_(m, grads, alpha=1.0 - self.beta1)
        torch._foreach_mul_(v, self.beta2)  # v = max(beta2 * v, |g|)
        torch._foreach_maximum_(v, torch._foreach_abs(grads))
        denom = torch._foreach_add(v, self.eps)
        for idx, r, _ in rate_groups(lr, len(params)):  # p -= (r / correction) * m / (v + eps)
            steps = torch._foreach_mul(pick(m, idx), (r / correction).reshape(()))
            torch._foreach_div_(steps, pick(denom, idx))
            torch._foreach_sub_(pick(params, idx), steps)


__all__ = ["AdaMax"]
