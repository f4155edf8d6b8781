"""Math primitives: ops.Add(), ops.ReduceMean(keep_dims), ops.MatMul(transpose_a, transpose_b), ..."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.ops.function import math_func as M
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__
_SIMPLE = {
    "Add": M.add, "Sub": M.sub, "Mul": M.mul, "Div": M.div, "RealDiv": M.real_div, "Pow": M.pow, "Sqrt": M.sqrt,
    "Rsqrt": M.rsqrt, "Exp": M.exp, "Log": M.log, "Abs": M.abs, "Neg": M.neg, "Square": M.square,
    "Reciprocal": M.reciprocal, "Maximum": M.maximum, "Minimum": M.minimum, "Floor": M.floor, "Ceil": M.ceil,
    "Round": M.round, "Sign": M.sign, "Sin": M.sin, "Cos": M.cos, "Equal": M.equal, "NotEqual": M.ne,
    "Greater": M.gt, "GreaterEqual": M.ge, "Less": M.lt, "LessEqual": M.le, "LogicalNot": M.logical_not,
    "LogicalAnd": M.logical_and, "LogicalOr": M.logical_or, "IsNan": M.isnan, "IsInf": M.isinf,
    "IsFinite": M.isfinite, "AddN": M.addn,
}
for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


class _Reduce(Primitive):
    _fn = staticmethod(M.mean)

    def __init__(self, keep_dims: bool = False) -> None:
        super().__init__()
        self.keep_dims = keep_dims

    def __call__(self, x: Any, axis: Any = ()) -> Any:
        return self._reduce(x, () if axis is None else axis)

    def _reduce(self, x: Any, axis: Any) -> Any:
        axis = None if axis == () or axis == [] else (tuple(axis) if isinstance(axis, list) else axis)
        return type(self)._fn(x, axis, self.keep_dims)


def _sum(x, axis, keep):
    """ReduceSum keeps integer dtypes (wrapping), reduces bool as any; torch would widen to int64."""
    x = M._t(x)
    if M._is_float(x):
        return M.sum(x, axis, keep)
    return M.int_reduce(x, axis, keep, "sum")


def _max(x, axis, keep):
    return M.amax(x, axis, keep)


def _min(x, axis, keep):
    return M.amin(x, axis, keep)


def _all(x, axis, keep):
    return x.all(axis=axis, keep_dims=keep)


def _any(x, axis, keep):
    return x.any(axis=axis, keep_dims=keep)


def _prod(x, axis, keep):
    """ReduceProd keeps integer dtypes (wrapping), reduces bool as all."""
    x = M._t(x)
    if M._is_float(x):
        return x.prod(axis=axis, keep_dims=keep)
    return M.int_reduce(x, axis, keep, "prod")


class ReduceMean(_Reduce):
    _fn = staticmethod(M.mean)


class ReduceSum(_Reduce):
    _fn = staticmethod(_sum)

    def __init__(self, keep_dims: bool = False, skip_mode: bool = False) -> None:
        super().__init__(keep_dims)
        self.skip_mode = skip_mode

    def __call__(self, x: Any, axis: Any = ()) -> Any:
        if self.skip_mode and axis in ((), []):
            return x
        return self._reduce(x, axis)


class ReduceMax(_Reduce):
    _fn = staticmethod(_max)


class ReduceMin(_Reduce):
    _fn = staticmethod(_min)


class ReduceAll(_Reduce):
    _fn = staticmethod(_all)


class ReduceAny(_Reduce):
    _fn = staticmethod(_any)


class ReduceProd(_Reduce):
    _fn = staticmethod(_prod)


class MatMul(Primitive):
    def __init__(self, transpose_a: bool = False, transpose_b: bool = False) -> None:
        super().__init__()
        self.transpose_a, self.transpose_b = transpose_a, transpose_b

    def __call__(self, x: Any, y: Any) -> Any:
        if tuple(x.shape[:-2]) != tuple(y.shape[:-2]):
            raise ValueError(f"For BatchMatMul, inputs shape cannot be broadcast, with x shape {tuple(x.shape)}, "
                             f"y shape {tuple(y.shape)}.")
        if self.transpose_a:
            x = x.transpose(-1, -2) if x.dim() > 2 else x.t()
        if self.transpose_b:
            y = y.transpose(-1, -2) if y.dim() > 2 else y.t()
        return torch.matmul(x, y)


class BatchMatMul(MatMul):
    """Batched matmul; batch dims must be equal (MindSpore's CPU/GPU kernels do not broadcast them, ValueError);
    `transpose_a`/`transpose_b` swap the last two axes."""

    def __call__(self, x: Any, y: Any) -> Any:
        if tuple(x.shape[:-2]) != tuple(y.shape[:-2]):
            raise ValueError(f"For BatchMatMul, inputs shape cannot be broadcast, with x shape {tuple(x.shape)}, "
                             f"y shape {tuple(y.shape)}.")
        if self.transpose_a:
            x = torch.transpose(x, -1, -2)
        if self.transpose_b:
            y = torch.transpose(y, -1, -2)
        return torch.matmul(x, y)


class Argmax(Primitive):
    def __init__(self, axis: int = -1, output_type: Any = mstype.int32) -> None:
        super().__init__()
        self.axis, self.output_type = axis, output_type

    def __call__(self, x: Any) -> Any:
        return torch.argmax(x, dim=self.axis).to(mstype.to_torch(self.output_type))


class Argmin(Argmax):
    def __call__(self, x: Any) -> Any:
        return torch.argmin(x, dim=self.axis).to(mstype.to_torch(self.output_type))


class ArgMaxWithValue(Primitive):
    """Returns (index, value), MindSpore's order."""

    def __init__(self, axis: int = 0, keep_dims: bool = False) -> None:
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def __call__(self, x: Any) -> Any:
        values, indices = torch.max(x, self.axis, keepdim=self.keep_dims)
        return indices, values  # Int64 indices, as MindSpore 2.10


class ArgMinWithValue(ArgMaxWithValue):
    def __call__(self, x: Any) -> Any:
        values, indices = torch.min(x, self.axis, keepdim=self.keep_dims)
        return indices, values


class CumSum(Primitive):
    def __init__(self, exclusive: bool = False, reverse: bool = False) -> None:
        super().__init__()
        self.exclusive, self.reverse = exclusive, reverse

    def __call__(self, x: Any, axis: int) -> Any:
        if self.reverse:
            x = torch.flip(x, (axis,))
        out = torch.cumsum(x, axis).to(x.dtype)  # integers keep their dtype (torch would widen to int64)
        if self.exclusive:
            out = out - x
        return torch.flip(out, (axis,)) if self.reverse else out


__all__ = sorted(list(_SIMPLE) + ["ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceAll", "ReduceAny",
                                  "ReduceProd", "MatMul", "BatchMatMul", "Argmax", "Argmin", "ArgMaxWithValue", "ArgMinWithValue",
                                  "CumSum"])
