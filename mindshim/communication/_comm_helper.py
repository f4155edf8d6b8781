"""mindspore.communication._comm_helper: the group helpers behind `mindspore.communication.management`, which
model-zoo code calls directly. Each answers as the public function of the same meaning does."""
from __future__ import annotations

import os

from mindshim.communication.management import (
    HCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, GlobalComm, get_group_rank_from_world_rank,
    get_group_size, get_local_rank, get_local_rank_size, get_rank, get_world_rank_from_group_rank)


def _get_rank_helper(group: str) -> int:
    return get_rank(group)


def _get_local_rank_helper(group: str) -> int:
    return get_local_rank(group)


def _get_size_helper(group: str) -> int:
    return get_group_size(group)


def _get_local_size_helper(group: str) -> int:
    return get_local_rank_size(group)


def _get_world_rank_from_group_rank_helper(group: str, group_rank_id: int) -> int:
    return get_world_rank_from_group_rank(group, group_rank_id)


def _get_group_rank_from_world_rank_helper(world_rank_id: int, group: str) -> int:
    return get_group_rank_from_world_rank(world_rank_id, group)


def _is_role_sched() -> bool:
    """Whether this process is the cluster's scheduler (MS_ROLE=MS_SCHED), which runs no training."""
    return os.getenv("MS_ROLE") == "MS_SCHED"
