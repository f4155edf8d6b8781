"""nn.Adam, nn.AdamWeightDecay, nn.AdamW on MindSpore's update rules.

Adam (ApplyAdam): beta powers advance first; lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t);
m += (1 - beta1)(g - m); v += (1 - beta2)(g^2 - v); param -= lr_t * m / (sqrt(v) + eps) — the epsilon
sits outside the bias correction (torch's Adam puts it inside), so small-v steps differ from torch.
State: `beta1_power`, `beta2_power`, `moment1.<param>`, `moment2.<param>`.

AdamWeightDecay (MindSpore's BERT-style rule, no bias correction):
update = m / (eps + sqrt(v)) + wd * param (decayed params only); param -= lr * update.
State: `adam_m.<param>`, `adam_v.<param>`; weight decay is not added to the gradient.
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, scalar_param, state_like


def _check_betas(name: str, beta1: float, beta2: float, eps: float) -> None:
    if not 0.0 < beta1 < 1.0 or not 0.0 < beta2 < 1.0:
        raise ValueError(f"For '{name}', 'beta1' and 'beta2' must be in (0, 1), but got {beta1}, {beta2}.")
    if eps <= 0.0:
        raise ValueError(f"For '{name}', 'eps' must be > 0, but got {eps}.")


class Adam(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, use_locking: bool = False, use_nesterov: bool = False, weight_decay: float = 0.0,
                 loss_scale: float = 1.0, use_amsgrad: bool = False, **kwargs: Any) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_betas("Adam", beta1, beta2, eps)
        if use_amsgrad:
            from mindshim._errors import unsupported_arg
            raise unsupported_arg("mindspore.nn.Adam", "use_amsgrad", use_amsgrad)
        self.beta1, self.beta2, self.eps = float(beta1), float(beta2), float(eps)
        self.use_nesterov = use_nesterov
        self.beta1_power = scalar_param(1.0, "beta1_power")
        self.beta2_power = scalar_param(1.0, "beta2_power")
        self.moment1 = state_like(self.parameters, "moment1")
        self.moment2 = state_like(self.parameters, "moment2")

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        self.beta1_power.mul_(self.beta1)
        self.beta2_power.mul_(self.beta2)
        b1p, b2p = self.beta1_power, self.beta2_power
        m, v = list(self.moment1), list(self.moment2)
        torch._foreach_lerp_(m, grads, 1.0 - self.beta1)
        torch._foreach_mul_(v, self.beta2)
        torch._foreach_addcmul_(v, grads, grads, value=1.0 - self.beta2)
        denom = torch._foreach_add(torch._foreach_sqrt(v), self.eps)
        if self.use_nesterov:
            num = torch._foreach_add(torch._foreach_mul(m, self.beta1), torch._foreach_mul(grads, 1.0 - self.beta1))
        else:
            num = m
        lrs = self._per_param_lr(lr, len(params))
        for p, n, d, r in zip(params, num, denom, lrs):
            p.sub_(r * torch.sqrt(1.0 - b2p) / (1.0 - b1p) * n / d)


class AdamWeightDecay(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-6, weight_decay: float = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay)
        _check_betas("AdamWeightDecay", beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = float(beta1), float(beta2), float(eps)
        self.moments1 = state_like(self.parameters, "adam_m")
        self.moments2 = state_like(self.parameters, "adam_v")
        self.exec_weight_decay = False  # decay enters the update, not the gradient

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        m, v = list(self.moments1), list(self.moments2)
        torch._foreach_lerp_(m, grads, 1.0 - self.beta1)
        torch._foreach_mul_(v, self.beta2)
        torch._foreach_addcmul_(v, grads, grads, value=1.0 - self.beta2)
        lrs = self._per_param_lr(lr, len(params))
        for i, (p, mi, vi, r) in enumerate(zip(params, m, v, lrs)):
            update = mi / (self.eps + torch.sqrt(vi))
            wd = self.group_weight_decay[self._group_index[i]]
            if self.decay_flags[i] and wd > 0:
                update = update + wd * p
            p.sub_(r * update)


__all__ = ["Adam", "AdamWeightDecay"]
