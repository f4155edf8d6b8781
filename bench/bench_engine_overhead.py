"""The engine's per-call host overhead: a compiled mindshim region vs the same torch.compile'd code called directly.

usage: python bench/bench_engine_overhead.py [--rounds 15] [--calls 200] [--threads 1]

Kernels are made negligible (tiny tensors on the CPU), so what a call costs is host work. Each pair of arms
runs the same math; mindshim's arm goes through the engine (`MINDSHIM_COMPILE=always`, so the CPU compiles as a
GPU would), the torch arm calls `torch.compile`'s result itself (the math differs a little: MindSpore's
loss and Momentum are not torch's). "compiled function alone" calls the region's own compiled function with
the engine's per-call work done once around the block, so "engine us/call" (engine call - alone) is the
engine's own host cost per call, whatever the math. Arms run interleaved, round by round, median us/call.
`--profile` prints where a mindshim call's host time goes (cProfile, own time per call).
"""
from __future__ import annotations

import argparse
import inspect
import os
import statistics
import time
from typing import Any, Callable

os.environ["MINDSHIM_COMPILE"] = "always"

import torch  # noqa: E402

import mindshim as ms  # noqa: E402
from mindshim import nn  # noqa: E402
from mindshim._backend import engine, plain_region, sink  # noqa: E402
from bench_overhead import python_calls  # noqa: E402


def _jit_pair() -> tuple[Callable, Callable, tuple]:
    def body(x, y):
        return x * y + 1.0

    compiled = torch.compile(body, fullgraph=True)
    tx, ty = torch.ones(4), torch.ones(4)
    mx, my = ms.Tensor(tx.numpy()), ms.Tensor(ty.numpy())
    jitted = ms.jit(lambda x, y: x * y + 1.0)
    region = inspect.getclosurevars(jitted).nonlocals["runner"]
    return (lambda: jitted(mx, my)), (lambda: compiled(tx, ty)), (region, (mx, my))


class _TinyNet(nn.Cell):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Dense(8, 8)
        self.fc2 = nn.Dense(8, 4)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def _train_pair() -> tuple[Callable, Callable, tuple]:
    """A whole train step (forward, loss, backward, Momentum update) of a 2-layer net on 2 samples."""
    ms.set_seed(0)
    net = _TinyNet()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train()
    x = ms.Tensor(torch.randn(2, 8).numpy())
    y = ms.Tensor(torch.tensor([1, 3], dtype=torch.int32).numpy())

    tnet = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 4))
    params = list(tnet.parameters())
    moments = [torch.zeros_like(p) for p in params]
    tx, ty = torch.randn(2, 8), torch.tensor([1, 3])

    def body(a, b):  # what mindshim's step compiles to: one graph with the backward and the update in it
        out = torch.nn.functional.cross_entropy(tnet(a), b)
        grads = torch.autograd.grad(out, params)
        with torch.no_grad():
            torch._foreach_mul_(moments, 0.9)
            torch._foreach_add_(moments, grads)
            torch._foreach_add_(params, moments, alpha=-0.01)
        return out.detach()

    compiled = torch.compile(body, fullgraph=hasattr(torch._dynamo.config, "trace_autograd_ops"))
    return (lambda: step(x, y)), (lambda: compiled(tx, ty)), (step, (x, y))


PAIRS = {"jit function (x * y + 1)": _jit_pair, "GRAPH_MODE train step (2 Dense, Momentum)": _train_pair}


def _time(fn: Callable, calls: int) -> float:
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - t0) / calls * 1e6


def _time_compiled_only(owner: Any, args: tuple, calls: int) -> float:
    """The region's own compiled function on plain inputs, with the engine's per-call work (plain view,
    subclass switch, config scope, output wrapping) done once around the block instead of per call."""
    region = owner if isinstance(owner, engine.Region) else owner.__dict__["_ms_region"]
    plain = plain_region.plain_args(args)
    with engine._trace_config(), region._view, plain_region.no_subclass():
        t0 = time.perf_counter()
        for _ in range(calls):
            region._compiled(*plain)
        return (time.perf_counter() - t0) / calls * 1e6


