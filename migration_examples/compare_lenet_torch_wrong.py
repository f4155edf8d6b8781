"""Seed 004's own PyTorch version, as written there: `torch.optim.Adam(net.parameters(), lr)` where the MindSpore
script trains with Momentum. The forward and the gradients of step 0 agree; `mindshim compare` reports step 0,
layer conv1 (the first layer), kind "update"."""
import torch

from compare_lenet_torch import LR, LeNet5, step  # noqa: F401  (step: the same training step)


def build():
    net = LeNet5(10)
    return net, torch.optim.Adam(net.parameters(), LR), torch.nn.CrossEntropyLoss()
