"""mindspore.runtime executor settings: kernel launch behaviour, configured once per process.

`launch_blocking` makes CUDA kernel launches synchronous (CUDA_LAUNCH_BLOCKING, effective when set before the
first CUDA call, as MindSpore requires it at start-up). The dispatch-thread and kernel-launch-group/capture
settings tune MindSpore's own runtime; torch has no counterpart, so they are validated as MindSpore validates
them and kept (mindshim's engine already captures compiled CUDA steps as graphs).
"""
from __future__ import annotations

import os
from typing import Any

from mindshim._checkparam import args_type_check as _args_type_check
from mindshim._checkparam import check_positive_int as _check_positive_int

_conf: dict[str, Any] = {}


def launch_blocking() -> None:
    os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
    _conf["launch_blocking"] = True


@_args_type_check(threads_num=int)
def dispatch_threads_num(threads_num: int) -> None:
    if "dispatch_threads_num" in _conf:
        raise RuntimeError("The 'dispatch_threads_num' can not be set repeatedly.")
    _conf["dispatch_threads_num"] = _check_positive_int(threads_num, "threads_num")


@_args_type_check(thread_num=int, kernel_group_num=int)
def set_kernel_launch_group(thread_num: int = 2, kernel_group_num: int = 8) -> None:
    if "kernel_launch_group" in _conf:
        raise RuntimeError("The 'kernel_launch_group' can not be set repeatedly.")
    if _conf.get("kernel_launch_capture"):
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    if thread_num < 1:
        raise ValueError(f"The value of thread_num should be at least 1, but got {thread_num}")
    if kernel_group_num < 1:
        raise ValueError(f"The value of kernel_group_num should be at least 1, but got {kernel_group_num}")
    if kernel_group_num % thread_num != 0:
        raise ValueError(f"Invalid parameter value, kernel_group_num: {kernel_group_num} cannot be evenly "
                         f"divisible by thread_num: {thread_num}")
    _conf["kernel_launch_group"] = (thread_num, kernel_group_num)


@_args_type_check(enable_capture_graph=bool)
def set_kernel_launch_capture(enable_capture_graph: bool, op_capture_skip: list | None = None) -> None:
    if "kernel_launch_group" in _conf:
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    if op_capture_skip is None:
        op_capture_skip = []
    if not isinstance(op_capture_skip, list):
        raise TypeError("op_capture_skip must be a list")
    _conf["kernel_launch_capture"] = enable_capture_graph
    _conf["op_capture_skip"] = list(op_capture_skip)


__all__ = ["launch_blocking", "dispatch_threads_num", "set_kernel_launch_group", "set_kernel_launch_capture"]
