"""Integer division and modulo by zero give MindSpore's CPU results instead of torch's ZeroDivisionError.

MindSpore 2.10 (CPU) never raises here: `x // 0` and ops.floor_divide/truncate_div saturate (the dtype's max for
x > 0, its min for x < 0, 0 for 0), `x % 0` and ops.floor_mod give the dtype's min (0 when unsigned), and
ops.fmod gives x. Reached only after torch raised (`_torch_errors.recover`), so ordinary divisions pay nothing;
on CUDA torch does not raise and its own values stand.
"""
from __future__ import annotations

from typing import Any, Callable

import torch

_T = torch.Tensor
_FLOOR_DIV = {torch.floor_divide, _T.floor_divide, _T.__floordiv__, _T.__ifloordiv__, _T.floor_divide_}
_REFLECTED = {_T.__rfloordiv__, _T.__rmod__}
_DIV = {torch.div, torch.divide, _T.div, _T.divide, _T.div_, _T.divide_}
_MOD = {torch.remainder, _T.remainder, _T.__mod__, _T.__imod__, _T.remainder_}
_FMOD = {torch.fmod, _T.fmod, _T.fmod_}
_IN_PLACE = {_T.__ifloordiv__, _T.floor_divide_, _T.div_, _T.divide_, _T.__imod__, _T.remainder_, _T.fmod_}


def _kind(func: Callable, kwargs: dict) -> str | None:
    if func in _FLOOR_DIV or func is _T.__rfloordiv__:
        return "div"
    if func in _DIV and kwargs.get("rounding_mode") in ("floor", "trunc"):
        return "div"
    if func in _MOD or func is _T.__rmod__:
        return "mod"
    if func in _FMOD:
        return "fmod"
    return None


def handles(func: Callable, kwargs: dict, err: Exception) -> bool:
    return str(err) == "ZeroDivisionError" and _kind(func, kwargs) is not None


def _operands(func: Callable, args: tuple, kwargs: dict) -> tuple[torch.Tensor, torch.Tensor]:
    first, second = args[0], args[1] if len(args) > 1 else kwargs["other"]
    if func in _REFLECTED:
        first, second = second, first
    ref = first if isinstance(first, torch.Tensor) else second
    return tuple(v if isinstance(v, torch.Tensor) else torch.tensor(v, device=ref.device) for v in (first, second))


def compute(func: Callable, args: tuple, kwargs: dict) -> torch.Tensor:
    """The result of `func(*args, **kwargs)` with MindSpore's values where the divisor is 0."""
    kind = _kind(func, kwargs)
    num, den = _operands(func, args, kwargs)
    dtype = torch.result_type(num, den)
    num, den = num.to(dtype), den.to(dtype)
    zero = den == 0
    safe = torch.where(zero, torch.ones_like(den), den)
    info = torch.iinfo(dtype)
    low = 0 if info.min == 0 else info.min
    if kind == "div":
        mode = kwargs.get("rounding_mode", "floor")
        out = torch.where(zero, torch.where(num > 0, info.max, torch.where(num < 0, low, 0)).to(dtype),
                          torch.div(num, safe, rounding_mode=mode))
    elif kind == "mod":
        out = torch.where(zero, torch.full_like(num, low), torch.remainder(num, safe))
    else:
        out = torch.where(zero, num, torch.fmod(num, safe))
    if func in _IN_PLACE:
        return args[0].copy_(out)
    return out
