"""mindspore.mint.distributed: torch.distributed-style collectives (always in place). They are the functions of
mindspore.ops.communication, except get_rank, which answers RANK_ID (0) before init as MindSpore's mint does."""
from __future__ import annotations

import logging

from mindshim.communication import management as _mgmt
from mindshim.communication.management import GlobalComm
from mindshim.ops.function.comm_func import (
    all_gather, all_gather_into_tensor, all_gather_into_tensor_uneven, all_gather_object, all_reduce, all_to_all,
    all_to_all_single, barrier, batch_isend_irecv, broadcast, broadcast_object_list, destroy_process_group, gather,
    gather_into_tensor, gather_object, get_backend, get_global_rank, get_group_rank, get_process_group_ranks,
    get_world_size, init_process_group, irecv, is_available, is_initialized, isend, new_group, P2POp, recv,
    recv_object_list, reduce, reduce_scatter, reduce_scatter_tensor, reduce_scatter_tensor_uneven, scatter,
    scatter_object_list, scatter_tensor, send, send_object_list, TCPStore,
)

_log = logging.getLogger("mindshim.communication")


def get_rank(group: str | None = None) -> int:
    group = GlobalComm.WORLD_COMM_GROUP if group is None else group
    if not isinstance(group, str):
        raise TypeError(f"For 'get_rank', the argument 'group' must be type of string, but got 'group' type : "
                        f"{type(group)}.")
    try:
        return _mgmt.get_rank(group)
    except RuntimeError as exc:
        _log.warning("%s", exc)
        return -1


__all__ = ["TCPStore", "init_process_group", "destroy_process_group", "get_rank", "get_world_size", "new_group",
           "get_backend", "get_global_rank", "get_process_group_ranks", "get_group_rank", "all_reduce",
           "all_gather_into_tensor", "all_to_all", "all_to_all_single", "reduce_scatter_tensor", "isend", "irecv",
           "send", "recv", "send_object_list", "recv_object_list", "gather", "scatter", "all_gather", "reduce_scatter",
           "barrier", "broadcast", "reduce", "P2POp", "batch_isend_irecv", "all_gather_object",
           "broadcast_object_list", "gather_object", "scatter_object_list", "is_available", "is_initialized",
           "gather_into_tensor", "scatter_tensor", "all_gather_into_tensor_uneven", "reduce_scatter_tensor_uneven"]
