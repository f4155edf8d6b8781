"""Shared pieces of the audio filter/effect transforms: the eager input checks MindSpore's audio kernels make (a
non-numpy input is a TypeError, a bad rank or dtype a RuntimeError), dtype policies, and the IIR filter itself.

MindSpore's kernels run the difference equation sample by sample in the input's dtype; here it runs in float64 in
blocks (the FIR part as a convolution, the recursive part as a block matrix product plus the carried state), then is
cast back, which is within float32 rounding of MindSpore's result for the stable filters audio uses. float16 input
runs MindSpore's own loop in half precision (its results differ too much from a float64 run to round the same)."""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation

_BLOCK = 256


def kernel_error(message: str) -> RuntimeError:
    """The RuntimeError MindSpore's C++ kernels raise, eagerly or inside a map (worded as its pipeline errors)."""
    from mindshim.dataset.engine.datasets import _pipeline_error
    return _pipeline_error(message)


class AudioOp(TensorOperation):
    """Base of the audio transforms here: `_apply(wave)` gets a checked numpy array."""

    _batch_ok = True  # every op here treats the leading axes as independent channels
    _rank = 1  # the least rank of one row (its time axis; Flanger also needs a channel axis)

    def __call__(self, wave: Any) -> np.ndarray:
        if not isinstance(wave, np.ndarray):
            raise TypeError(f"Input should be NumPy audio, got {type(wave)}.")
        return self._apply(check_not_empty(wave))

    def _batch_apply(self, stack: np.ndarray) -> np.ndarray:
        if stack.ndim <= self._rank:  # rows too small for the op: row by row, so each reports its own error
            return np.stack([self(row) for row in stack])
        return self._apply(check_not_empty(stack))

    def _apply(self, wave: np.ndarray) -> np.ndarray:
        raise NotImplementedError


def check_not_empty(wave: np.ndarray) -> np.ndarray:
    """MindSpore's eager executor refuses an empty array before any kernel sees it."""
    if wave.size == 0:
        raise kernel_error(f"Input Tensor is empty, got shape {list(wave.shape)}.")
    return wave


def check_rank(wave: np.ndarray, op: str, rank: int = 1, layout: str = "<..., time>") -> None:
    if wave.ndim < rank:
        raise kernel_error(f"{op}: the shape of input tensor does not match the requirement of operator. Expecting "
                           f"tensor in shape of {layout}. But got tensor with dimension {wave.ndim}.")


def _type_error(op: str, wave: np.ndarray, expected: str) -> RuntimeError:
    return kernel_error(f"{op}: the data type of input tensor does not match the requirement of operator. Expecting "
                        f"tensor in type of {expected}. But got type {wave.dtype}.")


def float_wave(wave: np.ndarray, op: str, rank: int = 1, layout: str = "<..., time>") -> np.ndarray:
    """Kernels that accept float16/32/64 only and keep the dtype."""
    check_rank(wave, op, rank, layout)
    if wave.dtype.kind != "f":
        raise _type_error(op, wave, "[float16, float32, float64]")
    return wave


def numeric_wave(wave: np.ndarray, op: str, rank: int = 1, layout: str = "<..., time>") -> np.ndarray:
    """Kernels that take any number and compute in float32 (float64 stays float64)."""
    check_rank(wave, op, rank, layout)
    if wave.dtype.kind not in "biuf":
        raise _type_error(op, wave, "[int, float]")
    return wave if wave.dtype == np.float64 else wave.astype(np.float32)


def coeffs_in(values: Sequence[float], dtype: np.dtype) -> np.ndarray:
    """Coefficients as the kernel holds them: rounded to the input's float type (float16 included)."""
    return np.asarray(values, np.float64).astype(dtype).astype(np.float64)


