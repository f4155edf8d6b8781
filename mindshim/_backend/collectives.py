"""Collective operations on torch.distributed, with the gradients MindSpore defines for them.

Every function takes plain torch tensors and a `distributed.Group`; chunk order follows MindSpore's group
ranks (the order the group's ranks were given), which torch, sorting its ranks, may not. When the process
was never initialised the caller passes `group=None` and gets the single-device result.
"""
from __future__ import annotations

from typing import Any, Sequence

import torch
import torch.distributed as dist

from mindshim._backend.distributed import Group

_OPS = {"sum": "SUM", "max": "MAX", "min": "MIN", "prod": "PRODUCT"}


def _torch_op(op: str) -> Any:
    if op != "avg" and op not in _OPS:
        raise ValueError(f"The reduce op must be one of sum, max, min, prod, avg, but got {op!r}.")
    return getattr(dist.ReduceOp, _OPS["sum" if op == "avg" else op])


def _to_torch_order(group: Group, chunks: Sequence[torch.Tensor]) -> list[torch.Tensor]:
    """Chunks indexed by MindSpore group rank -> indexed by torch group rank."""
    ranks = group.ranks
    return [chunks[ranks.index(r)] for r in group.sorted_ranks]


def _to_ms_order(group: Group, chunks: Sequence[torch.Tensor]) -> list[torch.Tensor]:
    return [chunks[group.torch_index(i)] for i in range(len(group.ranks))]


# ------------------------------------------------------------------------------------------ plain collectives
def all_reduce_(x: torch.Tensor, op: str, group: Group | None) -> torch.Tensor:
    """In place; returns x."""
    if group is not None:
        dist.all_reduce(x, op=_torch_op(op), group=group.pg)
        if op == "avg":
            x.div_(len(group.ranks))
    return x


def all_gather_list(x: torch.Tensor, group: Group | None) -> list[torch.Tensor]:
    if group is None:
        return [x.clone()]
    out = [torch.empty_like(x) for _ in group.ranks]
    dist.all_gather(out, x.contiguous(), group=group.pg)
    return _to_ms_order(group, out)


def reduce_scatter_list(chunks: Sequence[torch.Tensor], op: str, group: Group | None) -> torch.Tensor:
    if group is None:
        return chunks[0].clone()
    out = torch.empty_like(chunks[0])
    dist.reduce_scatter(out, [c.contiguous() for c in _to_torch_order(group, chunks)], op=_torch_op(op),
                        group=group.pg)
    return out.div_(len(group.ranks)) if op == "avg" else out


def broadcast_(x: torch.Tensor, root_group_rank: int, group: Group | None) -> torch.Tensor:
    if group is not None:
        dist.broadcast(x, src=group.ranks[root_group_rank], group=group.pg)
    return x


def reduce_(x: torch.Tensor, dst_group_rank: int, op: str, group: Group | None) -> torch.Tensor:
    """x on the destination holds the reduction; other ranks keep their input."""
    if group is None:
        return x
    buf = x.clone()
    dist.reduce(buf, dst=group.ranks[dst_group_rank], op=_torch_op(op), group=group.pg)
    if dist.get_rank() == group.ranks[dst_group_rank]:
        x.copy_(buf.div_(len(group.ranks)) if op == "avg" else buf)
    return x


def gather_list(x: torch.Tensor, dst_group_rank: int, group: Group | None) -> list[torch.Tensor] | None:
    """The destination gets every rank's tensor (MindSpore order), the others None."""
    if group is None:
        return [x.clone()]
    dst = group.ranks[dst_group_rank]
    out = [torch.empty_like(x) for _ in group.ranks] if dist.get_rank() == dst else None
    dist.gather(x.contiguous(), out, dst=dst, group=group.pg)
    return _to_ms_order(group, out) if out is not None else None


def scatter_list(chunks: Sequence[torch.Tensor] | None, like: torch.Tensor, src_group_rank: int,
                 group: Group | None) -> torch.Tensor:
    if group is None:
        return chunks[0].clone()
    src = group.ranks[src_group_rank]
    out = torch.empty_like(like)
    send = [c.contiguous() for c in _to_torch_order(group, chunks)] if dist.get_rank() == src else None
    dist.scatter(out, send, src=src, group=group.pg)
    return out


