"""minimize(method='LAGRANGE'): MindSpore's augmented Lagrangian method. Each round runs `steps` Adam steps (MindSpore's
nn.Adam update, lr_t = lr * sqrt(1 - b2^t) / (1 - b1^t), eps outside the root) on
    obj_weight * f(x) + sigma / 2 * sum_i (relu(mu_i / sigma + c_i(x))^2 - (mu_i / sigma)^2),
x optionally squashed into [lower, upper]; then the multipliers mu (or the penalty sigma) are updated. MindSpore
stores the constraint values in a Parameter before the penalty reads them back, so no gradient flows through
the constraints: only the objective's gradient moves x (kept here). The best point is the last one whose
constraints (evaluated before the step) all lie below `tol` (the save tolerances) and whose objective beats the best
so far (the first step's objective to begin with); without bounds MindSpore's best point is the parameter itself,
so it is reported after that step."""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

import numpy as np
import torch

from mindshim.common.tensor import Tensor, wrap
from mindshim.scipy.optimize.line_search import plain

_BETA1, _BETA2, _EPS = 0.9, 0.999, 1e-8


class _LagrangeResults(NamedTuple):
    succeeded: bool
    best_value: Any
    object_value: Any
    loss_value: Any


def _squash(lower: Any, upper: Any) -> Callable:
    lb = None if lower is None else plain(lower).to(torch.float32)
    ub = None if upper is None else plain(upper).to(torch.float32)
    if lb is None and ub is None:
        return lambda x: x
    if lb is None:
        return lambda x: (-x) * x + ub
    if ub is None:
        return lambda x: x * x + lb
    return lambda x: (ub - lb) * torch.sigmoid(x) + lb


class _State:
    """The multipliers and penalty, float32 scalars as MindSpore keeps them."""

    def __init__(self, count: int) -> None:
        self.sigma = torch.tensor(1.0)
        self.epsilon = 1.0 / self.sigma ** 0.1
        self.eta = 1.0 / self.sigma
        self.mul = torch.ones(count)

    def update(self, losses: torch.Tensor) -> None:
        v = 0
        for i in range(len(self.mul)):
            v = v + torch.maximum(losses[i], -self.mul[i] / self.sigma) ** 2.0
        if bool(v ** 0.5 <= self.epsilon):
            self.mul = torch.clamp(self.mul + self.sigma * losses, min=0)
            self.eta = self.eta / self.sigma
            self.epsilon = self.epsilon / self.sigma ** torch.tensor(0.9)
        else:
            self.sigma = torch.tensor(1.1) * self.sigma
            self.eta = 1.0 / self.sigma
            self.epsilon = 1.0 / self.sigma ** torch.tensor(0.1)


def minimize_lagrange(func: Callable, x0: Tensor, constraints: Any, save_tol: Any = None, obj_weight: float = 1.0,
                      lower: Any = None, upper: Any = None, learning_rate: float = 0.1, coincide_fun: Any = None,
                      rounds: int = 10, steps: int = 1000, log_sw: bool = False) -> _LagrangeResults:
    count = len(constraints)
    squash, state = _squash(lower, upper), _State(count)
    param = plain(x0).detach().clone()
    m, v = torch.zeros_like(param), torch.zeros_like(param)
    tol = np.ones(count, np.float32) if save_tol is None else np.asarray(
        [plain(t).item() if isinstance(t, torch.Tensor) else t for t in save_tol])
    weight = torch.tensor(float(obj_weight))
    f0: Any = 0
    best, chk, loss_out = plain(x0).numpy(), False, None
    t = 0
    for j in range(rounds):
        for i in range(steps):
            p = param.clone().requires_grad_(True)
            with torch.enable_grad():
                x = squash(p)
                shared = None if coincide_fun is None else coincide_fun(wrap(x))
                call = (lambda f: f(wrap(x))) if coincide_fun is None else (lambda f: f(wrap(x), shared))
                losses = torch.stack([plain(call(c)).reshape(()).float() for c in constraints]).detach() if count \
                    else torch.zeros(0)
                shift = state.mul / state.sigma
                penalty = torch.sum(torch.relu(shift + losses) ** 2.0 - shift ** 2.0)
                objective = plain(call(func))
                lagrangian = weight * objective + state.sigma / 2 * penalty
                (grad,) = torch.autograd.grad(lagrangian, p)
            t += 1
            m = m + (grad - m) * (1 - _BETA1)
            v = v + (grad * grad - v) * (1 - _BETA2)
            lr_t = learning_rate * (1 - _BETA2 ** t) ** 0.5 / (1 - _BETA1 ** t)
            param = param - lr_t * m / (torch.sqrt(v) + _EPS)
            obj_now, losses_now = objective.detach().numpy(), losses.detach().numpy()
            if i == 0 and j == 0:
                f0 = obj_now
            if (losses_now - tol).max() < 0 and obj_now < f0:
                chk, loss_out, f0 = True, losses_now, obj_now
                best = (param if lower is None and upper is None else x).detach().numpy()
            last_losses = losses.detach()
        state.update(last_losses)
    loss_value = loss_out if chk else wrap(torch.ones(count))
    return _LagrangeResults(succeeded=chk, best_value=best, object_value=f0, loss_value=loss_value)