def _responses(a: np.ndarray, length: int) -> tuple[np.ndarray, np.ndarray]:
    """For the all-pole part 1/A(z) (a[0] == 1): the impulse response h (length,) and the responses G (length, p)
    to each of the p previous outputs (G[:, i] answers y[-1 - i] = 1)."""
    p = len(a) - 1
    ext = np.zeros((p + 1, p + length))  # row 0: impulse; row 1 + i: unit initial output i
    for i in range(p):
        ext[1 + i, p - 1 - i] = 1.0
    for k in range(length):
        ext[:, p + k] -= ext[:, k:p + k][:, ::-1] @ a[1:]
        if k == 0:
            ext[0, p] += 1.0
    return ext[0, p:], ext[1:, p:].T


def lfilter64(x: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """y[n] = (sum_j b[j] x[n-j] - sum_{j>0} a[j] y[n-j]) / a[0] along the last axis, zero initial state, float64."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    b, a = b / a[0], a / a[0]
    shape = x.shape
    x = x.reshape(-1, shape[-1]).astype(np.float64)
    n = x.shape[1]
    v = np.zeros_like(x)
    for j, bj in enumerate(b):
        if j < n and bj != 0:
            v[:, j:] += bj * x[:, :n - j]
    p = len(a) - 1
    if p == 0 or not np.any(a[1:]) or n == 0:
        return v.reshape(shape)
    length = min(n, _BLOCK)
    h, g = _responses(a, length)
    idx = np.arange(length)
    lower = idx[:, None] - idx[None, :]
    fir = np.where(lower >= 0, h[np.clip(lower, 0, None)], 0.0)  # (length, length) lower-triangular Toeplitz
    y = np.empty_like(v)
    prev = np.zeros((x.shape[0], p))  # y[n0 - 1], ..., y[n0 - p]
    for start in range(0, n, length):
        m = min(length, n - start)
        block = v[:, start:start + m] @ fir[:m, :m].T + prev @ g[:m].T
        y[:, start:start + m] = block
        tail = y[:, max(0, start + m - p):start + m][:, ::-1]
        prev = np.concatenate([tail, prev[:, :p - tail.shape[1]]], axis=1)
    return y.reshape(shape)


def _lfilter_half(x: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """float16 runs the kernel's own sample-by-sample loop, every product and sum rounded to half as MindSpore's
    float16 type does (numpy's float16 arithmetic rounds the same way)."""
    a, b = a.astype(np.float16), b.astype(np.float16)
    b, a = b / a[0], np.concatenate([a[:1], a[1:] / a[0]])
    shape = x.shape
    x = x.reshape(-1, shape[-1])
    order = len(b) - 1
    px = np.zeros((order + 1, x.shape[0]), np.float16)
    py = np.zeros((order + 1, x.shape[0]), np.float16)
    out = np.empty_like(x)
    for n in range(x.shape[1]):
        px[:-1], px[-1] = px[1:].copy(), x[:, n]
        acc = np.zeros(x.shape[0], np.float16)
        for j in range(order + 1):
            acc = acc + b[j] * px[order - j]
        for j in range(1, order + 1):
            acc = acc - a[j] * py[order + 1 - j]
        py[:-1], py[-1] = py[1:].copy(), acc
        out[:, n] = acc
    return out.reshape(shape)


def lfilter(wave: np.ndarray, a: Sequence[float], b: Sequence[float], clamp: bool) -> np.ndarray:
    """The kernel's LFilter on a float wave: coefficients in the wave's dtype, output clamped to [-1, 1] on request."""
    if float(np.asarray(a, wave.dtype)[0]) == 0:
        raise kernel_error("Invalid data, the first value of 'a_coeffs' should not be 0, but got 0.")
    if wave.dtype == np.float16:
        y = _lfilter_half(wave, np.asarray(a, np.float64), np.asarray(b, np.float64))
    else:
        y = lfilter64(wave, coeffs_in(a, wave.dtype), coeffs_in(b, wave.dtype))
    if clamp:
        y = np.clip(y, -1.0, 1.0)
    return y.astype(wave.dtype)
