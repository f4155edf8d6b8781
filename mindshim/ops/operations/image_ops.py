"""Image primitives: TensorFlow-style resizes, crop-and-resize, colour space, sampling grids and patches.

Conventions (MindSpore 2.10 CPU, checked against the real thing):
- Resize*V2 / ResizeBicubic take NCHW images and a `size` (tuple or int tensor); `align_corners` maps corner
  to corner, `half_pixel_centers` samples pixel centres, neither is TF's legacy `out * in / out_size`.
  ResizeBicubic uses Keys' a=-0.5 with out-of-range taps dropped for half-pixel centres, a=-0.75 with edge
  clamping otherwise (TF's kernels). ResizeNearestNeighborV2 rounds with align_corners, floors otherwise.
- CropAndResize works on NHWC images with normalised [y1, x1, y2, x2] boxes and returns float32;
  samples outside the image take `extrapolation_value` ('bilinear_v2' instead resamples the box's pixel span
  with half-pixel centres and never extrapolates).
- Colour ops work on the last axis (size 3); hue is in [0, 1).
- UpsampleNearest3D/UpsampleTrilinear3D map output to input with the given `scales` (not out/in sizes).
"""
from __future__ import annotations

import math
from typing import Any

import torch
import torch.nn.functional as F

from mindshim.common.tensor import plain, wrap
from mindshim.ops.primitive import Primitive

_FLOATS = (torch.float16, torch.float32, torch.float64)


def _sizes(op: str, size: Any, n: int) -> list:
    vals = size.tolist() if isinstance(size, torch.Tensor) else list(size)
    vals = [int(v) for v in (vals if isinstance(vals, list) else [vals])]
    if len(vals) != n or any(v <= 0 for v in vals):
        raise ValueError(f"For '{op}', 'size' must have {n} positive values, but got {vals}.")
    return vals


def _float_image(op: str, x: Any, allowed: tuple = _FLOATS) -> torch.Tensor:
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"For '{op}', the input must be a Tensor, but got {type(x).__name__}.")
    if x.dtype not in allowed:
        raise TypeError(f"For '{op}', the input dtype must be one of {allowed}, but got {x.dtype}.")
    return plain(x)


def _scale(in_size: int, out_size: int, align_corners: bool) -> float:
    if align_corners and out_size > 1:
        return (in_size - 1) / (out_size - 1)
    return in_size / out_size


def _source(out_size: int, in_size: int, align_corners: bool, half_pixel: bool, device: Any) -> torch.Tensor:
    o = torch.arange(out_size, dtype=torch.float64, device=device)
    s = _scale(in_size, out_size, align_corners)
    return (o + 0.5) * s - 0.5 if half_pixel else o * s


