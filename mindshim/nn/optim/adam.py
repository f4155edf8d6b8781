"""nn.Adam and nn.AdamWeightDecay on MindSpore's update rules. (MindSpore 2.10 has no nn.AdamW.)

Adam (the Adam kernel): beta powers advance first; lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t);
m += (1 - beta1)(g - m); v += (1 - beta2)(g^2 - v); param -= lr_t * m / (sqrt(v) + eps) — epsilon
sits outside the bias correction (torch's Adam puts it inside), so small-v steps differ from torch.
use_nesterov: the numerator is beta1 * m + (1 - beta1) * g. use_amsgrad (ApplyAdamWithAmsgradV2):
vhat = max(vhat, v) replaces v in the denominator; state `vhat.<param>`.
State: `beta1_power`, `beta2_power`, `moment1.<param>`, `moment2.<param>`.
`use_lazy` / `use_offload` only change how MindSpore places the kernels; with dense gradients the
numbers are Adam's, so both are accepted and run the same update.

AdamWeightDecay (MindSpore's fused AdamWeightDecay kernel, no bias correction):
update = m / (eps + sqrt(v)) + wd * param (parameters the decay applies to); param -= lr * update.
State: `adam_m.<param>`, `adam_v.<param>`; decay is not added to the gradient and loss_scale does not exist.
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim.optimizer import Optimizer, pick, rate_groups, scalar_param, state_like, sub_scaled


def _check_betas(name: str, beta1: Any, beta2: Any, eps: Any) -> None:
    for arg, value in (("beta1", beta1), ("beta2", beta2), ("eps", eps)):
        if not isinstance(value, float):
            raise TypeError(f"For '{name}', the type of '{arg}' should be 'float', but got type "
                            f"'{type(value).__name__}'.")
    for arg, value in (("beta1", beta1), ("beta2", beta2)):
        if not 0.0 < value < 1.0:
            raise ValueError(f"For '{name}', the '{arg}' must be in range of (0.0, 1.0), but got {value}.")
    if eps <= 0.0:
        raise ValueError(f"For '{name}', the 'eps' must be float and must > 0, but got '{eps}'.")


def _check_bool(name: str, arg: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"For '{name}', the type of '{arg}' should be 'bool', but got type '{type(value).__name__}'.")


class Adam(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, use_locking: bool = False, use_nesterov: bool = False, weight_decay: Any = 0.0,
                 loss_scale: float = 1.0, use_amsgrad: bool = False, **kwargs: Any) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if set(kwargs) - {"use_lazy", "use_offload"}:
            raise KeyError(f"For 'Adam', invalid keys are passed as kwargs, supported keys are 'use_lazy' and"
                           f"'use_offload', but got {kwargs.keys()}.")
        use_lazy, use_offload = kwargs.get("use_lazy", False), kwargs.get("use_offload", False)
        _check_betas("Adam", beta1, beta2, eps)
        for arg, value in (("use_locking", use_locking), ("use_nesterov", use_nesterov),
                           ("use_amsgrad", use_amsgrad), ("use_lazy", use_lazy), ("use_offload", use_offload)):
            _check_bool("Adam", arg, value)
        if use_lazy and use_offload:
            raise ValueError(f"For 'Adam', 'use_lazy' and 'use_offload' can not both be True.But got "
                             f"use_lazy={use_lazy}, use_offload={use_offload}.")
        if use_amsgrad and (use_lazy or use_offload):
            raise ValueError(f"For lazy Adam and Adam with offload, there is no parameter named 'use_amsgrad'."
                             f"but got 'use_amsgrad'={use_amsgrad}.")
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.use_locking, self.use_nesterov, self.use_amsgrad = use_locking, use_nesterov, use_amsgrad
        self.use_lazy, self.use_offload = use_lazy, use_offload
        self.beta1_power = scalar_param(1.0, "beta1_power")
        self.beta2_power = scalar_param(1.0, "beta2_power")
        self.moment1 = state_like(self.parameters, "moment1")
        self.moment2 = state_like(self.parameters, "moment2")
        if use_amsgrad:
            self.vhat = state_like(self.parameters, "vhat")

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        self.beta1_power.mul_(self.beta1)
        self.beta2_power.mul_(self.beta2)
        b1p, b2p = self.beta1_power, self.beta2_power
        m, v = list(self.moment1), list(self.moment2)
        torch._foreach_lerp_(m, grads, 1.0 - self.beta1)
        scratch = self._scratch(2)
        sq, num = scratch if scratch else (None, None)
        torch._foreach_lerp_(v, _product(grads, grads, sq), 1.0 - self.beta2)
        if self.use_amsgrad:
            vhat = list(self.vhat)
            torch._foreach_maximum_(vhat, v)
            v = vhat
        if self.use_nesterov:  # beta1 * m + (1 - beta1) * g
            num = _scaled(m, self.beta1, num)
            torch._foreach_add_(num, _scaled(grads, 1.0 - self.beta1, sq))
        else:
            num = m
        denom = _denominator(v, self.eps, sq)
        correction = torch.sqrt(1.0 - b2p) / (1.0 - b1p)
        # (lr * correction) * m / denom, in MindSpore's order; one kernel per op for each group of rates
        for idx, r, _ in rate_groups(lr, len(params)):
            steps = _scaled(pick(num, idx), (r * correction).reshape(()),
                            pick(scratch[1], idx) if scratch else None)
            torch._foreach_div_(steps, pick(denom, idx))
            torch._foreach_sub_(pick(params, idx), steps)


def _product(a: list, b: list, out: list | None) -> list:
    """a * b, into `out` when given (the same values: a copy, then an in-place multiply)."""
    if out is None:
        return torch._foreach_mul(a, b)
    torch._foreach_copy_(out, a)
    torch._foreach_mul_(out, b)
    return out


def _scaled(a: list, factor: Any, out: list | None) -> list:
    if out is None:
        return torch._foreach_mul(a, factor)
    torch._foreach_copy_(out, a)
    torch._foreach_mul_(out, factor)
    return out


def _denominator(v: list, eps: float, out: list | None) -> list:
    """sqrt(v) + eps."""
    if out is None:
        denom = torch._foreach_sqrt(v)
    else:
        torch._foreach_copy_(out, v)
        torch._foreach_sqrt_(out)
        denom = out
    torch._foreach_add_(denom, eps)
    return denom


class AdamWeightDecay(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-6, weight_decay: Any = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay)
        _check_betas("AdamWeightDecay", beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.moments1 = state_like(self.parameters, "adam_m")
        self.moments2 = state_like(self.parameters, "adam_v")

    def _prepare(self, gradients: Any) -> tuple[list, Any]:
        grads = list(gradients)  # MindSpore's AdamWeightDecay neither decays, centralises nor unscales grads
        if len(grads) != self.param_length:
            raise ValueError(f"For 'AdamWeightDecay', got {len(grads)} gradients for {self.param_length} "
                             f"parameters.")
        self._step_decays = self._current_decays()
        lr = self.get_lr()
        self.global_step.add_(1)
        return grads, lr

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        m, v = list(self.moments1), list(self.moments2)
        scratch = self._scratch(2)
        sq, updates = scratch if scratch else (None, None)
        torch._foreach_lerp_(m, grads, 1.0 - self.beta1)
        torch._foreach_lerp_(v, _product(grads, grads, sq), 1.0 - self.beta2)
        denom = _denominator(v, self.eps, sq)
        if updates is None:
            updates = torch._foreach_div(m, denom)
        else:
            torch._foreach_copy_(updates, m)
            torch._foreach_div_(updates, denom)
        updates = list(updates)  # (a decay tensor replaces entries below; the scratch list stays as it is)
        # update = m / denom + wd * param (where the decay applies); param -= lr * update
        for idx, r, wd in rate_groups(lr, len(params), self._step_decays):
            u, ps = pick(updates, idx), pick(params, idx)
            if isinstance(wd, torch.Tensor):
                for i, p in zip(idx, ps):
                    updates[i] = updates[i] + wd * p
                u = pick(updates, idx)
            elif wd:
                torch._foreach_add_(u, ps, alpha=wd)  # one pass: u + wd * p
            sub_scaled(ps, u, r)


__all__ = ["Adam", "AdamWeightDecay"]
