"""mindspore.train.Model: train / fit / eval / predict with MindSpore's callback protocol.

Mapping decisions:
- The train network is WithLossCell + TrainOneStepCell (or TrainOneStepWithLossScaleCell and mixed
  precision through `mindshim.amp.build_train_network` when amp_level/loss_scale_manager ask for it),
  or the user's network itself when loss_fn and optimizer are None.
- `dataset_sink_mode=True` has MindSpore's device semantics on every device, CPU included (where MindSpore
  itself falls back to non-sink training): an epoch is `sink_size` steps (the dataset size when -1), data
  continues across sinks; under GRAPH_MODE callbacks see one step per sink with `cur_step_num` advanced by
  the sink size, under PyNative one per step (see `dataset_helper.py`).
- Evaluation uses WithEvalCell(network, loss_fn) with eval indexes [0, 1, 2] (Loss metrics get the
  loss, others (logits, label)), exactly as MindSpore's Model updates metrics.
- cb_params carries the fields MindSpore 2.10 fills, hook by hook (`train/callback/_model_params.py`).
- A loss scale manager that drops overflowing updates is told each non-sink step's overflow flag.
"""
from __future__ import annotations

import copy
from typing import Any

import numpy as np
import torch

from mindshim._checkparam import check_bool, check_is_int, check_non_negative_int, check_positive_int
from mindshim.context import ParallelMode  # noqa: F401 - scripts import it from mindspore.train.model
from mindshim.nn.cell import Cell
from mindshim.nn.wrap.cell_wrapper import TrainOneStepCell, WithEvalCell, WithLossCell
from mindshim.train.callback import TimeMonitor
from mindshim.train.callback._callback import (
    BUILTIN_CALLBACK_NAMES, CallbackManager, InternalCallbackParam, RunContext, check_methods_for_custom_callbacks,
)
from mindshim.train.callback._model_params import enter_eval_in_fit, eval_params, leave_eval_in_fit, train_params
from mindshim.train.dataset_helper import DatasetHelper, connect_network_with_dataset
from mindshim.train.metrics import Loss, get_metric_fn
from mindshim.train.metrics._registry import get_metrics


