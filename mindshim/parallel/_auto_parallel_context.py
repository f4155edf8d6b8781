"""mindspore.parallel._auto_parallel_context: the auto-parallel settings behind set/get_auto_parallel_context.

One process-wide `_AutoParallelContext` keeps MindSpore 2.10's keys, defaults and validation. Only
`stand_alone`, `data_parallel` and `hybrid_parallel` change what training does (gradients are all-reduced
over torch.distributed); the semi-auto/auto modes and the strategy-related keys are accepted and kept, and
building a training cell under a semi-auto/auto mode raises `unsupported` (see `parallel/_utils.py`).
"""
from __future__ import annotations

import copy
from typing import Any

_MODES = ("stand_alone", "data_parallel", "hybrid_parallel", "semi_auto_parallel", "auto_parallel")
_SEARCH_MODES = ("recursive_programming", "dynamic_programming", "sharding_propagation")
_COMMUNI_MODES = ("all_group_parallel", "same_server_group_parallel", "no_group_parallel")
_PP_SCHEDULERS = ("1f1b", "gpipe", "seqpipe", "seqvpp", "seqsmartvpp", "zero_bubble_v")
_SET = "For 'set_auto_parallel_context'"
_SET_FN = "For 'set_auto_parallel_context().set_{}'"


def _default_comm_fusion() -> dict:
    return {"openstate": True, "allreduce": {"mode": "auto", "config": None},
            "allgather": {"mode": "auto", "config": None}, "reducescatter": {"mode": "auto", "config": None}}


def _defaults() -> dict[str, Any]:
    return {
        "device_num": 1, "global_rank": 0, "gradients_mean": False, "gradient_fp32_sync": True,
        "loss_repeated_mean": True, "pipeline_stages": 1, "auto_pipeline": False, "pipeline_result_broadcast": False,
        "pipeline_interleave": False, "pipeline_scheduler": "1f1b", "pipeline_segments": 1,
        "parallel_mode": "stand_alone", "search_mode": "recursive_programming", "parameter_broadcast": False,
        "strategy_ckpt_load_file": "", "strategy_ckpt_save_file": "", "group_ckpt_save_file": "",
        "only_trainable_params": True, "full_batch": False, "dataset_strategy": None,
        "enable_parallel_optimizer": False, "force_fp32_communication": False, "grad_accumulation_step": 1,
        "all_reduce_fusion_config": [], "communi_parallel_mode": "all_group_parallel",
        "optimizer_weight_shard_size": -1, "optimizer_weight_shard_aggregated_save": False,
        "sharding_propagation": False, "enable_alltoall": False, "comm_fusion": _default_comm_fusion(),
        "dump_local_norm": False, "dump_local_norm_path": "", "dump_device_local_norm": False,
        "auto_parallel_new_interface": False, "init_param_in_compile": True, "parallel_optimizer_config": {},
        # which keys the user set (MindSpore's `*_is_set` getters)
        "_set": set(),
    }


