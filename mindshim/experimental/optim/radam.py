"""mindspore.experimental.optim.RAdam: rectified Adam (the adaptive step only once the variance estimate is
tractable, rho_t > 5), state `exp_avg.<param>`, `exp_avg_sq.<param>` and int32 `step_t`. rho_inf and rho_t are
float32, as MindSpore's compiled update computes them (its python-float constants are float32 there): rho_t - 4
cancels most digits, so the rectification and the step where it starts follow those roundings."""
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


class RAdam(StateCheck, Optimizer):
    """RAdam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0)."""

    _state_names = ("exp_avg", "exp_avg_sq")
    _step_counter = "step_t"

    def __init__(self, params: Any, lr: Any = 1e-3, betas: Any = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: Any = 0.0) -> None:
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_betas(betas, self.cls_name)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay}
        super().__init__(params, defaults)
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.increase_tensor = Tensor(1, mstype.int32)

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor,
                      step: torch.Tensor) -> None:
        beta1, beta2 = group["betas"]
        params = list(self.parameters[start:end])
        grads = decayed(group_grads(gradients, start, end), params, group["weight_decay"])
        m, v = list(self.exp_avg[start:end]), list(self.exp_avg_sq[start:end])
        bias1 = 1.0 - scalar_pow(beta1, step)
        beta2_pow = scalar_pow(beta2, step)
        bias2 = 1.0 - beta2_pow
        rho_inf = 2 / (1 - torch.tensor(beta2, dtype=torch.float32, device=step.device)) - 1  # float32, as MindSpore
        rho_t = rho_inf - (2 * step) * beta2_pow / bias2
        rect = torch.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
        torch._foreach_mul_(m, beta1)
        torch._foreach_add_(m, torch._foreach_mul(grads, 1.0 - beta1))
        torch._foreach_mul_(v, beta2)
        torch._foreach_add_(v, torch._foreach_mul(torch._foreach_mul(grads, grads), 1.0 - beta2))
        corrected = torch._foreach_div(m, bias1)
        plain = torch._foreach_mul(corrected, lr)
        bias2_sqrt = torch.sqrt(bias2)
        adaptive = [bias2_sqrt / d for d in torch._foreach_add(torch._foreach_sqrt(v), float(group["eps"]))]
        rectified = torch._foreach_mul(torch._foreach_mul(plain, adaptive), rect)
        tractable = rho_t > 5.0
        torch._foreach_sub_(params, [torch.where(tractable, r, p) for r, p in zip(rectified, plain)])


__all__ = ["RAdam"]
