"""mindspore.boost.BoostTrainOneStepCell / BoostTrainOneStepWithLossScaleCell.

Single process these are TrainOneStepCell plus what AutoBoost's configuration and the optimizer ask for: a FreezeOpt
trains one parameter group per step (in the FreezeOpt's strategy order), `grad_accumulation` with a step > 1
accumulates gradients first. AdaSum needs 8-device groups (off otherwise, as in MindSpore).
MindSpore's quirks are kept: without `sens` the step trains but returns None; the loss-scale cell's overflow
check has no CPU kernel, so calling it on a CPU target raises RuntimeError (GPU: all-finite check).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim import context
from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.nn.wrap.cell_wrapper import TrainOneStepCell
from mindshim.boost.boost import AutoBoost
from mindshim.boost.grad_accumulation import accumulate, advance
from mindshim.boost.grad_freeze import FreezeOpt, freeze_cell


def _reassign_error(name: str) -> None:
    raise TypeError(f"Parameter '{name}' already exists in network, can not assign this type: '<class 'int'>' as a "
                    "parameter.")


def _parallel_mode() -> str:
    return context.get_auto_parallel_context("parallel_mode")


class BoostTrainOneStepCell(TrainOneStepCell):
    """BoostTrainOneStepCell(network, optimizer, sens=None)."""

    def __init__(self, network: Cell, optimizer: Cell, sens: Any = None) -> None:
        super().__init__(network, optimizer, sens)
        self.sense_flag = sens is not None
        self.freeze = isinstance(optimizer, FreezeOpt)
        self.train_strategy = getattr(self.optimizer, "train_strategy", None)
        self.auto_boost = AutoBoost()
        self.parallel_mode = _parallel_mode()
        self.use_grad_accumulation = self.parallel_mode in ("data_parallel", "stand_alone") and \
            bool(self.auto_boost.boost_config.get("grad_accumulation", False))
        self.max_accumulation_step = 1
        if self.use_grad_accumulation:
            self.max_accumulation_step = self.auto_boost.grad_accumulation_step
            if self.max_accumulation_step <= 1:
                self.max_accumulation_step = 1
                self.use_grad_accumulation = False
        self.accumulation_step = Parameter(Tensor(np.int32(0)), name="accumulation_step")
        if self.use_grad_accumulation:
            self.grad_accumulation = self.weights.clone(prefix="grad_accumulation", init="zeros")
        self.enable_dim_reduce = self.check_dim_reduce_enable()
        if self.enable_dim_reduce:
            self._init_dim_reduce()
        self.freeze_nets = None
        self.step = Parameter(Tensor(np.int32(0)), name="step")
        if self.freeze:
            mean = degree = None
            if self.reducer_flag:
                from mindshim.parallel._utils import _get_device_num, _get_gradients_mean
                mean, degree = _get_gradients_mean(), _get_device_num()
            self.freeze_nets = freeze_cell(self.reducer_flag, self.network, self.optimizer, self._sens_value(),
                                           self.grad, self.use_grad_accumulation, mean, degree,
                                           self.max_accumulation_step)
        self.enable_adasum = self.check_adasum_enable()
        self.sync_tensor = Parameter(Tensor(np.int32(0)), name="sync_tensor")

    def _sens_value(self) -> float:
        return 1.0 if self.sens is None else self.sens

    def construct(self, *inputs: Any) -> Any:
        if self.freeze:
            return self.gradient_freeze_process(*inputs)
        loss = self.network(*inputs)
        if self.sense_flag:
            sens = torch.full_like(loss, self._sens_value())
            grads = self.grad(self.network, self.weights)(*inputs, sens)
        else:
            grads = self.grad_no_sens(self.network, self.weights)(*inputs)
        self._apply(loss, self.grad_reducer(grads), *inputs)
        return loss if self.sense_flag else None  # MindSpore's no-sens path returns nothing

    def _apply(self, loss: Any, grads: Any, *inputs: Any) -> None:
        if self.use_grad_accumulation:
            self.gradient_accumulation_process(loss, grads, None, *inputs)
        elif self.enable_dim_reduce:
            sens = torch.full_like(loss, self._sens_value())
            self.dim_reduce(loss, grads, sens, self.weights, self.weights_clone, *inputs)
        else:
            self.optimizer(grads)

    def gradient_freeze_process(self, *inputs: Any) -> Any:
        step = int(self.step)
        if self.train_strategy is None:
            index, count = step, len(self.freeze_nets)
        else:
            index, count = int(self.train_strategy[step]), len(self.train_strategy)
        loss = self.freeze_nets[index](*inputs)
        if step + 1 >= count:
            _reassign_error("step")  # MindSpore's `self.step = 0` fails in PyNative
        with torch.no_grad():
            self.step.fill_(step + 1)
        return loss

    def gradient_accumulation_process(self, loss: Any, grads: Any, sens: Any, *inputs: Any) -> Any:
        accumulate(self.grad_accumulation, grads, self.max_accumulation_step)
        if advance(self.accumulation_step, self.max_accumulation_step):
            if self.enable_dim_reduce:
                self.dim_reduce(loss, self.grad_accumulation, torch.full_like(loss, self._sens_value()),
                                self.weights, self.weights_clone, *inputs)
            else:
                self.optimizer(self.grad_accumulation)
            _reassign_error("accumulation_step")  # MindSpore's `self.accumulation_step = 0` fails in PyNative
        return loss

    def check_adasum_enable(self) -> bool:
        if not getattr(self.optimizer, "adasum", None) or not self.reducer_flag:
            return False
        from mindshim.communication.management import get_group_size
        groups = get_group_size() // 8
        if groups > 1 and groups & (groups - 1) == 0:
            from mindshim._errors import unsupported
            raise unsupported("mindspore.boost AdaSum", "AdaSum across device groups (Send/Receive between servers)")
        return False

    def check_dim_reduce_enable(self) -> bool:
        return bool(getattr(self.optimizer, "dim_reduce", None))

    def _init_dim_reduce(self) -> None:
        from mindshim.boost.base import load_local_pca_mat
        from mindshim.boost.distributed import DimReduce
        from mindshim.common.parameter import ParameterTuple
        from mindshim.communication.management import get_group_size, get_rank
        boost = self.auto_boost
        rank = get_rank()
        rank_size = 1 if self.parallel_mode == "stand_alone" else get_group_size()
        pca_mat = load_local_pca_mat(boost.local_pca_mat_path, boost.timeout)
        self.weights_clone = ParameterTuple(self.weights).clone(prefix="weights_clone", init="same")
        self.dim_reduce = DimReduce(self.network, self.optimizer, self.weights, pca_mat, boost.n_components,
                                    boost.rho, boost.gamma, boost.alpha, boost.sigma, rank, rank_size)


class BoostTrainOneStepWithLossScaleCell(BoostTrainOneStepCell):
    """BoostTrainOneStepWithLossScaleCell(network, optimizer, scale_sense) -> (loss, overflow, scaling_sens)."""

    def __init__(self, network: Cell, optimizer: Cell, scale_sense: Any) -> None:
        super().__init__(network, optimizer, sens=None)
        self.is_distributed = self.parallel_mode != "stand_alone"
        self.gpu_target = context.get_context("device_target") == "GPU"
        self.loss_scaling_manager = None
        if self.auto_boost.boost_config.get("loss_scale_group", False):
            self.enable_enhanced_amp = True
            if not isinstance(scale_sense, Cell) or not hasattr(scale_sense, "set_loss_scale_status"):
                raise TypeError(f"The scale_sense must be enhanced amp Cell, bug got {type(scale_sense)}")
            from mindshim._errors import unsupported
            raise unsupported("mindspore.boost.BoostTrainOneStepWithLossScaleCell", "loss_scale_group (enhanced amp)")
        self.enable_enhanced_amp = False
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(Tensor(np.float32(scale_sense.get_loss_scale())), name="scale_sense")
        elif isinstance(scale_sense, Tensor):
            if tuple(scale_sense.shape) not in ((1,), ()):
                raise ValueError(f"The shape of scale_sense must be (1,) or (), but got {tuple(scale_sense.shape)}")
            self.scale_sense = Parameter(scale_sense, name="scale_sense")
        else:
            raise TypeError(f"The scale_sense must be Cell or Tensor, but got {type(scale_sense)}")

    def construct(self, *inputs: Any) -> Any:
        from mindshim.nn.wrap.loss_scale import _all_finite
        loss = self.network(*inputs)
        if not self.gpu_target:  # MindSpore checks overflow with NPU float-status kernels: none on CPU
            raise RuntimeError("Kernel select failed: Unsupported op [NPUClearFloatStatusV2] on "
                               f"{context.get_context('device_target')}")
        scale = self.scale_sense.value() if isinstance(self.scale_sense, Parameter) else self.scale_sense
        sens = torch.ones_like(loss) * scale.to(loss.dtype)
        grads = self.grad(self.network, self.weights)(*inputs, sens)
        grads = self.grad_reducer(tuple(g * (1.0 / scale).to(g.dtype) for g in grads))
        cond = ~_all_finite(grads)
        overflow = self._process_loss_scale(cond)
        if not bool(overflow):
            self._apply(loss, grads, *inputs)
        return loss, cond, scale

    def _process_loss_scale(self, overflow: Any) -> Any:
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow

    def _set_sense_scale(self, sens: Any) -> None:
        if isinstance(sens, Tensor):
            self.scale_sense.set_data(sens)
        else:
            raise TypeError(f"The input type must be Tensor, but got {type(sens)}")


__all__ = ["BoostTrainOneStepCell", "BoostTrainOneStepWithLossScaleCell"]