def all_to_all_list(chunks: Sequence[torch.Tensor], out_like: Sequence[torch.Tensor], group: Group | None
                    ) -> list[torch.Tensor]:
    """chunks[i] goes to group rank i; returns what each group rank sent here (shapes of out_like)."""
    if group is None:
        return [chunks[0].clone()]
    out = [torch.empty_like(t) for t in _to_torch_order(group, out_like)]
    _all_to_all(out, [c.contiguous() for c in _to_torch_order(group, chunks)], group)
    return _to_ms_order(group, out)


def _all_to_all(out: list[torch.Tensor], chunks: list[torch.Tensor], group: Group) -> None:
    """dist.all_to_all; where the backend has none (gloo before torch 2.14), one scatter from each rank."""
    try:
        dist.all_to_all(out, chunks, group=group.pg)
        return
    except RuntimeError as err:  # raised before any rank communicates, on every rank alike
        if "does not support alltoall" not in str(err):
            raise
    me = dist.get_rank()
    for src, received in zip(group.sorted_ranks, out):
        dist.scatter(received, chunks if me == src else None, src=src, group=group.pg)


def barrier(group: Group | None) -> None:
    if group is not None:
        dist.barrier(group=group.pg)


def send(x: torch.Tensor, dst_world: int, group: Group | None, tag: int = 0) -> None:
    dist.send(x.contiguous(), dst=dst_world, group=group.pg if group else None, tag=tag)


def recv_(x: torch.Tensor, src_world: int, group: Group | None, tag: int = 0) -> torch.Tensor:
    dist.recv(x, src=src_world, group=group.pg if group else None, tag=tag)
    return x


def isend(x: torch.Tensor, dst_world: int, group: Group | None, tag: int = 0) -> Any:
    return dist.isend(x.contiguous(), dst=dst_world, group=group.pg if group else None, tag=tag)


def irecv(x: torch.Tensor, src_world: int, group: Group | None, tag: int = 0) -> Any:
    return dist.irecv(x, src=src_world, group=group.pg if group else None, tag=tag)


def batch_isend_irecv(ops: Sequence[tuple[str, torch.Tensor, int]], group: Group | None) -> list[Any]:
    """ops: ("isend" | "irecv", tensor, peer world rank)."""
    pg = group.pg if group else None
    p2p = [dist.P2POp(dist.isend if kind == "isend" else dist.irecv, t, peer, group=pg) for kind, t, peer in ops]
    return dist.batch_isend_irecv(p2p)


def objects(kind: str, *args: Any, group: Group | None = None, **kwargs: Any) -> Any:
    """torch's pickling object collectives (all_gather_object, broadcast_object_list, ...)."""
    return getattr(dist, kind)(*args, group=group.pg if group else None, **kwargs)


# ------------------------------------------------------------------------------------ differentiable versions
class _AllReduce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, op, group):
        ctx.op, ctx.group = op, group
        out = all_reduce_(x.clone(), op, group)
        if op != "sum":
            ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, dout):
        if ctx.op == "sum":
            return all_reduce_(dout.clone(), "sum", ctx.group), None, None
        x, out = ctx.saved_tensors
        if ctx.op == "prod":
            return all_reduce_(dout * out, "sum", ctx.group) / x, None, None
        # MindSpore's bprop for max, min (and avg): the summed gradient flows where x equals the result
        return all_reduce_(dout.clone(), "sum", ctx.group) * (x == out).to(dout.dtype), None, None


class _AllGather(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, group, mean):
        ctx.group, ctx.mean = group, mean
        return torch.cat(all_gather_list(x, group), dim=0)

    @staticmethod
    def backward(ctx, dout):
        size = len(ctx.group.ranks) if ctx.group else 1
        grad = reduce_scatter_list(list(dout.chunk(size, dim=0)), "sum", ctx.group)
        return (grad / size if ctx.mean else grad), None, None


