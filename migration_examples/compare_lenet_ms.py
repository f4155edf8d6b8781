"""Seed 004's MindSpore LeNet training (network, SoftmaxCrossEntropyWithLogits, Momentum), for `mindshim compare`.

    mindshim compare migration_examples/compare_lenet_ms.py migration_examples/compare_lenet_torch.py
    mindshim compare migration_examples/compare_lenet_ms.py migration_examples/compare_lenet_torch_wrong.py

The convention: build() -> (network, optimizer, ...), step(network, optimizer, ..., batch) -> loss, batches(n).
"""
import numpy as np

import mindspore as ms
from mindspore import nn

LR, MOMENTUM, BATCH = 0.01, 0.9, 8


class LeNet5(nn.Cell):
    """The model zoo's LeNet-5 (seed 004 builds it with `lenet(num_classes=10)`): 1x32x32 inputs."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_classes)

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def build():
    ms.set_seed(4)
    network = LeNet5(10)
    net_loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    net_opt = nn.Momentum(network.trainable_params(), LR, MOMENTUM)
    train_net = nn.TrainOneStepCell(nn.WithLossCell(network, net_loss), net_opt)
    train_net.set_train()
    return network, net_opt, train_net


def step(network, optimizer, train_net, batch):
    images, labels = batch
    return train_net(images, labels)


def batches(n):
    rng = np.random.RandomState(4)
    return [(rng.standard_normal((BATCH, 1, 32, 32)).astype(np.float32),
             rng.randint(0, 10, BATCH).astype(np.int32)) for _ in range(n)]
