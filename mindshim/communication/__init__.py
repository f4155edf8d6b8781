"""mindspore.communication."""
from mindshim.communication.management import (
    HCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, GlobalComm, get_group_size,
    get_local_rank, get_local_rank_size, get_rank, init, release,
)

__all__ = ["init", "release", "get_rank", "get_local_rank", "get_group_size", "get_local_rank_size", "GlobalComm",
           "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP"]
