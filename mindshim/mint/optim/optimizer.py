"""The base of the torch-style `mint.optim` optimizers (MindSpore's `mindspore.experimental.optim.Optimizer`):
a Cell holding `param_groups` (dicts with the defaults filled in), a flat `parameters` ParameterTuple,
`group_start_id` offsets, and a float32 Parameter `learning_rate_group_<i>` per group as the group's 'lr'.
Subclasses update the Parameters in place under `torch.no_grad()` and return True, as MindSpore does."""
from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter, ParameterTuple
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell

_no_subclass = torch._C.DisableTorchFunctionSubclass


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_types(cls_name: str, checks: tuple) -> None:
    """MindSpore's check_value_type: TypeError unless each value is one of the types (bool is not int)."""
    for name, value, types in checks:
        ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
        if not ok:
            allowed = ", ".join(t.__name__ for t in types)
            raise TypeError(f"For '{cls_name}', the type of '{name}' must be '{allowed}', "
                            f"but got '{type(value).__name__}'.")


class Optimizer(Cell):
    """Optimizer(params, defaults): params is an iterable of Parameters or of param-group dicts."""

    updates_parameters_in_place = True  # the engine treats a region holding one as a training step

    def __init__(self, params: Any, defaults: dict) -> None:
        super().__init__(auto_prefix=False)
        groups = self._parameters_base_check(params, "params")
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups: list[dict] = []
        self.parameters = []
        self.lrs: list[Parameter] = []
        self.group_start_id = [0]
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)
        self.parameters = ParameterTuple(self.parameters)
        # what MindSpore's base gives subclasses written against it
        from mindshim.ops.composite import HyperMap, Map
        self.map_, self.hyper_map, self.enable_tuple_broaden = Map(), HyperMap(), True

    def _decay_weight(self, weight_decay: float, params: Any, gradients: Any) -> tuple:
        """MindSpore's helper for subclasses: each gradient plus weight_decay * its parameter."""
        if weight_decay == 0.0:
            return gradients
        return tuple(torch._foreach_add(list(gradients), list(params), alpha=weight_decay))

    def __repr__(self) -> str:
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    value = group[key].value() if key == "lr" and isinstance(group[key], Parameter) else group[key]
                    text += f"    {key}: {str(value)}\n"  # str: a 0-d Tensor prints as MindSpore shows it
        return text + ")"

    @staticmethod
    def _parameters_base_check(parameters: Any, what: str) -> list:
        if parameters is None:
            raise ValueError(f"For 'Optimizer', the argument {what} can not be None.")
        if not isinstance(parameters, Iterable):
            raise TypeError(f"For 'Optimizer', the argument {what} must be Iterable type, but got "
                            f"{type(parameters)}.")
        parameters = list(parameters)
        if not parameters:
            raise ValueError(f"For 'Optimizer', the argument {what} must not be empty.")
        return parameters

    def add_param_group(self, param_group: dict) -> None:
        group_id = len(self.param_groups)
        param_group = self._preprocess_param_group(param_group)
        self.parameters += tuple(param_group["params"])
        for name, default in self.defaults.items():
            param_group.setdefault(name, default)
        lr = self._build_single_lr(param_group.get("lr"), f"learning_rate_group_{group_id}")
        weight_decay = self._preprocess_weight_decay(param_group.get("weight_decay", 0.0))
        self.lrs.append(lr)
        param_group["lr"] = lr
        param_group["weight_decay"] = weight_decay
        if param_group.get("amsgrad") and hasattr(self, "max_v_group"):
            items = ParameterTuple(tuple(param_group["params"]))
            param_group["max_exp_avg_sq"] = items.clone(prefix="max_exp_avg_sq", init="zeros")
        self.param_groups.append(param_group)
        self.group_start_id.append(self.group_start_id[-1] + len(param_group["params"]))

    def _preprocess_param_group(self, param_group: Any) -> dict:
        if not isinstance(param_group, dict):
            raise TypeError("Param group must be a dict.")
        params = param_group["params"]
        if isinstance(params, Parameter):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("Optimizer parameters need to be organized in ordered collections, but the ordering "
                            "of tensors in sets will change between runs. Please use a list instead.")
        else:
            param_group["params"] = list(params)
        for p in param_group["params"]:
            if not isinstance(p, Parameter):
                raise TypeError(f"Optimizer can only optimize Parameters, but one of the params is {type(p)}")
        ids = [id(p) for p in param_group["params"]]
        if len(ids) != len(set(ids)):
            logging.getLogger("mindshim").warning("Optimizer contains a parameter group with duplicate parameters.")
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        if seen & set(ids):
            raise ValueError("some parameters appear in more than one parameter group.")
        return param_group

    def _build_single_lr(self, learning_rate: Any, name: str) -> Parameter:
        if _is_num(learning_rate):
            learning_rate = float(learning_rate)
            if learning_rate < 0:
                raise ValueError(f"For '{self.cls_name}', the 'learning rate' must be >= 0, but got {learning_rate}.")
            return Parameter(Tensor(learning_rate, mstype.float32), name)
        if isinstance(learning_rate, torch.Tensor):
            if learning_rate.ndim == 0:
                return Parameter(Tensor(learning_rate).astype(mstype.float32), name)
            raise ValueError("For 'Optimizer', if 'learning_rate' is a Tensor, then it should be scalar Tensor")
        raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be int, float or Tensor, but got "
                        f"{type(learning_rate)}.")

    def _preprocess_weight_decay(self, weight_decay: Any) -> float:
        if not _is_num(weight_decay):
            raise TypeError(f"For 'Optimizer', the argument 'Weight_decay' must be int or float.but got "
                            f"{type(weight_decay)}")
        weight_decay = float(weight_decay)
        if weight_decay < 0:
            raise ValueError(f"For '{self.cls_name}', the 'weight_decay' must be >= 0, but got {weight_decay}.")
        return weight_decay

    def _group_slices(self):
        """(group, its parameters) per group."""
        for gid, group in enumerate(self.param_groups):
            yield group, self.group_start_id[gid], self.group_start_id[gid + 1]

    def construct(self, *hyper_params: Any) -> Any:
        raise NotImplementedError


__all__ = ["Optimizer"]
