"""mindspore.communication.management: process-group queries.

mindshim runs one process unless torch.distributed has been initialised (by `init()` under a
launcher that sets WORLD_SIZE/RANK, e.g. torchrun); then rank and size come from it.
"""
from __future__ import annotations

from mindshim._backend import distributed as _dist

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"


class GlobalComm:
    # MindSpore 2.10's defaults before init() (on CPU too): the HCCL names
    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False
    CHECK_ENVS = True


def init(backend_name: str | None = None) -> None:
    """Join the process group when launched with several processes; a no-op for one process."""
    _dist.init_from_env()
    GlobalComm.INITED = True


def release() -> None:
    _dist.shutdown()
    GlobalComm.INITED = False


def get_rank(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    return _dist.rank()


def get_local_rank(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    return _dist.local_rank()


def get_group_size(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    return _dist.world_size()


def get_local_rank_size(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    return _dist.world_size()


__all__ = ["init", "release", "get_rank", "get_local_rank", "get_group_size", "get_local_rank_size", "GlobalComm",
           "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP"]