def _taps(x: torch.Tensor, dim: int, idx: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    """sum_k x.index_select(dim, idx[:, k]) * w[:, k], with w broadcast along `dim`."""
    shape = [1] * x.dim()
    shape[dim] = -1
    out = None
    for k in range(idx.shape[1]):
        term = x.index_select(dim, idx[:, k]) * w[:, k].to(x.dtype).reshape(shape)
        out = term if out is None else out + term
    return out


def _linear_axis(x: torch.Tensor, dim: int, out_size: int, align_corners: bool, half_pixel: bool) -> torch.Tensor:
    n = x.shape[dim]
    src = _source(out_size, n, align_corners, half_pixel, x.device)
    fl = torch.floor(src)
    lo = fl.clamp(0, n - 1).long()
    hi = torch.ceil(src).clamp(0, n - 1).long()
    frac = src - fl
    return _taps(x, dim, torch.stack([lo, hi], 1), torch.stack([1 - frac, frac], 1))


def _cubic_weights(t: torch.Tensor, a: float) -> torch.Tensor:
    def near(d: torch.Tensor) -> torch.Tensor:
        return ((a + 2) * d - (a + 3)) * d * d + 1

    def far(d: torch.Tensor) -> torch.Tensor:
        return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a

    return torch.stack([far(t + 1), near(t), near(1 - t), far(2 - t)], 1)


def _cubic_axis(x: torch.Tensor, dim: int, out_size: int, align_corners: bool, half_pixel: bool) -> torch.Tensor:
    n = x.shape[dim]
    src = _source(out_size, n, align_corners, half_pixel, x.device)
    fl = torch.floor(src)
    raw = fl.long()[:, None] + torch.arange(-1, 3, device=x.device)[None, :]
    t = torch.round((src - fl) * 1024) / 1024  # TF's kernel reads the weights from a 1024-entry table
    w = _cubic_weights(t, -0.5 if half_pixel else -0.75)
    if half_pixel:  # drop taps outside the image, renormalise
        w = w * ((raw >= 0) & (raw < n)).to(w.dtype)
        w = w / w.sum(1, keepdim=True)
    return _taps(x, dim, raw.clamp(0, n - 1), w)


class _TFResize(Primitive):
    _ALLOWED: tuple = _FLOATS

    def __init__(self, align_corners: bool = False, half_pixel_centers: bool = False) -> None:
        super().__init__()
        if align_corners and half_pixel_centers:
            raise ValueError(f"For '{self.name}', 'align_corners' and 'half_pixel_centers' cannot both be True.")
        self.align_corners, self.half_pixel_centers = align_corners, half_pixel_centers

    def __call__(self, image: Any, size: Any) -> Any:
        x = _float_image(self.name, image, self._ALLOWED)
        if x.dim() != 4:
            raise ValueError(f"For '{self.name}', the input must be 4-D (N, C, H, W), but got {x.dim()}-D.")
        h, w = _sizes(self.name, size, 2)
        return wrap(self._resize(x, h, w))


class ResizeBilinearV2(_TFResize):
    def _resize(self, x: torch.Tensor, h: int, w: int) -> torch.Tensor:
        t = x.float() if x.dtype == torch.float16 else x
        y = _linear_axis(t, 2, h, self.align_corners, self.half_pixel_centers)
        return _linear_axis(y, 3, w, self.align_corners, self.half_pixel_centers).to(x.dtype)


class ResizeBicubic(_TFResize):
    _ALLOWED = (torch.float16, torch.float32, torch.float64)

    def _resize(self, x: torch.Tensor, h: int, w: int) -> torch.Tensor:
        y = _cubic_axis(x.double(), 2, h, self.align_corners, self.half_pixel_centers)
        return _cubic_axis(y, 3, w, self.align_corners, self.half_pixel_centers).to(x.dtype)


class ResizeNearestNeighborV2(_TFResize):
    _ALLOWED = _FLOATS + (torch.uint8,)

    def _resize(self, x: torch.Tensor, h: int, w: int) -> torch.Tensor:
        for dim, size in ((2, h), (3, w)):
            n = x.shape[dim]
            o = torch.arange(size, dtype=torch.float64, device=x.device)
            src = (o + 0.5 if self.half_pixel_centers else o) * _scale(n, size, self.align_corners)
            idx = torch.floor(src + 0.5) if self.align_corners else torch.floor(src)
            x = x.index_select(dim, idx.clamp(0, n - 1).long())
        return x


class ResizeLinear1D(Primitive):
    def __init__(self, coordinate_transformation_mode: str = "align_corners") -> None:
        super().__init__()
        if not isinstance(coordinate_transformation_mode, str):
            raise TypeError("For 'ResizeLinear1D', 'coordinate_transformation_mode' must be a str.")
        if coordinate_transformation_mode not in ("align_corners", "half_pixel", "asymmetric"):
            raise ValueError(f"For 'ResizeLinear1D', unsupported mode {coordinate_transformation_mode!r}.")
        self.coordinate_transformation_mode = coordinate_transformation_mode

    def __call__(self, x: Any, size: Any) -> Any:
        t = _float_image("ResizeLinear1D", x)
        (w,) = _sizes("ResizeLinear1D", size, 1)
        mode = self.coordinate_transformation_mode
        return wrap(_linear_axis(t, t.dim() - 1, w, mode == "align_corners", mode == "half_pixel"))


class _Upsample3D(Primitive):
    _MODE = "nearest"
    _ALLOWED: tuple = _FLOATS + (torch.uint8,)

    def __init__(self, align_corners: bool = False) -> None:
        super().__init__()
        self.align_corners = align_corners

    def __call__(self, x: Any, output_size: Any = None, scales: Any = None) -> Any:
        t = _float_image(self.name, x, self._ALLOWED)
        if (output_size is None) == (scales is None):
            raise ValueError(f"For '{self.name}', exactly one of 'output_size' and 'scales' must be given.")
        kw = {"align_corners": self.align_corners} if self._MODE == "trilinear" else {}
        if output_size is not None:
            return wrap(F.interpolate(t, size=_sizes(self.name, output_size, 3), mode=self._MODE, **kw))
        return wrap(F.interpolate(t, scale_factor=[float(s) for s in scales], mode=self._MODE, **kw))


class UpsampleNearest3D(_Upsample3D):
    def __init__(self) -> None:
        super().__init__(False)


class UpsampleTrilinear3D(_Upsample3D):
    _MODE = "trilinear"
    _ALLOWED = _FLOATS


class CropAndResize(Primitive):
    def __init__(self, method: str = "bilinear", extrapolation_value: float = 0.0) -> None:
        super().__init__()
        if not isinstance(method, str):
            raise TypeError(f"For 'CropAndResize', 'method' must be a str, but got {type(method).__name__}.")
        if method not in ("bilinear", "nearest", "bilinear_v2"):
            raise ValueError(f"For 'CropAndResize', 'method' must be bilinear, nearest or bilinear_v2, got {method}.")
        if not isinstance(extrapolation_value, float):
            raise TypeError("For 'CropAndResize', 'extrapolation_value' must be a float.")
        self.method, self.extrapolation_value = method, extrapolation_value

    @staticmethod
    def _coords(lo: torch.Tensor, hi: torch.Tensor, crop: int, size: int) -> torch.Tensor:
        if crop > 1:
            steps = torch.arange(crop, dtype=lo.dtype, device=lo.device)
            return lo[:, None] * (size - 1) + steps[None, :] * ((hi - lo) * (size - 1) / (crop - 1))[:, None]
        return (0.5 * (lo + hi) * (size - 1))[:, None]

    @staticmethod
    def _v2_axis(lo: torch.Tensor, hi: torch.Tensor, crop: int, size: int) -> tuple:
        """bilinear_v2 along one axis: the box's pixel span [trunc(lo * size), trunc(hi * size)] is resampled with
        half-pixel centres; the lerp is taken against the clamped lower index, without extrapolation."""
        start, end = torch.trunc(lo * size), torch.trunc(hi * size)
        span = (end - start + 1).clamp(min=1)[:, None]
        pos = (torch.arange(crop, dtype=lo.dtype, device=lo.device)[None, :] + 0.5) * (span / crop) - 0.5
        low = torch.minimum(torch.floor(pos).clamp(min=0), span - 1)
        high = torch.minimum(torch.ceil(pos).clamp(min=0), span - 1)
        frac = pos - low
        first = (start[:, None] + low).clamp(0, size - 1).long()  # MindSpore reads past the image here
        second = (start[:, None] + high).clamp(0, size - 1).long()
        return first, second, frac

    def _bilinear_v2(self, img: torch.Tensor, bf: torch.Tensor, ch: int, cw: int, rows: torch.Tensor) -> torch.Tensor:
        h, w = img.shape[1:3]
        top, bottom, fy = self._v2_axis(bf[:, 0], bf[:, 2], ch, h)
        left, right, fx = self._v2_axis(bf[:, 1], bf[:, 3], cw, w)
        fy, fx = fy[:, :, None, None], fx[:, None, :, None]

        def at(yy: torch.Tensor, xx: torch.Tensor) -> torch.Tensor:
            return img[rows, yy[:, :, None], xx[:, None, :]]

        return (at(top, left) * (1 - fy) * (1 - fx) + at(bottom, right) * fy * fx
                + at(top, right) * (1 - fy) * fx + at(bottom, left) * fy * (1 - fx))

    def __call__(self, image: Any, boxes: Any, box_indices: Any, crop_size: Any) -> Any:
        x, b, bi = plain(image), plain(boxes), plain(box_indices)
        if x.dtype == torch.bool or not isinstance(image, torch.Tensor):
            raise TypeError(f"For 'CropAndResize', 'image' must be a real-number Tensor, but got {x.dtype}.")
        if x.dim() != 4 or b.dim() != 2 or b.shape[1] != 4 or bi.dim() != 1 or bi.shape[0] != b.shape[0]:
            raise ValueError("For 'CropAndResize', expected image (N, H, W, C), boxes (n, 4), box_indices (n,).")
        ch, cw = _sizes("CropAndResize", crop_size, 2)
        n, h, w, _ = x.shape
        ids = bi.long()
        if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= n):
            raise ValueError(f"For 'CropAndResize', 'box_indices' must be in [0, {n}).")
        img = x.float()[ids]  # (n, H, W, C)
        bf = b.float()
        ys, xs = self._coords(bf[:, 0], bf[:, 2], ch, h), self._coords(bf[:, 1], bf[:, 3], cw, w)
        vy, vx = (ys >= 0) & (ys <= h - 1), (xs >= 0) & (xs <= w - 1)
        rows = torch.arange(img.shape[0], device=x.device)[:, None, None]
        if self.method == "bilinear_v2":
            return wrap(self._bilinear_v2(img, bf, ch, cw, rows))
        if self.method == "nearest":
            yi = torch.floor(ys + 0.5).clamp(0, h - 1).long()
            xi = torch.floor(xs + 0.5).clamp(0, w - 1).long()
            out = img[rows, yi[:, :, None], xi[:, None, :]]
        else:
            y0, x0 = torch.floor(ys), torch.floor(xs)
            fy, fx = (ys - y0)[:, :, None, None], (xs - x0)[:, None, :, None]
            y0i, y1i = y0.clamp(0, h - 1).long(), torch.ceil(ys).clamp(0, h - 1).long()
            x0i, x1i = x0.clamp(0, w - 1).long(), torch.ceil(xs).clamp(0, w - 1).long()

            def at(yy: torch.Tensor, xx: torch.Tensor) -> torch.Tensor:
                return img[rows, yy[:, :, None], xx[:, None, :]]

            top = at(y0i, x0i) + (at(y0i, x1i) - at(y0i, x0i)) * fx
            bottom = at(y1i, x0i) + (at(y1i, x1i) - at(y1i, x0i)) * fx
            out = top + (bottom - top) * fy
        valid = (vy[:, :, None] & vx[:, None, :])[..., None]
        return wrap(torch.where(valid, out, torch.full_like(out, self.extrapolation_value)))


