"""Collective primitives and functions on 2 CPU ranks (gloo): values, gradients, group order.

The test starts this file twice as a worker (`python test_collectives.py`, torchrun-style variables set);
each worker runs every collective and prints its results as JSON, which the tests compare rank by rank.
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys

import numpy as np
import pytest

TIMEOUT = 120


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_two_ranks(script: str, *args: str) -> list[dict]:
    """Start `script` as ranks 0 and 1 of a 2-process gloo world; return each rank's JSON output."""
    port = str(_free_port())
    base = {k: v for k, v in os.environ.items()
            if not k.startswith(("OMPI_", "PMI_", "MS_", "RANK", "WORLD_SIZE", "LOCAL_", "MASTER_"))}
    procs = []
    for rank in (0, 1):
        env = dict(base, RANK=str(rank), WORLD_SIZE="2", LOCAL_RANK=str(rank), LOCAL_WORLD_SIZE="2",
                   MASTER_ADDR="127.0.0.1", MASTER_PORT=port, MS_TOPO_TIMEOUT="30",
                   CUDA_VISIBLE_DEVICES="")  # gloo on the CPU even where CUDA is visible
        procs.append(subprocess.Popen([sys.executable, script, *args], env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    results = [p.communicate(timeout=TIMEOUT) for p in procs]
    failed = [f"rank {i}: {err[-2500:]}" for i, (p, (_, err)) in enumerate(zip(procs, results)) if p.returncode]
    assert not failed, "\n".join(failed)
    return [json.loads(out.strip().splitlines()[-1]) for out, _ in results]


# ------------------------------------------------------------------------------------------- the worker
def _worker() -> dict:  # noqa: C901 - one list of checks, run once per rank
    import mindshim
    mindshim.install_alias()
    import mindspore as ms
    from mindspore import Tensor, ops
    from mindspore.communication import GlobalComm, comm_func, get_rank, init, release

    def arr(t):
        return np.asarray(t.asnumpy() if hasattr(t, "asnumpy") else t).tolist()

    init()
    r = get_rank()
    res: dict = {"global": [GlobalComm.BACKEND, GlobalComm.WORLD_COMM_GROUP, GlobalComm.INITED]}
    x = Tensor(np.array([1.0, 2.0], np.float32) * (r + 1))
    for op in ("sum", "max", "min", "prod"):
        res[f"allreduce_{op}"] = arr(ops.AllReduce(op)(x))
    res["allgather"] = arr(ops.AllGather()(x.reshape(1, 2)))
    res["reducescatter"] = arr(ops.ReduceScatter()(Tensor(np.arange(4, dtype=np.float32).reshape(2, 2) * (r + 1))))
    res["broadcast"] = [arr(t) for t in ops.Broadcast(1)((x,))]
    res["alltoall"] = arr(ops.AlltoAll(2, 0, 0)(Tensor(np.arange(4, dtype=np.float32).reshape(2, 2) + 10 * r)))
    res["reduce"] = arr(ops.Reduce(0)(x))
    res["collective_gather"] = arr(ops.CollectiveGather(0)(x))
    res["collective_scatter"] = arr(ops.CollectiveScatter(1)(Tensor(np.arange(4, dtype=np.float32) * (r + 1))))
    if r == 0:
        res["send"] = arr(ops.Send(0, 1)(x))
    else:
        res["receive"] = arr(ops.Receive(0, 0, (2,), ms.float32)())
    ops.Barrier()()

    # gradients: MindSpore's bprops (AllReduce -> AllReduce, AllGather -> ReduceScatter, ...)
    w = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    res["grad_allreduce"] = arr(ms.grad(lambda t: ops.AllReduce()(t * t).sum())(x))
    res["grad_allgather"] = arr(ms.grad(lambda t: (ops.AllGather()(t.reshape(1, 2)) * w).sum())(x))
    res["grad_reducescatter"] = arr(ms.grad(lambda t: (ops.ReduceScatter()(t.reshape(2, 1)) * (r + 1)).sum())(x))
    res["grad_broadcast"] = arr(ms.grad(lambda t: (ops.Broadcast(0)((t,))[0] * (r + 1)).sum())(x))
    y = Tensor(np.ones((2, 2), np.float32))
    res["grad_alltoall"] = arr(ms.grad(lambda t: (ops.AlltoAll(2, 0, 0)(t) * (r + 1)).sum())(y))
    res["grad_allreduce_prod"] = arr(ms.grad(lambda t: ops.AllReduce("prod")(t).sum())(x))
    res["grad_reduce"] = arr(ms.grad(lambda t: (ops.Reduce(0)(t) * 3).sum())(x))
    res["grad_allreduce_max"] = arr(ms.grad(lambda t: ops.AllReduce("max")(t).sum())(
        Tensor(np.array([1.0, 5.0], np.float32) if r == 0 else np.array([3.0, 2.0], np.float32))))

    # ops.communication functions (in place by default)
    t = x.copy()
    res["ops_all_reduce"] = [ops.all_reduce(t), arr(t)]
    out = Tensor(np.zeros(4, np.float32))
    ops.all_gather_into_tensor(out, x)
    res["ops_all_gather_into_tensor"] = arr(out)
    out = Tensor(np.zeros(2, np.float32))
    ops.reduce_scatter_tensor(out, Tensor(np.arange(4, dtype=np.float32) + r))
    res["ops_reduce_scatter_tensor"] = arr(out)
    t = x.copy()
    ops.broadcast(t, 1)
    res["ops_broadcast"] = arr(t)
    parts = [Tensor(np.zeros(2, np.float32)) for _ in range(2)]
    ops.all_gather(parts, x)
    res["ops_all_gather"] = [arr(p) for p in parts]
    buf = Tensor(np.zeros(2, np.float32))
    if r == 0:
        ops.send(x, 1)
        ops.isend(x * 10, 1).wait()
    else:
        res["ops_recv"] = [ops.recv(buf, 0), arr(buf)]
        ops.irecv(buf, 0).wait()
        res["ops_irecv"] = arr(buf)
    peer = 1 - r
    got = Tensor(np.zeros(2, np.float32))
    handles = ops.batch_isend_irecv([ops.P2POp("isend", x, peer), ops.P2POp(ops.irecv, got, peer)])
    handles[0].wait()
    res["ops_batch_isend_irecv"] = arr(got)
    out = Tensor(np.zeros(4, np.float32))
    ops.all_to_all_single(out, Tensor(np.arange(4, dtype=np.float32) + 10 * r))
    res["ops_all_to_all_single"] = arr(out)
    objs = [None, None]
    ops.all_gather_object(objs, {"rank": r})
    res["ops_all_gather_object"] = objs
    blist = [f"from {r}"]
    ops.broadcast_object_list(blist, src=1)
    res["ops_broadcast_object_list"] = blist
    out = Tensor(np.zeros(3, np.float32))
    ops.all_gather_into_tensor_uneven(out, Tensor(np.arange(1 + r, dtype=np.float32) + 10 * r), [1, 2])
    res["ops_all_gather_uneven"] = arr(out)
    out = Tensor(np.zeros(1 + r, np.float32))
    ops.reduce_scatter_tensor_uneven(out, Tensor(np.arange(3, dtype=np.float32) * (r + 1)), [1, 2])
    res["ops_reduce_scatter_uneven"] = arr(out)
    handle = ops.all_reduce(x.copy(), async_op=True)
    res["ops_async_handle"] = type(handle).__name__
    handle.wait()
    ops.set_comm_ops_inplace(False, ["all_reduce"])
    out, handle = ops.all_reduce(x)
    res["ops_all_reduce_not_inplace"] = [arr(out), handle, arr(x)]
    ops.set_comm_ops_inplace(True)

    # mindspore.communication.comm_func: new tensors, (output, handle) pairs
    out, handle = comm_func.all_reduce(x)
    res["cf_all_reduce"] = [arr(out), handle]
    res["cf_all_gather_into_tensor"] = arr(comm_func.all_gather_into_tensor(x)[0])
    res["cf_reduce_scatter_tensor"] = arr(comm_func.reduce_scatter_tensor(Tensor(np.arange(4, dtype=np.float32)))[0])
    res["cf_broadcast"] = arr(comm_func.broadcast(x, 1))
    if r == 0:
        comm_func.send(x * 7, 1)
    else:
        res["cf_recv"] = arr(comm_func.recv(Tensor(np.zeros(2, np.float32)), 0))
    out = comm_func.batch_isend_irecv([comm_func.P2POp("isend", x, peer),
                                       comm_func.P2POp("irecv", (2,), peer, recv_dtype=ms.float32)])
    res["cf_batch_isend_irecv"] = [arr(o) for o in out]
    comm_func.barrier()
    release()
    res["released"] = GlobalComm.INITED
    return res


# ------------------------------------------------------------------------------------------------ tests
@pytest.fixture(scope="module")
def ranks() -> list[dict]:
    return run_two_ranks(__file__)


def test_init_sets_mindspore_globals_for_cpu(ranks):
    for res in ranks:
        assert res["global"] == ["mccl", "mccl_world_group", True]
        assert res["released"] is False


def test_primitive_values(ranks):
    r0, r1 = ranks
    for res in ranks:
        assert res["allreduce_sum"] == [3.0, 6.0]
        assert res["allreduce_max"] == [2.0, 4.0]
        assert res["allreduce_min"] == [1.0, 2.0]
        assert res["allreduce_prod"] == [2.0, 8.0]
        assert res["allgather"] == [[1.0, 2.0], [2.0, 4.0]]
        assert res["broadcast"] == [[2.0, 4.0]]
    assert (r0["reducescatter"], r1["reducescatter"]) == ([[0.0, 3.0]], [[6.0, 9.0]])
    assert (r0["alltoall"], r1["alltoall"]) == ([[0.0, 1.0], [10.0, 11.0]], [[2.0, 3.0], [12.0, 13.0]])
    assert (r0["reduce"], r1["reduce"]) == ([3.0, 6.0], [0.0])
    assert r0["collective_gather"] == [1.0, 2.0, 2.0, 4.0]
    assert (r0["collective_scatter"], r1["collective_scatter"]) == ([0.0, 2.0], [4.0, 6.0])
    assert (r0["send"], r1["receive"]) == ([1.0, 2.0], [1.0, 2.0])


def test_gradients_follow_mindspore_bprops(ranks):
    r0, r1 = ranks
    assert (r0["grad_allreduce"], r1["grad_allreduce"]) == ([4.0, 8.0], [8.0, 16.0])  # real MindSpore's values
    assert (r0["grad_broadcast"], r1["grad_broadcast"]) == ([1.0, 1.0], [2.0, 2.0])  # real MindSpore's values
    assert (r0["grad_allgather"], r1["grad_allgather"]) == ([2.0, 4.0], [6.0, 8.0])
    assert r0["grad_reducescatter"] == r1["grad_reducescatter"] == [1.0, 2.0]
    assert r0["grad_alltoall"] == r1["grad_alltoall"] == [[1.0, 1.0], [2.0, 2.0]]
    assert (r0["grad_allreduce_max"], r1["grad_allreduce_max"]) == ([0.0, 2.0], [2.0, 0.0])
    assert (r0["grad_allreduce_prod"], r1["grad_allreduce_prod"]) == ([4.0, 8.0], [2.0, 4.0])
    assert r0["grad_reduce"] == r1["grad_reduce"] == [3.0, 3.0]  # the destination's gradient, broadcast


def test_ops_communication_functions(ranks):
    r0, r1 = ranks
    for r, res in enumerate(ranks):
        assert res["ops_all_reduce"] == [None, [3.0, 6.0]]
        assert res["ops_all_gather_into_tensor"] == [1.0, 2.0, 2.0, 4.0]
        assert res["ops_broadcast"] == [2.0, 4.0]
        assert res["ops_all_gather"] == [[1.0, 2.0], [2.0, 4.0]]
        assert res["ops_batch_isend_irecv"] == [[1.0, 2.0], [2.0, 4.0]][1 - r]
        assert res["ops_all_gather_object"] == [{"rank": 0}, {"rank": 1}]
        assert res["ops_broadcast_object_list"] == ["from 1"]
        assert res["ops_async_handle"] == "CommHandle"
        assert res["ops_all_reduce_not_inplace"] == [[3.0, 6.0], None, [[1.0, 2.0], [2.0, 4.0]][r]]
    assert (r0["ops_reduce_scatter_tensor"], r1["ops_reduce_scatter_tensor"]) == ([1.0, 3.0], [5.0, 7.0])
    assert r0["ops_all_gather_uneven"] == r1["ops_all_gather_uneven"] == [0.0, 10.0, 11.0]
    assert (r0["ops_reduce_scatter_uneven"], r1["ops_reduce_scatter_uneven"]) == ([0.0], [3.0, 6.0])
    assert r1["ops_recv"] == [0, [1.0, 2.0]] and r1["ops_irecv"] == [10.0, 20.0]
    assert (r0["ops_all_to_all_single"], r1["ops_all_to_all_single"]) == ([0.0, 1.0, 10.0, 11.0],
                                                                          [2.0, 3.0, 12.0, 13.0])


def test_communication_comm_func(ranks):
    for r, res in enumerate(ranks):
        assert res["cf_all_reduce"] == [[3.0, 6.0], None]
        assert res["cf_all_gather_into_tensor"] == [1.0, 2.0, 2.0, 4.0]
        assert res["cf_broadcast"] == [2.0, 4.0]
        assert res["cf_batch_isend_irecv"] == [0.0, [[1.0, 2.0], [2.0, 4.0]][1 - r]]
    assert ranks[0]["cf_reduce_scatter_tensor"] == [0.0, 2.0] and ranks[1]["cf_reduce_scatter_tensor"] == [4.0, 6.0]
    assert ranks[1]["cf_recv"] == [7.0, 14.0]


if __name__ == "__main__":
    print(json.dumps(_worker()), flush=True)