class _AutoParallelContext:
    """The auto-parallel settings (a singleton: use `auto_parallel_context()`)."""

    _instance: "_AutoParallelContext | None" = None

    def __new__(cls) -> "_AutoParallelContext":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance._values = _defaults()
        return cls._instance

    def _put(self, key: str, value: Any) -> None:
        self._values[key] = value
        self._values["_set"].add(key)

    def reset(self) -> None:
        self._values = _defaults()

    # ----- device_num / global_rank -----
    def set_device_num(self, device_num: int) -> None:
        if device_num < 1:
            raise ValueError("The context configuration parameter 'device_num' must be a positive integer, "
                             f"but got the value of device_num : {device_num}.")
        self._put("device_num", device_num)

    def get_device_num(self) -> int:
        return self._values["device_num"]

    def get_device_num_is_set(self) -> bool:
        return "device_num" in self._values["_set"]

    def set_global_rank(self, global_rank: int) -> None:
        if global_rank < 0 or global_rank > 4095:
            raise ValueError("The context configuration parameter 'global_rank' must be in [0, 4095], "
                             f"but got the value of global_rank : {global_rank}.")
        self._put("global_rank", global_rank)

    def get_global_rank(self) -> int:
        return self._values["global_rank"]

    def get_global_rank_is_set(self) -> bool:
        return "global_rank" in self._values["_set"]

    def get_parameter_broadcast_is_set(self) -> bool:
        return "parameter_broadcast" in self._values["_set"]

    # ----- modes -----
    def set_parallel_mode(self, parallel_mode: str) -> None:
        if parallel_mode not in _MODES:
            raise ValueError("The context configuration parameter 'parallel_mode' only support 'stand_alone', "
                             "'data_parallel', 'hybrid_parallel', 'semi_auto_parallel' and 'auto_parallel', "
                             f"but got the value : {parallel_mode}.")
        self._put("parallel_mode", parallel_mode)

    def get_parallel_mode(self) -> str:
        return self._values["parallel_mode"]

    def set_strategy_search_mode(self, search_mode: str) -> None:
        if search_mode not in _SEARCH_MODES:
            raise ValueError("The context configuration parameter 'auto_parallel_search_mode' only support "
                             "'recursive_programming', 'dynamic_programming' and 'sharding_propagation', "
                             f"but got the value: {search_mode}.")
        self._put("search_mode", search_mode)

    def set_auto_parallel_search_mode(self, search_mode: str) -> None:
        if search_mode not in _SEARCH_MODES:
            raise ValueError("The context configuration parameter 'search_mode' only support "
                             "'recursive_programming', 'dynamic_programming' and 'sharding_propagation', "
                             f"but got the value: {search_mode}.")
        self._put("search_mode", search_mode)

    def get_strategy_search_mode(self) -> str:
        return self._values["search_mode"]

    get_auto_parallel_search_mode = get_strategy_search_mode

    def set_communi_parallel_mode(self, mode: str) -> None:
        if not isinstance(mode, str):
            raise TypeError(f"{_SET_FN.format('communi_parallel_mode')}, the argument 'communi_parallel_mode' "
                            f"must be str, but got the type : {type(mode)}.")
        if mode not in _COMMUNI_MODES:
            raise ValueError(f"{_SET_FN.format('communi_parallel_mode')}, the argument 'communi_parallel_mode' "
                             "only support 'ALL_GROUP_PARALLEL', 'SAME_SEVER_GROUP_PARALLEL' and "
                             f"'NO_GROUP_PARALLEL', but got the value : {mode}.")
        self._put("communi_parallel_mode", mode)

    # ----- pipeline -----
    def set_pipeline_stages(self, stages: int) -> None:
        if isinstance(stages, bool) or not isinstance(stages, int):
            raise TypeError(f"{_SET}, the argument 'pipeline_stages' must be int, but got the type : {type(stages)}.")
        if stages < 1:
            raise ValueError(f"{_SET}, the argument 'pipeline_stages' should be greater or equal 1, "
                             f"but got the value of stages : {stages}.")
        self._put("pipeline_stages", stages)

    def set_pipeline_segments(self, segments: int) -> None:
        if isinstance(segments, bool) or not isinstance(segments, int):
            raise TypeError(f"{_SET}, the argument 'pipeline_segments' must be int, but got the type : "
                            f"{type(segments)}.")
        if segments < 1:
            raise ValueError(f"{_SET}, the argument 'pipeline_segments' should be greater or equal 1, "
                             f"but got the value of segments : {segments}.")
        self._put("pipeline_segments", segments)

    def set_pipeline_config(self, config: dict) -> None:
        if not isinstance(config, dict):
            raise TypeError("For 'set_pipeline_config', the argument 'pipeine_config' must be dict, "
                            f"but got the type : {type(config)}.")
        unknown = [k for k in config if k not in ("pipeline_interleave", "pipeline_scheduler")]
        if unknown:
            raise ValueError(f"Unknown config: {unknown[:1]}")
        interleave, scheduler = config["pipeline_interleave"], config["pipeline_scheduler"]
        if not isinstance(interleave, bool):
            raise TypeError(f"For 'pipeline_interleave', the type of 'pipeline_interleave' must be bool, "
                            f"but got {type(interleave).__name__}.")
        if scheduler not in _PP_SCHEDULERS:
            raise ValueError(f"The value of 'scheduler' must be in {list(_PP_SCHEDULERS)}, but got '{scheduler}'.")
        if not interleave and scheduler != "1f1b":
            raise TypeError(f"When pipeline_interleave is False, {scheduler!r} is not supported, "
                            "only '1f1b' is allowed.")
        self._put("pipeline_interleave", interleave)
        self._put("pipeline_scheduler", scheduler)

    # ----- dataset -----
    def set_full_batch(self, full_batch: bool) -> None:
        self._put("full_batch", full_batch)

    def get_full_batch_is_set(self) -> bool:
        return "full_batch" in self._values["_set"]

    def set_dataset_strategy(self, strategy: Any) -> None:
        if isinstance(strategy, str):
            if strategy not in ("full_batch", "data_parallel"):
                raise ValueError(f"{_SET}, the argument 'dataset_strategy' must be 'full_batch' or 'data_parallel', "
                                 f"but got the value : {strategy}.")
            self._put("full_batch", strategy == "full_batch")
            self._values["dataset_strategy"] = None
            return
        if not isinstance(strategy, tuple):
            raise TypeError(f"{_SET}, the argument 'dataset_strategy' must be str or tuple type, "
                            f"but got the type : {type(strategy)}.")
        for item in strategy:
            if not isinstance(item, tuple):
                raise TypeError(f"{_SET}, the element of argument 'dataset_strategy' must be tuple, "
                                f"but got the type : {type(item)} .")
            for dim in item:
                if not isinstance(dim, int):
                    raise TypeError(f"{_SET}, the element of argument 'dataset_strategy' must be int type, "
                                    f"but got the type : {type(dim)} .")
        self._values["dataset_strategy"] = strategy

    def get_dataset_strategy(self) -> Any:
        if self._values["dataset_strategy"] is not None:
            return self._values["dataset_strategy"]
        return "full_batch" if self._values["full_batch"] else "data_parallel"

    # ----- strategy files -----
    def set_strategy_ckpt_config(self, config: dict) -> None:
        if not isinstance(config, dict):
            raise TypeError(f"{_SET}, the argument 'strategy_ckpt_config' must be dict, "
                            f"but got the type : {type(config)}.")
        for name in config:
            if name not in ("load_file", "save_file", "only_trainable_params"):
                raise ValueError(f"Unknown config: {[name]}")
        for name, kind, key in (("load_file", str, "strategy_ckpt_load_file"),
                                ("save_file", str, "strategy_ckpt_save_file"),
                                ("only_trainable_params", bool, "only_trainable_params")):
            if name in config:
                if not isinstance(config[name], kind):
                    raise TypeError(f"{_SET_FN.format('strategy_ckpt_config')}, the argument '{name}' must be "
                                    f"{kind.__name__}, but got the type : {type(config[name])} .")
                self._put(key, config[name])

    def get_strategy_ckpt_config(self) -> dict:
        v = self._values
        return {"load_file": v["strategy_ckpt_load_file"], "save_file": v["strategy_ckpt_save_file"],
                "only_trainable_params": v["only_trainable_params"]}

    # ----- fusion -----
    def set_all_reduce_fusion_split_indices(self, indices: list, group: str = "") -> None:
        where = _SET_FN.format("all_reduce_fusion_split_indices")
        if not indices:
            raise ValueError(f"{where}, the argument 'indices' can not be empty")
        if not isinstance(indices, list):
            raise TypeError(f"{where}, the argument 'indices' must be list, but got the type : {type(indices)} .")
        for index in indices:
            if not isinstance(index, int) or isinstance(index, bool):
                raise TypeError(f"{where}, the argument 'index' must be int, but got the type : {type(index)} .")
        if len(set(indices)) != len(indices):
            raise ValueError("The indices has duplicate elements")
        if sorted(indices) != indices:
            raise ValueError(f"{where}, the elements in argument 'indices' must be sorted in ascending order")
        self._put("all_reduce_fusion_config", list(indices))

    def get_all_reduce_fusion_split_indices(self, group: str = "") -> list:
        return list(self._values["all_reduce_fusion_config"])

    def set_comm_fusion(self, config: dict) -> None:
        merged = copy.deepcopy(self._values["comm_fusion"])
        config = dict(config)
        config.setdefault("openstate", True)
        for key, value in config.items():
            if key == "openstate":
                if not isinstance(value, bool):
                    raise TypeError(f"For 'comm_fusion', the 'openstate' must be bool, but got the type : "
                                    f"{type(value)}.")
            elif key in ("allreduce", "allgather", "reducescatter"):
                _check_fusion_entry(key, value)
            else:
                raise KeyError(f"comm fusion type must be openstate,allreduce, allgather or reducescatter, "
                               f"but got {key}")
            merged[key] = copy.deepcopy(value)
        self._put("comm_fusion", merged)

    def get_comm_fusion(self) -> dict:
        return copy.deepcopy(self._values["comm_fusion"])

    # ----- optimizer sharding -----
    def set_optimizer_weight_shard_size(self, size: int) -> None:
        if not isinstance(size, int) or isinstance(size, bool):
            raise TypeError(f"The type of optimizer_weight_shard_size must be int, but got {type(size)}.")
        if size > 1:  # MindSpore ignores (with a warning) sizes <= 1
            self._put("optimizer_weight_shard_size", size)

    def set_parallel_optimizer_config(self, config: dict) -> None:
        known = ("gradient_accumulation_shard", "parallel_optimizer_threshold", "optimizer_weight_shard_size",
                 "optimizer_level")
        unknown = [k for k in config if k not in known]
        if unknown:
            raise ValueError(f"Unknown config: {unknown}")
        self._put("parallel_optimizer_config", dict(config))

    def set_grad_accumulation_step(self, step: int) -> None:
        if not isinstance(step, int) or isinstance(step, bool) or step <= 0:
            raise ValueError(f"For 'grad_accumulation_step', the input value must be int and must > 0, "
                             f"but got '{step}' with type '{type(step).__name__}'.")
        self._put("grad_accumulation_step", step)

    def __getattr__(self, name: str) -> Any:
        """The remaining plain `set_<key>` / `get_<key>` pairs store and return the value as given."""
        key = name[4:]
        if name[:4] in ("get_", "set_") and key in _PLAIN_KEYS:
            if name.startswith("get_"):
                return lambda: self._values[key]
            return lambda value: self._put(key, value)
        raise AttributeError(f"'_AutoParallelContext' object has no attribute '{name}'")