def rgb_to_hsv(rgb: torch.Tensor) -> torch.Tensor:
    r, g, b = rgb.unbind(-1)
    v, _ = rgb.max(-1)
    rng = v - rgb.min(-1).values
    s = torch.where(v > 0, rng / torch.where(v > 0, v, torch.ones_like(v)), torch.zeros_like(v))
    safe = torch.where(rng > 0, rng, torch.ones_like(rng))
    h = torch.where(v == r, (g - b) / safe, torch.where(v == g, (b - r) / safe + 2.0, (r - g) / safe + 4.0)) / 6.0
    h = torch.where(rng > 0, h, torch.zeros_like(h))
    h = torch.where(h < 0, h + 1.0, h)
    return torch.stack([h, s, v], -1)


def hsv_to_rgb(hsv: torch.Tensor) -> torch.Tensor:
    h, s, v = hsv.unbind(-1)
    dh = h * 6.0
    r = (torch.abs(dh - 3.0) - 1.0).clamp(0.0, 1.0)
    g = (2.0 - torch.abs(dh - 2.0)).clamp(0.0, 1.0)
    b = (2.0 - torch.abs(dh - 4.0)).clamp(0.0, 1.0)
    return torch.stack([(((r - 1.0) * s) + 1.0) * v, (((g - 1.0) * s) + 1.0) * v, (((b - 1.0) * s) + 1.0) * v], -1)


