"""nn.Optimizer's parameter groups: `[{'params': ..., 'lr': ..., 'weight_decay': ..., 'grad_centralization': ...},
{'order_params': ...}]` checked, parsed and flattened into per-parameter learning rates, decays and flags (MindSpore's
rules and errors). A mixin of `Optimizer`, which owns the attributes these methods fill."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import torch

from mindshim.common.parameter import Parameter

_GROUP_KEYS = ("params", "lr", "weight_decay", "order_params", "grad_centralization")


def parameters_base_check(parameters: Any, what: str) -> list:
    if parameters is None:
        raise ValueError(f"For 'Optimizer', the argument {what} can not be None.")
    if not isinstance(parameters, Iterable):
        raise TypeError(f"For 'Optimizer', the argument {what} must be Iterable type, but got {type(parameters)}.")
    parameters = list(parameters)
    if not parameters:
        raise ValueError(f"For 'Optimizer', the argument {what} must not be empty.")
    return parameters


class ParamGroups:
    def _check_group_params(self, parameters: list) -> None:
        for group in parameters:
            invalid = [k for k in group if k not in _GROUP_KEYS]
            if invalid:
                raise KeyError(f"For 'Optimizer', the key in group params must be one of in {list(_GROUP_KEYS)}, "
                               f"but got {invalid}.")
            if "order_params" in group:
                if len(group) > 1:
                    raise ValueError(f"For 'Optimizer', the order params dict in group parameters should only "
                                     f"include the 'order_params' key, but got {group.keys()}.")
                if not isinstance(group["order_params"], Iterable):
                    raise TypeError("For 'Optimizer', the value of 'order_params' in group parameters should be "
                                    f"Iterable type, but got {type(group['order_params'])}.")
                continue
            for i, p in enumerate(parameters_base_check(group["params"], "group `params`")):
                if not isinstance(p, Parameter):
                    raise TypeError(f"For 'Optimizer', the element in group parameters must be Parameter type, "
                                    f"but got {type(p)} at index {i}.")

    def _parse_group_params(self, parameters: list, learning_rate: Any) -> None:
        self._check_group_params(parameters)
        tensor_lr_length = learning_rate.numel() if isinstance(learning_rate, torch.Tensor) \
            and learning_rate.dim() == 1 else 0
        for group in parameters:
            if "order_params" in group:
                self.is_group_params_ordered = True
                continue
            if "lr" in group:
                self.is_group_lr = True
                group_lr = self._preprocess_single_lr(group["lr"])
                if isinstance(group_lr, torch.Tensor) and group_lr.dim() == 1:
                    if tensor_lr_length == 0:
                        tensor_lr_length = group_lr.numel()
                    elif group_lr.numel() != tensor_lr_length:
                        raise ValueError("For 'Optimizer', the Tensor type dynamic learning rate in group must be "
                                         "the same size as the argument 'learning_rate'.")

    def _init_group_params(self, parameters: list, learning_rate: Any, weight_decay: Any) -> None:
        self._parse_group_params(parameters, learning_rate)
        default_lr = self._build_single_lr(learning_rate, "learning_rate")
        seen, ordered = set(), []
        for num, group in enumerate(parameters):
            if "order_params" in group:
                ordered = list(group["order_params"])
                continue
            params = list(group["params"])
            self.group_params += params
            if "lr" in group:
                lr = self._build_single_lr(self._preprocess_single_lr(group["lr"]), f"learning_rate_group_{num}")
            else:
                lr = default_lr
            wd = self._preprocess_weight_decay(group.get("weight_decay", weight_decay))
            gc = group.get("grad_centralization", False)
            if not isinstance(gc, bool):
                raise TypeError(f"For 'Optimizer', the 'gradients_centralization' must be bool type, but got "
                                f"{type(gc)}.")
            self.grad_centralization = self.grad_centralization or gc
            for p in params:
                if p.name in seen:
                    raise RuntimeError(f"For 'Optimizer', the {p.name} parameter already exists, it does not support "
                                       f"repeated setting. Please check whether the optimizer parameter has been set "
                                       f"multiple times.")
                seen.add(p.name)
                self.group_lr.append(lr)
                self.group_weight_decay.append(wd)
                self.group_grad_centralization.append(gc)
        if self.is_group_params_ordered and ordered:
            self._order_group_params(ordered)

    def _order_group_params(self, ordered: list) -> None:
        if len(ordered) != len(self.group_params):
            raise ValueError(f"For 'Optimizer',the length of order parameters must be the same as the length of "
                             f"group parameters, but got order parameters' length {len(ordered)}, group parameters' "
                             f"length {len(self.group_params)}.")
        names = [p.name for p in ordered]
        slots = [None] * len(ordered)
        for entry in zip(self.group_params, self.group_lr, self.group_weight_decay, self.group_grad_centralization):
            slots[names.index(entry[0].name)] = entry
        self.group_params, self.group_lr, self.group_weight_decay, self.group_grad_centralization = (
            list(x) for x in zip(*slots))
