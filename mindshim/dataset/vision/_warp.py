"""OpenCV's warpAffine / warpPerspective on HWC numpy images (nearest and bilinear, constant border).

warpAffine maps each output pixel through the inverse matrix in fixed point (10 fractional bits);
nearest takes the floor of (coordinate + 1/2), bilinear quantises the fraction to 1/32 and uses
OpenCV's 15-bit weight table (uint8) or float weights (other dtypes). warpPerspective divides in
double per pixel, then uses the same table.
"""
from __future__ import annotations

import functools

import numpy as np

_AB_BITS, _TAB_BITS = 10, 5
_TAB = 1 << _TAB_BITS


def _cv_round(x: np.ndarray) -> np.ndarray:
    return np.rint(x).astype(np.int64)


@functools.lru_cache(maxsize=1)
def _int_table() -> np.ndarray:
    """(32*32, 4) int weights summing to 1 << 15 (OpenCV's INTER_LINEAR remap table)."""
    f = np.arange(_TAB, dtype=np.float32) / np.float32(_TAB)
    out = np.zeros((_TAB * _TAB, 4), np.int64)
    for iy in range(_TAB):
        for ix in range(_TAB):
            ay, ax = f[iy], f[ix]
            w = np.array([(1 - ay) * (1 - ax), (1 - ay) * ax, ay * (1 - ax), ay * ax], np.float32)
            iw = _cv_round(w * np.float32(1 << 15))
            diff = (1 << 15) - iw.sum()
            if diff:
                k = int(np.argmax(iw)) if diff < 0 else int(np.argmin(iw))
                iw[k] += diff
            out[iy * _TAB + ix] = iw
    return out


def _sample(img: np.ndarray, xs: np.ndarray, ys: np.ndarray, fill: np.ndarray) -> np.ndarray:
    """img[ys, xs] with out-of-image taps taking the fill value; shapes (H', W') -> (H', W', C)."""
    h, w = img.shape[:2]
    inside = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    vals = img[np.clip(ys, 0, h - 1), np.clip(xs, 0, w - 1)]
    return np.where(inside[..., None], vals, fill)


def _remap(img: np.ndarray, X: np.ndarray, Y: np.ndarray, linear: bool, fill: np.ndarray) -> np.ndarray:
    """X, Y: source coordinates in 1/32 pixel (linear) or whole pixels (nearest)."""
    if not linear:
        return _sample(img, X, Y, fill)
    x0, y0 = X >> _TAB_BITS, Y >> _TAB_BITS
    taps = [_sample(img, x0 + dx, y0 + dy, fill) for dy in (0, 1) for dx in (0, 1)]
    if img.dtype == np.uint8:
        wt = _int_table()[(Y & (_TAB - 1)) * _TAB + (X & (_TAB - 1))]
        acc = sum(t.astype(np.int64) * wt[..., k:k + 1] for k, t in enumerate(taps))
        return np.clip((acc + (1 << 14)) >> 15, 0, 255).astype(np.uint8)
    ax = ((X & (_TAB - 1)).astype(np.float32) / _TAB)[..., None]
    ay = ((Y & (_TAB - 1)).astype(np.float32) / _TAB)[..., None]
    t = [v.astype(np.float32) for v in taps]
    out = (t[0] * (1 - ax) + t[1] * ax) * (1 - ay) + (t[2] * (1 - ax) + t[3] * ax) * ay
    return out.astype(img.dtype)


def _prepare(img: np.ndarray, fill: object) -> tuple[np.ndarray, np.ndarray, bool]:
    squeeze = img.ndim == 2
    img3 = img[..., None] if squeeze else img
    c = img3.shape[2]
    f = np.asarray(fill, np.float64).ravel()
    f = np.resize(f, c) if f.size else np.zeros(c)
    return img3, f.astype(img.dtype), squeeze


def warp_affine(img: np.ndarray, m: np.ndarray, linear: bool, fill: object = 0) -> np.ndarray:
    """m: the 2x3 inverse map (output pixel -> input pixel)."""
    img3, f, squeeze = _prepare(img, fill)
    h, w = img.shape[:2]
    scale = 1 << _AB_BITS
    x, y = np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64)
    adelta, bdelta = _cv_round(m[0, 0] * x * scale), _cv_round(m[1, 0] * x * scale)
    x0 = _cv_round((m[0, 1] * y + m[0, 2]) * scale)
    y0 = _cv_round((m[1, 1] * y + m[1, 2]) * scale)
    shift = _AB_BITS - (_TAB_BITS if linear else 0)
    rnd = (scale // _TAB // 2) if linear else scale // 2
    X = (x0[:, None] + rnd + adelta[None, :]) >> shift
    Y = (y0[:, None] + rnd + bdelta[None, :]) >> shift
    out = _remap(img3, X, Y, linear, f)
    return out[..., 0] if squeeze else out


def warp_perspective(img: np.ndarray, m: np.ndarray, linear: bool, fill: object = 0) -> np.ndarray:
    """m: the 3x3 inverse map (output pixel -> input pixel)."""
    img3, f, squeeze = _prepare(img, fill)
    h, w = img.shape[:2]
    x, y = np.meshgrid(np.arange(w, dtype=np.float64), np.arange(h, dtype=np.float64))
    W = m[2, 0] * x + m[2, 1] * y + m[2, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        W = np.where(W != 0, (_TAB if linear else 1.0) / W, 0.0)
    fx = np.clip((m[0, 0] * x + m[0, 1] * y + m[0, 2]) * W, -2 ** 31, 2 ** 31 - 1)
    fy = np.clip((m[1, 0] * x + m[1, 1] * y + m[1, 2]) * W, -2 ** 31, 2 ** 31 - 1)
    out = _remap(img3, _cv_round(fx), _cv_round(fy), linear, f)
    return out[..., 0] if squeeze else out


def perspective_matrix(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """The 3x3 matrix mapping the 4 src points onto the 4 dst points (OpenCV getPerspectiveTransform)."""
    a = np.zeros((8, 8))
    b = np.zeros(8)
    for i, ((x, y), (u, v)) in enumerate(zip(src, dst)):
        a[i] = [x, y, 1, 0, 0, 0, -x * u, -y * u]
        a[i + 4] = [0, 0, 0, x, y, 1, -x * v, -y * v]
        b[i], b[i + 4] = u, v
    try:
        coeffs = np.linalg.solve(a, b)
    except np.linalg.LinAlgError:  # three destination points on a line (a random quad can be): least squares,
        coeffs = np.linalg.lstsq(a, b, rcond=None)[0]  # as MindSpore's PIL path computes the coefficients
    return np.append(coeffs, 1.0).reshape(3, 3)
