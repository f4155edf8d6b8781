"""mindspore.experimental.optim.NAdam: Adam with Nesterov momentum and momentum decay, state `exp_avg.<param>`,
`exp_avg_sq.<param>`, int32 `step_t` and per-parameter `mu_product` scalars (a plain list, as in MindSpore:
not in `parameters_and_names`)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.experimental.optim._update import StateCheck, decayed, group_grads, scalar_pow
from mindshim.experimental.optim.optimizer import (
    check_betas, check_not_less_than, check_not_less_than_without_equal,
)
from mindshim.mint.optim.optimizer import Optimizer


class NAdam(StateCheck, Optimizer):
    """NAdam(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, momentum_decay=4e-3)."""

    _state_names = ("exp_avg", "exp_avg_sq", "mu_product")
    _step_counter = "step_t"

    def __init__(self, params: Any, lr: Any = 2e-3, betas: Any = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: Any = 0.0, momentum_decay: float = 4e-3) -> None:
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than(momentum_decay, "momentum_decay", self.cls_name)
        check_betas(betas, self.cls_name)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "momentum_decay": momentum_decay}
        super().__init__(params, defaults)
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.mu_product = [Parameter(Tensor(1.0, mstype.float32), "mu_product_" + p.name) for p in self.parameters]
        self.increase_tensor = Tensor(1, mstype.int32)

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor,
                      step: torch.Tensor) -> None:
        beta1, beta2 = group["betas"]
        decay = float(group["momentum_decay"])
        params = list(self.parameters[start:end])
        grads = decayed(group_grads(gradients, start, end), params, group["weight_decay"])
        m, v = list(self.exp_avg[start:end]), list(self.exp_avg_sq[start:end])
        bias2 = 1.0 - scalar_pow(beta2, step)
        mu = beta1 * (1.0 - 0.5 * torch.pow(0.96, step * decay))
        mu_next = beta1 * (1.0 - 0.5 * torch.pow(0.96, (step + 1) * decay))
        products = list(self.mu_product[start:end])
        torch._foreach_mul_(products, mu)
        torch._foreach_mul_(m, beta1)
        torch._foreach_add_(m, torch._foreach_mul(grads, 1.0 - beta1))
        torch._foreach_mul_(v, beta2)
        torch._foreach_add_(v, torch._foreach_mul(torch._foreach_mul(grads, grads), 1.0 - beta2))
        denom = torch._foreach_add(torch._foreach_sqrt(torch._foreach_div(v, bias2)), float(group["eps"]))
        grad_rate = [lr * (1.0 - mu) / (1.0 - p) for p in products]
        avg_rate = [(lr * mu_next) / (1.0 - p * mu_next) for p in products]
        torch._foreach_sub_(params, torch._foreach_div(torch._foreach_mul(grads, grad_rate), denom))
        torch._foreach_sub_(params, torch._foreach_div(torch._foreach_mul(m, avg_rate), denom))


__all__ = ["NAdam"]
