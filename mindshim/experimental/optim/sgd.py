"""mindspore.experimental.optim.SGD: MindSpore's SGD kernel (momentum buffers `accum.<param>`, first-step flags
`stat.<param>` starting at 1: the first update with momentum seeds the buffer with the gradient)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.common.tensor import Tensor
from mindshim.experimental.optim._update import StateCheck, group_grads
from mindshim.mint.optim.optimizer import Optimizer


class SGD(StateCheck, Optimizer):
    """SGD(params, lr, momentum=0, dampening=0, weight_decay=0.0, nesterov=False, *, maximize=False)."""

    _state_names = ("accum", "stat")

    def __init__(self, params: Any, lr: Any, momentum: Any = 0, dampening: Any = 0, weight_decay: Any = 0.0,
                 nesterov: bool = False, *, maximize: bool = False) -> None:
        validator.check_value_type("lr", lr, [float, int, Tensor], self.cls_name)
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        validator.check_value_type("momentum", momentum, [int, float], self.cls_name)
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        momentum = float(momentum)
        validator.check_value_type("nesterov", nesterov, [bool], self.cls_name)
        validator.check_value_type("maximize", maximize, [bool], self.cls_name)
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening, "weight_decay": weight_decay,
                    "nesterov": nesterov, "maximize": maximize, "grad_centralization": False}
        super().__init__(params, defaults)
        for group in self.param_groups:
            validator.check_value_type("dampening", group.get("dampening"), [int, float], self.cls_name)
            group["dampening"] = float(group["dampening"])
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}")
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.stat = self.parameters.clone(prefix="stat", init="ones")

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor) -> None:
        params = list(self.parameters[start:end])
        grads = group_grads(gradients, start, end, group["maximize"])
        if group["weight_decay"] > 0.0:  # the kernel decays only for a positive weight_decay
            grads = torch._foreach_add(grads, params, alpha=float(group["weight_decay"]))
        momentum = float(group["momentum"])
        if momentum > 0.0:
            accum, stat = list(self.accum[start:end]), list(self.stat[start:end])
            later = torch._foreach_add(torch._foreach_mul(accum, momentum), grads,
                                       alpha=1.0 - group["dampening"])
            torch._foreach_copy_(accum, [torch.where(s > 0, g, a) for s, g, a in zip(stat, grads, later)])
            torch._foreach_zero_(stat)
            grads = torch._foreach_add(grads, accum, alpha=momentum) if group["nesterov"] else accum
        torch._foreach_add_(params, torch._foreach_mul(grads, torch.neg(lr)))


__all__ = ["SGD"]
