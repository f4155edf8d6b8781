"""The IIR filter of the audio filter/effect transforms (their base class and input checks live in `_common.py`).

MindSpore's kernels run the difference equation sample by sample in the input's dtype; here it runs in float64 in
blocks (the FIR part as a convolution, the recursive part as a block matrix product plus the carried state), then is
cast back, which is within float32 rounding of MindSpore's result for the stable filters audio uses. float16 input
runs MindSpore's own loop in half precision (its results differ too much from a float64 run to round the same)."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from mindshim.dataset.audio._common import kernel_error

_BLOCK = 256


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
