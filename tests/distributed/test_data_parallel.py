"""Data-parallel training on two CPU ranks (gloo) against real MindSpore 2.10's msrun goldens.

`scripts/dp_train.py` (plain MindSpore code: a sharded MnistDataset, an explicit DistributedGradReducer loop, then
Model.train with ModelCheckpoints) runs under mindshim with two ranks, and once as a single process over the same
global batches; the goldens come from `tools/make_dp_goldens.py` (the oracle under `msrun`).
`scripts/dp_units.py` checks the pieces (bucketed reduce, broadcast, overflow flag, checkpoint loading) on two ranks.
"""
from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SCRIPTS = HERE / "scripts"
GOLDENS = HERE / "goldens"
N_IMAGES = 64  # dp_train.py: GLOBAL_BATCH * STEPS


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_env() -> dict[str, str]:
    env = {**os.environ, "CUDA_VISIBLE_DEVICES": "", "OMP_NUM_THREADS": "1"}
    env.pop("MINDSHIM_COMPILE", None)
    return env


def _two_rank_command(script: Path, args: list[str], log_dir: Path) -> list[str]:
    return [sys.executable, "-m", "mindshim", "msrun", "--worker_num=2", "--local_worker_num=2",
            f"--master_port={_free_port()}", "--join=True", f"--log_dir={log_dir}", str(script), *args]


