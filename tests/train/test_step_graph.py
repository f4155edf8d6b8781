"""Sinks as one captured graph of the whole step (`_backend/step_graph`), checked on the CPU through the
stand-in capture (MINDSHIM_STEP_GRAPH=host: same bookkeeping, the replay runs the compiled step): the first
step of each sink runs compiled, later steps replay; numbers equal PYNATIVE's; a new shape, new storage or a
failed capture never gives a stale or wrong step. The CUDA capture itself is checked in test_engine_cuda.py."""
import warnings

import numpy as np
import pytest

import mindshim as ms
from mindshim import Tensor, nn
from mindshim import dataset as ds
from mindshim._backend import engine, step_graph


@pytest.fixture(autouse=True)
def _host_graphs(monkeypatch):
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    monkeypatch.setenv("MINDSHIM_STEP_GRAPH", "host")
    ms.set_context(device_target="CPU")
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


class _Mlp(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(8, 16)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(16, 3)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def _net():
    net = _Mlp()
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.3).astype(np.float32)))
    return net


def _data(rows=40, batch=8):
    rng = np.random.RandomState(1)
    x, y = rng.randn(rows, 8).astype(np.float32), rng.randint(0, 3, rows).astype(np.int32)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(batch)


def _train(mode, sink, rows=40, lr=0.1):
    ms.set_context(mode=mode)
    net = _net()
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                     nn.Momentum(net.trainable_params(), lr, 0.9))
    model.train(3, _data(rows), dataset_sink_mode=sink)
    return [p.asnumpy() for p in net.trainable_params()]


def _delta(before):
    after = engine.stats()
    return {k: after[k] - before[k] for k in after}


def test_sink_steps_replay_the_captured_step_and_equal_pynative():
    eager = _train(ms.PYNATIVE_MODE, False)
    before, built = engine.stats(), engine._graphs_built()
    sunk = _train(ms.GRAPH_MODE, True)
    delta = _delta(before)
    # 3 sinks of 5 steps: the first step of each runs compiled (guards checked), the other 4 replay one capture
    assert delta["step_graph_captures"] == 1 and delta["step_graph_replays"] == 12 and delta["fallbacks"] == 0
    # the captured call passes the guards of the compiled steps: a guard on the engine's call depth made it
    # recompile inside the capture, which on a GPU compiled and autotuned in the middle of a CUDA graph capture
    assert engine._graphs_built() - built == 1
    for a, b in zip(sunk, eager):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_ragged_last_batch_never_replays_a_graph_of_another_shape():
    eager = _train(ms.PYNATIVE_MODE, False, rows=42)  # 5 batches of 8, then one of 2
    before, built = engine.stats(), engine._graphs_built()
    sunk = _train(ms.GRAPH_MODE, True, rows=42)
    delta = _delta(before)
    assert delta["step_graph_replays"] > 0 and delta["fallbacks"] == 0
    # a graph for batches of 8, one with a dynamic batch after the ragged one, and no third: the replays' static
    # inputs (copies, not views) pass the dynamic graph's guards, which once guarded the inputs' view bases
    assert engine._graphs_built() - built == 2
    for a, b in zip(sunk, eager):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def _sink_losses(mode, edit):
    """data_sink over a jit step; `edit(net, call)` runs between sink calls."""
    ms.set_context(mode=mode)
    net = _net()
    loss_net = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    step = nn.TrainOneStepCell(loss_net, nn.SGD(net.trainable_params(), 0.1))
    step.set_train()
    sink = ms.data_sink(step, _data(), sink_size=4, jit_config=ms.JitConfig())
    losses = []
    for call in range(4):
        losses.append(float(sink()))
        edit(net, call)
    return losses, net.fc1.weight.asnumpy()


def _new_weights(net, call):
    if call == 1:  # between sinks: new values, and for fc2 a new tensor object holding them
        net.fc1.weight.set_data(Tensor(np.full((16, 8), 0.05, np.float32)))
        net.fc2.weight.set_data(Tensor(np.full((3, 16), -0.02, np.float32)))


def test_weights_set_between_sinks_are_what_the_next_sink_trains():
    eager_losses, eager_w = _sink_losses(ms.PYNATIVE_MODE, _new_weights)
    before = engine.stats()
    losses, w = _sink_losses(ms.GRAPH_MODE, _new_weights)
    assert _delta(before)["step_graph_replays"] == 12
    np.testing.assert_allclose(losses, eager_losses, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(w, eager_w, rtol=1e-5, atol=1e-6)


def test_a_capture_that_fails_turns_graphs_off_with_one_warning(monkeypatch):
    def refuse(self, run):
        raise RuntimeError("operation not permitted when stream is capturing")

    monkeypatch.setattr(step_graph._HostCapture, "__init__", refuse)
    eager_losses, eager_w = _sink_losses(ms.PYNATIVE_MODE, lambda net, call: None)
    before = engine.stats()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        losses, w = _sink_losses(ms.GRAPH_MODE, lambda net, call: None)
    ours = [str(c.message) for c in caught if "without a CUDA graph" in str(c.message)]
    assert len(ours) == 1 and "operation not permitted when stream is capturing" in ours[0]
    assert _delta(before)["step_graph_replays"] == 0
    np.testing.assert_allclose(losses, eager_losses, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(w, eager_w, rtol=1e-5, atol=1e-6)


def test_list_learning_rate_end_raises_before_a_replayed_step():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = _net()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
                               nn.SGD(net.trainable_params(), [0.1] * 7))
    step.set_train()
    sink = ms.data_sink(step, _data(), sink_size=5, jit_config=ms.JitConfig())
    sink()
    after_five = net.fc1.weight.asnumpy().copy()
    with pytest.raises(RuntimeError, match="fewer entries than training steps"):
        sink()  # steps 6 and 7 run (replays), step 8 is refused on the host
    ms.set_context(mode=ms.PYNATIVE_MODE)
    assert not np.allclose(net.fc1.weight.asnumpy(), after_five)  # steps 6-7 ran


def test_step_graphs_off_runs_every_step_compiled(monkeypatch):
    monkeypatch.setenv("MINDSHIM_STEP_GRAPH", "off")
    before = engine.stats()
    _train(ms.GRAPH_MODE, True)
    delta = _delta(before)
    assert delta["step_graph_replays"] == 0 and delta["compiled_calls"] == 15
