"""Data-parallel LeNet-5 training on CPU: samples/s with 1 process vs 2 ranks (`mindshim msrun`, gloo).

usage: python bench/bench_data_parallel.py [--batch 32] [--steps 60] [--repeats 3]
Each arm is a fresh process (or two, started by `mindshim msrun --worker_num=2`) running a MindSpore-style script:
DATA_PARALLEL context, TrainOneStepCell (which inserts the bucketed gradient all-reduce), per-rank batch `--batch`,
10 warm-up steps, then `--steps` timed steps. samples/s = ranks * batch * steps / slowest rank's time; best of
`--repeats`. Prints a table; record it in docs/performance.md with the machine and its load.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

WORKER = '''
import json, os, sys, time
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.communication import init, get_rank, get_group_size
batch, steps, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
distributed = int(os.environ.get("WORLD_SIZE", "1")) > 1
if distributed:
    init()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
rank = get_rank() if distributed else 0

class LeNet5(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid"); self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(400, 120); self.fc2 = nn.Dense(120, 84); self.fc3 = nn.Dense(84, 10)
        self.relu = nn.ReLU(); self.pool = nn.MaxPool2d(2, 2); self.flatten = nn.Flatten()
    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x))); x = self.pool(self.relu(self.conv2(x))); x = self.flatten(x)
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))

ms.set_seed(0)
net = LeNet5()
step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
                           nn.Momentum(net.trainable_params(), 0.01, 0.9))
step.set_train()
rng = np.random.RandomState(rank)
x = Tensor(rng.randn(batch, 1, 32, 32).astype(np.float32)); y = Tensor(rng.randint(0, 10, batch).astype(np.int32))
for _ in range(10):
    step(x, y)
t = time.perf_counter()
for _ in range(steps):
    loss = step(x, y)
loss.asnumpy()
with open(os.path.join(out, f"rank_{rank}.json"), "w") as f:
    json.dump({"seconds": time.perf_counter() - t}, f)
'''


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run(ranks: int, batch: int, steps: int) -> float:
    with tempfile.TemporaryDirectory() as out:
        script = Path(out) / "worker.py"
        script.write_text(WORKER)
        args = [str(script), str(batch), str(steps), out]
        env = {**os.environ, "CUDA_VISIBLE_DEVICES": ""}
        if ranks == 1:
            cmd = [sys.executable, "-m", "mindshim", *args]
        else:
            cmd = [sys.executable, "-m", "mindshim", "msrun", f"--worker_num={ranks}", f"--local_worker_num={ranks}",
                   f"--master_port={_free_port()}", "--join=True", f"--log_dir={out}/logs", *args]
        subprocess.run(cmd, check=True, env=env, capture_output=True, text=True, timeout=900)
        seconds = max(json.loads(p.read_text())["seconds"] for p in Path(out).glob("rank_*.json"))
    return ranks * batch * steps / seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for ranks in (1, 2):
        best = max(_run(ranks, args.batch, args.steps) for _ in range(args.repeats))
        rows.append((ranks, best))
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; per-rank batch {args.batch}")
    print("| processes | samples/s | vs 1 process |")
    print("|---:|---:|---:|")
    for ranks, rate in rows:
        print(f"| {ranks} | {rate:,.0f} | {rate / rows[0][1]:.2f}x |")


if __name__ == "__main__":
    main()
