"""mindspore.communication.management: joining the cluster, rank queries and named groups.

`init()` joins torch.distributed (gloo on CPU, NCCL on CUDA) from the launcher's variables: torchrun's
(WORLD_SIZE/RANK/MASTER_ADDR/MASTER_PORT) or, through `mindshim._backend.launch_env`, msrun's, mpirun's and
MindSpore's own. Before init() the rank queries answer from RANK_ID/RANK_SIZE/... as MindSpore does, and
the group functions raise MindSpore's "has not been inited" error.
"""
from __future__ import annotations

import logging
import os

from mindshim._backend import device as _device
from mindshim._backend import distributed as _dist

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"
_WORLD_NAMES = {"hccl": HCCL_WORLD_COMM_GROUP, "nccl": NCCL_WORLD_COMM_GROUP, "mccl": MCCL_WORLD_COMM_GROUP}
_NOT_INITED = ("Distributed Communication has not been inited.You can't invoke this interface yet. "
               "Please call `init()` method first.")
_NO_LAUNCHER = ("Maybe you are trying to call 'mindspore.communication.init()' without using 'mpirun', which will "
                "make MindSpore load several environment variables and check their validation. Please use "
                "'mpirun' to launch this process to fix this issue, or refer to this link if you want to run "
                "distributed training using 'msrun' (mindshim: start it with `mindshim msrun`, torchrun, or "
                "mpirun, which set the cluster variables).")
_log = logging.getLogger("mindshim.communication")


class GlobalComm:
    # MindSpore 2.10's values before init() (on CPU too): the HCCL names
    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False
    CHECK_ENVS = True


def _get_group(group: str) -> str:
    """MindSpore's default argument is the HCCL world name; it means whatever world init() made."""
    if group == HCCL_WORLD_COMM_GROUP:
        return GlobalComm.WORLD_COMM_GROUP
    return group


def _check_group(api: str, group: object) -> None:
    if not isinstance(group, str):
        raise TypeError(f"For '{api}', the argument 'group' must be type of string, but got 'group' type : "
                        f"{type(group)}.")


def _torch_group(group: str) -> object:
    """The torch ProcessGroup behind a group name (None: torch's default group, or not initialised)."""
    if not GlobalComm.INITED:
        return None
    return _dist.lookup(_get_group(group)).pg


def _require_init() -> None:
    if not GlobalComm.INITED:
        raise RuntimeError(_NOT_INITED)


def init(backend_name: str | None = None) -> None:
    """Join the cluster the launcher describes. "hccl", "nccl" and "mccl" are all accepted: the work runs on
    gloo when the context's device is the CPU and on NCCL when it is a CUDA device."""
    if backend_name is not None and not isinstance(backend_name, str):
        raise TypeError(f"For 'init', the argument 'backend_name' must be a string, but got the type : "
                        f"{type(backend_name)}")
    if backend_name is not None and backend_name not in _WORLD_NAMES:
        raise RuntimeError(f"For 'init', the argument 'backend_name' must be one of 'hccl', 'nccl' and 'mccl', "
                           f"but got 'backend_name' : {backend_name}")
    use_cuda = _device.current().type == "cuda"
    backend = "nccl" if use_cuda else "mccl"
    if not _dist.init_world(_WORLD_NAMES[backend], use_cuda):
        raise RuntimeError(_NO_LAUNCHER)
    if use_cuda and _device.current().index != _dist.local_rank():
        # NCCL needs one GPU per local rank; MindSpore's workers likewise default to DEVICE_ID = local rank
        _device.set_target(_device.target(), _dist.local_rank())
    GlobalComm.BACKEND = backend
    GlobalComm.WORLD_COMM_GROUP = _WORLD_NAMES[backend]
    GlobalComm.INITED = True


def _init_with_store(store: object, rank: int, world_size: int, timeout_s: float) -> None:
    """init() through a key-value store instead of launcher variables (ops.init_process_group(store=...))."""
    use_cuda = _device.current().type == "cuda"
    backend = "nccl" if use_cuda else "mccl"
    _dist.init_world_with_store(_WORLD_NAMES[backend], use_cuda, store, rank, world_size, timeout_s)
    GlobalComm.BACKEND = backend
    GlobalComm.WORLD_COMM_GROUP = _WORLD_NAMES[backend]
    GlobalComm.INITED = True


