"""mindspore.train.Model: train / fit / eval / predict with MindSpore's callback protocol.

Mapping decisions:
- The train network is WithLossCell + TrainOneStepCell (or TrainOneStepWithLossScaleCell and mixed
  precision through `mindshim.amp.build_train_network` when amp_level/loss_scale_manager ask for it),
  or the user's network itself when loss_fn and optimizer are None.
- `dataset_sink_mode=True` has MindSpore's semantics on every device, CPU included: an epoch is
  `sink_size` steps (the dataset size when -1), data continues across sinks, and callbacks see one
  step per sink with `cur_step_num` advanced by the sink size (see `dataset_helper.py`).
- Evaluation uses WithEvalCell(network, loss_fn) with eval indexes [0, 1, 2] (Loss metrics get the
  loss, others (logits, label)), exactly as MindSpore's Model updates metrics.
- cb_params carries the fields MindSpore 2.10 fills (listed in `train/callback/_callback.py`).
"""
from __future__ import annotations

import copy
from typing import Any

import numpy as np
import torch

from mindshim import context
from mindshim.context import ParallelMode  # noqa: F401 - scripts import it from mindspore.train.model
from mindshim.nn.cell import Cell
from mindshim.nn.wrap.cell_wrapper import TrainOneStepCell, WithEvalCell, WithLossCell
from mindshim.train.callback import TimeMonitor
from mindshim.train.callback._callback import (
    BUILTIN_CALLBACK_NAMES, CallbackManager, InternalCallbackParam, RunContext, check_methods_for_custom_callbacks,
)
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
        self._metric_fns = get_metrics(metrics)
        if eval_indexes is not None and (not isinstance(eval_indexes, list) or len(eval_indexes) != 3):
            raise ValueError(f"For 'Model', 'eval_indexes' must be a list of 3 ints, but got {eval_indexes!r}.")
        self._parallel_mode, self._device_number, self._parameter_broadcast = _parallel_settings()
        self._train_network = self._build_train_network()
        self._eval_network, self._eval_indexes = self._build_eval_network(eval_network, eval_indexes)
        self._predict_network = network

    # ----- networks -----
    def _build_train_network(self) -> Cell:
        if self._optimizer is None:
            if self._loss_fn is not None:
                return WithLossCell(self._network, self._loss_fn)
            return self._network
        if self._amp_level != "O0" or self._loss_scale_manager is not None:
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
    def _cb_params(self, dataset: Any, epoch: int, sink: bool, callbacks: CallbackManager) -> InternalCallbackParam:
        cb = InternalCallbackParam()
        cb.train_network = self._train_network
        cb.network = self._network
        cb.loss_fn = self._loss_fn
        cb.optimizer = self._optimizer
        cb.train_dataset = dataset
        cb.epoch_num = epoch
        cb.dataset_sink_mode = sink
        cb.mode = "train"
        cb.parallel_mode = context.get_auto_parallel_context("parallel_mode")
        cb.device_number = self._device_number
        cb.list_callback = callbacks
        cb.last_save_ckpt_step = None
        cb.latest_ckpt_file = None
        cb.loss_scale_mananger = self._loss_scale_manager
        cb.net_outputs = None
        return cb

    def train(self, epoch: int, train_dataset: Any, callbacks: Any = None, dataset_sink_mode: bool = False,
              sink_size: int = -1, initial_epoch: int = 0) -> None:
        self._check_epochs(epoch, initial_epoch, sink_size)
        manager = CallbackManager(callbacks)
        if callbacks:
            check_methods_for_custom_callbacks(callbacks, "train")
        with manager:
            cb = self._cb_params(train_dataset, epoch, dataset_sink_mode, manager)
            self._train(epoch, train_dataset, cb, manager, dataset_sink_mode, sink_size, initial_epoch)

    def _check_epochs(self, epoch: int, initial_epoch: int, sink_size: int) -> None:
        if not isinstance(epoch, int) or epoch <= 0:
            raise ValueError(f"For 'Model.train', 'epoch' must be a positive int, but got {epoch!r}.")
        if not isinstance(initial_epoch, int) or not 0 <= initial_epoch < epoch:
            raise ValueError(f"For 'Model.train', 'initial_epoch' must be in [0, {epoch}), but got {initial_epoch!r}.")
        if not isinstance(sink_size, int) or (sink_size <= 0 and sink_size != -1):
            raise ValueError(f"For 'Model.train', 'sink_size' must be -1 or positive, but got {sink_size!r}.")

    def _train(self, epoch: int, dataset: Any, cb: InternalCallbackParam, manager: CallbackManager, sink: bool,
               sink_size: int, initial_epoch: int, valid: tuple | None = None) -> None:
        self._broadcast_parameters()
        helper = DatasetHelper(dataset, sink, sink_size, epoch - initial_epoch)
        try:
            self._train_loop(helper, epoch, dataset, cb, manager, sink, initial_epoch, valid)
        finally:
            helper.release()  # stops sink-mode prefetching

    def _train_loop(self, helper: DatasetHelper, epoch: int, dataset: Any, cb: InternalCallbackParam,
                    manager: CallbackManager, sink: bool, initial_epoch: int, valid: tuple | None) -> None:
        net = connect_network_with_dataset(self._train_network, helper) if sink else self._train_network
        cb.batch_num = helper.sink_size() if sink else dataset.get_dataset_size()
        cb.cur_epoch_num = initial_epoch
        cb.cur_step_num = initial_epoch * cb.batch_num
        cb.initial_step = cb.cur_step_num
        run_context = RunContext(cb)
        self._train_network.set_train(True)
        manager.on_train_begin(run_context)
        for _ in range(initial_epoch, epoch):
            cb.cur_epoch_num += 1
            manager.on_train_epoch_begin(run_context)
            for inputs in helper:
                cb.train_dataset_element = None if sink else list(inputs)
                manager.on_train_step_begin(run_context)
                cb.net_outputs = net(*inputs)
                cb.cur_step_num += cb.batch_num if sink else 1
                manager.on_train_step_end(run_context)
                if run_context.get_stop_requested():
                    break
            if valid is not None and (cb.cur_epoch_num - initial_epoch) % valid[1] == 0:
                self._validate(valid, cb, manager)
            manager.on_train_epoch_end(run_context)
            cb.pop("metrics", None)
            if run_context.get_stop_requested():
                break
        manager.on_train_end(run_context)

    def fit(self, epoch: int, train_dataset: Any, valid_dataset: Any = None, valid_frequency: int = 1,
            callbacks: Any = None, dataset_sink_mode: bool = False, valid_dataset_sink_mode: bool = False,
            sink_size: int = -1, initial_epoch: int = 0) -> None:
        self._check_epochs(epoch, initial_epoch, sink_size)
        if not isinstance(valid_frequency, int) or valid_frequency <= 0:
            raise ValueError(f"For 'Model.fit', 'valid_frequency' must be a positive int, but got {valid_frequency!r}.")
        manager = CallbackManager(callbacks)
        if callbacks:
            check_methods_for_custom_callbacks(callbacks, "fit")
        with manager:
            cb = self._cb_params(train_dataset, epoch, dataset_sink_mode, manager)
            valid = (valid_dataset, valid_frequency) if valid_dataset is not None else None
            self._train(epoch, train_dataset, cb, manager, dataset_sink_mode, sink_size, initial_epoch, valid)

    def _validate(self, valid: tuple, cb: InternalCallbackParam, manager: CallbackManager) -> None:
        """Validation inside fit, as MindSpore runs it: on the training cb_params (restored after), with the
        user's callbacks and TimeMonitor only (the other built-in callbacks sit validation out)."""
        saved = {k: cb.get(k) for k in ("cur_step_num", "batch_num", "dataset_sink_mode", "net_outputs")}
        eval_callbacks = [c for c in manager.callbacks
                          if type(c).__name__ not in BUILTIN_CALLBACK_NAMES or isinstance(c, TimeMonitor)]
        cb.mode = "eval"
        cb.cur_step_num = 0
        cb.batch_num = valid[0].get_dataset_size()
        metrics = self._eval_process(valid[0], CallbackManager(eval_callbacks), cb, add_eval_loss=True)
        cb.metrics = metrics
        cb.mode = "train"
        cb.update(saved)
        self._train_network.set_train(True)

    # ----- evaluation -----
    def eval(self, valid_dataset: Any, callbacks: Any = None, dataset_sink_mode: bool = False) -> dict:
        if self._eval_network is None or not self._metric_fns:
            raise ValueError("For 'Model.eval', 'metrics' must be set and 'loss_fn' or 'eval_network' given.")
        manager = CallbackManager(callbacks)
        if callbacks:
            check_methods_for_custom_callbacks(callbacks, "eval")
        with manager:
            cb = InternalCallbackParam()
            cb.eval_network = self._eval_network
            cb.valid_dataset = valid_dataset
            cb.batch_num = valid_dataset.get_dataset_size()
            cb.cur_step_num = 0
            cb.cur_epoch_num = 0
            cb.mode = "eval"
            cb.list_callback = manager
            cb.network = self._network
            cb.metrics = self._metric_fns
            return self._eval_process(valid_dataset, manager, cb)

    def _eval_process(self, dataset: Any, manager: CallbackManager, cb: InternalCallbackParam,
                      add_eval_loss: bool = False) -> dict:
        for metric in self._metric_fns.values():
            metric.clear()
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


def _python_scalar(value: Any) -> Any:
    """numpy scalars print as `np.float64(0.9)` under numpy 2; MindSpore (on numpy 1) prints `0.9`."""
    return value.item() if isinstance(value, np.generic) else value


__all__ = ["Model"]