def _check_fusion_entry(kind: str, entry: Any) -> None:
    if not isinstance(entry, dict):
        raise TypeError(f"For 'comm_fusion', the '{kind}' config must be dict, but got the type : {type(entry)}.")
    for field in ("mode", "config"):
        if field not in entry:
            raise KeyError(f"For 'comm_fusion', the key '{field}' should be contained.")
    modes = ("auto", "index", "size") if kind == "allreduce" else ("auto", "size")
    if entry["mode"] not in modes:
        raise KeyError(f"fusion method mode must be {', '.join(modes[:-1])} or {modes[-1]}, but got {entry['mode']}")


# keys whose setter only stores (their types are checked by `_set_auto_parallel_context`)
_PLAIN_KEYS = ("gradients_mean", "gradient_fp32_sync", "parameter_broadcast", "strategy_ckpt_load_file",
               "strategy_ckpt_save_file", "group_ckpt_save_file", "full_batch", "enable_parallel_optimizer",
               "force_fp32_communication", "optimizer_weight_shard_aggregated_save", "sharding_propagation",
               "enable_alltoall", "dump_local_norm", "dump_local_norm_path", "dump_device_local_norm",
               "auto_parallel_new_interface", "init_param_in_compile", "loss_repeated_mean", "auto_pipeline",
               "pipeline_result_broadcast", "pipeline_interleave", "pipeline_scheduler", "pipeline_stages",
               "pipeline_segments", "communi_parallel_mode", "optimizer_weight_shard_size", "grad_accumulation_step",
               "parallel_optimizer_config")


