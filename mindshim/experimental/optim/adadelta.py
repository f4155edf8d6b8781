"""mindspore.experimental.optim.Adadelta: MindSpore's ApplyAdadelta kernel with state Parameters `accum.<param>`
(running mean of squared gradients) and `accum_update.<param>` (running mean of squared updates)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.experimental.optim._update import StateCheck, decayed, group_grads
from mindshim.experimental.optim.optimizer import check_not_less_than, check_not_less_than_without_equal
from mindshim.mint.optim.optimizer import Optimizer


class Adadelta(StateCheck, Optimizer):
    """Adadelta(params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False)."""

    _state_names = ("accum", "accum_update")

    def __init__(self, params: Any, lr: Any = 1.0, rho: float = 0.9, eps: float = 1e-6, weight_decay: Any = 0.0,
                 *, maximize: bool = False) -> None:
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        validator.check_float_range(rho, 0.0, 1.0, validator.INC_BOTH, "rho", self.cls_name)
        defaults = {"lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay, "maximize": maximize}
        super().__init__(params, defaults)
        self.accum = self.parameters.clone(prefix="accum", init=0)
        self.accum_update = self.parameters.clone(prefix="accum_update", init=0)

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor) -> None:
        rho, eps = float(group["rho"]), float(group["eps"])
        params = list(self.parameters[start:end])
        grads = decayed(group_grads(gradients, start, end, group["maximize"]), params, group["weight_decay"])
        accum, accum_update = list(self.accum[start:end]), list(self.accum_update[start:end])
        torch._foreach_mul_(accum, rho)
        torch._foreach_addcmul_(accum, grads, grads, value=1.0 - rho)
        updates = torch._foreach_mul(torch._foreach_sqrt(torch._foreach_add(accum_update, eps)), grads)
        torch._foreach_div_(updates, torch._foreach_sqrt(torch._foreach_add(accum, eps)))
        torch._foreach_mul_(accum_update, rho)
        torch._foreach_addcmul_(accum_update, updates, updates, value=1.0 - rho)
        torch._foreach_sub_(params, torch._foreach_mul(updates, lr))


__all__ = ["Adadelta"]
