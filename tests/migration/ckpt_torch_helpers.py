"""A hand-written PyTorch LeNet and the batches shared with tools/make_torch_ckpt_fixtures.py.

The MindSpore side (in the tool) is LeNet5 with narrow fully connected layers: conv1 1->6 5x5 and conv2 6->16
5x5 without bias (valid padding), each followed by ReLU and 2x2 max-pooling, then Dense 400->24->16->10 with
ReLU between; loss SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"). The PyTorch port below names
its layers differently (features.N / classifier.N), as a user's own port would.
"""
from __future__ import annotations

import os
import sys

import numpy as np
import torch

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
BATCH, STEPS_BEFORE, STEPS_AFTER = 4, 3, 2


class TorchLeNet(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(1, 6, 5, bias=False), torch.nn.ReLU(), torch.nn.MaxPool2d(2),
            torch.nn.Conv2d(6, 16, 5, bias=False), torch.nn.ReLU(), torch.nn.MaxPool2d(2))
        self.classifier = torch.nn.Sequential(
            torch.nn.Flatten(), torch.nn.Linear(400, 24), torch.nn.ReLU(), torch.nn.Linear(24, 16), torch.nn.ReLU(),
            torch.nn.Linear(16, 10))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.classifier(self.features(x))


def batches(count: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """The tool's numpy batches (seed 1): x (4, 1, 32, 32) float32, y (4,) int32."""
    rng = np.random.RandomState(1)
    return [(rng.randn(BATCH, 1, 32, 32).astype(np.float32), rng.randint(0, 10, BATCH).astype(np.int32))
            for _ in range(count)]


def torch_optimizer(name: str, net: torch.nn.Module) -> torch.optim.Optimizer:
    """The PyTorch counterpart of the tool's MindSpore optimizer (hyper-parameters are then loaded too)."""
    if name == "momentum":
        return torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    return torch.optim.Adam(net.parameters(), lr=1e-3)


def torch_steps(net: torch.nn.Module, opt: torch.optim.Optimizer, data: list) -> list[float]:
    losses = []
    for x, y in data:
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(net(torch.from_numpy(x)), torch.from_numpy(y).long())
        loss.backward()
        opt.step()
        losses.append(float(loss.detach()))
    return losses


def write_torch_trained(opt_name: str, step3_ckpt: str, out_path: str) -> None:
    """Load MindSpore's step-3 checkpoint into PyTorch, train batches 3 and 4 there (Adam stepping as MindSpore's),
    save it back as a .ckpt named like the step-3 file."""
    from mindshim.migration import load_ckpt_into_torch, match_mindspore_adam, save_torch_as_ckpt
    torch.manual_seed(0)
    net = TorchLeNet()
    opt = torch_optimizer(opt_name, net)
    load_ckpt_into_torch(step3_ckpt, net, opt)
    if opt_name == "adam":
        match_mindspore_adam(opt)
    torch_steps(net, opt, batches(STEPS_BEFORE + STEPS_AFTER)[STEPS_BEFORE:])
    save_torch_as_ckpt(net, out_path, opt, template=step3_ckpt, global_step=STEPS_BEFORE + STEPS_AFTER)


if __name__ == "__main__":
    write_torch_trained(*sys.argv[1:4])