def auto_parallel_context() -> _AutoParallelContext:
    return _AutoParallelContext()


# set_auto_parallel_context's type checks (MindSpore's `args_type_check`: None passes, bool counts as int)
_TYPES: dict[str, type] = {
    "device_num": int, "global_rank": int, "gradients_mean": bool, "gradient_fp32_sync": bool,
    "loss_repeated_mean": bool, "parallel_mode": str, "search_mode": str, "auto_parallel_search_mode": str,
    "parameter_broadcast": bool, "strategy_ckpt_load_file": str, "strategy_ckpt_save_file": str, "full_batch": bool,
    "enable_parallel_optimizer": bool, "grad_accumulation_step": int, "all_reduce_fusion_config": list,
    "group_ckpt_save_file": str, "communi_parallel_mode": str, "optimizer_weight_shard_size": int,
    "sharding_propagation": bool, "optimizer_weight_shard_aggregated_save": bool, "enable_alltoall": bool,
    "comm_fusion": dict, "strategy_ckpt_config": dict, "force_fp32_communication": bool,
}
_SETTERS = {"search_mode": "set_strategy_search_mode", "all_reduce_fusion_config":
            "set_all_reduce_fusion_split_indices"}
_SETTABLE = ("device_num", "global_rank", "gradients_mean", "gradient_fp32_sync", "loss_repeated_mean",
             "pipeline_stages", "auto_pipeline", "pipeline_result_broadcast", "pipeline_segments", "parallel_mode",
             "search_mode", "auto_parallel_search_mode", "parameter_broadcast", "strategy_ckpt_load_file",
             "strategy_ckpt_save_file", "group_ckpt_save_file", "full_batch", "dataset_strategy",
             "enable_parallel_optimizer", "force_fp32_communication", "parallel_optimizer_config", "pipeline_config",
             "grad_accumulation_step", "all_reduce_fusion_config", "communi_parallel_mode",
             "optimizer_weight_shard_size", "optimizer_weight_shard_aggregated_save", "sharding_propagation",
             "enable_alltoall", "strategy_ckpt_config", "comm_fusion", "dump_local_norm", "dump_local_norm_path",
             "dump_device_local_norm", "auto_parallel_new_interface", "init_param_in_compile")