def _top(fn: Callable, calls: int, n: int = 8) -> list[str]:
    _, stats = python_calls(fn, calls)
    rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[:n]  # by own time
    return [f"    {tt / calls * 1e6:7.1f} us own  {nc // calls:4d} calls  {f[2]} ({os.path.basename(f[0])}:{f[1]})"
            for f, (_, nc, tt, _, _) in rows]


def _sink_step_bookkeeping(rounds: int, steps: int = 200) -> tuple[float, float]:
    """Host us per replayed sink step outside the replay itself (the step graph's CPU stand-in with its replay
    made a no-op): plain aliases, the signature lookup, the host checks, the copy into the static inputs.
    Also the two input copies alone, for scale. On a GPU a replay adds one graph launch to this."""
    os.environ["MINDSHIM_STEP_GRAPH"] = "host"
    try:
        _, _, (cell, args) = _train_pair()
        batches = [args] * steps
        sink.run_sink(cell, batches[:3], graph_mode=True)  # compiles the twin, captures one graph
        twin = cell.__dict__["_ms_region"].sink_twin()
        for graph in twin.sink_graphs.graphs.values():
            graph._capture.replay = lambda: None
        statics, plain = next(iter(twin.sink_graphs.graphs.values()))._inputs, plain_region.plain_args(args)
        per_step, copies = [], []
        for _ in range(rounds):
            t0 = time.perf_counter()
            sink.run_sink(cell, batches, graph_mode=True)
            per_step.append((time.perf_counter() - t0) / steps * 1e6)
            t0 = time.perf_counter()
            for _ in range(steps):
                for dst, src in zip(statics, plain):
                    dst.copy_(src, non_blocking=True)
            copies.append((time.perf_counter() - t0) / steps * 1e6)
        return statistics.median(per_step), statistics.median(copies)
    finally:
        os.environ.pop("MINDSHIM_STEP_GRAPH", None)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print where mindshim's host time goes")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    if hasattr(torch._dynamo.config, "trace_autograd_ops"):  # the torch arm's step is one graph, as mindshim's
        torch._dynamo.config.trace_autograd_ops = True
    ms.set_context(mode=ms.GRAPH_MODE)
    print(f"torch {torch.__version__}, {args.threads} thread(s), median of {args.rounds} rounds x {args.calls} calls")
    print("| region | torch.compile direct | mindshim's compiled function alone | mindshim engine call | "
          "engine us/call | engine call / torch.compile |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, make in PAIRS.items():
        mine, theirs, (owner, owner_args) = make()
        for _ in range(5):  # compile and warm both
            mine(), theirs()
        samples: dict[str, list[float]] = {"mine": [], "theirs": [], "alone": []}
        for r in range(args.rounds):
            arms = [("mine", lambda: _time(mine, args.calls)), ("theirs", lambda: _time(theirs, args.calls)),
                    ("alone", lambda: _time_compiled_only(owner, owner_args, args.calls))]
            for key, timed in (arms if r % 2 == 0 else arms[::-1]):
                samples[key].append(timed())
        m, t, a = (statistics.median(samples[k]) for k in ("mine", "theirs", "alone"))
        print(f"| {name} | {t:.1f} | {a:.1f} | {m:.1f} | {m - a:+.1f} | {m / t:.2f} |")
        if args.profile:
            print("\n".join(_top(mine, args.calls)))
    step_us, copy_us = _sink_step_bookkeeping(args.rounds)
    print(f"\nsink step through a step graph, host work besides the replay: {step_us:.1f} us/step "
          f"(of which the two input copies: {copy_us:.1f} us)")
    print("engine:", _engine_stats())


def _engine_stats() -> dict:
    s = engine.stats()
    return {k: s[k] for k in ("compiles", "retries", "fallbacks", "graphs")}


if __name__ == "__main__":
    main()
