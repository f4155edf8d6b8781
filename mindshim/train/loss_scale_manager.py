"""mindspore.train.loss_scale_manager (also mindspore.amp / mindspore.*): loss-scale managers."""
from __future__ import annotations

from typing import Any


class LossScaleManager:
    """Base class; like MindSpore's, its methods do nothing (subclasses override them)."""

    def get_loss_scale(self) -> Any:
        """The current loss scale."""

    def update_loss_scale(self, overflow: bool) -> None:
        """Update the loss scale from the overflow flag."""

    def get_update_cell(self) -> Any:
        """The Cell TrainOneStepWithLossScaleCell calls to update the scale."""


class FixedLossScaleManager(LossScaleManager):
    def __init__(self, loss_scale: float = 128.0, drop_overflow_update: bool = True) -> None:
        if loss_scale < 1:
            raise ValueError(f"The argument 'loss_scale' must be >= 1, but got {loss_scale}")
        self._loss_scale = loss_scale
        self._drop_overflow_update = drop_overflow_update

    def get_loss_scale(self) -> float:
        return self._loss_scale

    def get_drop_overflow_update(self) -> bool:
        return self._drop_overflow_update

    def update_loss_scale(self, overflow: bool) -> None:
        """A fixed scale never changes."""

    def get_update_cell(self) -> Any:
        if not self._drop_overflow_update:
            return None
        from mindshim.nn.wrap.loss_scale import FixedLossScaleUpdateCell
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    def __init__(self, init_loss_scale: float = 2 ** 24, scale_factor: int = 2, scale_window: int = 2000) -> None:
        if init_loss_scale < 1.0:
            raise ValueError(f"The argument 'init_loss_scale' must be > 1, but got {init_loss_scale}")
        if isinstance(scale_window, bool) or not isinstance(scale_window, int):
            raise TypeError(f"For 'DynamicLossScaleManager', the 'scale_window' must be int, but got "
                            f"{type(scale_window).__name__}.")
        if scale_window <= 0:
            raise ValueError(f"For 'DynamicLossScaleManager', the 'scale_window' must be positive int, but got "
                             f"{scale_window}.")
        if scale_factor <= 0:
            raise ValueError(f"The argument 'scale_factor' must be > 0, but got {scale_factor}")
        self.loss_scale = init_loss_scale
        self.scale_window = scale_window
        self.scale_factor = scale_factor
        self.increase_ratio = scale_factor
        self.decrease_ratio = 1 / scale_factor
        self.cur_iter = 1
        self.last_overflow_iter = 0
        self.bad_step_max = 1000
        self.bad_step = 0

    def get_loss_scale(self) -> float:
        return self.loss_scale

    def update_loss_scale(self, overflow: bool) -> None:
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
                self.loss_scale *= self.increase_ratio
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError(f"Dynamic loss scale continuous overflow {self.bad_step} times, exceeding the limit "
                               f"{self.bad_step_max}.")
        self.cur_iter += 1

    def get_drop_overflow_update(self) -> bool:
        return True

    def get_update_cell(self) -> Any:
        from mindshim.nn.wrap.loss_scale import DynamicLossScaleUpdateCell
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)


__all__ = ["LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"]