def _rgb_in(op: str, x: Any, min_rank: int = 1, max_rank: int = 64) -> torch.Tensor:
    t = _float_image(op, x)
    if not min_rank <= t.dim() <= max_rank:
        raise ValueError(f"For '{op}', the rank of the input must be in [{min_rank}, {max_rank}], but got {t.dim()}.")
    if t.shape[-1] != 3:
        raise ValueError(f"For '{op}', the last dimension of the input must be 3, but got {tuple(t.shape)}.")
    return t


def _factor(op: str, name: str, v: Any) -> float:
    if not isinstance(v, torch.Tensor):
        raise TypeError(f"For '{op}', '{name}' must be a Tensor, but got {type(v).__name__}.")
    if v.dtype != torch.float32:
        raise TypeError(f"For '{op}', '{name}' must be a Float32 Tensor, but got {v.dtype}.")
    return float(v)


class RGBToHSV(Primitive):
    def __call__(self, images: Any) -> Any:
        x = _rgb_in("RGBToHSV", images)
        return wrap(rgb_to_hsv(x.double()).to(x.dtype))


class HSVToRGB(Primitive):
    def __call__(self, x: Any) -> Any:
        t = _rgb_in("HSVToRGB", x, 4, 4)
        return wrap(hsv_to_rgb(t.double()).to(t.dtype))


