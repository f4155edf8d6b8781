"""mindspore.experimental.optim.ASGD: averaged SGD with MindSpore's state: `ax.<param>` (the average, a
registered ParameterTuple), per-parameter `eta` and `mu` scalars (plain lists, as in MindSpore: not in
`parameters_and_names`) and int32 `step_t`. The first update sets eta to lr."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.experimental.optim._update import StateCheck, decayed, group_grads
from mindshim.experimental.optim.optimizer import check_not_less_than, check_not_less_than_without_equal
from mindshim.mint.optim.optimizer import Optimizer


class ASGD(StateCheck, Optimizer):
    """ASGD(params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0, maximize=False)."""

    _state_names = ("eta", "mu", "ax")
    _step_counter = "step_t"

    def __init__(self, params: Any, lr: Any = 1e-2, lambd: float = 1e-4, alpha: float = 0.75, t0: float = 1e6,
                 weight_decay: Any = 0.0, maximize: bool = False) -> None:
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        if not isinstance(lambd, float):
            raise TypeError(f"For 'ASGD', the type of lambd must be float, but got {type(lambd)}.")
        if not isinstance(t0, float):
            raise TypeError(f"For 'ASGD', the type of t0 must be float, but got {type(t0)}.")
        defaults = {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0, "weight_decay": weight_decay,
                    "maximize": maximize}
        super().__init__(params, defaults)
        self.mu = [Parameter(Tensor(1.0, mstype.float32), "mu_" + p.name) for p in self.parameters]
        self.eta = [Parameter(Tensor(0.0, mstype.float32), "eta_" + p.name) for p in self.parameters]
        self.ax = self.parameters.clone(prefix="ax", init="zeros")
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.increase_tensor = Tensor(1, mstype.int32)

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor,
                      step: torch.Tensor) -> None:
        lambd, alpha, t0 = float(group["lambd"]), float(group["alpha"]), float(group["t0"])
        params = list(self.parameters[start:end])
        grads = decayed(group_grads(gradients, start, end, group["maximize"]), params, group["weight_decay"])
        next_eta = lr / torch.pow(1.0 + lambd * lr * step, alpha)
        next_mu = 1.0 / torch.clamp_min(step - t0, 1.0)
        first = step == 1
        for param, grad, eta, mu, ax in zip(params, grads, self.eta[start:end], self.mu[start:end],
                                            self.ax[start:end]):
            torch.Tensor.copy_(eta, torch.where(first, lr, eta))
            torch.Tensor.copy_(param, param * (1.0 - lambd * eta) - eta * grad)
            torch.Tensor.copy_(ax, torch.where(mu != 1, ax + (param - ax) * mu, param))
            torch.Tensor.copy_(eta, next_eta)
            torch.Tensor.copy_(mu, next_mu)


__all__ = ["ASGD"]
