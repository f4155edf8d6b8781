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
from mindshim.nn.optim.optimizer import Optimizer, state_like


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
        for p, g, m, v, r in zip(params, grads, self.moment1, self.moment2, self._per_param_lr(lr, len(params))):
            m.mul_(self.beta1).add_(g, alpha=1.0 - self.beta1)
            torch.maximum(v * self.beta2, g.abs(), out=v)
            p.sub_((r / correction) * m / (v + self.eps))


__all__ = ["AdaMax"]
