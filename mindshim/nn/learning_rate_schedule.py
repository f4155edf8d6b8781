"""mindspore.nn.learning_rate_schedule: LR cells called with the optimizer's `global_step`.

Each schedule computes its value from `global_step` (int32, shape (1,)) with torch math in float32
and returns a float32 tensor of the step's shape, as MindSpore's cells do. Argument checks follow
MindSpore's: rates must be Python floats (an int raises TypeError), step counts positive ints.
CosineDecayLR evaluates MindSpore's `1 + sin(pi * (p + 0.5))` form rather than `1 + cos(pi * p)`.
"""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.nn.cell import Cell


def _check_positive_int(value: Any, name: str, cls_name: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{cls_name}', the type of '{name}' should be 'int', but got type "
                        f"'{type(value).__name__}'.")
    if value <= 0:
        raise ValueError(f"For '{cls_name}', the '{name}' must be positive int, but got {value}.")


def _check_float(value: Any, name: str, cls_name: str, positive: bool) -> None:
    if not isinstance(value, float):
        raise TypeError(f"For '{cls_name}', the type of '{name}' should be 'float', but got type "
                        f"'{type(value).__name__}'.")
    if value < 0 or (positive and value == 0):
        raise ValueError(f"For '{cls_name}', the '{name}' must be {'> 0' if positive else '>= 0'}, but got {value}.")


def _check_bool(value: Any, name: str, cls_name: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"For '{cls_name}', the type of '{name}' should be 'bool', but got type "
                        f"'{type(value).__name__}'.")


def _step(global_step) -> torch.Tensor:
    return torch.Tensor.to(global_step, torch.float32)


class LearningRateSchedule(Cell):
    """Base class: subclasses implement `construct(global_step)`."""

    def __init__(self) -> None:
        super().__init__()

    def construct(self, global_step):
        raise NotImplementedError


class _DecayLR(LearningRateSchedule):
    def __init__(self, learning_rate: float, decay_rate: float, decay_steps: int, is_stair: bool = False) -> None:
        super().__init__()
        name = type(self).__name__
        _check_positive_int(decay_steps, "decay_steps", name)
        _check_float(learning_rate, "learning_rate", name, positive=True)
        _check_float(decay_rate, "decay_rate", name, positive=True)
        _check_bool(is_stair, "is_stair", name)
        self.learning_rate, self.decay_rate, self.decay_steps, self.is_stair = (
            learning_rate, decay_rate, decay_steps, is_stair)

    def _p(self, global_step) -> torch.Tensor:
        p = _step(global_step) / self.decay_steps
        return torch.floor(p) if self.is_stair else p


class ExponentialDecayLR(_DecayLR):
    def construct(self, global_step):
        return self.learning_rate * torch.pow(self.decay_rate, self._p(global_step))


class NaturalExpDecayLR(_DecayLR):
    """MindSpore's exponent is the step itself (floored to a multiple of decay_steps when stair)."""

    def construct(self, global_step):
        p = _step(global_step)
        if self.is_stair:
            p = torch.floor(p / self.decay_steps) * self.decay_steps
        return self.learning_rate * torch.pow(math.e, -self.decay_rate * p)


class InverseDecayLR(_DecayLR):
    def construct(self, global_step):
        return self.learning_rate / (1 + self.decay_rate * self._p(global_step))


