"""Optimizer-update primitives (`ops.ApplyMomentum()(param, moment, lr, grad, momentum)`, ApplyAdagrad, ...).

Each primitive updates its ref inputs (the weight and its state: accum, m, v, ...) in place, under no_grad,
and returns what MindSpore returns: the weight alone or a tuple of the updated refs (ApplyAdagradDA,
ApplyFtrl, ApplyRMSProp, ... return the weight; ApplyAdagrad, ApplyAdam*, ... the tuple). Plain Tensors
are updated in place too, as MindSpore does. Scalar inputs (lr, momentum, beta1, ...) may be Python
numbers, 0-d or (1,)-shaped Tensors, or Parameters.

Formula decisions (checked against MindSpore 2.10's CPU kernels):
- ApplyMomentum follows the documented Nesterov update (MindSpore's CPU kernel ignores use_nesterov);
  `gradient_scale` is accepted and, as on CPU and GPU, has no effect.
- ApplyAdagrad(update_slots=False) keeps accum fixed, as documented (the CPU kernel grows it anyway).
- ApplyProximalAdagrad uses the adapted rate lr / sqrt(accum) in the l1/l2 terms, as MindSpore's
  kernels (and nn.ProximalAdagrad) do; the docstring writes plain lr.
- ApplyFtrl applies sign(linear) * l1 as documented (MindSpore's CPU kernel drops the sign).
- ApplyKerasMomentum (Ascend only) requires Tensor lr/momentum, as MindSpore's type check does.
The `*_step` functions are the update math on plain tensors, shared with the fused/sparse primitives.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

import torch

from mindshim.common.tensor import _no_subclass, wrap
from mindshim.nn.optim._checks import check_bool, check_float
from mindshim.ops.primitive import Primitive

_FLOATS = (torch.float16, torch.float32, torch.float64, torch.bfloat16)


# ----- argument handling -----------------------------------------------------------------------------

def scalar(op: str, name: str, value: Any, tensor_only: bool = False) -> Any:
    """A scalar input as a Python number or a 0-d tensor (a (1,)-shaped tensor gives its element)."""
    if isinstance(value, torch.Tensor):
        return value if value.dim() == 0 else value.reshape(-1)[0]
    if tensor_only or isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"For primitive[{op}], the input argument[{name}] must be a Tensor"
                        f"{'' if tensor_only else ' or a number'}, but got {type(value).__name__}.")
    return value


def float_tensor(op: str, name: str, value: Any, like: Any = None) -> torch.Tensor:
    """A float Tensor input; with `like`, it must have like's shape."""
    if not isinstance(value, torch.Tensor):
        raise TypeError(f"For primitive[{op}], the input argument[{name}] must be a Tensor, "
                        f"but got {type(value).__name__}.")
    if value.dtype not in _FLOATS:
        raise TypeError(f"For primitive[{op}], the input argument[{name}] must be a float Tensor, "
                        f"but got {value.dtype}.")
    if like is not None and tuple(value.shape) != tuple(like.shape):
        raise ValueError(f"For primitive[{op}], '{name}' must have the same shape as 'var' "
                         f"{tuple(like.shape)}, but got {tuple(value.shape)}.")
    return value


def refs(op: str, var: Any, *others: tuple[str, Any]) -> None:
    """Check the weight and its same-shaped state/gradient inputs."""
    float_tensor(op, "var", var)
    for name, value in others:
        float_tensor(op, name, value, var)


def updating(fn: Callable) -> Callable:
    """Run a primitive's __call__ without autograd and on plain torch semantics."""
    @functools.wraps(fn)
    def call(self: Primitive, *args: Any) -> Any:
        with torch.no_grad(), _no_subclass():
            out = fn(self, *args)
        return wrap(out.value) if isinstance(out, _Computed) else out
    return call


def assign(*pairs: tuple[torch.Tensor, torch.Tensor]) -> None:
    for target, value in pairs:
        target.copy_(value)


def _bools(op: str, **flags: Any) -> None:
    for name, value in flags.items():
        check_bool(op, name, value)


class _Locking(Primitive):
    def __init__(self, use_locking: bool = False) -> None:
        super().__init__()
        _bools(self.name, use_locking=use_locking)
        self.use_locking = use_locking


# ----- update math (plain tensors; returns the new values) -------------------------------------------

