"""mindspore.ops.communication (the functions of ops.function.comm_func): torch.distributed-style collectives
on MindSpore group names. By default they write into the tensors they are given (MindSpore's "inplace" mode,
switched per function by `set_comm_ops_inplace`) and return a handle (None unless `async_op=True`).
Ranks given as `src`/`dst`/`peer` are world ranks. Work runs synchronously: a returned handle is complete."""
from __future__ import annotations

import hashlib
import logging
import os
from typing import Any, Sequence

import torch

from mindshim._backend import collectives as _coll
from mindshim._backend import distributed as _dist
from mindshim.common.tensor import plain, wrap
from mindshim.communication import management as _mgmt
from mindshim.communication.management import GlobalComm
from mindshim.ops.operations.comm_ops import ReduceOp

_log = logging.getLogger("mindshim.communication")
_INPLACE_FUNCS = ("all_reduce all_gather_into_tensor all_gather_into_tensor_uneven all_to_all all_to_all_single "
                  "reduce_scatter_tensor reduce_scatter_tensor_uneven isend irecv send recv gather scatter all_gather "
                  "reduce_scatter barrier broadcast reduce batch_isend_irecv all_gather_object broadcast_object_list "
                  "gather_object scatter_object_list send_object_list recv_object_list gather_into_tensor "
                  "scatter_tensor all_to_all_v_c").split()
_INPLACE = {name: True for name in _INPLACE_FUNCS}
_OPS = ("sum", "prod", "min", "max", "avg")


class CommHandle:
    """The handle of an asynchronous call; the work is already done, so wait() returns at once."""

    def __init__(self, work: Any = None) -> None:
        self._work = work

    def wait(self) -> None:
        for work in self._work if isinstance(self._work, list) else [self._work]:
            if work is not None:
                work.wait()

    def __repr__(self) -> str:
        return "CommHandle(handle=None)" if self._work is None else f"CommHandle(handle={self._work})"


def _handle(async_op: bool, work: Any = None) -> CommHandle | None:
    return CommHandle(work) if async_op else None


def set_comm_ops_inplace(is_enable: bool, func_list: Sequence[str] | None = None) -> None:
    if not isinstance(is_enable, bool):
        raise TypeError(f"For 'set_comm_ops_inplace', the argument 'is_enable' must be type of bool, but got "
                        f"'is_enable' type : {type(is_enable)}.")
    if func_list is None:
        func_list = list(_INPLACE)
    if not isinstance(func_list, (list, tuple)):
        raise TypeError(f"Expected list or tuple, but got {type(func_list)}.")
    for func in func_list:
        if func not in _INPLACE:
            raise ValueError(f"The function name in `func_list` must be correct, but got {func}.")
        _INPLACE[func] = is_enable


def _require_inplace(name: str) -> None:
    if not _INPLACE[name]:
        raise ValueError("Non-inplace mode is currently not supported.")


def _group(group: Any, async_op: bool = False) -> _dist.Group | None:
    name = GlobalComm.WORLD_COMM_GROUP if group is None else group
    if not isinstance(name, str):
        raise TypeError(f"The argument 'group' must be type of string, but got 'group' type : {type(name)}.")
    if not isinstance(async_op, bool):
        raise TypeError(f"The argument 'async_op' must be a bool, but got {type(async_op)}.")
    return _dist.lookup(_mgmt._get_group(name)) if GlobalComm.INITED else None


def _tensor(api: str, value: Any, what: str = "input tensor") -> torch.Tensor:
    if not isinstance(value, torch.Tensor):
        raise TypeError(f"For {api}, the {what} must be tensor")
    return plain(value)


def _check_op(api: str, op: Any) -> None:
    if not isinstance(op, str):
        raise TypeError(f"For {api}, the input op type must be str")
    if op not in _OPS:
        raise TypeError(f"For {api}, the input op value must be one of sum, prod, min, max, avg")


def _local(group: _dist.Group | None, world_rank: int) -> int:
    """A world rank's rank in `group` (itself before init)."""
    return world_rank if group is None else _dist.group_rank_of(world_rank, group.name)


def _fill(dst: Any, value: torch.Tensor) -> None:
    with torch.no_grad():
        plain(dst).copy_(value)


def _peer(group: _dist.Group | None, api: str) -> _dist.Group:
    if group is None:
        raise RuntimeError(f"For {api}, there is no peer: call init() (or init_process_group()) under a launcher.")
    return group


