"""mint.optim.Adam and the base it shares with AdamW: torch's algorithms with MindSpore's state Parameters
(`exp_avg.<param>`, `exp_avg_sq.<param>`, `state_step`; with amsgrad, each group's 'max_exp_avg_sq' ParameterTuple)."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.mint.optim.optimizer import Optimizer, _no_subclass, check_types


def _check_adam_args(cls_name: str, lr: Any, betas: Any, eps: Any, weight_decay: Any, amsgrad: Any, maximize: Any,
                     beta_types: tuple = (tuple,)) -> None:
    check_types(cls_name, (("betas", betas, beta_types),))
    if len(betas) != 2:
        raise ValueError(f"For '{cls_name}', the 'betas size' must be in [2], but got {len(betas)}.")
    check_types(cls_name, (("betas[0]", betas[0], (float,)), ("betas[1]", betas[1], (float,)),
                           ("eps", eps, (float,)), ("weight_decay", weight_decay, (float,)), ("lr", lr, (float,)),
                           ("amsgrad", amsgrad, (bool,)), ("maximize", maximize, (bool,))))
    check_adam_values(lr, betas, eps, weight_decay)


def check_adam_values(lr: Any, betas: Any, eps: Any, weight_decay: Any) -> None:
    """The value checks of MindSpore's Adam-family optimizers (mint's and experimental's)."""
    if lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    for i in (0, 1):
        if not 0.0 <= betas[i] < 1.0:
            raise ValueError(f"Invalid beta parameter at index {i}: {betas[i]}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


class _AdamBase(Optimizer):
    _decoupled = False  # AdamW: param *= 1 - lr * weight_decay instead of grad += weight_decay * param
    _step_start = 0.0   # state_step's initial value (AdamW's kernel counts from state_step + 1)

    def __init__(self, params: Any, lr: float = 0.001, betas: Any = (0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0.0, amsgrad: bool = False, *, maximize: bool = False) -> None:
        _check_adam_args(self.cls_name, lr, betas, eps, weight_decay, amsgrad, maximize, self._beta_types)
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay, "amsgrad": amsgrad,
                    "maximize": maximize}
        self.max_v_group = True
        super().__init__(params, defaults)
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.state_step = Parameter(Tensor([self._step_start], mstype.float32), "state_step")
        self.increase_tensor = Tensor(1, mstype.float32)

    _beta_types: tuple = (tuple,)

    def construct(self, gradients):
        # the step count and rates stay tensors (no host sync; a compiled step keeps them as graph inputs)
        with torch.no_grad(), _no_subclass():
            torch.Tensor.add_(self.state_step, 1.0)
            step = torch.Tensor.sum(self.state_step) - self._step_start
            for group, start, end in self._group_slices():
                self._update_group(group, start, end, gradients, step)
        return True

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, step: torch.Tensor) -> None:
        beta1, beta2 = group["betas"]
        lr = group["lr"]
        wd, eps = group["weight_decay"], group["eps"]
        params = list(self.parameters[start:end])
        grads = list(gradients[start:end])
        if group["maximize"]:
            grads = torch._foreach_neg(grads)
        if wd != 0.0:
            if self._decoupled:
                torch._foreach_mul_(params, 1.0 - lr * wd)
            else:
                grads = torch._foreach_add(grads, params, alpha=wd)
        m = list(self.exp_avg[start:end])
        v = list(self.exp_avg_sq[start:end])
        # MindSpore's operation order (m * beta1 + g * (1 - beta1), v * beta2 + g * g * (1 - beta2)), for its rounding
        torch._foreach_mul_(m, beta1)
        torch._foreach_add_(m, grads, alpha=1.0 - beta1)
        torch._foreach_mul_(v, beta2)
        torch._foreach_add_(v, torch._foreach_mul(torch._foreach_mul(grads, grads), 1.0 - beta2))
        second = v
        if group["amsgrad"]:
            second = list(group["max_exp_avg_sq"])
            torch._foreach_maximum_(second, v)
        # bias corrections in float64: 1 - beta2**t loses digits in float32 (MindSpore's numbers keep them)
        step64 = torch.Tensor.double(step)
        bias2_sqrt = torch.sqrt(1.0 - torch.pow(beta2, step64)).float()
        step_size = (-torch.Tensor.double(lr) / (1.0 - torch.pow(beta1, step64))).float()
        denom = torch._foreach_add(torch._foreach_div(torch._foreach_sqrt(second), bias2_sqrt), eps)
        updates = torch._foreach_div(m, denom)
        torch._foreach_mul_(updates, step_size)
        torch._foreach_add_(params, updates)


class Adam(_AdamBase):
    """mint.optim.Adam(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.0, amsgrad=False, *,
    maximize=False): torch's Adam (L2 weight decay added to the gradient); `opt(grads)` updates in place."""


__all__ = ["Adam"]
