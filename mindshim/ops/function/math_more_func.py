"""More math functions (mindspore.ops.*): complex numbers (real/imag/conj/angle/polar/view_as_real), approximate
equality, accumulate_n, batch_dot, pows/tensor_pow, quantile/nanquantile, logspace, population_count and the
`*_ext` forms (diff_ext, einsum_ext, float_power_ext, isnan_ext).

Mapping decisions (MindSpore 2.10 behaviour, checked against the real thing):
- `imag`/`conj`/`real` of a real tensor give zeros / the tensor itself; `angle`, `ComplexAbs` and
  `view_as_real` need a complex tensor (TypeError).
- `approximate_equal` is |x - y| < tolerance for float tensors of one shape (no broadcasting: RuntimeError).
- `batch_dot` takes float32 only (TypeError otherwise); axes default to (-1, -1) for a 2-D `x2` and (-1, -2)
  otherwise; a result with only the batch dim gets a trailing dim of 1.
- `quantile`/`nanquantile`: float32/float64 input, `q` (number or tensor of the input's dtype) in [0, 1]
  (ValueError), axis in range (ValueError); linear interpolation.
- `float_power_ext` always computes in float64 (complex128 for complex inputs).
- `population_count` counts the set bits of an integer tensor's two's-complement pattern; the result is UInt8.
"""
from __future__ import annotations

import numbers
from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, wrap
from mindshim._backend import device as _device
from mindshim.ops.function._args import as_tensor as _t

_F32_64 = (torch.float32, torch.float64)


# ---- complex numbers ----
def real(input: Any) -> Tensor:
    x = _t(input)
    return torch.real(x) if x.is_complex() else x.clone()


def imag(input: Any) -> Tensor:
    x = _t(input)
    return torch.imag(x) if x.is_complex() else torch.zeros_like(x)


def conj(input: Any) -> Tensor:
    x = _t(input)
    return torch.conj_physical(x) if x.is_complex() else x.clone()


def angle(input: Any) -> Tensor:
    x = _t(input)
    if not x.is_complex():  # MindSpore has no real-input kernel
        raise TypeError(f"For 'angle', the input must be complex64 or complex128, but got {x.dtype}.")
    return torch.angle(x)


def polar(abs: Any, angle: Any) -> Tensor:  # noqa: A002
    r, theta = _t(abs), _t(angle)
    if r.dtype not in _F32_64 or r.dtype != theta.dtype:
        raise TypeError(f"For 'polar', 'abs' and 'angle' must be float32 or float64 of one dtype, but got "
                        f"{r.dtype} and {theta.dtype}.")
    return torch.polar(r, theta)


def view_as_real(input: Any) -> Tensor:
    x = _t(input)
    if not x.is_complex():
        raise TypeError(f"For 'view_as_real', the input must be complex64 or complex128, but got {x.dtype}.")
    return torch.view_as_real(x)


# ---- comparisons, sums and products ----
def approximate_equal(x: Any, y: Any, tolerance: float = 1e-5) -> Tensor:
    a, b = _t(x), _t(y)
    for t in (a, b):
        if not t.is_floating_point():
            raise TypeError(f"For 'ApproximateEqual', the inputs must be float16, float32 or float64, got {t.dtype}.")
    if a.shape != b.shape:
        raise RuntimeError(f"For 'ApproximateEqual', arg 'x1' must have the same shape as 'x2'. But got 'x1' shape: "
                           f"{tuple(a.shape)}, 'x2' shape: {tuple(b.shape)}.")
    return torch.abs(a - b) < tolerance


def accumulate_n(x: Any) -> Tensor:
    xs = [_t(i) for i in x]
    if not xs:
        raise ValueError("For 'AccumulateNV2', the input must be a non-empty list or tuple of Tensors.")
    out = xs[0]
    for t in xs[1:]:
        out = out + t
    return out


def batch_dot(x1: Any, x2: Any, axes: Any = None) -> Tensor:
    a, b = _t(x1), _t(x2)
    for name, t in (("x1", a), ("x2", b)):
        if t.dtype != torch.float32:
            raise TypeError(f"The '{name}' doesn't support '{t.dtype}' and expect to receive [mindspore.float32].")
    if a.dim() < 2 or b.dim() < 2 or a.shape[0] != b.shape[0]:
        raise ValueError(f"For 'batch_dot', inputs must be at least 2-D with one batch size, got {a.shape}, {b.shape}.")
    if axes is None:
        axes = (a.dim() - 1, b.dim() - 1) if b.dim() == 2 else (a.dim() - 1, b.dim() - 2)
    elif isinstance(axes, int):
        axes = (axes, axes)
    if not (-a.dim() <= axes[0] < a.dim() and -b.dim() <= axes[1] < b.dim()):
        raise ValueError(f"For 'batch_dot', axes {tuple(axes)} are out of range for shapes {a.shape} and {b.shape}.")
    ax1, ax2 = axes[0] % a.dim(), axes[1] % b.dim()
    if ax1 == 0 or ax2 == 0 or a.shape[ax1] != b.shape[ax2]:
        raise ValueError(f"For 'batch_dot', invalid axes {tuple(axes)} for shapes {a.shape} and {b.shape}.")
    a, b = torch.movedim(a, ax1, -1), torch.movedim(b, ax2, 1)
    r1, r2 = a.shape[1:-1], b.shape[2:]
    out = torch.bmm(a.reshape(a.shape[0], -1, a.shape[-1]), b.reshape(b.shape[0], b.shape[1], -1))
    out = out.reshape((a.shape[0],) + tuple(r1) + tuple(r2))
    return out.unsqueeze(-1) if out.dim() == 1 else out


