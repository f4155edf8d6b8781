"""Translate MindSpore / MPI launch variables into torchrun-style ones (RANK, WORLD_SIZE, MASTER_ADDR, ...).

Sources, first match wins:
  1. torchrun's own RANK and WORLD_SIZE: nothing to translate (None).
  2. MindSpore dynamic cluster (MS_ROLE set): MS_WORKER_NUM workers, rank from a numeric MS_NODE_ID or RANK_ID,
     rendezvous at MS_SCHED_HOST:MS_SCHED_PORT. A scheduler (MS_ROLE=MS_SCHED) has nothing to do on
     torch.distributed -- worker rank 0 hosts the rendezvous store -- so asking for its variables ends the
     process with status 0 (`SchedulerExit`), as MindSpore's scheduler never returns from `init()` either.
  3. Open MPI (OMPI_COMM_WORLD_*) or MPICH / Intel MPI (PMI_RANK, PMI_SIZE, MPI_LOCALRANKID, MPI_LOCALNRANKS).
  4. A rank-table start (RANK_TABLE_FILE or MINDSPORE_HCCL_CONFIG_PATH with RANK_ID and RANK_SIZE).
MASTER_ADDR / MASTER_PORT: MS_SCHED_HOST / MS_SCHED_PORT, else MASTER_ADDR / MASTER_PORT, else 127.0.0.1:8118
(msrun's defaults). The file of a rank table is not read.
"""
from __future__ import annotations

import sys
from collections.abc import Mapping

DEFAULT_ADDR = "127.0.0.1"
DEFAULT_PORT = "8118"

SCHEDULER_MESSAGE = (
    "mindshim: this process has MS_ROLE=MS_SCHED. torch.distributed needs no scheduler process (worker rank 0 "
    "hosts the rendezvous store at MS_SCHED_HOST:MS_SCHED_PORT), so the scheduler exits here with status 0.")


class SchedulerExit(SystemExit):
    """Ends a MindSpore scheduler process (MS_ROLE=MS_SCHED) inside `init()` with exit status 0."""

    def __init__(self) -> None:
        super().__init__(0)


def _int(environ: Mapping[str, str], name: str) -> int | None:
    value = environ.get(name, "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise RuntimeError(f"Environment variable {name} should be an integer, but got {value!r}.") from None


def _master(environ: Mapping[str, str]) -> dict[str, str]:
    addr = environ.get("MS_SCHED_HOST") or environ.get("MASTER_ADDR") or DEFAULT_ADDR
    port = environ.get("MS_SCHED_PORT") or environ.get("MASTER_PORT") or DEFAULT_PORT
    if not port.isdigit():
        raise RuntimeError(f"The scheduler port should be an integer, but got {port!r}.")
    return {"MASTER_ADDR": addr, "MASTER_PORT": port}


def _result(rank: int, size: int, local_rank: int, local_size: int, environ: Mapping[str, str]) -> dict[str, str]:
    if size <= 0:
        raise RuntimeError(f"The number of processes should be greater than 0, but got {size}.")
    if not 0 <= rank < size:
        raise RuntimeError(f"The rank id should be in [0, {size}), but got {rank}.")
    env = {"RANK": str(rank), "WORLD_SIZE": str(size), "LOCAL_RANK": str(local_rank),
           "LOCAL_WORLD_SIZE": str(local_size)}
    env.update(_master(environ))
    return env


def _dynamic_cluster(environ: Mapping[str, str]) -> dict[str, str]:
    role = environ["MS_ROLE"]
    if role == "MS_SCHED":
        print(SCHEDULER_MESSAGE, file=sys.stderr, flush=True)
        raise SchedulerExit()
    if role != "MS_WORKER":
        raise RuntimeError(f"mindshim supports MS_ROLE 'MS_WORKER' and 'MS_SCHED', but got {role!r}.")
    size = _int(environ, "MS_WORKER_NUM")
    if size is None:
        raise RuntimeError("MS_ROLE=MS_WORKER is set but MS_WORKER_NUM is not: export the number of workers.")
    node_id = environ.get("MS_NODE_ID", "").strip()
    rank = int(node_id) if node_id.isdigit() else _int(environ, "RANK_ID")
    if rank is None:
        # MindSpore's scheduler hands out rank ids in registration order; a torch rendezvous needs them up front
        raise RuntimeError("mindshim needs each worker's rank: export a numeric MS_NODE_ID (or RANK_ID) "
                           "for every MS_WORKER process, 0 to MS_WORKER_NUM-1.")
    local_rank = _int(environ, "DEVICE_ID")
    local_size = _int(environ, "LOCAL_WORLD_SIZE")
    return _result(rank, size, rank if local_rank is None else local_rank,
                   size if local_size is None else local_size, environ)


def _mpi(environ: Mapping[str, str]) -> dict[str, str] | None:
    for rank_var, size_var, local_var, local_size_var in (
            ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK",
             "OMPI_COMM_WORLD_LOCAL_SIZE"),
            ("PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID", "MPI_LOCALNRANKS")):
        rank, size = _int(environ, rank_var), _int(environ, size_var)
        if rank is None or size is None:
            continue
        local_rank, local_size = _int(environ, local_var), _int(environ, local_size_var)
        return _result(rank, size, rank if local_rank is None else local_rank,
                       size if local_size is None else local_size, environ)
    return None


def _rank_table(environ: Mapping[str, str]) -> dict[str, str] | None:
    if not (environ.get("RANK_TABLE_FILE") or environ.get("MINDSPORE_HCCL_CONFIG_PATH")):
        return None
    rank, size = _int(environ, "RANK_ID"), _int(environ, "RANK_SIZE")
    if rank is None or size is None:
        return None
    local_rank = _int(environ, "DEVICE_ID")
    return _result(rank, size, rank if local_rank is None else local_rank, size, environ)


def is_scheduler(environ: Mapping[str, str]) -> bool:
    """True for a MindSpore scheduler process (MS_ROLE=MS_SCHED) that torch.distributed does not need."""
    return "RANK" not in environ and environ.get("MS_ROLE") == "MS_SCHED"


def torch_env_from_environ(environ: Mapping[str, str]) -> dict[str, str] | None:
    """torchrun-style variables for a process started by mpirun or MindSpore's variables; None when not needed.

    Raises `SchedulerExit` (exit status 0) for a MindSpore scheduler process, RuntimeError for incomplete or
    invalid settings.
    """
    if "RANK" in environ and "WORLD_SIZE" in environ:
        return None
    if environ.get("MS_ROLE"):
        return _dynamic_cluster(environ)
    return _mpi(environ) or _rank_table(environ)


__all__ = ["torch_env_from_environ", "is_scheduler", "SchedulerExit", "SCHEDULER_MESSAGE"]
