"""mindspore.experimental.optim.RMSprop: state `mean_grad.<param>` (centered only), `mean_square.<param>` and
`moment.<param>` (momentum > 0 only); `avg = sqrt(mean_square [- mean_grad^2]) + eps`."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.experimental.optim._update import StateCheck, decayed, group_grads
from mindshim.experimental.optim.optimizer import check_not_less_than, check_not_less_than_without_equal
from mindshim.mint.optim.optimizer import Optimizer


class RMSprop(StateCheck, Optimizer):
    """RMSprop(params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False,
    maximize=False)."""

    _state_names = ("mean_grad", "mean_square", "moment")

    def __init__(self, params: Any, lr: Any = 1e-2, alpha: float = 0.99, eps: float = 1e-8, weight_decay: Any = 0.0,
                 momentum: float = 0.0, centered: bool = False, maximize: bool = False) -> None:
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(alpha, "alpha", self.cls_name)
        check_not_less_than_without_equal(eps, "eps", self.cls_name)
        check_not_less_than(momentum, "momentum", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps, "centered": centered,
                    "weight_decay": weight_decay, "maximize": maximize}
        super().__init__(params, defaults)
        self.mean_grad = self.parameters.clone(prefix="mean_grad", init="zeros")
        self.mean_square = self.parameters.clone(prefix="mean_square", init="zeros")
        self.moment = self.parameters.clone(prefix="moment", init="zeros")

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor) -> None:
        alpha, eps, momentum = float(group["alpha"]), float(group["eps"]), group["momentum"]
        params = list(self.parameters[start:end])
        grads = decayed(group_grads(gradients, start, end, group["maximize"]), params, group["weight_decay"])
        square = list(self.mean_square[start:end])
        torch._foreach_mul_(square, alpha)
        torch._foreach_addcmul_(square, grads, grads, value=1.0 - alpha)
        if group["centered"]:
            mean = list(self.mean_grad[start:end])
            torch._foreach_mul_(mean, alpha)
            torch._foreach_add_(mean, torch._foreach_mul(grads, 1.0 - alpha))
            avg = torch._foreach_sqrt(torch._foreach_addcmul(square, mean, mean, value=-1.0))
        else:
            avg = torch._foreach_sqrt(square)
        torch._foreach_add_(avg, eps)
        if momentum > 0:
            mom = list(self.moment[start:end])
            torch._foreach_mul_(mom, float(momentum))
            torch._foreach_add_(mom, torch._foreach_div(grads, avg))
            torch._foreach_sub_(params, torch._foreach_mul(mom, lr))
        else:
            torch._foreach_sub_(params, torch._foreach_div(torch._foreach_mul(grads, lr), avg))


__all__ = ["RMSprop"]