# ---------------------------------------------------------------------------------------- process groups
def is_available() -> bool:
    return True


def is_initialized() -> bool:
    return bool(GlobalComm.INITED)


def init_process_group(backend: str = "hccl", init_method: str | None = None, timeout: Any = None,
                       world_size: int = -1, rank: int = -1, store: Any = None, group_name: str = "",
                       pg_options: Any = None, device_id: Any = None) -> None:
    if backend != "hccl":
        raise ValueError("Only support hccl now, please setting backend to hccl or using default value")
    if init_method is not None and store is not None:
        raise ValueError("Only one of init_method and store is supported.")
    if init_method is not None or store is not None:
        if world_size <= 0:
            raise ValueError("Specified world_size must be a positive integer.")
        if rank < 0:
            raise ValueError("Specified rank must be a non-negative integer.")
    if store is not None:
        seconds = timeout.total_seconds() if timeout is not None else _dist.timeout_seconds(os.environ)
        _mgmt._init_with_store(getattr(store, "_store", store), rank, world_size, seconds)
    elif init_method is not None:
        address = init_method[len("tcp://"):] if init_method.startswith("tcp://") else ""
        host, _, port = address.rpartition(":")
        if not host or not port.isdigit():
            raise RuntimeError(f"Failed to parse TCP URL from 'init_method': {init_method}")
        os.environ.update(MASTER_ADDR=host, MASTER_PORT=port, RANK=str(rank), WORLD_SIZE=str(world_size))
        if timeout is not None:
            os.environ["MS_TOPO_TIMEOUT"] = str(timeout.total_seconds())
    if store is None:
        _mgmt.init()
    size = _mgmt.get_group_size(group_name) if group_name else _mgmt.get_group_size()
    if world_size not in (-1, size):
        raise ValueError("world_size is wrong, please using default value or setting: ", size)


def destroy_process_group(group: str | None = None) -> None:
    if group is None or group == GlobalComm.WORLD_COMM_GROUP:
        _mgmt.release()
    elif not isinstance(group, str):
        raise TypeError(f"For 'destroy_group', the argument 'group' must be type of string or None, but got "
                        f"'group' type : {type(group)}.")
    else:
        _mgmt.destroy_group(group)


def get_rank(group: str | None = None) -> int:
    group = GlobalComm.WORLD_COMM_GROUP if group is None else group
    if not isinstance(group, str):
        raise TypeError(f"For 'get_rank', the argument 'group' must be type of string, but got 'group' type : "
                        f"{type(group)}.")
    if not GlobalComm.INITED:  # MindSpore 2.10 answers RANK_SIZE here (not RANK_ID): kept for parity
        return int(os.getenv("RANK_SIZE", "1"))
    try:
        return _mgmt.get_rank(group)
    except (RuntimeError, ValueError) as exc:
        _log.warning("%s", exc)
        return -1


def get_world_size(group: str | None = None) -> int:
    group = GlobalComm.WORLD_COMM_GROUP if group is None else group
    if not isinstance(group, str):
        raise TypeError(f"For 'get_world_size', the argument 'group' must be type of string, but got 'group' "
                        f"type : {type(group)}.")
    try:
        return _mgmt.get_group_size(group)
    except RuntimeError as exc:
        _log.warning("%s", exc)
        return -1


def new_group(ranks: list | None = None, timeout: Any = None, backend: str | None = None, pg_options: Any = None,
              use_local_synchronization: bool = False, group_desc: str | None = None) -> str:
    if ranks is None:
        return GlobalComm.WORLD_COMM_GROUP
    if not isinstance(ranks, list):
        raise TypeError(f"ranks must be list, but got {type(ranks)}")
    ranks = sorted(ranks)
    backend = "hccl" if backend is None else backend
    if not isinstance(backend, str) or backend not in ("hccl", "mccl"):
        raise TypeError(f"the input backend must be hccl or mccl, but got {backend}")
    name = f"{backend}_{len(ranks)}_" + hashlib.sha1("_".join(map(str, ranks)).encode()).hexdigest()
    try:
        _mgmt.create_group(name, ranks)
    except RuntimeError as exc:
        _log.warning("%s", exc)
        return ""
    return name


