"""What user callbacks see during Model.train / fit / eval: hook order, the cb_params fields and value types at
each hook, request_stop, initial_epoch, net_outputs of custom train cells, and what LossMonitor / TimeMonitor /
History / LambdaCallback print or record (timings stripped, losses parsed to floats).

Sink mode: MindSpore 2.10 on CPU trains non-sunk; with sink_size -1 under PyNative the callbacks see the same
steps as on a device, so only those counters are recorded (the device-only fields are unit-tested)."""
import re

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor, nn, ops
from mindspore.train import (Accuracy, Callback, FixedLossScaleManager, History, LambdaCallback, Loss, LossMonitor,
                             Model, TimeMonitor)
from parity_capture import captured_stdout

_HOOKS = ["on_train_begin", "on_train_epoch_begin", "on_train_step_begin", "on_train_step_end", "on_train_epoch_end",
          "on_train_end", "on_eval_begin", "on_eval_epoch_begin", "on_eval_step_begin", "on_eval_step_end",
          "on_eval_epoch_end", "on_eval_end"]
_COUNTERS = ("cur_epoch_num", "cur_step_num", "batch_num", "epoch_num", "mode", "dataset_sink_mode")


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 3)
        rng = np.random.RandomState(3)
        for p in self.trainable_params():
            p.set_data(Tensor((rng.randn(*p.shape) * 0.3).astype(np.float32)))

    def construct(self, x):
        return self.fc(x)


def _data(n=8, seed=0, gen=False):
    rng = np.random.RandomState(seed)
    x = rng.randn(n, 4).astype(np.float32)
    y = (np.abs(x[:, 0]) * 2).astype(np.int32) % 3
    if gen:
        return ds.GeneratorDataset(lambda: ((x[i], y[i]) for i in range(n)), ["x", "y"], shuffle=False).batch(2)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(2)


def _loss():
    return nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")


def _model(metrics=True, **kwargs):
    net = _Net()
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    return Model(net, _loss(), opt, metrics={"acc": Accuracy(), "loss": Loss()} if metrics else None, **kwargs)


def _desc(value, depth=0):
    """A value's kind: Tensors by shape/dtype, containers by their items, objects by class (public ones)."""
    if isinstance(value, Tensor):
        return ["Tensor", list(value.shape), str(value.dtype)]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return "float"
    if isinstance(value, (tuple, list)):
        if depth:
            return [type(value).__name__, len(value)]
        return [type(value).__name__, [_desc(v, 1) for v in value]]
    if isinstance(value, dict):
        return ["dict", sorted(value)]
    name = type(value).__name__
    return "<internal>" if name.startswith("_") else name


def _fields(cb):
    """Model's internal callbacks in list_callback differ by mode (PyNative adds one): only the user's are kept."""
    out = {k: _desc(v) for k, v in sorted(cb.items()) if k != "list_callback"}
    if "list_callback" in cb:
        cbs = cb["list_callback"]
        out["list_callback"] = [type(cbs).__name__, [type(c).__name__ for c in cbs
                                                     if not type(c).__name__.startswith("_")]]
    return out


class _Rec(Callback):
    """Records each 2.x hook with the counters; the full field description the first time a hook runs."""

    def __init__(self, log, fields=True, stop_at=None):
        super().__init__()
        self.log, self.fields, self.seen, self.stop_at = log, fields, set(), stop_at

    def _record(self, hook, run_context):
        cb = run_context.original_args()
        self.log.append([hook] + [cb.get(k, "-") for k in _COUNTERS])
        if self.fields and hook not in self.seen:
            self.seen.add(hook)
            self.log.append(_fields(cb))
        if self.stop_at == [hook, cb.get("cur_step_num")]:
            run_context.request_stop()
            self.log.append(["stop", run_context.get_stop_requested()])


for _hook in _HOOKS:
    setattr(_Rec, _hook, (lambda h: lambda self, rc: self._record(h, rc))(_hook))


def _parse(lines):
    """Printed lines with timings replaced and float values (losses, metrics) taken out to compare with tolerance."""
    out = []
    for line in lines:
        line = re.sub(r"\d+\.\d+ ms", "T ms", line)
        numbers = [float(n) for n in re.findall(r"-?\d+\.\d{4,}(?:e-?\d+)?", line)]
        out.append([re.sub(r"-?\d+\.\d{4,}(?:e-?\d+)?", "F", line), numbers])
    return out


