"""Sparse optimizer primitives (`ops.SparseApplyAdagrad(lr)(var, accum, grad, indices)`, ...): the update of
the dense Apply* optimizer, applied only to the rows of `var` (and its slots) named by `indices`.

Ref semantics: var and the slot Parameters are updated in place (under no_grad) and returned as a tuple.
Indices are bounds-checked on the host. Repeated indices have their gradients summed first (MindSpore
documents unique indices; this matches its Adagrad kernel). SparseApplyAdadelta and SparseApplyRMSProp
require `grad` to have the shape of `var`, as MindSpore checks.
"""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim.common import dtype as mstype

from mindshim.ops.primitive import Primitive

def _dt(t: Any) -> torch.dtype:
    """The torch dtype of a tensor (mindshim Tensors report MindSpore dtypes)."""
    return mstype.to_torch(t.dtype)



def _check(op: str, name: str, value: Any, kinds: tuple) -> Any:
    if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
        raise TypeError(f"For '{op}', the type of '{name}' should be {kinds[0].__name__}, but got {type(value)}.")
    return value


def _scalar(x: Any) -> float:
    return float(x.reshape(()).item()) if isinstance(x, torch.Tensor) else float(x)


class _SparseApply(Primitive):
    _shape_must_match = False

    def _apply(self, slots: tuple, grad: Any, indices: Any, step: Callable) -> tuple:
        op = type(self).__name__
        var = slots[0]
        for s in slots[1:]:
            if tuple(s.shape) != tuple(var.shape):
                raise ValueError(f"For '{op}', all slots must have the shape of 'var' {tuple(var.shape)}.")
        if self._shape_must_match and tuple(grad.shape) != tuple(var.shape):
            raise ValueError(f"For primitive[{op}], the grad shape: {list(grad.shape)} must be equal to "
                             f"{list(var.shape)}")
        if indices.dtype not in (torch.int32, torch.int64) or indices.dim() != 1:
            raise TypeError(f"For '{op}', 'indices' must be a 1-D int32 or int64 tensor.")
        if indices.shape[0] != grad.shape[0] or tuple(grad.shape[1:]) != tuple(var.shape[1:]):
            raise ValueError(f"For '{op}', grad.shape[0] must equal indices.shape[0] and grad.shape[1:] must "
                             "equal var.shape[1:].")
        idx = indices.long()
        if idx.numel() and bool(((idx < 0) | (idx >= var.shape[0])).any()):
            raise ValueError(f"For '{op}', the values of 'indices' must be in [0, {var.shape[0]}).")
        with torch.no_grad():
            rows, inverse = torch.unique(idx, return_inverse=True)
            g = torch.zeros((rows.numel(),) + tuple(grad.shape[1:]), dtype=torch.float32, device=grad.device).index_add(
                0, inverse, grad.detach().float())
            olds = [s.detach()[rows].float() for s in slots]
            news = step(g, *olds)
            for s, new in zip(slots, news):
                s.index_copy_(0, rows, new.to(_dt(s)))
        return tuple(slots)


class SparseApplyAdagrad(_SparseApply):
    def __init__(self, lr: float, update_slots: bool = True, use_locking: bool = False) -> None:
        super().__init__()
        self.lr = _check("SparseApplyAdagrad", "lr", lr, (float,))
        self.update_slots = _check("SparseApplyAdagrad", "update_slots", update_slots, (bool,))
        self.use_locking = _check("SparseApplyAdagrad", "use_locking", use_locking, (bool,))

    _eps = 0.0

    def __call__(self, var: Any, accum: Any, grad: Any, indices: Any) -> tuple:
        def step(g: Any, v: Any, a: Any) -> tuple:
            a = a + g * g if self.update_slots else a
            return v - self.lr * g / (torch.sqrt(a) + self._eps), a
        return self._apply((var, accum), grad, indices, step)


class SparseApplyAdagradV2(SparseApplyAdagrad):
    def __init__(self, lr: float, epsilon: float, use_locking: bool = False, update_slots: bool = True) -> None:
        super().__init__(_check("SparseApplyAdagradV2", "lr", lr, (float,)), update_slots, use_locking)
        self.epsilon = self._eps = _check("SparseApplyAdagradV2", "epsilon", epsilon, (float,))


class SparseApplyProximalAdagrad(_SparseApply):
    def __init__(self, use_locking: bool = False) -> None:
        super().__init__()
        self.use_locking = _check("SparseApplyProximalAdagrad", "use_locking", use_locking, (bool,))

    def __call__(self, var: Any, accum: Any, lr: Any, l1: Any, l2: Any, grad: Any, indices: Any) -> tuple:
        lr, l1, l2 = _scalar(lr), _scalar(l1), _scalar(l2)

        def step(g: Any, v: Any, a: Any) -> tuple:
            a = a + g * g
            prox = v - lr * g / torch.sqrt(a)
            return torch.sign(prox) / (1 + lr * l2) * torch.clamp(prox.abs() - lr * l1, min=0), a
        return self._apply((var, accum), grad, indices, step)


