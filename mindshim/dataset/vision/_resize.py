"""Bilinear / nearest / area resize of HWC images with MindSpore's numbers.

MindSpore's dataset Resize runs OpenCV's `cv::resize` on the uint8 image. For uint8 bilinear OpenCV
uses fixed-point arithmetic: half-pixel source coordinates, interpolation weights quantised to
1/2048, a horizontal pass in integers, then a vertical pass rounded back to uint8. torchvision's float
bilinear differs by 1 grey level on some pixels, so the uint8 path is reproduced here exactly; float
images use the same coordinates in float arithmetic.
"""
from __future__ import annotations

import functools

import numpy as np

_COEF_BITS = 11
_COEF_SCALE = 1 << _COEF_BITS


@functools.lru_cache(maxsize=64)
def _linear_taps(in_size: int, out_size: int, clamp_weights: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Source indices and weights. OpenCV clamps the weight at the borders for columns only; for
    rows it keeps the weight and clamps the row index, which matters in fixed point."""
    scale = in_size / out_size
    f = ((np.arange(out_size) + 0.5) * scale - 0.5).astype(np.float32)
    s = np.floor(f).astype(np.int64)
    f = f - s
    if clamp_weights:
        left = s < 0
        f[left], s[left] = 0.0, 0
        right = s >= in_size - 1
        f[right], s[right] = 0.0, in_size - 1
    s1 = np.clip(s + 1, 0, in_size - 1)
    return np.clip(s, 0, in_size - 1), s1, f


@functools.lru_cache(maxsize=64)
def _fixed_point(in_size: int, out_size: int, clamp_weights: bool) -> tuple[np.ndarray, np.ndarray]:
    f = _linear_taps(in_size, out_size, clamp_weights)[2]
    return np.round((1 - f) * _COEF_SCALE).astype(np.int32), np.round(f * _COEF_SCALE).astype(np.int32)


def resize_linear(img: np.ndarray, out_h: int, out_w: int, batched: bool = False) -> np.ndarray:
    """Resize an HWC (or HW) image; with batched=True, a stack of them (N, H, W[, C])."""
    ha = 1 if batched else 0
    h, w = img.shape[ha:ha + 2]
    ys0, ys1, fy = _linear_taps(h, out_h, clamp_weights=False)
    xs0, xs1, fx = _linear_taps(w, out_w, clamp_weights=True)
    col = (1,) * (ha + 1) + (-1,) + (1,) * (img.ndim - ha - 2)  # broadcast along W
    row = (1,) * ha + (-1,) + (1,) * (img.ndim - ha - 1)  # broadcast along H
    if img.dtype == np.uint8:
        # int32 is enough: 255 * 2048 * 2 before the >> 4, then 2048 * 32640 (half the memory of int64)
        cx0, cx1 = _fixed_point(w, out_w, True)
        cy0, cy1 = _fixed_point(h, out_h, False)
        src = img.astype(np.int32)
        rows = src.take(xs0, axis=ha + 1) * cx0.reshape(col) + src.take(xs1, axis=ha + 1) * cx1.reshape(col)
        rows >>= 4
        # OpenCV's vertical pass: (b0 * (S0 >> 4) + b1 * (S1 >> 4) + 2) >> 2 after a >> 16 (SIMD and scalar agree)
        acc = (rows.take(ys0, axis=ha) * cy0.reshape(row)) >> 16
        acc += (rows.take(ys1, axis=ha) * cy1.reshape(row)) >> 16
        acc += 2
        acc >>= 2
        np.clip(acc, 0, 255, out=acc)
        return acc.astype(np.uint8)
    src = img.astype(np.float32)
    fxr = fx.astype(np.float32).reshape(col)
    rows = src.take(xs0, axis=ha + 1) * (1 - fxr) + src.take(xs1, axis=ha + 1) * fxr
    fyr = fy.astype(np.float32).reshape(row)
    return (rows.take(ys0, axis=ha) * (1 - fyr) + rows.take(ys1, axis=ha) * fyr).astype(img.dtype)


def resize_nearest(img: np.ndarray, out_h: int, out_w: int, batched: bool = False) -> np.ndarray:
    ha = 1 if batched else 0
    h, w = img.shape[ha:ha + 2]
    ys = np.minimum(np.floor(np.arange(out_h) * (h / out_h)).astype(np.int64), h - 1)
    xs = np.minimum(np.floor(np.arange(out_w) * (w / out_w)).astype(np.int64), w - 1)
    return img.take(ys, axis=ha).take(xs, axis=ha + 1)
