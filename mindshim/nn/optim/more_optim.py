"""nn.AdaFactor and nn.AdamOffload.

Mapping decisions:
- AdamOffload is Adam's update (MindSpore runs it on the host with AdamNoUpdateParam; the math is Adam's), with
  MindSpore's AdamOffload signature and its (1,)-shaped `beta1_power`/`beta2_power`.
- AdaFactor (Shazeer & Stern) as MindSpore computes it: relative step size min(1e-2, 1/sqrt(step)) (or
  min(1e-6*step, ...) with warmup_init) unless a learning rate is given, scaled by max(eps[1], rms(param));
  factored second moments (row/column means) for parameters of rank >= 2; update clipped to rms
  <= clip_threshold; optional first moment (beta1 > 0); weight decay applied in the update (not to the
  gradient), and loss_scale is not applied (MindSpore's AdaFactor does neither through the base class).
  State: `exp_avg.<name>`, `exp_avg_sq_row_<name>`, `exp_avg_sq_col_<name>`, `exp_avg_sq_<name>`, `step`.
"""
from __future__ import annotations

from typing import Any, Iterable

import numpy as np
import torch

from mindshim import _checkparam as validator
from mindshim.common.parameter import Parameter, ParameterTuple
from mindshim.common.tensor import Tensor
from mindshim.nn.optim.adam import Adam
from mindshim.nn.optim.optimizer import Optimizer, _no_subclass, state_like


class AdamOffload(Adam):
    """nn.AdamOffload(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
    use_nesterov=False, weight_decay=0.0, loss_scale=1.0)."""

    def __init__(self, params: Iterable, learning_rate: Any = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, use_locking: bool = False, use_nesterov: bool = False, weight_decay: Any = 0.0,
                 loss_scale: float = 1.0) -> None:
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov, weight_decay,
                         loss_scale, use_offload=True)
        self.beta1_power = Parameter(Tensor(np.ones((1,), np.float32)), name="beta1_power")
        self.beta2_power = Parameter(Tensor(np.ones((1,), np.float32)), name="beta2_power")
        # the update is Adam._apply (foreach kernels): the same operations in the same order


def _rms(x: torch.Tensor) -> torch.Tensor:
    return torch.sqrt(torch.mean(torch.square(x)))


