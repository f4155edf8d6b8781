"""mindspore.train.Callback, RunContext, the callback parameters and the dispatcher Model uses.

Hooks. MindSpore 2.x names twelve hooks (`on_train_*`, `on_eval_*`); r1.x named six (`begin`,
`epoch_begin`, `step_begin`, `step_end`, `epoch_end`, `end`). As in MindSpore 2.10, the base class's
2.x hooks call the matching 1.x hook by default, so an old callback that only overrides `step_end`
runs during both training and evaluation. `HOOKS_2X_TO_1X` is the one table of that mapping; the
base class and `CallbackManager` are both built from it.

Dispatch. Model drives callbacks through `CallbackManager` (MindSpore's private name
`_CallbackManager` is re-exported too): either `manager.on_train_step_end(run_context)` (MindSpore's
own interface) or `manager.dispatch("on_train_step_end", run_context)`. Each hook is called on every
callback in list order. The manager is a context manager: entering it enters every callback (their
`__enter__` may return a replacement callback, as in MindSpore).

cb_params. `RunContext(cb_params).original_args()` returns an `_InternalCallbackParam`: a dict
whose keys are also attributes. Which fields Model fills, and when, is MindSpore 2.10's (checked by
running it); `train/callback/_model_params.py` builds them and lists the rules. In short:
  training: train_network, network, loss_fn, optimizer, train_dataset, epoch_num (epoch - initial_epoch),
    batch_num (dataset size, or sink_size in sink mode), cur_epoch_num (1-based, from the first epoch
    begin on), cur_step_num (advanced before on_train_step_begin), dataset_sink_mode, net_outputs (after
    the first step), train_dataset_element, mode "train", parallel_mode, device_number, list_callback (a
    list), last_save_ckpt_step, latest_ckpt_file, loss_scale_mananger (sic), initial_step (None);
    in sink mode also sink_size and dataset_helper; in `fit`, metrics and eval_results from a validation
    until that epoch's on_train_epoch_end.
  evaluation: eval_network, valid_dataset, batch_num, cur_step_num, mode "eval", list_callback, network,
    dataset_sink_mode, eval_dataset_element, net_outputs; metrics (the results dict) before on_eval_end.

Deviation: reading a missing field raises an error that is both a KeyError (as in MindSpore) and an
AttributeError (so `getattr(cb_params, "x", None)` and `hasattr` work, which in MindSpore raise).
"""
from __future__ import annotations

import logging
from contextlib import ExitStack
from typing import Any, Iterable

import numpy as np

logger = logging.getLogger("mindshim")

# 2.x hook -> the r1.x hook its default implementation forwards to.
HOOKS_2X_TO_1X: dict[str, str] = {
    "on_train_begin": "begin",
    "on_train_epoch_begin": "epoch_begin",
    "on_train_step_begin": "step_begin",
    "on_train_step_end": "step_end",
    "on_train_epoch_end": "epoch_end",
    "on_train_end": "end",
    "on_eval_begin": "begin",
    "on_eval_epoch_begin": "epoch_begin",
    "on_eval_step_begin": "step_begin",
    "on_eval_step_end": "step_end",
    "on_eval_epoch_end": "epoch_end",
    "on_eval_end": "end",
}
LEGACY_HOOKS: tuple[str, ...] = ("begin", "epoch_begin", "step_begin", "step_end", "epoch_end", "end")
ALL_HOOKS: tuple[str, ...] = LEGACY_HOOKS + tuple(HOOKS_2X_TO_1X)


class Callback:
    """mindspore.train.Callback: base class; every hook is a no-op unless overridden.

    The 2.x hooks forward to the 1.x hooks (see `HOOKS_2X_TO_1X`). A callback is also a context
    manager that Model enters for the duration of train/eval.
    """

    def __enter__(self) -> "Callback":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        return None

    # r1.x hooks, used for both training and evaluation.
    def begin(self, run_context: "RunContext") -> None:
        """Before the first epoch (train or eval)."""

    def epoch_begin(self, run_context: "RunContext") -> None:
        """Before each epoch."""

    def epoch_end(self, run_context: "RunContext") -> None:
        """After each epoch."""

    def step_begin(self, run_context: "RunContext") -> None:
        """Before each step (each sink in sink mode)."""

    def step_end(self, run_context: "RunContext") -> None:
        """After each step (each sink in sink mode)."""

    def end(self, run_context: "RunContext") -> None:
        """After the last epoch."""

    # 2.x hooks: default to the r1.x hook of the same stage.
    def on_train_begin(self, run_context: "RunContext") -> None:
        self.begin(run_context)

    def on_train_epoch_begin(self, run_context: "RunContext") -> None:
        self.epoch_begin(run_context)

    def on_train_step_begin(self, run_context: "RunContext") -> None:
        self.step_begin(run_context)

    def on_train_step_end(self, run_context: "RunContext") -> None:
        self.step_end(run_context)

    def on_train_epoch_end(self, run_context: "RunContext") -> None:
        self.epoch_end(run_context)

    def on_train_end(self, run_context: "RunContext") -> None:
        self.end(run_context)

    def on_eval_begin(self, run_context: "RunContext") -> None:
        self.begin(run_context)

    def on_eval_epoch_begin(self, run_context: "RunContext") -> None:
        self.epoch_begin(run_context)

    def on_eval_step_begin(self, run_context: "RunContext") -> None:
        self.step_begin(run_context)

    def on_eval_step_end(self, run_context: "RunContext") -> None:
        self.step_end(run_context)

    def on_eval_epoch_end(self, run_context: "RunContext") -> None:
        self.epoch_end(run_context)

    def on_eval_end(self, run_context: "RunContext") -> None:
        self.end(run_context)


