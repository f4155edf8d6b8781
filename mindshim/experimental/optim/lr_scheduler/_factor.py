"""Schedulers that scale the current rates by a factor per epoch (chainable) and have a closed form at an
explicit epoch: StepLR, LinearLR, ExponentialLR, PolynomialLR, ConstantLR, MultiStepLR, and the ones driven by
user functions of the epoch (LambdaLR, MultiplicativeLR; the function receives the `last_epoch` Parameter, as
in MindSpore)."""
from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from typing import Any, Callable

from mindshim import _checkparam as validator
from mindshim.common.tensor import Tensor
from mindshim.experimental.optim.lr_scheduler._base import LRScheduler, scaled


def _int_like(value: Any) -> bool:
    return isinstance(value, int)  # bool included, as MindSpore's `int or bool` checks


class StepLR(LRScheduler):
    """StepLR(optimizer, step_size, gamma=0.1, last_epoch=-1): lr * gamma every step_size epochs."""

    def __init__(self, optimizer: Any, step_size: int, gamma: float = 0.1, last_epoch: int = -1) -> None:
        if not _int_like(step_size):
            raise TypeError(f"For 'StepLR', the 'step_size' must be int, but got {type(step_size)}.")
        if not isinstance(gamma, float):
            raise TypeError(f"For 'StepLR', the 'gamma' must be float, but got {type(gamma)}.")
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        epoch = self._epoch()
        if epoch == 0 or epoch % self.step_size != 0:
            return scaled(self._last_lr, 1.0)
        return scaled(self._last_lr, self.gamma)

    def _get_closed_form_lr(self) -> list[Tensor]:
        return [scaled([base], self.gamma ** (self._epoch() // self.step_size))[0] for base in self.base_lrs]


class LinearLR(LRScheduler):
    """LinearLR(optimizer, start_factor=1/3, end_factor=1.0, total_iters=5, last_epoch=-1)."""

    def __init__(self, optimizer: Any, start_factor: float = 1.0 / 3, end_factor: float = 1.0, total_iters: int = 5,
                 last_epoch: int = -1) -> None:
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("Starting multiplicative factor expected to be greater than 0 and less than or "
                             "equal to 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'LinearLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        epoch = self._epoch()
        if epoch == 0:
            return scaled(self._last_lr, self.start_factor)
        if epoch > self.total_iters:
            return scaled(self._last_lr, 1.0)
        span = self.end_factor - self.start_factor
        return scaled(self._last_lr, 1.0 + span / (self.total_iters * self.start_factor + (epoch - 1) * span))

    def _get_closed_form_lr(self) -> list[Tensor]:
        progress = min(self.total_iters, self._epoch()) / self.total_iters
        factor = self.start_factor + (self.end_factor - self.start_factor) * progress
        return scaled(self.base_lrs, factor)


class ExponentialLR(LRScheduler):
    """ExponentialLR(optimizer, gamma, last_epoch=-1): lr * gamma every epoch."""

    def __init__(self, optimizer: Any, gamma: float, last_epoch: int = -1) -> None:
        if not isinstance(gamma, float):
            raise TypeError(f"For 'ExponentialLR', the 'gamma' must be float, but got {type(gamma)}.")
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        return scaled(self._last_lr, 1.0 if self._epoch() == 0 else self.gamma)

    def _get_closed_form_lr(self) -> list[Tensor]:
        return scaled(self.base_lrs, self.gamma ** self._epoch())


class PolynomialLR(LRScheduler):
    """PolynomialLR(optimizer, total_iters=5, power=1.0, last_epoch=-1): decays to 0 over total_iters epochs."""

    def __init__(self, optimizer: Any, total_iters: int = 5, power: float = 1.0, last_epoch: int = -1) -> None:
        if not isinstance(power, float):
            raise TypeError(f"For 'PolynomialLR', the 'power' must be float, but got {type(power)}.")
        if power < 0:
            raise ValueError(f"For 'PolynomialLR', the 'power' must be >= 0, but got {power}.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'PolynomialLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        epoch = self._epoch()
        if epoch == 0 or epoch > self.total_iters:
            return scaled(self._last_lr, 1.0)
        factor = ((1.0 - epoch / self.total_iters) / (1.0 - (epoch - 1) / self.total_iters)) ** self.power
        return scaled(self._last_lr, factor)

    def _get_closed_form_lr(self) -> list[Tensor]:
        remaining = 1.0 - min(self.total_iters, self._epoch()) / self.total_iters
        return scaled(self.base_lrs, remaining ** self.power)


def _lambdas(optimizer: Any, lr_lambda: Any) -> list[Callable]:
    count = len(optimizer.param_groups)
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != count:
            raise ValueError(f"Expected {count} lr_lambdas, but got {len(lr_lambda)}")
        return list(lr_lambda)
    return [lr_lambda] * count


class LambdaLR(LRScheduler):
    """LambdaLR(optimizer, lr_lambda, last_epoch=-1): initial lr * lr_lambda(epoch)."""

    def __init__(self, optimizer: Any, lr_lambda: Any, last_epoch: int = -1) -> None:
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        return [scaled([base], fn(self.last_epoch))[0] for fn, base in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(LRScheduler):
    """MultiplicativeLR(optimizer, lr_lambda, last_epoch=-1): lr * lr_lambda(epoch) every epoch after the first."""

    def __init__(self, optimizer: Any, lr_lambda: Any, last_epoch: int = -1) -> None:
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        if self._epoch() > 0:
            return [scaled([lr], fn(self.last_epoch))[0] for fn, lr in zip(self.lr_lambdas, self._last_lr)]
        return scaled(self._last_lr, 1.0)


class MultiStepLR(LRScheduler):
    """MultiStepLR(optimizer, milestones, gamma=0.1, last_epoch=-1): lr * gamma at each milestone (a milestone
    listed twice multiplies by gamma**2)."""

    def __init__(self, optimizer: Any, milestones: list, gamma: Any = 0.1, last_epoch: int = -1) -> None:
        validator.check_value_type("milestones", milestones, [list])
        for milestone in milestones:
            if not _int_like(milestone):
                raise TypeError(f"For 'MultiStepLR', elements of the 'milestones' must be type of int, but got one "
                                f"element of 'milestones' type: {type(milestone)}.")
        validator.check_value_type("gamma", gamma, [float, int])
        self.milestones = Counter(milestones)
        self.milestones_keys = list(self.milestones.keys())
        self.milestones_values = list(self.milestones.values())
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        count = self.milestones.get(int(self._epoch()), 0)
        return scaled(self._last_lr, self.gamma ** count if count else 1.0)

    def _get_closed_form_lr(self) -> list[Tensor]:
        # MindSpore 2.10's closed form reads an attribute MultiStepLR lacks (step(epoch) raises AttributeError);
        # this is the documented rate: gamma ** (milestones passed, with multiplicity)
        passed = bisect_right(sorted(self.milestones.elements()), self._epoch())
        return scaled(self.base_lrs, self.gamma ** passed)


class ConstantLR(LRScheduler):
    """ConstantLR(optimizer, factor=1/3, total_iters=5, last_epoch=-1): lr * factor until total_iters."""

    def __init__(self, optimizer: Any, factor: float = 1.0 / 3, total_iters: int = 5, last_epoch: int = -1) -> None:
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'ConstantLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        epoch = self._epoch()
        if epoch == 0:
            return scaled(self._last_lr, self.factor)
        if epoch != self.total_iters:
            return scaled(self._last_lr, 1.0)
        return scaled(self._last_lr, 1.0 / self.factor)

    def _get_closed_form_lr(self) -> list[Tensor]:
        reached = self._epoch() >= self.total_iters
        return scaled(self.base_lrs, self.factor + reached * (1 - self.factor))


__all__ = ["StepLR", "LinearLR", "ExponentialLR", "PolynomialLR", "LambdaLR", "MultiplicativeLR", "MultiStepLR",
           "ConstantLR"]
