"""Callbacks driven by a fake Model loop (the real Model lives elsewhere): hook dispatch, the printed
lines of LossMonitor/TimeMonitor (formats checked against a real MindSpore 2.10 Model.train run),
ModelCheckpoint naming and retention, EarlyStopping, ReduceLROnPlateau, History, LambdaCallback."""
from __future__ import annotations

import os
import re
import sys
import types

import numpy as np
import pytest
import torch

from mindshim import Parameter, Tensor
from mindshim.train import callback as cbm
from mindshim.train.callback import (
    Callback, CheckpointConfig, EarlyStopping, History, LambdaCallback, LearningRateScheduler, LossMonitor,
    ModelCheckpoint, ProgressBar, ReduceLROnPlateau, RunContext, TimeMonitor, _CallbackManager,
    _InternalCallbackParam,
)


def drive(callbacks, epochs=2, batch_num=5, losses=None, sink_size=None, eval_results=None, **extra):
    """Run the hooks the way MindSpore's Model.train does; returns the cb_params."""
    steps_per_call = sink_size or 1
    cb_params = _InternalCallbackParam(
        epoch_num=epochs, batch_num=sink_size or batch_num, cur_step_num=0, cur_epoch_num=0,
        dataset_sink_mode=sink_size is not None, mode="train", train_network=extra.pop("net", None),
        optimizer=extra.pop("optimizer", None), **extra)
    run_context = RunContext(cb_params)
    manager = _CallbackManager(callbacks)
    losses = iter(losses if losses is not None else [0.5 + i * 0.01 for i in range(1000)])
    with manager:
        manager.on_train_begin(run_context)
        for epoch in range(1, epochs + 1):
            cb_params.cur_epoch_num = epoch
            manager.on_train_epoch_begin(run_context)
            for _ in range(cb_params.batch_num // steps_per_call):
                manager.on_train_step_begin(run_context)
                cb_params.cur_step_num += steps_per_call
                cb_params.net_outputs = Tensor(np.float32(next(losses)))
                manager.on_train_step_end(run_context)
            if eval_results is not None:
                cb_params.eval_results = {"acc": eval_results[epoch - 1]}
            manager.on_train_epoch_end(run_context)
            if run_context.get_stop_requested():
                break
        manager.on_train_end(run_context)
    return cb_params


class Recorder(Callback):
    def __init__(self):
        self.calls = []

    def begin(self, rc):
        self.calls.append("begin")

    def step_end(self, rc):
        self.calls.append("step_end")

    def on_eval_end(self, rc):
        self.calls.append("on_eval_end")


def test_2x_hooks_forward_to_1x_hooks():
    rec = Recorder()
    rc = RunContext({})
    for hook, legacy in cbm.HOOKS_2X_TO_1X.items():
        rec.calls.clear()
        getattr(rec, hook)(rc)
        expected = [] if legacy not in ("begin", "step_end") else [legacy]
        if hook == "on_eval_end":
            expected = ["on_eval_end"]
        assert rec.calls == expected, hook


def test_manager_dispatch_in_list_order_and_by_name():
    order = []
    a = LambdaCallback(on_train_step_end=lambda rc: order.append("a"))
    b = LambdaCallback(on_train_step_end=lambda rc: order.append("b"))
    manager = _CallbackManager([a, b])
    manager.dispatch("on_train_step_end", RunContext({}))
    manager.on_train_step_end(RunContext({}))
    assert order == ["a", "b", "a", "b"]
    with pytest.raises(ValueError):
        manager.dispatch("on_train_stp_end", RunContext({}))


def test_manager_rejects_non_callbacks():
    with pytest.raises(TypeError):
        _CallbackManager([LossMonitor(), object()])
    with pytest.raises(TypeError):
        _CallbackManager("LossMonitor")
    assert _CallbackManager(None).callbacks == []


def test_manager_enters_callbacks_and_uses_replacement_targets():
    events = []

    class Replacing(Callback):
        def __init__(self, other):
            self.other = other

        def __enter__(self):
            events.append("enter")
            return self.other

        def __exit__(self, *exc):
            events.append("exit")

    inner = Recorder()
    with _CallbackManager([Replacing(inner)]) as manager:
        manager.on_train_begin(RunContext({}))
    assert events == ["enter", "exit"] and inner.calls == ["begin"]


def test_run_context_and_cb_params():
    with pytest.raises(TypeError):
        RunContext([1])
    params = _InternalCallbackParam(cur_step_num=3)
    rc = RunContext(params)
    assert rc.original_args() is params and params.cur_step_num == 3
    params.batch_num = 7
    assert params["batch_num"] == 7
    with pytest.raises(KeyError):
        params.missing  # noqa: B018 - MindSpore raises KeyError
    assert getattr(params, "missing", None) is None
    assert not rc.get_stop_requested()
    rc.request_stop()
    assert rc.get_stop_requested()


def test_loss_monitor_lines_match_mindspore(capsys):
    # Real MindSpore 2.10, Model.train(2 epochs, 5 batches, LossMonitor(2)) printed steps 2, 4 | 1, 3, 5.
    drive([LossMonitor(2)], losses=[0.25, 1.080554485321045, 0.5, 0.75, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7])
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "epoch: 1 step: 2, loss is 1.080554485321045",
        "epoch: 1 step: 4, loss is 0.75",
        "epoch: 2 step: 1, loss is 0.20000000298023224",
        "epoch: 2 step: 3, loss is 0.4000000059604645",
        "epoch: 2 step: 5, loss is 0.699999988079071",
    ]


