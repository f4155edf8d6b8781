"""torch.distributed behind one door: joining the world, named groups, rank translation.

MindSpore names communication groups by string; torch has ProcessGroup objects. `_groups` maps each name
to its torch group and its member world ranks in the order the user gave them: MindSpore's group rank is
the index in that list, while torch sorts the ranks (collectives reorder their chunks, see collectives.py).
One process that was never initialised behaves as a world of one.
"""
from __future__ import annotations

import atexit
import datetime
import os
import sys
from dataclasses import dataclass
from typing import Any, Mapping

import torch

DEFAULT_TIMEOUT_S = 300.0  # a dead or missing peer makes init() fail after this, never hang


@dataclass
class Group:
    name: str
    ranks: list[int]  # world ranks; the index is the MindSpore group rank
    pg: Any = None  # torch ProcessGroup; None is torch's default (world) group

    @property
    def sorted_ranks(self) -> list[int]:
        return sorted(self.ranks)

    def torch_index(self, group_rank: int) -> int:
        """torch's group rank of MindSpore's group rank `group_rank`."""
        return self.sorted_ranks.index(self.ranks[group_rank])


_groups: dict[str, Group] = {}
_retired: list[Any] = []  # torch groups of destroyed names (see destroy_group)
_made: dict[tuple[int, ...], int] = {}  # members-only groups made per rank set (see _members_only_group)


def initialized() -> bool:
    return torch.distributed.is_available() and torch.distributed.is_initialized()


def launcher_env(environ: Mapping[str, str]) -> dict[str, str] | None:
    """torchrun-style variables for this process, or None when no launcher started it."""
    if "RANK" in environ and "WORLD_SIZE" in environ:  # torchrun, or a script that set them
        return {key: value for key, value in (("MASTER_ADDR", "127.0.0.1"), ("MASTER_PORT", "8118"))
                if key not in environ}
    try:  # MindSpore/MPI start variables, translated by the launcher module when it is present
        from mindshim._backend.launch_env import torch_env_from_environ
    except ImportError:
        return None
    return torch_env_from_environ(environ)


def timeout_seconds(environ: Mapping[str, str]) -> float:
    """msrun passes --cluster_time_out to its workers as MS_TOPO_TIMEOUT (seconds)."""
    for key in ("MS_TOPO_TIMEOUT", "MINDSHIM_CLUSTER_TIMEOUT"):
        value = environ.get(key, "")
        try:
            if float(value) > 0:
                return float(value)
        except ValueError:
            pass
    return DEFAULT_TIMEOUT_S


def init_world(world_name: str, use_cuda: bool) -> bool:
    """Join the default process group from the launcher's variables; False when there is no launcher."""
    if not initialized():
        extra = launcher_env(os.environ)
        if extra is None:
            return False
        os.environ.update(extra)
        seconds = timeout_seconds(os.environ)
        backend = "nccl" if use_cuda else "gloo"
        if use_cuda:
            torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", "0")))
        try:
            torch.distributed.init_process_group(backend=backend, timeout=datetime.timedelta(seconds=seconds))
        except Exception as exc:  # noqa: BLE001 - torch raises DistStoreError, RuntimeError, ValueError...
            raise RuntimeError(
                f"init(): rank {os.environ.get('RANK')} of {os.environ.get('WORLD_SIZE')} could not join the "
                f"cluster at {os.environ.get('MASTER_ADDR')}:{os.environ.get('MASTER_PORT')} within {seconds:g} s "
                f"(a peer is missing or died; set MS_TOPO_TIMEOUT / msrun --cluster_time_out to wait longer): "
                f"{exc}") from exc
        atexit.register(_shutdown_at_exit)
    world = list(range(torch.distributed.get_world_size()))
    _groups[world_name] = Group(world_name, world, None)
    return True


def make_store(host: str, port: int, world_size: int, is_master: bool, timeout_s: float,
               wait_for_workers: bool) -> Any:
    """torch's TCP key-value store (MindSpore's TCPStore has the same constructor)."""
    return torch.distributed.TCPStore(host, port, world_size, is_master, datetime.timedelta(seconds=timeout_s),
                                      wait_for_workers)


def init_world_with_store(world_name: str, use_cuda: bool, store: Any, rank_id: int, size: int,
                          timeout_s: float) -> None:
    """Join the default process group through an existing store (init_process_group(store=...))."""
    if not initialized():
        if use_cuda:
            torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", "0")))
        torch.distributed.init_process_group(backend="nccl" if use_cuda else "gloo", store=store, rank=rank_id,
                                             world_size=size, timeout=datetime.timedelta(seconds=timeout_s))
        atexit.register(_shutdown_at_exit)
    _groups[world_name] = Group(world_name, list(range(torch.distributed.get_world_size())), None)