def pows(input: Any, exponent: Any) -> Tensor:
    return torch.pow(_t(input), exponent)


tensor_pow = pows


def float_power_ext(input: Any, exponent: Any) -> Tensor:
    if not isinstance(input, torch.Tensor) and not isinstance(exponent, torch.Tensor):
        raise TypeError("For 'float_power_ext', at least one of 'input' and 'exponent' must be a Tensor.")
    return torch.float_power(input, exponent)


def isnan_ext(tensor: Any) -> Tensor:
    return torch.isnan(_t(tensor))


def diff_ext(input: Any, n: int = 1, dim: int = -1, prepend: Any = None, append: Any = None) -> Tensor:
    return torch.diff(_t(input), n, dim, None if prepend is None else _t(prepend), None if append is None else _t(append))


def einsum_ext(equation: str, *operands: Any) -> Tensor:
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        operands = tuple(operands[0])
    return torch.einsum(equation, *[_t(o) for o in operands])


# ---- quantiles, ranges, bits ----
def _quantile(name: str, input: Any, q: Any, axis: Any, keepdims: bool, ignore_nan: bool) -> Tensor:
    x = _t(input)
    if x.dtype not in _F32_64:
        raise TypeError(f"For '{name}', the input must be float32 or float64, but got {x.dtype}.")
    if isinstance(q, torch.Tensor):
        if q.dtype != x.dtype:
            raise TypeError(f"For '{name}', 'q' must have the input's dtype {x.dtype}, but got {q.dtype}.")
        if q.dim() > 1:
            raise ValueError(f"For '{name}', 'q' must be a scalar or a 1-D Tensor, but got {q.dim()}-D.")
        if q.numel() and not bool(((q >= 0) & (q <= 1)).all()):
            raise ValueError(f"For '{name}', 'q' values must be in [0, 1].")
    elif isinstance(q, numbers.Real) and not isinstance(q, bool):
        if not 0 <= q <= 1:
            raise ValueError(f"For '{name}', 'q' must be in [0, 1], but got {q}.")
        q = float(q)
    else:
        raise TypeError(f"For '{name}', 'q' must be a float or a Tensor, but got {type(q).__name__}.")
    if axis is not None:
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"For '{name}', 'axis' must be an int or None, but got {type(axis).__name__}.")
        rank = max(x.dim(), 1)
        if not -rank <= axis < rank:
            raise ValueError(f"For '{name}', 'axis' must be in [{-rank}, {rank}), but got {axis}.")
    fn = torch.nanquantile if ignore_nan else torch.quantile
    return fn(x, q, dim=axis, keepdim=bool(keepdims))


def quantile(input: Any, q: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    return _quantile("quantile", input, q, axis, keepdims, False)


def nanquantile(input: Any, q: Any, axis: Any = None, keepdims: bool = False) -> Tensor:
    return _quantile("nanquantile", input, q, axis, keepdims, True)


def log_space(name: str, start: Any, end: Any, steps: Any, base: Any, dtype: Any) -> Tensor:
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise TypeError(f"For '{name}', 'steps' must be a non-negative int, but got {steps}.")
    if isinstance(base, bool) or not isinstance(base, int):
        raise TypeError(f"For '{name}', 'base' must be an int, but got {type(base).__name__}.")
    out_dtype = mstype.to_torch(dtype)
    if out_dtype not in (torch.float16, torch.float32, torch.float64):
        raise TypeError(f"For '{name}', the 'dtype' should be one of [mindspore.float16, mindspore.float32, "
                        f"mindspore.float64], but got '{dtype}'.")
    s = float(start.item()) if isinstance(start, torch.Tensor) else float(start)
    e = float(end.item()) if isinstance(end, torch.Tensor) else float(end)
    exps = torch.linspace(s, e, steps, dtype=torch.float64, device=_device.current())
    return wrap(torch.pow(torch.tensor(float(base), dtype=torch.float64, device=exps.device), exps).to(out_dtype))


def logspace(start: Any, end: Any, steps: int, base: int = 10, *, dtype: Any = mstype.float32) -> Tensor:
    return log_space("logspace", start, end, steps, base, dtype)


_WIDTH = {torch.int8: 8, torch.uint8: 8, torch.int16: 16, torch.int32: 32, torch.int64: 64}


def population_count(input_x: Any) -> Tensor:
    x = _t(input_x)
    if x.dtype in (torch.uint16, torch.uint32):
        width = 16 if x.dtype == torch.uint16 else 32
        x = x.to(torch.int64)
    elif x.dtype == torch.uint64:
        width, x = 64, x.view(torch.int64)
    elif x.dtype in _WIDTH:
        width = _WIDTH[x.dtype]
        x = x.to(torch.int64) if x.dtype != torch.uint8 else x.to(torch.int16)
    else:
        raise TypeError(f"For 'PopulationCount', the input must be an integer Tensor, but got {x.dtype}.")
    count = torch.zeros_like(x)
    for i in range(width):
        count = count + ((x >> i) & 1)
    return count.to(torch.uint8)


__all__ = [
    "real", "imag", "conj", "angle", "polar", "view_as_real", "approximate_equal", "accumulate_n", "batch_dot",
    "pows", "tensor_pow", "float_power_ext", "isnan_ext", "diff_ext", "einsum_ext", "quantile", "nanquantile",
    "logspace", "population_count",
]
