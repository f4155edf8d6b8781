"""mindspore.experimental.optim.Adagrad: MindSpore's ApplyAdagradV2 kernel (`accum += g * g`,
`param -= lr / (1 + (t - 1) * lr_decay) * g / (sqrt(accum) + eps)`), state `accum.<param>` (starting at
initial_accumulator_value) and int32 `step_t` (updates done)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.experimental.optim._update import StateCheck, decayed, group_grads
from mindshim.experimental.optim.optimizer import check_not_less_than, check_not_less_than_without_equal
from mindshim.mint.optim.optimizer import Optimizer


class Adagrad(StateCheck, Optimizer):
    """Adagrad(params, lr=1e-2, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0, eps=1e-10, *,
    maximize=False)."""

    _state_names = ("accum",)
    _step_counter = "step_t"
    _step_first = False  # MindSpore's Adagrad counts the step after the update

    def __init__(self, params: Any, lr: Any = 1e-2, lr_decay: float = 0.0, weight_decay: Any = 0.0,
                 initial_accumulator_value: float = 0.0, eps: float = 1e-10, *, maximize: bool = False) -> None:
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(lr_decay, "lr_decay", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than(initial_accumulator_value, "initial_accumulator_value", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value, "maximize": maximize}
        super().__init__(params, defaults)
        self.accum = self.parameters.clone(prefix="accum", init=initial_accumulator_value)
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.increase_tensor = Tensor(1, mstype.int32)

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor) -> None:
        decay_lr = lr / (1 + self.step_t * float(group["lr_decay"]))
        params = list(self.parameters[start:end])
        grads = decayed(group_grads(gradients, start, end, group["maximize"]), params, group["weight_decay"])
        accum = list(self.accum[start:end])
        torch._foreach_addcmul_(accum, grads, grads)
        denom = torch._foreach_add(torch._foreach_sqrt(accum), float(group["eps"]))
        torch._foreach_sub_(params, torch._foreach_div(torch._foreach_mul(grads, decay_lr), denom))


__all__ = ["Adagrad"]
