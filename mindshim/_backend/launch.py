"""`mindshim msrun`: MindSpore's msrun launcher, with msrun's flags, on top of `torch.distributed.run`.

torchrun (its elastic agent, in this process) spawns and watches the workers; no MindSpore scheduler process is
started -- the agent's TCPStore at --master_addr:--master_port takes its place, and the agent's messages go to
`<log_dir>/scheduler.log`. Each worker runs a tiny boot program that sends its stdout/stderr to
`<log_dir>/worker_<rank id>.log`, exports the variables msrun exports (RANK_ID, DEVICE_ID, MS_ROLE, ...), and
execs `python -m mindshim SCRIPT ARGS` so that `import mindspore` is mindshim. `--join=True` tails the logs
to the console, and when a worker fails the agent stops the others and the launcher names the failed rank and
its log file and returns 1. Without `--join=True` the launcher returns at once and a background launcher keeps
the job running, as msrun does.
"""
from __future__ import annotations

import argparse
import ast
import json
import logging
import os
import re
import socket
import subprocess
import sys
import threading
from dataclasses import dataclass, field

from mindshim._errors import unsupported

_BACKGROUND_ENV = "MINDSHIM_MSRUN_BACKGROUND"
_FOREVER_S = 10 ** 8  # --cluster_time_out < 0
_AGENT_LOGGERS = ("torch.distributed.elastic", "torch.distributed.run", "torch.distributed.launcher")

# Runs as `python -u -c _BOOT CONFIG_JSON CMD...` under the torchrun agent: log redirect, msrun's variables, exec.
_BOOT = r"""
import json, os, sys
cfg = json.loads(sys.argv[1])
rank, local, size = os.environ["RANK"], os.environ["LOCAL_RANK"], os.environ["WORLD_SIZE"]
os.environ.update(cfg["env"])
os.environ.update({"RANK_ID": rank, "MS_NODE_ID": rank, "DEVICE_ID": local, "RANK_SIZE": size,
                   "MS_WORKER_NUM": size, "MS_ROLE": "MS_WORKER", "MS_SCHED_HOST": os.environ["MASTER_ADDR"],
                   "MS_SCHED_PORT": os.environ["MASTER_PORT"]})
path = os.path.join(cfg["log_dir"], cfg["log_name"] + "_" + rank + ".log")
fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o640)
os.dup2(fd, 1)
os.dup2(fd, 2)
os.close(fd)
cpus = cfg["cpus"].get(local)
if cpus:
    os.sched_setaffinity(0, cpus)
os.execv(sys.executable, [sys.executable, "-u", "-m", "mindshim"] + sys.argv[2:])
"""


def _bind(value: str) -> bool | dict:
    """--bind_core / --bind_numa: True, False or a JSON object such as {"device0": ["0-3"]}."""
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError("Failed to parse JSON into a dictionary") from exc
    if not isinstance(parsed, dict):
        raise argparse.ArgumentTypeError(f"Type of {value} should be bool or dict, but got {type(parsed)}.")
    return parsed


def get_args_parser() -> argparse.ArgumentParser:
    """msrun's command line: same flags, defaults and meaning."""
    p = argparse.ArgumentParser(prog="mindshim msrun", description=(
        "Launch a MindSpore distributed job on torch.distributed (gloo on CPU, NCCL on CUDA) with msrun's flags."))
    p.add_argument("--worker_num", type=int, default=8, help="total number of workers in the job (default 8)")
    p.add_argument("--local_worker_num", type=int, default=8, help="number of workers on this node (default 8)")
    p.add_argument("--master_addr", type=str, default="127.0.0.1",
                   help="IP address or host name of the master node (rendezvous host)")
    p.add_argument("--master_port", type=int, default=8118, help="rendezvous port on the master node")
    p.add_argument("--node_rank", type=int, default=-1,
                   help="rank of this node, needed when worker_num > local_worker_num; worker rank ids are "
                        "node_rank * local_worker_num + local index")
    p.add_argument("--log_dir", type=str, default="", help="directory of the worker and scheduler log files")
    p.add_argument("--join", type=ast.literal_eval, default=False, choices=[True, False],
                   help="wait for the workers, tail their logs and return the job's result (default False)")
    p.add_argument("--cluster_time_out", type=int, default=600,
                   help="seconds to wait for the cluster to be built; negative waits forever (default 600)")
    p.add_argument("--bind_core", type=_bind, default=False,
                   help="bind each worker to CPU cores: True (even split) or a dict like {\"device0\": [\"0-3\"]}")
    p.add_argument("--bind_numa", type=_bind, default=False, help="accepted; NUMA binding is not applied")
    p.add_argument("--sim_level", type=int, default=-1, choices=[0, 1, 2, 3],
                   help="dryrun simulation level (not supported by mindshim)")
    p.add_argument("--sim_rank_id", type=int, default=-1, help="rank id of the dryrun process")
    p.add_argument("--rank_table_file", type=str, default="", help="exported to the workers as RANK_TABLE_FILE")
    p.add_argument("--worker_log_name", type=str, default="",
                   help="worker log file name (default worker); {ip} and {hostname} are replaced")
    p.add_argument("--tail_worker_log", type=str, default="-1",
                   help="with --join=True, the worker rank ids (comma separated) whose logs go to the console; "
                        "-1 (default) tails all")
    p.add_argument("task_script", type=str, help="the script to launch (or python / pytest), then its arguments")
    p.add_argument("task_script_args", nargs=argparse.REMAINDER, help="arguments of the script")
    return p


