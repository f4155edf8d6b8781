"""Model: train/eval/fit/predict, callback counts, sink-mode semantics on CPU."""
import numpy as np
import pytest

import mindshim as ms
from mindshim import Tensor, nn
from mindshim import dataset as ds
from mindshim.train import Accuracy, Callback, Loss, LossMonitor, Model


def _data(n=40, seed=0):
    rng = np.random.RandomState(seed)
    x = rng.randn(n, 4).astype(np.float32)
    y = (x[:, 0] > 0).astype(np.int32)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(8)


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 2)
        self.fc.weight.set_data(Tensor(np.full((2, 4), 0.1, np.float32)))
        self.fc.bias.set_data(Tensor(np.zeros(2, np.float32)))

    def construct(self, x):
        return self.fc(x)


class _Recorder(Callback):
    def __init__(self):
        self.events = []

    def on_train_epoch_begin(self, rc):
        self.events.append(("epoch_begin", rc.original_args().cur_epoch_num))

    def on_train_step_end(self, rc):
        cb = rc.original_args()
        self.events.append(("step_end", cb.cur_epoch_num, cb.cur_step_num))


def _model(metrics=None):
    net = _Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    return Model(net, loss, opt, metrics=metrics), net


def test_train_non_sink_step_counts_and_loss_decreases(capsys):
    model, _ = _model()
    rec = _Recorder()
    model.train(2, _data(), callbacks=[rec, LossMonitor(5)])
    steps = [e for e in rec.events if e[0] == "step_end"]
    assert [s[2] for s in steps] == list(range(1, 11))
    assert [s[1] for s in steps] == [1] * 5 + [2] * 5
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("epoch: 1 step: 5, loss is ") and lines[1].startswith("epoch: 2 step: 5, loss is ")
    assert float(lines[1].rsplit(" ", 1)[1]) < float(lines[0].rsplit(" ", 1)[1])


def test_sink_mode_graph_one_step_end_per_sink_and_data_continues(capsys):
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        model, _ = _model()
        rec = _Recorder()
        model.train(3, _data(), callbacks=[rec, LossMonitor()], dataset_sink_mode=True, sink_size=3)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    steps = [e for e in rec.events if e[0] == "step_end"]
    assert steps == [("step_end", 1, 3), ("step_end", 2, 6), ("step_end", 3, 9)]
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split(",")[0] for ln in lines] == ["epoch: 1 step: 3", "epoch: 2 step: 3", "epoch: 3 step: 3"]


def test_sink_mode_pynative_one_step_end_per_step(capsys):
    """MindSpore's PyNative sink (its _DatasetIterPyNative) runs one callback step per batch: the counter
    advances by 1, the epoch is still `sink_size` steps, and the helper yields empty inputs."""
    model, _ = _model()
    rec = _Recorder()
    model.train(2, _data(), callbacks=[rec, LossMonitor()], dataset_sink_mode=True, sink_size=3)
    steps = [e for e in rec.events if e[0] == "step_end"]
    assert steps == [("step_end", 1, 1), ("step_end", 1, 2), ("step_end", 1, 3),
                     ("step_end", 2, 4), ("step_end", 2, 5), ("step_end", 2, 6)]
    lines = capsys.readouterr().out.splitlines()
    assert [ln.split(",")[0] for ln in lines] == [f"epoch: {e} step: {s}" for e in (1, 2) for s in (1, 2, 3)]


def test_sink_mode_equals_non_sink_training():
    a, net_a = _model()
    b, net_b = _model()
    a.train(2, _data())  # 10 steps
    b.train(2, _data(), dataset_sink_mode=True, sink_size=5)  # 2 sinks of 5 consecutive batches
    np.testing.assert_allclose(net_a.fc.weight.asnumpy(), net_b.fc.weight.asnumpy(), rtol=1e-6)


def test_graph_mode_compiled_sink_equals_pynative(monkeypatch):
    """GRAPH_MODE with the engine forced to compile (what CUDA gets by default) plus sinking: the same
    parameters as PYNATIVE without sinking after 10 steps (rtol 1e-5: inductor fuses float32 kernels),
    one LossMonitor line per sink, and one graph for the 8-sample batches."""
    from mindshim._backend import engine
    a, net_a = _model()
    a.train(2, _data())
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        b, net_b = _model()
        rec = _Recorder()
        before = engine.stats()
        b.train(2, _data(), callbacks=[rec], dataset_sink_mode=True, sink_size=5)
        after = engine.stats()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(net_b.fc.weight.asnumpy(), net_a.fc.weight.asnumpy(), rtol=1e-5, atol=1e-7)
    assert [e for e in rec.events if e[0] == "step_end"] == [("step_end", 1, 5), ("step_end", 2, 10)]
    assert after["compiled_calls"] - before["compiled_calls"] == 10 and after["fallbacks"] == before["fallbacks"]
    assert after["graphs"] - before["graphs"] == 1


def test_eval_matches_hand_computation():
    model, net = _model(metrics={"acc": Accuracy(), "loss": Loss()})
    res = model.eval(_data())
    x = np.concatenate([b[0].asnumpy() for b in _data().create_tuple_iterator()])
    y = np.concatenate([b[1].asnumpy() for b in _data().create_tuple_iterator()])
    logits = x @ net.fc.weight.asnumpy().T + net.fc.bias.asnumpy()
    assert res["acc"] == pytest.approx(float(np.mean(logits.argmax(1) == y)))
    logp = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    per_batch = [-logp[i:i + 8][np.arange(8), y[i:i + 8]].mean() for i in range(0, 40, 8)]
    assert res["loss"] == pytest.approx(float(np.mean(per_batch)), rel=1e-5)


def test_fit_prints_eval_result_each_epoch(capsys):
    model, _ = _model(metrics={"acc": Accuracy()})
    model.fit(2, _data(), _data(seed=1), callbacks=[LossMonitor(5)])
    out = capsys.readouterr().out
    assert out.count("Eval result: epoch") == 2


def test_predict_and_stop_request():
    model, _ = _model()

    class Stop(Callback):
        def on_train_step_end(self, rc):
            if rc.original_args().cur_step_num == 3:
                rc.request_stop()

    rec = _Recorder()
    model.train(5, _data(), callbacks=[rec, Stop()])
    assert [e for e in rec.events if e[0] == "step_end"][-1][2] == 3
    out = model.predict(Tensor(np.ones((2, 4), np.float32)))
    assert out.shape == (2, 2)


def test_wrapped_train_cell_without_loss_and_optimizer():
    net = _Net()
    opt = nn.SGD(net.trainable_params(), 0.1)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")), opt)
    Model(step).train(1, _data())
    assert not np.allclose(net.fc.weight.asnumpy(), 0.1)
