"""Schedulers that follow a periodic curve: CosineAnnealingLR (recursive form, closed form for step(epoch)),
CosineAnnealingWarmRestarts (its own step: `T_cur`/`T_i` float32 Parameters) and CyclicLR (triangular,
triangular2, exp_range or a user scale_fn, which receives a float32 Tensor: the cycle or `last_epoch`)."""
from __future__ import annotations

import math
from typing import Any, Callable

import torch

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.experimental.optim.lr_scheduler._base import LRScheduler, assign, epoch_of, scaled, snapshot


class CosineAnnealingLR(LRScheduler):
    """CosineAnnealingLR(optimizer, T_max, eta_min=0.0, last_epoch=-1)."""

    def __init__(self, optimizer: Any, T_max: int, eta_min: Any = 0.0, last_epoch: int = -1) -> None:  # noqa: N803
        if not isinstance(eta_min, (float, int)):
            raise TypeError(f"For 'CosineAnnealingLR', the 'eta_min' must be float or int, but got {type(eta_min)}.")
        if not isinstance(T_max, int):
            raise TypeError(f"For 'CosineAnnealingLR', the 'T_max' must be int, but got {type(eta_min)}.")
        self.T_max = T_max
        self.eta_min = eta_min
        self.math_pi = math.pi
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        epoch, t_max, eta_min = self._epoch(), self.T_max, self.eta_min
        if epoch == 0:
            return scaled(self._last_lr, 1.0)
        if (epoch - 1 - t_max) % (2 * t_max) == 0:
            rise = (1 - math.cos(math.pi / t_max)) / 2
            return [scaled([lr], 1.0)[0] + (scaled([base], 1.0)[0] - eta_min) * rise
                    for base, lr in zip(self.base_lrs, self._last_lr)]
        ratio = (1 + math.cos(math.pi * epoch / t_max)) / (1 + math.cos(math.pi * (epoch - 1) / t_max))
        return [(scaled([lr], 1.0)[0] - eta_min) * ratio + eta_min for lr in self._last_lr]

    def _get_closed_form_lr(self) -> list[Tensor]:
        cosine = (1 + math.cos(math.pi * self._epoch() / self.T_max)) / 2
        return [(scaled([base], 1.0)[0] - self.eta_min) * cosine + self.eta_min for base in self.base_lrs]


class CosineAnnealingWarmRestarts(LRScheduler):
    """CosineAnnealingWarmRestarts(optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1): cosine annealing restarted
    every T_i epochs, T_i growing by T_mult at each restart."""

    def __init__(self, optimizer: Any, T_0: int, T_mult: int = 1, eta_min: Any = 0,  # noqa: N803
                 last_epoch: int = -1) -> None:
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"T_0 should be an integer and equal or greater than 0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"T_mult should be an integer and equal or greater than 1, but got {T_mult}")
        self.T_0 = Parameter(Tensor(T_0, mstype.float32), name="T_0")
        self.T_i = Parameter(Tensor(T_0, mstype.float32), name="T_i")
        self.T_mult = T_mult
        validator.check_value_type("eta_min", eta_min, [float, int])
        self.eta_min = Tensor(eta_min)
        self.T_cur = Parameter(Tensor(last_epoch, mstype.float32), name="T_cur")
        self.increase_tensor = Tensor(1, mstype.int32)
        self.zero_tensor = Tensor(0, mstype.int32)
        self.math_pi = math.pi
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[Tensor]:
        with torch.no_grad():
            pct = Tensor(math.pi * epoch_of(self.T_cur) / epoch_of(self.T_i), mstype.float32)
            return [self.eta_min + (base - self.eta_min) * (1 + pct.cos()) / 2 for base in self.base_lrs]

    def step(self, epoch: Any = None) -> None:
        """Advance one epoch, or jump to `epoch` (T_cur and T_i recomputed from it)."""
        if epoch is None and self._epoch() < 0:
            epoch = 0
        if epoch is None:
            epoch = self._epoch() + 1
            self._advance()
        else:
            epoch = float(epoch)
            if epoch < 0:
                raise ValueError(f"epoch should be a non-negative integer, but got {epoch}")
            self._jump(epoch)
        assign(self.last_epoch, math.floor(epoch))
        for lr, value in zip(self._last_lr, self.get_lr()):
            assign(lr, value)

    def _advance(self) -> None:
        t_cur = epoch_of(self.T_cur) + 1
        t_i = epoch_of(self.T_i)
        if t_cur >= t_i:
            t_cur, t_i = t_cur - t_i, t_i * self.T_mult
        assign(self.T_cur, t_cur)
        assign(self.T_i, t_i)

    def _jump(self, epoch: float) -> None:
        t_0 = epoch_of(self.T_0)
        if epoch < t_0:
            assign(self.T_i, t_0)
            assign(self.T_cur, epoch)
        elif self.T_mult == 1:
            assign(self.T_cur, epoch % t_0)
        else:
            exp = int(math.log(epoch / t_0 * (self.T_mult - 1) + 1, self.T_mult))
            assign(self.T_cur, epoch - t_0 * (self.T_mult ** exp - 1) / (self.T_mult - 1))
            assign(self.T_i, t_0 * self.T_mult ** exp)