class Model:
    """Model(network, loss_fn=None, optimizer=None, metrics=None, eval_network=None, eval_indexes=None,
    amp_level='O0', boost_level='O0', **kwargs)."""

    def __init__(self, network: Cell, loss_fn: Cell | None = None, optimizer: Cell | None = None,
                 metrics: Any = None, eval_network: Cell | None = None, eval_indexes: list | None = None,
                 amp_level: str = "O0", boost_level: str = "O0", **kwargs: Any) -> None:
        if not isinstance(network, Cell):
            raise TypeError(f"For 'Model', the 'network' must be a Cell, but got {type(network).__name__}.")
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._amp_level = amp_level
        self._boost_level = boost_level
        self._loss_scale_manager = kwargs.pop("loss_scale_manager", None)
        self._keep_bn_fp32 = kwargs.pop("keep_batchnorm_fp32", None)
        boost_config_dict = kwargs.pop("boost_config_dict", "")
        if "acc_level" in kwargs:
            self._boost_level = kwargs.pop("acc_level")
        self._metric_fns = get_metrics(metrics)
        if eval_indexes is not None and (not isinstance(eval_indexes, list) or len(eval_indexes) != 3):
            raise ValueError(f"For 'Model', 'eval_indexes' must be a list of 3 ints, but got {eval_indexes!r}.")
        self._parallel_mode, self._device_number, self._parameter_broadcast = _parallel_settings()
        eval_network = self._build_boost_network(metrics, eval_network, boost_config_dict)
        self._train_network = self._build_train_network()
        self._eval_network, self._eval_indexes = self._build_eval_network(eval_network, eval_indexes)
        self._predict_network = self._network

    def _build_boost_network(self, metrics: Any, eval_network: Cell | None, boost_config_dict: Any) -> Cell | None:
        """MindSpore's AutoBoost rewrite (boost_level O1/O2 with an optimizer and metrics or eval_network); the
        AutoBoost singleton is made by the first Model, whatever its level."""
        from mindshim.boost import AutoBoost
        processor = AutoBoost(self._boost_level, boost_config_dict)
        if processor.level not in ("O1", "O2") or self._optimizer is None or (eval_network is None and metrics is None):
            return eval_network
        self._network, self._optimizer = processor.network_auto_process_train(self._network, self._optimizer)
        return processor.network_auto_process_eval(eval_network) if eval_network is not None else None

    # ----- networks -----
    def _build_train_network(self) -> Cell:
        if self._optimizer is None:
            if self._loss_fn is not None:
                return WithLossCell(self._network, self._loss_fn)
            return self._network
        if self._amp_level != "O0" or self._loss_scale_manager is not None or self._boost_level != "O0":
            from mindshim import amp
            kwargs = {"loss_scale_manager": self._loss_scale_manager} if self._loss_scale_manager else {}
            if self._keep_bn_fp32 is not None:
                kwargs["keep_batchnorm_fp32"] = self._keep_bn_fp32
            return amp.build_train_network(self._network, self._optimizer, self._loss_fn, level=self._amp_level,
                                           boost_level=self._boost_level, **kwargs)
        if self._loss_fn is None:
            return TrainOneStepCell(self._network, self._optimizer)
        return TrainOneStepCell(WithLossCell(self._network, self._loss_fn), self._optimizer)

    def _broadcast_parameters(self) -> None:
        """parameter_broadcast=True (DATA/HYBRID_PARALLEL): rank 0's weights replace every rank's before training,
        where MindSpore broadcasts them when it compiles the train network (other modes ignore the flag there)."""
        if self._parameter_broadcast and self._parallel_mode in ("data_parallel", "hybrid_parallel"):
            from mindshim._backend import grad_reduce
            grad_reduce.broadcast_(list(self._train_network.get_parameters()), src=0)

    def _build_eval_network(self, eval_network: Cell | None, eval_indexes: list | None) -> tuple[Any, Any]:
        if eval_network is not None:
            return eval_network, eval_indexes
        if self._loss_fn is None:
            if self._metric_fns:
                raise ValueError("If `metrics` is set, `eval_network` must not be None. Do not set `metrics` if you "
                                 "don't want an evaluation; otherwise give `eval_network` or `loss_fn`.")
            return None, None
        return WithEvalCell(self._network, self._loss_fn, self._amp_level in ("O2", "O3", "auto")), [0, 1, 2]

    @property
    def train_network(self) -> Cell:
        return self._train_network

    @property
    def eval_network(self) -> Cell | None:
        return self._eval_network

    @property
    def predict_network(self) -> Cell:
        return self._predict_network

    # ----- training -----
    def train(self, epoch: int, train_dataset: Any, callbacks: Any = None, dataset_sink_mode: bool = False,
              sink_size: int = -1, initial_epoch: int = 0) -> None:
        sink_size = self._check_train_args("Model.train", epoch, train_dataset, dataset_sink_mode, sink_size,
                                           initial_epoch)
        if callbacks:
            check_methods_for_custom_callbacks(callbacks, "train")
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch, None)

    def fit(self, epoch: int, train_dataset: Any, valid_dataset: Any = None, valid_frequency: Any = 1,
            callbacks: Any = None, dataset_sink_mode: bool = False, valid_dataset_sink_mode: bool = False,
            sink_size: int = -1, initial_epoch: int = 0) -> None:
        check_bool(valid_dataset_sink_mode, "valid_dataset_sink_mode", "Model.fit")
        sink_size = self._check_train_args("Model.fit", epoch, train_dataset, dataset_sink_mode, sink_size,
                                           initial_epoch)
        if isinstance(valid_frequency, bool) or not isinstance(valid_frequency, (int, list)):
            raise TypeError(f"For 'Model.fit', the type of 'valid_frequency' must be a list or an integer, but got "
                            f"type {type(valid_frequency)}.")
        if valid_dataset is not None and not self._metric_fns:
            raise ValueError("For 'Model.fit', if valid_dataset is not None, the model argument 'metrics' can not be"
                             "None or empty, you should set the argument 'metrics' for model.")
        if callbacks:
            check_methods_for_custom_callbacks(callbacks, "fit")
        valid = (valid_dataset, valid_frequency) if valid_dataset is not None else None
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch, valid)

    @staticmethod
    def _check_train_args(api: str, epoch: Any, dataset: Any, sink: Any, sink_size: Any, initial_epoch: Any) -> int:
        """MindSpore's argument checks; returns sink_size with -1 resolved to the dataset size."""
        check_bool(sink, "dataset_sink_mode", api)
        check_is_int(sink_size, "sink_size", api)
        check_positive_int(epoch, "epoch", api)
        check_non_negative_int(initial_epoch, "initial_epoch", api)
        if initial_epoch >= epoch:
            raise ValueError(f"For '{api}', the parameter 'epoch' must bigger than parameter 'initial_epoch', but "
                             f"got the parameter 'epoch' is {epoch}, 'initial_epoch' is {initial_epoch}.")
        dataset_size = dataset.get_dataset_size()
        if dataset_size == 0:
            raise ValueError("There is no valid data in dataset, please check dataset file firstly.")
        if sink_size == -1:
            sink_size = dataset_size
        if sink_size < -1 or sink_size == 0:
            raise ValueError(f"For '{api}', The argument 'sink_size' must be -1 or positive, but got {sink_size}.")
        return sink_size

    def _train(self, epoch: int, dataset: Any, callbacks: Any, sink: bool, sink_size: int, initial_epoch: int,
               valid: tuple | None) -> None:
        self._broadcast_parameters()
        cb = train_params(self, epoch, dataset, callbacks, sink, sink_size, initial_epoch)
        with CallbackManager(cb.list_callback) as manager:
            if sink:
                helper = DatasetHelper(dataset, True, sink_size, epoch - initial_epoch)
                try:
                    self._train_sink_loop(helper, epoch, cb, manager, initial_epoch, valid)
                finally:
                    helper.release()  # stops sink-mode prefetching
            else:
                self._train_loop(epoch, dataset, cb, manager, initial_epoch, valid)

    def _train_loop(self, epoch: int, dataset: Any, cb: InternalCallbackParam, manager: CallbackManager,
                    initial_epoch: int, valid: tuple | None) -> None:
        helper = DatasetHelper(dataset, False, epoch_num=epoch)
        net = self._train_network
        net.set_train(True)
        cb.dataset_sink_mode = False
        run_context = RunContext(cb)
        manager.on_train_begin(run_context)
        for i in range(initial_epoch, epoch):
            cb.cur_epoch_num = i + 1
            manager.on_train_epoch_begin(run_context)
            for inputs in helper:
                if self._loss_fn is not None and len(inputs) != 2:
                    raise ValueError("When 'loss_fn' is not None, 'train_dataset' should return two elements, but "
                                     f"got {len(inputs)}, please check the number of elements returned by "
                                     "'train_dataset'")
                cb.cur_step_num += 1
                cb.train_dataset_element = list(inputs)
                manager.on_train_step_begin(run_context)
                net.set_train(True)
                cb.net_outputs = net(*inputs)
                self._update_loss_scale(cb.net_outputs)
                manager.on_train_step_end(run_context)
                if run_context.get_stop_requested():
                    break
            if self._end_epoch(cb, manager, run_context, valid):
                break
        manager.on_train_end(run_context)

    def _train_sink_loop(self, helper: DatasetHelper, epoch: int, cb: InternalCallbackParam,
                         manager: CallbackManager, initial_epoch: int, valid: tuple | None) -> None:
        """MindSpore's device sink loop: under GRAPH_MODE one callback step per sink (the step counter advances
        by the sink size), under PyNative one per step; the stop request is honoured at epoch ends only."""
        net = connect_network_with_dataset(self._train_network, helper)
        net.set_train(True)
        cb.sink_size = helper.sink_size()
        cb.dataset_sink_mode = True
        run_context = RunContext(cb)
        manager.on_train_begin(run_context)
        for i in range(initial_epoch, epoch):
            cb.cur_epoch_num = i + 1
            manager.on_train_epoch_begin(run_context)
            cb.train_network = net
            cb.dataset_helper = helper
            for inputs in helper:
                cb.cur_step_num += helper.steps_per_call()
                cb.train_dataset_element = inputs
                manager.on_train_step_begin(run_context)
                cb.net_outputs = net(*inputs)
                manager.on_train_step_end(run_context)
            if self._end_epoch(cb, manager, run_context, valid):
                break
        manager.on_train_end(run_context)

    def _end_epoch(self, cb: InternalCallbackParam, manager: CallbackManager, run_context: RunContext,
                   valid: tuple | None) -> bool:
        """Validation (fit), on_train_epoch_end, then whether a stop was requested."""
        if valid is not None and _should_eval(cb.cur_epoch_num, valid[1]):
            self._validate(valid[0], cb, manager)
        manager.on_train_epoch_end(run_context)
        cb.pop("metrics", None)
        cb.pop("eval_results", None)
        return run_context.get_stop_requested()

    def _update_loss_scale(self, outputs: Any) -> None:
        """As MindSpore's host loop: a manager that drops overflowing updates learns each step's overflow flag."""
        manager = self._loss_scale_manager
        if manager is not None and manager.get_drop_overflow_update():
            manager.update_loss_scale(bool(np.all(outputs[1].asnumpy())))

    def _validate(self, dataset: Any, cb: InternalCallbackParam, manager: CallbackManager) -> None:
        """Validation inside fit, as MindSpore runs it: on the training cb_params (restored after), with the
        user's callbacks and TimeMonitor only (the other built-in callbacks sit validation out)."""
        eval_callbacks = [c for c in manager.callbacks
                          if type(c).__name__ not in BUILTIN_CALLBACK_NAMES or isinstance(c, TimeMonitor)]
        saved = enter_eval_in_fit(self, cb, dataset)
        for metric in self._metric_fns.values():
            metric.clear()
        with CallbackManager(eval_callbacks) as eval_manager:
            self._eval_process(dataset, eval_manager, cb, add_eval_loss=True)
        leave_eval_in_fit(cb, saved)
        self._train_network.set_train(True)

    # ----- evaluation -----
    def eval(self, valid_dataset: Any, callbacks: Any = None, dataset_sink_mode: bool = False) -> dict:
        check_bool(dataset_sink_mode, "dataset_sink_mode", "Model.eval")
        if not self._metric_fns:
            raise ValueError("For Model.eval, the model argument 'metrics' can not be None or empty, "
                             "you should set the argument 'metrics' for model.")
        if callbacks:
            check_methods_for_custom_callbacks(callbacks, "eval")
        cb = eval_params(self, valid_dataset, callbacks)
        for metric in self._metric_fns.values():
            metric.clear()
        with CallbackManager(callbacks) as manager:
            return self._eval_process(valid_dataset, manager, cb)

    def _eval_process(self, dataset: Any, manager: CallbackManager, cb: InternalCallbackParam,
                      add_eval_loss: bool = False) -> dict:
        eval_loss = get_metric_fn("loss") if add_eval_loss else None
        run_context = RunContext(cb)
        cb.dataset_sink_mode = False
        manager.on_eval_begin(run_context)
        manager.on_eval_epoch_begin(run_context)
        self._eval_network.set_train(False)
        with torch.no_grad():
            self._eval_steps(dataset, manager, cb, run_context, eval_loss)
        manager.on_eval_epoch_end(run_context)
        metrics = {name: _python_scalar(m.eval()) for name, m in self._metric_fns.items()}
        cb.metrics = metrics
        if eval_loss is not None:
            cb.eval_results = copy.deepcopy(metrics)
            cb.eval_results["eval_loss"] = eval_loss.eval()
        manager.on_eval_end(run_context)
        return metrics

    def _eval_steps(self, dataset: Any, manager: CallbackManager, cb: InternalCallbackParam, run_context: RunContext,
                    eval_loss: Any) -> None:
        for inputs in dataset.create_tuple_iterator(num_epochs=1):
            cb.cur_step_num += 1
            cb.eval_dataset_element = list(inputs)
            manager.on_eval_step_begin(run_context)
            outputs = self._eval_network(*inputs)
            cb.net_outputs = outputs
            manager.on_eval_step_end(run_context)
            self._update_metrics(outputs)
            if eval_loss is not None:
                eval_loss.update(outputs[self._eval_indexes[0]])
            if run_context.get_stop_requested():
                break

    def _update_metrics(self, outputs: Any) -> None:
        if not isinstance(outputs, tuple):
            outputs = (outputs,)
        if self._eval_indexes is not None and len(outputs) < 3:
            raise ValueError(f"The length of 'outputs' must be >= 3, but got {len(outputs)}")
        for metric in self._metric_fns.values():
            if self._eval_indexes is None:
                metric.update(*outputs)
            elif isinstance(metric, Loss):
                metric.update(outputs[self._eval_indexes[0]])
            else:
                metric.update(outputs[self._eval_indexes[1]], outputs[self._eval_indexes[2]])

    # ----- inference -----
    def predict(self, *predict_data: Any, backend: Any = None, config: Any = None) -> Any:
        self._predict_network.set_train(False)
        with torch.no_grad():
            return self._predict_network(*predict_data)

    def infer_train_layout(self, *args: Any, **kwargs: Any) -> dict:
        return {}

    def infer_predict_layout(self, *args: Any, **kwargs: Any) -> dict:
        return {}

    def build(self, *args: Any, **kwargs: Any) -> None:
        """MindSpore pre-compiles graphs here; the engine compiles on first use."""


def _parallel_settings() -> tuple[str, int, bool]:
    from mindshim.parallel._utils import (
        _device_number_check, _get_device_num, _get_parallel_mode, _get_parameter_broadcast,
    )
    mode, device_number = _get_parallel_mode(), _get_device_num()
    _device_number_check(mode, device_number)
    return mode, device_number, _get_parameter_broadcast()


def _should_eval(epoch: int, frequency: Any) -> bool:
    return epoch % frequency == 0 if isinstance(frequency, int) else epoch in frequency


def _python_scalar(value: Any) -> Any:
    """numpy scalars print as `np.float64(0.9)` under numpy 2; MindSpore (on numpy 1) prints `0.9`."""
    return value.item() if isinstance(value, np.generic) else value


__all__ = ["Model"]
