"""mindspore.nn.Optimizer: the base of every optimizer Cell.

Mapping decisions (MindSpore 2.10's, verified by parity cases):
- State is Parameters with MindSpore's names and order: `global_step` (int32, shape (1,)),
  `learning_rate` (float32 scalar; a schedule Cell when the rate is dynamic), the network's
  parameters (registered under their own names), then the subclass's state (`moments.<param>`, ...).
- `weight_decay` is added to the gradient (`grad + wd * param`) for parameters whose name contains
  neither "beta" nor "gamma" (MindSpore's default decay filter); `loss_scale` divides gradients.
- A list or 1-D Tensor learning rate is indexed by `global_step` (past its end: RuntimeError); a
  `LearningRateSchedule` is called with `global_step`.
- Updates run in place on the same Parameter objects under `torch.no_grad()` with tensor-subclass
  dispatch off, using torch's `_foreach_*` kernels where they fit.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter, ParameterTuple
from mindshim.common.tensor import Tensor, wrap
from mindshim.nn.cell import Cell
from mindshim.nn.learning_rate_schedule import LearningRateSchedule, _IteratorLearningRate

_no_subclass = torch._C.DisableTorchFunctionSubclass


def _default_decay_filter(p: Parameter) -> bool:
    return "beta" not in p.name and "gamma" not in p.name


def _lr_value(learning_rate: Any, cls_name: str, name: str = "learning_rate") -> Any:
    """A fixed rate becomes a float; a dynamic one becomes a schedule Cell."""
    if isinstance(learning_rate, LearningRateSchedule):
        return learning_rate
    if isinstance(learning_rate, bool):
        raise TypeError(f"For '{cls_name}', the 'learning_rate' cannot be bool.")
    if isinstance(learning_rate, (int, float)):
        if learning_rate < 0:
            raise ValueError(f"For '{cls_name}', the 'learning_rate' must be >= 0, but got {learning_rate}.")
        return float(learning_rate)
    if isinstance(learning_rate, (list, tuple)):
        return _IteratorLearningRate(torch.tensor([float(v) for v in learning_rate]), name)
    if isinstance(learning_rate, torch.Tensor):
        if learning_rate.dim() == 0:
            return float(learning_rate)
        if learning_rate.dim() == 1:
            return _IteratorLearningRate(learning_rate.detach().as_subclass(torch.Tensor).clone(), name)
        raise ValueError(f"For '{cls_name}', a Tensor 'learning_rate' must be 0-D or 1-D.")
    raise TypeError(f"For '{cls_name}', the 'learning_rate' must be float, list, Tensor or LearningRateSchedule, "
                    f"but got {type(learning_rate).__name__}.")


class Optimizer(Cell):
    """nn.Optimizer(learning_rate, parameters, weight_decay=0.0, loss_scale=1.0)."""

    def __init__(self, learning_rate: Any, parameters: Iterable, weight_decay: float = 0.0,
                 loss_scale: float = 1.0) -> None:
        super().__init__(auto_prefix=False)
        parameters = list(parameters) if parameters is not None else []
        name = type(self).__name__
        if not parameters:
            raise ValueError(f"For '{name}', the argument 'parameters' must not be empty.")
        if not (all(isinstance(p, Parameter) for p in parameters) or all(isinstance(p, dict) for p in parameters)):
            raise TypeError(f"For '{name}', all elements of the argument 'parameters' must be 'Parameter' or 'dict'.")
        if isinstance(loss_scale, bool) or not isinstance(loss_scale, (int, float)) or loss_scale <= 0:
            raise ValueError(f"For '{name}', the 'loss_scale' must be a positive float, but got {loss_scale!r}.")
        self.loss_scale = float(loss_scale)
        self.global_step = Parameter(Tensor(np.zeros((1,), np.int32)), name="global_step")
        self.is_group = isinstance(parameters[0], dict)
        groups = self._groups(parameters, learning_rate, weight_decay)
        params = [p for g in groups for p in g["params"]]
        self.is_group_lr = self.is_group and any("lr" in g for g in groups)
        lrs = [_lr_value(g.get("lr", learning_rate), name, f"learning_rate_group_{i}" if "lr" in g else "learning_rate")
               for i, g in enumerate(groups)]
        self.dynamic_lr = any(isinstance(lr, Cell) for lr in lrs)
        if self.is_group_lr:
            self._group_lrs = _group_lr_cells(lrs, groups, learning_rate, name)
            for i, lr in enumerate(self._group_lrs):
                setattr(self, f"_group_lr_{i}" if isinstance(lr, Cell) else lr.name, lr)
        elif self.dynamic_lr:
            self.learning_rate = lrs[0]
        else:
            self.learning_rate = Parameter(Tensor(np.float32(lrs[0])), name="learning_rate")
        self.parameters = ParameterTuple(params)
        self._group_index = [i for i, g in enumerate(groups) for _ in g["params"]]
        self.group_weight_decay = [float(g.get("weight_decay", weight_decay)) for g in groups]
        self.weight_decay = self.group_weight_decay[0] if not self.is_group else tuple(
            self.group_weight_decay[i] for i in self._group_index)
        self.decay_flags = tuple(_default_decay_filter(p) for p in params)
        self.exec_weight_decay = any(wd > 0 for wd in self.group_weight_decay)
        self.grad_centralization = any(g.get("grad_centralization", False) for g in groups)
        self._plain_lr = None

    # ----- parameter groups -----
    def _groups(self, parameters: list, learning_rate: Any, weight_decay: float) -> list[dict]:
        if not self.is_group:
            return [{"params": parameters}]
        groups, order = [], None
        for g in parameters:
            if "order_params" in g:
                order = list(g["order_params"])
                continue
            params = list(g["params"])
            if not params or not all(isinstance(p, Parameter) for p in params):
                raise TypeError(f"For '{type(self).__name__}', each group's 'params' must be a non-empty list "
                                f"of Parameter.")
            groups.append({**g, "params": params})
        if order is not None:
            rank = {id(p): i for i, p in enumerate(order)}
            flat = sorted(((p, gi) for gi, g in enumerate(groups) for p in g["params"]), key=lambda t: rank[id(t[0])])
            regrouped = [dict(g, params=[]) for g in groups]
            for p, gi in flat:
                regrouped[gi]["params"].append(p)
            groups = [g for g in regrouped if g["params"]]
        return groups

    @property
    def params(self) -> ParameterTuple:
        return self.parameters

    # ----- the pieces subclasses compose -----
    def get_lr(self):
        """The learning rate of the current step (a tuple per parameter with group rates)."""
        if self.is_group_lr:
            return tuple(self._group_value(self._group_lrs[i]) for i in self._group_index)
        if self.dynamic_lr:
            return wrap(self.learning_rate(self.global_step).reshape(()))
        return self.learning_rate

    def _group_value(self, lr: Any):
        if isinstance(lr, Cell):
            return lr(self.global_step).reshape(())
        return lr

    def get_lr_parameter(self, param: Any):
        if not self.is_group_lr:
            return self.learning_rate
        lrs = [self._group_lrs[self._group_index[i]] for i, p in enumerate(self.parameters) if p is param]
        return lrs[0] if lrs else None

    def get_weight_decay(self):
        return self.weight_decay

    def decay_weight(self, gradients: tuple) -> tuple:
        if not self.exec_weight_decay:
            return gradients
        out = []
        for i, (p, g, flag) in enumerate(zip(self.parameters, gradients, self.decay_flags)):
            wd = self.group_weight_decay[self._group_index[i]]
            out.append(g + wd * p if flag and wd > 0 else g)
        return tuple(out)

    def gradients_centralization(self, gradients: tuple) -> tuple:
        return gradients

    def scale_grad(self, gradients: tuple) -> tuple:
        if self.loss_scale == 1.0:
            return gradients
        return tuple(torch._foreach_div(list(gradients), self.loss_scale))

    def _prepare(self, gradients: Any) -> tuple[list, Any]:
        """Shared start of every update: decay, centralise, unscale, fetch lr, advance global_step."""
        grads = tuple(gradients)
        if len(grads) != len(self.parameters):
            raise ValueError(f"For '{type(self).__name__}', got {len(grads)} gradients for "
                             f"{len(self.parameters)} parameters.")
        grads = self.scale_grad(self.gradients_centralization(self.decay_weight(grads)))
        lr = self.get_lr()
        self.global_step.add_(1)
        return list(grads), lr

    def construct(self, gradients: Any) -> Any:
        with torch.no_grad(), _no_subclass():
            grads, lr = self._prepare(gradients)
            self._apply(list(self.parameters), grads, lr)
        return True

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        raise NotImplementedError(f"For '{type(self).__name__}', the update rule is not defined.")

    def _per_param_lr(self, lr: Any, n: int) -> list:
        return list(lr) if isinstance(lr, tuple) else [lr] * n

    def broadcast_params(self, optim_result: Any) -> Any:
        return optim_result


def _group_lr_cells(lrs: list, groups: list, default: Any, cls_name: str) -> list:
    """Group learning rates as MindSpore records them: a group with its own 'lr' gets a Parameter
    'learning_rate_group_<i>'; groups without one share the single 'learning_rate' Parameter."""
    shared = None
    out = []
    for i, (lr, g) in enumerate(zip(lrs, groups)):
        if isinstance(lr, Cell):
            out.append(lr)
        elif "lr" in g:
            out.append(Parameter(Tensor(np.float32(lr)), name=f"learning_rate_group_{i}"))
        else:
            shared = shared or Parameter(Tensor(np.float32(lr)), name="learning_rate")
            out.append(shared)
    return out


def state_like(params: Iterable[Parameter], prefix: str, init: str = "zeros") -> ParameterTuple:
    """Optimizer state named `<prefix>.<param name>`, shaped like each parameter (float32)."""
    return ParameterTuple(params).clone(prefix=prefix, init=init)


def scalar_param(value: float, name: str, dtype=mstype.float32) -> Parameter:
    return Parameter(Tensor(np.array(value, dtype=mstype.dtype_to_nptype(dtype))), name=name)


__all__ = ["Optimizer"]
