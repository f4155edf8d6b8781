"""CUDA-only engine checks: GRAPH_MODE on CUDA compiles with CUDA graphs (torch.compile
"reduce-overhead") and replays them; numbers match PYNATIVE; no recompiles after warm-up; outputs held
across steps stay valid. Skipped without a GPU (run them on one: `pytest tests/test_engine_cuda.py`)."""
import warnings

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


def test_cuda_graphs_are_captured_not_skipped():
    before = engine.stats()
    _run(ms.GRAPH_MODE, steps=5)
    assert engine.stats()["cudagraph_skips"] == before["cudagraph_skips"], \
        "inductor skipped CUDA-graph capture (run with TORCH_LOGS=perf_hints to see why)"


def test_cuda_loss_scaled_step_is_one_graph_with_overflow():
    ms.set_context(mode=ms.GRAPH_MODE, device_target="GPU")
    net = _Mlp()
    opt = nn.Adam(net.trainable_params(), 0.01)
    manager = nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 10, scale_factor=2, scale_window=2)
    step = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt, scale_sense=manager)
    step.set_train()
    rng = np.random.RandomState(0)
    y = Tensor(rng.randn(16, 10).astype(np.float32))
    before = engine.stats()
    flags = []
    for i in range(6):
        x = rng.randn(16, 32).astype(np.float32)
        if i == 3:
            x[0, 0] = np.inf
        flags.append(bool(step(Tensor(x), y)[1]))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    after = engine.stats()
    assert flags == [False, False, False, True, False, False]
    assert after["fallbacks"] == before["fallbacks"] and after["graphs"] - before["graphs"] == 1
    assert np.isfinite(net.fc1.weight.asnumpy()).all()


def test_cuda_dataset_sink_prefetches_and_matches_pynative():
    from mindshim import dataset as ds
    from mindshim.train import Model

    def train(mode, sink):
        ms.set_context(mode=mode, device_target="GPU")
        rng = np.random.RandomState(0)
        x = rng.randn(64, 32).astype(np.float32)
        data = ds.NumpySlicesDataset({"x": x, "y": rng.randint(0, 10, 64).astype(np.int32)}, shuffle=False).batch(16)
        net = _Mlp()
        for p in net.trainable_params():
            p.set_data(Tensor((rng.randn(*p.shape) * 0.2).astype(np.float32)))
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        Model(net, loss, nn.Momentum(net.trainable_params(), 0.05, 0.9)).train(3, data, dataset_sink_mode=sink)
        ms.set_context(mode=ms.PYNATIVE_MODE)
        return net.fc1.weight.asnumpy()

    np.testing.assert_allclose(train(ms.GRAPH_MODE, True), train(ms.PYNATIVE_MODE, False), rtol=1e-4, atol=1e-5)


_CAPTURE_FAILS = pytest.mark.xfail(
    reason="capturing inductor's compiled training step in one torch.cuda.CUDAGraph failed on the H200 run of "
           "2026-11-27 (torch 2.11: 'operation failed due to a previous error during capture' inside the generated "
           "code, every capture setting of bench/step_graph_diag.py). Probable cause, fixed after that run and not "
           "yet run on a GPU: the compiled step had a guard on the engine's call depth, which differed in the "
           "captured call, so dynamo recompiled (and autotuned) inside the capture. Step graphs stay off by default "
           "until these pass on a GPU",
    strict=False)


@_CAPTURE_FAILS
def test_cuda_sink_replays_one_captured_graph_of_the_whole_step(monkeypatch):
    """Issue 14 item 2: in a sink, steps after the first replay one torch.cuda.CUDAGraph of the compiled step."""
    monkeypatch.setenv("MINDSHIM_STEP_GRAPH", "on")
    from mindshim import dataset as ds
    from mindshim.train import Model

    def train(mode, sink, rows):
        ms.set_context(mode=mode, device_target="GPU")
        rng = np.random.RandomState(0)
        x = rng.randn(rows, 32).astype(np.float32)
        data = ds.NumpySlicesDataset({"x": x, "y": rng.randint(0, 10, rows).astype(np.int32)},
                                     shuffle=False).batch(16)
        net = _Mlp()
        for p in net.trainable_params():
            p.set_data(Tensor((rng.randn(*p.shape) * 0.2).astype(np.float32)))
        loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.Adam(net.trainable_params(), nn.exponential_decay_lr(0.01, 0.9, 30, 1, 3))
        Model(net, loss, opt).train(3, data, dataset_sink_mode=sink)
        ms.set_context(mode=ms.PYNATIVE_MODE)
        return net.fc1.weight.asnumpy(), net.fc2.bias.asnumpy()

    for rows in (96, 100):  # 6 full batches; then a ragged last batch of 4 (its own signature)
        before = engine.stats()
        with warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)  # no fallback, no capture refused
            sunk = train(ms.GRAPH_MODE, True, rows)
        after = engine.stats()
        assert after["step_graph_captures"] > before["step_graph_captures"]
        assert after["step_graph_replays"] - before["step_graph_replays"] >= 3 * 4
        for a, b in zip(sunk, train(ms.PYNATIVE_MODE, False, rows)):
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5)


@_CAPTURE_FAILS
def test_cuda_sink_graph_replays_draw_new_random_numbers(monkeypatch):
    from mindshim import dataset as ds
    monkeypatch.setenv("MINDSHIM_STEP_GRAPH", "on")
    ms.set_context(mode=ms.GRAPH_MODE, device_target="GPU")
    dropout = nn.Dropout(p=0.5)
    dropout.set_train()
    data = ds.NumpySlicesDataset({"x": np.ones((12, 64), np.float32)}, shuffle=False).batch(2)
    sink = ms.data_sink(dropout, data, sink_size=3, jit_config=ms.JitConfig())
    before = engine.stats()["step_graph_replays"]
    outs = [sink().asnumpy() for _ in range(4)]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    assert engine.stats()["step_graph_replays"] - before >= 6
    masks = {tuple((o != 0).ravel().tolist()) for o in outs}
    assert len(masks) == 4 and all(set(np.unique(o)) <= {0.0, 2.0} for o in outs)
