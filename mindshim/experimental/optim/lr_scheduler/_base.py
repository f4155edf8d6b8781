"""LRScheduler, the base of MindSpore's torch-style schedulers. A scheduler writes the optimizer's own lr
Parameters (`optimizer.lrs`, the groups' 'lr'), so two schedulers on one optimizer chain, and counts epochs in
a float32 Parameter `last_epoch_<class>`. `get_last_lr()` returns float32 copies, as MindSpore's
`Parameter.value()` does. Steps run on the host once per epoch; epoch arithmetic is done in Python floats,
the rates themselves stay float32 tensors."""
from __future__ import annotations

from typing import Any

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor, plain, wrap
from mindshim.mint.optim.optimizer import Optimizer


def snapshot(value: Any) -> Tensor:
    """A float32 copy of a rate (a Parameter, Tensor or number), detached from it."""
    return wrap(torch.as_tensor(plain(value), dtype=torch.float32).detach().clone())


def assign(target: Parameter, value: Any) -> None:
    """MindSpore's ops.assign on a scheduler's Parameter: the value, cast to the target's dtype, in place."""
    with torch.no_grad():
        data = plain(target)
        data.copy_(torch.as_tensor(plain(value)).to(data.dtype))


def scaled(lrs: list, factor: Any) -> list[Tensor]:
    """lr * factor for each rate, in float32."""
    with torch.no_grad():
        return [wrap(torch.as_tensor(plain(lr), dtype=torch.float32) * plain(factor)) for lr in lrs]


def epoch_of(counter: Parameter) -> float:
    return float(plain(counter).detach())


def check_optimizer(optimizer: Any) -> None:
    if not isinstance(optimizer, Optimizer):
        raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")


def init_initial_lrs(optimizer: Optimizer, last_epoch: int) -> None:
    """Record each group's starting rate (`initial_lr`), or require it when resuming (last_epoch != -1)."""
    if last_epoch == -1:
        for group in optimizer.param_groups:
            group.setdefault("initial_lr", snapshot(group["lr"]))
        return
    for i, group in enumerate(optimizer.param_groups):
        if "initial_lr" not in group:
            raise KeyError(f"param 'initial_lr' is not specified in param_groups[{i}] when resuming an optimizer")


class LRScheduler:
    """LRScheduler(optimizer, last_epoch=-1): subclasses define `get_lr()` (the next rates from the current
    ones) and may define `_get_closed_form_lr()` (the rates at an explicit epoch, used by `step(epoch)`)."""

    def __init__(self, optimizer: Optimizer, last_epoch: int = -1) -> None:
        check_optimizer(optimizer)
        validator.check_value_type("last_epoch", last_epoch, [int])
        if last_epoch < -1:
            raise ValueError(f"Invalid last_epoch: {last_epoch}")
        init_initial_lrs(optimizer, last_epoch)
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.optimizer = optimizer
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = Parameter(Tensor(last_epoch, mstype.float32), name="last_epoch_" + type(self).__name__)
        self.increase_tensor = Tensor(1, mstype.int32)
        self.step()

    @staticmethod
    def get_lr() -> list:
        raise NotImplementedError

    def get_last_lr(self) -> list[Tensor]:
        """The rates the last step set, one float32 Tensor per group."""
        return [snapshot(lr) for lr in self._last_lr]

    def step(self, epoch: Any = None) -> bool:
        """Advance one epoch (or jump to `epoch`, through the closed form where the class has one)."""
        with torch.no_grad():
            if epoch is None:
                assign(self.last_epoch, epoch_of(self.last_epoch) + 1)
                values = self.get_lr()
            else:
                assign(self.last_epoch, epoch)
                closed = getattr(self, "_get_closed_form_lr", None)
                values = closed() if closed is not None else self.get_lr()
            for i in range(self.groups_num):
                assign(self._last_lr[i], values[i])
        return True

    def _epoch(self) -> float:
        return epoch_of(self.last_epoch)


__all__ = ["LRScheduler"]
