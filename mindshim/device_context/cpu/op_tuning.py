"""mindspore.device_context.cpu.op_tuning: CPU kernel threads (torch's intra-op thread count), set once."""
from __future__ import annotations

from mindshim._backend import device_settings as _settings
from mindshim._checkparam import args_type_check as _args_type_check
from mindshim._checkparam import check_positive_int as _check_positive_int

_conf: dict[str, int] = {}


@_args_type_check(num=int)
def threads_num(num: int) -> None:
    """Number of threads CPU kernels use; like MindSpore, it can be set once per process."""
    if "threads_num" in _conf:
        raise RuntimeError("The 'threads_num' can not be set repeatedly.")
    num = _check_positive_int(num, "num")
    _conf["threads_num"] = num
    _settings.set_cpu_threads(num)


__all__ = ["threads_num"]
