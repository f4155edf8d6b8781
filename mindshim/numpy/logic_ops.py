"""mindspore.numpy logic functions (MindSpore's `mindspore/numpy/logic_ops.py`): comparisons, float classes,
logical operations and set membership, with MindSpore's argument checks and Bool results.

`isclose` needs operands of one dtype (TypeError otherwise, as MindSpore's IsClose); `array_equal` and
`array_equiv` return a 0-d Bool Tensor; `setdiff1d` returns the sorted unique difference unless
`assume_unique`, which keeps the flattened order.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.numpy import _math_core as C
from mindshim.numpy._math_binary import (equal, greater, greater_equal, less, less_equal, logical_and, logical_or,
                                         logical_xor, not_equal)
from mindshim.numpy._math_reduce import sometrue
from mindshim.numpy._math_unary import (isfinite, isinf, isnan, isneginf, isposinf, logical_not, signbit)

__all__ = ["array_equal", "array_equiv", "equal", "greater", "greater_equal", "in1d", "isclose", "isfinite", "isin",
           "isinf", "isnan", "isneginf", "isposinf", "isscalar", "less", "less_equal", "logical_and", "logical_not",
           "logical_or", "logical_xor", "not_equal", "setdiff1d", "signbit", "sometrue"]


def isscalar(element: Any) -> bool:
    """mindspore.numpy.isscalar: whether `element` is a Python number, bool or string (never a Tensor)."""
    return isinstance(element, (int, float, bool, str, np.number, np.bool_)) and not isinstance(element, torch.Tensor)


def isclose(a: Any, b: Any, rtol: float = 1e-05, atol: float = 1e-08, equal_nan: bool = False) -> Any:
    """mindspore.numpy.isclose: |a - b| <= atol + rtol * |b|, elementwise."""
    x, y = C.tensors(a, b)
    if x.dtype != y.dtype:
        raise TypeError(f"For 'IsClose', the inputs must have the same dtype, but got {x.dtype} and {y.dtype}.")
    C.check_broadcast(x, y)
    fx, fy = (x, y) if x.dtype.is_floating_point else (x.to(torch.float64), y.to(torch.float64))
    close = torch.abs(fx - fy) <= atol + rtol * torch.abs(fy)
    res = (x == y) | (torch.isfinite(fx) & torch.isfinite(fy) & close)
    if equal_nan:
        res = res | (C.isnan(x) & C.isnan(y))
    return C.out(res)


def _in1d(x: torch.Tensor, y: torch.Tensor, invert: bool) -> torch.Tensor:
    a, b = C.same(x.reshape(-1, 1), y.reshape(-1))
    res = (a == b).any(-1) if b.numel() else torch.zeros(a.shape[0], dtype=torch.bool, device=a.device)
    return ~res if invert else res


def in1d(ar1: Any, ar2: Any, invert: bool = False) -> Any:
    """mindspore.numpy.in1d: whether each element of the flattened `ar1` is in `ar2`."""
    x, y = C.tensors(ar1, ar2)
    return C.out(_in1d(x, y, invert))


def isin(element: Any, test_elements: Any, invert: bool = False) -> Any:
    """mindspore.numpy.isin: in1d shaped like `element`."""
    x = C.tensor(element)
    return C.out(_in1d(x, C.tensor(test_elements), invert).reshape(x.shape))


def setdiff1d(ar1: Any, ar2: Any, assume_unique: bool = False) -> Any:
    """mindspore.numpy.setdiff1d: the values of `ar1` not in `ar2`."""
    if not isinstance(assume_unique, bool):
        raise TypeError("assume_unique is not bool type.")
    x, y = C.tensors(ar1, ar2)
    if assume_unique:
        x = x.reshape(-1)
    else:
        x, y = torch.unique(x), torch.unique(y)
    return C.out(x[_in1d(x, y, True)])


def _as_array(a: Any) -> torch.Tensor:
    if isinstance(a, torch.Tensor):
        return C.plain(a)
    if not isinstance(a, (list, tuple, int, float, bool)):
        raise TypeError(f"input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, but got {type(a)}")
    return C.tensor(a)


def array_equal(a1: Any, a2: Any, equal_nan: bool = False) -> Any:
    """mindspore.numpy.array_equal: same shape and elements (a 0-d Bool Tensor)."""
    x, y = _as_array(a1), _as_array(a2)
    if not isinstance(equal_nan, bool):
        raise TypeError("equal_nan must be bool.")
    if tuple(x.shape) != tuple(y.shape):
        return C.out(torch.tensor(False, device=x.device))
    x, y = C.same(x, y)
    res = x == y
    if equal_nan:
        res = res | (C.isnan(x) & C.isnan(y))
    return C.out(res.all())


def array_equiv(a1: Any, a2: Any) -> Any:
    """mindspore.numpy.array_equiv: broadcastable and equal everywhere (a 0-d Bool Tensor)."""
    x, y = _as_array(a1), _as_array(a2)
    try:
        torch.broadcast_shapes(tuple(x.shape), tuple(y.shape))
    except RuntimeError:
        return C.out(torch.tensor(False, device=x.device))
    return C.out((torch.eq(*C.same(x, y))).all())


# uint16/32/64 inputs run as Int64 (torch lacks most kernels for them); see _math_core.unsigned_safe
_STRICT = {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"}
_PROMOTE = {"logical_and", "logical_or", "logical_xor"}
for _name in __all__:
    globals()[_name] = C.unsigned_safe(globals()[_name], "strict" if _name in _STRICT else
                                       "promote" if _name in _PROMOTE else "")
del _name
