"""mindspore.communication.comm_func: functional collectives that return new tensors (not in place).

`all_reduce`, `all_gather_into_tensor`, `reduce_scatter_tensor` return `(output, handle)` as MindSpore 2.10
does (handle None unless async_op); `src`/`dst`/`peer` are world ranks. Work runs synchronously.
"""
from __future__ import annotations

from typing import Any, Sequence

import torch

from mindshim._backend import collectives as _coll
from mindshim._backend import device as _device
from mindshim.common.tensor import plain, wrap
from mindshim.communication.management import GlobalComm, _get_group, get_group_rank_from_world_rank
from mindshim.ops.function.comm_func import CommHandle, _handle, _peer
from mindshim.ops.operations.comm_ops import (
    AllGather, AllReduce, Barrier, Broadcast, CollectiveGather, CollectiveScatter, Reduce, ReduceOp, ReduceScatter,
    _group,
)


def _tensor(api: str, value: Any) -> torch.Tensor:
    if not isinstance(value, torch.Tensor):
        raise TypeError(f"For {api}, the input tensor must be tensor")
    return plain(value)


def _local(world_rank: int, group: str) -> int:
    return get_group_rank_from_world_rank(world_rank, group) if GlobalComm.INITED else world_rank


def all_reduce(tensor: Any, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP,
               async_op: bool = False) -> tuple:
    _tensor("all_reduce", tensor)
    if not isinstance(op, str):
        raise TypeError("For all_reduce, the input op type must be str")
    if op not in ("sum", "prod", "min", "max"):
        raise TypeError("For all_reduce, the input op value must be one of sum, prod, min, max")
    return AllReduce(op, _get_group(group))(tensor), _handle(async_op)


def all_gather_into_tensor(tensor: Any, group: str = GlobalComm.WORLD_COMM_GROUP, async_op: bool = False) -> tuple:
    _tensor("all_gather_into_tensor", tensor)
    return AllGather(_get_group(group))(tensor), _handle(async_op)


def reduce_scatter_tensor(tensor: Any, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP,
                          async_op: bool = False) -> tuple:
    _tensor("reduce_scatter_tensor", tensor)
    return ReduceScatter(op, _get_group(group))(tensor), _handle(async_op)


def reduce(tensor: Any, dst: int, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP) -> Any:
    _tensor("reduce", tensor)
    return Reduce(_local(dst, group), op, group)(tensor)


def broadcast(tensor: Any, src: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP) -> Any:
    _tensor("broadcast", tensor)
    if not isinstance(src, int):
        raise TypeError("For broadcast, the src must be int")
    return Broadcast(_local(src, group), group)((tensor,))[0]


