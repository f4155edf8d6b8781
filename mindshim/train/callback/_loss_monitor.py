"""mindspore.train.LossMonitor: prints `epoch: E step: S, loss is L` like MindSpore 2.10.

Loss extraction follows MindSpore: a Tensor output prints as a Python float of its mean
(`loss is 1.080554485321045`, i.e. float64 repr, not the float32 digits r1.x printed); a tuple output
prints its first Tensor with Tensor's str and is not NaN-checked. The step printed is the step inside
the epoch, `(cur_step_num - 1) % batch_num + 1`; in sink mode `batch_num` is the sink size, so under
GRAPH_MODE (one callback step per sink) each line shows `step: sink_size`.
"""
from __future__ import annotations

import numpy as np

from mindshim.train.callback._callback import Callback, RunContext, _handle_loss
from mindshim.train.callback._validate import non_negative_int


class LossMonitor(Callback):
    """mindspore.train.LossMonitor(per_print_times=1); 0 never prints (still checks NaN/INF)."""

    def __init__(self, per_print_times: int = 1) -> None:
        super().__init__()
        self._per_print_times = non_negative_int(per_print_times, "per_print_times", "LossMonitor")
        self._last_print_time = 0

    def step_end(self, run_context: RunContext) -> None:
        cb_params = run_context.original_args()
        cur_epoch_num = cb_params.get("cur_epoch_num", 1)
        loss = _handle_loss(cb_params.net_outputs)
        cur_step_in_epoch = (cb_params.cur_step_num - 1) % cb_params.batch_num + 1

        if isinstance(loss, float) and (np.isnan(loss) or np.isinf(loss)):
            raise ValueError("In epoch: {} step: {}, loss is NAN or INF, training process cannot continue, "
                             "terminating training.".format(cur_epoch_num, cur_step_in_epoch))

        every = self._per_print_times
        if every == 0:
            return
        # The step counter went backwards (a new train() call on the same monitor): rewind.
        while cb_params.cur_step_num <= self._last_print_time:
            self._last_print_time -= max(every, cb_params.batch_num if cb_params.dataset_sink_mode else 1)
        if cb_params.cur_step_num - self._last_print_time >= every:
            self._last_print_time = cb_params.cur_step_num
            print("epoch: %s step: %s, loss is %s" % (cur_epoch_num, cur_step_in_epoch, loss), flush=True)

    def on_train_epoch_end(self, run_context: RunContext) -> None:
        """In `Model.fit`, print the validation metrics of an epoch that ran validation."""
        cb_params = run_context.original_args()
        metrics = cb_params.get("metrics")
        if metrics:
            print("Eval result: epoch %d, metrics: %s" % (cb_params.cur_epoch_num, metrics))
