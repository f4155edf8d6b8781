"""nn.Lamb on the update of MindSpore's Lamb kernel (GPU/Ascend; MindSpore 2.10 has no CPU kernel and
raises RuntimeError on CPU, so this follows the GPU kernel). With t = global_step after this step's
increment:
    m = beta1 * m + (1 - beta1) * g;  v = beta2 * v + (1 - beta2) * g^2
    update = (m / (1 - beta1^t)) / (sqrt(v / (1 - beta2^t)) + eps) + wd * param
    trust = ||param|| / ||update||  (1 when either norm is 0; not clipped)
    param -= lr * trust * update
Weight decay enters the update, never the gradient, and only for parameters the decay filter keeps
(no 'beta'/'gamma' in the name without groups). No loss_scale argument: gradients are used as given.
State: `lamb_m.<param>`, `lamb_v.<param>` (zeros).
"""
from __future__ import annotations

from typing import Any, Iterable

import torch

from mindshim.nn.optim._checks import check_betas
from mindshim.nn.optim.optimizer import Optimizer, pick, rate_groups, state_like


class Lamb(Optimizer):
    def __init__(self, params: Iterable, learning_rate: Any, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-6, weight_decay: Any = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay)
        check_betas("Lamb", beta1, beta2, eps)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.moments1 = state_like(self.parameters, "lamb_m")
        self.moments2 = state_like(self.parameters, "lamb_v")

    def _prepare(self, gradients: Any) -> tuple[list, Any]:
        grads = tuple(gradients)  # Lamb only centralizes: no decay on the gradient, no unscaling
        if len(grads) != self.param_length:
            raise ValueError(f"For 'Lamb', got {len(grads)} gradients for {self.param_length} parameters.")
        self._step_decays = self._current_decays()
        lr = self.get_lr()
        self.global_step.add_(1)
        return list(self.gradients_centralization(grads)), lr

    def _apply(self, params: list, grads: list, lr: Any) -> None:
        """One foreach kernel per op for all parameters (per decay group for the decay), the trust ratios of all
        parameters in one go: a BERT-sized model is ~200 parameters, and a loop launched ~10 kernels for each."""
        t = self.global_step.reshape(()).to(torch.float32)
        bias1 = 1.0 - torch.pow(self.beta1, t)
        bias2 = 1.0 - torch.pow(self.beta2, t)
        m, v = list(self.moments1), list(self.moments2)
        torch._foreach_mul_(m, self.beta1)
        torch._foreach_add_(m, grads, alpha=1.0 - self.beta1)
        torch._foreach_mul_(v, self.beta2)
        torch._foreach_addcmul_(v, grads, grads, value=1.0 - self.beta2)
        denom = torch._foreach_div(v, bias2)
        torch._foreach_sqrt_(denom)
        torch._foreach_add_(denom, self.eps)
        updates = torch._foreach_div(m, bias1)
        torch._foreach_div_(updates, denom)
        updates = list(updates)
        for idx, _, wd in rate_groups(0.0, len(params), self._step_decays):  # + wd * param where it applies
            if isinstance(wd, torch.Tensor):
                for i in idx:
                    updates[i] = updates[i] + wd * params[i]
            elif wd:
                torch._foreach_add_(pick(updates, idx), torch._foreach_mul(pick(params, idx), wd))
        w_norm = torch.stack(torch._foreach_norm(params))
        u_norm = torch.stack(torch._foreach_norm(updates))
        trust = torch.where((w_norm > 0) & (u_norm > 0), w_norm / u_norm, torch.ones_like(w_norm))
        if isinstance(lr, tuple):  # group learning rates: one per parameter
            lr = torch.stack([torch.as_tensor(r, dtype=trust.dtype, device=trust.device).reshape(()) for r in lr])
        scales = list((lr * trust).unbind())  # lr * trust, then times the update
        torch._foreach_sub_(params, torch._foreach_mul(updates, scales))


__all__ = ["Lamb"]