def _per_group(optimizer: Any, value: Any, name: str) -> list:
    count = len(optimizer.param_groups)
    if isinstance(value, (list, tuple)):
        if len(value) != count:
            raise ValueError(f"Expected {count} values for {name}, got {len(value)}")
        return list(value)
    return [value] * count


class CyclicLR(LRScheduler):
    """CyclicLR(optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode='triangular', gamma=1.0,
    scale_fn=None, scale_mode='cycle', last_epoch=-1)."""

    def __init__(self, optimizer: Any, base_lr: Any, max_lr: Any, step_size_up: Any = 2000,
                 step_size_down: Any = None, mode: str = "triangular", gamma: float = 1.0,
                 scale_fn: Callable | None = None, scale_mode: str = "cycle", last_epoch: int = -1) -> None:
        base_lrs = _per_group(optimizer, base_lr, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                assign(group["lr"], lr)
        self.max_lrs = [Tensor(lr) for lr in _per_group(optimizer, max_lr, "max_lr")]
        step_size_up = float(step_size_up)
        step_size_down = step_size_up if step_size_down is None else float(step_size_down)
        self.total_step_size = step_size_up + step_size_down
        self.step_up_ratio = step_size_up / self.total_step_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        self._scale_fn_ref: Callable | None = None
        self._init_scale_fn()
        super().__init__(optimizer, last_epoch)
        self.base_lrs = [Tensor(lr) for lr in base_lrs]

    def _init_scale_fn(self) -> None:
        if self._scale_fn_custom is not None:
            return
        fns = {"triangular": (self._triangular_scale_fn, "cycle"),
               "triangular2": (self._triangular2_scale_fn, "cycle"),
               "exp_range": (self._exp_range_scale_fn, "iterations")}
        self._scale_fn_ref, self.scale_mode = fns[self.mode]

    def scale_fn(self, x: Any) -> Any:
        return (self._scale_fn_custom or self._scale_fn_ref)(x)

    def _triangular_scale_fn(self, x: Any) -> float:
        return 1.0

    def _exp_range_scale_fn(self, x: Any) -> Any:
        return self.gamma ** x

    def _triangular2_scale_fn(self, x: Any) -> Any:
        return 1 / (2.0 ** (x - 1))

    def get_lr(self) -> list[Tensor]:
        with torch.no_grad():
            progress = 1.0 + self._epoch() / self.total_step_size
            cycle = math.floor(progress)
            x = progress - cycle
            ratio = self.step_up_ratio
            factor = x / ratio if x <= ratio else (x - 1) / (ratio - 1)
            point = Tensor(float(cycle), mstype.float32) if self.scale_mode == "cycle" else self.last_epoch
            scale = self.scale_fn(point)
            return [snapshot(base) + (snapshot(top) - snapshot(base)) * factor * scale
                    for base, top in zip(self.base_lrs, self.max_lrs)]


__all__ = ["CosineAnnealingLR", "CosineAnnealingWarmRestarts", "CyclicLR"]
