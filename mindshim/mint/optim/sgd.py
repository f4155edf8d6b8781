"""mint.optim.SGD: torch's SGD (momentum, dampening, nesterov, weight decay, maximize) with MindSpore's state
Parameters `momentum_buf.<param>` and `step_t` (int32, counts updates; the first update seeds the buffer)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.mint.optim.optimizer import Optimizer, _no_subclass, check_types


class SGD(Optimizer):
    """mint.optim.SGD(params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False)."""

    def __init__(self, params: Any, lr: Any, momentum: Any = 0, dampening: Any = 0, weight_decay: Any = 0,
                 nesterov: bool = False, *, maximize: bool = False) -> None:
        num = (float, int, bool)
        check_types(self.cls_name, (("lr", lr, num + (torch.Tensor,)), ("momentum", momentum, num),
                                    ("weight_decay", weight_decay, num), ("dampening", dampening, num),
                                    ("nesterov", nesterov, (bool,)), ("maximize", maximize, (bool,))))
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "weight_decay": weight_decay, "dampening": dampening,
                    "nesterov": nesterov, "maximize": maximize, "lr_float": lr}
        for group in params:
            if isinstance(group, dict) and group.get("lr", None):
                group["lr_float"] = group["lr"]
        super().__init__(params, defaults)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}")
        self.momentum_buf = self.parameters.clone(prefix="momentum_buf", init="zeros")
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.increase_tensor = Tensor(1, mstype.int32)

    def construct(self, gradients):
        with torch.no_grad(), _no_subclass():
            first = torch.eq(self.step_t, 0)  # a tensor: the first update seeds the momentum buffers (no host sync)
            for group, start, end in self._group_slices():
                self._update_group(group, start, end, gradients, first)
            torch.Tensor.add_(self.step_t, 1)
        return True

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, first: torch.Tensor) -> None:
        params = list(self.parameters[start:end])
        grads = list(gradients[start:end])
        if group["maximize"]:
            grads = torch._foreach_neg(grads)
        if group["weight_decay"] != 0.0:
            grads = torch._foreach_add(grads, params, alpha=float(group["weight_decay"]))
        momentum = float(group["momentum"])
        if momentum != 0:
            bufs = list(self.momentum_buf[start:end])
            later = torch._foreach_add(torch._foreach_mul(bufs, momentum), grads, alpha=1.0 - float(group["dampening"]))
            torch._foreach_copy_(bufs, [torch.where(first, g, b) for g, b in zip(grads, later)])
            grads = torch._foreach_add(grads, bufs, alpha=momentum) if group["nesterov"] else bufs
        torch._foreach_add_(params, grads, alpha=-float(group["lr_float"]))


__all__ = ["SGD"]
