"""Parity: the auto-parallel context (set/get/reset_auto_parallel_context keys, defaults and errors), ParallelMode's
import paths, mindspore.parallel._auto_parallel_context.auto_parallel_context() getters, the private
mindspore.parallel._utils helpers, set_algo_parameters / get_algo_parameters / reset_algo_parameters,
nn.DistributedGradReducer's degree check (MindSpore needs init() for the rest), Model's parameter_broadcast check,
load_distributed_checkpoint's checks."""
import os
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn

COMPILED_PASS = False

KEYS = ["device_num", "global_rank", "gradients_mean", "gradient_fp32_sync", "loss_repeated_mean", "pipeline_stages",
        "auto_pipeline", "pipeline_result_broadcast", "pipeline_interleave", "pipeline_scheduler", "parallel_mode",
        "search_mode", "auto_parallel_search_mode", "parameter_broadcast", "strategy_ckpt_load_file",
        "strategy_ckpt_save_file", "full_batch", "dataset_strategy", "enable_parallel_optimizer",
        "force_fp32_communication", "grad_accumulation_step", "all_reduce_fusion_config", "communi_parallel_mode",
        "optimizer_weight_shard_size", "optimizer_weight_shard_aggregated_save", "sharding_propagation",
        "enable_alltoall", "comm_fusion", "strategy_ckpt_config", "full_batch_is_set", "dump_local_norm",
        "dump_local_norm_path", "dump_device_local_norm", "auto_parallel_new_interface", "init_param_in_compile"]


def _outcome(fn):
    """`fn()`'s value, or "<ErrorType>: <first line of its message>"."""
    try:
        value = fn()
    except Exception as e:  # noqa: BLE001 - the error is the result
        lines = [line for line in str(e).splitlines() if line.strip()]
        return f"{type(e).__name__}: {lines[0] if lines else ''}"
    return "ok" if value is None else value


def _isolated(fn):
    ms.reset_auto_parallel_context()
    try:
        return fn()
    finally:
        ms.reset_auto_parallel_context()


def case_defaults():
    return _isolated(lambda: {k: ms.get_auto_parallel_context(k) for k in KEYS})


def case_set_then_get():
    def run():
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True, device_num=8,
                                     global_rank=3, parameter_broadcast=True, search_mode="sharding_propagation",
                                     pipeline_stages=2, all_reduce_fusion_config=[2, 5], enable_alltoall=True,
                                     strategy_ckpt_config={"save_file": "a.ckpt", "only_trainable_params": False},
                                     comm_fusion={"allreduce": {"mode": "size", "config": 32}},
                                     communi_parallel_mode="no_group_parallel", optimizer_weight_shard_size=4)
        first = {k: ms.get_auto_parallel_context(k) for k in KEYS}
        ms.set_auto_parallel_context(dataset_strategy="full_batch")
        full = [ms.get_auto_parallel_context(k) for k in ("dataset_strategy", "full_batch", "full_batch_is_set")]
        ms.set_auto_parallel_context(dataset_strategy=((2, 1), (2,)))
        strategy = ms.get_auto_parallel_context("dataset_strategy")
        ms.set_auto_parallel_context(full_batch=False, optimizer_weight_shard_size=1)
        # back to a string strategy: MindSpore's reset keeps the "strategy is a tuple" switch
        ms.set_auto_parallel_context(dataset_strategy="data_parallel")
        ms.reset_auto_parallel_context()
        reset = {k: ms.get_auto_parallel_context(k) for k in ("parallel_mode", "device_num", "gradients_mean")}
        return {"first": first, "full_batch": full, "strategy": [list(s) for s in strategy], "reset": reset}
    return _isolated(run)


