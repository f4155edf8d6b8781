"""mindspore.train.TimeMonitor: prints `Train epoch time: X ms, per step time: Y ms` per epoch.

The line is MindSpore 2.10's: the mode in title case ("Train"/"Eval", empty when cb_params has no
`mode`), `{:5.3f}` milliseconds. Per-step time divides by cb_params.batch_num when it is a positive
int, else by `data_size`. `data_time=True` adds ` (data time: Z ms)`, the host time spent between
steps; in sink mode mindshim has no device queue to ask, so it reports 0.000 there (MindSpore asks its
dataset helper's send info).
"""
from __future__ import annotations

import time
from typing import Any

from mindshim.train.callback._callback import Callback, RunContext
from mindshim.train.callback._validate import check_bool, positive_int


class TimeMonitor(Callback):
    """mindspore.train.TimeMonitor(data_size=None, data_time=False)."""

    def __init__(self, data_size: int | None = None, data_time: bool = False) -> None:
        super().__init__()
        self.data_size = data_size
        self.epoch_time = time.time()
        self.data_time = check_bool(data_time, "data_time", "TimeMonitor")
        self.data_time_sum = 0.0
        self.data_time_start = 0.0

    @staticmethod
    def _sink(run_context: RunContext) -> Any:
        return run_context.original_args()["dataset_sink_mode"]

    def on_train_step_begin(self, run_context: RunContext) -> None:
        if self.data_time and not self._sink(run_context):
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context: RunContext) -> None:
        if self.data_time and not self._sink(run_context):
            self.data_time_start = time.time()

    def epoch_begin(self, run_context: RunContext) -> None:
        self.epoch_time = time.time()
        if self.data_time and not self._sink(run_context):
            self.data_time_sum = 0.0
            self.data_time_start = time.time()

    def epoch_end(self, run_context: RunContext) -> None:
        epoch_ms = (time.time() - self.epoch_time) * 1000
        cb_params = run_context.original_args()
        step_size = self.data_size
        batch_num = cb_params.get("batch_num")
        if isinstance(batch_num, int) and not isinstance(batch_num, bool) and batch_num > 0:
            step_size = batch_num
        step_size = positive_int(step_size, "data_size", "TimeMonitor")
        mode = cb_params.get("mode", "")
        line = "{} epoch time: {:5.3f} ms, per step time: {:5.3f} ms".format(
            mode.title(), epoch_ms, epoch_ms / step_size)
        if self.data_time:
            data_ms = 0.0 if self._sink(run_context) else self.data_time_sum * 1000 / step_size
            line += " (data time: {:5.3f} ms)".format(data_ms)
        print(line, flush=True)
