"""mindspore.parallel._utils: the private helpers training code and model-zoo scripts import.

As in MindSpore, `_get_device_num` / `_get_global_rank` follow the process group (after `init()`) unless
device_num / global_rank were set explicitly, and are 1 / 0 in stand_alone mode.
"""
from __future__ import annotations

from mindshim._errors import unsupported
from mindshim.parallel._auto_parallel_context import auto_parallel_context

_AUTO_MODES = ("semi_auto_parallel", "auto_parallel")


def _get_parallel_mode() -> str:
    return auto_parallel_context().get_parallel_mode()


def _is_in_auto_parallel_mode() -> bool:
    return _get_parallel_mode() in _AUTO_MODES


def _is_in_data_parallel_mode() -> bool:
    return _get_parallel_mode() == "data_parallel"


def _is_in_hybrid_parallel_mode() -> bool:
    return _get_parallel_mode() == "hybrid_parallel"


def _get_gradients_mean() -> bool:
    return auto_parallel_context().get_gradients_mean()


def _get_device_num() -> int:
    ctx = auto_parallel_context()
    if ctx.get_parallel_mode() == "stand_alone":
        return 1
    if ctx.get_device_num_is_set():
        return ctx.get_device_num()
    from mindshim.communication.management import get_group_size
    return get_group_size()


def _get_global_rank() -> int:
    ctx = auto_parallel_context()
    if ctx.get_parallel_mode() == "stand_alone":
        return 0
    if ctx.get_global_rank_is_set():
        return ctx.get_global_rank()
    from mindshim.communication.management import get_rank
    return get_rank()


def _get_parameter_broadcast() -> bool:
    return auto_parallel_context().get_parameter_broadcast()


def _get_enable_parallel_optimizer() -> bool:
    return auto_parallel_context().get_enable_parallel_optimizer()


def _get_pipeline_stages() -> int:
    return auto_parallel_context().get_pipeline_stages()


def _get_stage_device_num() -> int:
    return _get_device_num() // _get_pipeline_stages()


def _get_full_batch() -> bool:
    return auto_parallel_context().get_full_batch()


def _is_sharding_propagation() -> bool:
    return auto_parallel_context().get_strategy_search_mode() == "sharding_propagation"


def _device_number_check(parallel_mode: str, device_number: int) -> None:
    if parallel_mode == "stand_alone" and device_number != 1:
        raise ValueError("If parallel_mode is stand_alone, device_number must be 1, "
                         f"device_number: {device_number}, parallel_mode:{parallel_mode}")


def _parameter_broadcast_check(parallel_mode: str, parameter_broadcast: bool) -> None:
    if parameter_broadcast is True and parallel_mode in ("stand_alone", "semi_auto_parallel", "auto_parallel"):
        raise ValueError("stand_alone, semi_auto_parallel and auto_parallel do not support parameter broadcast, "
                         f"parallel_mode: {parallel_mode}, parameter_broadcast:{parameter_broadcast}")


def _check_training_mode(where: str) -> None:
    """Training under a sharding-strategy mode needs MindSpore's graph partitioner, which mindshim lacks."""
    mode = _get_parallel_mode()
    if mode in _AUTO_MODES:
        raise unsupported(f"{where} with set_auto_parallel_context(parallel_mode='{mode}')",
                          "only stand_alone, data_parallel and hybrid_parallel training run (gradients are "
                          "all-reduced over torch.distributed; operators are never sharded)")
