"""mindspore.nn.dynamic_lr: lists of per-step learning rates (one Python float per training step).

Each helper evaluates MindSpore's formula in Python floats, in MindSpore's operation order, with
`current_epoch = floor(i / step_per_epoch)`; argument checks follow MindSpore's (rates must be
Python floats, counts positive ints: TypeError for a wrong type, ValueError for a bad value).
"""
from __future__ import annotations

import math
from typing import Any


def _positive_int(value: Any, name: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"The type of '{name}' must be 'int', but got '{type(value).__name__}'.")
    if value <= 0:
        raise ValueError(f"The '{name}' must be positive int, but got {value}.")


def _float(value: Any, name: str, api: str, positive: bool = True) -> None:
    if not isinstance(value, float):
        raise TypeError(f"For '{api}', the argument '{name}' must be type of float, but got '{name}' type: "
                        f"{type(value)}.")
    if value < 0 or (positive and value == 0):
        raise ValueError(f"For '{api}', the '{name}' must be {'> 0' if positive else '>= 0'}, but got {value}.")


def _bool(value: Any, name: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"The type of '{name}' must be 'bool', but got '{type(value).__name__}'.")


def piecewise_constant_lr(milestone: list, learning_rates: list) -> list:
    for name, value in (("milestone", milestone), ("learning_rates", learning_rates)):
        if not isinstance(value, (tuple, list)):
            raise TypeError(f"For 'piecewise_constant_lr', '{name}' must be a list or tuple, but got "
                            f"{type(value).__name__}.")
    if len(milestone) != len(learning_rates):
        raise ValueError(f"For 'piecewise_constant_lr', the size of 'milestone' must be same with the size of "
                         f"'learning_rates', but got 'milestone' size: {len(milestone)}, 'learning_rates' size: "
                         f"{len(learning_rates)}.")
    out: list = []
    last = 0
    for i, item in enumerate(milestone):
        _positive_int(item, f"milestone[{i}]")
        _float(learning_rates[i], f"learning_rates[{i}]", "piecewise_constant_lr", positive=False)
        if item < last:
            raise ValueError(f"For 'piecewise_constant_lr', the value of milestone[{i}] must be greater than "
                             f"milestone[{i - 1}], but got milestone[{i}]: {item}, milestone[{i - 1}]: {last}.")
        out += [learning_rates[i]] * (item - last)
        last = item
    return out


def _check_inputs(api: str, learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair) -> None:
    _positive_int(total_step, "total_step")
    _positive_int(step_per_epoch, "step_per_epoch")
    _positive_int(decay_epoch, "decay_epoch")
    _float(learning_rate, "learning_rate", api)
    _float(decay_rate, "decay_rate", api)
    _bool(is_stair, "is_stair")


def exponential_decay_lr(learning_rate: float, decay_rate: float, total_step: int, step_per_epoch: int,
                         decay_epoch: int, is_stair: bool = False) -> list:
    _check_inputs("exponential_decay_lr", learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                  is_stair)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        p = math.floor(epoch / decay_epoch) if is_stair else epoch / decay_epoch
        out.append(learning_rate * decay_rate ** p)
    return out


def natural_exp_decay_lr(learning_rate: float, decay_rate: float, total_step: int, step_per_epoch: int,
                         decay_epoch: int, is_stair: bool = False) -> list:
    _check_inputs("natural_exp_decay_lr", learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                  is_stair)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        p = math.floor(epoch / decay_epoch) * decay_epoch if is_stair else epoch
        out.append(learning_rate * math.e ** (-decay_rate * p))
    return out


def inverse_decay_lr(learning_rate: float, decay_rate: float, total_step: int, step_per_epoch: int,
                     decay_epoch: int, is_stair: bool = False) -> list:
    _check_inputs("inverse_decay_lr", learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        if is_stair:
            out.append(learning_rate / (1 + decay_rate * math.floor(epoch / decay_epoch)))
        else:
            out.append(learning_rate / (1 + decay_rate * epoch / decay_epoch))
    return out


def cosine_decay_lr(min_lr: float, max_lr: float, total_step: int, step_per_epoch: int, decay_epoch: int) -> list:
    _float(min_lr, "min_lr", "cosine_decay_lr", positive=False)
    _float(max_lr, "max_lr", "cosine_decay_lr")
    _positive_int(total_step, "total_step")
    _positive_int(step_per_epoch, "step_per_epoch")
    _positive_int(decay_epoch, "decay_epoch")
    if min_lr >= max_lr:
        raise ValueError(f"For 'cosine_decay_lr', the 'max_lr' must be greater than the 'min_lr', but got "
                         f"'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
    delta = 0.5 * (max_lr - min_lr)
    return [min_lr + delta * (1 + math.cos(math.pi * min(math.floor(i / step_per_epoch), decay_epoch) / decay_epoch))
            for i in range(total_step)]


def polynomial_decay_lr(learning_rate: float, end_learning_rate: float, total_step: int, step_per_epoch: int,
                        decay_epoch: int, power: float, update_decay_epoch: bool = False) -> list:
    _float(learning_rate, "learning_rate", "polynomial_decay_lr")
    _float(end_learning_rate, "end_learning_rate", "polynomial_decay_lr", positive=False)
    _float(power, "power", "polynomial_decay_lr")
    _positive_int(total_step, "total_step")
    _positive_int(step_per_epoch, "step_per_epoch")
    _positive_int(decay_epoch, "decay_epoch")
    _bool(update_decay_epoch, "update_decay_epoch")
    delta = learning_rate - end_learning_rate
    out = []
    for i in range(total_step):
        epoch = math.floor(i / step_per_epoch)
        if update_decay_epoch:
            steps, tmp = decay_epoch * max(math.ceil(epoch / decay_epoch), 1), epoch
        else:
            steps, tmp = decay_epoch, min(decay_epoch, epoch)
        out.append(delta * (1 - tmp / steps) ** power + end_learning_rate)
    return out


def warmup_lr(learning_rate: float, total_step: int, step_per_epoch: int, warmup_epoch: int) -> list:
    _float(learning_rate, "learning_rate", "warmup_lr", positive=False)
    _positive_int(warmup_epoch, "warmup_epoch")
    _positive_int(total_step, "total_step")
    _positive_int(step_per_epoch, "step_per_epoch")
    return [learning_rate * min(warmup_epoch, math.floor(i / step_per_epoch)) / warmup_epoch
            for i in range(total_step)]


__all__ = ["piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr",
           "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr"]
