"""What `set_context`/`get_context` accept, as MindSpore 2.10 does: the keys, their types, the values each
setter checks, the defaults its CPU build reports, and the keys that are removed, deprecated or device-only.
`mindshim/context.py` applies these; most keys only mean something to MindSpore's compiler or Ascend, so they are
validated and kept for `get_context`."""
from __future__ import annotations

import json
import os
import re
from typing import Any, Callable

# get_context on a fresh MindSpore 2.10 CPU process (device_target comes from mindshim's device choice).
DEFAULTS: dict[str, Any] = {
    "aoe_config": {}, "aoe_job_type": "2", "aoe_tune_mode": "", "ascend_config": {}, "atomic_clean_policy": "",
    "bias_add_comm_swap": False, "check_bprop": False, "compile_cache_path": "",
    "compute_communicate_fusion_level": 0, "conv_allow_hf32": "", "conv_allow_tf32": True,
    "conv_dgrad_algo": "normal", "conv_fprop_algo": "normal", "conv_wgrad_algo": "normal", "cur_step_num": 0,
    "dataset_broadcast_opt_level": 0, "debug_level": 0, "deterministic": "OFF", "device_id": 0,
    "disable_format_transform": False, "enable_allreduce_slice_to_reducescatter": False,
    "enable_begin_end_inline_opt": False, "enable_compile_cache": None, "enable_concat_eliminate_opt": False,
    "enable_debug_runtime": False, "enable_flash_attention_load_balance": False, "enable_fused_cast_add_opt": False,
    "enable_ge": False, "enable_grad_comm_opt": False, "enable_graph_kernel": False,
    "enable_interleave_parallel_branch": False, "enable_interleave_split_concat_branch": False,
    "enable_offloading_packed_experts": True, "enable_opt_shard_comm_opt": False, "enable_parallel_split": False,
    "enable_profiling": False, "enable_reduce_precision": True, "enable_task_opt": False, "env_config_path": "",
    "exec_order": "bfs", "ge_options": "", "gpu_config": {}, "graph_kernel_flags": "", "hccl_watchdog": True,
    "host_scheduling_max_threshold": "", "infer_boost": "off", "inter_op_parallel_num": 0,
    "interleaved_layernorm_comm": False, "interleaved_matmul_comm": False, "jit_compile": "", "jit_config": {},
    "jit_level": "", "jit_syntax_level": 2, "last_triggered_step": 0, "matmul_allow_hf32": "",
    "matmul_allow_tf32": False, "matmul_grad_comm_overlap": "", "max_call_depth": 1000, "max_device_memory": 1024.0,
    "memory_optimize_level": 0, "mempool_block_size": 1.0, "mode": 1, "need_ckpt": False, "op_debug_option": "",
    "op_precision_mode": "", "op_timeout": 900, "pp_1f1b_overlap": "", "precision_mode": "", "print_file_path": "",
    "profiling_options": "training_trace", "pynative_synchronize": False, "recompute_allgather_overlap_fagrad": False,
    "recompute_comm_overlap": "", "reserve_class_name_in_scope": True, "runtime_num_threads": 2,
    "save_checkpoint_steps": 0, "save_graphs": 0, "save_graphs_path": ".", "support_binary": False,
    "topo_order": "", "variable_memory_max_size": "0",
}

# set_context's declared argument types (a wrong type is a TypeError before anything is set).
TYPES: dict[str, Any] = {
    **dict.fromkeys(("mode", "device_id", "inter_op_parallel_num", "max_call_depth", "runtime_num_threads",
                     "op_timeout", "jit_syntax_level", "debug_level"), int),
    **dict.fromkeys(("device_target", "save_graphs_path", "aoe_tune_mode", "variable_memory_max_size",
                     "max_device_memory", "print_file_path", "env_config_path", "graph_kernel_flags",
                     "mempool_block_size", "deterministic"), str),
    **dict.fromkeys(("enable_reduce_precision", "enable_auto_mixed_precision", "enable_graph_kernel",
                     "reserve_class_name_in_scope", "check_bprop", "save_compile_cache", "load_compile_cache",
                     "pynative_synchronize", "disable_format_transform", "jit_enable_inplace_ops",
                     "enable_compile_cache"), bool),
    **dict.fromkeys(("aoe_config", "ascend_config", "gpu_config", "jit_config"), dict),
    "save_graphs": (bool, int),
}

ASCEND_CONFIG_KEYS = ("precision_mode", "jit_compile", "atomic_clean_policy", "matmul_allow_hf32", "conv_allow_hf32",
                      "op_precision_mode", "host_scheduling_max_threshold", "ge_options", "op_debug_option")
REMOVED = {"exception_dump": ("2.6", "device_context.ascend.op_debug.aclinit_config()"),
           "precompile_only": ("2.10", "env MS_DEV_PRECOMPILE_ONLY"),
           "grad_for_scalar": ("2.10", "tensor derivative")}
