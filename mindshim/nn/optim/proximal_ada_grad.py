"""nn.ProximalAdagrad on MindSpore's ApplyProximalAdagrad (deprecated in MindSpore 2.9).

accum += g^2; lr_t = lr / sqrt(accum); prox = param - lr_t * g;
param = sign(prox) * max(|prox| - lr_t * l1, 0) / (1 + lr_t * l2)   (l1 > 0)
param = prox / (1 + lr_t * l2)                                       (l1 == 0)
State: `accum.<param>`, initialised to `accum` (0.1 by default).
The update runs as foreach kernels (one per op, the rate spread once per learning-rate group).
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim._checks import check_bool, check_float, check_non_negative
from mindshim.nn.optim.optimizer import Optimizer, pick, rate_groups, state_like


class ProximalAdagrad(Optimizer):
    def __init__(self, params: Iterable, accum: float = 0.1, learning_rate: Any = 0.001, l1: float = 0.0,
                 l2: float = 0.0, use_locking: bool = False, loss_scale: float = 1.0, weight_decay: Any = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        for arg, value in (("accum", accum), ("l1", l1), ("l2", l2)):
            check_float("ProximalAdagrad", arg, value)
        check_bool("ProximalAdagrad", "use_locking", use_locking)
        for arg, value in (("accum", accum), ("l1", l1), ("l2", l2)):
            check_non_negative("ProximalAdagrad", arg, value)
        self.accum = state_like(self.parameters, "accum", init=accum)
        self.l1, self.l2, self.use_locking = l1, l2, use_locking

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        accum = list(self.accum)
        torch._foreach_addcmul_(accum, grads, grads)
        root = torch._foreach_sqrt(accum)
        # lr_t = r / sqrt(accum). No foreach divides a scalar by tensors, so r is first spread over tensors shaped
        # like the parameters (pow(x, 0) is 1 for every x, inf and NaN included; 1 * r is r in the parameter's
        # dtype, as the division casts it) and then divided: the same division, bit for bit.
        lr_t = torch._foreach_pow(root, 0.0)
        for idx, r, _ in rate_groups(lr, len(params)):
            torch._foreach_mul_(pick(lr_t, idx), r)
        torch._foreach_div_(lr_t, root)
        prox = torch._foreach_sub(params, torch._foreach_mul(lr_t, grads))  # param - lr_t * g
        if self.l1 > 0.0:  # sign(prox) * max(|prox| - lr_t * l1, 0)
            shrink = torch._foreach_abs(prox)
            torch._foreach_sub_(shrink, torch._foreach_mul(lr_t, self.l1))
            torch._foreach_clamp_min_(shrink, 0.0)
            torch._foreach_sign_(prox)
            torch._foreach_mul_(prox, shrink)
        denom = torch._foreach_mul(lr_t, self.l2)
        torch._foreach_add_(denom, 1.0)  # 1 + lr_t * l2
        torch._foreach_div_(prox, denom)
        torch._foreach_copy_(params, prox)


__all__ = ["ProximalAdagrad"]
