"""Per-step training time, every arm interleaved in one process on the same data and weights.

usage: python bench/bench_step.py [--rounds 11] [--steps 100] [--device cpu|cuda] [--sink-sizes 1,100]
                                  [--dataset-sink-sizes -1] [--dataset-batches 100]

Arms: hand-written PyTorch eager, hand-written torch.compile (model + loss compiled), hand-written
whole-step CUDA graph (CUDA only); mindshim PYNATIVE, GRAPH_MODE (engine policy), GRAPH_MODE forced to
compile, GRAPH_MODE + sink (the engine's sink loop over batches already on the device), and GRAPH_MODE +
dataset sink (what `Model.train(dataset_sink_mode=True)` runs: a dataset of `--dataset-batches` copies
of the batch read through DatasetHelper, its prefetch thread and host-to-device copies; -1 = the whole
dataset per sink). The first 5 losses of every single-step arm must agree with torch eager
(rtol 1e-3) before timing. Prints a table last; record it in docs/performance.md with the machine.
Real MindSpore's own numbers come from bench/bench_mindspore_lenet.py (its own virtualenv).
"""
from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import time

import numpy as np
import torch
import torch.nn.functional as F

import mindshim as ms
from mindshim import dataset as ds
from mindshim import nn as msnn
from mindshim import ops
from mindshim.train import DatasetHelper, connect_network_with_dataset
from mindshim._backend import engine, sink

from workloads import WORKLOADS as EXTRA_WORKLOADS  # bench/ is the script's own directory


# ---------------- mindshim side: written as a MindSpore user writes it ----------------
class MsLeNet5(msnn.Cell):
    def __init__(self, num_class: int = 10) -> None:
        super().__init__()
        self.conv1 = msnn.Conv2d(1, 6, 5, pad_mode="valid")
        self.conv2 = msnn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = msnn.Dense(16 * 5 * 5, 120)
        self.fc2 = msnn.Dense(120, 84)
        self.fc3 = msnn.Dense(84, num_class)
        self.relu = msnn.ReLU()
        self.max_pool2d = msnn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = msnn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


class MsMLP(msnn.Cell):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = msnn.Dense(784, 512)
        self.fc2 = msnn.Dense(512, 256)
        self.fc3 = msnn.Dense(256, 10)
        self.relu = msnn.ReLU()

    def construct(self, x):
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))


