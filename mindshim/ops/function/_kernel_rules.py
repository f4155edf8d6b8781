"""MindSpore 2.10's CPU kernel rules where they differ from torch's (checked against the real MindSpore).

- Float division by zero ignores the sign of the zero divisor (`2 / -0.0` is inf) and gives -inf for a NaN
  dividend (`nan / 0` is -inf); 0 / 0 stays NaN. The rounding modes ('floor', 'trunc') follow the same rule.
- `maximum(a, b)` is `a if a > b else b` and `minimum(a, b)` is `a if a < b else b`: a NaN in `b` propagates,
  a NaN in `a` yields `b` (`maximum(nan, 1)` is 1, `maximum(1, nan)` is NaN). Ties keep torch's gradient split.

The fix-ups run on plain torch tensors (one result wrapped at the end): they sit on hot paths (`x / y`).
"""
from __future__ import annotations

import numbers
from typing import Any

import torch

from mindshim.common.tensor import Tensor, plain, wrap


# > 0 while a MindIR export records the network: the exported primitives (Div, Maximum, ...) carry these rules
EXPORTING = [0]


def _result(out: Any, fixed: torch.Tensor) -> Any:
    return wrap(fixed) if isinstance(out, Tensor) else fixed


def divide(a: torch.Tensor, b: Any, rounding_mode: str | None = None) -> torch.Tensor:
    """`torch.div(a, b, rounding_mode=...)` with MindSpore's zero-divisor results for float outputs. Gradients are
    torch's: the divisor's sign fix is an identity and the NaN fix only touches NaN dividends."""
    if EXPORTING[0]:
        return torch.div(a, b, rounding_mode=rounding_mode)
    pa = plain(a)
    if isinstance(b, torch.Tensor):
        pb = plain(b)
        if pb.is_floating_point():
            pb = pb + 0.0  # -0.0 + 0.0 is +0.0: a zero divisor divides like +0.0
        out = torch.div(a, pb, rounding_mode=rounding_mode)  # through Tensor: its dtype handling and errors
        po = plain(out)
        if po.is_floating_point() and pa.is_floating_point():
            po = torch.where(torch.isnan(pa) & (pb == 0), float("-inf"), po)
        return wrap(po) if isinstance(a, Tensor) or isinstance(b, Tensor) else po
    zero_scalar = isinstance(b, numbers.Real) and not isinstance(b, bool) and b == 0
    out = torch.div(a, abs(b) if zero_scalar else b, rounding_mode=rounding_mode)
    if not (zero_scalar and pa.is_floating_point()):
        return out
    po = plain(out)
    return _result(out, torch.where(torch.isnan(pa), float("-inf"), po)) if po.is_floating_point() else out


def _nan_first_gives_other(a: torch.Tensor, b: torch.Tensor, out: Any) -> Any:
    pa = plain(a)
    if not pa.is_floating_point():
        return out
    po = plain(out)
    return _result(out, torch.where(torch.isnan(pa), plain(b), po).to(po.dtype))


def maximum(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    out = torch.maximum(a, b)
    return out if EXPORTING[0] else _nan_first_gives_other(a, b, out)


def minimum(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    out = torch.minimum(a, b)
    return out if EXPORTING[0] else _nan_first_gives_other(a, b, out)