def get_backend(group: str | None = None) -> str:
    if group is None:
        return "hccl"
    if not isinstance(group, str):
        raise TypeError(f"For 'get_backend', the argument 'group' must be type of string or None, but got 'group' "
                        f"type : {type(group)}.")
    for name in ("hccl", "mccl"):
        if name in group:
            return name
    return GlobalComm.BACKEND


def get_global_rank(group: str | None, group_rank: int) -> int:
    if not isinstance(group_rank, int):
        raise TypeError(f"The group_rank argument must be integer, but got {type(group_rank)}.")
    if group is None or group == GlobalComm.WORLD_COMM_GROUP:
        return group_rank
    if not isinstance(group, str):
        raise TypeError(f"For 'get_global_rank', the argument 'group' must be type of string or None, but got "
                        f"'group' type : {type(group)}.")
    return _mgmt.get_world_rank_from_group_rank(group, group_rank)


def get_group_rank(group: str | None, global_rank: int) -> int:
    if not isinstance(global_rank, int):
        raise TypeError(f"The global_rank argument must be integer, but got {type(global_rank)}.")
    group = GlobalComm.WORLD_COMM_GROUP if group is None else group
    if not isinstance(group, str):
        raise TypeError(f"For 'get_group_rank_from_world_rank', the argument 'group' must be type of string, but "
                        f"got 'group' type : {type(group)}.")
    _mgmt._require_init()
    if group == GlobalComm.WORLD_COMM_GROUP:
        return global_rank
    if not _dist.has_group(group):
        raise KeyError(f"For 'get_group_rank_from_world_rank_from_cache', the argument 'group' is not found in "
                       f"GROUP_RANKS, 'group' : {group}, 'world_rank_id' : {global_rank}")
    ranks = sorted(_dist.lookup(group).ranks)  # MindSpore's cache numbers a group's ranks in sorted order
    if global_rank not in ranks:
        raise KeyError(f"For 'get_group_rank_from_world_rank_from_cache', the argument 'world_rank_id' is not found "
                       f"in GROUP_RANKS, 'group' : {group}, 'world_rank_id' : {global_rank}")
    return ranks.index(global_rank)


def get_process_group_ranks(group: str | None = None) -> list[int]:
    group = GlobalComm.WORLD_COMM_GROUP if group is None else group
    if not isinstance(group, str):
        raise TypeError(f"For 'get_process_group_ranks', the argument 'group' must be type of string or None, but "
                        f"got 'group' type : {type(group)}.")
    return _mgmt.get_process_group_ranks(group)


# ----------------------------------------------------------------------------------------------- tensors
def all_reduce(tensor: Any, op: str = ReduceOp.SUM, group: str | None = None, async_op: bool = False) -> Any:
    t = _tensor("all_reduce", tensor)
    _check_op("all_reduce", op)
    g = _group(group, async_op)
    if _INPLACE["all_reduce"]:
        with torch.no_grad():
            _coll.all_reduce_(t, op, g)
        return _handle(async_op)
    return wrap(_coll.all_reduce(t, op, g)), _handle(async_op)


def all_gather_into_tensor(output_tensor: Any, input_tensor: Any, group: str | None = None,
                           async_op: bool = False) -> Any:
    t = _tensor("all_gather_into_tensor", input_tensor)
    g = _group(group, async_op)
    if _INPLACE["all_gather_into_tensor"]:
        _tensor("all_gather_into_tensor", output_tensor, "output tensor")
        _fill(output_tensor, torch.cat(_coll.all_gather_list(t.detach(), g)).reshape(output_tensor.shape))
        return _handle(async_op)
    return wrap(_coll.all_gather(t, g)), _handle(async_op)


def reduce_scatter_tensor(output: Any, input: Any, op: str = ReduceOp.SUM, group: str | None = None,
                          async_op: bool = False) -> Any:
    t = _tensor("reduce_scatter_tensor", input)
    _check_op("reduce_scatter_tensor", op)
    g = _group(group, async_op)
    if _INPLACE["reduce_scatter_tensor"]:
        _tensor("reduce_scatter_tensor", output, "output tensor")
        size = len(g.ranks) if g else 1
        _fill(output, _coll.reduce_scatter_list(list(t.detach().chunk(size)), op, g).reshape(output.shape))
        return _handle(async_op)
    return wrap(_coll.reduce_scatter(t, op, g)), _handle(async_op)