def momentum_step(var: Any, accum: Any, lr: Any, grad: Any, momentum: Any, nesterov: bool) -> tuple:
    accum = accum * momentum + grad
    step = grad + accum * momentum if nesterov else accum
    return var - lr * step, accum


def adam_moments(m: Any, v: Any, grad: Any, beta1: Any, beta2: Any) -> tuple:
    return m * beta1 + (1 - beta1) * grad, v * beta2 + (1 - beta2) * grad * grad


def adam_rate(lr: Any, beta1_power: Any, beta2_power: Any) -> Any:
    """Adam's bias-corrected rate lr * sqrt(1 - beta2^t) / (1 - beta1^t)."""
    root = (1 - beta2_power) ** 0.5 if not isinstance(beta2_power, torch.Tensor) else torch.sqrt(1 - beta2_power)
    return lr * root / (1 - beta1_power)


def adam_step(var: Any, m: Any, v: Any, grad: Any, lr_t: Any, beta1: Any, epsilon: Any,
              nesterov: bool = False) -> Any:
    """var - lr_t * m / (sqrt(v) + eps); with Nesterov the numerator is beta1 * m + (1 - beta1) * grad."""
    num = m * beta1 + (1 - beta1) * grad if nesterov else m
    return var - lr_t * num / (torch.sqrt(v) + epsilon)


def proximal_step(prox: Any, rate: Any, l1: Any, l2: Any) -> Any:
    """sign(prox) * max(|prox| - rate * l1, 0) / (1 + rate * l2)."""
    return torch.sign(prox) * torch.clamp_min(prox.abs() - rate * l1, 0) / (1 + rate * l2)


def proximal_adagrad_step(var: Any, accum: Any, lr: Any, l1: Any, l2: Any, grad: Any) -> tuple:
    accum = accum + grad * grad
    rate = lr / torch.sqrt(accum)
    return proximal_step(var - rate * grad, rate, l1, l2), accum


def ftrl_step(var: Any, accum: Any, linear: Any, grad: Any, lr: Any, l1: Any, l2: Any, lr_power: Any) -> tuple:
    accum_new = accum + grad * grad
    new_pow = torch.pow(accum_new, -lr_power)
    linear = linear + grad - (new_pow - torch.pow(accum, -lr_power)) / lr * var
    quadratic = new_pow / lr + 2 * l2
    value = (torch.sign(linear) * l1 - linear) / quadratic
    return torch.where(linear.abs() > l1, value, torch.zeros_like(value)), accum_new, linear


# ----- primitives ------------------------------------------------------------------------------------