def test_loss_monitor_sink_mode_prints_once_per_sink(capsys):
    drive([LossMonitor()], epochs=3, sink_size=1000, losses=[0.5, 0.25, 0.125])
    assert capsys.readouterr().out.splitlines() == [
        "epoch: 1 step: 1000, loss is 0.5", "epoch: 2 step: 1000, loss is 0.25", "epoch: 3 step: 1000, loss is 0.125"]


def test_loss_monitor_tuple_output_prints_first_tensor_and_zero_never_prints(capsys):
    params = _InternalCallbackParam(cur_step_num=1, batch_num=1, dataset_sink_mode=False, cur_epoch_num=1,
                                    net_outputs=(Tensor(np.float32(1.5)), Tensor(np.float32(9.0))))
    LossMonitor().step_end(RunContext(params))
    out = capsys.readouterr().out
    assert out.startswith("epoch: 1 step: 1, loss is ") and "1.5" in out and "9" not in out.split("is")[1]
    LossMonitor(0).step_end(RunContext(params))
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_loss_monitor_nan_inf_stops(bad):
    with pytest.raises(ValueError, match=r"In epoch: 1 step: 3, loss is NAN or INF"):
        drive([LossMonitor(100)], losses=[0.1, 0.2, bad])


def test_loss_monitor_argument_checks():
    with pytest.raises(ValueError):
        LossMonitor(-1)
    with pytest.raises(TypeError):
        LossMonitor(1.5)


def test_loss_monitor_prints_fit_metrics(capsys):
    params = _InternalCallbackParam(cur_epoch_num=2, metrics={"acc": 0.5})
    LossMonitor().on_train_epoch_end(RunContext(params))
    assert capsys.readouterr().out == "Eval result: epoch 2, metrics: {'acc': 0.5}\n"


def test_time_monitor_line_format(capsys):
    drive([TimeMonitor()], epochs=2)
    lines = capsys.readouterr().out.splitlines()
    pattern = r"Train epoch time: \d+\.\d{3} ms, per step time: \d+\.\d{3} ms"
    assert len(lines) == 2 and all(re.fullmatch(pattern, line) for line in lines), lines


def test_time_monitor_data_size_and_data_time(capsys):
    monitor = TimeMonitor(data_size=4, data_time=True)
    params = _InternalCallbackParam(dataset_sink_mode=False)
    rc = RunContext(params)
    monitor.epoch_begin(rc)
    monitor.epoch_end(rc)
    assert re.fullmatch(r" epoch time: \d+\.\d{3} ms, per step time: \d+\.\d{3} ms \(data time: \d+\.\d{3} ms\)\n",
                        capsys.readouterr().out)
    with pytest.raises(TypeError):
        TimeMonitor(data_time=1)
    with pytest.raises((TypeError, ValueError)):
        TimeMonitor().epoch_end(rc)  # neither batch_num nor data_size


class TinyNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = Parameter(np.ones(3, np.float32), name="w")

    def parameters_dict(self):
        return {"w": self.w}


@pytest.fixture
def saved(monkeypatch):
    calls = []

    def save_checkpoint(network, path, integrated_save=True, async_save=False, append_dict=None, **kwargs):
        calls.append((os.path.basename(path), dict(append_dict or {})))
        with open(path, "wb") as f:
            f.write(b"x")

    module = types.ModuleType("mindshim.train.serialization")
    module.save_checkpoint = save_checkpoint
    monkeypatch.setitem(sys.modules, "mindshim.train.serialization", module)
    return calls