def case_train_hooks_and_fields():
    log = []
    _model().train(2, _data(), callbacks=[_Rec(log)])
    return log


def case_train_list_callback():
    seen = []

    class _Probe(Callback):
        def on_train_begin(self, run_context):
            cbs = run_context.original_args().list_callback
            seen.append([type(cbs).__name__, [type(c).__name__ for c in cbs if not type(c).__name__.startswith("_")],
                         self in cbs])

    _model().train(1, _data(), callbacks=[LossMonitor(100), _Probe()])
    return seen


def case_train_initial_epoch():
    log = []
    _model().train(3, _data(), callbacks=[_Rec(log, fields=False)], initial_epoch=1)
    return log


def case_train_generator_dataset():
    log = []
    _model().train(1, _data(gen=True), callbacks=[_Rec(log)])
    return log


def _pynative():
    """Sink cases run under PyNative in both passes: there MindSpore's device sink and its CPU fallback agree on
    the steps callbacks see; under GRAPH_MODE a device sink is one callback step (unit-tested)."""
    ms.set_context(mode=ms.PYNATIVE_MODE)


def case_train_sink_whole_epoch_counters():
    _pynative()
    log = []
    _model().train(2, _data(), callbacks=[_Rec(log, fields=False)], dataset_sink_mode=True)
    return [row[:6] for row in log]  # the sink flag is device-dependent: not compared


def case_eval_hooks_and_fields():
    log = []
    result = _model().eval(_data(seed=1), callbacks=[_Rec(log)])
    return {"log": log, "keys": sorted(result)}


def case_fit_hooks_and_fields():
    log = []
    _model().fit(3, _data(), _data(seed=1), valid_frequency=2, callbacks=[_Rec(log)])
    return log


def case_fit_valid_frequency_list():
    log = []
    _model().fit(3, _data(n=4), _data(n=4, seed=1), valid_frequency=[1, 3], callbacks=[_Rec(log, fields=False)])
    return [row[0] for row in log if row[0] in ("on_eval_begin", "on_train_epoch_end")]


def case_stop_in_step_end():
    log = []
    _model().train(2, _data(), callbacks=[_Rec(log, fields=False, stop_at=["on_train_step_end", 2])])
    return log


def case_stop_in_step_begin():
    log = []
    _model().train(2, _data(), callbacks=[_Rec(log, fields=False, stop_at=["on_train_step_begin", 2])])
    return log


def case_stop_in_epoch_end():
    log = []
    _model().train(3, _data(), callbacks=[_Rec(log, fields=False, stop_at=["on_train_epoch_end", 4])])
    return log


def case_stop_in_eval_step():
    log = []
    result = _model().eval(_data(), callbacks=[_Rec(log, fields=False, stop_at=["on_eval_step_end", 2])])
    return {"log": log, "keys": sorted(result)}


def case_stop_in_fit_validation():
    log = []
    _model().fit(2, _data(), _data(), callbacks=[_Rec(log, fields=False, stop_at=["on_eval_step_end", 2])])
    return log


class _Both(Callback):
    def __init__(self, log):
        super().__init__()
        self.log = log

    def begin(self, rc):
        self.log.append(["begin", rc.original_args().mode])

    def step_end(self, rc):
        self.log.append(["step_end", rc.original_args().mode])

    def epoch_end(self, rc):
        self.log.append(["epoch_end", rc.original_args().mode])

    def on_train_step_end(self, rc):
        self.log.append(["on_train_step_end", rc.original_args().mode])

    def on_eval_begin(self, rc):
        self.log.append(["on_eval_begin", rc.original_args().mode])


def case_old_and_new_hooks_train():
    log = []
    _model().train(1, _data(n=4), callbacks=[_Both(log)])
    return log


def case_old_and_new_hooks_eval():
    log = []
    _model().eval(_data(n=4), callbacks=[_Both(log)])
    return log


def case_old_hooks_in_fit_raise():
    _model().fit(1, _data(n=4), _data(n=4), callbacks=[_Both([])])


