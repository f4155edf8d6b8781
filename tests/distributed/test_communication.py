"""mindspore.communication: one process without init() (MindSpore's answers and errors, single-device
collectives), init() that cannot reach its peer (a clear error within the timeout), and named groups on two
CPU ranks (gloo), started by running this file as the worker."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time

import numpy as np
import pytest

TIMEOUT = 120
_LAUNCH_PREFIXES = ("OMPI_", "PMI_", "MS_", "RANK", "WORLD_SIZE", "LOCAL_", "MASTER_")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _clean_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(_LAUNCH_PREFIXES)}
    env.update(CUDA_VISIBLE_DEVICES="", **extra)  # gloo on the CPU even where CUDA is visible
    return env


@pytest.fixture
def ms(monkeypatch):
    import mindshim
    for key in list(os.environ):
        if key.startswith(_LAUNCH_PREFIXES):
            monkeypatch.delenv(key)
    mindshim.install_alias()
    import mindspore
    mindspore.set_context(device_target="CPU")
    yield mindspore


# ------------------------------------------------------------------------------------- one process, no init
def test_rank_queries_without_init_come_from_the_environment(ms, monkeypatch):
    from mindspore import communication as comm
    assert [comm.get_rank(), comm.get_group_size(), comm.get_local_rank(), comm.get_local_rank_size()] == [0, 1, 0, 1]
    monkeypatch.setenv("RANK_ID", "2")
    monkeypatch.setenv("RANK_SIZE", "4")
    assert (comm.get_rank(), comm.get_group_size()) == (2, 4)
    assert comm.GlobalComm.INITED is False and comm.GlobalComm.WORLD_COMM_GROUP == "hccl_world_group"


def test_group_functions_need_init(ms):
    from mindspore import communication as comm
    for call in (lambda: comm.create_group("g", [0, 1]), lambda: comm.destroy_group("g"), comm.get_comm_name,
                 comm.get_process_group_ranks, lambda: comm.get_world_rank_from_group_rank("g", 0),
                 lambda: comm.get_group_rank_from_world_rank(0, "g")):
        with pytest.raises(RuntimeError, match="has not been inited"):
            call()


def test_init_checks_backend_and_needs_a_launcher(ms):
    from mindspore.communication import GlobalComm, init
    with pytest.raises(RuntimeError, match="must be one of 'hccl', 'nccl' and 'mccl'"):
        init("gloo")
    with pytest.raises(TypeError, match="must be a string"):
        init(1)
    with pytest.raises(RuntimeError, match="without using 'mpirun'"):
        init("hccl")
    assert GlobalComm.INITED is False


def test_collectives_on_one_device_are_single_device_results(ms):
    from mindspore import Tensor, ops
    x = Tensor(np.array([[1.0, 2.0]], np.float32))
    np.testing.assert_array_equal(ops.AllReduce()(x).asnumpy(), [[1.0, 2.0]])
    np.testing.assert_array_equal(ops.AllGather()(x).asnumpy(), [[1.0, 2.0]])
    np.testing.assert_array_equal(ops.ReduceScatter()(x).asnumpy(), [[1.0, 2.0]])
    np.testing.assert_array_equal(ops.Broadcast(0)((x,))[0].asnumpy(), [[1.0, 2.0]])
    grad = ms.grad(lambda t: (ops.AllReduce()(t) * t).sum())(x)
    np.testing.assert_array_equal(grad.asnumpy(), [[2.0, 4.0]])
    t = x.copy()
    assert ops.all_reduce(t) is None
    np.testing.assert_array_equal(t.asnumpy(), [[1.0, 2.0]])
    assert (ops.get_rank(), ops.get_world_size(), ops.is_initialized()) == (1, 1, False)  # MindSpore 2.10's values
    with pytest.raises(RuntimeError, match="no peer"):
        ops.send(x, 1)


def test_launcher_variables_and_timeout():
    from mindshim._backend.distributed import DEFAULT_TIMEOUT_S, launcher_env, timeout_seconds
    assert launcher_env({}) is None
    assert launcher_env({"RANK": "1", "WORLD_SIZE": "2"}) == {"MASTER_ADDR": "127.0.0.1", "MASTER_PORT": "8118"}
    assert launcher_env({"RANK": "1", "WORLD_SIZE": "2", "MASTER_ADDR": "h", "MASTER_PORT": "1"}) == {}
    mpi = launcher_env({"OMPI_COMM_WORLD_RANK": "1", "OMPI_COMM_WORLD_SIZE": "2"})  # via _backend.launch_env
    assert (mpi["RANK"], mpi["WORLD_SIZE"]) == ("1", "2")
    assert timeout_seconds({"MS_TOPO_TIMEOUT": "7"}) == 7.0
    assert timeout_seconds({"MS_TOPO_TIMEOUT": "soon"}) == timeout_seconds({}) == DEFAULT_TIMEOUT_S


def test_init_with_a_missing_peer_fails_within_the_timeout(ms, monkeypatch):
    import torch
    from mindspore.communication import GlobalComm, init
    for key, value in dict(RANK="0", WORLD_SIZE="2", MASTER_ADDR="127.0.0.1", MASTER_PORT=str(_free_port()),
                           MS_TOPO_TIMEOUT="2").items():
        monkeypatch.setenv(key, value)
    start = time.monotonic()
    with pytest.raises(RuntimeError, match="rank 0 of 2 could not join the cluster .* within 2 s"):
        init()
    assert time.monotonic() - start < 60
    assert GlobalComm.INITED is False and not torch.distributed.is_initialized()


# --------------------------------------------------------------------------------------- two ranks: groups
def _worker() -> dict:
    import mindshim
    mindshim.install_alias()
    from mindspore import Tensor, communication as comm, ops

    def arr(t):
        return np.asarray(t.asnumpy()).tolist()

    def error(call):
        try:
            call()
        except Exception as exc:  # noqa: BLE001 - the error type is the result
            return type(exc).__name__
        return "ok"

    comm.init()
    comm.init()  # a second call keeps the world
    r = comm.get_rank()
    res: dict = {"world": [comm.get_group_size(), comm.get_local_rank(), comm.get_local_rank_size(),
                           comm.get_comm_name(), comm.get_process_group_ranks(),
                           comm.get_group_rank_from_world_rank(1, comm.GlobalComm.WORLD_COMM_GROUP),
                           comm.get_rank("hccl_world_group")]}
    comm.create_group("g10", [1, 0])  # group rank 0 is world rank 1
    res["g10"] = [comm.get_rank("g10"), comm.get_group_size("g10"), comm.get_world_rank_from_group_rank("g10", 1),
                  comm.get_group_rank_from_world_rank(1, "g10"), comm.get_process_group_ranks("g10")]
    x = Tensor(np.array([1.0, 2.0], np.float32) * (r + 1))
    res["g10_allgather"] = arr(ops.AllGather("g10")(x.reshape(1, 2)))
    res["g10_broadcast"] = arr(ops.Broadcast(0, "g10")((x,))[0])
    res["g10_reducescatter"] = arr(ops.ReduceScatter(group="g10")(
        Tensor(np.arange(4, dtype=np.float32).reshape(2, 2) * (r + 1))))
    res["recreate_same"] = error(lambda: comm.create_group("g10", [1, 0]))
    res["recreate_other"] = error(lambda: comm.create_group("g10", [0, 1]))
    res["g1"] = error(lambda: comm.create_group("g1", [1]))
    if r == 1:
        res["g1_size_allreduce"] = [comm.get_group_size("g1"), arr(ops.AllReduce(group="g1")(x))]
    res["errors"] = [error(lambda: comm.create_group("gt", (0, 1))), error(lambda: comm.create_group("gd", [1, 1])),
                     error(lambda: comm.get_rank("nope")), error(lambda: comm.destroy_group("mccl_world_group"))]
    from mindshim.communication.management import _torch_group  # for nn.DistributedGradReducer's group
    res["torch_group"] = [type(_torch_group("g10")).__name__, _torch_group("hccl_world_group")]
    comm.destroy_group("g10")
    res["destroyed"] = error(lambda: comm.get_rank("g10"))
    name = ops.new_group([1, 0])
    res["new_group"] = [name, ops.get_rank(name), ops.get_world_size(name), ops.get_group_rank(name, 1),
                        ops.get_global_rank(name, 0), ops.get_backend(name), ops.get_rank(), ops.is_initialized()]
    t = x.copy()
    ops.all_reduce(t, group=name)
    res["new_group_all_reduce"] = arr(t)
    ops.destroy_process_group()
    res["after_destroy"] = [comm.GlobalComm.INITED, comm.get_rank()]
    # join again through a key-value store (init_process_group(store=...)), rank 0 hosting it
    store = ops.TCPStore("127.0.0.1", int(os.environ["STORE_PORT"]), world_size=2, is_master=r == 0)
    store.set(f"key{r}", f"value{r}")
    res["store"] = [store.add("count", 1) in (1, 2), store.get(f"key{1 - r}").decode()]
    ops.init_process_group(store=store, rank=r, world_size=2)
    t = x.copy()
    ops.all_reduce(t)
    res["store_world"] = [comm.GlobalComm.INITED, comm.get_rank(), arr(t)]
    ops.barrier()
    ops.destroy_process_group()
    return res


def test_named_groups_on_two_ranks():
    port, store_port = str(_free_port()), str(_free_port())
    procs = [subprocess.Popen([sys.executable, __file__], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=_clean_env(RANK=str(r), WORLD_SIZE="2", LOCAL_RANK=str(r), LOCAL_WORLD_SIZE="2",
                                             MASTER_ADDR="127.0.0.1", MASTER_PORT=port, MS_TOPO_TIMEOUT="30",
                                             STORE_PORT=store_port))
             for r in (0, 1)]
    results = [p.communicate(timeout=TIMEOUT) for p in procs]
    failed = [f"rank {i}: {err[-2500:]}" for i, (p, (_, err)) in enumerate(zip(procs, results)) if p.returncode]
    assert not failed, "\n".join(failed)
    r0, r1 = (json.loads(out.strip().splitlines()[-1]) for out, _ in results)
    assert r0["world"] == [2, 0, 2, "", [0, 1], 1, 0] and r1["world"] == [2, 1, 2, "", [0, 1], 1, 1]
    # MindSpore numbers a created group's ranks in the order given (real MindSpore on 2 CPU ranks says so)
    assert r0["g10"] == [1, 2, 0, 0, [1, 0]] and r1["g10"] == [0, 2, 0, 0, [1, 0]]
    assert r0["g10_allgather"] == r1["g10_allgather"] == [[2.0, 4.0], [1.0, 2.0]]
    assert r0["g10_broadcast"] == r1["g10_broadcast"] == [2.0, 4.0]
    assert (r0["g10_reducescatter"], r1["g10_reducescatter"]) == ([[6.0, 9.0]], [[0.0, 3.0]])
    for res in (r0, r1):
        assert (res["recreate_same"], res["recreate_other"]) == ("ok", "ValueError")
        assert res["errors"] == ["TypeError", "ValueError", "RuntimeError", "ValueError"]
        assert res["destroyed"] == "RuntimeError"
        assert res["torch_group"] == ["ProcessGroup", None]
        assert res["new_group_all_reduce"] == [3.0, 6.0]
        assert res["after_destroy"] == [False, 0]
        assert res["store"][0] is True
    assert (r0["store"][1], r1["store"][1]) == ("value1", "value0")
    assert (r0["store_world"], r1["store_world"]) == ([True, 0, [3.0, 6.0]], [True, 1, [3.0, 6.0]])
    assert (r0["g1"], r1["g1"]) == ("RuntimeError", "ok")  # a rank outside the group cannot create it
    assert r1["g1_size_allreduce"] == [1, [2.0, 4.0]]
    name = r0["new_group"][0]
    assert name.startswith("hccl_2_") and r1["new_group"][0] == name
    assert r0["new_group"][1:] == [0, 2, 1, 0, "hccl", 0, True] and r1["new_group"][1:] == [1, 2, 1, 0, "hccl", 1, True]


if __name__ == "__main__":
    print(json.dumps(_worker()), flush=True)
