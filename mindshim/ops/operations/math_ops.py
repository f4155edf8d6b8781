"""Math primitives: ops.Add(), ops.ReduceMean(keep_dims), ops.MatMul(transpose_a, transpose_b), ..."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.ops.function import math_func as M
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__


def _no_bools(fn: Any, op: str) -> Any:
    """Add/Sub reject two bool tensors (TypeError), as MindSpore's kernels."""
    def call(x: Any, y: Any) -> Any:
        if all(isinstance(v, torch.Tensor) and v.dtype == torch.bool for v in (x, y)):
            raise TypeError(f"For primitive[{op}], the input argument[x] must be a type of {{Tensor[Number]}}, but "
                            f"got Tensor[Bool].")
        return fn(x, y)
    return call


def _addn(x: Any) -> Any:
    if not isinstance(x, (tuple, list)):
        raise TypeError(f'Failed calling AddN with "AddN()(x={type(x).__name__})".')
    shapes = [tuple(t.shape) for t in x if isinstance(t, torch.Tensor)]
    for i, shape in enumerate(shapes[1:], 1):
        if shape != shapes[0]:
            raise ValueError(f"For 'AddN', input shape must be same, but got shape of input[{i}]: {shape}, shape of "
                             f"input[0]: {shapes[0]}.")
    return M.addn(x)


_SIMPLE = {
    "Add": _no_bools(M.add, "Add"), "Sub": _no_bools(M.sub, "Sub"), "Mul": M.mul, "Div": M.div,
    "RealDiv": M.real_div, "Pow": M.pow, "Sqrt": M.sqrt,
    "Rsqrt": M.rsqrt, "Exp": M.exp, "Log": M.log, "Abs": M.abs, "Neg": M.neg, "Square": M.square,
    "Reciprocal": M.reciprocal, "Maximum": M.maximum, "Minimum": M.minimum, "Floor": M.floor, "Ceil": M.ceil,
    "Round": M.round, "Sign": M.sign, "Sin": M.sin, "Cos": M.cos, "Equal": M.equal, "NotEqual": M.ne,
    "Greater": M.gt, "GreaterEqual": M.ge, "Less": M.lt, "LessEqual": M.le, "LogicalNot": M.logical_not,
    "LogicalAnd": M.logical_and, "LogicalOr": M.logical_or, "IsNan": M.isnan, "IsInf": M.isinf,
    "IsFinite": M.isfinite, "AddN": _addn,
}


for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


class _Reduce(Primitive):
    _fn = staticmethod(M.mean)

    def __init__(self, keep_dims: bool = False) -> None:
        super().__init__()
        self.keep_dims = keep_dims

    def __call__(self, x: Any, axis: Any = ()) -> Any:
        return self._reduce(x, axis)

    def _reduce(self, x: Any, axis: Any) -> Any:
        if axis is None and not isinstance(self, ReduceAll):  # an int, ints or a Tensor; never None (but ReduceAll)
            raise TypeError(f'Failed calling {type(self).__name__} with "{type(self).__name__}(keep_dims=bool'
                            f'{", skip_mode=bool" if isinstance(self, ReduceSum) else ""})(x=Tensor, axis=None)".')
        if isinstance(axis, torch.Tensor):
            axis = axis.tolist()
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
        if x.dim() != 2 or y.dim() != 2:
            raise ValueError("MatMul inputs should have the same dimension size and equal to 2.")
        if self.transpose_a:
            x = x.t()
        if self.transpose_b:
            y = y.t()
        if x.shape[1] != y.shape[0]:
            raise ValueError(f"For 'MatMul' the input dimensions must be equal, but got 'x1_col': {x.shape[1]} and "
                             f"'x2_row': {y.shape[0]}.")
        _same_dtype(x, y, "MatMul")
        return torch.matmul(x, y)


