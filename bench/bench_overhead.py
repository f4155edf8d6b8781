"""Host work per PYNATIVE train step, counted (not timed): mindshim vs hand-written torch eager.

usage: python bench/bench_overhead.py [--workloads lenet,mlp,transformer] [--batch 1] [--profile-top 0]

For each workload of bench_step.py it runs the same train step both ways (mindshim: TrainOneStepCell(
WithLossCell(net, loss), optimizer) called in PYNATIVE mode; torch: zero_grad, forward, cross_entropy,
backward, optimizer.step) and counts, per step:
- Python function calls (cProfile's total call count, C functions included), and
- aten ops reaching the dispatcher (a TorchDispatchMode counter; the backward's ops included).
Counts do not depend on the machine's load, unlike a timing on a shared box. `--profile-top N` prints the N
functions with the most calls in one mindshim step (to find where the host work goes).
"""
from __future__ import annotations

import argparse
import collections
import cProfile
import pstats

import torch
import torch.nn.functional as F
from torch.utils._python_dispatch import TorchDispatchMode

import mindshim as ms
from bench_step import WORKLOADS, _data, _ms_train_cell, _torch_net, _torch_optimizer


class OpCounter(TorchDispatchMode):
    def __init__(self) -> None:
        super().__init__()
        self.ops: collections.Counter = collections.Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops[str(func.overloadpacket.__name__)] += 1
        return func(*args, **(kwargs or {}))


def steps(workload: str, batch: int):
    """(mindshim step, torch step): two callables running one train step each on the same data."""
    x, y = _data(workload, batch)
    tx, ty = torch.from_numpy(x), torch.from_numpy(y).long()
    t_net = _torch_net(workload, torch.device("cpu"))
    cell = _ms_train_cell(workload, t_net, "fp32")
    opt = _torch_optimizer(workload, t_net)
    mx, my = ms.Tensor(x), ms.Tensor(y)

    def torch_step():
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(t_net(tx), ty)
        loss.backward()
        opt.step()
        return loss
    return (lambda: cell(mx, my)), torch_step


def python_calls(step, n: int = 5) -> tuple[float, pstats.Stats]:
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(n):
        step()
    profile.disable()
    stats = pstats.Stats(profile)
    return stats.total_calls / n, stats


def aten_ops(step, n: int = 5) -> tuple[float, collections.Counter]:
    with OpCounter() as counter:
        for _ in range(n):
            step()
    return sum(counter.ops.values()) / n, counter.ops


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workloads", default="lenet,mlp,transformer")
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--profile-top", type=int, default=0)
    parser.add_argument("--ops", action="store_true", help="print the per-op counts that differ")
    args = parser.parse_args()
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    rows = []
    for workload in args.workloads.split(","):
        ms_step, torch_step = steps(workload, args.batch)
        for step in (ms_step, torch_step):  # warm-up: optimizer state, first-step branches, lazy imports
            step(), step()
        ms_calls, ms_stats = python_calls(ms_step)
        t_calls, _ = python_calls(torch_step)
        ms_ops, ms_counts = aten_ops(ms_step)
        t_ops, t_counts = aten_ops(torch_step)
        rows.append((f"{workload} b{args.batch}", ms_calls, t_calls, ms_ops, t_ops))
        if args.profile_top:
            print(f"--- {workload}: top Python calls per mindshim step")
            ms_stats.sort_stats("ncalls").print_stats(args.profile_top)
        if args.ops:
            print(f"--- {workload}: aten ops per 5 steps that differ (mindshim, torch)")
            for name in sorted(set(ms_counts) | set(t_counts)):
                if ms_counts[name] != t_counts[name]:
                    print(f"  {name:<40} {ms_counts[name]:>6} {t_counts[name]:>6}")
    print(f"torch {torch.__version__}; counts per train step (PYNATIVE, CPU)")
    print(f"{'workload':<16} {'py calls mindshim':>18} {'py calls torch':>15} {'ratio':>6} "
          f"{'aten ops mindshim':>18} {'aten ops torch':>15} {'ratio':>6}")
    for name, mc, tc, mo, to in rows:
        print(f"{name:<16} {mc:>18.0f} {tc:>15.0f} {mc / tc:>6.2f} {mo:>18.0f} {to:>15.0f} {mo / to:>6.2f}")


if __name__ == "__main__":
    main()
