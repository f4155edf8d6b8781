"""mindspore.nn.learning_rate_schedule: LR cells called with the optimizer's `global_step`.

Each schedule computes its value from `global_step` (an int32 tensor of shape (1,)) with torch math
and returns a float32 scalar tensor, as MindSpore's cells do.
"""
from __future__ import annotations

import math

import torch

from mindshim.nn.cell import Cell


def _step(global_step) -> torch.Tensor:
    return global_step.reshape(()).to(torch.float32)


class LearningRateSchedule(Cell):
    """Base class: subclasses implement `construct(global_step)`."""

    def __init__(self) -> None:
        super().__init__()

    def construct(self, global_step):
        raise NotImplementedError


class _DecayLR(LearningRateSchedule):
    def __init__(self, learning_rate: float, decay_rate: float, decay_steps: int, is_stair: bool = False) -> None:
        super().__init__()
        if decay_steps <= 0:
            raise ValueError(f"For '{type(self).__name__}', 'decay_steps' must be positive, but got {decay_steps}.")
        self.learning_rate, self.decay_rate, self.decay_steps, self.is_stair = (
            float(learning_rate), float(decay_rate), decay_steps, is_stair)

    def _p(self, global_step) -> torch.Tensor:
        p = _step(global_step) / self.decay_steps
        return torch.floor(p) if self.is_stair else p


class ExponentialDecayLR(_DecayLR):
    def construct(self, global_step):
        return self.learning_rate * torch.pow(torch.tensor(self.decay_rate), self._p(global_step))


class NaturalExpDecayLR(_DecayLR):
    """MindSpore's exponent is the step itself (floored to a multiple of decay_steps when stair)."""

    def construct(self, global_step):
        p = _step(global_step)
        if self.is_stair:
            p = torch.floor(p / self.decay_steps) * self.decay_steps
        return self.learning_rate * torch.exp(-self.decay_rate * p)


class InverseDecayLR(_DecayLR):
    def construct(self, global_step):
        return self.learning_rate / (1 + self.decay_rate * self._p(global_step))


class CosineDecayLR(LearningRateSchedule):
    def __init__(self, min_lr: float, max_lr: float, decay_steps: int) -> None:
        super().__init__()
        if min_lr >= max_lr:
            raise ValueError("For 'CosineDecayLR', 'max_lr' must be greater than 'min_lr'.")
        self.min_lr, self.max_lr, self.decay_steps = float(min_lr), float(max_lr), decay_steps

    def construct(self, global_step):
        p = torch.clamp(_step(global_step), max=self.decay_steps) / self.decay_steps
        return self.min_lr + 0.5 * (self.max_lr - self.min_lr) * (1.0 + torch.cos(math.pi * p))


class PolynomialDecayLR(LearningRateSchedule):
    def __init__(self, learning_rate: float, end_learning_rate: float, decay_steps: int, power: float,
                 update_decay_steps: bool = False) -> None:
        super().__init__()
        self.learning_rate, self.end_learning_rate = float(learning_rate), float(end_learning_rate)
        self.decay_steps, self.power, self.update_decay_steps = decay_steps, float(power), update_decay_steps

    def construct(self, global_step):
        step = _step(global_step)
        decay_steps = torch.tensor(float(self.decay_steps))
        if self.update_decay_steps:
            decay_steps = decay_steps * torch.clamp(torch.ceil(step / decay_steps), min=1.0)
        else:
            step = torch.minimum(step, decay_steps)
        p = step / decay_steps
        return (self.learning_rate - self.end_learning_rate) * torch.pow(1.0 - p, self.power) + self.end_learning_rate


class WarmUpLR(LearningRateSchedule):
    def __init__(self, learning_rate: float, warmup_steps: int) -> None:
        super().__init__()
        self.learning_rate, self.warmup_steps = float(learning_rate), warmup_steps

    def construct(self, global_step):
        return self.learning_rate * torch.clamp(_step(global_step), max=self.warmup_steps) / self.warmup_steps


class _IteratorLearningRate(LearningRateSchedule):
    """A list or 1-D Tensor of learning rates, indexed by global_step; past its end MindSpore raises."""

    def __init__(self, values: torch.Tensor, name: str = "learning_rate") -> None:
        super().__init__()
        from mindshim.common.parameter import Parameter
        self.learning_rate = Parameter(values.reshape(-1).to(torch.float32), name=name)

    def construct(self, global_step):
        idx = int(global_step.reshape(()))
        n = self.learning_rate.numel()
        if idx >= n:
            raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [0, {n}), "
                               f"but got {idx}: the dynamic learning rate has fewer entries than training steps.")
        return self.learning_rate[idx]


__all__ = ["LearningRateSchedule", "ExponentialDecayLR", "NaturalExpDecayLR", "InverseDecayLR", "CosineDecayLR",
           "PolynomialDecayLR", "WarmUpLR"]
