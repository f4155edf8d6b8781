"""nn.FTRL on MindSpore's ApplyFtrl (deprecated in MindSpore 2.9).

accum_new = accum + g^2; linear += g - (accum_new^-lr_power - accum^-lr_power) / lr * param;
param = (sign(linear) * l1 - linear) / (accum_new^-lr_power / lr + 2 * l2) where |linear| > l1, else 0;
accum = accum_new. The learning rate is a fixed positive float only (a list, Tensor, schedule or group
'lr' raises, as in MindSpore). Without groups weight decay applies to every parameter, beta/gamma
included. State: `moments.<param>` (initial_accum), `linear.<param>` (zeros).
The update runs as foreach kernels: the op count does not grow with the parameters.
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim._checks import check_bool, check_float
from mindshim.nn.optim.optimizer import Optimizer, state_like


class FTRL(Optimizer):
    def __init__(self, params: Iterable, initial_accum: float = 0.1, learning_rate: Any = 0.001,
                 lr_power: float = -0.5, l1: float = 0.0, l2: float = 0.0, use_locking: bool = False,
                 loss_scale: float = 1.0, weight_decay: Any = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale=loss_scale)
        if self.dynamic_lr or self.is_group_lr:
            raise ValueError(f"For 'FTRL', dynamic learning rate and group learning rate are currently not supported "
                             f"in FTRL, they should all be false, but got dynamic learning rate {self.dynamic_lr} and "
                             f"group learning rate {self.is_group_lr}.")
        for arg, value, op in (("initial_accum", initial_accum, ">="), ("learning_rate", learning_rate, ">"),
                               ("lr_power", lr_power, "<="), ("l1", l1, ">="), ("l2", l2, ">=")):
            check_float("FTRL", arg, value)
            if not {">=": value >= 0.0, ">": value > 0.0, "<=": value <= 0.0}[op]:
                raise ValueError(f"For 'FTRL', the argument '{arg}' must {op} 0.0, but got {value}.")
        check_bool("FTRL", "use_locking", use_locking)
        self.moments = state_like(self.parameters, "moments", init=initial_accum)
        self.linear = state_like(self.parameters, "linear")
        self.l1, self.l2, self.lr, self.lr_power, self.use_locking = l1, l2, learning_rate, lr_power, use_locking
        if not self.is_group:
            self.decay_flags = (True,) * len(self.parameters)
            self._decays = [self.weight_decay if self.dynamic_weight_decay else float(self.weight_decay)
                            ] * len(self.parameters)

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        power, acc, lin = -self.lr_power, list(self.moments), list(self.linear)
        acc_new = torch._foreach_mul(grads, grads)
        torch._foreach_add_(acc_new, acc)  # accum + g * g
        acc_new_pow = torch._foreach_pow(acc_new, power)
        shift = torch._foreach_sub(acc_new_pow, torch._foreach_pow(acc, power))
        torch._foreach_div_(shift, lr)
        torch._foreach_mul_(shift, params)
        torch._foreach_add_(lin, torch._foreach_sub(grads, shift))  # linear += g - (...) / lr * param
        quadratic = acc_new_pow
        torch._foreach_div_(quadratic, lr)
        torch._foreach_add_(quadratic, 2.0 * self.l2)
        value = torch._foreach_sign(lin)
        torch._foreach_mul_(value, self.l1)
        torch._foreach_sub_(value, lin)  # sign(linear) * l1 - linear
        # where(|linear| > l1, value / quadratic, 0) without a select: keep = 1 where |linear| - l1 > 0 (the same
        # test: a difference of floats is 0 only when they are equal), else 0. The dropped entries become
        # +0 / (quadratic + 1), so a 0 / 0 (quadratic is 0 where accum is 0 and l2 == 0; linear is then 0 too)
        # cannot leak; the kept ones divide the same numbers as before. A NaN linear gives NaN, not 0.
        keep = torch._foreach_abs(lin)
        torch._foreach_sub_(keep, self.l1)
        torch._foreach_sign_(keep)
        torch._foreach_clamp_min_(keep, 0.0)
        torch._foreach_mul_(value, keep)
        torch._foreach_add_(value, 0.0)  # -0 -> +0, as the zeros of the select
        torch._foreach_sub_(keep, 1.0)  # 0 where kept, -1 where dropped
        torch._foreach_sub_(quadratic, keep)
        torch._foreach_div_(value, quadratic)
        torch._foreach_copy_(params, value)
        torch._foreach_copy_(acc, acc_new)


__all__ = ["FTRL"]