def _ftrl_checks(op: str, lr: Any, l1: Any, l2: Any, lr_power: Any) -> None:
    for name, v in (("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power)):
        _check(op, name, v, (float,))
    if lr <= 0:
        raise ValueError(f"For '{op}', the 'lr' must be positive, but got {lr}.")
    if l1 < 0 or l2 < 0:
        raise ValueError(f"For '{op}', 'l1' and 'l2' must be non-negative, but got {l1} and {l2}.")
    if lr_power > 0:
        raise ValueError(f"For '{op}', 'lr_power' must be <= 0, but got {lr_power}.")


class SparseApplyFtrl(_SparseApply):
    def __init__(self, lr: float, l1: float, l2: float, lr_power: float, use_locking: bool = False) -> None:
        super().__init__()
        _ftrl_checks(type(self).__name__, lr, l1, l2, lr_power)
        self.lr, self.l1, self.l2, self.lr_power = lr, l1, l2, lr_power
        self.use_locking = _check(type(self).__name__, "use_locking", use_locking, (bool,))
        self.l2_shrinkage = 0.0

    def __call__(self, var: Any, accum: Any, linear: Any, grad: Any, indices: Any) -> tuple:
        lr, l1, l2, p = self.lr, self.l1, self.l2, -self.lr_power

        def step(g: Any, v: Any, a: Any, lin: Any) -> tuple:
            g_shrink = g + 2 * self.l2_shrinkage * v
            a_new = a + g * g
            lin = lin + g_shrink - (a_new.pow(p) - a.pow(p)) / lr * v
            quad = a_new.pow(p) / lr + 2 * l2
            v = torch.where(lin.abs() > l1, (torch.sign(lin) * l1 - lin) / quad, torch.zeros_like(v))
            return v, a_new, lin
        return self._apply((var, accum, linear), grad, indices, step)


class SparseApplyFtrlV2(SparseApplyFtrl):
    def __init__(self, lr: float, l1: float, l2: float, l2_shrinkage: float, lr_power: float,
                 use_locking: bool = False) -> None:
        super().__init__(lr, l1, l2, lr_power, use_locking)
        self.l2_shrinkage = _check("SparseApplyFtrlV2", "l2_shrinkage", l2_shrinkage, (float,))


class SparseApplyAdadelta(_SparseApply):
    _shape_must_match = True

    def __init__(self, epsilon: float, use_locking: bool = False) -> None:
        super().__init__()
        self.epsilon = _check("SparseApplyAdadelta", "epsilon", epsilon, (float,))
        if epsilon < 0:
            raise ValueError(f"For 'SparseApplyAdadelta', 'epsilon' must be >= 0, but got {epsilon}.")
        self.use_locking = _check("SparseApplyAdadelta", "use_locking", use_locking, (bool,))

    def __call__(self, var: Any, accum: Any, accum_update: Any, lr: Any, rho: Any, grad: Any, indices: Any) -> tuple:
        lr, rho, eps = _scalar(lr), _scalar(rho), self.epsilon

        def step(g: Any, v: Any, a: Any, u: Any) -> tuple:
            a = rho * a + (1 - rho) * g * g
            upd = torch.sqrt(u + eps) * g / torch.sqrt(a + eps)
            return v - upd * lr, a, rho * u + (1 - rho) * upd * upd
        return self._apply((var, accum, accum_update), grad, indices, step)


class SparseApplyRMSProp(_SparseApply):
    _shape_must_match = True

    def __init__(self, rho: float, momentum: float, epsilon: float, use_locking: bool = False) -> None:
        super().__init__()
        for name, v in (("rho", rho), ("momentum", momentum), ("epsilon", epsilon)):
            _check("SparseApplyRMSProp", name, v, (float,))
        self.rho, self.momentum, self.epsilon = rho, momentum, epsilon
        self.use_locking = _check("SparseApplyRMSProp", "use_locking", use_locking, (bool,))

    def __call__(self, var: Any, ms: Any, mom: Any, lr: Any, grad: Any, indices: Any) -> tuple:
        lr = _scalar(lr)

        def step(g: Any, v: Any, m: Any, mo: Any) -> tuple:
            m = self.rho * m + (1 - self.rho) * g * g
            mo = self.momentum * mo + lr * g / torch.sqrt(m + self.epsilon)
            return v - mo, m, mo
        return self._apply((var, ms, mom), grad, indices, step)


__all__ = ["SparseApplyAdadelta", "SparseApplyAdagrad", "SparseApplyAdagradV2", "SparseApplyFtrl",
           "SparseApplyFtrlV2", "SparseApplyProximalAdagrad", "SparseApplyRMSProp"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
