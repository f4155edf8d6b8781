"""mindspore.train.LambdaCallback: a callback built from plain functions, one per 2.x hook."""
from __future__ import annotations

from typing import Callable, Optional

from mindshim.train.callback._callback import Callback, RunContext

Hook = Optional[Callable[[RunContext], None]]


def _noop(run_context: RunContext) -> None:
    return None


class LambdaCallback(Callback):
    """mindspore.train.LambdaCallback(on_train_epoch_begin=None, ..., on_eval_end=None).

    A hook left as None does nothing (it does not fall back to a 1.x hook)."""

    def __init__(self, on_train_epoch_begin: Hook = None, on_train_epoch_end: Hook = None,
                 on_train_step_begin: Hook = None, on_train_step_end: Hook = None,
                 on_train_begin: Hook = None, on_train_end: Hook = None,
                 on_eval_epoch_begin: Hook = None, on_eval_epoch_end: Hook = None,
                 on_eval_step_begin: Hook = None, on_eval_step_end: Hook = None,
                 on_eval_begin: Hook = None, on_eval_end: Hook = None) -> None:
        super().__init__()
        hooks = dict(on_train_epoch_begin=on_train_epoch_begin, on_train_epoch_end=on_train_epoch_end,
                     on_train_step_begin=on_train_step_begin, on_train_step_end=on_train_step_end,
                     on_train_begin=on_train_begin, on_train_end=on_train_end,
                     on_eval_epoch_begin=on_eval_epoch_begin, on_eval_epoch_end=on_eval_epoch_end,
                     on_eval_step_begin=on_eval_step_begin, on_eval_step_end=on_eval_step_end,
                     on_eval_begin=on_eval_begin, on_eval_end=on_eval_end)
        for name, fn in hooks.items():
            setattr(self, name, fn if fn else _noop)
