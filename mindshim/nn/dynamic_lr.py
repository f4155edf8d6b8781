"""mindspore.nn.dynamic_lr: lists of per-step learning rates (one entry per training step)."""
from __future__ import annotations

import math


def _check(total_step: int, step_per_epoch: int, decay_epoch: int) -> None:
    for name, v in (("total_step", total_step), ("step_per_epoch", step_per_epoch), ("decay_epoch", decay_epoch)):
        if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
            raise ValueError(f"For dynamic_lr, '{name}' must be a positive int, but got {v!r}.")


def piecewise_constant_lr(milestone: list, learning_rates: list) -> list:
    if len(milestone) != len(learning_rates):
        raise ValueError("For 'piecewise_constant_lr', 'milestone' and 'learning_rates' must have the same length.")
    out, last = [], 0
    for m, lr in zip(milestone, learning_rates):
        if m <= last:
            raise ValueError("For 'piecewise_constant_lr', 'milestone' must be strictly increasing.")
        out += [lr] * (m - last)
        last = m
    return out


def _epochs(total_step: int, step_per_epoch: int):
    return (math.floor(i / step_per_epoch) for i in range(total_step))


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    _check(total_step, step_per_epoch, decay_epoch)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        p = math.floor(e / decay_epoch) if is_stair else e / decay_epoch
        out.append(learning_rate * decay_rate ** p)
    return out


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    _check(total_step, step_per_epoch, decay_epoch)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        p = math.floor(e / decay_epoch) * decay_epoch if is_stair else e
        out.append(learning_rate * math.e ** (-decay_rate * p))
    return out


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    _check(total_step, step_per_epoch, decay_epoch)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        p = math.floor(e / decay_epoch) if is_stair else e / decay_epoch
        out.append(learning_rate / (1 + decay_rate * p))
    return out


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch):
    _check(total_step, step_per_epoch, decay_epoch)
    return [min_lr + 0.5 * (max_lr - min_lr) * (1 + math.cos(math.pi * min(e, decay_epoch) / decay_epoch))
            for e in _epochs(total_step, step_per_epoch)]


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch, decay_epoch, power,
                        update_decay_epoch=False):
    _check(total_step, step_per_epoch, decay_epoch)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        if update_decay_epoch:
            de = decay_epoch * max(math.ceil(e / decay_epoch), 1)
            tmp = e
        else:
            de, tmp = decay_epoch, min(e, decay_epoch)
        out.append((learning_rate - end_learning_rate) * (1 - tmp / de) ** power + end_learning_rate)
    return out


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch):
    _check(total_step, step_per_epoch, warmup_epoch)
    return [learning_rate * min(e, warmup_epoch) / warmup_epoch for e in _epochs(total_step, step_per_epoch)]


__all__ = ["piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr",
           "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr"]
