"""Training callbacks (History, EarlyStopping, ReduceLROnPlateau, ModelCheckpoint, ...), dataset helpers, export
argument errors and the top-level RNG/memory/dtype helpers, each on a tiny fixed Model.train run or a direct call."""
import os
import tempfile

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor, nn, train
from mindspore.train import (BackupAndRestore, CheckpointConfig, DatasetHelper, EarlyStopping, History,
                             LambdaCallback, LearningRateScheduler, Model, ModelCheckpoint, OnRequestExit,
                             ReduceLROnPlateau, RunContext, TimeMonitor)
from parity_ops_common import error_name

COMPILED_PASS = False

TOLERANCES = {
    "history": {"rtol": 1e-5, "atol": 1e-6, "why": "losses of a float32 training run"},
}


def _net():
    net = nn.Dense(2, 1)
    net.weight.set_data(Tensor(np.array([[0.5, -0.3]], np.float32)))
    net.bias.set_data(Tensor(np.array([0.1], np.float32)))
    return net


def _data():
    rng = np.random.RandomState(0)
    x = rng.randn(8, 2).astype(np.float32)
    y = (x @ np.array([[1.0], [2.0]], np.float32)).astype(np.float32)
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)


def _model(lr=0.01):
    net = _net()
    opt = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
    return Model(net, nn.MSELoss(), opt), opt


