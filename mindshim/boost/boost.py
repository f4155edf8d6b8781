"""mindspore.boost.AutoBoost: the boost configuration (level O0/O1/O2 plus boost_config_dict) and the network /
optimizer rewriting Model applies with it. Like MindSpore's, it is a process-wide singleton: the first
construction fixes level and configuration; later calls return that instance unchanged."""
from __future__ import annotations

import copy
import threading
from typing import Any

from mindshim.nn.cell import Cell
from mindshim.boost.base import OptimizerProcess, ParameterProcess, get_local_pca_mat_path
from mindshim.boost.grad_freeze import GradientFreeze
from mindshim.boost.less_bn import LessBN

_FEATURES = ("less_bn", "grad_freeze", "adasum", "grad_accumulation", "dim_reduce", "loss_scale_group")
_LEVEL_FEATURES = {"O0": (), "O1": ("less_bn", "grad_freeze"), "O2": ("less_bn", "grad_freeze", "adasum")}
# MindSpore hands out (and "manual" mode edits) these very dicts: the edits persist for the process
_boost_config_level = {level: {key: key in on for key in _FEATURES} for level, on in _LEVEL_FEATURES.items()}
_MODES = ["auto", "manual", "enable_all", "disable_all"]
# boost_config_dict sub-key -> AutoBoost attribute
_SETTINGS = {
    "fn_flag": "_fn_flag", "gc_flag": "_gc_flag", "param_groups": "_param_groups", "freeze_type": "_freeze_type",
    "freeze_p": "_freeze_p", "total_steps": "_total_steps", "device_number": "device_number",
    "gradient_split_groups": "gradient_groups", "grad_accumulation_step": "grad_accumulation_step", "rho": "rho",
    "gamma": "gamma", "alpha": "alpha", "sigma": "sigma", "n_components": "n_components",
    "pca_mat_path": "pca_mat_path", "weight_load_dir": "weight_load_dir", "timeout": "timeout",
}
_DEFAULTS = {
    "_fn_flag": True, "_gc_flag": True, "_param_groups": 10, "_freeze_type": 1, "_freeze_p": 0.7,
    "_total_steps": 65536, "gradient_groups": None, "device_number": 8, "grad_accumulation_step": 1, "rho": 0.55,
    "gamma": 0.9, "alpha": 0.001, "sigma": 0.4, "n_components": 32, "pca_mat_path": None, "weight_load_dir": None,
    "local_pca_mat_path": None, "timeout": 1800,
}


class AutoBoost:
    """AutoBoost(level='O0', boost_config_dict='')."""

    _instance_lock = threading.Lock()
    _instance = None

    def __new__(cls, *args: Any, **kwargs: Any) -> "AutoBoost":
        with AutoBoost._instance_lock:
            if AutoBoost._instance is None:
                AutoBoost._instance = object.__new__(cls)
                AutoBoost._instance.level = None
                AutoBoost._instance.boost_config_dict = None
        return AutoBoost._instance

    def __init__(self, level: str = "O0", boost_config_dict: Any = "") -> None:
        if level not in _LEVEL_FEATURES:
            level = "O0"
        if self.level is not None:
            return
        self.level = level
        self.boost_config_dict = boost_config_dict
        self.__dict__.update(copy.deepcopy(_DEFAULTS))
        self.boost_config = self._get_configuration(level, boost_config_dict)
        self._param_processer = ParameterProcess()

    def network_auto_process_train(self, network: Cell, optimizer: Cell) -> tuple[Cell, Cell]:
        """The boosted (network, optimizer) pair for training."""
        if self.boost_config.get("dim_reduce"):
            from mindshim.nn.optim import SGD
            self.local_pca_mat_path = get_local_pca_mat_path(self.weight_load_dir, self.pca_mat_path,
                                                             self.n_components, self.device_number, network)
            optimizer = SGD(network.trainable_params(), learning_rate=1)
            optimizer.dim_reduce = True
            return network, optimizer
        if self.boost_config.get("less_bn"):
            network = LessBN(network, fn_flag=self._fn_flag)
            process = OptimizerProcess(optimizer)
            groups = self._param_processer.assign_parameter_group(network.trainable_params(), self.gradient_groups)
            process.origin_params = ParameterProcess.generate_group_params(groups, process.origin_params)
            if self._gc_flag:
                process.add_grad_centralization(network)
            optimizer = process.generate_new_optimizer()
        if self.boost_config.get("grad_freeze"):
            freeze = GradientFreeze(self._param_groups, self._freeze_type, self._freeze_p, self._total_steps)
            network, optimizer = freeze.freeze_generate(network, optimizer)
        if self.boost_config.get("adasum"):
            optimizer.adasum = True
        return network, optimizer

    def network_auto_process_eval(self, network: Cell) -> Cell:
        if self.boost_config.get("less_bn") and not self.boost_config.get("dim_reduce"):
            return LessBN(network)
        return network

    def _set_gradient_split_groups(self, gradient_groups: Any) -> None:
        if not isinstance(gradient_groups, (list, int)):
            raise ValueError(f"gradient_groups `{gradient_groups}` is not in (list, int)")
        self.gradient_groups = list(gradient_groups) if isinstance(gradient_groups, int) else gradient_groups

    def _get_configuration(self, level: str, boost_config_dict: Any) -> dict:
        config = _boost_config_level[level]
        if not boost_config_dict:
            return config
        mode = boost_config_dict.get("boost", {}).get("mode", "auto") if "boost" in boost_config_dict else "auto"
        if mode not in _MODES:
            raise ValueError(f"The boost mode must be in {_MODES}, but got {mode}")
        if mode == "manual":
            config.update({k: v for k, v in boost_config_dict["boost"].items() if k in config})
        elif mode in ("enable_all", "disable_all"):
            config = {key: mode == "enable_all" for key in config}
        self._apply_settings(boost_config_dict, config)
        return config

    def _apply_settings(self, boost_config_dict: dict, config: dict) -> None:
        """Sub-dicts of the enabled features and of "common" set the matching attributes."""
        for key, section in boost_config_dict.items():
            if not (key in config and config[key] or key == "common"):
                continue
            for name, value in section.items():
                if name == "gradient_split_groups":
                    self._set_gradient_split_groups(value)
                elif name in _SETTINGS:
                    setattr(self, _SETTINGS[name], value)


__all__ = ["AutoBoost"]