class CosineDecayLR(LearningRateSchedule):
    def __init__(self, min_lr: float, max_lr: float, decay_steps: int) -> None:
        super().__init__()
        _check_float(min_lr, "min_lr", "CosineDecayLR", positive=False)
        _check_float(max_lr, "max_lr", "CosineDecayLR", positive=True)
        _check_positive_int(decay_steps, "decay_steps", "CosineDecayLR")
        if min_lr >= max_lr:
            raise ValueError(f"For 'CosineDecayLR', the 'max_lr' must be greater than the 'min_lr', but got "
                             f"'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
        self.min_lr, self.max_lr, self.decay_steps = min_lr, max_lr, decay_steps
        self.delta = 0.5 * (max_lr - min_lr)

    def construct(self, global_step):
        p = torch.clamp(_step(global_step), max=self.decay_steps)
        return self.min_lr + self.delta * (1.0 + torch.sin(math.pi * (p / self.decay_steps + 0.5)))


class PolynomialDecayLR(LearningRateSchedule):
    def __init__(self, learning_rate: float, end_learning_rate: float, decay_steps: int, power: float,
                 update_decay_steps: bool = False) -> None:
        super().__init__()
        name = "PolynomialDecayLR"
        _check_float(learning_rate, "learning_rate", name, positive=True)
        _check_float(end_learning_rate, "end_learning_rate", name, positive=False)
        _check_positive_int(decay_steps, "decay_steps", name)
        _check_bool(update_decay_steps, "update_decay_steps", name)
        _check_float(power, "power", name, positive=True)
        self.start_learning_rate, self.end_learning_rate = learning_rate, end_learning_rate
        self.diff_learning_rate = learning_rate - end_learning_rate
        self.decay_steps, self.power, self.update_decay_steps = decay_steps, power, update_decay_steps

    def construct(self, global_step):
        step = _step(global_step)
        decay_steps: Any = float(self.decay_steps)
        if self.update_decay_steps:
            decay_steps = decay_steps * torch.clamp(torch.ceil(step / decay_steps), min=1.0)
        else:
            step = torch.clamp(step, max=decay_steps)
        p = step / decay_steps
        return self.diff_learning_rate * torch.pow(1.0 - p, self.power) + self.end_learning_rate


class WarmUpLR(LearningRateSchedule):
    def __init__(self, learning_rate: float, warmup_steps: int) -> None:
        super().__init__()
        _check_float(learning_rate, "learning_rate", "WarmUpLR", positive=False)
        _check_positive_int(warmup_steps, "warmup_steps", "WarmUpLR")
        self.learning_rate, self.warmup_steps = learning_rate, warmup_steps

    def construct(self, global_step):
        return self.learning_rate * (torch.clamp(_step(global_step), max=self.warmup_steps) / self.warmup_steps)


class _ConvertToCell(LearningRateSchedule):
    """A fixed group rate as a schedule, used when another group's rate is dynamic."""

    def __init__(self, learning_rate) -> None:
        super().__init__()
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return self.learning_rate + 1.0 - 1.0


class _IteratorLearningRate(LearningRateSchedule):
    """A list or 1-D Tensor of learning rates, indexed by global_step; past its end MindSpore raises."""

    def __init__(self, learning_rate: torch.Tensor, name: str = "learning_rate") -> None:
        super().__init__()
        from mindshim.common.parameter import Parameter
        if not isinstance(learning_rate, torch.Tensor):
            raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be Tensor, "
                            f"but got {type(learning_rate)}.")
        if learning_rate.dim() != 1:
            raise ValueError(f"For 'Optimizer', the dimension of the argument 'learning_rate' should be 1, "
                             f"but got {learning_rate.dim()}.")
        self.learning_rate = Parameter(learning_rate, name=name)

    def construct(self, global_step):
        n = self.learning_rate.numel()
        if torch.compiler.is_compiling():  # no host read inside a graph: the optimizer checks the bound on the
            idx = global_step.reshape(-1)[:1].long()  # host before each compiled step (no device assert on CUDA)
            if idx.device.type == "cpu":
                torch._assert_async(((idx >= 0) & (idx < n)).all(),
                                    "For 'Gather', the dynamic learning rate has fewer entries than training steps.")
            return self.learning_rate.index_select(0, idx.clamp(0, n - 1))
        idx = int(global_step.reshape(-1)[0])  # a host read: the range check needs the value
        check_step_in_range(idx, n)
        return self.learning_rate[idx:idx + 1]


def check_step_in_range(step: int, entries: int) -> None:
    if not 0 <= step < entries:
        raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [0, {entries}), "
                           f"but got {step}: the dynamic learning rate has fewer entries than training steps.")


__all__ = ["LearningRateSchedule", "ExponentialDecayLR", "NaturalExpDecayLR", "InverseDecayLR", "CosineDecayLR",
           "PolynomialDecayLR", "WarmUpLR"]
