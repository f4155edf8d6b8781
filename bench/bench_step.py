"""Per-step training time: mindshim PYNATIVE vs hand-written PyTorch, interleaved in one process.

usage: python bench/bench_step.py [--rounds 15] [--steps 20]

Both arms start from the same weights and see the same batches; their loss trajectories are checked to
agree before timing. Prints a table; record it in docs/performance.md with the machine.
"""
from __future__ import annotations

import argparse
import platform
import statistics
import time

import numpy as np
import torch
import torch.nn.functional as F

import mindshim as ms
from mindshim import nn as msnn
from mindshim import ops


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


def copy_weights(ms_net: msnn.Cell, torch_net: torch.nn.Module) -> None:
    ms_params = list(ms_net.trainable_params())
    t_params = list(torch_net.parameters())
    assert len(ms_params) == len(t_params), (len(ms_params), len(t_params))
    with torch.no_grad():
        for a, b in zip(ms_params, t_params):
            b.copy_(a.as_subclass(torch.Tensor).reshape(b.shape))


def build(workload: str, batch: int):
    ms.set_seed(0)
    if workload == "lenet":
        ms_net, t_net = MsLeNet5(), TorchLeNet5()
        x = np.random.default_rng(0).standard_normal((batch, 1, 32, 32)).astype(np.float32)
    else:
        ms_net, t_net = MsMLP(), TorchMLP()
        x = np.random.default_rng(0).standard_normal((batch, 784)).astype(np.float32)
    y = np.random.default_rng(1).integers(0, 10, (batch,)).astype(np.int32)
    copy_weights(ms_net, t_net)
    loss = msnn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = msnn.Momentum(ms_net.trainable_params(), learning_rate=0.01, momentum=0.9)
    ms_step = msnn.TrainOneStepCell(msnn.WithLossCell(ms_net, loss), opt)
    ms_step.set_train()
    t_opt = torch.optim.SGD(t_net.parameters(), lr=0.01, momentum=0.9)
    tx, ty = torch.from_numpy(x), torch.from_numpy(y).long()

    def torch_step():
        t_opt.zero_grad(set_to_none=True)
        out = F.cross_entropy(t_net(tx), ty)
        out.backward()
        t_opt.step()
        return out

    mx, my = ms.Tensor(x), ms.Tensor(y)

    def ms_step_fn():
        return ms_step(mx, my)

    return torch_step, ms_step_fn


def timed(fn, steps: int) -> float:
    start = time.perf_counter()
    for _ in range(steps):
        fn()
    return (time.perf_counter() - start) / steps


def run(workload: str, batch: int, rounds: int, steps: int) -> dict:
    torch_step, ms_step = build(workload, batch)
    losses_t = [float(torch_step()) for _ in range(5)]
    losses_m = [float(ms_step()) for _ in range(5)]
    np.testing.assert_allclose(losses_m, losses_t, rtol=1e-4, atol=1e-5)
    t_times, m_times, ratios = [], [], []
    for r in range(rounds):
        order = (torch_step, ms_step) if r % 2 == 0 else (ms_step, torch_step)
        res = {fn: timed(fn, steps) for fn in order}
        t_times.append(res[torch_step])
        m_times.append(res[ms_step])
        ratios.append(res[ms_step] / res[torch_step])
    return {"workload": f"{workload} b{batch}", "torch_ms": statistics.median(t_times) * 1e3,
            "mindshim_ms": statistics.median(m_times) * 1e3, "ratio": statistics.median(ratios)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--steps", type=int, default=20)
    args = parser.parse_args()
    rows = [run("lenet", 32, args.rounds, args.steps), run("mlp", 64, args.rounds, args.steps)]
    print(f"machine: {platform.processor() or platform.machine()}, {torch.get_num_threads()} threads, "
          f"torch {torch.__version__}, device cpu")
    print(f"{'workload':<12} {'torch eager ms/step':>20} {'mindshim PYNATIVE ms/step':>26} {'paired ratio':>13}")
    for r in rows:
        print(f"{r['workload']:<12} {r['torch_ms']:>20.3f} {r['mindshim_ms']:>26.3f} {r['ratio']:>13.3f}")


if __name__ == "__main__":
    main()