BAD_SETTINGS = [
    {"foo": 1}, {"device_num": 0}, {"device_num": "2"}, {"device_num": 4097}, {"device_num": True},
    {"global_rank": -1}, {"global_rank": 4096}, {"gradients_mean": 1}, {"parallel_mode": "xx"},
    {"parallel_mode": "DATA_PARALLEL"}, {"parallel_mode": 1}, {"parallel_mode": "semi_auto_parallel"},
    {"parallel_mode": "auto_parallel"}, {"search_mode": "x"}, {"auto_parallel_search_mode": "y"},
    {"dataset_strategy": "x"}, {"dataset_strategy": 1}, {"dataset_strategy": ([1, 2],)},
    {"dataset_strategy": ((1, 2.0),)}, {"pipeline_stages": 0}, {"pipeline_stages": True},
    {"grad_accumulation_step": 0}, {"all_reduce_fusion_config": [2, 1]}, {"all_reduce_fusion_config": [1, 1]},
    {"all_reduce_fusion_config": []}, {"all_reduce_fusion_config": (1,)}, {"communi_parallel_mode": "x"},
    {"comm_fusion": {"x": 1}}, {"comm_fusion": {"allreduce": {"mode": "x", "config": 1}}},
    {"comm_fusion": {"allreduce": {"config": 1}}}, {"comm_fusion": {"openstate": 1}},
    {"strategy_ckpt_config": {"x": 1}}, {"strategy_ckpt_config": {"load_file": 1}}, {"comm_fusion": [1]},
    {"pipeline_config": {"pipeline_interleave": False, "pipeline_scheduler": "gpipe"}},
    {"pipeline_config": {"x": 1}}, {"parameter_broadcast": "yes"}, {"enable_parallel_optimizer": 0},
]


def case_bad_settings():
    return [_isolated(lambda kw=kw: _outcome(lambda: ms.set_auto_parallel_context(**kw))) for kw in BAD_SETTINGS]


def case_unknown_key_raises():
    ms.set_auto_parallel_context(no_such_key=True)


def case_get_unknown_key_raises():
    ms.get_auto_parallel_context("no_such_key")


def case_parallel_mode_paths():
    from mindspore.train import model as model_module
    pm = ms.ParallelMode
    return {"names": [pm.STAND_ALONE, pm.DATA_PARALLEL, pm.HYBRID_PARALLEL, pm.SEMI_AUTO_PARALLEL, pm.AUTO_PARALLEL],
            "mode_list": list(pm.MODE_LIST), "context": ms.context.ParallelMode is pm,
            "train_model": model_module.ParallelMode is pm}


def case_auto_parallel_context_object():
    from mindspore.parallel._auto_parallel_context import auto_parallel_context

    def run():
        ctx = auto_parallel_context()
        before = [ctx.get_device_num_is_set(), ctx.get_global_rank_is_set(), ctx.get_parameter_broadcast_is_set()]
        ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True, device_num=4, global_rank=1,
                                     parameter_broadcast=True, full_batch=True)
        getters = ["get_parallel_mode", "get_gradients_mean", "get_device_num", "get_global_rank",
                   "get_parameter_broadcast", "get_enable_parallel_optimizer", "get_pipeline_stages", "get_full_batch",
                   "get_strategy_search_mode", "get_dataset_strategy", "get_grad_accumulation_step",
                   "get_loss_repeated_mean", "get_gradient_fp32_sync", "get_all_reduce_fusion_split_indices",
                   "get_strategy_ckpt_config", "get_device_num_is_set", "get_global_rank_is_set",
                   "get_parameter_broadcast_is_set", "get_full_batch_is_set", "get_optimizer_weight_shard_size"]
        return {"before": before, "after": {g: getattr(ctx, g)() for g in getters},
                "same_object": auto_parallel_context() is ctx}
    return _isolated(run)


