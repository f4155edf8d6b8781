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


# ----- files mindshim writes for tools/check_ckpt_in_mindspore.py (real MindSpore reads them) -----
INTEROP_FILES = ("lenet_momentum_state.ckpt", "lenet_adam_state.ckpt", "chunked.ckpt", "crc.ckpt")


def _fill_state(step, seed: int) -> None:
    """Deterministic, non-trivial optimizer state (no training, so the bytes are the same on every machine)."""
    rng = np.random.RandomState(seed)
    for p in step.optimizer.parameters_and_names():
        p = p[1]
        if p.name.startswith(("moments.", "moment1.", "moment2.")):
            p.set_data(Tensor((rng.randn(*p.shape) * 0.01).astype(np.float32)))
    step.optimizer.global_step.set_data(Tensor(np.array([5], np.int32)))


def write_interop_files(folder: str) -> None:
    """Write the mindshim checkpoints whose reading by real MindSpore 2.10 is recorded in the golden json."""
    import os
    from mindshim.train import _checkpoint_format as fmt
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    net = fixed_lenet()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.Momentum(net.trainable_params(), 0.01, 0.9))
    _fill_state(step, 3)
    ms.save_checkpoint(step, os.path.join(folder, "lenet_momentum_state"), append_dict={
        "epoch_num": 3, "step_num": 30, "lr": 0.125, "flag": True, "note": "written by mindshim",
        "bf16": Tensor(np.array([0.5, -2.0, 3.25], np.float32), ms.bfloat16)})
    net = fixed_lenet()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.Adam(net.trainable_params(), 1e-3))
    _fill_state(step, 4)
    ms.save_checkpoint(step, os.path.join(folder, "lenet_adam_state.ckpt"))
    rng = np.random.RandomState(5)
    tensors = [{"name": "big", "data": Tensor(rng.randn(25, 30).astype(np.float32))},
               {"name": "ints", "data": Tensor(np.arange(700, dtype=np.int64).reshape(7, 100))},
               {"name": "small", "data": Tensor(np.array([1.0, 2.0], np.float16))}]
    saved_slice, fmt.SLICE_BYTES = fmt.SLICE_BYTES, 1024  # chunks of 1 KiB, as MindSpore's SLICE_SIZE would cut
    try:
        ms.save_checkpoint(tensors, os.path.join(folder, "chunked.ckpt"), append_dict={"tag": "chunked"})
    finally:
        fmt.SLICE_BYTES = saved_slice
    ms.save_checkpoint(tensors, os.path.join(folder, "crc.ckpt"), crc_check=True)
