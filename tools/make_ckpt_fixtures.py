"""Write small .ckpt fixtures with REAL MindSpore 2.10 and record what it reads back from them.

usage: cd /tmp && /work/ms-oracle/bin/python /work/main/tools/make_ckpt_fixtures.py
Writes tests/train/fixtures/{lenet_momentum,mixed_types,chunked_by_mindspore,crc_by_mindspore,
duplicates_by_mindspore}.ckpt and
fixtures.json (per file: the names, dtypes, shapes and value hashes MindSpore loads, and how many protobuf
values the file holds). Never edit the outputs by hand. The chunked file is made small by lowering
MindSpore's own chunk size (serialization.SLICE_SIZE, in KiB, 512 MiB by default) to 1 KiB.
The LeNet file leaves out fc1.weight and moments.fc1.weight (choice_func) so all fixtures stay < 200 KB.
"""
import hashlib
import json
import os
import sys

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn
from mindspore.train import serialization
from mindspore.train.checkpoint_pb2 import Checkpoint

assert "mindshim" not in ms.__file__
FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "train", "fixtures")


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


def value_count(path):
    data = open(path, "rb").read()
    if data[-17:-10] == b"crc_num":
        data = data[:-17]
    message = Checkpoint()
    message.ParseFromString(data)
    return len(message.value)


def small_tensors():
    rng = np.random.RandomState(5)
    return [{"name": "big", "data": Tensor(rng.randn(25, 30).astype(np.float32))},
            {"name": "ints", "data": Tensor(np.arange(700, dtype=np.int64).reshape(7, 100))},
            {"name": "small", "data": Tensor(np.array([1.0, 2.0], np.float16))}]


def main():
    path = lambda name: os.path.join(FIXTURES, name)  # noqa: E731
    net = fixed_lenet()
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train()
    rng = np.random.RandomState(1)
    step(Tensor(rng.randn(4, 1, 32, 32).astype(np.float32)), Tensor(np.array([1, 2, 3, 4], np.int32)))
    # fc1.weight and its moment are 2 x 188 KiB: left out (with MindSpore's choice_func) to keep fixtures small
    ms.save_checkpoint(step, path("lenet_momentum.ckpt"), choice_func=lambda name: "fc1.weight" not in name)
    ms.save_checkpoint([{"name": "bf16", "data": Tensor(np.array([1.5, -2.25, 3.0], np.float32), ms.bfloat16)},
                        {"name": "int32", "data": Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))},
                        {"name": "f16", "data": Tensor(np.array([0.5, 1.0], np.float16))},
                        {"name": "f64", "data": Tensor(np.array([[0.1, -7.5]], np.float64))},
                        {"name": "u8", "data": Tensor(np.array([0, 7, 255], np.uint8))},
                        {"name": "int8", "data": Tensor(np.array([-128, 5], np.int8))},
                        {"name": "flag", "data": Tensor(np.array([True, False]))},
                        {"name": "scalar", "data": Tensor(np.float32(2.5))}],
                       path("mixed_types.ckpt"),
                       append_dict={"epoch_num": 7, "lr": 0.125, "done": True, "note": "mindspore",
                                    "unicode": "检查点 ✓", "empty": ""})
    saved_slice, serialization.SLICE_SIZE = serialization.SLICE_SIZE, 1  # 1 KiB chunks
    try:
        ms.save_checkpoint(small_tensors(), path("chunked_by_mindspore.ckpt"), append_dict={"tag": "chunked"})
    finally:
        serialization.SLICE_SIZE = saved_slice
    ms.save_checkpoint(small_tensors(), path("crc_by_mindspore.ckpt"), crc_check=True)
    # a repeated name keeps its first place and takes the last value, append_dict included
    vec = lambda *v: Tensor(np.array(v, np.float32))  # noqa: E731
    ms.save_checkpoint([{"name": "a", "data": vec(1, 2)}, {"name": "b", "data": vec(3)},
                        {"name": "a", "data": vec(5, 6, 7)}], path("duplicates_by_mindspore.ckpt"), append_dict={"b": 9})
    names = ("lenet_momentum.ckpt", "mixed_types.ckpt", "chunked_by_mindspore.ckpt", "crc_by_mindspore.ckpt",
             "duplicates_by_mindspore.ckpt")
    record = {name: {"params": describe(ms.load_checkpoint(path(name), crc_check=name.startswith("crc"))),
                     "values": value_count(path(name))} for name in names}
    with open(path("fixtures.json"), "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
    print("fixtures written", file=sys.stderr)


if __name__ == "__main__":
    main()
