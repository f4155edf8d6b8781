"""Adam-family, SGD, LARS and fused/sparse optimizer primitives (see optim_ops for the conventions).

Decisions (checked against MindSpore 2.10's CPU kernels where they run):
- Adam, AdamWeightDecay, FusedCast/FusedSparse* return their updated refs as MindSpore documents (its CPU
  kernels hand back scratch buffers there; the documented outputs are the updated tensors).
- FusedSparse*: rows named more than once have their gradients summed first. FusedSparseAdam updates
  every row (untouched rows see a zero gradient); the Lazy, Ftrl and ProximalAdagrad variants update only
  the rows `indices` names. Indices must be int32 and in [0, var.shape[0]) (checked on the host).
- SGD: the first step of an element (stat > 0) sets accum = grad (no dampening), then stat = 0; with
  momentum 0 the kernel steps param -= lr * grad and leaves accum and stat untouched.
- LARSUpdate (Ascend only in MindSpore) and FusedWeightScaleApplyMomentum (GPU only) follow their kernels:
  LARS as nn.LARS rescales, FusedWeightScaleApplyMomentum with grad' = (var * weight_decay + grad) * scale.
- FusedAdaFactor follows MindSpore's CPU kernel: factored second moments for rank >= 2 (row/column means
  of grad^2 + eps[0] over the last two axes), update = grad / sqrt(v), clipped so RMS(update) <= clip,
  optional parameter-RMS lr scaling, first moment and weight decay. It returns a 1-tuple, as MindSpore does.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.nn.optim._checks import check_float, check_non_negative, check_positive
from mindshim.ops.operations.optim_ops import (
    _bools, _Locking, adam_moments, adam_rate, adam_step, assign, computed, float_tensor, ftrl_step, momentum_step,
    proximal_adagrad_step, refs, scalar, updating,
)
from mindshim.ops.primitive import Primitive


def _scalars(op: str, **values: Any) -> list:
    return [scalar(op, name, value) for name, value in values.items()]


class _Nesterov(_Locking):
    def __init__(self, use_locking: bool = False, use_nesterov: bool = False) -> None:
        super().__init__(use_locking)
        _bools(self.name, use_nesterov=use_nesterov)
        self.use_nesterov = use_nesterov


class Adam(_Nesterov):
    @updating
    def __call__(self, var: Any, m: Any, v: Any, beta1_power: Any, beta2_power: Any, lr: Any, beta1: Any,
                 beta2: Any, epsilon: Any, gradient: Any) -> Any:
        refs(self.name, var, ("m", m), ("v", v), ("gradient", gradient))
        b1p, b2p, lr, b1, b2, eps = _scalars(self.name, beta1_power=beta1_power, beta2_power=beta2_power, lr=lr,
                                             beta1=beta1, beta2=beta2, epsilon=epsilon)
        new_m, new_v = adam_moments(m, v, gradient, b1, b2)
        new_var = adam_step(var, new_m, new_v, gradient, adam_rate(lr, b1p, b2p), b1, eps, self.use_nesterov)
        assign((m, new_m), (v, new_v), (var, new_var))
        return var, m, v


class AdamNoUpdateParam(_Nesterov):
    @updating
    def __call__(self, m: Any, v: Any, beta1_power: Any, beta2_power: Any, lr: Any, beta1: Any, beta2: Any,
                 epsilon: Any, gradient: Any) -> Any:
        refs(self.name, m, ("v", v), ("gradient", gradient))
        b1p, b2p, lr, b1, b2, eps = _scalars(self.name, beta1_power=beta1_power, beta2_power=beta2_power, lr=lr,
                                             beta1=beta1, beta2=beta2, epsilon=epsilon)
        new_m, new_v = adam_moments(m, v, gradient, b1, b2)
        delta = adam_step(torch.zeros_like(gradient), new_m, new_v, gradient, adam_rate(lr, b1p, b2p), b1, eps,
                          self.use_nesterov)
        assign((m, new_m), (v, new_v))
        return computed(delta.to(gradient.dtype))


def _weight_decay_step(op: str, var: Any, m: Any, v: Any, lr: Any, beta1: Any, beta2: Any, epsilon: Any,
                       decay: Any, grad: Any) -> tuple:
    """AdamWeightDecay's update, computed in the moments' dtype (var may be float16 with float32 moments)."""
    lr, b1, b2, eps, decay = _scalars(op, lr=lr, beta1=beta1, beta2=beta2, epsilon=epsilon, decay=decay)
    w = var.to(m.dtype)
    new_m, new_v = adam_moments(m, v, grad.to(m.dtype), b1, b2)
    update = new_m / (torch.sqrt(new_v) + eps) + decay * w
    assign((m, new_m), (v, new_v), (var, w - lr * update))
    return var, m, v


class AdamWeightDecay(_Locking):
    @updating
    def __call__(self, var: Any, m: Any, v: Any, lr: Any, beta1: Any, beta2: Any, epsilon: Any, decay: Any,
                 gradient: Any) -> Any:
        refs(self.name, var, ("gradient", gradient))
        refs(self.name, m, ("v", v))
        return _weight_decay_step(self.name, var, m, v, lr, beta1, beta2, epsilon, decay, gradient)


class FusedCastAdamWeightDecay(_Locking):
    @updating
    def __call__(self, var: Any, m: Any, v: Any, lr: Any, beta1: Any, beta2: Any, epsilon: Any, decay: Any,
                 gradient: Any, global_norm: Any) -> Any:
        refs(self.name, var, ("gradient", gradient))
        refs(self.name, m, ("v", v))
        grad = gradient.to(m.dtype) / scalar(self.name, "global_norm", global_norm)
        return _weight_decay_step(self.name, var, m, v, lr, beta1, beta2, epsilon, decay, grad)


class SGD(Primitive):
    def __init__(self, dampening: float = 0.0, weight_decay: float = 0.0, nesterov: bool = False) -> None:
        super().__init__()
        _bools(self.name, nesterov=nesterov)
        if nesterov and dampening != 0:
            raise ValueError(f"For 'SGD', the 'dampening' must be 0 when 'nesterov' is True, but got 'dampening' is "
                             f"{dampening} and 'nesterov' is {nesterov}.")
        self.dampening, self.weight_decay, self.nesterov = dampening, weight_decay, nesterov

    @updating
    def __call__(self, parameters: Any, gradient: Any, learning_rate: Any, accum: Any, momentum: Any,
                 stat: Any) -> Any:
        refs(self.name, parameters, ("gradient", gradient), ("accum", accum), ("stat", stat))
        lr, mom = _scalars(self.name, learning_rate=learning_rate, momentum=momentum)
        grad = gradient + self.weight_decay * parameters if self.weight_decay != 0 else gradient
        new_acc = torch.where(stat > 0, grad, accum * mom + (1 - self.dampening) * grad)
        step = grad + mom * new_acc if self.nesterov else new_acc
        # momentum 0: MindSpore's kernel takes a plain step and leaves accum and stat untouched
        still = torch.as_tensor(mom == 0, device=parameters.device)
        assign((accum, torch.where(still, accum, new_acc)), (stat, torch.where(still, stat, torch.zeros_like(stat))),
               (parameters, parameters - lr * torch.where(still, grad, step)))
        return parameters


def lars_gradient(weight: Any, grad: Any, w_norm: Any, g_norm: Any, weight_decay: Any, epsilon: float,
                  coefficient: float, lr: Any = None) -> Any:
    """LARS' trust-ratio gradient: coeff * (g + wd * w), coeff = coefficient * ||w|| / (||g|| + wd ||w|| + eps),
    clipped to [0, 1] after dividing by lr when `lr` is given (use_clip)."""
    coeff = coefficient * w_norm / (g_norm + weight_decay * w_norm + epsilon)
    if lr is not None:
        coeff = torch.clamp(coeff / lr, 0.0, 1.0)
    return coeff * (grad + weight_decay * weight)


class LARSUpdate(Primitive):
    def __init__(self, epsilon: float = 1e-05, hyperpara: float = 0.001, use_clip: bool = False) -> None:
        super().__init__()
        check_float(self.name, "epsilon", epsilon)
        check_float(self.name, "hyperpara", hyperpara)
        _bools(self.name, use_clip=use_clip)
        self.epsilon, self.hyperpara, self.use_clip = epsilon, hyperpara, use_clip

    @updating
    def __call__(self, weight: Any, gradient: Any, norm_weight: Any, norm_gradient: Any, weight_decay: Any,
                 learning_rate: Any) -> Any:
        refs(self.name, weight, ("gradient", gradient))
        w_norm = torch.sqrt(float_tensor(self.name, "norm_weight", norm_weight).reshape(()))
        g_norm = torch.sqrt(float_tensor(self.name, "norm_gradient", norm_gradient).reshape(()))
        wd, lr = _scalars(self.name, weight_decay=weight_decay, learning_rate=learning_rate)
        out = lars_gradient(weight, gradient, w_norm, g_norm, wd, self.epsilon, self.hyperpara,
                            lr if self.use_clip else None)
        return computed(out.to(gradient.dtype))


class FusedWeightScaleApplyMomentum(Primitive):
    @updating
    def __call__(self, weight_decay: Any, loss_scale: Any, variable: Any, accumulation: Any, learning_rate: Any,
                 gradient: Any, momentum: Any) -> Any:
        refs(self.name, variable, ("accumulation", accumulation), ("gradient", gradient))
        wd, scale, lr, mom = _scalars(self.name, weight_decay=weight_decay, loss_scale=loss_scale,
                                      learning_rate=learning_rate, momentum=momentum)
        grad = (variable * wd + gradient) * scale
        new_var, new_acc = momentum_step(variable, accumulation, lr, grad, mom, False)
        assign((accumulation, new_acc), (variable, new_var))
        return variable


# ----- sparse (row-indexed) updates ------------------------------------------------------------------

def _rows(op: str, var: Any, grad: Any, indices: Any) -> tuple:
    """The distinct rows `indices` names and their summed gradients (indices checked on the host)."""
    if not isinstance(indices, torch.Tensor) or indices.dtype != torch.int32:
        raise TypeError(f"For primitive[{op}], the input argument[indices] must be a Tensor[Int32], "
                        f"but got {getattr(indices, 'dtype', type(indices).__name__)}.")
    if indices.dim() != 1 or grad.shape[0] != indices.shape[0] or tuple(grad.shape[1:]) != tuple(var.shape[1:]):
        raise ValueError(f"For primitive[{op}], 'grad' must have shape (len(indices),) + var.shape[1:] "
                         f"{tuple(var.shape[1:])}, but got grad {tuple(grad.shape)}, indices {tuple(indices.shape)}.")
    idx = indices.long()
    if idx.numel() and (int(idx.min()) < 0 or int(idx.max()) >= var.shape[0]):
        raise ValueError(f"For primitive[{op}], every index must be in [0, {var.shape[0]}), but got "
                         f"{idx.tolist()}.")
    rows, inverse = torch.unique(idx, return_inverse=True)
    summed = grad.new_zeros((rows.numel(),) + tuple(grad.shape[1:])).index_add_(0, inverse, grad)
    return rows, summed


class FusedSparseAdam(_Nesterov):
    _lazy = False

    @updating
    def __call__(self, var: Any, m: Any, v: Any, beta1_power: Any, beta2_power: Any, lr: Any, beta1: Any,
                 beta2: Any, epsilon: Any, grad: Any, indices: Any) -> Any:
        refs(self.name, var, ("m", m), ("v", v))
        float_tensor(self.name, "grad", grad)
        b1p, b2p, lr, b1, b2, eps = _scalars(self.name, beta1_power=beta1_power, beta2_power=beta2_power, lr=lr,
                                             beta1=beta1, beta2=beta2, epsilon=epsilon)
        rows, g = _rows(self.name, var, grad, indices)
        if not self._lazy:  # every row steps; untouched rows see a zero gradient
            rows, g = torch.arange(var.shape[0], device=var.device), torch.zeros_like(var).index_copy_(0, rows, g)
        new_m, new_v = adam_moments(m[rows], v[rows], g, b1, b2)
        new_var = adam_step(var[rows], new_m, new_v, g, adam_rate(lr, b1p, b2p), b1, eps, self.use_nesterov)
        for target, value in ((m, new_m), (v, new_v), (var, new_var)):
            target.index_copy_(0, rows, value.to(target.dtype))
        return var, m, v


class FusedSparseLazyAdam(FusedSparseAdam):
    _lazy = True


class FusedSparseFtrl(_Locking):
    def __init__(self, lr: float, l1: float, l2: float, lr_power: float, use_locking: bool = False) -> None:
        for arg, value in (("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power)):
            check_float("FusedSparseFtrl", arg, value)
        check_positive("FusedSparseFtrl", "lr", lr)
        check_non_negative("FusedSparseFtrl", "l1", l1)
        check_non_negative("FusedSparseFtrl", "l2", l2)
        if lr_power > 0:
            raise ValueError(f"For 'FusedSparseFtrl', the argument 'lr_power' must <= 0, but got {lr_power}.")
        super().__init__(use_locking)
        self.lr, self.l1, self.l2, self.lr_power = lr, l1, l2, lr_power

    @updating
    def __call__(self, var: Any, accum: Any, linear: Any, grad: Any, indices: Any) -> Any:
        refs(self.name, var, ("accum", accum), ("linear", linear))
        float_tensor(self.name, "grad", grad)
        rows, g = _rows(self.name, var, grad, indices)
        new = ftrl_step(var[rows], accum[rows], linear[rows], g, self.lr, self.l1, self.l2, self.lr_power)
        for target, value in zip((var, accum, linear), new):
            target.index_copy_(0, rows, value)
        return var, accum, linear


class FusedSparseProximalAdagrad(_Locking):
    @updating
    def __call__(self, var: Any, accum: Any, lr: Any, l1: Any, l2: Any, grad: Any, indices: Any) -> Any:
        refs(self.name, var, ("accum", accum))
        float_tensor(self.name, "grad", grad)
        lr, l1, l2 = _scalars(self.name, lr=lr, l1=l1, l2=l2)
        rows, g = _rows(self.name, var, grad, indices)
        new_var, new_acc = proximal_adagrad_step(var[rows], accum[rows], lr, l1, l2, g)
        var.index_copy_(0, rows, new_var)
        accum.index_copy_(0, rows, new_acc)
        return var, accum


# ----- Adafactor ---------------------------------------------------------------------------------------

_TINY = 1e-30


def _rms(x: torch.Tensor) -> torch.Tensor:
    return torch.sqrt(torch.mean(x * x))


class FusedAdaFactor(Primitive):
    def __init__(self, enable_scale_parameter: bool = False, enable_first_moment: bool = False,
                 enable_weight_decay: bool = False) -> None:
        super().__init__()
        _bools(self.name, enable_scale_parameter=enable_scale_parameter, enable_first_moment=enable_first_moment,
               enable_weight_decay=enable_weight_decay)
        self.enable_scale_parameter, self.enable_first_moment = enable_scale_parameter, enable_first_moment
        self.enable_weight_decay = enable_weight_decay

    @updating
    def __call__(self, epsilon: Any, clip_threshold: Any, beta1: Any, beta2: Any, weight_decay: Any,
                 learning_rate: Any, gradient: Any, param: Any, exp_avg: Any, exp_avg_sq_row: Any,
                 exp_avg_sq_col: Any, exp_avg_sq: Any) -> Any:
        return self._step(epsilon, clip_threshold, beta1, beta2, weight_decay, learning_rate, gradient, param,
                          exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq, None)

    def _step(self, epsilon: Any, clip_threshold: Any, beta1: Any, beta2: Any, weight_decay: Any,
              learning_rate: Any, gradient: Any, param: Any, exp_avg: Any, exp_avg_sq_row: Any,
              exp_avg_sq_col: Any, exp_avg_sq: Any, global_norm: Any) -> Any:
        refs(self.name, param, ("gradient", gradient))
        eps = float_tensor(self.name, "epsilon", epsilon).reshape(-1).float()
        clip, b1, b2, wd, lr = _scalars(self.name, clip_threshold=clip_threshold, beta1=beta1, beta2=beta2,
                                        weight_decay=weight_decay, learning_rate=learning_rate)
        grad = gradient.float()
        if global_norm is not None:
            norm = scalar(self.name, "global_norm", global_norm)
            if isinstance(norm, torch.Tensor):
                grad = grad / torch.where(norm < _TINY, torch.ones_like(norm), norm).float()
            elif norm >= _TINY:
                grad = grad / norm
        sq = grad * grad + eps[0]
        if param.dim() >= 2:
            row = exp_avg_sq_row.float() * b2 + sq.mean(-1) * (1 - b2)
            col = torch.clamp_min(exp_avg_sq_col.float() * b2 + sq.mean(-2) * (1 - b2), _TINY)
            r = torch.sqrt(row / torch.clamp_min(row.mean(-1, keepdim=True), _TINY))
            update = grad / torch.clamp_min(r.unsqueeze(-1) * torch.sqrt(col).unsqueeze(-2), _TINY)
            assign((exp_avg_sq_row, row), (exp_avg_sq_col, col))
        else:
            second = torch.clamp_min(exp_avg_sq.float() * b2 + sq * (1 - b2), _TINY)
            update = grad / torch.sqrt(second)
            exp_avg_sq.copy_(second)
        p = param.float()
        if self.enable_scale_parameter:
            lr = lr * torch.clamp_min(_rms(p), eps[1])
        update = update * (lr / torch.clamp_min(_rms(update) / clip, 1.0))
        if self.enable_first_moment:
            update = exp_avg.float() * b1 + update * (1 - b1)
            exp_avg.copy_(update)
        new_p = p - update - p * wd * lr if self.enable_weight_decay else p - update
        param.copy_(new_p)
        return (param,)


class FusedAdaFactorWithGlobalNorm(FusedAdaFactor):
    """FusedAdaFactor with the gradient divided by `global_norm` (unless it is below 1e-30)."""

    @updating
    def __call__(self, epsilon: Any, clip_threshold: Any, beta1: Any, beta2: Any, weight_decay: Any,
                 learning_rate: Any, gradient: Any, param: Any, exp_avg: Any, exp_avg_sq_row: Any,
                 exp_avg_sq_col: Any, exp_avg_sq: Any, global_norm: Any) -> Any:
        return self._step(epsilon, clip_threshold, beta1, beta2, weight_decay, learning_rate, gradient, param,
                          exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq, global_norm)


__all__ = ["Adam", "AdamNoUpdateParam", "AdamWeightDecay", "FusedCastAdamWeightDecay", "SGD", "LARSUpdate",
           "FusedWeightScaleApplyMomentum", "FusedSparseAdam", "FusedSparseLazyAdam", "FusedSparseFtrl",
           "FusedSparseProximalAdagrad", "FusedAdaFactor", "FusedAdaFactorWithGlobalNorm"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