IGNORED = ("enable_sparse", "auto_tune_mode", "enable_auto_mixed_precision")  # accepted with a warning, not kept
DEVICE_ONLY = {"enable_reduce_precision": ("Ascend",), "print_file_path": ("Ascend",),
               "variable_memory_max_size": ("Ascend",), "max_device_memory": ("Ascend", "GPU"),
               "mempool_block_size": ("GPU", "Ascend"), "disable_format_transform": ("GPU",),
               "ascend_config": ("Ascend",), "gpu_config": ("GPU",)}
_SIZE = re.compile(r"^([1-9]\d*(\.\d+)?|0\.\d+|0)GB$")


def _one_of(key: str, options: list) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if value not in options:
            raise ValueError(f"For 'context.set_context', the argument '{key}' must be one of {options}, "
                             f"but got {value}.")
        return value
    return check


def _at_least(key: str, low: int, message: str | None = None) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if value < low:
            raise ValueError(message or f"For 'context.set_context', the argument '{key}' must be greater than "
                                        f"{low - 1}, but got {value}.")
        return value
    return check


def _mode(value: int) -> int:
    if value not in (0, 1):
        raise ValueError("For 'context.set_context', the argument 'mode' should be context.GRAPH_MODE (0) or "
                         f"context.PYNATIVE_MODE (1), but got {value}.")
    return value


def _save_graphs(value: Any) -> int:
    value = {True: 2, False: 0}.get(value, value) if isinstance(value, bool) else value
    if value > 3:
        raise ValueError(f"value for save_graphs should be 0-3 but got '{value}'")
    return value


def _device_id(value: int) -> int:
    if not 0 <= value <= 4095:
        raise ValueError(f"For 'context.set_context', the argument 'device_id' must be in range [0, 4095], "
                         f"but got {value}.")
    return value


def _gigabytes(key: str, minimum: float) -> Callable[[str], float]:
    def check(value: str) -> float:
        if not _SIZE.match(value):
            raise ValueError(f"For 'context.set_context', the argument '{key}' should be in correct format! It must "
                             "be a string ending with 'GB', such as \"5GB\" or \"3.5GB\", but got {value}.")
        size = float(value[:-2])
        if size < minimum or size == 0:
            raise ValueError(f"For 'context.set_context', the argument '{key}' should not be less than "
                             f"\"{minimum or 0}GB\", but got {value}.")
        return size
    return check


def _env_config_path(value: str) -> str:
    path = os.path.realpath(value)
    if not os.path.isfile(path):
        raise ValueError(f"For 'context.set_context', the 'env_config_path' file {path!r} is not exists, please "
                         "check whether 'env_config_path' is correct.")
    try:
        with open(path, encoding="utf-8") as f:
            json.load(f)
    except (TypeError, ValueError) as e:
        raise ValueError(f"{e}\nFor 'context.set_context', open or load the 'env_config_path' file {path} failed, "
                         "please check whether 'env_config_path' is json file and correct.") from e
    return path


def _sub_options(key: str, options: dict[str, list]) -> Callable[[dict], dict]:
    def check(config: dict) -> dict:
        for sub, value in config.items():
            if sub not in options:
                raise ValueError(f"For 'context.set_context', the key of argument '{key}' must be one of "
                                 f"{options}, but got {sub}.")
            if value not in options[sub]:
                raise ValueError(f"For '{key}', the value of argument {sub} must be one of {options[sub]}, "
                                 f"but got {value}.")
        return config
    return check


_JIT_CONFIG = _sub_options("jit_config", {"jit_level": ["O0", "O1", "O2"], "infer_boost": ["on", "off"]})

# key -> check returning the value get_context reports
CHECKS: dict[str, Callable[[Any], Any]] = {
    "mode": _mode, "save_graphs": _save_graphs, "device_id": _device_id,
    "max_call_depth": _at_least("max_call_depth", 1),
    "runtime_num_threads": _at_least("", 0, "The num of thread must bigger than or equal to 0."),
    "op_timeout": _at_least("", 0, "The num of op exe timeout must bigger than or equal to 0."),
    "inter_op_parallel_num": _at_least("", 0, "The num of parallel thread must bigger than or equal to 0."),
    "memory_optimize_level": lambda v: int(_one_of("memory_optimize_level", ["O0", "O1"])(v)[1]),
    "exec_order": _one_of("exec_order", ["bfs", "dfs"]),
    "deterministic": _one_of("deterministic", ["ON", "OFF"]),
    "aoe_tune_mode": _one_of("aoe_tune_mode", ["online", "offline"]),
    "aoe_config": _sub_options("aoe_config", {"job_type": ["1", "2"]}),
    "jit_config": _JIT_CONFIG,
    "max_device_memory": _gigabytes("max_device_memory", 0.0),
    "mempool_block_size": _gigabytes("mempool_block_size", 1.0),
    "env_config_path": _env_config_path,
}


def check_debug_level(value: int) -> int:
    if value not in (0, 1):
        raise ValueError("For 'debug_level', the value should be context.DEBUG or context.RELEASE, "
                         f"but got {value}.")
    return value


CHECKS["debug_level"] = check_debug_level
