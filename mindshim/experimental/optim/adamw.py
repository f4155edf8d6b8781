"""mindspore.experimental.optim.AdamW: torch's AdamW (decoupled decay `param *= 1 - lr * weight_decay`, bias
corrections on the step count, optional amsgrad) with MindSpore's state Parameters (`exp_avg.<param>`,
`exp_avg_sq.<param>`, `max_exp_avg_sq.<param>`, int32 `state_step`)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.experimental.optim._update import group_grads, scalar_pow
from mindshim.experimental.optim.adam import AdamState


class AdamW(AdamState):
    """AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
    maximize=False)."""

    _state_names = ("exp_avg", "exp_avg_sq", "max_exp_avg_sq")

    def __init__(self, params: Any, lr: Any = 1e-3, betas: Any = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: Any = 1e-2, amsgrad: bool = False, *, maximize: bool = False) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor,
                      step: torch.Tensor) -> None:
        beta1, beta2 = group["betas"]
        params = list(self.parameters[start:end])
        grads = group_grads(gradients, start, end, group["maximize"])
        m, v = list(self.exp_avg[start:end]), list(self.exp_avg_sq[start:end])
        step_size = lr / (1.0 - scalar_pow(beta1, step))
        bias2_sqrt = torch.sqrt(1.0 - scalar_pow(beta2, step))
        torch._foreach_mul_(params, 1.0 - lr * float(group["weight_decay"]))
        torch._foreach_mul_(m, beta1)
        torch._foreach_add_(m, grads, alpha=1.0 - beta1)
        torch._foreach_mul_(v, beta2)
        torch._foreach_addcmul_(v, grads, grads, value=1.0 - beta2)
        second = v
        if group["amsgrad"]:
            second = list(self.max_exp_avg_sq[start:end])
            torch._foreach_maximum_(second, v)
        denom = torch._foreach_add(torch._foreach_div(torch._foreach_sqrt(second), bias2_sqrt), float(group["eps"]))
        updates = torch._foreach_mul(torch._foreach_div(m, denom), step_size)
        torch._foreach_sub_(params, updates)


__all__ = ["AdamW"]
