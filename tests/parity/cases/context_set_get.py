"""Parity of `set_context` / `get_context` beyond mode and device: the values get_context reports for keys a
script sets (bools and levels MindSpore stores as ints, jit_config feeding jit_level), MindSpore's CPU defaults,
and the errors: wrong types, bad values, unknown and removed keys, Ascend-only keys outside ascend_config.
Each case restores what it changed."""
import mindspore as ms
from mindspore import context

from parity_ops_common import error_type as _err  # registered by the parity loader

_KEYS = ("save_graphs", "max_call_depth", "memory_optimize_level", "jit_level", "jit_config", "runtime_num_threads",
         "op_timeout", "exec_order", "deterministic", "inter_op_parallel_num", "debug_level", "reserve_class_name_in_scope",
         "enable_graph_kernel", "check_bprop", "pynative_synchronize", "graph_kernel_flags", "save_graphs_path",
         "aoe_tune_mode", "aoe_config")


def _snapshot():
    return {k: context.get_context(k) for k in _KEYS}


def _restore(before):
    for k, v in before.items():
        if k in ("jit_level", "jit_config", "aoe_tune_mode", "aoe_config") or context.get_context(k) == v:
            continue
        if k == "memory_optimize_level":
            v = "O%d" % v
        context.set_context(**{k: v})


def case_defaults():
    keys = ("save_graphs", "max_call_depth", "memory_optimize_level", "jit_syntax_level", "exec_order",
            "deterministic", "op_timeout", "debug_level", "reserve_class_name_in_scope", "enable_graph_kernel",
            "check_bprop", "pynative_synchronize", "profiling_options", "aoe_job_type", "infer_boost",
            "enable_compile_cache", "save_graphs_path", "inter_op_parallel_num", "enable_reduce_precision")
    return {k: context.get_context(k) for k in keys}


def case_set_then_get():
    before = _snapshot()
    out = {}
    try:
        for kw in ({"save_graphs": True}, {"save_graphs": False}, {"save_graphs": 3}, {"max_call_depth": 5000},
                   {"memory_optimize_level": "O1"}, {"memory_optimize_level": "O0"}, {"jit_level": "O1"},
                   {"jit_config": {"jit_level": "O2"}}, {"runtime_num_threads": 3}, {"op_timeout": 0},
                   {"exec_order": "dfs"}, {"deterministic": "ON"}, {"inter_op_parallel_num": 2}, {"debug_level": 1},
                   {"reserve_class_name_in_scope": False}, {"enable_graph_kernel": True}, {"check_bprop": True},
                   {"pynative_synchronize": True}, {"graph_kernel_flags": "--opt_level=2"},
                   {"aoe_tune_mode": "online"}, {"aoe_config": {"job_type": "1"}}):
            context.set_context(**kw)
            key = next(iter(kw))
            out[key + "=" + repr(kw[key])] = context.get_context(key)
        out["jit_level_after_jit_config"] = context.get_context("jit_level")
        out["aoe_job_type"] = context.get_context("aoe_job_type")
    finally:
        _restore(before)
    return out


def case_errors():
    set_ = context.set_context
    before = _snapshot()
    try:
        return {
            "unknown_key": _err(lambda: set_(foo=1)), "get_unknown": _err(lambda: context.get_context("foo")),
            "removed_precompile_only": _err(lambda: set_(precompile_only=True)),
            "removed_grad_for_scalar": _err(lambda: set_(grad_for_scalar=True)),
            "ascend_key_outside_config": _err(lambda: set_(precision_mode="force_fp16")),
            "mode_value": _err(lambda: set_(mode=5)), "mode_type": _err(lambda: set_(mode="GRAPH")),
            "save_graphs_value": _err(lambda: set_(save_graphs=4)), "save_graphs_type": _err(lambda: set_(save_graphs="1")),
            "max_call_depth_zero": _err(lambda: set_(max_call_depth=0)),
            "max_call_depth_type": _err(lambda: set_(max_call_depth=1.5)),
            "memory_level": _err(lambda: set_(memory_optimize_level="O2")),
            "exec_order": _err(lambda: set_(exec_order="xfs")), "deterministic": _err(lambda: set_(deterministic="on")),
            "deterministic_type": _err(lambda: set_(deterministic=True)),
            "jit_config_key": _err(lambda: set_(jit_config={"level": "O1"})),
            "jit_config_value": _err(lambda: set_(jit_config={"jit_level": "O3"})),
            "jit_config_type": _err(lambda: set_(jit_config="O1")),
            "threads_negative": _err(lambda: set_(runtime_num_threads=-1)),
            "device_id_range": _err(lambda: set_(device_id=5000)), "device_id_type": _err(lambda: set_(device_id="0")),
            "device_target": _err(lambda: set_(device_target="TPU")),
            "debug_level": _err(lambda: set_(debug_level=3)),
            "env_config_path_missing": _err(lambda: set_(env_config_path="/nonexistent/ms_env.json")),
            "aoe_tune_mode": _err(lambda: set_(aoe_tune_mode="auto")),
            "reserve_type": _err(lambda: set_(reserve_class_name_in_scope=1)),
            "ms_get_unknown": _err(lambda: ms.get_context("no_such_key")),
        }
    finally:
        _restore(before)