def _check_table_matches_base() -> None:
    for hook, legacy in HOOKS_2X_TO_1X.items():
        assert hasattr(Callback, hook) and legacy in LEGACY_HOOKS, hook


_check_table_matches_base()


class CallbackManager(Callback):
    """Runs a list of callbacks in order; Model's single entry point for every hook."""

    def __init__(self, callbacks: Callback | list[Callback] | None) -> None:
        self._callbacks: list[Callback] = []
        self._stack: ExitStack | None = None
        if isinstance(callbacks, Callback):
            self._callbacks.append(callbacks)
        elif isinstance(callbacks, list):
            for cb in callbacks:
                if not isinstance(cb, Callback):
                    raise TypeError("When the 'callbacks' is a list, the elements in "
                                    "'callbacks' must be Callback functions.")
                self._callbacks.append(cb)
        elif callbacks is not None:
            raise TypeError("The 'callbacks' is not a Callback or a list of Callback.")

    @property
    def callbacks(self) -> list[Callback]:
        return list(self._callbacks)

    def __enter__(self) -> "CallbackManager":
        if self._stack is None:
            self._stack = ExitStack().__enter__()
            entered = []
            for cb in self._callbacks:
                target = self._stack.enter_context(cb)
                entered.append(target if isinstance(target, Callback) else cb)
            self._callbacks = entered
        return self

    def __exit__(self, *exc_info: Any) -> Any:
        stack, self._stack = self._stack, None
        return stack.__exit__(*exc_info) if stack is not None else None

    def dispatch(self, hook: str, run_context: "RunContext") -> None:
        """Call `hook` (a 2.x or 1.x hook name) on every callback, in order."""
        if hook not in ALL_HOOKS:
            raise ValueError(f"Unknown callback hook {hook!r}; expected one of {ALL_HOOKS}.")
        for cb in self._callbacks:
            getattr(cb, hook)(run_context)


def _make_dispatching_hook(hook: str):
    def hook_method(self: CallbackManager, run_context: "RunContext") -> None:
        for cb in self._callbacks:
            getattr(cb, hook)(run_context)
    hook_method.__name__ = hook
    hook_method.__doc__ = f"Call `{hook}` on every callback, in order."
    return hook_method


for _hook in ALL_HOOKS:
    setattr(CallbackManager, _hook, _make_dispatching_hook(_hook))
del _hook


class _MissingField(KeyError, AttributeError):
    """A cb_params field that was never set."""


class InternalCallbackParam(dict):
    """The cb_params dict: `cb_params.cur_step_num` is `cb_params["cur_step_num"]`."""

    def __getattr__(self, key: str) -> Any:
        try:
            return self[key]
        except KeyError:
            if key.startswith("__"):
                raise AttributeError(key) from None
            raise _MissingField(key) from None

    def __setattr__(self, key: str, value: Any) -> None:
        self[key] = value

    def __delattr__(self, key: str) -> None:
        try:
            del self[key]
        except KeyError:
            raise _MissingField(key) from None


class RunContext:
    """mindspore.train.RunContext(original_args): the cb_params dict plus the stop request flag."""

    def __init__(self, original_args: dict) -> None:
        if not isinstance(original_args, dict):
            raise TypeError("The argument 'original_args' of RunContext should be dict type, "
                            "but got {}.".format(type(original_args)))
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self) -> dict:
        return self._original_args

    def request_stop(self) -> None:
        """Ask Model to stop after the current step/epoch."""
        self._stop_requested = True

    def get_stop_requested(self) -> bool:
        return self._stop_requested


def _is_tensor_like(value: Any) -> bool:
    return hasattr(value, "asnumpy") and callable(value.asnumpy)


def _handle_loss(loss: Any) -> Any:
    """MindSpore's loss extraction: tuple/list -> its first Tensor (left a Tensor), Tensor -> float mean.

    The tuple case keeps the Tensor on purpose: MindSpore 2.10 prints it with Tensor's str and skips
    the NaN/INF check for it.
    """
    if isinstance(loss, (tuple, list)):
        if loss and _is_tensor_like(loss[0]):
            loss = loss[0]
    elif _is_tensor_like(loss):
        loss = float(np.mean(loss.asnumpy()))
    return loss


# Names of the callbacks MindSpore ships (Model treats user subclasses differently: see below).
BUILTIN_CALLBACK_NAMES = frozenset({
    "Callback", "LossMonitor", "TimeMonitor", "ModelCheckpoint", "FlopsUtilizationCollector",
    "SummaryCollector", "CheckpointConfig", "RunContext", "LearningRateScheduler", "SummaryLandscape",
    "History", "LambdaCallback", "ReduceLROnPlateau", "EarlyStopping", "OnRequestExit", "BackupAndRestore",
    "TrainFaultTolerance",
})


def check_methods_for_custom_callbacks(callbacks: Any, current_mode: str) -> None:
    """What MindSpore's Model checks on user callbacks: 1.x hook overrides warn in train/eval,
    and raise ValueError in `fit` (where the 1.x hooks would run for both train and validation)."""
    old_names = set(LEGACY_HOOKS)
    items: Iterable[Any] = callbacks if isinstance(callbacks, list) else [callbacks]
    for cb in items:
        name = cb.__class__.__name__
        if name in BUILTIN_CALLBACK_NAMES:
            continue
        invalid = set(cb.__class__.__dict__) & old_names
        if not invalid:
            continue
        msg = (f"For {name} callback, {invalid} methods may not be supported in later version, Use methods "
               "prefixed with 'on_train' or 'on_eval' instead when using customized callbacks.")
        if current_mode in ("train", "eval"):
            logger.warning(msg)
        else:
            raise ValueError(msg)