@dataclass
class _Plan:
    """What this node launches, derived from msrun's arguments."""
    args: argparse.Namespace
    nnodes: int
    node_rank: int
    log_dir: str
    log_name: str
    rank_ids: list[int] = field(default_factory=list)
    log_paths: list[str] = field(default_factory=list)


def _local_ip(master_addr: str) -> str:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((master_addr, 1))
            return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"


def _plan(args: argparse.Namespace) -> _Plan:
    if args.worker_num <= 0:
        raise ValueError(f"worker_num must be greater than 0, but got {args.worker_num}.")
    if args.local_worker_num > args.worker_num:
        raise ValueError(f"Total worker number is {args.worker_num}, "
                         f"but got exceeded local worker number: {args.local_worker_num}.")
    if args.local_worker_num <= 0:
        raise ValueError(f"local_worker_num must be greater than 0, but got {args.local_worker_num}.")
    if args.sim_level != -1 or os.environ.get("MS_SIMULATION_LEVEL"):
        raise unsupported("msrun --sim_level", "dryrun simulation needs MindSpore's graph compiler")
    if args.worker_num % args.local_worker_num:
        raise unsupported("msrun", f"--worker_num={args.worker_num} that is not a multiple of "
                                   f"--local_worker_num={args.local_worker_num} (every node runs as many workers)")
    name = args.worker_log_name or "worker"
    if args.worker_log_name:
        name = name.replace("{ip}", _local_ip(args.master_addr)).replace("{hostname}", socket.gethostname())
    nnodes = args.worker_num // args.local_worker_num
    node_rank = args.node_rank if nnodes > 1 else 0
    if node_rank < 0:
        # msrun lets its scheduler number the nodes; torchrun's c10d rendezvous could, but its store host may
        # leave before the others finish, so mindshim asks for the node rank (msrun's documented multi-node usage)
        raise unsupported("msrun", "a multi-node job without --node_rank: pass --node_rank=0.."
                                   f"{nnodes - 1} to the launcher of each node")
    if node_rank >= nnodes:
        raise ValueError(f"node_rank should be in [0, {nnodes}) for {args.worker_num} workers with "
                         f"{args.local_worker_num} per node, but got {node_rank}.")
    plan = _Plan(args, nnodes, node_rank, args.log_dir, name)
    for i in range(args.local_worker_num):
        rank = node_rank * args.local_worker_num + i
        plan.rank_ids.append(rank)
        plan.log_paths.append(os.path.join(args.log_dir, f"{name}_{rank}.log"))
    return plan


def _cpu_ranges(spec: list) -> list[int]:
    cpus: list[int] = []
    for item in spec:
        for part in re.sub(r"\s+", "", str(item)).split(","):
            lo, _, hi = part.partition("-")
            cpus.extend(range(int(lo), int(hi or lo) + 1))
    return cpus


