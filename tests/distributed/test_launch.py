"""`mindshim msrun`, mpirun-style and MindSpore-variable starts, and faults, with 2 CPU workers on gloo."""
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mindshim._backend.launch import get_args_parser, msrun_main

SCRIPT = str(Path(__file__).parent / "scripts" / "launch_allreduce.py")
CLI = [sys.executable, "-c", "import sys; from mindshim.cli import main; sys.exit(main())"]
TIMEOUT = 120


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OMPI_", "PMI_", "MS_", "RANK", "WORLD_SIZE",
                                                                   "LOCAL_RANK", "MASTER_"))}
    env.update(CUDA_VISIBLE_DEVICES="", **extra)  # gloo on the CPU even where CUDA is visible
    return env


def _msrun(tmp_path: Path, *flags: str, script_args: tuple = ()) -> subprocess.CompletedProcess:
    cmd = [*CLI, "msrun", *flags, SCRIPT, *script_args]
    return subprocess.run(cmd, cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=TIMEOUT)


def _check_worker_log(text: str, rank: int, device_id: int | None = None) -> None:
    device_id = rank if device_id is None else device_id
    assert f"rank {rank} of 2 env RANK_ID={rank} DEVICE_ID={device_id} MS_ROLE=MS_WORKER MS_WORKER_NUM=2" in text, text
    assert f"allreduce {rank}: [3.0, 30.0]" in text, text
    assert f"finished {rank}" in text, text


# ---- command line -------------------------------------------------------------------------------------------
def test_flags_accept_both_spellings_and_msrun_defaults():
    parser = get_args_parser()
    a = parser.parse_args(["--worker_num=4", "--local_worker_num", "2", "--join=True", "--log_dir", "logs",
                           "train.py", "--lr", "0.1"])
    b = parser.parse_args(["--worker_num", "4", "--local_worker_num=2", "--join", "True", "--log_dir=logs",
                           "train.py", "--lr", "0.1"])
    assert a == b
    assert (a.worker_num, a.local_worker_num, a.join, a.task_script, a.task_script_args) == (
        4, 2, True, "train.py", ["--lr", "0.1"])
    d = parser.parse_args(["train.py"])
    assert (d.worker_num, d.local_worker_num, d.master_addr, d.master_port, d.node_rank, d.log_dir, d.join,
            d.cluster_time_out, d.bind_core, d.tail_worker_log) == (
        8, 8, "127.0.0.1", 8118, -1, "", False, 600, False, "-1")
    assert parser.parse_args(['--bind_core={"device0": ["0-1"]}', "t.py"]).bind_core == {"device0": ["0-1"]}


def test_invalid_arguments(tmp_path, capsys):
    with pytest.raises(ValueError, match="exceeded local worker number: 4"):
        msrun_main(["--worker_num=2", "--local_worker_num=4", f"--log_dir={tmp_path}", SCRIPT])
    with pytest.raises(ValueError, match="worker_num must be greater than 0"):
        msrun_main(["--worker_num=0", "--local_worker_num=0", SCRIPT])
    with pytest.raises(RuntimeError, match="sim_level"):
        msrun_main(["--worker_num=2", "--local_worker_num=2", "--sim_level=1", SCRIPT])
    with pytest.raises(RuntimeError, match="--node_rank"):
        msrun_main(["--worker_num=4", "--local_worker_num=2", SCRIPT])
    with pytest.raises(ValueError, match=r"node_rank should be in \[0, 2\)"):
        msrun_main(["--worker_num=4", "--local_worker_num=2", "--node_rank=2", SCRIPT])
    with pytest.raises(RuntimeError, match="multiple of"):
        msrun_main(["--worker_num=3", "--local_worker_num=2", "--node_rank=0", SCRIPT])
    assert msrun_main(["--join=maybe", SCRIPT]) == 2
    assert msrun_main(["--help"]) == 0
    assert "--cluster_time_out" in capsys.readouterr().out


# ---- msrun ----------------------------------------------------------------------------------------------------
def test_msrun_two_workers_join(tmp_path):
    cpus = sorted(os.sched_getaffinity(0))
    r = _msrun(tmp_path, "--worker_num=2", "--local_worker_num=2", f"--master_port={_free_port()}",
               "--log_dir=msrun_log", "--join=True", "--bind_core", "True")
    assert r.returncode == 0, r.stdout + r.stderr
    logs = tmp_path / "msrun_log"
    assert sorted(p.name for p in logs.iterdir()) == ["scheduler.log", "worker_0.log", "worker_1.log"]
    for rank in (0, 1):
        text = (logs / f"worker_{rank}.log").read_text()
        _check_worker_log(text, rank)
        half = len(cpus) // 2
        expected = (cpus[:half] if rank == 0 else cpus[half:]) if half else cpus  # --bind_core=True: even split
        assert f"cpus {rank}: {expected}" in text, text
        assert f"Start worker process with rank id:{rank}, log file:msrun_log/worker_{rank}.log" in r.stdout
        assert f"finished {rank}" in r.stdout  # --join=True tails the worker logs


@pytest.mark.parametrize("option, how", [("--fail-rank", "exit with exception. Error code: 1"),
                                         ("--die-rank", "killed by signal SIGKILL. Error code: -9")])
