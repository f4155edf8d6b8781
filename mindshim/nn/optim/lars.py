"""nn.LARS: a wrapper that rescales the gradients of another optimizer (deprecated in MindSpore 2.9).

For each parameter the filter keeps (default: no 'LayerNorm' and no 'bias' in the name), MindSpore's
LARSUpdate kernel (Ascend only; MindSpore 2.10 raises RuntimeError on CPU, so this follows the kernel's
definition) turns the unscaled gradient g into
    coeff = coefficient * ||w|| / (||g|| + wd * ||w|| + epsilon)
    coeff = clip(coeff / lr, 0, 1)                       (use_clip=True)
    g' = coeff * (g + wd * w)
where wd is the wrapped optimizer's weight decay for that parameter (0 where its decay filter skips it).
The wrapped optimizer then steps with its own weight decay and loss-scale handling switched off, so
parameters LARS skips get no weight decay at all. The step counter is the wrapped optimizer's
`global_step`; state names follow MindSpore (`fake_param`, `learning_rate` holding `fake_lr`, the
wrapped optimizer's state under `opt.`).
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np
import torch

from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.nn.optim._checks import check_bool, check_float
from mindshim.nn.optim.optimizer import Optimizer, _no_subclass, pick


def _default_filter(x: Parameter) -> bool:
    return "LayerNorm" not in x.name and "bias" not in x.name


class LARS(Optimizer):
    def __init__(self, optimizer: Optimizer, epsilon: float = 1e-05, coefficient: float = 0.001,
                 use_clip: bool = False, lars_filter: Callable[[Parameter], bool] = _default_filter) -> None:
        super().__init__(0.0, [Parameter(Tensor(np.array(0.0, np.float32)), name="fake_param")])
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"For 'LARS', the type of 'optimizer' should be 'Optimizer', but got type "
                            f"'{type(optimizer).__name__}'.")
        check_float("LARS", "epsilon", epsilon)
        check_float("LARS", "coefficient", coefficient)
        check_bool("LARS", "use_clip", use_clip)
        self.opt = optimizer
        self.epsilon, self.coefficient, self.use_clip = epsilon, coefficient, use_clip
        self.dynamic_decay_flags = optimizer.dynamic_decay_flags
        self.dynamic_weight_decay = optimizer.dynamic_weight_decay
        self.weight_decay = optimizer.weight_decay
        self.global_step = optimizer.global_step
        self.parameters = optimizer.parameters
        self.param_length = optimizer.param_length
        self._success = optimizer._success
        self.lars_flag = tuple(bool(lars_filter(p)) for p in self.parameters)
        self.is_group = optimizer.is_group
        self.learning_rate = Parameter(Tensor(np.array(0.0, np.float32)), name="fake_lr")
        self.decay_flags = optimizer.decay_flags
        self.reciprocal_scale, self.need_scale = optimizer.reciprocal_scale, optimizer.need_scale
        self.loss_scale = optimizer.loss_scale
        # the raw (not loss-scaled) decay per parameter: 0.0, a float, or a Cell called with global_step
        self._lars_decays = list(optimizer._decays)
        if use_clip:
            self.is_group_lr, self.dynamic_lr = optimizer.is_group_lr, optimizer.dynamic_lr
            self.origin_learning_rate = optimizer.learning_rate
            if self.is_group_lr and self.dynamic_lr:
                raise ValueError("For 'LARS', if the argument 'use_clip' is set to True, then the dynamic "
                                 "learning rate and group learning rate cannot both be true.")
        # the wrapped optimizer no longer decays nor unscales: LARS did both
        optimizer.dynamic_decay_flags = (False,) * len(self.parameters) if self.is_group else False
        optimizer.decay_flags = (False,) * len(self.parameters)
        optimizer.dynamic_weight_decay = False
        optimizer.exec_weight_decay = False
        optimizer._decays = [0.0] * len(self.parameters)
        optimizer.reciprocal_scale, optimizer.need_scale = 1.0, False

    def construct(self, gradients: Any) -> Any:
        with torch.no_grad(), _no_subclass():
            grads = list(gradients)
            if self.need_scale:
                grads = list(torch._foreach_mul(grads, self.reciprocal_scale))
            lrs = self.opt._per_param_lr(self.opt.get_lr(), len(grads)) if self.use_clip else None
            self._rescale(grads, lrs)
            # MindSpore's extra step count when only the decay schedule is dynamic
            extra_step = (self.dynamic_lr or self.dynamic_weight_decay) and not self.opt.dynamic_lr
        success = self.opt(tuple(grads))
        if extra_step:
            with torch.no_grad(), _no_subclass():
                self.global_step.add_(1)
        return success

    def _rescale(self, grads: list, lrs: list | None) -> None:
        """grads[i] = coeff_i * (g_i + wd_i * w_i) for the parameters the filter keeps: the norms and coefficients
        of all of them at once (foreach norms, one vector of coefficients), so the kernel count does not grow with
        the parameters; the same float32 operations as one parameter at a time."""
        idx = [i for i, flag in enumerate(self.lars_flag) if flag]
        if not idx:
            return
        cache: dict[int, Any] = {}  # a decay schedule shared by parameters runs once per step
        decays = [self._decay(i, cache) for i in idx]
        ps, gs = pick(list(self.parameters), idx), pick(grads, idx)
        if len({(t.dtype, t.device) for t in ps + gs}) > 1:  # mixed dtypes would promote in the stacked vectors
            for i, wd in zip(idx, decays):
                grads[i] = self._rescaled_one(self.parameters[i], grads[i], wd, None if lrs is None else lrs[i])
            return
        w_norm = torch.stack(torch._foreach_norm(ps))
        g_norm = torch.stack(torch._foreach_norm(gs))
        wd = self._decay_vector(decays, w_norm)
        coeff = self.coefficient * w_norm / (g_norm + wd * w_norm + self.epsilon)
        if lrs is not None:
            first = lrs[idx[0]]
            rates = first if all(lrs[i] is first for i in idx) else torch.stack(
                [torch.as_tensor(lrs[i], device=w_norm.device).reshape(()) for i in idx])
            coeff = torch.clamp(coeff / (rates.reshape(()) if isinstance(rates, torch.Tensor) else rates), 0.0, 1.0)
        if all(not isinstance(d, torch.Tensor) for d in decays):
            scaled = torch._foreach_mul(ps, decays)
        else:
            scaled = torch._foreach_mul(ps, list(wd.unbind()))
        torch._foreach_add_(scaled, gs)  # g + wd * w (addition commutes bit for bit)
        torch._foreach_mul_(scaled, list(coeff.unbind()))
        for i, g in zip(idx, scaled):
            grads[i] = g

    def _decay_vector(self, decays: list, like: torch.Tensor) -> torch.Tensor:
        """The decays as one vector; fixed float decays are built once and kept."""
        if any(isinstance(d, torch.Tensor) for d in decays):
            return torch.stack([torch.as_tensor(d, dtype=like.dtype, device=like.device).reshape(()) for d in decays])
        key = (tuple(decays), like.dtype, like.device)
        kept = self.__dict__.get("_lars_decay_vector")
        if kept is None or kept[0] != key:
            kept = (key, torch.tensor(decays, dtype=like.dtype, device=like.device))
            self.__dict__["_lars_decay_vector"] = kept
        return kept[1]

    def _decay(self, i: int, cache: dict) -> Any:
        """Parameter i's raw decay over the loss scale (a schedule Cell is called with global_step)."""
        wd = self._lars_decays[i]
        if isinstance(wd, Cell):
            wd = cache.setdefault(id(wd), wd(self.global_step))
        return wd / self.loss_scale

    def _rescaled_one(self, p: Any, g: Any, wd: Any, lr: Any) -> Any:
        w_norm, g_norm = torch.linalg.vector_norm(p), torch.linalg.vector_norm(g)
        coeff = self.coefficient * w_norm / (g_norm + wd * w_norm + self.epsilon)
        if lr is not None:
            coeff = torch.clamp(coeff / lr, 0.0, 1.0)
        return coeff * (g + wd * p)


__all__ = ["LARS"]
