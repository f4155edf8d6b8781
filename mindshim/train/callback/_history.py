"""mindspore.train.History: records each epoch's network output and validation metrics.

`history` maps "net_output" (the epoch's last output: the float32 mean of the loss Tensor, as a
numpy scalar) and each metric name to a list with one value per epoch; `epoch` is {"epoch": [...]}.
"""
from __future__ import annotations

import numpy as np

from mindshim.train.callback._callback import Callback, RunContext, _is_tensor_like


class History(Callback):
    """mindspore.train.History()."""

    def __init__(self) -> None:
        super().__init__()
        self.history: dict[str, list] = {}
        self.epoch: dict[str, list] | None = None

    def begin(self, run_context: RunContext) -> None:
        self.epoch = {"epoch": []}

    def epoch_end(self, run_context: RunContext) -> None:
        cb_params = run_context.original_args()
        if self.epoch is None:
            self.epoch = {"epoch": []}
        self.epoch["epoch"].append(cb_params.get("cur_epoch_num", 1))
        output = cb_params.net_outputs
        if isinstance(output, (tuple, list)) and output and _is_tensor_like(output[0]):
            output = output[0]
        if _is_tensor_like(output):
            output = np.mean(output.asnumpy())
        record = {"net_output": output}
        metrics = cb_params.get("metrics")
        if metrics:
            record.update(metrics)
        for key, value in record.items():
            self.history.setdefault(key, []).append(value)
