"""Collective communication primitives (ops.AllReduce, AllGather, ReduceScatter, Broadcast, ...) on
torch.distributed. Before `communication.init()` they run with MindSpore's single-device meaning (a group
of one: AllReduce and Broadcast return their input, AllGather concatenates one tensor)."""
from __future__ import annotations

from typing import Any, Sequence

import torch

from mindshim._backend import collectives as _coll
from mindshim._backend import device as _device
from mindshim._backend import distributed as _dist
from mindshim.common.tensor import plain, wrap
from mindshim.communication.management import GlobalComm, _get_group, get_group_size, get_rank
from mindshim.ops.primitive import Primitive, PrimitiveWithInfer


class ReduceOp:
    """Reduction names of the collective operations."""
    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"
    AVG = "avg"


def _group(name: str) -> _dist.Group | None:
    """The torch group behind a MindSpore group name; None (a group of one) before init()."""
    return _dist.lookup(_get_group(name)) if GlobalComm.INITED else None


def _check_str(prim: str, arg: str, value: Any) -> None:
    if not isinstance(value, str):
        raise TypeError(f"For '{prim}', the '{arg}' must be str, but got {type(value).__name__}.")


def _torch_dtype(dtype: Any) -> torch.dtype:
    from mindshim.common.dtype import to_torch
    return to_torch(dtype)


class _Collective(PrimitiveWithInfer):
    def __init__(self, group: str) -> None:
        if not hasattr(self, "attrs"):  # subclasses that record attributes before the group start it
            Primitive.__init__(self)
        _check_str(self.name, "group", _get_group(group))
        self.group = _get_group(group)
        self.add_prim_attr("group", self.group)

    def __repr__(self) -> str:
        attrs = ", ".join(f"{k}={v}" for k, v in self.attrs.items())
        return f"Prim[{self.name}]<{attrs}>"