def release() -> None:
    _dist.shutdown()
    GlobalComm.INITED = False


def get_rank(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    _check_group("get_rank", group)
    if not GlobalComm.INITED:
        return int(os.getenv("RANK_ID", "0"))
    return _dist.group_rank(_get_group(group))


def get_local_rank(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    _check_group("get_local_rank", group)
    if not GlobalComm.INITED:
        return int(os.getenv("LOCAL_RANK", "0"))
    _dist.lookup(_get_group(group))
    return _dist.local_rank()


def get_group_size(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    _check_group("get_group_size", group)
    if not GlobalComm.INITED:
        return int(os.getenv("RANK_SIZE", "1"))
    return _dist.group_size(_get_group(group))


def get_local_rank_size(group: str = GlobalComm.WORLD_COMM_GROUP) -> int:
    _check_group("get_local_rank_size", group)
    if not GlobalComm.INITED:
        return int(os.getenv("LOCAL_RANK_SIZE", "1"))
    _dist.lookup(_get_group(group))
    return _dist.local_world_size()


def get_world_rank_from_group_rank(group: str, group_rank_id: int) -> int:
    _check_group("get_world_rank_from_group_rank", group)
    _require_init()
    if not isinstance(group_rank_id, int):
        raise TypeError(f"For 'get_world_rank_from_group_rank', the argument 'group_rank_id' must be type of int, "
                        f"but got 'group_rank_id' type : {type(group_rank_id)}.")
    return _dist.world_rank_of(_get_group(group), group_rank_id)


def get_group_rank_from_world_rank(world_rank_id: int, group: str) -> int:
    _check_group("get_group_rank_from_world_rank", group)
    _require_init()
    if not isinstance(world_rank_id, int):
        raise TypeError(f"For 'get_group_rank_from_world_rank', the argument 'world_rank_id' must be type of int, "
                        f"but got 'world_rank_id' type : {type(world_rank_id)}.")
    return _dist.group_rank_of(world_rank_id, _get_group(group))


def create_group(group: str, rank_ids: list, options: object = None) -> None:
    """A named group of world ranks (called by its members); its group ranks follow `rank_ids`' order."""
    _check_group("create_group", group)
    _require_init()
    if _dist.has_group(group):
        existing = _dist.lookup(group).ranks
        if rank_ids != existing:
            raise ValueError(f"The group {group} has been created, the rank_list is {existing}, but current "
                             f"rank_list for the group is {rank_ids}")
        _log.warning("%r group has existed.", group)
        return
    if not isinstance(rank_ids, list):
        raise TypeError(f"For 'create_group', the argument 'rank_ids' must be type of list, but got 'rank_ids' "
                        f"type : {type(rank_ids)}.")
    if len(rank_ids) < 1:
        raise ValueError(f"For 'create_group', the argument 'rank_ids' size should be greater than 1, but got "
                         f"'rank_ids' size : {len(rank_ids)}.")
    if len(set(rank_ids)) != len(rank_ids):
        raise ValueError(f"List rank_ids in Group {group} has duplicate data!")
    _dist.create_group(group, list(rank_ids))


def destroy_group(group: str) -> None:
    _check_group("destroy_group", group)
    _require_init()
    if _get_group(group) == GlobalComm.WORLD_COMM_GROUP:
        raise ValueError("The world_group does not support destruction.")
    _dist.lookup(group)
    _dist.destroy_group(group)


def get_comm_name(group: str = GlobalComm.WORLD_COMM_GROUP) -> str:
    """MindSpore's communicator name; empty on CPU (MCCL), and for torch's groups too."""
    _check_group("get_comm_name", group)
    _require_init()
    _dist.lookup(_get_group(group))
    return ""


def get_process_group_ranks(group: str = GlobalComm.WORLD_COMM_GROUP) -> list[int]:
    _require_init()
    return list(_dist.lookup(_get_group(group)).ranks)


__all__ = ["init", "release", "get_rank", "get_local_rank", "get_group_size", "get_local_rank_size", "GlobalComm",
           "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP", "create_group",
           "destroy_group", "get_comm_name", "get_group_rank_from_world_rank", "get_world_rank_from_group_rank",
           "get_process_group_ranks"]
