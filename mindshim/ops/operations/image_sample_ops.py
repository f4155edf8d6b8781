"""Sampling image primitives: ScaleAndTranslate (TF's kernels), ExtractGlimpse, Dilation2D and the random crop
sampler SampleDistortedBoundingBoxV2 (conventions in each class; checked against MindSpore 2.10 CPU)."""
from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import torch
import torch.nn.functional as F

from mindshim.common.tensor import wrap
from mindshim.ops.operations.image_ops import _FLOATS, _float_image, _sizes
from mindshim.ops.primitive import Primitive


def _lanczos(radius: float) -> Any:
    def k(x: float) -> float:
        if x > radius:
            return 0.0
        if x <= 1e-3:
            return 1.0
        return radius * math.sin(math.pi * x) * math.sin(math.pi * x / radius) / (math.pi * math.pi * x * x)
    return k


# TensorFlow's sampling kernels: (radius, f(|x|))
_KERNELS = {
    "lanczos1": (1.0, _lanczos(1.0)), "lanczos3": (3.0, _lanczos(3.0)), "lanczos5": (5.0, _lanczos(5.0)),
    "gaussian": (1.5, lambda x: 0.0 if x >= 1.5 else math.exp(-x * x / (2 * 0.5 * 0.5))),
    # MindSpore's box kernel treats |x - 0.5| < float32 epsilon as the edge
    "box": (1.0, lambda x: 1.0 if x < 0.5 else (0.5 if abs(x - 0.5) < 1.1920929e-07 else 0.0)),
    "triangle": (1.0, lambda x: 1.0 - x if x < 1.0 else 0.0),
    "keyscubic": (2.0, lambda x: 0.0 if x >= 2 else (((-0.5 * x + 2.5) * x - 4.0) * x + 2.0 if x >= 1
                                                      else ((1.5 * x - 2.5) * x) * x + 1.0)),
    "mitchellcubic": (2.0, lambda x: 0.0 if x >= 2 else (
        (((-7.0 / 18.0) * x + 2.0) * x - 10.0 / 3.0) * x + 16.0 / 9.0 if x >= 1
        else (((7.0 / 6.0) * x - 2.0) * x) * x + 8.0 / 9.0)),
}


def _span_weights(kernel: str, out_size: int, in_size: int, scale: float, translate: float,
                  antialias: bool) -> torch.Tensor:
    """(out, in) resampling matrix of TF's ScaleAndTranslate along one axis (rows normalised to 1)."""
    radius, fn = _KERNELS[kernel]
    f32 = np.float32  # TF computes the sample positions in float32; box/triangle edges depend on it
    inv_scale = f32(1.0) / f32(scale)
    kscale = max(inv_scale, f32(1.0)) if antialias else f32(1.0)
    w = torch.zeros(out_size, in_size, dtype=torch.float64)
    for o in range(out_size):
        sample = f32(o + 0.5) * inv_scale + (-inv_scale * f32(translate))
        if sample < 0 or sample > in_size:
            continue
        lo = min(max(math.ceil(sample - radius * kscale - 0.5), 0), in_size - 1)
        hi = min(max(math.floor(sample + radius * kscale - 0.5), 0), in_size - 1) + 1
        vals = [fn(float(abs((f32(src + 0.5) - sample) * (f32(1.0) / kscale)))) for src in range(lo, hi)]
        total = sum(vals)
        if abs(total) >= 1000.0 * 1.1754943508222875e-38:
            w[o, lo:hi] = torch.tensor(vals, dtype=torch.float64) / total
    return w