def case_parallel_utils():
    from mindspore.parallel import _utils as u

    def run():
        names = ["_get_parallel_mode", "_get_gradients_mean", "_get_device_num", "_get_global_rank",
                 "_get_parameter_broadcast", "_get_enable_parallel_optimizer", "_get_pipeline_stages",
                 "_get_full_batch", "_is_in_auto_parallel_mode", "_is_in_data_parallel_mode",
                 "_is_in_hybrid_parallel_mode", "_is_sharding_propagation"]
        stand_alone = {n: getattr(u, n)() for n in names}
        ms.set_auto_parallel_context(device_num=4, global_rank=2)
        stand_alone_set = [u._get_device_num(), u._get_global_rank()]
        ms.set_auto_parallel_context(parallel_mode="hybrid_parallel", gradients_mean=True)
        hybrid = {n: getattr(u, n)() for n in names}
        checks = [_outcome(lambda: u._device_number_check("stand_alone", 2)),
                  _outcome(lambda: u._device_number_check("data_parallel", 2)),
                  _outcome(lambda: u._parameter_broadcast_check("stand_alone", True)),
                  _outcome(lambda: u._parameter_broadcast_check("auto_parallel", True)),
                  _outcome(lambda: u._parameter_broadcast_check("data_parallel", True))]
        return {"stand_alone": stand_alone, "stand_alone_set": stand_alone_set, "hybrid": hybrid, "checks": checks}
    return _isolated(run)


def case_algo_parameters():
    keys = ["fully_use_devices", "elementwise_op_strategy_follow", "tensor_slice_align_enable",
            "tensor_slice_align_size", "enable_algo_approxi", "algo_approxi_epsilon"]
    ms.reset_algo_parameters()
    try:
        defaults = {k: ms.get_algo_parameters(k) for k in keys}
        ms.set_algo_parameters(fully_use_devices=True, tensor_slice_align_size=64, enable_algo_approxi=True,
                               algo_approxi_epsilon=0.3)
        changed = {k: ms.get_algo_parameters(k) for k in keys}
        errors = [_outcome(lambda kw=kw: ms.set_algo_parameters(**kw)) for kw in (
            {"x": 1}, {"tensor_slice_align_size": 0}, {"tensor_slice_align_size": 2000},
            {"algo_approxi_epsilon": 0.0}, {"algo_approxi_epsilon": 1.5}, {"algo_approxi_epsilon": 1},
            {"fully_use_devices": 1})]
        errors.append(_outcome(lambda: ms.get_algo_parameters("x")))
        ms.reset_algo_parameters()
        reset = {k: ms.get_algo_parameters(k) for k in keys}
        from mindspore import parallel
        same = [parallel.set_algo_parameters is ms.set_algo_parameters,
                parallel.get_algo_parameters is ms.get_algo_parameters,
                parallel.reset_algo_parameters is ms.reset_algo_parameters]
        return {"defaults": defaults, "changed": changed, "errors": errors, "reset": reset, "same": same}
    finally:
        ms.reset_algo_parameters()


def _params():
    return [ms.Parameter(Tensor(np.ones((2, 3), np.float32)), name="w"),
            ms.Parameter(Tensor(np.ones(3, np.float32)), name="b")]


def case_grad_reducer_bad_degree():
    return [_outcome(lambda d=d: nn.DistributedGradReducer(_params(), mean=True, degree=d)) for d in (0, -1, 1.5)]


def case_model_parameter_broadcast_stand_alone_raises():
    def run():
        ms.set_auto_parallel_context(parameter_broadcast=True)
        import mindspore.dataset as ds
        from mindspore.train import Model
        net = nn.Dense(2, 1)
        model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
        data = ds.NumpySlicesDataset({"x": np.ones((2, 2), np.float32), "y": np.ones((2, 1), np.float32)},
                                     shuffle=False).batch(2)
        return _outcome(lambda: model.train(1, data, dataset_sink_mode=False))
    return _isolated(run)


def case_load_distributed_checkpoint_checks():
    net = nn.Dense(2, 1)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "a.ckpt")
        ms.save_checkpoint(net, path)
        outcomes = [_outcome(lambda: ms.load_distributed_checkpoint(net, path)),
                _outcome(lambda: ms.load_distributed_checkpoint(net, [path, os.path.join(folder, "missing.ckpt")])),
                _outcome(lambda: ms.load_distributed_checkpoint(net, [path[:-5] + ".txt"])),
                ms.load_distributed_checkpoint is __import__("mindspore.parallel").parallel.load_distributed_checkpoint]
        return [o.replace(folder, "<dir>") if isinstance(o, str) else o for o in outcomes]