class AdaFactor(Optimizer):
    """nn.AdaFactor(params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0, decay_rate=0.8, beta1=0.9,
    weight_decay=0.0, scale_parameter=True, relative_step=True, warmup_init=False, compression=False,
    loss_scale=1.0)."""

    def __init__(self, params: Iterable, learning_rate: Any = None, eps: Any = (1e-30, 1e-3),
                 clip_threshold: float = 1.0, decay_rate: float = 0.8, beta1: Any = 0.9, weight_decay: float = 0.0,
                 scale_parameter: bool = True, relative_step: bool = True, warmup_init: bool = False,
                 compression: bool = False, loss_scale: float = 1.0) -> None:
        if learning_rate is not None and relative_step:
            raise ValueError("Cannot combine manual lr and relative_step options", learning_rate)
        if warmup_init and not relative_step:
            raise ValueError("warmup_init requires relative_step=True")
        if learning_rate is None and not relative_step:
            raise ValueError("Cannot learning_rate is None and relative_step=False")
        learning_rate = 0.0 if learning_rate is None else learning_rate
        beta1 = 0.0 if beta1 is None else beta1
        self_scale_lr = isinstance(learning_rate, (float, int))
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        cls = "AdaFactor"
        validator.check_value_type("eps", eps, [list, tuple], cls)
        if len(eps) != 2:
            raise ValueError("eps must have 2 value: (eps1, eps2).")
        for i, e in enumerate(eps):
            validator.check_value_type(f"eps{i}", e, [float], cls)
            validator.check_non_negative_float(e, f"eps{i}", cls)
        validator.check_value_type("clip_threshold", clip_threshold, [float], cls)
        validator.check_non_negative_float(clip_threshold, "clip_threshold", cls)
        validator.check_value_type("decay_rate", decay_rate, [float], cls)
        validator.check_float_range(decay_rate, 0, 1, validator.INC_NEITHER, "decay_rate", cls)
        validator.check_float_range(weight_decay, 0, 1, validator.INC_LEFT, "weight_decay", cls)
        for arg, v in (("scale_parameter", scale_parameter), ("relative_step", relative_step),
                       ("compression", compression)):
            validator.check_value_type(arg, v, [bool], cls)
        validator.check_value_type("beta1", beta1, [int, float], cls)
        validator.check_non_negative_float(float(beta1), "beta1", cls)
        self.scale_lr = self_scale_lr
        self.eps = tuple(float(np.float32(e)) for e in eps)
        self.clip_threshold = float(np.float32(clip_threshold))
        self.decay_rate = -float(np.float32(decay_rate))
        self.beta1 = float(np.float32(beta1))
        self.weight_decay_value = float(np.float32(weight_decay))
        self.weight_decay_flag = bool(weight_decay)
        self.scale_parameter = scale_parameter and self_scale_lr
        self.relative_step = relative_step
        self.warmup_init = warmup_init
        self.compression = compression
        self.use_first_moment = beta1 > 0
        params_ = list(self.parameters)
        self.exp_avg = state_like(params_, "exp_avg") if self.use_first_moment else None
        rows, cols, sqs = [], [], []
        for p in params_:
            shp, tdt = tuple(p.shape), torch.Tensor.dtype.__get__(p)
            factored = len(shp) > 1

            def zeros(shape, dtype=tdt):
                return Tensor(torch.zeros(shape, dtype=dtype))
            rows.append(Parameter(zeros(shp[:-1] if factored else (1,)), name=f"exp_avg_sq_row_{p.name}"))
            cols.append(Parameter(zeros(shp[:-2] + shp[-1:] if factored else (1,)), name=f"exp_avg_sq_col_{p.name}"))
            sq_shape = (1,) if factored else shp
            sq_dtype = torch.float16 if compression and not factored else tdt
            sqs.append(Parameter(zeros(sq_shape, sq_dtype), name=f"exp_avg_sq_{p.name}"))
        self.exp_avg_sq_row = ParameterTuple(rows)
        self.exp_avg_sq_col = ParameterTuple(cols)
        self.exp_avg_sq = ParameterTuple(sqs)
        self.step = Parameter(Tensor(np.zeros((1,), np.float32)), name="afactor_step")

    @property
    def supports_memory_efficient_fp16(self) -> bool:
        return True

    @property
    def supports_flat_params(self) -> bool:
        return False

    def construct(self, gradients: Any) -> Any:
        with torch.no_grad(), _no_subclass():
            grads = tuple(gradients)
            lr = self.get_lr()
            self.global_step.add_(1)
            self.step.add_(1)
            step = self.step.reshape(())
            if self.scale_lr and self.relative_step:
                min_step = 1e-6 * step if self.warmup_init else torch.tensor(1e-2, dtype=torch.float32)
                lr = torch.minimum(min_step, 1.0 / torch.sqrt(step))
            beta2t = 1.0 - torch.pow(step, self.decay_rate)
            lrs = list(lr) if isinstance(lr, tuple) else [lr] * len(grads)
            avgs = list(self.exp_avg) if self.use_first_moment else [None] * len(grads)
            for i, (p, g) in enumerate(zip(self.parameters, grads)):
                self._update(p, g, lrs[i], beta2t, avgs[i], self.exp_avg_sq_row[i], self.exp_avg_sq_col[i],
                             self.exp_avg_sq[i])
        return self._success

    def _update(self, p, g, lr, beta2t, avg, row, col, sq) -> None:
        g = g.float()
        p32 = p.float()
        if not isinstance(lr, torch.Tensor):
            lr = torch.tensor(float(lr), dtype=torch.float32)
        lr = lr.reshape(()).float()
        lr_upd = lr * torch.maximum(torch.tensor(self.eps[1]), _rms(p32)) if self.scale_parameter else lr
        upd = g * g + self.eps[0]
        if g.dim() >= 2:
            row.copy_((row.float() * beta2t + upd.mean(-1) * (1.0 - beta2t)).to(row.dtype))
            col.copy_((col.float() * beta2t + upd.mean(-2) * (1.0 - beta2t)).to(col.dtype))
            r = 1.0 / torch.sqrt(row.float() / row.float().mean(-1, keepdim=True))
            c = 1.0 / torch.sqrt(col.float())
            upd = r.unsqueeze(-1) * c.unsqueeze(-2) * g
        else:
            sq.copy_((sq.float() * beta2t + upd * (1.0 - beta2t)).to(sq.dtype))
            upd = g / torch.sqrt(sq.float())
        coef = torch.clamp(_rms(upd) / self.clip_threshold, min=1.0)
        upd = upd / coef * lr_upd
        if avg is not None:
            avg.copy_((avg.float() * self.beta1 + upd * (1.0 - self.beta1)).to(avg.dtype))
            upd = avg.float()
        if self.weight_decay_flag:
            p32 = p32 - p32 * self.weight_decay_value * lr_upd
        p.copy_((p32 - upd).to(p.dtype))


__all__ = ["AdaFactor", "AdamOffload"]
