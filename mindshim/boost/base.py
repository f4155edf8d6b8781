"""mindspore.boost.base: OptimizerProcess (rebuilds an optimizer over new parameter groups, optionally with gradient
centralization) and ParameterProcess (gradient fusion groups, re-grouping a network's parameters like an optimizer's
original groups).

MindSpore's optimizers record the arguments they were built with (`init_params`, `init_args`,
`init_learning_rate`); `init_record` reads those, or rebuilds them from the optimizer's signature and attributes
when the optimizer does not carry them.
"""
from __future__ import annotations

import copy
import inspect
import os
from typing import Any

import numpy as np

from mindshim import log as logger
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell

_SKIPPED_ARGS = ("self", "params", "learning_rate", "optimizer", "args", "kwargs")


def _plain(value: Any) -> Any:
    """A recorded hyper-parameter as MindSpore records it: Python numbers, Tensor values as lists."""
    if isinstance(value, Tensor):
        arr = value.asnumpy()
        return arr.item() if arr.size == 1 else arr.tolist()
    return value


def init_record(opt: Cell) -> tuple[Any, dict, Any]:
    """(params, init_args, init_learning_rate) the optimizer was built with."""
    if hasattr(opt, "init_args") and hasattr(opt, "init_params"):
        return opt.init_params["params"], dict(opt.init_args), getattr(opt, "init_learning_rate", None)
    signature = inspect.signature(type(opt).__init__)
    args = {}
    for name, param in signature.parameters.items():
        if name in _SKIPPED_ARGS or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        value = getattr(opt, name, param.default)
        if isinstance(value, Cell) or value is inspect.Parameter.empty or (name == "weight_decay" and opt.is_group):
            value = param.default  # groups carry their own decay
        args[name] = _plain(value)
    params = list(opt.parameters)
    if getattr(opt, "dynamic_lr", False) or isinstance(getattr(opt, "learning_rate", None), Cell):
        lr = None
    else:
        lr = _plain(opt.get_lr()) if hasattr(opt, "get_lr") else None
    return params, args, lr


def build_recorded(opt_class: type, params: Any, learning_rate: Any, args: dict) -> Cell:
    """opt_class(params=..., learning_rate=..., **args), carrying the record `init_record` reads back."""
    opt = opt_class(params=params, learning_rate=learning_rate, **args)
    opt.init_params = {"params": params}
    opt.init_args = dict(args)
    opt.init_learning_rate = None if isinstance(learning_rate, Cell) else _plain(learning_rate)
    return opt


def _is_lars(opt: Any) -> bool:
    from mindshim.nn.optim import LARS
    return isinstance(opt, LARS)


class OptimizerProcess:
    """OptimizerProcess(opt): rebuilds `opt` (LARS: its inner optimizer) over `origin_params`."""

    def __init__(self, opt: Cell) -> None:
        self.is_lars = _is_lars(opt)
        inner = opt.opt if self.is_lars else opt
        self.single_opt = inner
        self.opt_class = type(inner)
        _, self.opt_init_args, self.learning_rate = init_record(inner)
        if self.is_lars:
            self.lars_init_args = init_record(opt)[1]
        self.origin_params = init_record(opt)[0]

    @staticmethod
    def build_params_dict(network: Cell) -> dict:
        """id(parameter) -> the cell that owns it."""
        owners = {}
        for _, cell in network.cells_and_names():
            for param in cell.get_parameters(expand=False):
                owners[id(param)] = cell
        return owners

    @staticmethod
    def build_gc_params_group(params_dict: dict, parameters: list) -> list:
        """Split every group into a grad-centralized part (weights) and the rest (bias/beta/gamma, grouped convs,
        the CommonHeadLastFN head)."""
        from mindshim.boost.less_bn import CommonHeadLastFN
        from mindshim.nn import Conv2d
        groups = []
        for group in parameters:
            if "order_params" in group:
                groups.append(group)
                continue
            centralized, rest = [], []
            for param in group["params"]:
                if any(key in param.name for key in ("beta", "gamma", "bias")):
                    rest.append(param)
                    continue
                owner = params_dict[id(param)]
                grouped_conv = isinstance(owner, Conv2d) and owner.group > 1
                (rest if grouped_conv or isinstance(owner, CommonHeadLastFN) else centralized).append(param)
            if centralized:
                groups.append(dict(copy.copy(group), params=centralized, grad_centralization=True))
            if rest:
                groups.append(dict(copy.copy(group), params=rest))
        return groups

    def add_grad_centralization(self, network: Cell) -> None:
        owners = OptimizerProcess.build_params_dict(network)
        parameters = self.origin_params
        if parameters is not None and not isinstance(parameters, list):
            parameters = list(parameters)
        _check_param_list(parameters)
        if isinstance(parameters[0], Parameter):
            logger.warning("Only group parameters support gradient centralization.")
            return
        self.origin_params = OptimizerProcess.build_gc_params_group(owners, parameters)

    def generate_new_optimizer(self) -> Cell:
        if self.learning_rate is None:
            self.learning_rate = self.single_opt.learning_rate
        opt = build_recorded(self.opt_class, self.origin_params, self.learning_rate, self.opt_init_args)
        if self.is_lars:
            from mindshim.nn.optim import LARS
            opt = LARS(opt, **self.lars_init_args)
        return opt


