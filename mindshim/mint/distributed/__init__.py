"""mindspore.mint.distributed."""
from mindshim.mint.distributed.distributed import (
    all_gather, all_gather_into_tensor, all_gather_into_tensor_uneven, all_gather_object, all_reduce, all_to_all,
    all_to_all_single, barrier, batch_isend_irecv, broadcast, broadcast_object_list, destroy_process_group, gather,
    gather_object, get_backend, get_global_rank, get_group_rank, get_process_group_ranks, get_rank, get_world_size,
    init_process_group, irecv, is_available, is_initialized, isend, new_group, P2POp, recv, recv_object_list,
    reduce, reduce_scatter, reduce_scatter_tensor, reduce_scatter_tensor_uneven, scatter, scatter_object_list, send,
    send_object_list, TCPStore,
)

__all__ = ["TCPStore", "init_process_group", "destroy_process_group", "get_rank", "get_world_size", "new_group",
           "get_backend", "get_global_rank", "get_process_group_ranks", "get_group_rank", "all_reduce",
           "all_gather_into_tensor", "all_to_all", "all_to_all_single", "reduce_scatter_tensor", "isend", "irecv",
           "send", "recv", "send_object_list", "recv_object_list", "gather", "scatter", "all_gather", "reduce_scatter",
           "barrier", "broadcast", "reduce", "P2POp", "batch_isend_irecv", "all_gather_object",
           "broadcast_object_list", "gather_object", "scatter_object_list", "is_available", "is_initialized",
           "all_gather_into_tensor_uneven", "reduce_scatter_tensor_uneven"]
