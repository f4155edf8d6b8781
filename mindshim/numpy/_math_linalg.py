"""mindspore.numpy products and norms, with MindSpore 2.10's rules: integer products stay integer (`dot`,
`inner`, `outer`, `kron`); `cross` computes in Float32 and casts to the promoted dtype (two 2-vectors without a
batch raise ValueError, as MindSpore's axisc check does); `norm` of integers is Float32 and the matrix 2-norm /
nuclear norm raise NotImplementedError; `trapz` computes in Float32 unless the input is Float16/32.
"""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim.numpy import _math_core as C


def _matmul_dtypes(a: torch.Tensor, b: torch.Tensor) -> None:
    """MindSpore's MatMul takes two Tensors of one non-bool dtype."""
    if a.dtype != b.dtype or a.dtype == torch.bool:
        raise TypeError(f"For 'MatMul', the inputs must have one non-bool dtype, but got {a.dtype} and {b.dtype}.")


def mm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """(..., n, k) @ (..., k, m); integers go through Float64 (CUDA has no integer GEMM)."""
    _matmul_dtypes(a, b)
    if a.dtype.is_floating_point or a.dtype.is_complex:
        return torch.matmul(a, b)
    return torch.matmul(a.to(torch.float64), b.to(torch.float64)).to(a.dtype)


