"""mindspore.experimental.optim.Adam: MindSpore's Adam kernel (`param -= lr * sqrt(1 - beta2^t) / (1 - beta1^t)
* m / (sqrt(v) + eps)`, L2 weight decay added to the gradient). `amsgrad` is accepted and stored in the groups
but, as in MindSpore, not used; `max_exp_avg_sq.<param>` exists and stays zero."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.experimental.optim._update import StateCheck, decayed, group_grads, scalar_pow
from mindshim.mint.optim.adam import check_adam_values
from mindshim.mint.optim.optimizer import Optimizer


class AdamState(StateCheck, Optimizer):
    """What Adam and AdamW build alike: the checked defaults, the moment buffers (exp_avg, exp_avg_sq and
    max_exp_avg_sq, MindSpore creates all three) and the int32 `state_step`."""

    _step_counter = "state_step"

    def __init__(self, params: Any, lr: Any, betas: Any, eps: float, weight_decay: Any, amsgrad: bool,
                 maximize: bool) -> None:
        check_adam_values(lr, betas, eps, weight_decay)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad,
                    "maximize": maximize}
        super().__init__(params, defaults)
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.max_exp_avg_sq = self.parameters.clone(prefix="max_exp_avg_sq", init="zeros")
        self.state_step = Parameter(Tensor(0, mstype.int32), "state_step")
        self.increase_tensor = Tensor(1, mstype.int32)


class Adam(AdamState):
    """Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *, maximize=False)."""

    _state_names = ("exp_avg", "exp_avg_sq")

    def __init__(self, params: Any, lr: Any = 1e-3, betas: Any = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: Any = 0.0, amsgrad: bool = False, *, maximize: bool = False) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor,
                      step: torch.Tensor) -> None:
        beta1, beta2 = group["betas"]
        params = list(self.parameters[start:end])
        grads = decayed(group_grads(gradients, start, end, group["maximize"]), params, group["weight_decay"])
        m, v = list(self.exp_avg[start:end]), list(self.exp_avg_sq[start:end])
        new_lr = lr * torch.sqrt(1.0 - scalar_pow(beta2, step)) / (1.0 - scalar_pow(beta1, step))
        torch._foreach_add_(m, torch._foreach_sub(grads, m), alpha=1.0 - beta1)
        torch._foreach_add_(v, torch._foreach_sub(torch._foreach_mul(grads, grads), v), alpha=1.0 - beta2)
        denom = torch._foreach_add(torch._foreach_sqrt(v), float(group["eps"]))
        updates = torch._foreach_div(torch._foreach_mul(m, new_lr), denom)
        torch._foreach_sub_(params, updates)


__all__ = ["Adam"]