def _err(fn):
    """The exception type fn() raises, or "no error" (for calls that return no tensor)."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _lr(opt):
    return float(opt.get_lr().asnumpy())


def case_history():
    model, _ = _model()
    hist = History()
    model.train(2, _data(), callbacks=[hist], dataset_sink_mode=False)
    return {"epoch": hist.epoch, "keys": sorted(hist.history),
            "loss": [float(v) for v in hist.history["net_output"]] if "net_output" in hist.history else None,
            "n": {k: len(v) for k, v in hist.history.items()}}


def case_early_stopping_loss():
    model, _ = _model()
    stop = EarlyStopping(monitor="loss", min_delta=100.0, patience=1)
    seen = []
    model.train(5, _data(), callbacks=[stop, LambdaCallback(
        on_train_epoch_end=lambda rc: seen.append(rc.original_args().cur_epoch_num))], dataset_sink_mode=False)
    return {"epochs_run": seen, "stopped_epoch": int(stop.stopped_epoch), "wait": int(stop.wait)}


def case_early_stopping_bad_mode():
    return _err(lambda: EarlyStopping(monitor="loss", mode="bad"))


def case_early_stopping_bad_monitor_type():
    return _err(lambda: EarlyStopping(monitor=1))


def case_reduce_lr_on_plateau():
    model, opt = _model(lr=0.01)
    cb = ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=100.0)
    model.train(3, _data(), callbacks=[cb], dataset_sink_mode=False)
    return {"lr": _lr(opt)}


def case_reduce_lr_on_plateau_bad_factor():
    return _err(lambda: ReduceLROnPlateau(monitor="loss", factor=1.5))


def case_learning_rate_scheduler():
    model, opt = _model(lr=0.01)
    cb = LearningRateScheduler(lambda lr, step: lr * 0.5 if step % 2 == 0 else lr)
    model.train(2, _data(), callbacks=[cb], dataset_sink_mode=False)
    return {"lr": _lr(opt)}


def case_model_checkpoint_files():
    tmp = tempfile.mkdtemp()
    model, _ = _model()
    cfg = CheckpointConfig(save_checkpoint_steps=1, keep_checkpoint_max=2)
    ckpt = ModelCheckpoint(prefix="net", directory=tmp, config=cfg)
    model.train(2, _data(), callbacks=[ckpt], dataset_sink_mode=False)
    files = sorted(f for f in os.listdir(tmp) if f.endswith(".ckpt"))
    loaded = ms.load_checkpoint(os.path.join(tmp, files[-1]))
    return {"files": files, "latest": os.path.basename(ckpt.latest_ckpt_file_name),
            "params": sorted(k for k in loaded if not k.startswith("moments") and k in ("weight", "bias"))}


def case_checkpoint_config_fields():
    cfg = CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=4)
    return {"steps": cfg.save_checkpoint_steps, "max": cfg.keep_checkpoint_max,
            "seconds": cfg.save_checkpoint_seconds, "minutes": cfg.keep_checkpoint_per_n_minutes,
            "integrated": cfg.integrated_save}


def case_checkpoint_config_bad_steps():
    return _err(lambda: CheckpointConfig(save_checkpoint_steps=-1))


def case_model_checkpoint_bad_config():
    return _err(lambda: ModelCheckpoint(prefix="net", directory=tempfile.mkdtemp(), config="cfg"))


def case_lambda_callback_counts():
    counts = {"begin": 0, "epoch_end": 0, "step_end": 0, "end": 0}

    def bump(key):
        def f(_rc):
            counts[key] += 1
        return f
    cb = LambdaCallback(on_train_begin=bump("begin"), on_train_epoch_end=bump("epoch_end"),
                        on_train_step_end=bump("step_end"), on_train_end=bump("end"))
    model, _ = _model()
    model.train(2, _data(), callbacks=[cb], dataset_sink_mode=False)
    return counts


def case_run_context_fields():
    steps = []
    cb = LambdaCallback(on_train_step_end=lambda rc: steps.append(
        [rc.original_args().cur_epoch_num, rc.original_args().cur_step_num, rc.original_args().batch_num,
         rc.original_args().epoch_num]))
    model, _ = _model()
    model.train(2, _data(), callbacks=[cb], dataset_sink_mode=False)
    return steps


def case_run_context_direct():
    rc = RunContext({"a": 1, "b": "x"})
    before = rc.get_stop_requested()
    rc.request_stop()
    return {"a": rc.original_args()["a"], "before": before, "after": rc.get_stop_requested()}


def case_run_context_bad_arg():
    return _err(lambda: RunContext([1, 2]))


def case_time_monitor_construct():
    TimeMonitor()
    TimeMonitor(data_size=2, data_time=True)
    return "ok"


def case_time_monitor_bad_data_time():
    return _err(lambda: TimeMonitor(data_time=1))


def case_on_request_exit_construct():
    cb = OnRequestExit(save_ckpt=False, save_mindir=False, file_name="n", directory=tempfile.mkdtemp())
    return {"save_ckpt": cb.save_ckpt, "save_mindir": cb.save_mindir}


def case_on_request_exit_bad_save_ckpt():
    return _err(lambda: OnRequestExit(save_ckpt=1))


def case_on_request_exit_bad_file_name():
    return _err(lambda: OnRequestExit(file_name=1))


def case_backup_and_restore_construct():
    tmp = tempfile.mkdtemp()
    cb = BackupAndRestore(tmp, save_freq=1, delete_checkpoint=False)
    return os.path.basename(cb.backup_file)


def case_backup_and_restore_bad_freq():
    return _err(lambda: BackupAndRestore(tempfile.mkdtemp(), save_freq="step"))


def case_backup_and_restore_bad_delete():
    return _err(lambda: BackupAndRestore(tempfile.mkdtemp(), delete_checkpoint=1))


def case_dataset_helper_no_sink():
    helper = DatasetHelper(_data(), dataset_sink_mode=False)
    batches = [[list(t.shape) for t in b] for b in helper]
    return {"batches": batches, "columns": len(batches[0])}


def case_connect_network_with_dataset_sink_cpu():
    return _err(lambda: train.connect_network_with_dataset(_net(), DatasetHelper(_data(), dataset_sink_mode=True)))


def case_model_train_sink_cpu():
    model, _ = _model()
    return _err(lambda: model.train(1, _data(), dataset_sink_mode=True))


def case_dataset_helper_sink_cpu():
    return _err(lambda: [b for b in DatasetHelper(_data(), dataset_sink_mode=True)])


def case_data_sink_cpu():
    net = _net()
    return _err(lambda: train.data_sink(lambda x, y: net(x), _data(), sink_size=1)())


def case_export_missing_net():
    return _err(lambda: ms.export())


def case_export_split_mindir_missing_file_name():
    return _err(lambda: train.export_split_mindir())


def case_rng_state_round_trip():
    ms.default_generator.manual_seed(7)
    state = ms.get_rng_state()
    ms.default_generator.manual_seed(9)
    changed = not np.array_equal(ms.get_rng_state().asnumpy(), state.asnumpy())
    ms.set_rng_state(state)
    return {"changed": changed, "restored": bool(np.array_equal(ms.get_rng_state().asnumpy(), state.asnumpy())),
            "seed": ms.default_generator.initial_seed(), "dtype": str(state.dtype)}


def case_default_generator_state():
    gen = ms.default_generator
    gen.manual_seed(3)
    state = gen.get_state()
    gen.seed()
    gen.set_state(state)
    return {"restored": bool(np.array_equal(gen.get_state().asnumpy(), state.asnumpy())),
            "is_generator": isinstance(gen, ms.Generator), "initial_seed": gen.initial_seed(),
            "seed_type": type(gen.seed()).__name__}


def case_set_rng_state_bad():
    return _err(lambda: ms.set_rng_state([1, 2]))


def case_dtype_to_pytype():
    names = ["float32", "float16", "float64", "int32", "int64", "uint8", "bool_", "complex64"]
    return {n: ms.dtype_to_pytype(getattr(ms, n)).__name__ for n in names}


def case_jit_class_used():
    @ms.jit_class
    class Scale:
        def __init__(self):
            self.k = 3.0

        def apply(self, x):
            return x * self.k

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.s = Scale()

        def construct(self, x):
            return self.s.apply(x) + 1

    return Net()(Tensor(np.array([1.0, 2.0], np.float32))).asnumpy()


def case_reset_max_memory():
    return {"allocated": repr(ms.reset_max_memory_allocated()), "reserved": repr(ms.reset_max_memory_reserved())}
