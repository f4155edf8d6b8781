"""Loss scaling: TrainOneStepWithLossScaleCell and the update cells.

- Overflow status is the inf/nan meaning of MindSpore's check: any non-finite gradient. (MindSpore
  reads a device status register on Ascend and checks gradients on GPU; both mean the same.)
- A step with overflow skips the optimizer (in a compiled step without a branch: `engine.run_unless`); DynamicLossScaleUpdateCell halves the scale (not below
  1) on overflow and multiplies it by `scale_factor` after `scale_window` clean steps, with
  MindSpore's counters (`current_iterator_step`, `last_overflow_iterator_step`).
- Superset: `scale_sense` may also be a LossScaleManager (seed 003 passes one); MindSpore 2.10
  raises TypeError there. It is replaced by the manager's update cell (or its fixed value).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim._backend import engine, grad_reduce
from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor, wrap
from mindshim.nn.cell import Cell
from mindshim.nn.wrap.cell_wrapper import TrainOneStepCell
from mindshim.ops.composite.base import HyperMap, MultitypeFuncGraph, partial

_grad_scale = MultitypeFuncGraph("grad_scale")


@_grad_scale.register("Tensor", "Tensor")
def _tensor_grad_scale(scale: Any, grad: Any) -> Any:
    return grad * torch.reciprocal(scale).to(grad.dtype)


_grad_overflow = MultitypeFuncGraph("_grad_overflow")  # MindSpore's per-gradient overflow flag (FloatStatus)


@_grad_overflow.register("Tensor")
def _tensor_grad_overflow(grad: Any) -> Any:
    return wrap((~torch.isfinite(grad).all()).to(torch.float32).reshape(1))


def _all_finite(grads: Any) -> Tensor:
    flags = [torch.isfinite(g).all() for g in grads]
    return torch.stack(flags).all() if flags else Tensor(True)


class DynamicLossScaleUpdateCell(Cell):
    """nn.DynamicLossScaleUpdateCell(loss_scale_value, scale_factor, scale_window): MindSpore's update rule,
    including its counters and `loss_scale * reciprocal(scale_factor)` in float32."""

    def __init__(self, loss_scale_value: float, scale_factor: float, scale_window: int) -> None:
        super().__init__()
        self.scale_window = Tensor(np.int32(scale_window))
        self.scale_factor = Tensor(np.float32(scale_factor))
        self.loss_scale_value = loss_scale_value
        self.cur_iter = Parameter(Tensor(np.int32(1)), name="current_iterator_step")
        self.last_overflow_iter = Parameter(Tensor(np.int32(0)), name="last_overflow_iterator_step")
        self.minimum_loss_scale = Tensor(np.float32(1.0))

    def get_loss_scale(self) -> float:
        return self.loss_scale_value

    def construct(self, loss_scale: Parameter, overflow: Any) -> Any:
        with torch.no_grad():
            overflow_t = torch.as_tensor(overflow).bool()
            shrunk = torch.maximum(loss_scale * torch.reciprocal(self.scale_factor), self.minimum_loss_scale)
            on_overflow = torch.where(overflow_t, shrunk, loss_scale)
            should_inc = self.scale_window <= (self.cur_iter - self.last_overflow_iter)
            self.last_overflow_iter.copy_(torch.where(overflow_t | should_inc, self.cur_iter, self.last_overflow_iter))
            grown = torch.where(should_inc & ~overflow_t, on_overflow * self.scale_factor, on_overflow)
            loss_scale.copy_(grown.reshape(loss_scale.shape).to(loss_scale.dtype))
            self.cur_iter.add_(1)
        return overflow


class FixedLossScaleUpdateCell(Cell):
    def __init__(self, loss_scale_value: float) -> None:
        super().__init__()
        self.loss_scale_value = loss_scale_value

    def get_loss_scale(self) -> float:
        return self.loss_scale_value

    def construct(self, _: Any, overflow: Any) -> Any:
        return overflow


def _scale_sense_from_manager(scale_sense: Any) -> Any:
    from mindshim.train.loss_scale_manager import LossScaleManager
    if isinstance(scale_sense, LossScaleManager):
        cell = scale_sense.get_update_cell()
        return cell if cell is not None else Tensor(np.float32(scale_sense.get_loss_scale()))
    return scale_sense


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """nn.TrainOneStepWithLossScaleCell(network, optimizer, scale_sense) -> (loss, overflow, scaling_sens)."""

    def __init__(self, network: Cell, optimizer: Cell, scale_sense: Any) -> None:
        super().__init__(network, optimizer, sens=None)
        # what the optimizer updates in place; a compiled step restores it on overflow (engine.run_unless)
        object.__setattr__(self, "_optimizer_state", engine.state_of(optimizer))
        self.hyper_map = HyperMap()
        # MindSpore: any mode but stand_alone all-reduces the overflow flag so every rank skips the same steps
        from mindshim.parallel._utils import _get_parallel_mode
        self.is_distributed = _get_parallel_mode() != "stand_alone"
        self.loss_scaling_manager = None
        scale_sense = _scale_sense_from_manager(scale_sense)
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(Tensor(np.float32(scale_sense.get_loss_scale())), name="scale_sense")
        elif isinstance(scale_sense, torch.Tensor):
            if tuple(scale_sense.shape) not in ((1,), ()):
                raise ValueError(f"For 'TrainOneStepWithLossScaleCell', the shape of 'scale_sense' must be (1,) or (), "
                                 f"but got {tuple(scale_sense.shape)}.")
            self.scale_sense = Parameter(scale_sense, name="scale_sense")
        else:
            raise TypeError(f"For 'TrainOneStepWithLossScaleCell', the 'scale_sense' must be Cell or Tensor, but got "
                            f"'scale_sense' type: {type(scale_sense)}.")

    def construct(self, *inputs: Any) -> Any:
        weights = self.weights
        loss = self.network(*inputs)
        scaling_sens = self.scale_sense
        status, scaling_sens = self.start_overflow_check(loss, scaling_sens)
        scaling_sens_filled = torch.ones_like(loss) * scaling_sens.to(loss.dtype)
        grads = self.grad(self.network, weights)(*inputs, scaling_sens_filled)
        grads = self.hyper_map(partial(_grad_scale, scaling_sens), grads)
        grads = self.grad_reducer(grads)
        cond = self.get_overflow_status(status, grads)
        overflow = self.process_loss_scale(cond)
        engine.run_unless(overflow, self.optimizer, (grads,), self._optimizer_state)
        return loss, cond, scaling_sens.value() if isinstance(scaling_sens, Parameter) else scaling_sens

    def set_sense_scale(self, sens: Any) -> None:
        if isinstance(sens, torch.Tensor):
            self.scale_sense.set_data(sens)
        else:
            raise TypeError(f"For 'TrainOneStepWithLossScaleCell', the type of 'sens' must be Tensor, but got {type(sens)}")

    def start_overflow_check(self, pre_cond: Any, compute_input: Any) -> tuple[Any, Any]:
        # torch.zeros, not a numpy array: a compiled step must not build tensors from host arrays
        return wrap(torch.zeros(8, dtype=torch.int32, device=pre_cond.device)), compute_input

    def get_overflow_status(self, status: Any, compute_output: Any) -> Tensor:
        overflow = ~_all_finite(compute_output)
        if self.is_distributed:
            overflow = wrap(grad_reduce.any_across(overflow))
        return overflow

    def process_loss_scale(self, overflow: Any) -> Any:
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow


__all__ = ["TrainOneStepWithLossScaleCell", "DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell"]
