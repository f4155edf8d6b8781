"""The cb_params Model hands callbacks, field for field as MindSpore 2.10 fills them (checked by running it).

Training (`train_params`): the fields exist from `on_train_begin` on, except `cur_epoch_num` (set at each
epoch begin), `net_outputs` (after the first step) and, in sink mode, `sink_size` and `dataset_helper`.
`cur_step_num` is advanced *before* `on_train_step_begin`, so a step's begin and end hooks see the same
number. `epoch_num` is `epoch - initial_epoch` and the step counter starts at 0 even when `initial_epoch`
is not 0; `initial_step` is None. `list_callback` is a plain list: Model's own internal callbacks
(`_StepSync` under PyNative, `_FrameworkProfilerCallback`) followed by the user's.

Evaluation (`eval_params`): no `cur_epoch_num` (LossMonitor then prints epoch 1), `metrics` only once the
last step has run (the dict of results, before `on_eval_end`).
"""
from __future__ import annotations

from typing import Any

from mindshim import context
from mindshim.train.callback._callback import Callback, InternalCallbackParam


class _StepSync(Callback):
    """MindSpore waits for the device at each PyNative step end; torch's host loop needs no extra wait."""

    @staticmethod
    def step_end(run_context: Any) -> None:
        return None


class _FrameworkProfilerCallback(Callback):
    """MindSpore marks profiler step boundaries here; mindshim's profiler does not use them."""

    def step_begin(self, run_context: Any) -> None:
        return None

    def step_end(self, run_context: Any) -> None:
        return None


def as_list(callbacks: Any) -> list:
    """MindSpore's `_transform_callbacks`: None -> [], an iterable -> list, one callback -> [it]."""
    if callbacks is None:
        return []
    if isinstance(callbacks, (list, tuple)):
        return list(callbacks)
    return [callbacks]


def train_params(model: Any, epoch: int, dataset: Any, callbacks: Any, sink: bool, sink_size: int,
                 initial_epoch: int) -> InternalCallbackParam:
    cb = InternalCallbackParam()
    cb.cur_step_num = 0
    cb.train_network = model.train_network
    cb.epoch_num = epoch - initial_epoch
    cb.batch_num = sink_size if sink and sink_size > 0 else dataset.get_dataset_size()
    cb.mode = "train"
    cb.loss_fn = model._loss_fn
    cb.optimizer = model._optimizer
    cb.parallel_mode = model._parallel_mode
    cb.device_number = model._device_number
    cb.train_dataset = dataset
    internal: list = [_FrameworkProfilerCallback()]
    if not context.is_graph_mode():
        internal.insert(0, _StepSync())
    cb.list_callback = internal + as_list(callbacks)
    cb.train_dataset_element = None
    cb.network = model._network
    cb.last_save_ckpt_step = None
    cb.latest_ckpt_file = None
    cb.loss_scale_mananger = model._loss_scale_manager  # sic: MindSpore's field name
    cb.initial_step = None
    return cb


def eval_params(model: Any, dataset: Any, callbacks: Any) -> InternalCallbackParam:
    cb = InternalCallbackParam()
    cb.eval_network = model.eval_network
    cb.valid_dataset = dataset
    cb.batch_num = dataset.get_dataset_size()
    cb.mode = "eval"
    cb.cur_step_num = 0
    cb.list_callback = as_list(callbacks)
    cb.network = model._network
    return cb


def enter_eval_in_fit(model: Any, cb: InternalCallbackParam, dataset: Any) -> dict:
    """Switch the training cb_params to a validation run inside `fit`; returns what to restore after."""
    saved = {k: cb[k] for k in ("cur_step_num", "batch_num", "dataset_sink_mode", "net_outputs") if k in cb}
    cb.eval_network = model.eval_network
    cb.valid_dataset = dataset
    cb.batch_num = dataset.get_dataset_size()
    cb.mode = "eval"
    cb.cur_step_num = 0
    return saved


def leave_eval_in_fit(cb: InternalCallbackParam, saved: dict) -> None:
    cb.mode = "train"
    cb.update(saved)