# ---------------- hand-written PyTorch side ----------------
class TorchLeNet5(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv1 = torch.nn.Conv2d(1, 6, 5, bias=False)
        self.conv2 = torch.nn.Conv2d(6, 16, 5, bias=False)
        self.fc1 = torch.nn.Linear(400, 120)
        self.fc2 = torch.nn.Linear(120, 84)
        self.fc3 = torch.nn.Linear(84, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2, 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2, 2)
        x = torch.flatten(x, 1)
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


class TorchMLP(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = torch.nn.Linear(784, 512)
        self.fc2 = torch.nn.Linear(512, 256)
        self.fc3 = torch.nn.Linear(256, 10)

    def forward(self, x):
        return self.fc3(F.relu(self.fc2(F.relu(self.fc1(x)))))


def copy_weights(ms_net: msnn.Cell, torch_net: torch.nn.Module, to_ms: bool = False) -> None:
    ms_params = list(ms_net.trainable_params())
    t_params = list(torch_net.parameters())
    assert len(ms_params) == len(t_params), (len(ms_params), len(t_params))
    with torch.no_grad():
        for a, b in zip(ms_params, t_params):
            if to_ms:
                a.set_data(ms.Tensor(b.detach().cpu().reshape(a.shape).numpy()))
            else:
                b.copy_(a.as_subclass(torch.Tensor).reshape(b.shape))


class Arm:
    """One way of running the same training step: `step()` runs one step (or one sink of `per_call` steps)."""

    def __init__(self, name: str, step, per_call: int = 1, mode: int | None = None, compile_env: str = "auto",
                 step_graph: str = "off"):
        self.name, self.step, self.per_call, self.mode, self.compile_env = name, step, per_call, mode, compile_env
        self.step_graph = step_graph

    def enter(self) -> None:
        if self.mode is not None:
            ms.set_context(mode=self.mode)
        os.environ["MINDSHIM_COMPILE"] = self.compile_env
        os.environ["MINDSHIM_STEP_GRAPH"] = self.step_graph


WORKLOADS = {"lenet": (MsLeNet5, TorchLeNet5, (1, 32, 32), 32, "momentum"),
             "mlp": (MsMLP, TorchMLP, (784,), 64, "momentum"), **EXTRA_WORKLOADS}


def _data(workload: str, batch: int):
    shape = (batch, *WORKLOADS[workload][2])
    x = np.random.default_rng(0).standard_normal(shape).astype(np.float32)
    y = np.random.default_rng(1).integers(0, 10, (batch,)).astype(np.int32)
    return x, y


def _ms_train_cell(workload: str, t_net: torch.nn.Module, dtype: str):
    ms.set_seed(0)
    ms_net = WORKLOADS[workload][0]()
    copy_weights(ms_net, t_net, to_ms=True)
    if dtype == "bf16":
        ms.amp.auto_mixed_precision(ms_net, "O2", dtype=ms.bfloat16)
    loss = msnn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    if WORKLOADS[workload][4] == "adamw":
        opt = msnn.AdamWeightDecay(ms_net.trainable_params(), 1e-3, eps=1e-6, weight_decay=0.01)
    else:
        opt = msnn.Momentum(ms_net.trainable_params(), learning_rate=0.01, momentum=0.9)
    cell = msnn.TrainOneStepCell(msnn.WithLossCell(ms_net, loss), opt)
    cell.set_train()
    return cell


def _torch_net(workload: str, device: torch.device) -> torch.nn.Module:
    torch.manual_seed(0)
    return WORKLOADS[workload][1]().to(device).train()


def _torch_optimizer(workload: str, net: torch.nn.Module, capturable: bool = False) -> torch.optim.Optimizer:
    if WORKLOADS[workload][4] == "adamw":
        return torch.optim.AdamW(net.parameters(), 1e-3, eps=1e-6, weight_decay=0.01, capturable=capturable)
    return torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)


def _autocast(device: torch.device, dtype: str):
    return torch.autocast(device.type, torch.bfloat16) if dtype == "bf16" else contextlib.nullcontext()


def _dataset_sink_arm(cell, x: np.ndarray, y: np.ndarray, size: int, batches: int) -> Arm:
    data = ds.NumpySlicesDataset({"x": np.concatenate([x] * batches), "y": np.concatenate([y] * batches)},
                                 shuffle=False).batch(len(x))
    helper = DatasetHelper(data, dataset_sink_mode=True, sink_size=size)
    sunk = connect_network_with_dataset(cell, helper)
    return Arm(f"mindshim GRAPH+dataset sink {size}", sunk, per_call=helper.sink_size(), mode=ms.GRAPH_MODE,
               compile_env="auto")


def build_arms(workload: str, batch: int, device: torch.device, sink_sizes: list[int], dtype: str = "fp32",
               dataset_sinks: tuple[list[int], int] = ([], 0)) -> list[Arm]:
    x, y = _data(workload, batch)
    tx, ty = torch.from_numpy(x).to(device), torch.from_numpy(y).long().to(device)
    reference = _torch_net(workload, device)

    def torch_arm(name: str, compiled: bool) -> Arm:
        net = _torch_net(workload, device)
        net.load_state_dict(reference.state_dict())
        opt = _torch_optimizer(workload, net)

        def loss_of(a, b):
            with _autocast(device, dtype):
                return F.cross_entropy(net(a), b)
        forward = torch.compile(loss_of) if compiled else loss_of

        def step():
            opt.zero_grad(set_to_none=True)
            out = forward(tx, ty)
            out.backward()
            opt.step()
            return out
        return Arm(name, step)

    arms = [torch_arm("torch eager", False), torch_arm("torch.compile", True)]
    if device.type == "cuda":
        arms.append(_torch_cuda_graph_arm(workload, reference, tx, ty, device, dtype))
    mx, my = ms.Tensor(x), ms.Tensor(y)
    for name, mode, env in (("mindshim PYNATIVE", ms.PYNATIVE_MODE, "never"),
                            ("mindshim GRAPH_MODE", ms.GRAPH_MODE, "auto"),
                            ("mindshim GRAPH_MODE compiled", ms.GRAPH_MODE, "always")):
        cell = _ms_train_cell(workload, reference, dtype)
        arms.append(Arm(name, (lambda c: lambda: c(mx, my))(cell), mode=mode, compile_env=env))
    for size in sink_sizes:
        # each step a compiled call replayed by torch's cudagraph trees; for the largest size on CUDA also the
        # opt-in step graph (steps after the first replay one plain CUDA graph of the whole step: step_graph.py)
        for graphs in ("off", "on") if size == max(sink_sizes) and device.type == "cuda" else ("off",):
            cell = _ms_train_cell(workload, reference, dtype)
            batches = [(mx, my)] * size
            arms.append(Arm(f"mindshim GRAPH+sink {size}" + (" (step graph)" if graphs == "on" else ""),
                            (lambda c, b: lambda: sink.run_sink(c, b, graph_mode=True))(cell, batches),
                            per_call=size, mode=ms.GRAPH_MODE, compile_env="auto", step_graph=graphs))
    sizes, n_batches = dataset_sinks
    for size in sizes:
        arms.append(_dataset_sink_arm(_ms_train_cell(workload, reference, dtype), x, y, size, n_batches))
    return arms


def _torch_cuda_graph_arm(workload: str, reference: torch.nn.Module, tx, ty, device, dtype: str) -> Arm:
    """Hand-written whole-step CUDA graph: forward, backward and a capturable optimizer step, replayed."""
    net = _torch_net(workload, device)
    net.load_state_dict(reference.state_dict())
    opt = _torch_optimizer(workload, net, capturable=True)
    static_x, static_y = tx.clone(), ty.clone()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):  # warm-up outside the graph: allocates optimizer state
            opt.zero_grad(set_to_none=True)
            with _autocast(device, dtype):
                loss = F.cross_entropy(net(static_x), static_y)
            loss.backward()
            opt.step()
    torch.cuda.current_stream().wait_stream(side)
    net.load_state_dict(reference.state_dict())  # the warm-up steps moved the weights: start equal
    for state in opt.state.values():
        for value in state.values():
            value.zero_()  # momentum buffers, Adam moments and step counters
    graph = torch.cuda.CUDAGraph()
    opt.zero_grad(set_to_none=True)
    with torch.cuda.graph(graph):
        with _autocast(device, dtype):
            static_loss = F.cross_entropy(net(static_x), static_y)
        static_loss.backward()
        opt.step()

    def step():
        graph.replay()
        return static_loss
    # The captured graph reads and writes the memory of these; garbage-collected while the graph lives, their
    # blocks are reused and a replay makes illegal accesses (it crashed the first H100 run)
    step.keep_alive = (net, opt, static_x, static_y, side)
    return Arm("torch CUDA graph", step)