_GETTERS = {"search_mode": "get_strategy_search_mode", "all_reduce_fusion_config":
            "get_all_reduce_fusion_split_indices"}
_GETTABLE = ("device_num", "global_rank", "gradients_mean", "gradient_fp32_sync", "loss_repeated_mean",
             "pipeline_stages", "auto_pipeline", "pipeline_result_broadcast", "pipeline_interleave",
             "pipeline_scheduler", "parallel_mode", "search_mode", "auto_parallel_search_mode", "parameter_broadcast",
             "strategy_ckpt_load_file", "strategy_ckpt_save_file", "full_batch", "dataset_strategy",
             "enable_parallel_optimizer", "force_fp32_communication", "grad_accumulation_step",
             "all_reduce_fusion_config", "communi_parallel_mode", "optimizer_weight_shard_size",
             "optimizer_weight_shard_aggregated_save", "sharding_propagation", "enable_alltoall", "comm_fusion",
             "strategy_ckpt_config", "full_batch_is_set", "dump_local_norm", "dump_local_norm_path",
             "dump_device_local_norm", "auto_parallel_new_interface", "init_param_in_compile")


def _bound(names: tuple, renames: dict, prefix: str) -> dict[str, Any]:
    ctx = auto_parallel_context()
    return {key: getattr(ctx, renames.get(key, prefix + key)) for key in names}


# MindSpore's private key -> method tables (a few scripts read them)
_set_auto_parallel_context_func_map = _bound(_SETTABLE, _SETTERS, "set_")
_get_auto_parallel_context_func_map = _bound(_GETTABLE, _GETTERS, "get_")


def _set_auto_parallel_context(**kwargs: Any) -> None:
    for key, value in kwargs.items():
        kind = _TYPES.get(key)
        if kind is not None and value is not None and not isinstance(value, kind):
            raise TypeError(f"The parameter '{key}' must be {kind}, but got {type(value)}")
    for key, value in kwargs.items():
        if key not in _SETTABLE:
            raise ValueError(f"Set context keyword {key} is not recognized!")
        _set_auto_parallel_context_func_map[key](value)


def _get_auto_parallel_context(attr_key: str) -> Any:
    if attr_key not in _GETTABLE:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _get_auto_parallel_context_func_map[attr_key]()


def _get_all_auto_parallel_context() -> dict[str, Any]:
    return {key: _get_auto_parallel_context(key) for key in _GETTABLE}


def _reset_auto_parallel_context() -> None:
    auto_parallel_context().reset()


__all__ = ["auto_parallel_context", "_AutoParallelContext", "_set_auto_parallel_context",
           "_get_auto_parallel_context", "_reset_auto_parallel_context", "_get_all_auto_parallel_context"]
