"""Data-parallel gradient traffic on torch.distributed: bucketed all-reduce, parameter broadcast, flag max.

Gradients are flattened into buckets of about `BUCKET_BYTES` (one dtype per bucket) so a step costs one
`all_reduce` per bucket, not one per parameter. With one process everything here is the identity.
"""
from __future__ import annotations

from typing import Sequence

import torch

BUCKET_BYTES = 25 * 1024 * 1024


def _plain(t: torch.Tensor) -> torch.Tensor:
    """The same storage as a plain torch.Tensor (torch dtypes; in-place writes go through). Inside a compiled
    region tensors are plain already, and `as_subclass` would stop the graph."""
    return t if type(t) is torch.Tensor else t.as_subclass(torch.Tensor)


def _active(group: object = None) -> bool:
    if not (torch.distributed.is_available() and torch.distributed.is_initialized()):
        return False
    return torch.distributed.get_world_size(group) > 1


def _buckets(tensors: Sequence[torch.Tensor], limit: int) -> list[list[int]]:
    """Indices of `tensors` grouped by dtype and device, each group cut at about `limit` bytes."""
    open_buckets: dict[tuple, list[int]] = {}
    sizes: dict[tuple, int] = {}
    done: list[list[int]] = []
    for i, t in enumerate(tensors):
        key = (t.dtype, t.device)
        nbytes = t.numel() * t.element_size()
        if key in open_buckets and sizes[key] + nbytes > limit:
            done.append(open_buckets.pop(key))
            sizes[key] = 0
        open_buckets.setdefault(key, []).append(i)
        sizes[key] = sizes.get(key, 0) + nbytes
    return done + list(open_buckets.values())


def all_reduce_mean(grads: Sequence[torch.Tensor], scale: float | None, mask: Sequence[bool] | None = None,
                    group: object = None, bucket_bytes: int = BUCKET_BYTES) -> tuple[torch.Tensor, ...]:
    """Sum `grads` over the group, then multiply by `scale` (e.g. 1/degree) when given.

    Gradients are reduced in float32 (half-precision ones are cast and cast back); entries where `mask` is
    False pass through untouched. Returns new tensors; the inputs are not modified.
    """
    grads = tuple(_plain(g) for g in grads)
    mask = tuple(mask) if mask is not None else (True,) * len(grads)
    if not _active(group):
        return tuple(_scaled(g.float(), scale).to(g.dtype) if m else g for g, m in zip(grads, mask))
    chosen = [i for i, m in enumerate(mask) if m]
    work = [grads[i].detach().float().contiguous() for i in chosen]
    out = list(grads)
    for bucket in _buckets(work, bucket_bytes):
        flat = torch.cat([work[j].reshape(-1) for j in bucket])
        torch.distributed.all_reduce(flat, group=group)
        offset = 0
        for j in bucket:
            n = work[j].numel()
            i = chosen[j]
            out[i] = _scaled(flat[offset:offset + n].view_as(work[j]), scale).to(grads[i].dtype)
            offset += n
    return tuple(out)


def _scaled(t: torch.Tensor, scale: float | None) -> torch.Tensor:
    if scale is None:
        return t
    # MindSpore multiplies by a float32 1/degree; doing the same keeps results bit-equal to it
    return t * torch.tensor(scale, dtype=torch.float32, device=t.device).to(t.dtype)


def broadcast_(tensors: Sequence[torch.Tensor], src: int = 0, group: object = None) -> None:
    """Overwrite `tensors` in place with rank `src`'s values (bucketed like the gradients)."""
    tensors = [_plain(t) for t in tensors]
    if not _active(group) or not tensors:
        return
    for bucket in _buckets(tensors, BUCKET_BYTES):
        flat = torch.cat([tensors[i].detach().reshape(-1) for i in bucket])
        torch.distributed.broadcast(flat, src=src, group=group)
        offset = 0
        with torch.no_grad():
            for i in bucket:
                n = tensors[i].numel()
                tensors[i].copy_(flat[offset:offset + n].view_as(tensors[i]))
                offset += n


def any_across(flag: torch.Tensor, group: object = None) -> torch.Tensor:
    """True on every rank when `flag` is True on any rank (all-reduce MAX of a bool)."""
    if not _active(group):
        return flag
    flag = _plain(flag)
    value = flag.detach().to(torch.int32).reshape(-1)
    if value.device.type == "cpu" and torch.distributed.get_backend(group) == "nccl":
        value = value.cuda()
    torch.distributed.all_reduce(value, op=torch.distributed.ReduceOp.MAX, group=group)
    return value.to(flag.device).reshape(flag.shape).bool()