def test_failed_rank_stops_job_and_is_named(tmp_path, option, how):
    start = time.monotonic()
    r = _msrun(tmp_path, "--worker_num=2", "--local_worker_num=2", f"--master_port={_free_port()}",
               "--log_dir=fail_log", "--join=True", "--cluster_time_out=60", "--tail_worker_log=0",
               script_args=(option, "1"))
    elapsed = time.monotonic() - start
    assert r.returncode == 1, r.stdout + r.stderr
    assert elapsed < 60
    assert f"with rank id:1 {how}. Log file: fail_log/worker_1.log" in r.stderr, r.stderr
    assert "rank id:0" not in r.stderr.split("Waiting all processes to exit")[-1]
    assert "Distributed job exited with exception. Please check logs in directory: fail_log." in r.stderr
    assert "rank 0 of 2" in r.stdout and "rank 1 of 2" not in r.stdout  # --tail_worker_log=0
    if option == "--fail-rank":
        log = (tmp_path / "fail_log" / "worker_1.log").read_text()
        assert "ValueError: launch_allreduce: rank 1 fails on purpose" in log
        # rank 1's log was not on the console, so the launcher shows its last lines
        assert "ValueError: launch_allreduce: rank 1 fails on purpose" in r.stderr


def test_missing_node_times_out(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # in-process: the launcher alone, no worker ever starts
    env_before = dict(os.environ)
    start = time.monotonic()
    status = msrun_main(["--worker_num=2", "--local_worker_num=1", "--node_rank=0", f"--master_port={_free_port()}",
                         "--log_dir=lonely", "--join=True", "--cluster_time_out=2", SCRIPT])
    err = capsys.readouterr().err
    assert status == 1
    assert time.monotonic() - start < 30
    assert "failed to build the cluster" in err and "1/2" in err, err
    assert "Please check logs in directory: lonely." in err
    assert not (tmp_path / "lonely" / "worker_0.log").exists()
    assert dict(os.environ) == env_before  # torchrun's OMP_NUM_THREADS stays out of the launcher's environment


def _wait_for(path: Path, text: str) -> str:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline and not (path.exists() and text in path.read_text()):
        time.sleep(0.3)
    return path.read_text() if path.exists() else ""


def test_two_nodes_on_localhost_one_without_join(tmp_path):
    port = _free_port()
    flags = ["--worker_num=2", "--local_worker_num=1", "--master_addr=127.0.0.1", f"--master_port={port}",
             "--cluster_time_out=90"]
    node0 = subprocess.Popen([*CLI, "msrun", *flags, "--node_rank=0", "--log_dir=node0", "--join=True", SCRIPT],
                             cwd=tmp_path, env=_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        # without --join msrun returns at once and the job goes on in the background
        node1 = _msrun(tmp_path, *flags, "--node_rank=1", "--log_dir=node1")
        assert node1.returncode == 0, node1.stdout + node1.stderr
        assert "Start worker process with rank id:1, log file:node1/worker_1.log" in node1.stdout
        out0 = node0.communicate(timeout=TIMEOUT)[0]
    finally:
        if node0.poll() is None:
            node0.terminate()  # SIGTERM: the agent stops its workers before it exits
            node0.wait(30)
    assert node0.returncode == 0, out0
    _check_worker_log(_wait_for(tmp_path / "node1" / "worker_1.log", "finished"), 1, device_id=0)
    _check_worker_log((tmp_path / "node0" / "worker_0.log").read_text(), 0)
    assert "allreduce 0: [3.0, 30.0]" in out0 and "allreduce 1" not in out0  # node 0 tails its own worker only
    assert sorted(p.name for p in (tmp_path / "node0").iterdir()) == ["scheduler.log", "worker_0.log"]
    assert sorted(p.name for p in (tmp_path / "node1").iterdir()) == ["worker_1.log"]


# ---- mpirun and MindSpore's environment variables -------------------------------------------------------------
def _start_ranks(tmp_path: Path, envs: list[dict]) -> list[str]:
    procs = [subprocess.Popen([sys.executable, "-m", "mindshim", SCRIPT], cwd=tmp_path, env=_env(**e),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for e in envs]
    try:
        outs = [p.communicate(timeout=TIMEOUT)[0] for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(30)
    assert [p.returncode for p in procs] == [0] * len(procs), outs
    return outs


def test_mpirun_style_start(tmp_path):
    port = str(_free_port())
    envs = [{"OMPI_COMM_WORLD_RANK": str(r), "OMPI_COMM_WORLD_SIZE": "2", "OMPI_COMM_WORLD_LOCAL_RANK": str(r),
             "OMPI_COMM_WORLD_LOCAL_SIZE": "2", "MASTER_PORT": port} for r in (0, 1)]
    outs = _start_ranks(tmp_path, envs)
    for rank in (0, 1):
        assert f"rank {rank} of 2" in outs[rank] and f"allreduce {rank}: [3.0, 30.0]" in outs[rank], outs[rank]


def test_mindspore_variables_start_with_scheduler(tmp_path):
    common = {"MS_WORKER_NUM": "2", "MS_SCHED_HOST": "127.0.0.1", "MS_SCHED_PORT": str(_free_port())}
    envs = [dict(common, MS_ROLE="MS_SCHED")]
    envs += [dict(common, MS_ROLE="MS_WORKER", MS_NODE_ID=str(r), RANK_ID=str(r), DEVICE_ID=str(r)) for r in (0, 1)]
    outs = _start_ranks(tmp_path, envs)
    # the scheduler stops inside init() with status 0; the rest of the script never runs there
    assert "MS_ROLE=MS_SCHED" in outs[0] and "of 2 env" not in outs[0] and "allreduce" not in outs[0], outs[0]
    for rank in (0, 1):
        _check_worker_log(outs[rank + 1], rank)
