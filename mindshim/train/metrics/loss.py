"""mindspore.train.Loss: the average of the per-batch mean loss (each update counts once)."""
from __future__ import annotations

from typing import Any

from mindshim.train.metrics.metric import Metric, accumulable, check_input_count, rearrange_inputs


class Loss(Metric):
    """mindspore.train.Loss(): update(loss) takes a scalar or 1-D loss."""

    def __init__(self) -> None:
        super().__init__()
        self.clear()

    def clear(self) -> None:
        self._sum_loss = 0
        self._total_num = 0

    @rearrange_inputs
    def update(self, *inputs: Any) -> None:
        check_input_count(inputs, 1, "Loss.update", "loss")
        loss = self._convert_data(inputs[0])
        if loss.ndim == 0:
            loss = loss.reshape(1)
        if loss.ndim != 1:
            raise ValueError(f"For 'Loss.update', the dimension of your input (loss) must be 1, but got {loss.ndim}.")
        self._sum_loss += accumulable(loss.mean(-1))
        self._total_num += 1

    def eval(self) -> Any:
        if self._total_num == 0:
            raise RuntimeError("The 'Loss' can not be calculated, because the number of samples is 0, please "
                               "check whether has called update method before calling eval method.")
        return self._sum_loss / self._total_num