def _same_dtype(x: Any, y: Any, op: str) -> None:
    if x.dtype != y.dtype:
        raise TypeError(f"For '{op}', the type of 'x2' should be same as 'x1', but got 'x1' with type "
                        f"Tensor[{mstype.from_torch(x.dtype)}] and 'x2' with type Tensor[{mstype.from_torch(y.dtype)}].")


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
        if x.shape[-1] != y.shape[-2]:
            raise ValueError(f"For BatchMatMul, the row of the input 'y' should be same as the col of the input 'x', "
                             f"with x shape {tuple(x.shape)}, y shape {tuple(y.shape)}.")
        return torch.matmul(x, y)


def _check_axis(x: Any, axis: Any, op: str) -> None:
    n = x.dim()
    if n == 0 and op.endswith("WithValue"):
        n = 1
    if isinstance(axis, int) and not -n <= axis < n:
        raise ValueError(f"For primitive[{op}], the axis must be in [{-n},{n}), but got {axis}.")


def _no_bool(x: Any, op: str) -> None:
    if isinstance(x, torch.Tensor) and x.dtype == torch.bool:
        raise TypeError(f"Select CPU operator[{op}] fail! Unsupported data type!")


class Argmax(Primitive):
    _torch = staticmethod(torch.argmax)

    def __init__(self, axis: int = -1, output_type: Any = mstype.int32) -> None:
        super().__init__()
        self.axis, self.output_type = axis, output_type

    def __call__(self, x: Any) -> Any:
        op = type(self).__name__
        if self.output_type not in (mstype.int32, mstype.int64):
            raise ValueError(f"{op} error: dtype should be Int32 or Int64 but got {self.output_type}")
        if not isinstance(self.axis, int) or isinstance(self.axis, bool):
            raise TypeError(f'Failed calling {op} with "{op}(axis={self.axis!r}, output_type=mindspore.dtype)'
                            f'(input_x=Tensor)".')
        if x.dtype == torch.bool:
            raise TypeError(f"For primitive[{op}], the input argument[x] must be a number Tensor, but got Bool.")
        _check_axis(x, self.axis, op)
        return type(self)._torch(x, dim=self.axis).to(mstype.to_torch(self.output_type))


class Argmin(Argmax):
    _torch = staticmethod(torch.argmin)


class ArgMaxWithValue(Primitive):
    """Returns (index, value), MindSpore's order."""

    def __init__(self, axis: int = 0, keep_dims: bool = False) -> None:
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def __call__(self, x: Any) -> Any:
        _no_bool(x, type(self).__name__)
        _check_axis(x, self.axis, type(self).__name__)
        values, indices = torch.max(x, self.axis, keepdim=self.keep_dims)
        return indices, values  # Int64 indices, as MindSpore 2.10


class ArgMinWithValue(ArgMaxWithValue):
    def __call__(self, x: Any) -> Any:
        _no_bool(x, type(self).__name__)
        _check_axis(x, self.axis, type(self).__name__)
        values, indices = torch.min(x, self.axis, keepdim=self.keep_dims)
        return indices, values


class CumSum(Primitive):
    def __init__(self, exclusive: bool = False, reverse: bool = False) -> None:
        super().__init__()
        self.exclusive, self.reverse = exclusive, reverse

    def __call__(self, x: Any, axis: Any) -> Any:
        if x.dtype == torch.bool:
            raise TypeError("For primitive[CumSum], the input argument[x] must be a type of {Tensor[Number]}, "
                            "but got Tensor[Bool].")
        if isinstance(axis, torch.Tensor):
            axis = int(axis.item())
        _check_axis(x, axis, "CumSum")
        if self.reverse:
            x = torch.flip(x, (axis,))
        out = torch.cumsum(x, axis).to(x.dtype)  # integers keep their dtype (torch would widen to int64)
        if self.exclusive:  # shifted by one, not `out - x` (inf - inf would give nan)
            n = x.shape[axis]
            out = torch.cat([torch.zeros_like(x.narrow(axis, 0, min(n, 1))), out.narrow(axis, 0, max(n - 1, 0))],
                            axis)
        return torch.flip(out, (axis,)) if self.reverse else out


__all__ = sorted(list(_SIMPLE) + ["ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceAll", "ReduceAny",
                                  "ReduceProd", "MatMul", "BatchMatMul", "Argmax", "Argmin", "ArgMaxWithValue", "ArgMinWithValue",
                                  "CumSum"])

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
