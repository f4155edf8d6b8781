"""mindspore.parallel._utils: the private helpers TrainOneStepCell-style scripts import."""
from __future__ import annotations

from mindshim import context


def _get_parallel_mode() -> str:
    return context.get_auto_parallel_context("parallel_mode")


def _get_gradients_mean() -> bool:
    return context.get_auto_parallel_context("gradients_mean")


def _get_device_num() -> int:
    return context.get_auto_parallel_context("device_num")


def _get_global_rank() -> int:
    return context.get_auto_parallel_context("global_rank")


def _is_in_auto_parallel_mode() -> bool:
    return _get_parallel_mode() in (context.ParallelMode.SEMI_AUTO_PARALLEL, context.ParallelMode.AUTO_PARALLEL)