def barrier(group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
    if not isinstance(group, str):
        raise TypeError(f"group must be type of string, but got {type(group)}")
    Barrier(group)()


def scatter_tensor(tensor: Any, src: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP) -> Any:
    _tensor("scatter_tensor", tensor)
    if not isinstance(src, int):
        raise TypeError("For scatter_tensor, the src must be int")
    return CollectiveScatter(_local(src, group), group)(tensor)


def gather_into_tensor(tensor: Any, dst: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP) -> Any:
    _tensor("gather_into_tensor", tensor)
    if not isinstance(dst, int):
        raise TypeError("For gather_into_tensor, the dst must be int")
    return CollectiveGather(_local(dst, group), group)(tensor)


def send(tensor: Any, dst: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP, tag: int = 0) -> None:
    t = _tensor("send", tensor)
    _coll.send(t.detach(), dst, _peer(_group(group), "send"), tag)


def recv(tensor: Any, src: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP, tag: int = 0) -> Any:
    """`tensor` gives the shape and dtype; the received data comes back as a new tensor."""
    t = _tensor("recv", tensor)
    if not isinstance(src, int):
        raise TypeError("For recv, the src must be int")
    return wrap(_coll.recv_(torch.empty_like(t), src, _peer(_group(group), "recv"), tag))


def isend(tensor: Any, dst: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP, tag: int = 0) -> CommHandle:
    t = _tensor("isend", tensor)
    return CommHandle(_coll.isend(t.detach(), dst, _peer(_group(group), "isend"), tag))


def irecv(tensor: Any, src: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP, tag: int = 0) -> tuple:
    out = torch.empty_like(plain(tensor))
    return wrap(out), CommHandle(_coll.irecv(out, src, _peer(_group(group), "irecv"), tag))


def all_to_all_with_output_shape(output_shape_list: Sequence, input_tensor_list: Sequence, group: str | None = None,
                                 async_op: bool = False) -> tuple:
    ins = [plain(t).detach() for t in input_tensor_list]
    like = [torch.empty(tuple(s.shape if isinstance(s, torch.Tensor) else s), dtype=ins[0].dtype, device=ins[0].device)
            for s in output_shape_list]
    g = _group(GlobalComm.WORLD_COMM_GROUP if group is None else group)
    return tuple(wrap(p) for p in _coll.all_to_all_list(ins, like, g)), _handle(async_op)


def all_to_all_single_with_output_shape(output_shape: Any, tensor: Any, output_split_sizes: list | None = None,
                                        input_split_sizes: list | None = None, group: str | None = None,
                                        async_op: bool = False) -> tuple:
    t = plain(tensor).detach()
    shape = tuple(output_shape.shape if isinstance(output_shape, torch.Tensor) else output_shape)
    g = _group(GlobalComm.WORLD_COMM_GROUP if group is None else group)
    out = _coll.all_to_all_single_(torch.empty(shape, dtype=t.dtype, device=t.device), t, output_split_sizes or None,
                                   input_split_sizes or None, g)
    return wrap(out), _handle(async_op)


class P2POp:
    """One send or receive of `batch_isend_irecv`; a receive may give a shape tuple and `recv_dtype`."""

    def __new__(cls, op: Any, tensor: Any, peer: int, group: str | None = None, tag: int = 0,
                recv_dtype: Any = None) -> "P2POp":
        if not (isinstance(op, str) or callable(op)):
            raise TypeError(f"op must be type of string or function, but got type of {type(op)}")
        name = op if isinstance(op, str) else op.__name__
        if name not in ("isend", "irecv"):
            raise ValueError(f"Expected ``op`` to be of type ``isend`` or `irecv``, but got {name}")
        if not isinstance(tensor, (torch.Tensor, tuple)):
            raise TypeError(f"Expected ``tensor`` to be type of tuple or Tensor, but got {type(tensor)}.")
        if tag != 0:
            raise NotImplementedError("``tag`` not support yet.")
        return object.__new__(cls)

    def __init__(self, op: Any, tensor: Any, peer: int, group: str | None = None, tag: int = 0, *,
                 recv_dtype: Any = None) -> None:
        if not isinstance(peer, int):
            raise TypeError(f"peer must be type of int, but got type of {type(peer)}")
        self.op, self.tensor, self.peer, self.group, self.tag = op, tensor, peer, group, tag
        self.recv_dtype = recv_dtype


def batch_isend_irecv(p2p_op_list: list) -> tuple:
    """Returns one tensor per operation: the received data at receives, a meaningless scalar at sends."""
    from mindshim.common.dtype import to_torch
    if not isinstance(p2p_op_list, list):
        raise TypeError(f"p2p_op_list must be type of list, but got type of {p2p_op_list}.")
    if not p2p_op_list:
        raise TypeError("p2p_op_list can not be empty list.")
    g = _peer(_group(p2p_op_list[0].group or GlobalComm.WORLD_COMM_GROUP), "batch_isend_irecv")
    ops, out = [], []
    for p in p2p_op_list:
        if not isinstance(p, P2POp):
            raise TypeError("must be type of P2POp")
        name = p.op if isinstance(p.op, str) else p.op.__name__
        if name == "isend":
            t = plain(p.tensor).detach()
            out.append(torch.zeros((), dtype=t.dtype, device=t.device))
        elif isinstance(p.tensor, torch.Tensor):
            t = torch.empty_like(plain(p.tensor))
            out.append(t)
        else:
            if p.recv_dtype is None:
                raise ValueError("'recv_dtype' of a P2POp is None but its op is 'irecv' and its tensor is a shape.")
            t = torch.empty(p.tensor, dtype=to_torch(p.recv_dtype), device=_device.current())
            out.append(t)
        ops.append((name, t, p.peer))
    for work in _coll.batch_isend_irecv(ops, g):
        work.wait()
    return tuple(wrap(t) for t in out)


def all_to_all_v_c(output: Any, input: Any, send_count_matrix: Any, group: str | None = None,
                   async_op: bool = False) -> Any:
    from mindshim._errors import unsupported
    raise unsupported("mindspore.communication.comm_func.all_to_all_v_c",
                      "uneven all-to-all by a send-count matrix has no data-parallel use")


__all__ = ["all_reduce", "all_gather_into_tensor", "all_to_all_with_output_shape",
           "all_to_all_single_with_output_shape", "barrier", "broadcast", "gather_into_tensor", "isend", "irecv",
           "reduce_scatter_tensor", "reduce", "scatter_tensor", "send", "recv", "P2POp", "batch_isend_irecv",
           "all_to_all_v_c"]