def test_model_checkpoint_names_and_keep_max(tmp_path, saved):
    config = CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=3, append_info=["epoch_num", "step_num"])
    ckpt = ModelCheckpoint(prefix="lenet", directory=str(tmp_path), config=config)
    times = iter(range(10**6))
    real_save = sys.modules["mindshim.train.serialization"].save_checkpoint

    def save_with_mtime(network, path, *args, **kwargs):
        real_save(network, path, *args, **kwargs)
        t = 1_000_000 + next(times)
        os.utime(path, (t, t))
    sys.modules["mindshim.train.serialization"].save_checkpoint = save_with_mtime
    drive([ckpt], epochs=2, batch_num=5, net=TinyNet())
    assert [name for name, _ in saved] == ["lenet-1_2.ckpt", "lenet-1_4.ckpt", "lenet-2_1.ckpt", "lenet-2_3.ckpt",
                                           "lenet-2_5.ckpt"]
    assert saved[-1][1] == {"epoch_num": 2, "step_num": 10}
    assert sorted(os.listdir(tmp_path)) == ["lenet-2_1.ckpt", "lenet-2_3.ckpt", "lenet-2_5.ckpt"]
    assert ckpt.latest_ckpt_file_name == os.path.join(str(tmp_path), "lenet-2_5.ckpt")
    # A second callback in the same folder gets the "_1" prefix.
    assert ModelCheckpoint(prefix="lenet", directory=str(tmp_path))._prefix == "lenet_1"
    (tmp_path / "lenet_1-1_1.ckpt").write_bytes(b"x")
    assert ModelCheckpoint(prefix="lenet", directory=str(tmp_path))._prefix == "lenet_2"
    assert ModelCheckpoint(prefix="other", directory=str(tmp_path))._prefix == "other"


def test_model_checkpoint_saves_at_end_and_in_sink_mode(tmp_path, saved):
    ckpt = ModelCheckpoint(prefix="m", directory=str(tmp_path), config=CheckpointConfig(save_checkpoint_steps=4))
    drive([ckpt], epochs=1, batch_num=5, net=TinyNet())
    assert [n for n, _ in saved] == ["m-1_4.ckpt", "m-1_5.ckpt"]  # the last one from on_train_end
    saved.clear()
    ckpt = ModelCheckpoint(prefix="s", directory=str(tmp_path), config=CheckpointConfig(save_checkpoint_steps=1500))
    drive([ckpt], epochs=3, sink_size=1000, net=TinyNet())
    assert [n for n, _ in saved] == ["s-2_1000.ckpt", "s-3_1000.ckpt"]


def test_model_checkpoint_callable_prefix_and_argument_errors(tmp_path, saved):
    ckpt = ModelCheckpoint(prefix=lambda p: f"step{p.cur_step_num}", directory=str(tmp_path))
    drive([ckpt], epochs=1, batch_num=2, net=TinyNet())
    assert [n for n, _ in saved] == ["step1.ckpt", "step2.ckpt"]
    with pytest.raises(ValueError):
        ModelCheckpoint(prefix="a/b")
    with pytest.raises(TypeError):
        ModelCheckpoint(config={"save_checkpoint_steps": 1})


def test_checkpoint_config_rules():
    assert CheckpointConfig(save_checkpoint_steps=5, save_checkpoint_seconds=10).save_checkpoint_seconds is None
    assert CheckpointConfig(keep_checkpoint_max=0, keep_checkpoint_per_n_minutes=0).keep_checkpoint_max == 1
    assert CheckpointConfig(keep_checkpoint_max=3, keep_checkpoint_per_n_minutes=2).keep_checkpoint_per_n_minutes is None
    assert CheckpointConfig(append_info=[{"lr": 0.1}, "epoch_num"]).append_dict == {"epoch_num": 0, "lr": 0.1}
    with pytest.raises(ValueError):
        CheckpointConfig(0, 0, 0, 0)
    with pytest.raises(ValueError):
        CheckpointConfig(append_info=["loss"])
    with pytest.raises(TypeError):
        CheckpointConfig(append_info=[{"a": 1}, {"b": 2}])
    with pytest.raises(TypeError):
        CheckpointConfig(saved_network="net")
    with pytest.raises(ValueError):
        CheckpointConfig(save_checkpoint_steps=-1)


