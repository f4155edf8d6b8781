"""mindspore.experimental.optim.Rprop: resilient backpropagation with state `prev.<param>` (the last
gradient, zeroed where its sign flipped), `step_size.<param>` (starting at lr on the first update) and int32
`step_t`."""
from __future__ import annotations

from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.experimental.optim._update import StateCheck, group_grads
from mindshim.experimental.optim.optimizer import check_not_less_than_without_equal
from mindshim.mint.optim.optimizer import Optimizer


class Rprop(StateCheck, Optimizer):
    """Rprop(params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *, maximize=False)."""

    _state_names = ("prev", "step_size")
    _step_counter = "step_t"

    def __init__(self, params: Any, lr: Any = 1e-2, etas: Any = (0.5, 1.2), step_sizes: Any = (1e-6, 50), *,
                 maximize: bool = False) -> None:
        check_not_less_than_without_equal(lr, "lr", self.cls_name)
        check_not_less_than_without_equal(etas[1], "etas[1]", self.cls_name, 1.0)
        validator.check_float_range(etas[0], 0.0, 1.0, validator.INC_NEITHER, "etas[0]", self.cls_name)
        defaults = {"lr": lr, "etas": etas, "step_sizes": step_sizes, "maximize": maximize}
        super().__init__(params, defaults)
        self.prev = self.parameters.clone(prefix="prev", init="zeros")
        self.step_size = self.parameters.clone(prefix="step_size", init="zeros")
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")
        self.increase_tensor = Tensor(1, mstype.int32)

    def _update_group(self, group: dict, start: int, end: int, gradients: Any, lr: torch.Tensor,
                      step: torch.Tensor) -> None:
        etaminus, etaplus = (torch.tensor(e, dtype=torch.float32, device=lr.device) for e in group["etas"])
        size_min, size_max = group["step_sizes"]
        grads = group_grads(gradients, start, end, group["maximize"])
        first = step == 1
        for param, grad, prev, size in zip(self.parameters[start:end], grads, self.prev[start:end],
                                           self.step_size[start:end]):
            current = torch.where(first, torch.ones_like(size) * lr, size)
            sign = torch.sign(grad * prev)
            factor = torch.where(sign > 0, etaplus, torch.where(sign < 0, etaminus, torch.ones_like(sign)))
            clipped = torch.clamp(current * factor, size_min, size_max)
            torch.Tensor.copy_(size, clipped)
            kept = torch.where(factor == etaminus, torch.zeros_like(grad), grad)
            torch.Tensor.copy_(prev, kept)
            torch.Tensor.sub_(param, torch.sign(kept) * clipped)


__all__ = ["Rprop"]
