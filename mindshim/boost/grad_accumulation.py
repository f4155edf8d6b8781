"""mindspore.boost.GradientAccumulation: adds grads / max_accumulation_step into zero-initialised buffers and runs
the optimizer on them every max_accumulation_step calls (then clears them)."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell


def accumulate(buffers: Any, grads: Any, steps: int) -> None:
    with torch.no_grad():
        for buffer, grad in zip(buffers, grads):
            buffer.add_(grad / steps)


def clear(buffers: Any) -> None:
    with torch.no_grad():
        for buffer in buffers:
            buffer.zero_()


def advance(counter: Parameter, limit: int) -> bool:
    """Counts one call; True (and the counter back at 0) when `limit` calls are reached."""
    with torch.no_grad():
        counter.add_(1)
        if int(counter) >= limit:
            counter.zero_()
            return True
    return False


class GradientAccumulation(Cell):
    """GradientAccumulation(max_accumulation_step, optimizer); called as (loss, grads), returns loss."""

    def __init__(self, max_accumulation_step: int, optimizer: Cell) -> None:
        super().__init__()
        self._max_accumulation_step = max_accumulation_step
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self._grad_accumulation = self.weights.clone(prefix="grad_accumulation", init="zeros")
        self._accumulation_step = Parameter(Tensor(np.int32(0)), name="accumulation_step")

    def construct(self, loss: Any, grads: Any) -> Any:
        accumulate(self._grad_accumulation, grads, self._max_accumulation_step)
        if advance(self._accumulation_step, self._max_accumulation_step):
            self.optimizer(self._grad_accumulation)
            clear(self._grad_accumulation)
        return loss


__all__ = ["GradientAccumulation"]