class _ReduceScatter(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, op, group):
        ctx.group, ctx.op = group, op
        size = len(group.ranks) if group else 1
        if x.shape[0] % size:
            raise ValueError(f"For 'ReduceScatter', the first dimension of the input ({x.shape[0]}) must be "
                             f"divisible by the group size ({size}).")
        return reduce_scatter_list(list(x.chunk(size, dim=0)), op, group)

    @staticmethod
    def backward(ctx, dout):
        if ctx.op != "sum":
            raise RuntimeError("The reducescatter bprop only support ReduceOp.SUM until now.")
        return torch.cat(all_gather_list(dout.contiguous(), ctx.group), dim=0), None, None


class _Reduce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, dst_group_rank, op, group):
        ctx.args = (x.shape, dst_group_rank, group)
        out = reduce_(x.clone(), dst_group_rank, op, group)
        if group is not None and dist.get_rank() != group.ranks[dst_group_rank]:
            return torch.zeros(1, dtype=x.dtype, device=x.device)  # MindSpore's shape off the destination
        return out

    @staticmethod
    def backward(ctx, dout):  # MindSpore: the destination's gradient, broadcast
        shape, dst, group = ctx.args
        mine = group is None or dist.get_rank() == group.ranks[dst]
        buf = dout.clone() if mine else torch.empty(shape, dtype=dout.dtype, device=dout.device)
        return broadcast_(buf, dst, group), None, None, None


class _Broadcast(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, root, group):
        return broadcast_(x.clone(), root, group)

    @staticmethod
    def backward(ctx, dout):  # MindSpore's bprop passes each rank's gradient through
        return dout, None, None


class _AllToAll(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, split_count, split_dim, concat_dim, group):
        ctx.args = (split_count, concat_dim, split_dim, group)
        chunks = list(x.chunk(split_count, dim=split_dim))
        return torch.cat(all_to_all_list(chunks, chunks, group), dim=concat_dim)

    @staticmethod
    def backward(ctx, dout):
        return _AllToAll.apply(dout.contiguous(), *ctx.args), None, None, None, None


def all_reduce(x: torch.Tensor, op: str, group: Group | None) -> torch.Tensor:
    return _AllReduce.apply(x, op, group)


def all_gather(x: torch.Tensor, group: Group | None, mean: bool = False) -> torch.Tensor:
    return _AllGather.apply(x, group, mean)


def reduce_scatter(x: torch.Tensor, op: str, group: Group | None) -> torch.Tensor:
    return _ReduceScatter.apply(x, op, group)


def reduce(x: torch.Tensor, dst_group_rank: int, op: str, group: Group | None) -> torch.Tensor:
    """The destination gets the reduction; the others a zero tensor of shape (1,), as in MindSpore."""
    return _Reduce.apply(x, dst_group_rank, op, group)


def broadcast(x: torch.Tensor, root_group_rank: int, group: Group | None) -> torch.Tensor:
    return _Broadcast.apply(x, root_group_rank, group)


def all_to_all(x: torch.Tensor, split_count: int, split_dim: int, concat_dim: int, group: Group | None
               ) -> torch.Tensor:
    return _AllToAll.apply(x, split_count, split_dim, concat_dim, group)


def all_to_all_single_(out: torch.Tensor, x: torch.Tensor, out_splits: list[int] | None,
                       in_splits: list[int] | None, group: Group | None) -> torch.Tensor:
    """torch's all_to_all_single (splits on dimension 0, in torch's sorted group-rank order)."""
    if group is None:
        return out.copy_(x)
    try:
        dist.all_to_all_single(out, x.contiguous(), out_splits, in_splits, group=group.pg)
        return out
    except RuntimeError as err:
        if "does not support alltoall" not in str(err):
            raise
    n = len(group.ranks)
    received = list(out.split(out_splits or [out.shape[0] // n] * n))
    pieces = [p.contiguous() for p in x.split(in_splits or [x.shape[0] // n] * n)]
    buffers = [torch.empty_like(r) for r in received]
    _all_to_all(buffers, pieces, group)
    for r, b in zip(received, buffers):
        r.copy_(b)
    return out
