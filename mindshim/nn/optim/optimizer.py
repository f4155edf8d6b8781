"""mindspore.nn.Optimizer: the base of every optimizer Cell.

Mapping decisions (MindSpore 2.10's, verified by `tests/parity/cases/nn_optim*.py`):
- State is Parameters with MindSpore's names and order: `global_step` (int32, shape (1,)), the
  learning rate (`learning_rate`, or `learning_rate_group_<i>` per group with its own 'lr'; a schedule
  Cell when the rate is dynamic), the network's parameters under their own names, then the
  subclass's state (`moments.<param>`, ...).
- Weight decay is added to the gradient (`grad + wd * param`) before unscaling, with `wd` already
  multiplied by `loss_scale` (so the net effect is `grad / loss_scale + wd * param`). Without groups
  it skips parameters whose name contains "beta" or "gamma"; with groups it applies to every
  parameter of a group whose weight decay is > 0 (or a Cell: dynamic weight decay, called with
  `global_step`).
- `loss_scale` multiplies gradients by float32(1 / loss_scale), as MindSpore does.
- Gradient centralization (groups with 'grad_centralization': True) subtracts the mean over all but
  the first axis from gradients of rank >= 2 whose second dimension is a multiple of 16. MindSpore's
  CPU backend has no kernel for it (it raises); this is the GPU/Ascend behaviour.
- A list, tuple or 1-D Tensor learning rate is indexed by `global_step` (past its end: RuntimeError);
  a `LearningRateSchedule` is called with `global_step`; a 0-D Tensor is a fixed rate.
- `construct(gradients)` updates the same Parameter objects in place under `torch.no_grad()` with
  tensor-subclass dispatch off (torch `_foreach_*` kernels where they fit), advances `global_step`
  and returns a tuple of True, one per parameter, as MindSpore's hyper-map does.
- A user subclass that writes its own `construct` finds MindSpore's helpers: `decay_weight`,
  `gradients_centralization`, `scale_grad`, `get_lr`, `assignadd`, `global_step_increase_tensor`,
  `map_`, `hyper_map`, and `self._parameters` (iterated, indexed and measured it is the ParameterTuple of
  `self.parameters`; torch's Module still finds its name mapping there, see `_param_view.py`).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import torch

from mindshim.common.parameter import Parameter, ParameterTuple
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.nn.optim._init_args import opt_init_args_register, register_builtin  # noqa: F401 - its MindSpore path
from mindshim.nn.optim._param_groups import ParamGroups, parameters_base_check
from mindshim.nn.optim._param_view import OptimizerParameters
# (re-exported: the update rules import them from here)
from mindshim.nn.optim._rate_groups import pick, rate_groups, sub_scaled  # noqa: F401
from mindshim.nn.learning_rate_schedule import (
    LearningRateSchedule, _ConvertToCell, _IteratorLearningRate, check_step_in_range,
)

_no_subclass = torch._C.DisableTorchFunctionSubclass


def _is_float(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class _WrappedWeightDecay(Cell):
    """A weight-decay Cell scaled by loss_scale, called with global_step."""

    def __init__(self, weight_decay: Cell, loss_scale: float = 1.0) -> None:
        super().__init__()
        self.weight_decay = weight_decay
        self.loss_scale = loss_scale

    def construct(self, global_step):
        return self.weight_decay(global_step) * self.loss_scale


class Optimizer(ParamGroups, Cell):
    """nn.Optimizer(learning_rate, parameters, weight_decay=0.0, loss_scale=1.0)."""

    updates_parameters_in_place = True  # the engine treats a region holding one as a training step

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        register_builtin(cls)

    def __init__(self, learning_rate: Any, parameters: Any, weight_decay: Any = 0.0, loss_scale: float = 1.0) -> None:
        super().__init__(auto_prefix=False)
        self.__dict__["_parameters"] = OptimizerParameters(self.__dict__["_parameters"])
        parameters = parameters_base_check(parameters, "parameters")
        if not (all(isinstance(p, Parameter) for p in parameters) or all(isinstance(p, dict) for p in parameters)):
            raise TypeError("For 'Optimizer', all elements of the argument 'parameters' must be 'Parameter' or "
                            "'dict', please check the 'parameters'.")
        if isinstance(loss_scale, int) and not isinstance(loss_scale, bool):
            loss_scale = float(loss_scale)
        if not isinstance(loss_scale, float):
            raise TypeError(f"For '{self.cls_name}', the type of 'loss_scale' should be 'float', "
                            f"but got type '{type(loss_scale).__name__}'.")
        if loss_scale <= 0:
            raise ValueError(f"For '{self.cls_name}', the 'loss_scale' must be float and must > 0, but got "
                             f"'{loss_scale}'.")
        self.loss_scale = loss_scale
        self.dynamic_weight_decay = False
        self.grad_centralization = False
        self.dynamic_lr = False
        self.global_step = Parameter(Tensor(np.zeros((1,), np.int32)), name="global_step")
        self.is_group = self.is_group_lr = self.is_group_params_ordered = False
        learning_rate = self._preprocess_single_lr(learning_rate)
        if isinstance(parameters[0], dict):
            self.is_group = True
            self.group_params, self.group_lr, self.group_weight_decay, self.group_grad_centralization = [], [], [], []
            self._init_group_params(parameters, learning_rate, weight_decay)
        self._init_opt_attrs(learning_rate, parameters, weight_decay)
        self.__dict__["_parameters"].optimized = self.parameters

    @property
    def cls_name(self) -> str:
        return type(self).__name__

    # ----- construction -----
    def _init_opt_attrs(self, learning_rate: Any, parameters: list, weight_decay: Any) -> None:
        weight_decay = self._preprocess_weight_decay(weight_decay)
        if self.is_group_lr:
            if self.dynamic_lr:
                from mindshim.nn.layer.container import CellList
                self.learning_rate = CellList(self.group_lr, auto_prefix=False)
            else:  # one entry per parameter; MindSpore's ParameterTuple keeps the repeats
                self.learning_rate = tuple.__new__(ParameterTuple, self.group_lr)
        else:
            self.learning_rate = self._build_single_lr(learning_rate, "learning_rate")
        if self.is_group:
            self.parameters = ParameterTuple(self.group_params)
            self.decay_flags = tuple(isinstance(x, Cell) or x > 0 for x in self.group_weight_decay)
            self.dynamic_decay_flags = tuple(isinstance(x, Cell) for x in self.group_weight_decay)
            self.weight_decay = tuple(x if isinstance(x, Cell) else Tensor(np.float32(x))
                                      for x in self.group_weight_decay)
            self.exec_weight_decay = any(self.decay_flags)
            self.grad_centralization_flags = tuple(self.group_grad_centralization)
            decays = self.group_weight_decay
        else:
            self.parameters = ParameterTuple(parameters)
            self.decay_flags = tuple("beta" not in p.name and "gamma" not in p.name for p in self.parameters)
            self.dynamic_decay_flags = isinstance(weight_decay, Cell)
            self.exec_weight_decay = isinstance(weight_decay, Cell) or weight_decay > 0
            self.weight_decay = weight_decay if isinstance(weight_decay, Cell) else Tensor(np.float32(weight_decay))
            decays = [weight_decay] * len(self.parameters)
            self.grad_centralization_flags = (False,) * len(self.parameters)
        # per-parameter decay actually applied: 0.0, a float, or a Cell evaluated each step
        self._decays = [d if flag else 0.0 for d, flag in zip(decays, self.decay_flags)]
        self._gc_index = [i for i, (flag, p) in enumerate(zip(self.grad_centralization_flags, self.parameters))
                          if flag and p.dim() >= 2 and p.shape[1] % 16 == 0]
        self.reciprocal_scale = float(np.float32(1.0 / self.loss_scale))
        self.need_scale = self.loss_scale != 1.0
        self.param_length = len(self.parameters)
        self.optim_filter = (True,) * self.param_length
        self.use_parallel = False
        self._success = (True,) * self.param_length
        self._init_helpers()

    def _init_helpers(self) -> None:
        from mindshim.ops.composite.base import HyperMap, Map
        from mindshim.ops.operations import AssignAdd
        self.assignadd = AssignAdd()
        self.global_step_increase_tensor = Tensor(np.array([1], np.int32))
        self.map_, self.map_reverse = Map(), Map(None, True)
        self.hyper_map, self.hyper_map_reverse = HyperMap(), HyperMap(None, True)

    def _preprocess_weight_decay(self, weight_decay: Any) -> Any:
        if _is_float(weight_decay) or isinstance(weight_decay, bool):
            weight_decay = float(weight_decay)
            if weight_decay < 0:
                raise ValueError(f"For '{self.cls_name}', the 'weight_decay' must be float and must >= 0, "
                                 f"but got '{weight_decay}'.")
            return weight_decay * self.loss_scale
        if isinstance(weight_decay, Cell):
            self.dynamic_weight_decay = True
            return _WrappedWeightDecay(weight_decay, self.loss_scale)
        raise TypeError(f"For 'Optimizer', the argument 'Weight_decay' must be int, float or Cell.but got "
                        f"{type(weight_decay)}")

    def _preprocess_single_lr(self, learning_rate: Any) -> Any:
        if isinstance(learning_rate, (int, float)):
            learning_rate = float(learning_rate)
            if learning_rate < 0:
                raise ValueError(f"For '{self.cls_name}', the 'learning rate' must be float and must >= 0, "
                                 f"but got '{learning_rate}'.")
            return learning_rate
        if isinstance(learning_rate, torch.Tensor) and learning_rate.dim() == 0:
            return torch.Tensor.to(learning_rate.detach(), torch.float32).as_subclass(Tensor)
        self.dynamic_lr = True
        if isinstance(learning_rate, LearningRateSchedule):
            return learning_rate
        if isinstance(learning_rate, torch.Tensor):
            if learning_rate.dim() > 1:
                raise ValueError(f"For 'Optimizer', if 'learning_rate' is Tensor type, then the dimension of it "
                                 f"should be 0 or 1, but got {learning_rate.dim()}.")
            return torch.Tensor.to(learning_rate.detach(), torch.float32).as_subclass(Tensor)
        if isinstance(learning_rate, Iterable):
            return Tensor(np.array(list(learning_rate)).astype(np.float32))
        raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be int, float, Tensor, Iterable or "
                        f"LearningRateSchedule, but got {type(learning_rate)}.")

    def _build_single_lr(self, learning_rate: Any, name: str) -> Any:
        if isinstance(learning_rate, float):
            learning_rate = Tensor(np.float32(learning_rate))
        if isinstance(learning_rate, torch.Tensor) and learning_rate.dim() == 0:
            lr = Parameter(learning_rate, name=name)
            return _ConvertToCell(lr) if self.is_group_lr and self.dynamic_lr else lr
        if isinstance(learning_rate, torch.Tensor) and learning_rate.dim() == 1:
            return _IteratorLearningRate(learning_rate, name)
        return learning_rate

    @property
    def params(self) -> ParameterTuple:
        return self.parameters

    @property
    def unique(self) -> bool:
        return True

    def _ms_before_compiled_call(self) -> None:
        """The engine calls this before each compiled step that holds this optimizer: a list learning rate's
        bound is checked on the host (inside a graph it would be a device assert, fatal to a CUDA process).
        The host counts the steps it launched; the device's global_step is read only at the first step and
        when the count reaches the end (a skipped loss-scale step does not advance the device's count)."""
        rates = self.learning_rate
        cached = self.__dict__.get("_ms_lr_bound")
        if cached is None or cached[0] is not rates:  # once per learning-rate object: this runs every step
            lists = [lr.learning_rate.numel() for lr in (rates if self.is_group_lr else (rates,))
                     if isinstance(lr, _IteratorLearningRate)]
            cached = self.__dict__["_ms_lr_bound"] = (rates, min(lists) if lists else None)
        bound = cached[1]
        if bound is None:
            return
        step = self.__dict__.get("_ms_host_step")
        if step is None or step >= bound:
            step = int(self.global_step.reshape(-1)[0])
        check_step_in_range(step, bound)
        self.__dict__["_ms_host_step"] = step + 1

    # ----- the pieces every update composes -----
    def get_lr(self) -> Any:
        """The learning rate of the current step (a tuple, one per parameter, with group rates)."""
        lr = self.learning_rate
        if self.dynamic_lr:
            if self.is_group_lr:
                cache: dict[int, Any] = {}
                return tuple(cache.setdefault(id(c), c(self.global_step).reshape(())) for c in lr)
            return lr(self.global_step).reshape(())
        return lr

    def get_lr_parameter(self, param: Any) -> Any:
        if isinstance(param, Parameter):
            param_list = [param]
        elif isinstance(param, list):
            param_list = param
        else:
            raise TypeError(f"For 'get_lr_parameter', the 'param' must be 'Parameter' or 'list' type, "
                            f"but got {type(param)}.")
        ids = [id(p) for p in self.parameters]
        out = []
        for p in param_list:
            if not isinstance(p, Parameter):
                raise TypeError(f"For '{self.cls_name}', the type of 'parameter' should be 'Parameter', "
                                f"but got type '{type(p).__name__}'.")
            if id(p) not in ids:
                raise ValueError(f"For 'get_lr_parameter', the parameter {p.name} is not in optimizer, please "
                                 f"check whether the argument 'param' is correct.")
            lr = self.learning_rate[ids.index(id(p))] if self.is_group_lr else self.learning_rate
            out.append(lr.learning_rate if isinstance(lr, (_ConvertToCell, _IteratorLearningRate)) else lr)
        return out if isinstance(param, list) else out[0]

    def get_weight_decay(self) -> Any:
        if self.dynamic_weight_decay:
            if self.is_group:
                return tuple(w(self.global_step) if flag else w
                             for w, flag in zip(self.weight_decay, self.dynamic_decay_flags))
            return self.weight_decay(self.global_step)
        return self.weight_decay

    def _current_decays(self) -> list:
        if not self.dynamic_weight_decay:
            return self._decays
        cache: dict[int, Any] = {}
        return [cache.setdefault(id(d), d(self.global_step)) if isinstance(d, Cell) else d for d in self._decays]

    def decay_weight(self, gradients: tuple) -> tuple:
        if not self.exec_weight_decay:
            return gradients
        with torch.no_grad(), _no_subclass():
            out = list(gradients)
            for i, (p, wd) in enumerate(zip(self.parameters, self._current_decays())):
                if isinstance(wd, torch.Tensor):
                    out[i] = out[i] + p * wd.to(p.dtype)
                elif wd:
                    out[i] = out[i] + p * wd
        return tuple(out)

    def gradients_centralization(self, gradients: tuple) -> tuple:
        if not self._gc_index:
            return gradients
        with torch.no_grad(), _no_subclass():
            out = list(gradients)
            for i in self._gc_index:
                g = out[i]
                out[i] = g - g.mean(dim=tuple(range(1, g.dim())), keepdim=True)
        return tuple(out)

    def scale_grad(self, gradients: tuple) -> tuple:
        if not self.need_scale:
            return gradients
        with torch.no_grad(), _no_subclass():
            return tuple(torch._foreach_mul(list(gradients), self.reciprocal_scale))

    def flatten_gradients(self, gradients: tuple) -> tuple:
        return gradients

    def broadcast_params(self, optim_result: Any) -> Any:
        return optim_result

    # ----- the update -----
    def _prepare(self, gradients: Any) -> tuple[list, Any]:
        """Shared start of every built-in update: decay, centralise, unscale, fetch lr, advance global_step."""
        grads = tuple(gradients)
        if len(grads) != self.param_length:
            raise ValueError(f"For '{self.cls_name}', got {len(grads)} gradients for {self.param_length} "
                             f"parameters.")
        grads = self.scale_grad(self.gradients_centralization(self.decay_weight(grads)))
        lr = self.get_lr()
        self.global_step.add_(1)
        return list(grads), lr

    def construct(self, gradients: Any) -> Any:
        with torch.no_grad(), _no_subclass():
            grads, lr = self._prepare(gradients)
            self._apply(list(self.parameters), grads, lr)
        return self._success

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        raise NotImplementedError(f"For '{self.cls_name}', the update rule is not defined.")

    def _per_param_lr(self, lr: Any, n: int) -> list:
        return list(lr) if isinstance(lr, tuple) else [lr] * n

    def _scratch(self, count: int) -> list[list[torch.Tensor]] | None:
        """`count` lists of plain buffers shaped like the parameters, kept between steps, for an eager CPU update:
        there a fresh temporary the size of the model costs more than the arithmetic (each large allocation goes
        back to the OS when freed and faults its pages in again). None when compiling or off the CPU, where
        functional temporaries are what the compiler and the caching allocator want."""
        params = self.parameters
        if torch.compiler.is_compiling() or not params or params[0].device.type != "cpu":
            return None
        bufs = self.__dict__.get("_ms_scratch")
        with _no_subclass():
            if bufs is None or len(bufs) < count or [(b.shape, b.dtype) for b in bufs[0]] != [
                    (p.shape, p.dtype) for p in params]:
                bufs = [[torch.empty_like(p).as_subclass(torch.Tensor) for p in params] for _ in range(count)]
                self.__dict__["_ms_scratch"] = bufs
        return bufs


def state_like(params: Iterable[Parameter], prefix: str, init: Any = "zeros") -> ParameterTuple:
    """Optimizer state named `<prefix>.<param name>`, shaped like each parameter; `init` may be a number."""
    if _is_float(init):
        out = ParameterTuple(params).clone(prefix=prefix, init="zeros")
        with torch.no_grad():
            for p in out:
                torch.Tensor.fill_(p, float(init))
        return out
    return ParameterTuple(params).clone(prefix=prefix, init=init)


def scalar_param(value: float, name: str) -> Parameter:
    return Parameter(Tensor(np.array(value, dtype=np.float32)), name=name)


__all__ = ["Optimizer"]
