"""DSCallback / WaitedDSCallback and the pipeline node that fires them.

mindshim's pipeline is pulled synchronously by the consumer, so the hooks fire inline: step hooks
once per row leaving the map (every `step_size` rows), epoch hooks around each pass. Steps and epochs
are counted from 1 and `cur_step_num` runs across epochs, as MindSpore counts them.
"""
from __future__ import annotations

import threading
from typing import Any, Iterator

from mindshim.dataset.engine.datasets import Dataset
from mindshim.train.callback import Callback


def _check_step_size(step_size: Any) -> None:
    if isinstance(step_size, bool) or not isinstance(step_size, int):
        raise TypeError(f"Argument step_size with value {step_size!r} is not of type [<class 'int'>], "
                        f"but got {type(step_size)}.")
    if not 1 <= step_size <= 2147483647:
        raise ValueError("Input step_size is not within the required interval of [1, 2147483647].")


class DSCallback:
    """Base of dataset callbacks; override any of the `ds_*` hooks."""

    def __init__(self, step_size: int = 1) -> None:
        _check_step_size(step_size)
        self.step_size = step_size

    def ds_begin(self, ds_run_context: Any) -> None:
        """Before the pipeline starts."""

    def ds_epoch_begin(self, ds_run_context: Any) -> None:
        """Before an epoch."""

    def ds_epoch_end(self, ds_run_context: Any) -> None:
        """After an epoch."""

    def ds_step_begin(self, ds_run_context: Any) -> None:
        """Before a step."""

    def ds_step_end(self, ds_run_context: Any) -> None:
        """After a step."""

    def _hooks(self) -> dict:
        cls = type(self)
        names = ("ds_begin", "ds_epoch_begin", "ds_epoch_end", "ds_step_begin", "ds_step_end")
        hooks = {n: getattr(self, n) for n in names if getattr(cls, n) is not getattr(DSCallback, n)}
        if not hooks:
            raise AttributeError("Inheriting Callback class without overriding any methods, check the usage of "
                                 "user defined Callback.")
        return hooks


class WaitedDSCallback(Callback, DSCallback):
    """A dataset callback that waits, before each step/epoch after the first, for the training loop's
    `step_end`/`epoch_end` of the previous one and then calls `sync_step_begin`/`sync_epoch_begin`."""

    def __init__(self, step_size: int = 1) -> None:
        super().__init__()
        self.step_size = step_size
        self.step_event = threading.Event()
        self.step_run_context = None
        self.epoch_event = threading.Event()
        self.epoch_run_context = None
        self.training_ended = False

    def sync_epoch_begin(self, train_run_context: Any, ds_run_context: Any) -> None:
        """After the previous training epoch, before the next dataset epoch."""

    def sync_step_begin(self, train_run_context: Any, ds_run_context: Any) -> None:
        """After the previous training step, before the next dataset step."""

    def _wait(self, event: threading.Event, what: str) -> None:
        from mindshim.dataset.core import config
        timeout = getattr(config, "get_callback_timeout", lambda: 60)()
        ok = event.wait(timeout=timeout)
        event.clear()
        if not ok:
            raise RuntimeError(f"{what} timed out after {timeout} second(s).")

    def epoch_end(self, run_context: Any) -> None:
        self.epoch_run_context = run_context
        self.epoch_event.set()

    def ds_epoch_begin(self, ds_run_context: Any) -> None:
        if ds_run_context.cur_epoch_num > 1:
            if not self.training_ended:
                self._wait(self.epoch_event, "ds_epoch_begin")
            self.sync_epoch_begin(self.epoch_run_context, ds_run_context)

    def step_end(self, run_context: Any) -> None:
        self.step_run_context = run_context
        self.step_event.set()

    def ds_step_begin(self, ds_run_context: Any) -> None:
        if ds_run_context.cur_step_num > self.step_size:
            if not self.training_ended:
                self._wait(self.step_event, "ds_step_begin")
            self.sync_step_begin(self.step_run_context, ds_run_context)

    def end(self, run_context: Any) -> None:
        self.epoch_end(run_context)
        self.step_end(run_context)
        self.training_ended = True

    def _hooks(self) -> dict:
        cls = type(self)
        hooks = {}
        if cls.sync_step_begin is not WaitedDSCallback.sync_step_begin:
            hooks["ds_step_begin"] = self.ds_step_begin
        if cls.sync_epoch_begin is not WaitedDSCallback.sync_epoch_begin:
            hooks["ds_epoch_begin"] = self.ds_epoch_begin
        if not hooks:
            raise AttributeError("Inheriting Callback class without overriding any methods, check the usage of "
                                 "user defined Callback.")
        return hooks


class _RunContext:
    def __init__(self) -> None:
        self.cur_epoch_num = 0
        self.cur_step_num_in_epoch = 0
        self.cur_step_num = 0


class CallbackDataset(Dataset):
    """Transparent node after a map that fires its callbacks (`map(callbacks=...)`)."""

    def __init__(self, child: Dataset, callbacks: list) -> None:
        super().__init__([child])
        for cb in callbacks:
            if not isinstance(cb, DSCallback):
                raise TypeError(f"Argument callbacks[{callbacks.index(cb)}] with value {cb!r} is not of type "
                                f"[<class 'mindspore.dataset.callback.ds_callback.DSCallback'>].")
        self.callbacks = [(cb, cb._hooks()) for cb in callbacks]
        self._ctx: _RunContext | None = None

    def _fire(self, name: str, ctx: _RunContext, step: bool = False) -> None:
        for cb, hooks in self.callbacks:
            if name in hooks and (not step or (ctx.cur_step_num_in_epoch - 1) % cb.step_size == 0):
                hooks[name](ctx)

    def _rows(self, epoch: int) -> Iterator[tuple]:
        if self._ctx is None or epoch == 0:
            self._ctx = _RunContext()
            self._fire("ds_begin", self._ctx)
        ctx = self._ctx
        ctx.cur_epoch_num += 1
        ctx.cur_step_num_in_epoch = 0
        self._fire("ds_epoch_begin", ctx)
        for row in self.children[0]._rows(epoch):  # the row is made first: no step for a row that is not there
            ctx.cur_step_num_in_epoch += 1
            ctx.cur_step_num += 1
            self._fire("ds_step_begin", ctx, step=True)
            self._fire("ds_step_end", ctx, step=True)
            yield row
        self._fire("ds_epoch_end", ctx)

    def _size(self) -> int:
        return self.children[0]._size()


__all__ = ["DSCallback", "WaitedDSCallback"]
