"""mindshim.train.callback.ProgressBar: a tqdm progress bar for long runs (a mindshim extra).

MindSpore has no such callback; mindshim adds it for convenience and it is opt-in: MindSpore's own
lines (LossMonitor, TimeMonitor) stay the default. One bar per training epoch counts steps (in
sink mode it advances by the sink size at each step_end) and shows the latest loss; evaluation gets
its own bar. Scripts that must also run on real MindSpore should not use it.
"""
from __future__ import annotations

import sys
from typing import Any, TextIO

from mindshim.train.callback._callback import Callback, RunContext, _handle_loss


class ProgressBar(Callback):
    """ProgressBar(show_loss=True, file=sys.stderr, leave=True, **tqdm_kwargs). mindshim extra."""

    def __init__(self, show_loss: bool = True, file: TextIO | None = None, leave: bool = True,
                 **tqdm_kwargs: Any) -> None:
        super().__init__()
        self.show_loss = show_loss
        self._tqdm_kwargs = dict(file=file if file is not None else sys.stderr, leave=leave, **tqdm_kwargs)
        self._bar: Any = None
        self._last_step = 0

    def _open(self, total: Any, desc: str) -> None:
        from tqdm import tqdm
        self._close()
        total = total if isinstance(total, int) and total > 0 else None
        self._bar = tqdm(total=total, desc=desc, unit="step", **self._tqdm_kwargs)

    def _close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def on_train_epoch_begin(self, run_context: RunContext) -> None:
        cb_params = run_context.original_args()
        epoch, total = cb_params.get("cur_epoch_num", 1), cb_params.get("epoch_num")
        self._last_step = cb_params.get("cur_step_num", 0)
        self._open(cb_params.get("batch_num"), f"epoch {epoch}/{total}" if total else f"epoch {epoch}")

    def on_train_step_end(self, run_context: RunContext) -> None:
        cb_params = run_context.original_args()
        if self._bar is None:
            return
        step = cb_params.get("cur_step_num", self._last_step + 1)
        self._bar.update(max(step - self._last_step, 0))
        self._last_step = step
        if self.show_loss and cb_params.get("net_outputs") is not None:
            loss = _handle_loss(cb_params["net_outputs"])
            self._bar.set_postfix(loss=f"{float(loss.asnumpy()) if hasattr(loss, 'asnumpy') else loss:.6g}")

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        self._close()

    def on_train_end(self, run_context: RunContext) -> None:
        self._close()

    def on_eval_begin(self, run_context: RunContext) -> None:
        self._last_step = 0
        self._open(run_context.original_args().get("batch_num"), "eval")

    def on_eval_step_end(self, run_context: RunContext) -> None:
        if self._bar is not None:
            self._bar.update(1)

    def on_eval_end(self, run_context: RunContext) -> None:
        self._close()
