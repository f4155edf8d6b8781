"""Schedulers that are not LRSchedulers: SequentialLR (hands the epochs to one scheduler after another, each
restarted at epoch 0 at its milestone) and ReduceLROnPlateau (`step(metrics)`: divides the rates by 1/factor when
the metric stops improving; its counters `best`, `wait`, `cooldown_counter` are float32 Parameters)."""
from __future__ import annotations

from bisect import bisect_right
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor, plain
from mindshim.experimental.optim.lr_scheduler._base import assign, epoch_of, snapshot
from mindshim.mint.optim.optimizer import Optimizer


class SequentialLR:
    """SequentialLR(optimizer, schedulers, milestones, last_epoch=-1)."""

    def __init__(self, optimizer: Any, schedulers: list, milestones: list, last_epoch: int = -1) -> None:
        for i, scheduler in enumerate(schedulers):
            if scheduler.optimizer is not optimizer:
                raise ValueError("Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                                 f"got scheduler at index {i} is different from the optimizer passed in.")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError("Sequential Schedulers expects number of schedulers provided to be one more than the "
                             f"number of milestone points, but got number of schedulers {len(schedulers)} and the "
                             f"number of milestones {len(milestones)}")
        self._schedulers = schedulers
        self.milestones = milestones
        self.milestones_len = len(milestones)
        self.last_epoch = Parameter(Tensor(last_epoch + 1, mstype.float32), name="last_epoch_SequentialLR")
        self.increase_tensor = Tensor(1, mstype.int32)
        self.optimizer = optimizer
        for group in optimizer.param_groups:
            assign(group["lr"], group["initial_lr"])
        for scheduler in schedulers:
            assign(scheduler.last_epoch, epoch_of(scheduler.last_epoch) - 1)
        schedulers[0].step()
        self._last_lr = schedulers[0]._last_lr

    def step(self) -> None:
        """Advance one epoch: the scheduler whose span holds it steps (restarting at 0 at its milestone)."""
        assign(self.last_epoch, epoch_of(self.last_epoch) + 1)
        epoch = int(epoch_of(self.last_epoch))
        index = bisect_right(self.milestones, epoch)
        scheduler = self._schedulers[index]
        if index > 0 and self.milestones[index - 1] == epoch:
            scheduler.step(0)
        else:
            scheduler.step()

    def get_last_lr(self) -> list[Tensor]:
        return [snapshot(lr) for lr in self._last_lr]


class ReduceLROnPlateau:
    """ReduceLROnPlateau(optimizer, mode='min', factor=0.1, patience=10, threshold=1e-4, threshold_mode='rel',
    cooldown=0, min_lr=0, eps=1e-8)."""

    def __init__(self, optimizer: Any, mode: str = "min", factor: float = 0.1, patience: int = 10,
                 threshold: float = 1e-4, threshold_mode: str = "rel", cooldown: int = 0, min_lr: Any = 0,
                 eps: float = 1e-8) -> None:
        if factor >= 1.0:
            raise ValueError("The lr factor should be less than 1.0.")
        self.factor = factor
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"Expected an `Optimizer`, but got type {type(optimizer).__name__}")
        self.optimizer = optimizer
        count = len(optimizer.param_groups)
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != count:
                raise ValueError(f"Expected {count} min_lrs, got {len(min_lr)}")
            self.min_lrs = [Tensor(lr, mstype.float32) for lr in min_lr]
        else:
            self.min_lrs = [Tensor(min_lr, mstype.float32)] * count
        self.mode, self.patience, self.threshold = mode, patience, threshold
        self.threshold_mode, self.cooldown, self.eps = threshold_mode, cooldown, eps
        self.last_epoch = Parameter(Tensor(0, mstype.int32), name="last_epoch_ReduceLROnPlateau")
        if mode not in ("min", "max"):
            raise ValueError(f"`mode` should be 'min' or 'max', but got {mode}.")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError(f"`threshold mode` should be 'rel' or 'abs', but got {threshold_mode}.")
        self.mode_worse = float("inf") if mode == "min" else float("-inf")
        self.best = Parameter(Tensor(self.mode_worse, mstype.float32), name="best")
        self.cooldown_counter = Parameter(Tensor(0, mstype.float32), name="cooldown_counter")
        self.wait = Parameter(Tensor(0, mstype.float32), name="wait")
        self.increase_tensor = Tensor(1, mstype.int32)
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def step(self, metrics: Any) -> bool:
        """One epoch's metric: count epochs without improvement, reduce the rates after `patience` of them."""
        with torch.no_grad():
            epoch = epoch_of(self.last_epoch) + 1
            current = torch.as_tensor(plain(metrics)).to(torch.float32)
            assign(self.last_epoch, epoch)
            if self._is_improvement(current, plain(self.best)):
                assign(self.best, current)
                assign(self.wait, 0)
            else:
                assign(self.wait, epoch_of(self.wait) + 1)
            if self.in_cooldown():
                assign(self.cooldown_counter, epoch_of(self.cooldown_counter) - 1)
                assign(self.wait, 0)
            if epoch_of(self.wait) > self.patience:
                self._reduce_lr(epoch)
                assign(self.cooldown_counter, self.cooldown)
                assign(self.wait, 0)
        return True

    def _reduce_lr(self, epoch: float) -> bool:
        for lr, min_lr in zip(self._last_lr, self.min_lrs):
            old = snapshot(lr)
            new = torch.maximum(plain(old) * self.factor, plain(min_lr))
            if bool(plain(old) > new + self.eps):
                assign(lr, new)
        return True

    def in_cooldown(self) -> bool:
        return epoch_of(self.cooldown_counter) > 0

    def _is_improvement(self, current: torch.Tensor, best: torch.Tensor) -> bool:
        if self.mode == "min" and self.threshold_mode == "rel":
            return bool(current < best * (1.0 - self.threshold))
        if self.mode == "min":
            return bool(current < best - self.threshold)
        if self.threshold_mode == "rel":
            return bool(current > best * (self.threshold + 1.0))
        return bool(current > best + self.threshold)

    def get_last_lr(self) -> list[Tensor]:
        return [snapshot(lr) for lr in self._last_lr]


__all__ = ["SequentialLR", "ReduceLROnPlateau"]
