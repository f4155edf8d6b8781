"""nn.ASGD (averaged SGD) on MindSpore's update, per parameter with step t = global_step after this step's
increment:
    eta = lr                                  on the first step only (eta starts at 0)
    param = param * (1 - lambd * eta) - eta * g
    ax = param                                 when mu == 1, else ax += (param - ax) * mu
    eta = lr / (1 + lambd * lr * t) ** alpha;  mu = 1 / max(1, t - t0)
Float16 parameters are updated in float32 and cast back.
State: `mu_<param>` (0-D, 1.0), `eta_<param>` (0-D, 0.0), `ax_.<param>` (zeros). No loss_scale argument.
The first-step choice is a tensor select and the mu == 1 choice arithmetic on the 0-D states, so a compiled step
needs no host read. The update runs as foreach kernels: the op count does not grow with the parameters.
"""
from __future__ import annotations

from typing import Any, Iterable

import numpy as np
import torch

from mindshim.common.parameter import ParameterTuple
from mindshim.common.tensor import Tensor
from mindshim.nn.optim._checks import check_float
from mindshim.nn.optim.optimizer import Optimizer, pick, rate_groups, scalar_param, state_like


class ASGD(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any = 0.1, lambd: float = 1e-4, alpha: float = 0.75,
                 t0: float = 1e6, weight_decay: Any = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay)
        for arg, value in (("lambd", lambd), ("alpha", alpha), ("t0", t0)):
            check_float("ASGD", arg, value)
        self.lambd, self.alpha = lambd, alpha
        self.t0 = Tensor(np.array([t0], np.float32))
        self.mu = ParameterTuple([scalar_param(1.0, "mu_" + p.name) for p in self.parameters])
        self.eta = ParameterTuple([scalar_param(0.0, "eta_" + p.name) for p in self.parameters])
        self.ax = state_like(self.parameters, "ax_")
        self.lens = len(self.parameters)

    def construct(self, gradients: Any) -> bool:
        super().construct(gradients)
        return True  # MindSpore's loop-based construct returns a single True, not one per parameter

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        n = len(params)
        step = self.global_step.reshape(()).to(torch.float32)
        first = step == 1.0
        etas, mus, ax = list(self.eta), list(self.mu), list(self.ax)
        groups = rate_groups(lr, n)
        rates = [step] * n
        for idx, r, _ in groups:
            r = _rate(r)
            for i in idx:
                rates[i] = r
        # eta = where(first, r, eta) on the stacked 0-D states (three ops for any number of parameters)
        eta = torch.where(first, rates[0] if len(groups) == 1 else torch.stack(rates), torch.stack(etas)).unbind()
        scale = torch._foreach_mul(eta, self.lambd)
        torch._foreach_neg_(scale)
        torch._foreach_add_(scale, 1.0)  # 1 - lambd * eta (-x + 1 rounds as 1 - x)
        new = _float32(params)  # the float32 parameters themselves, updated in place; float32 copies of others
        torch._foreach_mul_(new, scale)
        torch._foreach_sub_(new, torch._foreach_mul(_float32(grads), eta))  # param * (1 - lambd * eta) - eta * g
        # ax = where(mu != 1, ax + ((new - ax) * mu).to(ax.dtype), param): ax is first multiplied by
        # |sign(mu - 1)|, 1 where mu != 1, 0 where mu == 1; there ax + (new - 0) * 1 cast to ax's dtype is the cast
        # parameter (up to the sign of a zero; an infinite ax would give NaN).
        keep = torch._foreach_sub(mus, 1.0)
        torch._foreach_sign_(keep)
        torch._foreach_abs_(keep)
        torch._foreach_mul_(ax, keep)
        delta = list(torch._foreach_sub(new, _float32(ax, half=False)))  # float32: new is a float32 shaped like ax
        torch._foreach_mul_(delta, mus)
        narrow = [i for i, a in enumerate(ax) if a.dtype in _HALF]
        via = [i for i in narrow if params[i].dtype == ax[i].dtype]
        if via:  # delta.to(ax.dtype) in one kernel, through the parameter (same dtype), rewritten below
            torch._foreach_copy_(pick(params, via), pick(delta, via))
        for i in narrow:
            delta[i] = params[i] if params[i].dtype == ax[i].dtype else delta[i].to(ax[i].dtype)
        torch._foreach_add_(ax, delta)
        cast = [i for i, p in enumerate(params) if p.dtype != torch.float32]
        if cast:
            torch._foreach_copy_(pick(params, cast), pick(new, cast))
        # eta = r / (1 + lambd * r * t) ** alpha; mu = 1 / max(1, t - t0), on the 0-D states
        base = torch._foreach_mul(rates, self.lambd)
        torch._foreach_mul_(base, step)
        torch._foreach_add_(base, 1.0)
        torch._foreach_pow_(base, self.alpha)
        torch._foreach_copy_(etas, torch._foreach_div(rates, base))
        mu = torch.reciprocal(torch.clamp_min(step - self.t0.reshape(()), 1.0))  # 1.0 / x is reciprocal(x) * 1.0
        torch._foreach_copy_(mus, [mu] * n)


_HALF = (torch.float16, torch.bfloat16)


def _rate(r: Any) -> torch.Tensor:
    """A learning rate as a 0-D float32 tensor; no op when it is one already."""
    if not isinstance(r, torch.Tensor) or r.dtype != torch.float32:
        r = torch.as_tensor(r, dtype=torch.float32)
    return r if r.dim() == 0 else r.reshape(())


def _float32(tensors: list, half: bool = True) -> list:
    """The tensors in float32, as MindSpore casts them: float32 ones as they are; float16/bfloat16 ones (unless
    `half` is False) in one foreach multiply by a float32 one shaped (1,) * dim (a dimensioned float32 operand
    promotes them, a 0-D one would not); float64 ones one by one."""
    out = list(tensors)
    idx = [i for i, t in enumerate(tensors) if t.dtype in _HALF] if half else []
    if idx:
        one = torch.ones((), dtype=torch.float32, device=tensors[idx[0]].device)
        ones = {d: one.expand((1,) * d) for d in {tensors[i].dim() for i in idx}}
        for i, t in zip(idx, torch._foreach_mul(pick(tensors, idx), [ones[tensors[i].dim()] for i in idx])):
            out[i] = t
    for i, t in enumerate(tensors):
        if t.dtype != torch.float32 and t.dtype not in _HALF:
            out[i] = t.float()
    return out


__all__ = ["ASGD"]
