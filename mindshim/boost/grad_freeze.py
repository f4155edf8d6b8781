"""mindspore.boost gradient freezing: FreezeOpt (one optimizer copy per parameter group), GradientFreeze (splits a
network's parameters into groups and draws the per-step group sequence) and freeze_cell (one train cell per
group). Each step trains one group; the sequence is drawn with numpy's global generator, as MindSpore does."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.boost.base import ParameterProcess, _is_lars, build_recorded, init_record
from mindshim.boost.grad_accumulation import GradientAccumulation

CONTINUOUS_STRATEGY = 0
INTERVAL_STRATEGY = 1


def _prefix_local_state(opt: Cell, prefix: str) -> None:
    """MindSpore's Cell._update_local_parameters_name: the optimizer's own state (not the params it trains)."""
    trained = {id(p) for p in opt.parameters}
    for name, param in opt.parameters_and_names():
        if id(param) not in trained:
            param.name = prefix + name


class FreezeOpt(Cell):
    """FreezeOpt(opt, train_parameter_groups=None, train_strategy=None)."""

    def __init__(self, opt: Cell, train_parameter_groups: Any = None, train_strategy: Any = None) -> None:
        super().__init__()
        from mindshim.nn.optim import Optimizer
        if not isinstance(opt, Optimizer):
            raise TypeError(f"The first arg 'opt' must be an Optimizer instance, but got {type(opt)}")
        if train_strategy is not None and train_parameter_groups is None:
            raise ValueError("When the 'train_strategy' is specified, the value of 'train_parameter_groups' "
                             "must also be specified")
        self.is_lars = _is_lars(opt)
        inner = opt.opt if self.is_lars else opt
        self.opt_class = type(inner)
        _, self.opt_init_args, self.learning_rate = init_record(inner)
        if self.is_lars:
            self.lars_init_args = init_record(opt)[1]
        self.single_opt = inner
        self.parameters = inner.parameters
        self.dynamic_lr = inner.dynamic_lr
        self.opts = []
        if train_parameter_groups is None:
            self.groups_num = 1
            train_parameter_groups = (tuple(opt.parameters),)
        elif not isinstance(train_parameter_groups, (tuple, list)):
            raise TypeError("The specified 'train_parameter_groups' should be tuple or list")
        else:
            self.groups_num = len(train_parameter_groups)
        self._init_train_strategy(train_strategy)
        self._create_new_group_learning_rate()
        self.opt_index = 0
        for params in train_parameter_groups:
            if not isinstance(params, (tuple, list)):
                raise TypeError("The each element of 'train_parameter_groups' should be tuple or list "
                                "to store the Parameter")
            self.opts.append(self._generate_new_optimizer(params))
            self.opt_index += 1

    def _init_train_strategy(self, train_strategy: Any) -> None:
        if isinstance(train_strategy, (tuple, list)):
            if not all(isinstance(x, int) for x in train_strategy):
                raise ValueError("The element in train_strategy should be int number")
            self.train_strategy = Tensor(np.array(train_strategy, np.int32))
        elif isinstance(train_strategy, Tensor):
            if train_strategy.ndim != 1 or train_strategy.dtype != mstype.int32:
                raise ValueError("When train_strategy is a Tensor, the dimension should be 1 and "
                                 "the dtype should be int32")
            self.train_strategy = train_strategy
        elif train_strategy is None:
            self.train_strategy = None
        else:
            raise TypeError("The specified 'train_strategy' should be None, tuple, list or Tensor")

    def _create_new_group_learning_rate(self) -> None:
        self.dynamic_learning_rate = [[] for _ in range(self.groups_num)]
        if self.learning_rate is None:
            self.learning_rate = self.single_opt.learning_rate
            return
        if self.dynamic_lr and isinstance(self.learning_rate, list) and isinstance(self.train_strategy, Tensor):
            strategy = self.train_strategy.asnumpy().tolist()
            if len(self.learning_rate) <= len(strategy):
                for i, lr in enumerate(self.learning_rate):
                    self.dynamic_learning_rate[strategy[i]].append(lr)

    def _generate_new_optimizer(self, params: Any) -> Cell:
        lr = self.dynamic_learning_rate[self.opt_index] or self.learning_rate
        prefix = f"boost_{self.opt_index}"
        opt = build_recorded(self.opt_class, params, lr, self.opt_init_args)
        _prefix_local_state(opt, prefix)
        if self.is_lars:
            from mindshim.nn.optim import LARS
            opt = LARS(opt, **self.lars_init_args)
            _prefix_local_state(opt, prefix)
        return opt


class _TrainFreezeCell(Cell):
    """One group's train step: gradients of that group's parameters only, then its optimizer."""

    def __init__(self, net: Cell, sens: Any, grad: Any, grad_reducer: Any, use_grad_accumulation: bool,
                 optimizer: Cell, max_accumulation_step: int = 1) -> None:
        super().__init__(auto_prefix=False)
        self.net = net
        self.grad = grad
        self.grad_reducer = grad_reducer
        self.opt = optimizer
        self.parameters = optimizer.parameters
        self.sens = sens
        self.use_grad_accumulation = use_grad_accumulation
        self.max_accumulation_step = max_accumulation_step
        if use_grad_accumulation:  # MindSpore reads `self.optimizer` here, which this cell lacks: it raises
            self.grad_accumulation = GradientAccumulation(max_accumulation_step, self.optimizer)

    def construct(self, *inputs: Any) -> Any:
        loss = self.net(*inputs)
        sens = torch.full_like(loss, 1.0 if self.sens is None else self.sens)
        grads = self.grad_reducer(self.grad(self.net, self.parameters)(*inputs, sens))
        if self.use_grad_accumulation:
            return self.grad_accumulation(loss, grads)
        self.opt(grads)
        return loss


class GradientFreeze:
    """GradientFreeze(param_groups, freeze_type, freeze_p, total_steps)."""

    def __init__(self, param_groups: int, freeze_type: int, freeze_p: float, total_steps: int) -> None:
        from mindshim.nn import Identity
        self._param_groups = param_groups
        self._freeze_type = freeze_type
        self._freeze_p = freeze_p
        self._total_steps = total_steps
        self.grad_reducer = Identity()

    def split_parameters_groups(self, net: Cell, freeze_para_groups_number: int) -> list:
        """Blocks of >= 3 parameters (bn/bias ones join the current block); group i holds blocks i*stride.. on."""
        blocks, current = [], []
        for param in net.trainable_params():
            if "bn" in param.name or "bias" in param.name or len(current) < 3:
                current.append(param)
            else:
                blocks.append(current)
                current = [param]
        if current:
            blocks.append(current)
        stride = len(blocks) // freeze_para_groups_number
        return [sum(blocks[i * stride:], []) for i in range(freeze_para_groups_number)]

    def generate_freeze_index_sequence(self, parameter_groups_number: int, freeze_strategy: int, freeze_p: float,
                                       total_steps: int) -> list:
        total = int(total_steps * 1.01)
        if parameter_groups_number <= 1:
            return [0] * total
        if freeze_strategy == CONTINUOUS_STRATEGY:
            zeros = int(freeze_p * (parameter_groups_number - 1) // (1 - freeze_p) + 0.5)
            cycle = [0] * zeros + list(range(1, parameter_groups_number))
            sequence = []
            while len(sequence) < total:
                sequence += cycle
            return sequence
        if freeze_strategy == INTERVAL_STRATEGY:
            indexes = list(range(1, parameter_groups_number))
            prob = [x / sum(indexes) for x in indexes]
            sequence, zeros, frozen = [0], 1, 0
            while len(sequence) < total:
                if 1.0 * frozen / (zeros + frozen) < 1 - freeze_p:
                    sequence.append(int(np.random.choice(indexes[::-1], p=prob)))
                    frozen += 1
                else:
                    sequence.append(0)
                    zeros += 1
            return sequence
        raise ValueError(f"Unsupported freezing training strategy '{freeze_strategy}'")

    def freeze_generate(self, network: Cell, optimizer: Cell) -> tuple[Cell, Cell]:
        groups = self.split_parameters_groups(network, self._param_groups)
        origin = init_record(optimizer)[0]
        for i in range(self._param_groups):
            groups[i] = ParameterProcess.generate_group_params(groups[i], origin)
        strategy = self.generate_freeze_index_sequence(self._param_groups, self._freeze_type, self._freeze_p,
                                                       self._total_steps)
        return network, FreezeOpt(optimizer, groups, strategy)


def freeze_cell(reducer_flag: bool, network: Cell, optimizer: Cell, sens: Any, grad: Any,
                use_grad_accumulation: bool, mean: Any = None, degree: Any = None,
                max_accumulation_step: int = 1) -> tuple:
    """One _TrainFreezeCell per optimizer of `optimizer.opts` (a FreezeOpt)."""
    from mindshim.nn import Identity
    if reducer_flag:
        from mindshim.nn.wrap.grad_reducer import DistributedGradReducer
        process = ParameterProcess()
        reducers = [DistributedGradReducer(process.assign_parameter_group(opt.parameters), mean, degree)
                    for opt in optimizer.opts]
    else:
        reducers = [Identity() for _ in optimizer.opts]
    return tuple(_TrainFreezeCell(network, sens, grad, reducer, use_grad_accumulation, opt, max_accumulation_step)
                 for reducer, opt in zip(reducers, optimizer.opts))


__all__ = ["GradientFreeze", "FreezeOpt", "freeze_cell"]