def _sync(device: torch.device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize()


def timed(arm: Arm, calls: int, device: torch.device) -> tuple[float, float]:
    """Seconds per step, and peak CUDA memory in MiB during the block (0 on CPU)."""
    arm.enter()
    _sync(device)
    if device.type == "cuda":
        torch.cuda.reset_peak_memory_stats()
    start = time.perf_counter()
    for _ in range(calls):
        arm.step()
    _sync(device)
    seconds = (time.perf_counter() - start) / (calls * arm.per_call)
    peak = torch.cuda.max_memory_allocated() / 2**20 if device.type == "cuda" else 0.0
    return seconds, peak


def _first_losses(arm: Arm, n: int, device: torch.device) -> tuple[list[float], float]:
    arm.enter()
    start = time.perf_counter()
    losses = []
    for i in range(n):
        out = arm.step()
        losses.append(float(out.detach()))
        if i == 0:
            _sync(device)
            first = time.perf_counter() - start
    return losses, first


def run(workload: str, batch: int, rounds: int, steps: int, device: torch.device, sink_sizes: list[int],
        dtype: str, dataset_sinks: tuple[list[int], int] = ([], 0), only: list[str] | None = None) -> list:
    arms = build_arms(workload, batch, device, sink_sizes, dtype, dataset_sinks)
    if only:  # fewer arms interleave with less cache and allocator interference between them
        arms = [a for a in arms if a.name == "torch eager" or a.name in only]
    rows = {}
    graphs_before, skips_before = engine.stats()["graphs"], engine.stats()["cudagraph_skips"]
    replays_before = engine.stats()["step_graph_replays"]
    for arm in arms:
        losses, first = _first_losses(arm, 5 if arm.per_call == 1 else 1, device)
        rows[arm.name] = {"first_s": first, "losses": losses, "times": [], "ratios": [], "peak": 0.0}
    reference = rows["torch eager"]["losses"]
    # Trajectories: the first 5 losses of every single-step arm agree with torch eager. AdamWeightDecay
    # has no bias correction (torch's AdamW has), so for it only the first loss (same weights) is compared.
    compare = 1 if WORKLOADS[workload][4] == "adamw" else 5
    # bf16 rounding, and training-mode BatchNorm (ResNet) amplifying float32 reassociation by compilers
    rtol = 2e-2 if dtype == "bf16" or workload == "resnet18" else 1e-3
    for arm in arms:
        if arm.per_call == 1:
            np.testing.assert_allclose(rows[arm.name]["losses"][:compare], reference[:compare], rtol=rtol,
                                       atol=1e-4, err_msg=arm.name)
    for r in range(rounds):
        order = arms if r % 2 == 0 else arms[::-1]
        res = {arm.name: timed(arm, max(1, steps // arm.per_call), device) for arm in order}
        for name, (t, peak) in res.items():
            rows[name]["times"].append(t)
            rows[name]["ratios"].append(t / res["torch eager"][0])
            rows[name]["peak"] = max(rows[name]["peak"], peak)
    os.environ.pop("MINDSHIM_COMPILE", None)
    os.environ.pop("MINDSHIM_STEP_GRAPH", None)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    graphs = engine.stats()["graphs"] - graphs_before
    skips = engine.stats()["cudagraph_skips"] - skips_before
    replays = engine.stats()["step_graph_replays"] - replays_before
    return [{"workload": f"{workload} b{batch}" + (" bf16" if dtype == "bf16" else ""), "arm": name,
             "ms": statistics.median(v["times"]) * 1e3, "ratio": statistics.median(v["ratios"]),
             "first_s": v["first_s"], "peak": v["peak"], "graphs": graphs, "skips": skips,
             "replays": replays} for name, v in rows.items()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--sink-sizes", default="1,100")
    parser.add_argument("--dataset-sink-sizes", default="-1")
    parser.add_argument("--dataset-batches", type=int, default=100)
    parser.add_argument("--arms", default="", help="comma list of arm names to keep (torch eager always runs)")
    parser.add_argument("--workloads", default="lenet,mlp", help=f"comma list of {sorted(WORKLOADS)}")
    parser.add_argument("--batch", type=int, default=0, help="0: each workload's default batch")
    parser.add_argument("--dtype", choices=("fp32", "bf16"), default="fp32")
    args = parser.parse_args()
    device = torch.device(args.device)
    ms.set_context(device_target="GPU" if device.type == "cuda" else "CPU")
    sinks = [int(s) for s in args.sink_sizes.split(",") if s]
    dataset_sinks = ([int(s) for s in args.dataset_sink_sizes.split(",") if s], args.dataset_batches)
    rows = []
    for workload in args.workloads.split(","):
        rows += run(workload, args.batch or WORKLOADS[workload][3], args.rounds, args.steps, device, sinks, args.dtype,
                    dataset_sinks, [a for a in args.arms.split(",") if a])
    print(f"machine: {platform.processor() or platform.machine()}, {torch.get_num_threads()} threads, "
          f"torch {torch.__version__}, device {device}"
          + (f" ({torch.cuda.get_device_name()})" if device.type == "cuda" else ""))
    print(f"{'workload':<18} {'arm':<34} {'ms/step':>9} {'vs torch eager':>15} {'first step s':>13} {'peak MiB':>9}")
    for r in rows:
        print(f"{r['workload']:<18} {r['arm']:<34} {r['ms']:>9.3f} {r['ratio']:>15.3f} {r['first_s']:>13.2f} "
              f"{r['peak']:>9.0f}")
    for r in rows:  # issue 14's sink target reads against the hand-written whole-step graph (<= 1.10)
        hand = next((h for h in rows if h["workload"] == r["workload"] and h["arm"] == "torch CUDA graph"), None)
        if hand is not None and "sink" in r["arm"]:
            print(f"{r['workload']:<18} {r['arm']:<34} {r['ms'] / hand['ms']:>6.2f}x the hand-written CUDA graph")
    print("graphs built by mindshim's engine per workload (all arms, recompiles included):",
          {r["workload"]: r["graphs"] for r in rows})
    print("CUDA-graph captures inductor skipped per workload:", {r["workload"]: r["skips"] for r in rows})
    print("sink steps replayed as one captured step graph per workload:", {r["workload"]: r["replays"] for r in rows})


if __name__ == "__main__":
    main()