def _shutdown_at_exit() -> None:
    """A script need not call release(): without this clean-up a gloo worker may abort at interpreter exit
    ("terminate called without an active exception") after its job is done. A rank that dies of an unhandled
    exception skips it: tearing the group down would fail its peers' pending collectives first, and the launcher
    must name the rank that raised, not the ones it took down."""
    if getattr(sys, "last_value", None) is None:
        shutdown()


def shutdown() -> None:
    _groups.clear()
    _retired.clear()
    _made.clear()
    if initialized():
        torch.distributed.destroy_process_group()


def lookup(name: str) -> Group:
    group = _groups.get(name)
    if group is None:
        raise RuntimeError(f"The group {name} does not exist.")
    return group


def has_group(name: str) -> bool:
    return name in _groups


def create_group(name: str, ranks: list[int]) -> None:
    me = torch.distributed.get_rank()
    if me not in ranks:
        raise RuntimeError(f"Communicator of group {name} inited: failed. Group {name} doesn't contain the "
                           f"global rank {me}")
    size = torch.distributed.get_world_size()
    bad = [r for r in ranks if not 0 <= r < size]
    if bad:
        raise RuntimeError(f"Failed to create communication group for {name} with rank ids {ranks}: ranks {bad} "
                           f"are outside the world of {size}.")
    _groups[name] = Group(name, list(ranks), _members_only_group(sorted(ranks)))


def _members_only_group(ranks: list[int]) -> Any:
    """torch.distributed.new_group called by the members alone, as MindSpore's create_group is.

    torch names a members-only group after a hash of its ranks salted with a count that differs across ranks
    once some rank joined a group the others did not (torch 2.14: its global group counter, which only stays
    equal when every rank calls new_group; torch 2.11: the number of groups this rank holds): the members then
    wait on different rendezvous keys forever. For the duration of the call the name is the ranks and the count of
    groups made of these same ranks (equal on all members); torch's counter and hash function are put back."""
    c10d = torch.distributed.distributed_c10d
    state = getattr(c10d, "_world", None)
    hash_ranks = getattr(c10d, "_hash_ranks_to_str", None)
    if state is None or not hasattr(state, "group_count") or hash_ranks is None:
        return torch.distributed.new_group(ranks=ranks, use_local_synchronization=True)
    key = tuple(ranks)
    _made[key] = _made.get(key, 0) + 1
    salt = _made[key]
    saved = state.group_count  # torch 2.14 counts the group on members only: left as it was
    c10d._hash_ranks_to_str = lambda group_ranks: "ms_" + "_".join(map(str, group_ranks)) + f"_{salt}"
    try:
        return torch.distributed.new_group(ranks=ranks, use_local_synchronization=True)
    finally:
        state.group_count = saved
        c10d._hash_ranks_to_str = hash_ranks


def destroy_group(name: str) -> None:
    """Forget the name. The torch group stays alive until shutdown: torch names a members-only group after its
    ranks, so destroying it would let the next group of the same ranks meet the old one's rendezvous keys."""
    group = _groups.pop(name, None)
    if group is not None and group.pg is not None:
        _retired.append(group.pg)


def world_size() -> int:
    return torch.distributed.get_world_size() if initialized() else 1


def rank() -> int:
    return torch.distributed.get_rank() if initialized() else 0


def local_rank() -> int:
    return int(os.environ.get("LOCAL_RANK", "0")) if initialized() else 0


def local_world_size() -> int:
    return int(os.environ.get("LOCAL_WORLD_SIZE", str(world_size()))) if initialized() else 1


def group_rank(name: str) -> int:
    return lookup(name).ranks.index(rank())


def group_size(name: str) -> int:
    return len(lookup(name).ranks)


def world_rank_of(name: str, group_rank_id: int) -> int:
    ranks = lookup(name).ranks
    if not 0 <= group_rank_id < len(ranks):
        raise RuntimeError(f"The group rank {group_rank_id} is out of the range of group {name} (size "
                           f"{len(ranks)}).")
    return ranks[group_rank_id]


def group_rank_of(world_rank_id: int, name: str) -> int:
    ranks = lookup(name).ranks
    if world_rank_id not in ranks:
        raise RuntimeError(f"The world rank {world_rank_id} is not in group {name} (ranks {ranks}).")
    return ranks.index(world_rank_id)


def all_reduce_grads(grads: tuple, mean: bool, degree: int) -> tuple:
    if world_size() == 1:
        return grads
    out = []
    for g in grads:
        g = g.clone()
        torch.distributed.all_reduce(g)
        out.append(g / degree if mean else g)
    return tuple(out)
