"""Seed 003's train cells run unchanged (migration_examples/seed003_train_cells.py), with the overflow
step skipped; loss-scale numbers themselves are checked against MindSpore in parity case nn_loss_scale."""
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np

import mindshim as ms
from mindshim import Tensor, nn

ROOT = Path(__file__).resolve().parents[2]


def _golden(case: str) -> dict:
    return json.loads((ROOT / "tests" / "parity" / "goldens" / "nn_loss_scale.json").read_text())["cases"][case]


def test_seed003_cells_run_unchanged_and_match_mindspore_goldens():
    res = subprocess.run([sys.executable, "-m", "mindshim", str(ROOT / "migration_examples" / "seed003_train_cells.py")],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr[-3000:]
    lines = res.stdout.splitlines()
    steps = [re.fullmatch(r"step (\d): loss (\S+), overflow (True|False), scale ([0-9.]+)", ln) for ln in lines[:5]]
    assert all(steps), lines
    golden = _golden("seed003_fixed_scale_with_clip")  # same network, data and steps, run by MindSpore 2.10
    assert [m.group(3) == "True" for m in steps] == golden["overflow"] == [False, False, False, True, False]
    assert [float(m.group(4)) for m in steps] == golden["scale"]
    for m, expected in zip(steps, golden["loss"]):
        if expected == "inf":
            assert not np.isfinite(float(m.group(2)))
        else:
            np.testing.assert_allclose(float(m.group(2)), expected, rtol=1e-5)
    plain = [re.fullmatch(r"seed TrainOneStepCell step \d: loss (\S+)", ln) for ln in lines[5:8]]
    assert all(plain), lines
    np.testing.assert_allclose([float(m.group(1)) for m in plain], _golden("seed003_plain_train_one_step_cell")["loss"],
                               rtol=1e-5)


def test_overflow_leaves_weights_untouched():
    net = nn.Dense(2, 1)
    opt = nn.SGD(net.trainable_params(), 0.1)
    cell = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt,
                                            scale_sense=Tensor(np.float32(2.0 ** 100)))
    before = net.weight.asnumpy().copy()
    x = Tensor(np.array([[1e30, 1e30]], np.float32))
    loss, overflow, scale = cell(x, Tensor(np.zeros((1, 1), np.float32)))
    assert bool(overflow)
    np.testing.assert_array_equal(net.weight.asnumpy(), before)


def test_manager_as_scale_sense_is_accepted():
    net = nn.Dense(2, 1)
    cell = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1),
                                            scale_sense=ms.DynamicLossScaleManager(2 ** 8, 2, 10))
    assert isinstance(cell.loss_scaling_manager, nn.DynamicLossScaleUpdateCell)
    assert float(cell.scale_sense.asnumpy()) == 256.0
