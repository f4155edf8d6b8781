"""mindspore.experimental.optim.Adamax: Adam on the infinity norm (`exp_inf = max(beta2 * exp_inf, |g| + eps)`),
state `exp_avg.<param>`, `exp_inf.<param>` and int32 `step_t`."""
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


class Adamax(StateCheck, Optimizer):
    """Adamax(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *, maximize=False)."""

    _state_names = ("exp_avg", "exp_inf")
    _step_counter = "step_t"

    def __init__(self, params: Any, lr: Any = 2e-3, betas: Any = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: Any = 0.0, *, maximize: bool = False) -> None:
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_betas(betas, self.cls_name)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "maximize": maximize}
        super().__init__(params, defaults)
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_inf = self.parameters.clone(prefix="exp_inf", init="zeros")
        self.increase_tensor = Tensor(1, mstype.int32)

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor,
                      step: torch.Tensor) -> None:
        beta1, beta2 = group["betas"]
        params = list(self.parameters[start:end])
        grads = decayed(group_grads(gradients, start, end, group["maximize"]), params, group["weight_decay"])
        m, inf = list(self.exp_avg[start:end]), list(self.exp_inf[start:end])
        clr = lr / (1.0 - scalar_pow(beta1, step))
        torch._foreach_mul_(m, beta1)
        torch._foreach_add_(m, grads, alpha=1.0 - beta1)
        torch._foreach_mul_(inf, beta2)
        torch._foreach_maximum_(inf, torch._foreach_add(torch._foreach_abs(grads), float(group["eps"])))
        torch._foreach_sub_(params, torch._foreach_div(torch._foreach_mul(m, clr), inf))


__all__ = ["Adamax"]