def _cpu_binding(bind: bool | dict, local_workers: int) -> dict[str, list[int]]:
    """local rank -> cpus, for --bind_core."""
    if not bind:
        return {}
    if isinstance(bind, dict):
        return {k[len("device"):]: _cpu_ranges(v) for k, v in bind.items() if re.fullmatch(r"device\d+", k)}
    cpus = sorted(os.sched_getaffinity(0))
    n = len(cpus)
    return {str(i): cpus[i * n // local_workers:(i + 1) * n // local_workers] or cpus for i in range(local_workers)}


def _worker_command(script: str, script_args: list[str]) -> list[str]:
    """msrun runs `python SCRIPT ARGS` (or the given python / pytest); here the same under `mindshim run`."""
    if script in ("python", "python3"):
        return list(script_args)
    if script == "pytest":
        return ["-m", "pytest", *script_args]
    return [script, *script_args]


def _torchrun_argv(plan: _Plan, boot_cfg: dict, cmd: list[str]) -> list[str]:
    a = plan.args
    timeout = a.cluster_time_out if a.cluster_time_out >= 0 else _FOREVER_S
    argv = ["--nnodes", str(plan.nnodes), "--nproc-per-node", str(a.local_worker_num), "--max-restarts", "0",
            "--monitor-interval", "0.1", "--rdzv-backend", "static", "--master-addr", a.master_addr,
            "--master-port", str(a.master_port), "--node-rank", str(plan.node_rank), "--rdzv-conf",
            f"timeout={timeout}"]
    return argv + ["--no-python", sys.executable, "-u", "-c", _BOOT, json.dumps(boot_cfg), *cmd]


class _Tail(threading.Thread):
    """Copies what the workers append to their log files to the console (msrun runs `tail -f`)."""

    def __init__(self, paths: list[str]) -> None:
        super().__init__(daemon=True)
        self.paths = paths
        self.offsets = dict.fromkeys(paths, 0)
        self.done = threading.Event()

    def drain(self) -> None:
        for path in self.paths:
            try:
                with open(path, "rb") as f:
                    f.seek(self.offsets[path])
                    data = f.read()
            except OSError:
                continue
            if data:
                self.offsets[path] += len(data)
                out = getattr(sys.stdout, "buffer", None)
                if out is None:
                    sys.stdout.write(data.decode("utf-8", errors="replace"))
                else:
                    out.write(data)
                sys.stdout.flush()

    def run(self) -> None:
        while not self.done.wait(0.2):
            self.drain()

    def stop(self) -> None:
        self.done.set()
        self.join()
        self.drain()


def _log(level: str, msg: str) -> None:
    print(f"[{level}] MSRUN: {msg}", file=sys.stderr, flush=True)


def _tailed(plan: _Plan) -> list[str]:
    spec = plan.args.tail_worker_log.strip()
    if spec == "-1":
        return list(plan.log_paths)
    try:
        wanted = {int(x) for x in spec.split(",")}
    except ValueError:
        raise ValueError(f"--tail_worker_log should be -1 or comma separated rank ids, but got {spec!r}.") from None
    return [p for r, p in zip(plan.rank_ids, plan.log_paths) if r in wanted]


def _report_failures(plan: _Plan, failures: dict, tailed: list[str]) -> None:
    # the agent SIGTERMs the others once one fails; report those only when nothing else failed
    failed = {r: f for r, f in failures.items() if f.exitcode != -15} or failures
    for rank, failure in sorted(failed.items(), key=lambda kv: kv[1].timestamp):
        local = failure.local_rank
        log = plan.log_paths[local] if 0 <= local < len(plan.log_paths) else "?"
        how = f"killed by signal {failure.signal_name()}" if failure.exitcode < 0 else "exit with exception"
        _log("ERROR", f"Worker process {failure.pid} with rank id:{rank} {how}. Error code: {failure.exitcode}. "
                      f"Log file: {log}")
        if log not in tailed and os.path.exists(log):
            with open(log, encoding="utf-8", errors="replace") as f:
                lines = f.readlines()[-20:]
            print(f"---- last lines of {log} ----\n{''.join(lines)}----", file=sys.stderr, flush=True)
    _log("WARNING", "There's worker exits with exception, the other workers were stopped.")


def _run_agent(plan: _Plan, torch_argv: list[str], tailed: list[str], sched_log: str | None) -> int:
    import torch.distributed.run as torchrun
    from torch.distributed.elastic.multiprocessing.api import SignalException
    from torch.distributed.elastic.multiprocessing.errors import ChildFailedError

    handler = logging.FileHandler(sched_log, encoding="utf-8") if sched_log else logging.NullHandler()
    handler.setFormatter(logging.Formatter("[%(levelname)s] %(name)s %(asctime)s: %(message)s"))
    saved = []
    for name in _AGENT_LOGGERS:
        lg = logging.getLogger(name)
        saved.append((lg, lg.propagate))
        lg.addHandler(handler)
        lg.propagate = False
    env_before = dict(os.environ)
    tail = _Tail(tailed)
    tail.start()
    try:
        torchrun.run(torchrun.get_args_parser().parse_args(torch_argv))
        return 0
    except ChildFailedError as exc:
        tail.stop()
        _report_failures(plan, exc.failures, tailed)
    except SignalException as exc:
        tail.stop()
        _log("WARNING", f"msrun process received {exc.sigval.name}, terminated all workers.")
    except Exception as exc:  # rendezvous timeout, port in use, ...: the job never started
        tail.stop()
        _log("ERROR", f"Distributed job failed to build the cluster: {type(exc).__name__}: {exc}")
    finally:
        tail.stop()
        for lg, propagate in saved:
            lg.removeHandler(handler)
            lg.propagate = propagate
        handler.close()
        os.environ.clear()
        os.environ.update(env_before)  # torchrun sets OMP_NUM_THREADS in the launcher's environment
    print(f"RuntimeError: Distributed job exited with exception. Please check logs in directory: {plan.log_dir}.",
          file=sys.stderr, flush=True)
    return 1


def _spawn_background(argv: list[str], sched_log: str) -> None:
    env = dict(os.environ, **{_BACKGROUND_ENV: "1"})
    with open(sched_log, "a", encoding="utf-8") as out:
        subprocess.Popen([sys.executable, "-m", "mindshim._backend.launch", *argv], stdin=subprocess.DEVNULL,
                         stdout=out, stderr=subprocess.STDOUT, start_new_session=True, env=env)


def msrun_main(argv: list[str]) -> int:
    """`mindshim msrun [msrun flags] SCRIPT [ARGS]`; returns the exit status."""
    try:
        args = get_args_parser().parse_args(argv)
    except SystemExit as exc:  # --help, or a bad flag (argparse printed why)
        return int(exc.code or 0)
    plan = _plan(args)
    background = os.environ.get(_BACKGROUND_ENV) == "1"
    if plan.log_dir:
        os.makedirs(plan.log_dir, mode=0o750, exist_ok=True)
    sched_log = os.path.join(plan.log_dir, "scheduler.log") if plan.node_rank == 0 else None
    tailed = [] if background else _tailed(plan)
    cmd = _worker_command(args.task_script, args.task_script_args)
    shown = " ".join([sys.executable, "-m", "mindshim", *cmd])
    if not background:
        if args.local_worker_num == args.worker_num and args.node_rank not in (0, -1):
            _log("WARNING", f"All workers will be spawned on this node, so 'node_rank': [{args.node_rank}] "
                            "will be ignored.")
        if args.bind_numa:
            _log("WARNING", "--bind_numa is accepted but not applied by mindshim.")
        for rank, path in zip(plan.rank_ids, plan.log_paths):
            print(f"Start worker process with rank id:{rank}, log file:{path}. Environment variable "
                  f"[RANK_ID={rank}] is exported. Execute command: {shown}", flush=True)
        if sched_log:
            open(sched_log, "w", encoding="utf-8").close()
        if not args.join:
            _spawn_background(argv, sched_log or os.devnull)
            return 0
        _log("WARNING", "Distributed job is spawned. Waiting all processes to exit...")
    env = {"MS_TOPO_TIMEOUT": str(args.cluster_time_out if args.cluster_time_out >= 0 else _FOREVER_S)}
    if args.rank_table_file:
        env["RANK_TABLE_FILE"] = args.rank_table_file
    boot_cfg = {"env": env, "cpus": _cpu_binding(args.bind_core, args.local_worker_num),
                "log_dir": plan.log_dir, "log_name": plan.log_name}
    return _run_agent(plan, _torchrun_argv(plan, boot_cfg, cmd), tailed, sched_log)


if __name__ == "__main__":
    sys.exit(msrun_main(sys.argv[1:]))