def _dot(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    if a.ndim == 0 or b.ndim == 0:
        return C.mul(a, b)
    if b.ndim >= 2:
        b = b.transpose(-1, -2)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError("shapes are not aligned")
    res = mm(a.reshape(-1, a.shape[-1]), b.reshape(-1, b.shape[-1]).T)
    return res.reshape(tuple(a.shape[:-1]) + tuple(b.shape[:-1]))


def dot(a: Any, b: Any) -> Any:
    """mindspore.numpy.dot(a, b): numpy's dot of two Tensors."""
    return C.out(_dot(C.plain(a), C.plain(b)))


def inner(a: Any, b: Any) -> Any:
    """mindspore.numpy.inner(a, b): sum over the last axes of two Tensors."""
    x, y = C.plain(a), C.plain(b)
    if x.ndim == 0 or y.ndim == 0:
        return C.out(C.mul(x, y))
    if x.shape[-1] != y.shape[-1]:
        raise ValueError(f"shapes {tuple(x.shape)} {tuple(y.shape)} not aligned")
    res = mm(x.reshape(-1, x.shape[-1]), y.reshape(-1, y.shape[-1]).T)
    return C.out(res.reshape(tuple(x.shape[:-1]) + tuple(y.shape[:-1])))


def outer(a: Any, b: Any) -> Any:
    """mindspore.numpy.outer(a, b): the outer product of two flattened Tensors."""
    C.need_tensor(a, b)
    x, y = C.plain(a).reshape(-1, 1), C.plain(b).reshape(1, -1)
    return C.out(mm(x, y))


def tensordot(a: Any, b: Any, axes: Any = 2) -> Any:
    """mindspore.numpy.tensordot(a, b, axes=2)."""
    x, y = C.plain(a), C.plain(b)
    if x.ndim * y.ndim == 0 and axes == 0:
        return C.out(C.mul(x, y))
    if isinstance(axes, int):
        xa, ya = list(range(x.ndim - axes, x.ndim)), list(range(axes))
    else:
        xa, ya = ([axes[0]] if isinstance(axes[0], int) else list(axes[0]),
                  [axes[1]] if isinstance(axes[1], int) else list(axes[1]))
    if len(xa) != len(ya) or any(x.shape[i] != y.shape[j] for i, j in zip(xa, ya)):
        raise ValueError(f"For 'tensordot', the axes of {tuple(x.shape)} and {tuple(y.shape)} do not match.")
    _matmul_dtypes(x, y)
    if x.dtype.is_floating_point:
        return C.out(torch.tensordot(x, y, dims=(xa, ya)))
    return C.out(torch.tensordot(x.to(torch.float64), y.to(torch.float64), dims=(xa, ya)).to(x.dtype))


def matmul(x1: Any, x2: Any, dtype: Any = None) -> Any:
    """mindspore.numpy.matmul(x1, x2, dtype=None): mismatched shapes raise RuntimeError, as ops.matmul."""
    C.need_tensor(x1, x2)
    a, b = C.plain(x1), C.plain(x2)
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("For 'MatMul', the inputs must not be 0-d Tensors.")
    _matmul_dtypes(a, b)
    try:
        res = torch.matmul(a, b) if a.dtype.is_floating_point else \
            torch.matmul(a.to(torch.float64), b.to(torch.float64)).to(a.dtype)
    except RuntimeError as err:
        raise RuntimeError(f"For 'MatMul', the shapes {tuple(a.shape)} and {tuple(b.shape)} do not match: {err}") \
            from None
    return C.out(C.cast(res, dtype))


def multi_dot(arrays: Any) -> Any:
    """mindspore.numpy.multi_dot(arrays): the chained dot product of a sequence of Tensors."""
    if len(arrays) < 2:
        raise ValueError("Expecting at least 2 arrays")
    if isinstance(arrays, (tuple, list)):
        ts = C.tensors(*arrays)
    else:
        t = C.tensor(arrays)
        ts = list(torch.unbind(t, 0))
    if len(ts) == 2:
        return C.out(_dot(ts[0], ts[1]))
    first_vec, last_vec = ts[0].ndim == 1, ts[-1].ndim == 1
    if first_vec:
        ts[0] = ts[0].reshape(1, -1)
    if last_vec:
        ts[-1] = ts[-1].reshape(-1, 1)
    if any(t.ndim != 2 for t in ts):
        raise ValueError("Array must be 2 dimensional")
    if any(p.shape[1] != q.shape[0] for p, q in zip(ts[:-1], ts[1:])):
        raise ValueError(f"Shapes {[tuple(t.shape) for t in ts]} are not aligned")
    res = ts[0]
    for t in ts[1:]:
        res = _dot(res, t)
    shape = (() if first_vec else (ts[0].shape[0],)) + (() if last_vec else (ts[-1].shape[1],))
    return C.out(res.reshape(shape))


def kron(a: Any, b: Any) -> Any:
    """mindspore.numpy.kron(a, b): the Kronecker product."""
    x, y = C.tensors(a, b)
    if max(x.ndim, y.ndim) == 0:
        return C.out(C.mul(x, y))
    x, y = C.same(x, y)
    return C.out(torch.kron(x, y))


def _axis(ax: int, ndim: int) -> int:
    if not isinstance(ax, int) or isinstance(ax, bool):
        raise TypeError(f"axes should be integers, not {type(ax)}")
    if not -ndim <= ax < ndim:
        raise ValueError(f"axis {ax} is out of bounds for array of dimension {ndim}")
    return ax % ndim


def cross(a: Any, b: Any, axisa: int = -1, axisb: int = -1, axisc: int = -1, axis: Any = None) -> Any:
    """mindspore.numpy.cross: the cross product of 2- or 3-vectors along the given axes."""
    x, y = C.tensors(a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    x = torch.movedim(x, _axis(axisa, x.ndim), -1)
    y = torch.movedim(y, _axis(axisb, y.ndim), -1)
    if x.shape[-1] not in (2, 3) or y.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product (dimension must be 2 or 3)")
    a_z, b_z = x.shape[-1] == 3, y.shape[-1] == 3
    shape = C.broadcast_shape(tuple(x.shape[:-1]), tuple(y.shape[:-1])) + ((3,) if a_z or b_z else ())
    _axis(axisc, len(shape))
    dtype = C.promote(x.dtype, y.dtype)
    x = x if x.dtype in C.FLOAT16_32 else x.to(torch.float32)
    y = y if y.dtype in C.FLOAT16_32 else y.to(torch.float32)

    def p(i: int, j: int) -> torch.Tensor:
        return C.mul(x[..., i], y[..., j])

    cz = p(0, 1) - p(1, 0)
    if not a_z and not b_z:
        return C.out(cz.reshape(shape).to(dtype))
    if a_z and b_z:
        cx, cy = p(1, 2) - p(2, 1), p(2, 0) - p(0, 2)
    elif a_z:
        cx, cy = -p(2, 1), p(2, 0)
    else:
        cx, cy = p(1, 2), -p(0, 2)
    res = torch.stack(torch.broadcast_tensors(cx, cy, cz), -1).reshape(shape)
    return C.out(torch.movedim(res, -1, axisc).to(dtype))


def _vector_norm(x: torch.Tensor, ord: Any, axis: tuple, keepdims: bool) -> torch.Tensor:
    from mindshim.numpy._math_binary import power
    if ord in ("fro", "nuc"):
        raise ValueError("Frobenius norm and nuclear norm are only defined for vectors")
    ord = 2 if ord is None else ord
    ax = axis
    if ord in (math.inf, -math.inf):
        return C.reduce_extreme(C.absolute(x), ax, keepdims, ord > 0)
    if ord == 0:
        return torch.sum((x != 0).to(torch.float32), dim=ax, keepdim=keepdims)
    powered = C.plain(power(C.out(C.absolute(x)), ord))
    summed = torch.sum(powered, dim=ax, keepdim=keepdims, dtype=powered.dtype)
    return C.plain(power(C.out(summed), 1.0 / ord))


def _matrix_norm(x: torch.Tensor, ord: Any, axis: tuple, keepdims: bool) -> torch.Tensor:
    if ord == 0:
        raise ValueError("for 0 axis, norm is defined only for 2-D matrices")
    if ord == "nuc":
        raise NotImplementedError("nuclear norm is not implemented")
    if ord in (2, -2):
        raise NotImplementedError("2-norm is not implemented for matrices")
    if ord in (None, "fro"):
        return C.sqrt(torch.sum(C.square(x), dim=axis, keepdim=keepdims, dtype=x.dtype))
    ax0, ax1 = axis
    if not keepdims:
        if abs(ord) == math.inf and ax0 > ax1:
            ax0 -= 1
        elif abs(ord) == 1 and ax1 > ax0:
            ax1 -= 1
    a = C.absolute(x)
    if ord in (math.inf, -math.inf):
        return C.reduce_extreme(torch.sum(a, dim=ax1, keepdim=keepdims), (ax0,), keepdims, ord > 0)
    if ord in (1, -1):
        return C.reduce_extreme(torch.sum(a, dim=ax0, keepdim=keepdims), (ax1,), keepdims, ord > 0)
    raise ValueError("invalid norm order for matrices")


def norm(x: Any, ord: Any = None, axis: Any = None, keepdims: bool = False) -> Any:  # noqa: A002
    """mindspore.numpy.norm(x, ord=None, axis=None, keepdims=False): vector and matrix norms."""
    if not isinstance(ord, (int, float)) and ord not in (None, "fro", "nuc"):
        raise ValueError("invalid value for `ord`")
    t = C.tensor(x)
    ndim = t.ndim
    if axis is None:
        if ord is None:
            t = t.reshape(-1)
        if t.ndim not in (1, 2):
            raise ValueError("for None axis, array must a vector or a 2-D matrix")
        axis = tuple(range(t.ndim))
    axes = C.reduce_axes(axis, t.ndim) if not isinstance(axis, (tuple, list)) else \
        tuple(_axis(a, t.ndim) for a in axis)
    if len(set(axes)) != len(axes):
        raise ValueError('duplicate value in "axis"')
    if len(axes) == 1:
        res = _vector_norm(t, ord, axes, keepdims)
    elif len(axes) == 2:
        res = _matrix_norm(t, ord, axes, keepdims)
    else:
        raise ValueError("invalid number of dimensions to norm")
    if keepdims and ndim > res.ndim:
        res = res.reshape((1,) * (ndim - res.ndim) + tuple(res.shape))
    return C.out(res)


def trapz(y: Any, x: Any = None, dx: Any = 1.0, axis: int = -1) -> Any:
    """mindspore.numpy.trapz(y, x=None, dx=1.0, axis=-1): the trapezoidal rule (Float32 unless Float16/32)."""
    from mindshim.numpy._math_misc import diff
    t = C.tensor(y)
    ax = _axis(axis, t.ndim)
    step = C.plain(diff(C.out(C.tensor(x)))) if x is not None else C.tensor(dx)
    step = step.reshape(tuple(step.shape) + (1,) * (t.ndim - ax - step.ndim))
    if t.dtype not in C.FLOAT16_32:
        t = t.to(torch.float32)
    step = step.to(t.dtype)
    n = t.shape[ax]
    left, right = t.narrow(ax, 0, n - 1), t.narrow(ax, 1, n - 1)
    res = (left * step + right * step) / torch.tensor(2.0, dtype=t.dtype, device=t.device)
    return C.out(torch.sum(res, dim=ax))


def matrix_power(a: Any, n: int) -> Any:
    """mindspore.numpy.matrix_power(a, n): `n` >= 0 matrix products of the last two (square) dims; n = 0 is the
    identity broadcast to a's shape, n = 1 is `a` itself."""
    from mindshim import ops
    t = C.tensor(a)
    if not isinstance(n, int):
        raise TypeError("exponent must be an integer")
    if t.dim() < 2:
        raise ValueError("Array must be at least two-dimensional")
    if t.shape[-2] != t.shape[-1]:
        raise ValueError("Last 2 dimensions of the array must be square")
    if n < 0:
        raise ValueError("n < 0 is not supported now.")
    if n == 0:
        return C.out(torch.broadcast_to(torch.eye(t.shape[-1], dtype=t.dtype, device=t.device), t.shape))
    res = t
    for _ in range(n - 1):
        res = ops.matmul(res, t)
    return C.out(res)