class ScaleAndTranslate(Primitive):
    """NHWC images resampled at (o + 0.5) / scale - translate / scale with TF's kernels; float32 output."""

    def __init__(self, kernel_type: str = "lanczos3", antialias: bool = True) -> None:
        super().__init__()
        if not isinstance(kernel_type, str):
            raise TypeError(f"For 'ScaleAndTranslate', 'kernel_type' must be a str, got {type(kernel_type).__name__}.")
        if kernel_type not in _KERNELS:
            raise ValueError(f"For 'ScaleAndTranslate', 'kernel_type' must be in {list(_KERNELS)}, got {kernel_type}.")
        if not isinstance(antialias, bool):
            raise TypeError(f"For 'ScaleAndTranslate', 'antialias' must be a bool, but got {type(antialias).__name__}.")
        self.kernel_type, self.antialias = kernel_type, antialias

    def __call__(self, images: Any, size: Any, scale: Any, translation: Any) -> Any:
        x = _float_image("ScaleAndTranslate", images, _FLOATS + (torch.int8, torch.int16, torch.int32, torch.int64))
        for name, v, dt in (("size", size, torch.int32), ("scale", scale, torch.float32),
                            ("translation", translation, torch.float32)):
            if not isinstance(v, torch.Tensor) or v.dtype != dt:
                raise TypeError(f"For 'ScaleAndTranslate', '{name}' must be a {dt} Tensor.")
            if tuple(v.shape) != (2,):
                raise ValueError(f"For 'ScaleAndTranslate', '{name}' must have shape (2,), got {tuple(v.shape)}.")
        if x.dim() != 4:
            raise ValueError(f"For 'ScaleAndTranslate', 'images' must be 4-D, but got {x.dim()}-D.")
        (h, w), sc, tr = _sizes("ScaleAndTranslate", size, 2), scale.tolist(), translation.tolist()
        wy = _span_weights(self.kernel_type, h, x.shape[1], sc[0], tr[0], self.antialias).to(x.device)
        wx = _span_weights(self.kernel_type, w, x.shape[2], sc[1], tr[1], self.antialias).to(x.device)
        return wrap(torch.einsum("oh,nhwc,pw->nopc", wy, x.double(), wx).float())


def _covered(x: int, y: int, w: int, h: int, rect: tuple) -> float:
    """Fraction of `rect` (x0, y0, x1, y1) inside the crop; 0 for an empty rect."""
    x0, y0, x1, y1 = rect
    area = (x1 - x0) * (y1 - y0)
    if area <= 0:
        return 0.0
    return max(0.0, min(x + w, x1) - max(x, x0)) * max(0.0, min(y + h, y1) - max(y, y0)) / area


