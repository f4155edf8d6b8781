"""Checkpoint fixtures for moving training between REAL MindSpore 2.10 and PyTorch (mindshim.migration.ckpt).

usage: cd /tmp && /work/msvenv/bin/python /work/main/tools/make_torch_ckpt_fixtures.py
For each optimizer (Momentum lr 0.01 momentum 0.9; Adam lr 1e-3), MindSpore trains a small LeNet
(tests/migration/ckpt_torch_helpers.py documents the network, weights and batches, which both sides build
from numpy seeds) for 3 steps and saves the whole train cell (weights, moments, global_step, ...) as
`lenet_<opt>_step3.ckpt`, then continues 2 steps and saves the weights reached as `lenet_<opt>_step5.ckpt`.
Then it runs the project venv (a separate process: mindshim is never imported here) to load the step-3 file
into PyTorch, train 2 steps there and write the result with `save_torch_as_ckpt`; MindSpore loads that file
into a fresh train cell, records what `load_param_into_net` left out, trains 2 more steps (batches 5 and 6)
and saves the weights as `lenet_<opt>_torch_resumed.ckpt`. Descriptions of everything go to
`torch_ckpt_fixtures.json`. All under tests/migration/fixtures/; never edit them by hand.
"""
import hashlib
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn

assert "mindshim" not in ms.__file__
REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
FIXTURES = os.path.join(REPO, "tests", "migration", "fixtures")
PROJECT_PYTHON = os.environ.get("MINDSHIM_PYTHON", os.path.join(REPO, ".venv", "bin", "python"))
WRITE = ("import sys; sys.path.insert(0, 'tests/migration'); from ckpt_torch_helpers import write_torch_trained; "
         "write_torch_trained(sys.argv[1], sys.argv[2], sys.argv[3])")
BATCH, STEPS_BEFORE, STEPS_AFTER = 4, 3, 2


class LeNet(nn.Cell):
    """LeNet5 with narrow fully connected layers (400-24-16-10) so the fixtures stay small."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, has_bias=False, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, has_bias=False, pad_mode="valid")
        self.fc1 = nn.Dense(400, 24)
        self.fc2 = nn.Dense(24, 16)
        self.fc3 = nn.Dense(16, 10)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        x = self.flatten(x)
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))


def batches(count):
    """The same numpy batches as tests/migration/ckpt_torch_helpers.py:batches."""
    rng = np.random.RandomState(1)
    return [(rng.randn(BATCH, 1, 32, 32).astype(np.float32), rng.randint(0, 10, BATCH).astype(np.int32))
            for _ in range(count)]


def train_cell(optimizer_name):
    net = LeNet()
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.1).astype(np.float32)))
    opt = (nn.Momentum(net.trainable_params(), 0.01, 0.9) if optimizer_name == "momentum"
           else nn.Adam(net.trainable_params(), 1e-3))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    return net, nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)


def run_steps(cell, data):
    return [float(cell(Tensor(x), Tensor(y)).asnumpy()) for x, y in data]


def describe(path):
    params = ms.load_checkpoint(path)
    return {"sha256": hashlib.sha256(open(path, "rb").read()).hexdigest(),
            "entries": [[k, str(v.dtype), list(v.shape)] for k, v in params.items()]}


def main():
    os.makedirs(FIXTURES, exist_ok=True)
    data = batches(STEPS_BEFORE + 2 * STEPS_AFTER)
    record = {}
    for opt_name in ("momentum", "adam"):
        net, cell = train_cell(opt_name)
        losses = run_steps(cell, data[:STEPS_BEFORE])
        step3 = os.path.join(FIXTURES, f"lenet_{opt_name}_step3.ckpt")
        ms.save_checkpoint(cell, step3)
        losses += run_steps(cell, data[STEPS_BEFORE:STEPS_BEFORE + STEPS_AFTER])
        step5 = os.path.join(FIXTURES, f"lenet_{opt_name}_step5.ckpt")
        ms.save_checkpoint(net, step5)
        entry = {"losses": losses, "step3": describe(step3), "step5": describe(step5)}
        with tempfile.TemporaryDirectory() as folder:
            written = os.path.join(folder, f"torch_{opt_name}.ckpt")
            subprocess.run([PROJECT_PYTHON, "-c", WRITE, opt_name, step3, written], cwd=REPO, check=True)
            net, cell = train_cell(opt_name)
            not_loaded = ms.load_param_into_net(cell, ms.load_checkpoint(written))
            entry["torch_written"] = describe(written)
            entry["torch_written"]["load_param_into_net"] = [list(x) for x in not_loaded]
            entry["torch_written"]["global_step"] = int(cell.optimizer.global_step.asnumpy()[0])
            entry["resumed_losses"] = run_steps(cell, data[STEPS_BEFORE + STEPS_AFTER:])
            resumed = os.path.join(FIXTURES, f"lenet_{opt_name}_torch_resumed.ckpt")
            ms.save_checkpoint(net, resumed)
            entry["resumed"] = describe(resumed)
        record[opt_name] = entry
    with open(os.path.join(FIXTURES, "torch_ckpt_fixtures.json"), "w") as f:
        json.dump(record, f, indent=1, sort_keys=True)
    print("fixtures written:", sorted(os.listdir(FIXTURES)), file=sys.stderr)


if __name__ == "__main__":
    main()