class ApplyMomentum(Primitive):
    def __init__(self, use_nesterov: bool = False, use_locking: bool = False, gradient_scale: float = 1.0) -> None:
        super().__init__()
        for arg, value in (("use_nesterov", use_nesterov), ("use_locking", use_locking)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'ApplyMomentum', the '{arg}' must be a bool, but got {type(value).__name__}.")
        check_float("ApplyMomentum", "gradient_scale", gradient_scale)
        self.use_nesterov, self.use_locking, self.gradient_scale = use_nesterov, use_locking, gradient_scale

    @updating
    def __call__(self, variable: Any, accumulation: Any, learning_rate: Any, gradient: Any, momentum: Any) -> Any:
        op = self.name
        if not isinstance(variable, torch.Tensor) or not isinstance(gradient, torch.Tensor):
            raise TypeError(f"For primitive[{op}], 'variable' and 'gradient' must be Tensors.")
        lr, mom = scalar(op, "learning_rate", learning_rate), scalar(op, "momentum", momentum)
        integer = not (variable.dtype.is_floating_point or variable.dtype.is_complex)
        if variable.dtype == torch.bool or (integer and any(
                isinstance(s, float) or (isinstance(s, torch.Tensor) and s.dtype.is_floating_point)
                for s in (lr, mom, gradient))):
            raise TypeError(f"For primitive[{op}], an integer 'variable' needs integer learning_rate, gradient "
                            f"and momentum, but got {variable.dtype} with float inputs.")
        if tuple(gradient.shape) != tuple(variable.shape) or tuple(accumulation.shape) != tuple(variable.shape):
            raise ValueError(f"For primitive[{op}], the gradient_shape must be equal to variable_shape "
                             f"{tuple(variable.shape)}, but got {tuple(gradient.shape)}.")
        new_var, new_acc = momentum_step(variable, accumulation, lr, gradient, mom, self.use_nesterov)
        assign((accumulation, new_acc), (variable, new_var))
        return variable


class ApplyKerasMomentum(Primitive):
    def __init__(self, use_locking: bool = False, use_nesterov: bool = False) -> None:
        super().__init__()
        _bools(self.name, use_locking=use_locking, use_nesterov=use_nesterov)
        self.use_locking, self.use_nesterov = use_locking, use_nesterov

    @updating
    def __call__(self, var: Any, accum: Any, lr: Any, grad: Any, momentum: Any) -> Any:
        lr, mom = scalar(self.name, "lr", lr, True), scalar(self.name, "momentum", momentum, True)
        refs(self.name, var, ("accum", accum), ("grad", grad))
        new_acc = accum * mom - grad * lr
        new_var = var + new_acc * mom - grad * lr if self.use_nesterov else var + new_acc
        assign((accum, new_acc), (var, new_var))
        return var, accum


class ApplyGradientDescent(Primitive):
    @updating
    def __call__(self, var: Any, alpha: Any, delta: Any) -> Any:
        refs(self.name, var, ("delta", delta))
        var.copy_(var - scalar(self.name, "alpha", alpha) * delta)
        return var


class ApplyProximalGradientDescent(Primitive):
    @updating
    def __call__(self, var: Any, alpha: Any, l1: Any, l2: Any, delta: Any) -> Any:
        refs(self.name, var, ("delta", delta))
        a, l1, l2 = (scalar(self.name, n, v) for n, v in (("alpha", alpha), ("l1", l1), ("l2", l2)))
        var.copy_(proximal_step(var - a * delta, a, l1, l2))
        return var


class ApplyAdagrad(Primitive):
    def __init__(self, update_slots: bool = True) -> None:
        super().__init__()
        _bools(self.name, update_slots=update_slots)
        self.update_slots = update_slots

    def _denominator(self, accum: Any) -> Any:
        return torch.sqrt(accum)

    @updating
    def __call__(self, var: Any, accum: Any, lr: Any, grad: Any) -> Any:
        refs(self.name, var, ("accum", accum), ("grad", grad))
        lr = scalar(self.name, "lr", lr)
        new_acc = accum + grad * grad if self.update_slots else accum
        assign((var, var - lr * grad / self._denominator(new_acc)), (accum, new_acc))
        return var, accum


class ApplyAdagradV2(ApplyAdagrad):
    def __init__(self, epsilon: float, update_slots: bool = True) -> None:
        check_float("ApplyAdagradV2", "epsilon", epsilon)
        super().__init__(update_slots)
        self.epsilon = epsilon

    def _denominator(self, accum: Any) -> Any:
        return torch.sqrt(accum) + self.epsilon


class ApplyProximalAdagrad(_Locking):
    @updating
    def __call__(self, var: Any, accum: Any, lr: Any, l1: Any, l2: Any, grad: Any) -> Any:
        refs(self.name, var, ("accum", accum), ("grad", grad))
        lr, l1, l2 = (scalar(self.name, n, v) for n, v in (("lr", lr), ("l1", l1), ("l2", l2)))
        new_var, new_acc = proximal_adagrad_step(var, accum, lr, l1, l2, grad)
        assign((var, new_var), (accum, new_acc))
        return var, accum


class ApplyAdagradDA(_Locking):
    @updating
    def __call__(self, var: Any, gradient_accumulator: Any, gradient_squared_accumulator: Any, grad: Any, lr: Any,
                 l1: Any, l2: Any, global_step: Any) -> Any:
        ga, gsa = gradient_accumulator, gradient_squared_accumulator
        refs(self.name, var, ("gradient_accumulator", ga), ("gradient_squared_accumulator", gsa), ("grad", grad))
        lr, l1, l2 = (scalar(self.name, n, v) for n, v in (("lr", lr), ("l1", l1), ("l2", l2)))
        step = scalar(self.name, "global_step", global_step)
        if isinstance(step, float) or (isinstance(step, torch.Tensor) and step.dtype not in (torch.int32, torch.int64)):
            raise TypeError(f"For primitive[{self.name}], 'global_step' must be int32 or int64.")
        new_ga, new_gsa = ga + grad, gsa + grad * grad
        shrunk = torch.sign(new_ga) * torch.clamp_min(new_ga.abs() - l1 * step, 0)
        tmp = torch.where(l1 > 0, shrunk, new_ga) if isinstance(l1, torch.Tensor) else (shrunk if l1 > 0 else new_ga)
        assign((ga, new_ga), (gsa, new_gsa), (var, -lr * tmp / (l2 * step * lr + torch.sqrt(new_gsa))))
        return var


class ApplyAdadelta(Primitive):
    @updating
    def __call__(self, var: Any, accum: Any, accum_update: Any, lr: Any, rho: Any, epsilon: Any, grad: Any) -> Any:
        refs(self.name, var, ("accum", accum), ("accum_update", accum_update), ("grad", grad))
        lr, rho, eps = (scalar(self.name, n, v) for n, v in (("lr", lr), ("rho", rho), ("epsilon", epsilon)))
        new_acc = accum * rho + (1 - rho) * grad * grad
        update = torch.sqrt(accum_update + eps) * grad / torch.sqrt(new_acc + eps)
        new_up = accum_update * rho + (1 - rho) * update * update
        assign((accum, new_acc), (accum_update, new_up), (var, var - lr * update))
        return var, accum, accum_update


class ApplyAdaMax(Primitive):
    @updating
    def __call__(self, var: Any, m: Any, v: Any, beta1_power: Any, lr: Any, beta1: Any, beta2: Any, epsilon: Any,
                 grad: Any) -> Any:
        refs(self.name, var, ("m", m), ("v", v), ("grad", grad))
        b1p, lr, b1, b2, eps = (scalar(self.name, n, x) for n, x in (
            ("beta1_power", beta1_power), ("lr", lr), ("beta1", beta1), ("beta2", beta2), ("epsilon", epsilon)))
        new_m = m * b1 + (1 - b1) * grad
        new_v = torch.maximum(v * b2, grad.abs())
        assign((m, new_m), (v, new_v), (var, var - lr / (1 - b1p) * new_m / (new_v + eps)))
        return var, m, v


def _amsgrad(op: str, var: Any, m: Any, v: Any, vhat: Any, lr_t: Any, b1: Any, b2: Any, eps: Any, grad: Any) -> tuple:
    refs(op, var, ("m", m), ("v", v), ("vhat", vhat), ("grad", grad))
    new_m, new_v = adam_moments(m, v, grad, b1, b2)
    new_vhat = torch.maximum(vhat, new_v)
    assign((m, new_m), (v, new_v), (vhat, new_vhat), (var, adam_step(var, new_m, new_vhat, grad, lr_t, b1, eps)))
    return var, m, v, vhat


class ApplyAdamWithAmsgrad(_Locking):
    def __init__(self, beta1: float = 0.9, beta2: float = 0.999, epsilon: float = 1e-8,
                 use_locking: bool = False) -> None:
        for arg, value in (("beta1", beta1), ("beta2", beta2), ("epsilon", epsilon)):
            check_float("ApplyAdamWithAmsgrad", arg, value)
        super().__init__(use_locking)
        self.beta1, self.beta2, self.epsilon = beta1, beta2, epsilon

    @updating
    def __call__(self, var: Any, m: Any, v: Any, vhat: Any, beta1_power: Any, beta2_power: Any, lr: Any,
                 grad: Any) -> Any:
        b1p, b2p, lr = (scalar(self.name, n + "_type", x, True)
                        for n, x in (("beta1_power", beta1_power), ("beta2_power", beta2_power), ("lr", lr)))
        return _amsgrad(self.name, var, m, v, vhat, adam_rate(lr, b1p, b2p), self.beta1, self.beta2, self.epsilon,
                        grad)


class ApplyAdamWithAmsgradV2(_Locking):
    @updating
    def __call__(self, var: Any, m: Any, v: Any, vhat: Any, beta1_power: Any, beta2_power: Any, lr: Any,
                 beta1: Any, beta2: Any, epsilon: Any, grad: Any) -> Any:
        b1p, b2p, lr, b1, b2, eps = (scalar(self.name, n, x) for n, x in (
            ("beta1_power", beta1_power), ("beta2_power", beta2_power), ("lr", lr), ("beta1", beta1),
            ("beta2", beta2), ("epsilon", epsilon)))
        return _amsgrad(self.name, var, m, v, vhat, adam_rate(lr, b1p, b2p), b1, b2, eps, grad)


class ApplyAddSign(Primitive):
    def _scale(self, base: Any, sign_decay: Any, signs: Any) -> Any:
        return base + sign_decay * signs

    @updating
    def __call__(self, var: Any, m: Any, lr: Any, alpha: Any, sign_decay: Any, beta: Any, grad: Any) -> Any:
        refs(self.name, var, ("m", m), ("grad", grad))
        lr, base, decay, beta = (scalar(self.name, n, x) for n, x in (
            ("lr", lr), ("alpha", alpha), ("sign_decay", sign_decay), ("beta", beta)))
        new_m = m * beta + (1 - beta) * grad
        update = self._scale(base, decay, torch.sign(grad) * torch.sign(new_m)) * grad
        assign((m, new_m), (var, var - lr * update))
        return var, m


class ApplyPowerSign(ApplyAddSign):
    """`alpha` is `logbase`: update = exp(logbase * sign_decay * sign(g) * sign(m)) * g."""

    def _scale(self, base: Any, sign_decay: Any, signs: Any) -> Any:
        return torch.exp(base * sign_decay * signs)


class ApplyRMSProp(_Locking):
    @updating
    def __call__(self, var: Any, mean_square: Any, moment: Any, learning_rate: Any, grad: Any, decay: Any,
                 momentum: Any, epsilon: Any) -> Any:
        refs(self.name, var, ("mean_square", mean_square), ("moment", moment), ("grad", grad))
        return _rmsprop(self.name, var, None, mean_square, moment, grad, learning_rate, decay, momentum, epsilon)


class ApplyCenteredRMSProp(_Locking):
    @updating
    def __call__(self, var: Any, mean_gradient: Any, mean_square: Any, moment: Any, grad: Any, learning_rate: Any,
                 decay: Any, momentum: Any, epsilon: Any) -> Any:
        refs(self.name, var, ("mean_gradient", mean_gradient), ("mean_square", mean_square), ("moment", moment),
             ("grad", grad))
        return _rmsprop(self.name, var, mean_gradient, mean_square, moment, grad, learning_rate, decay, momentum,
                        epsilon)


def _rmsprop(op: str, var: Any, mg: Any, ms: Any, mom: Any, grad: Any, lr: Any, decay: Any, momentum: Any,
             epsilon: Any) -> Any:
    lr, rho, beta, eps = (scalar(op, n, x) for n, x in (
        ("learning_rate", lr), ("decay", decay), ("momentum", momentum), ("epsilon", epsilon)))
    new_ms = ms * rho + (1 - rho) * grad * grad
    denom = new_ms + eps
    if mg is not None:
        new_mg = mg * rho + (1 - rho) * grad
        denom = denom - new_mg * new_mg
        mg.copy_(new_mg)
    new_mom = mom * beta + lr * grad / torch.sqrt(denom)
    assign((ms, new_ms), (mom, new_mom), (var, var - new_mom))
    return var


class ApplyFtrl(_Locking):
    @updating
    def __call__(self, var: Any, accum: Any, linear: Any, grad: Any, lr: Any, l1: Any, l2: Any, lr_power: Any) -> Any:
        refs(self.name, var, ("accum", accum), ("linear", linear), ("grad", grad))
        lr, l1, l2, power = (scalar(self.name, n, x) for n, x in (
            ("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power)))
        new_var, new_acc, new_lin = ftrl_step(var, accum, linear, grad, lr, l1, l2, power)
        assign((var, new_var), (accum, new_acc), (linear, new_lin))
        return var


class _Computed:
    """A fresh (non-ref) output, given MindSpore semantics once subclass dispatch is back on."""

    def __init__(self, value: torch.Tensor) -> None:
        self.value = value


computed = _Computed


__all__ = ["ApplyMomentum", "ApplyKerasMomentum", "ApplyGradientDescent", "ApplyProximalGradientDescent",
           "ApplyAdagrad", "ApplyAdagradV2", "ApplyProximalAdagrad", "ApplyAdagradDA", "ApplyAdadelta", "ApplyAdaMax",
           "ApplyAdamWithAmsgrad", "ApplyAdamWithAmsgradV2", "ApplyAddSign", "ApplyPowerSign", "ApplyRMSProp",
           "ApplyCenteredRMSProp", "ApplyFtrl"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
