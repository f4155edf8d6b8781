"""nn.Rprop on MindSpore's update, per parameter (step t = global_step after this step's increment):
    step_size = lr everywhere on the first step, else the stored step_size
    s = sign(g * prev) mapped +1 -> etaplus, -1 -> etaminus, 0 -> 1
    step_size = clip(step_size * s, min_step, max_step)
    g' = 0 where s == etaminus (the sign flipped), else g
    param -= sign(g') * step_size;  prev = g'
State: `prev.<param>`, `step_size.<param>` (zeros). No loss_scale argument. Only the first step's learning
rate is ever used. The first-step choice is a clamp to bounds picked by a 0-D tensor select, so a compiled step
needs no host read. The update runs as foreach kernels: the op count does not grow with the parameters.
"""
from __future__ import annotations

import math
from typing import Any, Iterable

import torch

from mindshim.nn.optim._checks import check_float, check_open_unit
from mindshim.nn.optim.optimizer import Optimizer, pick, rate_groups, state_like


class Rprop(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 0.1, etas: tuple = (0.5, 1.2),
                 step_sizes: tuple = (1e-6, 50.), weight_decay: Any = 0.) -> None:
        super().__init__(learning_rate, params, weight_decay)
        if not isinstance(etas, tuple):
            raise TypeError(f"For Rprop, etas must be a tuple, but got {type(etas)}.")
        if len(etas) != 2:
            raise ValueError(f"For Rprop, etas must be a tuple with the size of 2, but got {len(etas)}.")
        if not isinstance(step_sizes, tuple):
            raise TypeError(f"For Rprop, step_sizes must be a tuple, but got {type(step_sizes)}.")
        if len(step_sizes) != 2:
            raise ValueError(f"For Rprop, step_sizes must be a tuple with the size of 2, but got {len(step_sizes)}.")
        if step_sizes[0] > step_sizes[1]:
            raise ValueError(f"For Rprop, maximal step size should not be less than minimal step size, but got "
                             f"{step_sizes[0]} > {step_sizes[1]}.")
        if not isinstance(etas[0], float):
            raise TypeError(f"For 'Rprop', the 'etaminus' must be 'float',  but got '{type(etas[0]).__name__}'.")
        check_open_unit("Rprop", "etaminus", etas[0])
        check_float("Rprop", "etaplus", etas[1])
        if etas[1] <= 1.0:
            raise ValueError(f"For Rprop, etaplus must be greater than 1.0, but got etaplus {etas[1]}.")
        check_float("Rprop", "min_step_sizes", step_sizes[0])
        check_float("Rprop", "max_step_sizes", step_sizes[1])
        self.etaminus, self.etaplus = etas
        self.step_size_min, self.step_size_max = step_sizes
        self.prev = state_like(self.parameters, "prev")
        self.step_size = state_like(self.parameters, "step_size")

    def construct(self, gradients: Any) -> bool:
        super().construct(gradients)
        return True  # MindSpore's loop-based construct returns a single True, not one per parameter

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        n = len(params)
        first = self.global_step.reshape(()) == 1
        dtypes = [p.dtype if p.dtype in (torch.float16, torch.bfloat16) else torch.float32 for p in params]
        work, grads = _cast(params, dtypes), _cast(grads, dtypes)
        low, high = [first] * n, [first] * n
        for idx, r, _ in rate_groups(lr, n):
            bounds = torch.where(first, r, -math.inf), torch.where(first, r, math.inf)
            for i in idx:
                low[i], high[i] = bounds
        # step_size = where(first, r, step_size), exact for every value: clamped to [r, r] on the first step
        cur = torch._foreach_minimum(_cast(list(self.step_size), dtypes), high)
        torch._foreach_maximum_(cur, low)
        sign = torch._foreach_mul(grads, _cast(list(self.prev), dtypes))
        torch._foreach_sign_(sign)
        up = torch._foreach_clamp_min(sign, 0.0)  # 1 where g * prev > 0
        torch._foreach_clamp_max_(sign, 0.0)  # -1 where g * prev < 0 (the sign flipped)
        # s = etaplus * up + etaminus * -sign + (1 - up + sign): one term is nonzero, so s holds exactly the
        # values full_like(etaplus / etaminus / 1) does in the compute dtype
        scale = torch._foreach_sub(sign, up)
        torch._foreach_add_(scale, 1.0)
        torch._foreach_add_(scale, up, alpha=self.etaplus)
        torch._foreach_add_(scale, sign, alpha=-self.etaminus)
        torch._foreach_mul_(cur, scale)
        torch._foreach_clamp_min_(cur, self.step_size_min)
        torch._foreach_clamp_max_(cur, self.step_size_max)
        # g' = where(flipped, 0, g), exact for infinite g too: g clamped to [0, 0] where flipped, to [-inf, inf]
        # else; 1 / sign is -1 where flipped and +inf elsewhere
        torch._foreach_reciprocal_(sign)
        g_high = torch._foreach_add(sign, 1.0)
        torch._foreach_neg_(sign)
        torch._foreach_sub_(sign, 1.0)
        g_used = torch._foreach_minimum(grads, g_high)
        torch._foreach_maximum_(g_used, sign)
        step = torch._foreach_sign(g_used)
        torch._foreach_mul_(step, cur)
        torch._foreach_sub_(work, step)  # param - sign(g') * step_size
        cast = [i for i, (p, w) in enumerate(zip(params, work)) if p is not w]
        if cast:
            torch._foreach_copy_(pick(params, cast), pick(work, cast))
        torch._foreach_copy_(list(self.prev), g_used)
        torch._foreach_copy_(list(self.step_size), cur)


def _cast(tensors: list, dtypes: list) -> list:
    """The tensors in their compute dtypes; only a tensor of another dtype (a float64 parameter) is converted."""
    return [t if t.dtype == d else t.to(d) for t, d in zip(tensors, dtypes)]


__all__ = ["Rprop"]