class AllReduce(_Collective):
    def __init__(self, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        Primitive.__init__(self)
        if not isinstance(op, str):
            raise TypeError(f"For '{self.name}', the 'op' must be str, but got {type(op).__name__}.")
        self.attrs["op"] = op
        _Collective.__init__(self, group)
        self.op = op
        self.attrs.update(fusion=0, index=0, no_eliminate=True)

    def __call__(self, x: Any) -> Any:
        return wrap(_coll.all_reduce(plain(x), self.op, _group(self.group)))


class AllGather(_Collective):
    def __init__(self, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        super().__init__(group)
        self.rank = get_rank(self.group)
        self.rank_size = get_group_size(self.group)
        self.attrs.update(rank_size=self.rank_size, fusion=0, mean_flag=False, no_eliminate=True)

    def __call__(self, x: Any) -> Any:
        return wrap(_coll.all_gather(plain(x), _group(self.group), bool(self.attrs.get("mean_flag"))))


class ReduceScatter(_Collective):
    def __init__(self, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        Primitive.__init__(self)
        if not isinstance(op, str):
            raise TypeError(f"For '{self.name}', the 'op' must be str, but got {type(op).__name__}.")
        self.attrs["op"] = op
        _Collective.__init__(self, group)
        self.op = op
        self.rank_size = get_group_size(self.group)
        self.attrs.update(rank_size=self.rank_size, fusion=0, no_eliminate=True)

    def __call__(self, x: Any) -> Any:
        return wrap(_coll.reduce_scatter(plain(x), self.op, _group(self.group)))


class Broadcast(_Collective):
    """root_rank is a rank of `group`; called on a tuple of tensors, returns the tuple from the root."""

    def __init__(self, root_rank: int, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        Primitive.__init__(self)
        if not isinstance(root_rank, int) or isinstance(root_rank, bool):
            raise TypeError(f"For '{self.name}', the type of 'root_rank' should be 'int', but got type "
                            f"'{type(root_rank).__name__}'.")
        self.attrs["root_rank"] = root_rank
        _Collective.__init__(self, group)
        self.root_rank = root_rank
        self.attrs["no_eliminate"] = True

    def __call__(self, x: Any) -> Any:
        group = _group(self.group)
        items = x if isinstance(x, (tuple, list)) else (x,)
        out = tuple(wrap(_coll.broadcast(plain(t), self.root_rank, group)) for t in items)
        return out if isinstance(x, (tuple, list)) else out[0]


class AlltoAll(_Collective):
    def __init__(self, split_count: int, split_dim: int, concat_dim: int,
                 group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        Primitive.__init__(self)
        for arg, value in (("split_count", split_count), ("split_dim", split_dim), ("concat_dim", concat_dim)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"For '{self.name}', the '{arg}' must be int, but got {type(value).__name__}.")
        self.attrs.update(split_count=split_count, split_dim=split_dim, concat_dim=concat_dim)
        _Collective.__init__(self, group)
        self.split_count, self.split_dim, self.concat_dim = split_count, split_dim, concat_dim
        self.rank_size = get_group_size(self.group)
        self.attrs.update(no_eliminate=True, rank_size=self.rank_size)

    def __call__(self, x: Any) -> Any:
        t = plain(x)
        if self.split_count != self.rank_size or t.shape[self.split_dim] % self.split_count:
            raise ValueError(f"For '{self.name}', 'split_count' ({self.split_count}) must equal the group size "
                             f"({self.rank_size}) and divide input dimension {self.split_dim} "
                             f"({t.shape[self.split_dim]}).")
        return wrap(_coll.all_to_all(t, self.split_count, self.split_dim, self.concat_dim, _group(self.group)))


class Barrier(_Collective):
    def __init__(self, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        super().__init__(group)
        self.attrs["side_effect_mem"] = True

    def __call__(self) -> None:
        _coll.barrier(_group(self.group))


class Reduce(_Collective):
    """dest_rank (a rank of `group`) gets the reduction; the other ranks get a tensor of shape (1,)."""

    def __init__(self, dest_rank: int, op: str = ReduceOp.SUM, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        Primitive.__init__(self)
        _check_str(self.name, "op", op)
        self.attrs.update(dest_rank=dest_rank, op=op)
        _Collective.__init__(self, group)
        self.dest_rank, self.op = dest_rank, op

    def __call__(self, x: Any) -> Any:
        return wrap(_coll.reduce(plain(x), self.dest_rank, self.op, _group(self.group)))


class CollectiveGather(_Collective):
    """dest_rank gets the inputs of all ranks concatenated on dimension 0; the others get zeros."""

    def __init__(self, dest_rank: int, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        Primitive.__init__(self)
        self.attrs["dest_rank"] = dest_rank
        super().__init__(group)
        self.rank_id = get_rank(self.group)
        self.dest_rank = dest_rank
        self.rank_size = get_group_size(self.group)
        self.attrs.update(rank_size=self.rank_size, rank_id=self.rank_id)

    def __call__(self, x: Any) -> Any:
        t = plain(x)
        parts = _coll.gather_list(t.detach(), self.dest_rank, _group(self.group))
        if parts is None:
            return wrap(torch.zeros((t.shape[0] * self.rank_size, *t.shape[1:]), dtype=t.dtype, device=t.device))
        return wrap(torch.cat(parts, dim=0))


class CollectiveScatter(_Collective):
    """src_rank's input is split on dimension 0 into one part per rank; each rank gets its part."""

    def __init__(self, src_rank: int = 0, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        Primitive.__init__(self)
        self.attrs["src_rank"] = src_rank
        super().__init__(group)
        self.rank_id = get_rank(self.group)
        self.src_rank = src_rank
        self.rank_size = get_group_size(self.group)
        self.attrs.update(rank_id=self.rank_id, rank_size=self.rank_size)

    def __call__(self, x: Any) -> Any:
        t = plain(x).detach()
        chunks = list(t.chunk(self.rank_size, dim=0))
        return wrap(_coll.scatter_list(chunks, chunks[0], self.src_rank, _group(self.group)))


class Send(_Collective):
    def __init__(self, sr_tag: int, dest_rank: int, group: str = GlobalComm.WORLD_COMM_GROUP,
                 group_back: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        super().__init__(group)
        self.rank, self.sr_tag = dest_rank, sr_tag
        self.attrs.update(sr_tag=sr_tag, dest_rank=dest_rank, no_eliminate=True)

    def __call__(self, x: Any) -> Any:
        group = _group(self.group)
        if group is None:
            raise RuntimeError(f"For '{self.name}', there is no peer to send to: call init() under a launcher.")
        _coll.send(plain(x).detach(), group.ranks[self.rank], group, self.sr_tag)
        return x


class Receive(_Collective):
    def __init__(self, sr_tag: int, src_rank: int, shape: Sequence[int], dtype: Any,
                 group: str = GlobalComm.WORLD_COMM_GROUP, group_back: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        super().__init__(group)
        self.rank, self.tag, self.shape, self.dtype = src_rank, sr_tag, tuple(shape), dtype
        self.attrs.update(sr_tag=sr_tag, src_rank=src_rank, shape=list(shape), dtype=dtype, no_eliminate=True)

    def __call__(self, x: Any = None) -> Any:
        group = _group(self.group)
        if group is None:
            raise RuntimeError(f"For '{self.name}', there is no peer to receive from: call init() under a "
                               "launcher.")
        buf = torch.empty(self.shape, dtype=_torch_dtype(self.dtype), device=_device.current())
        return wrap(_coll.recv_(buf, group.ranks[self.rank], group, self.tag))


class BatchISendIRecv(_Collective):
    """Sends and receives in one batch; the output has the received tensors at the "irecv" positions and a
    meaningless scalar at the "isend" ones."""

    def __init__(self, op_types: Sequence[str], remote_ranks: Sequence[int], receive_shapes: Sequence = (),
                 receive_dtypes: Sequence = (), group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        super().__init__(group)
        self.op_types, self.remote_ranks = list(op_types), list(remote_ranks)
        self.receive_shapes, self.receive_dtypes = list(receive_shapes), list(receive_dtypes)

    def __call__(self, send_tensors: Sequence[Any]) -> tuple:
        group = _group(self.group)
        if group is None:
            raise RuntimeError(f"For '{self.name}', there is no peer: call init() under a launcher.")
        sends, recv_i, ops, out = iter(send_tensors), 0, [], []
        for kind, peer in zip(self.op_types, self.remote_ranks):
            if kind == "isend":
                t = plain(next(sends)).detach().contiguous()
                out.append(torch.zeros((), dtype=t.dtype, device=t.device))
            else:
                t = torch.empty(tuple(self.receive_shapes[recv_i]), dtype=_torch_dtype(self.receive_dtypes[recv_i]),
                                device=_device.current())
                recv_i += 1
                out.append(t)
            ops.append((kind, t, group.ranks[peer]))
        for work in _coll.batch_isend_irecv(ops, group):
            work.wait()
        return tuple(wrap(t) for t in out)


class NeighborExchange(_Collective):
    """Like MindSpore, constructible but not callable in PyNative (it raises NotImplementedError)."""

    def __init__(self, send_rank_ids: list, recv_rank_ids: list, recv_shapes: Any, send_shapes: Any,
                 recv_type: Any, group: str = GlobalComm.WORLD_COMM_GROUP) -> None:
        super().__init__(group)
        self.send_rank_ids, self.recv_rank_ids = send_rank_ids, recv_rank_ids
        self.recv_shapes, self.send_shapes, self.recv_type = recv_shapes, send_shapes, recv_type
        self.attrs["no_eliminate"] = True

    def __call__(self, tensor: Any) -> Any:
        raise NotImplementedError


__all__ = ["ReduceOp", "AllReduce", "AllGather", "ReduceScatter", "Broadcast", "AlltoAll", "Barrier", "Reduce",
           "CollectiveGather", "CollectiveScatter", "Send", "Receive", "BatchISendIRecv", "NeighborExchange"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
