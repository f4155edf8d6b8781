"""Checks, conversions and torch math shared by the distributions and bijectors (MindSpore's `_utils`)."""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor, plain

_INTS = mstype.int_type + mstype.uint_type
_LOG_EPS = float(np.log(np.finfo(np.float32).eps) + 1.0)  # where softplus switches to its asymptotes


def param_dtype(param_dict: dict, hint: Any) -> Any:
    """The dtype parameters compute in: the (common) dtype of tensor-like arguments, else the hint; integer and
    float64 inputs compute in float32."""
    hint = mstype.float32 if hint is None or hint in _INTS else hint
    common = None
    for name, arg in param_dict.items():
        if not hasattr(arg, "dtype"):
            continue
        cur = mstype.pytype_to_dtype(arg.dtype) if isinstance(arg, np.ndarray) else arg.dtype
        if common is None:
            common = cur
        elif cur != common:
            raise TypeError(f"{name} should have the same dtype as other arguments.")
    if common in _INTS or common == mstype.float64:
        return mstype.float32
    return hint if common is None else common


def cast_to_tensor(value: Any, dtype: Any = mstype.float32) -> Any:
    """A construction argument as a Tensor of `dtype` (a Parameter is kept as it is, so it stays trainable)."""
    if value is None:
        raise ValueError("Input cannot be None in cast_to_tensor")
    if isinstance(value, Parameter):
        return value
    if isinstance(value, bool):
        raise TypeError("Input cannot be Type Bool")
    if isinstance(value, (Tensor, np.ndarray, list, int, float)):
        return Tensor(value, dtype=dtype)
    raise TypeError(f"Unable to convert input of type {type(value)} to a Tensor of type {dtype}")


def _host(value: Any) -> np.ndarray:
    return plain(value).detach().cpu().numpy()


def check_greater_zero(value: Any, name: str) -> None:
    if not (_host(value) > 0).all():
        raise ValueError(f"{name} must be greater than zero.")


def check_greater_equal_zero(value: Any, name: str) -> None:
    if (_host(value) < 0).any():
        raise ValueError(f"{name} must be greater than or equal to zero.")


def check_greater(low: Any, high: Any, name_low: str, name_high: str) -> None:
    if isinstance(low, Parameter) or isinstance(high, Parameter):
        return
    if not (_host(low) < _host(high)).all():
        raise ValueError(f"{name_low} must be less than {name_high}")


def check_prob(p: Any) -> None:
    arr = _host(p)
    if not (arr > 0).all():
        raise ValueError("Probabilities must be greater than zero")
    if not (arr < 1).all():
        raise ValueError("Probabilities must be less than one")


def check_tensor(value: Any, name: str) -> Any:
    if value is None or isinstance(value, torch.Tensor):
        return value
    raise TypeError(f"For {name}, input type must be a Tensor or Parameter.")


def check_tuple(shape: Any, name: str = "shape") -> tuple:
    if not isinstance(shape, tuple):
        raise TypeError(f"For {name}, Input type must b a tuple.")
    return shape


def check_dist_name(dist: Any, expected: str) -> None:
    if dist is None:
        raise ValueError("Input dist must be a constant which is not None.")
    if dist != expected:
        raise ValueError(f"Expected dist input is {expected}, but got {dist}.")


def not_implemented(func: str, dist_name: str) -> NotImplementedError:
    return NotImplementedError(f"{func} is not implemented for {dist_name} distribution.")


def missing_param(name: str) -> TypeError:
    return TypeError(f"the type {name} must be subclass of Tensor."
                     " It can not be None since it is not specified during initialization.")


def bind(names: Sequence[str], args: tuple, kwargs: dict, func: str) -> list:
    """Positional and keyword arguments of a method laid out by `names` (absent ones are None)."""
    if len(args) > len(names):
        raise TypeError(f"{func}() takes {len(names)} optional positional arguments but {len(args)} were given")
    values = list(args) + [None] * (len(names) - len(args))
    for key, value in kwargs.items():
        if key not in names:
            raise TypeError(f"{func}() got an unexpected keyword argument '{key}'")
        values[names.index(key)] = value
    return values


def check_broadcast(x: torch.Tensor, params: Sequence[torch.Tensor]) -> None:
    """A value must broadcast with the batch (MindSpore's shape inference raises a ValueError)."""
    for p in params:
        try:
            torch.broadcast_shapes(x.shape, p.shape)
        except RuntimeError:
            raise ValueError(f"Shape {tuple(x.shape)} and {tuple(p.shape)} is not broadcastable.") from None


def generator(seed: int) -> torch.Generator | None:
    """Draws of a distribution with `seed` 0 come from the global stream; a non-zero seed owns a stream."""
    if not seed:
        return None
    from mindshim.ops.function.random_extra_func import stream
    return stream("distribution", seed)


def softplus(x: torch.Tensor) -> torch.Tensor:
    """log(1 + exp(x)), exact at both ends (MindSpore's thresholded form)."""
    small, large = x < _LOG_EPS, x > -_LOG_EPS
    safe = torch.where(small | large, torch.ones_like(x), x)
    return torch.where(small, torch.exp(x), torch.where(large, x, torch.log(torch.exp(safe) + 1.0)))


def inverse_softplus(x: torch.Tensor) -> torch.Tensor:
    small, large = x < float(np.exp(_LOG_EPS)), x > -_LOG_EPS
    safe = torch.where(small | large, torch.ones_like(x), x)
    return torch.where(small, torch.log(x), torch.where(large, x, safe + torch.log(torch.abs(torch.expm1(-safe)))))


class _GammaInc(torch.autograd.Function):
    """Regularized lower incomplete gamma P(a, x) with a gradient in `a` too (torch has none): a central
    difference in float64; in `x` the density x^(a-1) e^-x / Gamma(a)."""

    @staticmethod
    def forward(ctx: Any, a: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        ctx.save_for_backward(a, x)
        return torch.special.gammainc(a, x)

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> tuple:
        a, x = ctx.saved_tensors
        a64, x64 = a.double(), x.double()
        step = 1e-5 * a64.clamp_min(1.0)
        da = (torch.special.gammainc(a64 + step, x64) - torch.special.gammainc(a64 - step, x64)) / (2 * step)
        dx = torch.exp((a64 - 1) * torch.log(x64) - x64 - torch.lgamma(a64))
        return (grad * da.to(a.dtype)) if ctx.needs_input_grad[0] else None, \
            (grad * dx.to(x.dtype)) if ctx.needs_input_grad[1] else None


def gammainc(a: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    return _GammaInc.apply(*torch.broadcast_tensors(a, x))


def lbeta(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.lgamma(a) + torch.lgamma(b) - torch.lgamma(a + b)