class SampleDistortedBoundingBoxV2(Primitive):
    """TensorFlow's random crop sampler: returns (begin, size, bboxes); draws come from Python's RNG (seeded by
    seed/seed2 when either is non-zero), so the crops are valid but not MindSpore's."""

    def __init__(self, seed: int = 0, seed2: int = 0, aspect_ratio_range: Any = (0.75, 1.33),
                 area_range: Any = (0.05, 1.0), max_attempts: int = 100,
                 use_image_if_no_bounding_boxes: bool = False) -> None:
        super().__init__()
        op = "SampleDistortedBoundingBoxV2"
        for name, v in (("seed", seed), ("seed2", seed2), ("max_attempts", max_attempts)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For '{op}', '{name}' must be an int, but got {type(v).__name__}.")
        if max_attempts <= 0:
            raise ValueError(f"For '{op}', 'max_attempts' must be positive, but got {max_attempts}.")
        if not isinstance(use_image_if_no_bounding_boxes, bool):
            raise TypeError(f"For '{op}', 'use_image_if_no_bounding_boxes' must be a bool.")
        for name, v in (("aspect_ratio_range", aspect_ratio_range), ("area_range", area_range)):
            if not isinstance(v, (list, tuple)) or not all(isinstance(i, float) for i in v):
                raise TypeError(f"For '{op}', '{name}' must be a list or tuple of floats, but got {v}.")
        self.aspect_ratio_range, self.area_range = tuple(aspect_ratio_range), tuple(area_range)
        self.max_attempts, self.use_image_if_no_bounding_boxes = max_attempts, use_image_if_no_bounding_boxes
        self._rng = random.Random(seed * 1000003 + seed2) if (seed or seed2) else random.Random()

    def _crop(self, w: int, h: int, lo_area: float, hi_area: float, ratio: float) -> tuple | None:
        min_area, max_area = lo_area * w * h, hi_area * w * h
        height, max_height = int(round(math.sqrt(min_area / ratio))), int(round(math.sqrt(max_area / ratio)))
        if round(max_height * ratio) > w:
            max_height = int((w + 0.5 - 1e-7) / ratio)
            if round(max_height * ratio) > w:
                max_height -= 1
        max_height = min(max_height, h)
        height = min(height, max_height)
        if height < max_height:
            height += self._rng.randrange(max_height - height + 1)
        width = int(round(height * ratio))
        if width * height < min_area:
            height += 1
            width = int(round(height * ratio))
        if width * height > max_area:
            height -= 1
            width = int(round(height * ratio))
        area = width * height
        if area < min_area or area > max_area or width > w or height > h or width <= 0 or height <= 0:
            return None
        y = self._rng.randrange(h - height) if height < h else 0
        x = self._rng.randrange(w - width) if width < w else 0
        return x, y, width, height

    def __call__(self, image_size: Any, bounding_boxes: Any, min_object_covered: Any) -> Any:
        op = "SampleDistortedBoundingBoxV2"
        size = _float_image(op, image_size, (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64))
        boxes = _float_image(op, bounding_boxes, (torch.float32,))
        cover = _float_image(op, min_object_covered, (torch.float32,))
        if tuple(size.shape) != (3,) or boxes.dim() != 3 or boxes.shape[-1] != 4 or tuple(cover.shape) != (1,):
            raise ValueError(f"For '{op}', expected image_size (3,), bounding_boxes (b, N, 4) and "
                             "min_object_covered (1,).")
        h, w = int(size[0]), int(size[1])
        rects = [(b[1] * w, b[0] * h, b[3] * w, b[2] * h) for b in boxes.reshape(-1, 4).tolist()]
        if not rects:
            if not self.use_image_if_no_bounding_boxes:
                raise ValueError(f"For '{op}', no bounding boxes given and use_image_if_no_bounding_boxes is False.")
            rects = [(0.0, 0.0, float(w), float(h))]
        need, crop = float(cover), (0, 0, w, h)
        for _ in range(self.max_attempts):
            lo, hi = self.aspect_ratio_range[0], self.aspect_ratio_range[1]
            ratio = self._rng.random() * (hi - lo) + lo
            found = self._crop(w, h, self.area_range[0], self.area_range[1], ratio)
            if found is None:
                continue
            x, y, cw, ch = found
            if any(_covered(x, y, cw, ch, rect) >= need for rect in rects):
                crop = found
                break
        x, y, cw, ch = crop
        dev = size.device
        begin = torch.tensor([y, x, 0], device=dev).to(size.dtype)
        extent = torch.tensor([ch, cw, -1], device=dev).to(size.dtype)
        out = torch.tensor([[[y / h, x / w, (y + ch) / h, (x + cw) / w]]], dtype=torch.float32, device=dev)
        return wrap(begin), wrap(extent), wrap(out)


class ExtractGlimpse(Primitive):
    """NHWC float32 glimpses at (row, col) offsets; pixels outside the image get noise (U(-1, 1) for 'uniform',
    max(0, N(10, 0.5)) for 'gaussian', 0 for 'zero'), as MindSpore's CPU kernel does."""

    def __init__(self, centered: bool = True, normalized: bool = True, uniform_noise: bool = True,
                 noise: str = "uniform") -> None:
        super().__init__()
        for name, v in (("centered", centered), ("normalized", normalized), ("uniform_noise", uniform_noise)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'ExtractGlimpse', '{name}' must be a bool, but got {type(v).__name__}.")
        if not isinstance(noise, str):
            raise TypeError(f"For 'ExtractGlimpse', 'noise' must be a str, but got {type(noise).__name__}.")
        if noise not in ("uniform", "gaussian", "zero"):
            raise ValueError(f"For 'ExtractGlimpse', 'noise' must be uniform, gaussian or zero, but got {noise}.")
        if uniform_noise and noise != "uniform":
            raise ValueError(f"For 'ExtractGlimpse', 'noise' must be uniform when uniform_noise is True, got {noise}.")
        self.centered, self.normalized, self.uniform_noise, self.noise = centered, normalized, uniform_noise, noise

    def __call__(self, x: Any, size: Any, offsets: Any) -> Any:
        t = _float_image("ExtractGlimpse", x, (torch.float32,))
        off = _float_image("ExtractGlimpse", offsets, (torch.float32,))
        if t.dim() != 4 or off.dim() != 2 or off.shape != (t.shape[0], 2):
            raise ValueError("For 'ExtractGlimpse', expected x (N, H, W, C) and offsets (N, 2).")
        gh, gw = _sizes("ExtractGlimpse", size, 2)
        n, h, w, c = t.shape
        pos = off.double()
        if self.normalized:
            pos = pos * pos.new_tensor([h, w])
        if self.centered:
            pos = pos / 2.0 + pos.new_tensor([h / 2.0, w / 2.0])
        start = torch.trunc(pos - pos.new_tensor([gh / 2.0, gw / 2.0])).long()  # (n, 2)
        rows = start[:, :1] + torch.arange(gh, device=t.device)[None, :]  # (n, gh)
        cols = start[:, 1:] + torch.arange(gw, device=t.device)[None, :]  # (n, gw)
        valid = ((rows >= 0) & (rows < h))[:, :, None] & ((cols >= 0) & (cols < w))[:, None, :]
        batch = torch.arange(n, device=t.device)[:, None, None]
        out = t[batch, rows.clamp(0, h - 1)[:, :, None], cols.clamp(0, w - 1)[:, None, :]]
        if self.uniform_noise or self.noise == "uniform":
            fill = torch.rand_like(out) * 2.0 - 1.0
        elif self.noise == "gaussian":
            fill = torch.normal(10.0, 0.5, out.shape, device=out.device).clamp(min=0.0)
        else:
            fill = torch.zeros_like(out)
        return wrap(torch.where(valid[..., None], out, fill))


class Dilation2D(Primitive):
    """Grayscale dilation, NCHW: max over the window of x + filter; positions outside the image are skipped."""

    def __init__(self, stride: Any, dilation: Any, pad_mode: str = "SAME", data_format: str = "NCHW") -> None:
        super().__init__()
        op = "Dilation2D"
        if data_format != "NCHW":
            raise ValueError(f"For '{op}', 'data_format' must be 'NCHW', but got {data_format}.")
        if not isinstance(pad_mode, str) or pad_mode.upper() not in ("SAME", "VALID"):
            raise ValueError(f"For '{op}', 'pad_mode' must be 'same' or 'valid', but got {pad_mode}.")
        self.stride, self.dilation = self._hw(op, "stride", stride), self._hw(op, "dilation", dilation)
        if not all(1 <= v <= 255 for v in self.stride) or not all(v >= 1 for v in self.dilation):
            raise ValueError(f"For '{op}', 'stride' must be in [1, 255] and 'dilation' at least 1.")
        self.pad_mode, self.data_format = pad_mode.upper(), data_format

    @staticmethod
    def _hw(op: str, name: str, v: Any) -> tuple:
        if isinstance(v, bool) or not isinstance(v, (int, tuple)):
            raise TypeError(f"For '{op}', '{name}' must be an int or a tuple, but got {type(v).__name__}.")
        vals = (v, v) if isinstance(v, int) else v
        if len(vals) == 4:
            if vals[0] != 1 or vals[1] != 1:
                raise ValueError(f"For '{op}', '{name}' must be (1, 1, h, w) when it has 4 values, but got {v}.")
            vals = vals[2:]
        if len(vals) != 2:
            raise ValueError(f"For '{op}', '{name}' must have 2 or 4 values, but got {v}.")
        return tuple(vals)

    def __call__(self, x: Any, filter: Any) -> Any:
        ints = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16, torch.uint32,
                torch.uint64)
        t = _float_image("Dilation2D", x, _FLOATS + ints)
        k = _float_image("Dilation2D", filter, _FLOATS + ints)
        if t.dim() != 4 or k.dim() != 3 or k.shape[0] != t.shape[1] or k.dtype != t.dtype:
            raise ValueError("For 'Dilation2D', expected x (N, C, H, W) and filter (C, kH, kW) of the same dtype.")
        work = torch.float64 if t.is_floating_point() or t.dtype in (torch.uint64, torch.int64) else torch.int64
        low = torch.finfo(work).min if work == torch.float64 else torch.iinfo(work).min
        (sh, sw), (dh, dw) = self.stride, self.dilation
        kh, kw = k.shape[1:]
        eh, ew = (kh - 1) * dh + 1, (kw - 1) * dw + 1
        h, w = t.shape[2:]
        if self.pad_mode == "SAME":
            oh, ow = -(-h // sh), -(-w // sw)
            ph, pw = max((oh - 1) * sh + eh - h, 0), max((ow - 1) * sw + ew - w, 0)
            pads = (pw // 2, pw - pw // 2, ph // 2, ph - ph // 2)
        else:
            pads = (0, 0, 0, 0)
        xp = F.pad(t.to(work), pads, value=low) if any(pads) else t.to(work)
        win = xp.unfold(2, eh, sh)[..., ::dh].unfold(3, ew, sw)[..., ::dw]  # (N, C, oh, ow, kh, kw)
        vals = torch.where(win == low, win, win + k.to(work)[None, :, None, None])
        return wrap(vals.amax((-2, -1)).to(t.dtype))


__all__ = ["ScaleAndTranslate", "ExtractGlimpse", "Dilation2D", "SampleDistortedBoundingBoxV2"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
