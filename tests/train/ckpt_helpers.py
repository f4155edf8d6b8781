"""Shared by the checkpoint tests: seed 001's LeNet5 with fixed weights, as tools/make_ckpt_fixtures.py builds it."""
import hashlib

import numpy as np

import mindshim as ms
from mindshim import Tensor, nn


class LeNet5(nn.Cell):
    def __init__(self, num_class=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, has_bias=False, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, has_bias=False, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))


def fixed_lenet() -> LeNet5:
    net = LeNet5()
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.1).astype(np.float32)))
    return net


def train_cell(net, lr=0.01):
    opt = nn.Momentum(net.trainable_params(), lr, 0.9)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train()
    return step


def batch(seed=1):
    rng = np.random.RandomState(seed)
    return Tensor(rng.randn(4, 1, 32, 32).astype(np.float32)), Tensor(rng.randint(0, 10, 4).astype(np.int32))


def describe(params: dict) -> dict:
    out = {}
    for k, v in params.items():
        if isinstance(v, str):
            out[k] = {"str": v}
            continue
        arr = v.float().asnumpy() if v.dtype == ms.bfloat16 else v.asnumpy()
        flat = np.ascontiguousarray(arr).reshape(-1)
        out[k] = {"dtype": str(v.dtype), "shape": list(v.shape), "np": str(arr.dtype),
                  "sha256": hashlib.sha256(flat.tobytes()).hexdigest(), "head": flat[:4].tolist()}
    return out
