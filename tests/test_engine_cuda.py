"""CUDA-only engine checks: GRAPH_MODE on CUDA compiles with CUDA graphs (torch.compile
"reduce-overhead") and replays them; numbers match PYNATIVE; no recompiles after warm-up; outputs held
across steps stay valid. Skipped without a GPU (run them on one: `pytest tests/test_engine_cuda.py`)."""
import numpy as np
import pytest
import torch

import mindshim as ms
from mindshim import Tensor, nn
from mindshim._backend import engine

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs an NVIDIA GPU")


class _Mlp(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(32, 64)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(64, 10)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def _run(mode, steps=30, optimizer="momentum"):
    ms.set_context(mode=mode, device_target="GPU")
    net = _Mlp()
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.2).astype(np.float32)))
    opt = nn.Momentum(net.trainable_params(), 0.05, 0.9) if optimizer == "momentum" else \
        nn.Adam(net.trainable_params(), nn.exponential_decay_lr(0.01, 0.9, 30, 1, 3))
    cell = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
                               opt)
    cell.set_train()
    x = Tensor(rng.randn(16, 32).astype(np.float32))
    y = Tensor(rng.randint(0, 10, (16,)).astype(np.int32))
    losses = [cell(x, y) for _ in range(steps)]  # held across steps: must not be overwritten by replays
    out = [float(l) for l in losses], net.fc1.weight.asnumpy()
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


@pytest.mark.parametrize("optimizer", ["momentum", "adam_with_dynamic_lr"])
def test_cuda_graph_mode_matches_pynative_without_recompiles(optimizer):
    eager_losses, eager_w = _run(ms.PYNATIVE_MODE, optimizer=optimizer)
    before = engine.stats()
    graph_losses, graph_w = _run(ms.GRAPH_MODE, optimizer=optimizer)
    after = engine.stats()
    assert after["fallbacks"] == before["fallbacks"] and after["graphs"] - before["graphs"] == 1
    assert len(set(graph_losses)) > 1  # held outputs differ step to step: not one overwritten buffer
    np.testing.assert_allclose(graph_losses, eager_losses, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(graph_w, eager_w, rtol=1e-4, atol=1e-5)