def reduce(tensor: Any, dst: int, op: str = ReduceOp.SUM, group: str | None = None, async_op: bool = False) -> Any:
    _require_inplace("reduce")
    t = _tensor("reduce", tensor)
    if not isinstance(dst, int):
        raise TypeError("For reduce, the dst must be int")
    _check_op("reduce", op)
    g = _group(group, async_op)
    with torch.no_grad():
        _coll.reduce_(t, _local(g, dst), op, g)
    return _handle(async_op)


def broadcast(tensor: Any, src: int, group: str | None = None, async_op: bool = False) -> Any:
    _require_inplace("broadcast")
    t = _tensor("broadcast", tensor)
    if not isinstance(src, int):
        raise TypeError("For broadcast, the src must be int")
    g = _group(group, async_op)
    with torch.no_grad():
        _coll.broadcast_(t, _local(g, src), g)
    return _handle(async_op)


def barrier(group: str | None = None, async_op: bool = False, device_ids: Any = None) -> Any:
    _coll.barrier(_group(group, async_op))
    return _handle(async_op)


def _check_not_self(dst: int) -> None:
    if _dist.rank() == dst:
        raise ValueError("Invalid destination rank: destination rank should not be the same as the rank of the "
                         "current process.")


def send(tensor: Any, dst: int = 0, group: str | None = None, tag: int = 0) -> None:
    t = _tensor("send", tensor)
    if not isinstance(dst, int):
        raise TypeError("For send, the dst must be int")
    g = _group(group)
    _check_not_self(dst)
    _coll.send(t.detach(), dst, _peer(g, "send"), tag)


def recv(tensor: Any, src: int = 0, group: str | None = None, tag: int = 0) -> Any:
    t = _tensor("recv", tensor)
    if not isinstance(src, int):
        raise TypeError("For recv, the src must be int")
    g = _peer(_group(group), "recv")
    if _INPLACE["recv"]:
        with torch.no_grad():
            _coll.recv_(t, src, g, tag)
        return 0
    return wrap(_coll.recv_(torch.empty_like(t), src, g, tag))


def isend(tensor: Any, dst: int = 0, group: str | None = None, tag: int = 0) -> CommHandle:
    t = _tensor("isend", tensor)
    if not isinstance(dst, int):
        raise TypeError("For isend, the dst must be int")
    g = _group(group)
    _check_not_self(dst)
    return CommHandle(_coll.isend(t.detach(), dst, _peer(g, "isend"), tag))


def irecv(tensor: Any, src: int = 0, group: str | None = None, tag: int = 0) -> Any:
    t = _tensor("irecv", tensor)
    if not isinstance(src, int):
        raise TypeError("For irecv, the src must be int")
    g = _peer(_group(group), "irecv")
    if _INPLACE["irecv"]:
        return CommHandle(_coll.irecv(t, src, g, tag))
    out = torch.empty_like(t)
    return wrap(out), CommHandle(_coll.irecv(out, src, g, tag))


from mindshim.ops.function._comm_lists import (  # noqa: E402 - they use the helpers above
    all_gather, all_gather_into_tensor_uneven, all_gather_object, all_to_all, all_to_all_single, batch_isend_irecv,
    broadcast_object_list, gather, gather_into_tensor, gather_object, P2POp, recv_object_list, reduce_scatter,
    reduce_scatter_tensor_uneven, scatter, scatter_object_list, scatter_tensor, send_object_list, TCPStore,
)

__all__ = ["TCPStore", "init_process_group", "destroy_process_group", "get_rank", "get_world_size", "new_group",
           "get_backend", "get_global_rank", "get_process_group_ranks", "get_group_rank", "all_reduce",
           "all_gather_into_tensor", "all_to_all", "all_to_all_single", "reduce_scatter_tensor", "isend", "irecv",
           "send", "recv", "gather", "scatter", "all_gather", "reduce_scatter", "barrier", "broadcast", "reduce",
           "P2POp", "batch_isend_irecv", "all_gather_object", "broadcast_object_list", "gather_object",
           "scatter_object_list", "send_object_list", "recv_object_list", "is_available", "is_initialized",
           "set_comm_ops_inplace", "gather_into_tensor", "scatter_tensor", "all_gather_into_tensor_uneven",
           "reduce_scatter_tensor_uneven"]
