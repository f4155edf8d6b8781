"""Write small .ckpt fixtures with REAL MindSpore 2.10, and record what it reads back.

usage: /path/to/ms-oracle/bin/python tools/make_ckpt_fixtures.py
Writes tests/train/fixtures/{lenet_momentum,mixed_types}.ckpt and fixtures.json (names, dtypes, shapes,
values), and, when tests/train/fixtures/mindshim_written.ckpt exists, what MindSpore reads from that
mindshim-written file into mindshim_written_read_by_mindspore.json. Never edit the outputs by hand.
"""
import hashlib
import json
import os
import sys

import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn

assert "mindshim" not in ms.__file__
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "train", "fixtures")


class LeNet5(nn.Cell):
    """Seed 001's LeNet5 (conv layers without bias, valid padding)."""

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


def fixed_lenet():
    net = LeNet5()
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.1).astype(np.float32)))
    return net


def describe(params):
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


def main():
    net = fixed_lenet()
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")), opt)
    step.set_train()
    rng = np.random.RandomState(1)
    step(Tensor(rng.randn(4, 1, 32, 32).astype(np.float32)), Tensor(np.array([1, 2, 3, 4], np.int32)))
    ms.save_checkpoint(step, os.path.join(HERE, "lenet_momentum.ckpt"))
    ms.save_checkpoint([{"name": "bf16", "data": Tensor(np.array([1.5, -2.25, 3.0], np.float32), ms.bfloat16)},
                        {"name": "int32", "data": Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))},
                        {"name": "f16", "data": Tensor(np.array([0.5, 1.0], np.float16))},
                        {"name": "flag", "data": Tensor(np.array([True, False]))}],
                       os.path.join(HERE, "mixed_types.ckpt"), append_dict={"epoch_num": 7, "lr": 0.125, "note": "mindspore"})
    record = {f: describe(ms.load_checkpoint(os.path.join(HERE, f))) for f in ("lenet_momentum.ckpt", "mixed_types.ckpt")}
    with open(os.path.join(HERE, "fixtures.json"), "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
    theirs = os.path.join(HERE, "mindshim_written.ckpt")
    if os.path.exists(theirs):
        read = describe(ms.load_checkpoint(theirs))
        fresh = fixed_lenet()
        not_loaded = ms.load_param_into_net(fresh, ms.load_checkpoint(theirs))
        with open(os.path.join(HERE, "mindshim_written_read_by_mindspore.json"), "w") as f:
            json.dump({"read": read, "load_param_into_net": [list(x) for x in not_loaded]}, f, indent=1, sort_keys=True)
    print("fixtures written", file=sys.stderr)


if __name__ == "__main__":
    main()