class _Outputs(Callback):
    def __init__(self):
        super().__init__()
        self.seen = []

    def on_train_step_end(self, rc):
        self.seen.append(_desc(rc.original_args().net_outputs))

    def on_train_end(self, rc):
        cb = rc.original_args()
        self.seen.append([_desc(cb.loss_scale_mananger), type(cb.train_network).__name__])


def case_fixed_loss_scale_outputs():
    outs = _Outputs()
    manager = FixedLossScaleManager(128.0, drop_overflow_update=False)
    with captured_stdout() as lines:
        _model(loss_scale_manager=manager).train(1, _data(n=4), callbacks=[outs, LossMonitor()])
    return {"outputs": outs.seen, "printed": _parse(lines), "scale": manager.get_loss_scale()}


class _TupleStep(nn.TrainOneStepCell):
    def construct(self, x, y):
        loss = super().construct(x, y)
        return loss, ops.ones((2,), ms.float32)


def case_custom_step_tuple_outputs():
    net = _Net()
    step = _TupleStep(nn.WithLossCell(net, _loss()), nn.SGD(net.trainable_params(), 0.1))
    outs, history = _Outputs(), History()
    with captured_stdout() as lines:
        Model(step).train(1, _data(n=4), callbacks=[outs, LossMonitor(), history])
    return {"outputs": outs.seen, "printed": _parse(lines),
            "history": {k: [str(np.asarray(v).dtype) for v in vs] for k, vs in history.history.items()}}


def case_loss_monitor_train():
    history = History()
    with captured_stdout() as lines:
        _model().train(2, _data(), callbacks=[LossMonitor(3), TimeMonitor(), history])
    return {"printed": _parse(lines), "epoch": history.epoch,
            "net_output": [[str(v.dtype), float(v)] for v in history.history["net_output"]]}


def case_loss_monitor_fit():
    history = History()
    with captured_stdout() as lines:
        _model().fit(3, _data(), _data(seed=1), valid_frequency=2,
                     callbacks=[LossMonitor(2), TimeMonitor(data_time=True), history])
    return {"printed": _parse(lines), "epoch": history.epoch, "keys": sorted(history.history),
            "acc": [float(v) for v in history.history["acc"]]}


def case_loss_monitor_eval_tuple():
    with captured_stdout() as lines:
        result = _model().eval(_data(seed=1), callbacks=[LossMonitor(), TimeMonitor()])
    return {"printed": _parse(lines), "acc": float(result["acc"])}


def case_loss_monitor_initial_epoch():
    history = History()
    with captured_stdout() as lines:
        _model().train(3, _data(), callbacks=[LossMonitor(), TimeMonitor(), history], initial_epoch=1)
    return {"printed": _parse(lines), "epoch": history.epoch}


def case_loss_monitor_sink_whole_epoch():
    _pynative()
    with captured_stdout() as lines:
        _model().train(2, _data(), callbacks=[LossMonitor(), TimeMonitor()], dataset_sink_mode=True)
    return _parse(lines)


def case_lambda_callback_train_and_fit():
    log = []
    hooks = {h: (lambda h: lambda rc: log.append([h, rc.original_args().cur_step_num]))(h) for h in _HOOKS}
    _model().fit(1, _data(n=4), _data(n=4, seed=1), callbacks=[LambdaCallback(**hooks)])
    return log


def case_loss_monitor_reused_across_calls():
    monitor, model = LossMonitor(3), _model()
    with captured_stdout() as lines:
        model.train(1, _data(), callbacks=[monitor])
        model.train(2, _data(), callbacks=[monitor])
    return [line.split(",")[0] for line in lines]


def case_train_bad_initial_epoch():
    _model().train(2, _data(), initial_epoch=2)


def case_train_bad_epoch_type():
    _model().train(2.0, _data())


def case_train_bad_sink_flag():
    _model().train(1, _data(), dataset_sink_mode=1)


def case_train_bad_sink_size():
    _model().train(1, _data(), dataset_sink_mode=True, sink_size=0)


def case_fit_bad_valid_frequency():
    _model().fit(1, _data(), _data(), valid_frequency=1.5)


def case_fit_valid_without_metrics():
    _model(metrics=False).fit(1, _data(), _data())


def case_metrics_without_eval_network():
    Model(_Net(), metrics={"acc"})