class AdjustHue(Primitive):
    def __call__(self, image: Any, delta: Any) -> Any:
        x = _rgb_in("AdjustHue", image, 3)
        hsv = rgb_to_hsv(x.double())
        h = torch.remainder(hsv[..., 0] + _factor("AdjustHue", "delta", delta), 1.0)
        return wrap(hsv_to_rgb(torch.stack([h, hsv[..., 1], hsv[..., 2]], -1)).to(x.dtype))


class AdjustSaturation(Primitive):
    def __call__(self, image: Any, scale: Any) -> Any:
        x = _rgb_in("AdjustSaturation", image, 3)
        hsv = rgb_to_hsv(x.double())
        s = (hsv[..., 1] * _factor("AdjustSaturation", "scale", scale)).clamp(0.0, 1.0)
        return wrap(hsv_to_rgb(torch.stack([hsv[..., 0], s, hsv[..., 2]], -1)).to(x.dtype))


def _area_weights(in_size: int, out_size: int, align_corners: bool) -> torch.Tensor:
    """(out, in) matrix: how much of each input pixel the output pixel's footprint covers, normalised."""
    scale = _scale(in_size, out_size, align_corners)
    w = torch.zeros(out_size, in_size, dtype=torch.float64)
    for o in range(out_size):
        lo, hi = o * scale, (o + 1) * scale
        for i in range(math.floor(lo), math.ceil(hi)):
            w[o, min(i, in_size - 1)] += min(i + 1, hi) - max(i, lo)
    return w / scale


class ResizeArea(Primitive):
    """NHWC images; float32 output (TensorFlow's area resize)."""

    _ALLOWED = _FLOATS + (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.uint16)

    def __init__(self, align_corners: bool = False) -> None:
        super().__init__()
        if not isinstance(align_corners, bool):
            raise TypeError(f"For 'ResizeArea', 'align_corners' must be a bool, got {type(align_corners).__name__}.")
        self.align_corners = align_corners

    def __call__(self, images: Any, size: Any) -> Any:
        x = _float_image("ResizeArea", images, self._ALLOWED)
        if x.dim() != 4:
            raise ValueError(f"For 'ResizeArea', 'images' must be 4-D (N, H, W, C), but got {x.dim()}-D.")
        if isinstance(size, torch.Tensor) and size.dtype != torch.int32:
            raise TypeError(f"For 'ResizeArea', 'size' must be an Int32 Tensor, but got {size.dtype}.")
        h, w = _sizes("ResizeArea", size, 2)
        wy = _area_weights(x.shape[1], h, self.align_corners).to(x.device)
        wx = _area_weights(x.shape[2], w, self.align_corners).to(x.device)
        return wrap(torch.einsum("oh,nhwc,pw->nopc", wy, x.double(), wx).float())


# Split for size; re-exported so MindSpore's module path (mindspore.ops.operations.image_ops.X) resolves.
from mindshim.ops.operations.detection_ops import (  # noqa: E402
    CombinedNonMaxSuppression, NonMaxSuppressionV3, NonMaxSuppressionWithOverlaps,
)
from mindshim.ops.operations.image_patch_ops import (  # noqa: E402
    AffineGrid, Col2Im, GridSampler2D, GridSampler3D, Im2Col,
)
from mindshim.ops.operations.image_sample_ops import ExtractGlimpse, ScaleAndTranslate  # noqa: E402


__all__ = ["ResizeBilinearV2", "ResizeBicubic", "ResizeNearestNeighborV2", "ResizeLinear1D", "UpsampleNearest3D",
           "UpsampleTrilinear3D", "CropAndResize", "RGBToHSV", "HSVToRGB", "AdjustHue", "AdjustSaturation",
           "ResizeArea", "CombinedNonMaxSuppression", "NonMaxSuppressionV3", "NonMaxSuppressionWithOverlaps",
           "ExtractGlimpse", "ScaleAndTranslate", "Im2Col",
           "Col2Im", "AffineGrid", "GridSampler2D", "GridSampler3D"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