def _check_param_list(parameters: Any) -> None:
    if not parameters:
        raise ValueError("Optimizer got an empty parameter list.")
    if not isinstance(parameters[0], (dict, Parameter)):
        raise TypeError("Only a list of Parameter or dict can be supported.")


class ParameterProcess:
    """ParameterProcess(): gradient fusion groups and optimizer-style grouping of new parameters."""

    def __init__(self) -> None:
        self._parameter_indices = 1

    @staticmethod
    def generate_group_params(parameters: list, origin_params: Any) -> list:
        """`parameters` grouped like `origin_params` (matched by name); the unmatched ones get a group shaped
        like the richest original group."""
        origin = origin_params
        if origin is not None and not isinstance(origin, list):
            origin = list(origin)
        _check_param_list(origin)
        if isinstance(origin[0], Parameter):
            return [{"params": parameters}]
        names = [param.name for param in parameters]
        unmatched = list(names)
        groups, template, widest = [], {}, 0
        for group in origin:
            if "order_params" in group:
                groups.append(dict(copy.copy(group), order_params=parameters))
                continue
            matched = []
            for param in group["params"]:
                if param.name in names:
                    matched.append(parameters[names.index(param.name)])
                    unmatched.remove(param.name)
            groups.append(dict(copy.copy(group), params=matched))
            if len(group) > widest:
                widest, template = len(group), dict(group)
        if unmatched:
            rest = [parameters[names.index(name)] for name in unmatched]
            groups.append(dict(template, params=rest) if template else {"params": rest})
        return groups

    def assign_parameter_group(self, parameters: Any, split_point: Any = None) -> Any:
        """Numbers the gradient fusion group (`comm_fusion`) of each parameter; a new group starts at every split
        index (default: half way)."""
        if not isinstance(parameters, (list, tuple)) or not parameters:
            return parameters
        splits = split_point if split_point else [len(parameters) // 2]
        for i, param in enumerate(parameters):
            if i in splits:
                self._parameter_indices += 1
            param.comm_fusion = self._parameter_indices
        return parameters


def get_local_pca_mat_path(weight_load_dir: Any, pca_mat_path: Any, n_components: int, device_number: int,
                           network: Cell) -> str:
    """DimReduce's PCA matrix (per rank): a saved .npy, or computed from the checkpoints in weight_load_dir."""
    from mindshim.communication.management import get_rank
    found = isinstance(pca_mat_path, str) and os.path.isfile(pca_mat_path) and pca_mat_path.endswith(".npy")
    if not found and (weight_load_dir is None or not os.path.isdir(weight_load_dir)):
        raise ValueError(f"The weight_load_dir: {weight_load_dir} is None / not exists / not directory.")
    full_path = pca_mat_path if found else os.path.join(weight_load_dir, "pca_mat_temp.npy")
    return f"{full_path[:-4]}_rank_{get_rank()}.npy"


def load_local_pca_mat(local_pca_mat_path: str, timeout: int) -> np.ndarray:
    return np.load(local_pca_mat_path)


__all__ = ["OptimizerProcess", "ParameterProcess"]