def _rank_starts(script: Path, args: list[str], envs: list[dict[str, str]], cwd: Path) -> list[subprocess.Popen]:
    """One `python -m mindshim script` per rank, as mpirun or MindSpore's environment-variable start runs them."""
    return [subprocess.Popen([sys.executable, "-m", "mindshim", str(script), *args], cwd=str(cwd),
                             env={**_cpu_env(), **env}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            for env in envs]


def _mpirun_envs() -> list[dict[str, str]]:
    port = str(_free_port())
    return [{"OMPI_COMM_WORLD_RANK": str(r), "OMPI_COMM_WORLD_SIZE": "2", "OMPI_COMM_WORLD_LOCAL_RANK": str(r),
             "OMPI_COMM_WORLD_LOCAL_SIZE": "2", "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": port} for r in (0, 1)]


def _mindspore_envs() -> list[dict[str, str]]:
    common = {"MS_WORKER_NUM": "2", "MS_SCHED_HOST": "127.0.0.1", "MS_SCHED_PORT": str(_free_port())}
    return [dict(common, MS_ROLE="MS_SCHED")] + [
        dict(common, MS_ROLE="MS_WORKER", MS_NODE_ID=str(r), RANK_ID=str(r), DEVICE_ID=str(r)) for r in (0, 1)]


def _finish(proc: subprocess.Popen, what: str, log_dir: Path | None = None) -> None:
    try:
        out, _ = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
    logs = "".join(p.read_text()[-2000:] for p in sorted(log_dir.glob("worker_*.log"))) if log_dir else ""
    assert proc.returncode == 0, f"{what} failed ({proc.returncode}):\n{out[-4000:]}\n{logs}"


@pytest.fixture(scope="module")
def mnist_train(tmp_path_factory) -> Path:
    spec = importlib.util.spec_from_file_location("_make_mnist", ROOT / "tools" / "make_mnist.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)  # type: ignore[union-attr]
    images, labels = tool.load_digits()
    return tool.write_mnist(tmp_path_factory.mktemp("mnist"), images[:N_IMAGES], labels[:N_IMAGES], "train")


@pytest.fixture(scope="module")
def dp_runs(mnist_train, tmp_path_factory) -> dict[str, Path]:
    """The msrun two-rank run, the same script started mpirun-style and by MindSpore's environment variables, the
    single-process run and the two-rank unit checks, started together."""
    two, one, units, mpi, env = (tmp_path_factory.mktemp(n) for n in ("dp2", "dp1", "units", "mpi", "env"))
    logs, unit_logs = tmp_path_factory.mktemp("dp2_logs"), tmp_path_factory.mktemp("units_logs")
    kw = {"env": _cpu_env(), "stdout": subprocess.PIPE, "stderr": subprocess.STDOUT, "text": True}
    script = SCRIPTS / "dp_train.py"
    p2 = subprocess.Popen(_two_rank_command(script, [str(mnist_train), str(two)], logs), cwd=str(two), **kw)
    p1 = subprocess.Popen([sys.executable, "-m", "mindshim", str(script), str(mnist_train), str(one)],
                          cwd=str(one), **kw)
    pu = subprocess.Popen(_two_rank_command(SCRIPTS / "dp_units.py", [str(units)], unit_logs), cwd=str(units), **kw)
    by_mpi = _rank_starts(script, [str(mnist_train), str(mpi)], _mpirun_envs(), mpi)
    by_env = _rank_starts(script, [str(mnist_train), str(env)], _mindspore_envs(), env)
    _finish(p1, "single-process run")
    _finish(p2, "two-rank run", logs)
    _finish(pu, "dp_units", unit_logs)
    for i, proc in enumerate(by_mpi):
        _finish(proc, f"mpirun-style rank {i}")
    for i, proc in enumerate(by_env):
        _finish(proc, "MindSpore-variables scheduler" if i == 0 else f"MindSpore-variables rank {i - 1}")
    return {"two": two, "one": one, "units": units, "mpi": mpi, "env": env}


def _load(path: Path) -> dict[str, np.ndarray]:
    with np.load(path) as saved:
        return {k: saved[k] for k in saved.files}


def test_both_ranks_hold_identical_parameters(dp_runs) -> None:
    r0, r1 = (_load(dp_runs["two"] / f"params_rank_{r}.npz") for r in (0, 1))
    names = [k for k in r0 if k != "losses"]
    assert names == [k for k in r1 if k != "losses"] and len(names) == 4
    for name in names:
        np.testing.assert_array_equal(r0[name], r1[name], err_msg=name)
    assert not np.allclose(r0["losses"], r1["losses"]), "each rank must see its own shard"


@pytest.mark.parametrize("start", ["two", "mpi", "env"])
def test_ranks_match_real_mindspore_msrun(dp_runs, start) -> None:
    """`mindshim msrun`, mpirun-style (Open MPI variables) and MindSpore's MS_* variables give msrun's numbers."""
    golden = _load(GOLDENS / "dp_train.npz")
    for rank in (0, 1):
        mine = _load(dp_runs[start] / f"params_rank_{rank}.npz")
        assert sorted(mine) == sorted(k.split("/", 1)[1] for k in golden if k.startswith(f"rank{rank}/"))
        for name, value in mine.items():
            np.testing.assert_allclose(value, golden[f"rank{rank}/{name}"], rtol=1e-5, atol=1e-6,
                                       err_msg=f"rank {rank} {name}")


def test_two_ranks_equal_one_process_over_the_same_global_batches(dp_runs) -> None:
    single = _load(dp_runs["one"] / "params_rank_0.npz")
    ranked = _load(dp_runs["two"] / "params_rank_0.npz")
    for name in single:
        if name != "losses":
            np.testing.assert_allclose(ranked[name], single[name], rtol=1e-5, atol=1e-6, err_msg=name)
    r1 = _load(dp_runs["two"] / "params_rank_1.npz")
    # with equal shards, the mean of the ranks' losses is the global batch's loss
    np.testing.assert_allclose((ranked["losses"] + r1["losses"]) / 2, single["losses"], rtol=1e-5)


def test_checkpoint_files_are_those_mindspore_writes(dp_runs) -> None:
    expected = json.loads((GOLDENS / "dp_train_files.json").read_text())["two_ranks"]
    out = dp_runs["two"]
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*.ckpt")) == expected
    assert not [p for p in out.rglob("*") if p.name.endswith(".tmp")], "no half-written checkpoint may remain"


def test_units_on_two_ranks(dp_runs) -> None:
    """Bucketed reduce, parameter broadcast, the loss-scale overflow flag, defaults, checkpoint loading."""
    results = [json.loads((dp_runs["units"] / f"units_rank_{r}.json").read_text()) for r in (0, 1)]
    for rank, res in enumerate(results):
        assert res["rank"] == rank and res["size"] == 2
        assert res["device_num"] == [1, 2] and res["global_rank"] == [0, rank]
        assert res["reducer"] == {"mean": True, "degree": 0.5}
        assert res["reduced_ok"] and res["buckets"] > 1 and res["default_buckets"] == 1 and res["layerwise_untouched"]
        assert res["broadcast_equal_rank0"] and res["model_broadcast_equal"]
        assert res["overflow"] == [True, False] and res["skipped_together"]
        assert res["loaded_ok"] and res["strategy_unsupported"]