def test_early_stopping_stops_and_restores_best_weights(capsys):
    net = TinyNet()
    values = iter([1.0, 3.0, 2.0, 1.0])

    def change_weights(rc):
        with torch.no_grad():
            torch.Tensor.fill_(net.w, float(next(values)))
    es = EarlyStopping(monitor="acc", patience=2, verbose=True, restore_best_weights=True)
    params = drive([LambdaCallback(on_train_epoch_begin=change_weights), es], epochs=6, net=net,
                   eval_results=[0.5, 0.7, 0.6, 0.65, 0.9, 0.9])
    assert params.cur_epoch_num == 4 and es.stopped_epoch == 4 and float(es.best) == 0.7
    assert np.allclose(net.w.asnumpy(), 3.0)  # weights of epoch 2, the best one
    assert capsys.readouterr().out.splitlines() == [
        "Restoring model weights from the end of the best epoch.", "Epoch 00004: early stopping"]


def test_early_stopping_argument_checks_and_missing_monitor():
    with pytest.raises(ValueError):
        EarlyStopping(mode="best")
    with pytest.raises(TypeError):
        EarlyStopping(monitor=1)
    es = EarlyStopping(monitor="eval_loss")
    params = drive([es], epochs=3)  # no eval_results: never stops
    assert params.cur_epoch_num == 3 and es.stopped_epoch == 0


class FakeOptimizer:
    def __init__(self, lr):
        self.learning_rate = Parameter(np.array(lr, np.float32), name="learning_rate")


def test_reduce_lr_on_plateau(capsys):
    opt = FakeOptimizer(0.1)
    cb = ReduceLROnPlateau(monitor="acc", factor=0.5, patience=1, verbose=True, min_lr=0.03)
    drive([cb], epochs=4, optimizer=opt, eval_results=[0.5, 0.5, 0.5, 0.5])
    assert np.isclose(float(opt.learning_rate.asnumpy()), 0.03)
    assert capsys.readouterr().out.splitlines() == [
        "Epoch 00002: ReduceLROnPlateau reducing learning rate to 0.05.",
        "Epoch 00003: ReduceLROnPlateau reducing learning rate to 0.03."]
    with pytest.raises(ValueError):
        ReduceLROnPlateau(factor=1.0)
    opt.learning_rate = Tensor(np.float32(0.1))
    with pytest.raises(ValueError, match="dynamic learning rate"):
        drive([ReduceLROnPlateau()], epochs=1, optimizer=opt)


def test_learning_rate_scheduler():
    opt = FakeOptimizer(0.1)
    drive([LearningRateScheduler(lambda lr, step: lr * 0.5 if step % 2 == 0 else lr)], epochs=1, batch_num=4,
          optimizer=opt)
    assert np.isclose(float(opt.learning_rate.asnumpy()), 0.025)


def test_history_records_mean_output_and_metrics():
    history = History()
    drive([history], epochs=2, batch_num=2, losses=[1.0, 2.0, 3.0, 4.0], metrics={"acc": 0.5})
    assert history.epoch == {"epoch": [1, 2]}
    assert history.history["acc"] == [0.5, 0.5]
    assert [float(v) for v in history.history["net_output"]] == [2.0, 4.0]
    assert isinstance(history.history["net_output"][0], np.float32)


def test_lambda_callback_unset_hooks_do_nothing():
    seen = []
    cb = LambdaCallback(on_train_end=lambda rc: seen.append("end"))
    cb.step_end = lambda rc: seen.append("legacy")  # not called through on_train_step_end any more
    drive([cb], epochs=1, batch_num=2)
    assert seen == ["end"]


def test_progress_bar_counts_steps(tmp_path):
    out = open(tmp_path / "bar.txt", "w")
    bar = ProgressBar(file=out, mininterval=0)
    seen = []
    orig = bar.on_train_step_end

    def spy(rc):
        orig(rc)
        seen.append(bar._bar.n)
    bar.on_train_step_end = spy
    drive([bar], epochs=2, sink_size=10)
    out.close()
    assert seen == [10, 10]
    assert "epoch 2/2" in (tmp_path / "bar.txt").read_text()


def test_custom_callback_method_check(caplog):
    class Old(Callback):
        def step_end(self, rc):
            pass
    with pytest.raises(ValueError, match="on_train"):
        cbm.check_methods_for_custom_callbacks([Old()], "fit")
    cbm.check_methods_for_custom_callbacks([Old(), LossMonitor()], "train")  # warns only
    assert "step_end" in caplog.text
