"""Affine and perspective transforms of mindspore.dataset.vision (OpenCV's warps, `_warp.py`).

Affine builds MindSpore's matrix: a clockwise rotation and shear about the image centre
((W - 1) / 2, (H - 1) / 2), scaled, then translated by (tx * W, ty * H); OpenCV's warpAffine samples
it (bit for bit for NEAREST and LINEAR on uint8). Perspective maps start_points onto end_points.
Cubic/area interpolations are sampled bilinearly (MindSpore: OpenCV bicubic/area), and PIL inputs go
through the same warp (MindSpore: PIL's own transform), so those can differ by a few grey levels.
"""
from __future__ import annotations

import math
import numbers
from typing import Any, Sequence

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation
from mindshim.dataset.vision._common import check_image, check_prob, is_pil
from mindshim.dataset.vision._warp import perspective_matrix, warp_affine, warp_perspective
from mindshim.dataset.vision.utils import Inter


def affine_matrix(h: int, w: int, degrees: float, translate: Sequence[float], scale: float,
                  shear: Sequence[float]) -> np.ndarray:
    """The 2x3 inverse map (output -> input) of MindSpore's Affine."""
    cx, cy = (w - 1) * 0.5, (h - 1) * 0.5
    rot, sx, sy = math.radians(degrees), math.radians(shear[0]), math.radians(shear[1])
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    m = np.array([[a, b, 0.0], [c, d, 0.0], [0.0, 0.0, 1.0]])
    m[:2] *= scale
    m[0, 2] = cx + translate[0] * w - m[0, 0] * cx - m[0, 1] * cy
    m[1, 2] = cy + translate[1] * h - m[1, 0] * cx - m[1, 1] * cy
    m[2] = (0.0, 0.0, 1.0)
    return np.linalg.inv(m)[:2]


def _linear(resample: Inter) -> bool:
    return Inter(resample) != Inter.NEAREST


def _fill(fill_value: Any, op: str) -> tuple:
    if isinstance(fill_value, bool):
        raise TypeError(f"{op}: 'fill_value' must be an int or a tuple of 3 ints, but got {fill_value}.")
    if isinstance(fill_value, int):
        fill_value = (fill_value,) * 3
    if not isinstance(fill_value, tuple) or len(fill_value) != 3 or any(
            not isinstance(v, int) or isinstance(v, bool) for v in fill_value):
        raise TypeError(f"{op}: 'fill_value' must be an int or a tuple of 3 ints, but got {fill_value}.")
    if any(not 0 <= v <= 255 for v in fill_value):
        raise ValueError("Input fill_value is not within the required interval of [0, 255].")
    return fill_value


def _num(value: Any, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Number):
        raise TypeError(f"Argument {name} with value {value} is not of type [<class 'int'>, <class 'float'>], "
                        f"but got {type(value)}.")
    if not low <= value <= high:
        raise ValueError(f"Input {name} is not within the required interval of [{low}, {high}].")
    return float(value)


def _check_inter(resample: Any, name: str) -> Inter:
    if not isinstance(resample, Inter):
        raise TypeError(f"Argument {name} with value {resample} is not of type [<enum 'Inter'>], "
                        f"but got {type(resample)}.")
    return resample


class Affine(TensorOperation):
    def __init__(self, degrees: float, translate: Sequence[float], scale: float, shear: Any,
                 resample: Inter = Inter.NEAREST, fill_value: Any = 0) -> None:
        self.degrees = _num(degrees, "degrees", -180, 180)
        if not isinstance(translate, (list, tuple)) or len(translate) != 2:
            raise TypeError(f"Argument translate with value {translate} is not of type [<class 'list'>, "
                            f"<class 'tuple'>] of size 2.")
        self.translate = tuple(_num(t, f"translate[{i}]", -1.0, 1.0) for i, t in enumerate(translate))
        self.scale = _num(scale, "scale", 0, float("inf"))
        if self.scale <= 0:
            raise ValueError("Input scale must be greater than 0.")
        shear = (shear, 0.0) if isinstance(shear, numbers.Number) and not isinstance(shear, bool) else shear
        if not isinstance(shear, (list, tuple)) or len(shear) != 2:
            raise TypeError(f"Argument shear with value {shear} is not of type [<class 'float'>, <class 'list'>].")
        self.shear = tuple(_num(s, f"shear[{i}]", -180, 180) for i, s in enumerate(shear))
        self.resample, self.fill_value = _check_inter(resample, "resample"), _fill(fill_value, "Affine")

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "Affine")
        m = affine_matrix(*img.shape[:2], self.degrees, self.translate, self.scale, self.shear)
        return warp_affine(img, m, _linear(self.resample), self.fill_value)


def _sym_range(value: Any, name: str, size: int = 2) -> tuple[float, ...]:
    if isinstance(value, numbers.Number) and not isinstance(value, bool):
        if value < 0:
            raise ValueError(f"Input {name} is not within the required interval of [0, 16777216].")
        return (-float(value), float(value))
    value = tuple(float(v) for v in value)
    if len(value) not in (2, 4) or (size == 2 and len(value) != 2):
        raise TypeError(f"{name} should be a single number or a sequence of size {size}.")
    for i in range(0, len(value), 2):
        if value[i] > value[i + 1]:
            raise ValueError(f"{name} should be in (min,max) format. Got (max,min).")
    return value


class RandomAffine(TensorOperation):
    def __init__(self, degrees: Any, translate: Any = None, scale: Any = None, shear: Any = None,
                 resample: Inter = Inter.NEAREST, fill_value: Any = 0) -> None:
        self.degrees = _sym_range(degrees, "degrees")
        if translate is not None:
            translate = tuple(float(t) for t in translate)
            if len(translate) not in (2, 4) or any(not -1 <= t <= 1 for t in translate):
                raise ValueError(f"RandomAffine: 'translate' must be 2 or 4 values in [-1, 1], got {translate}.")
        if scale is not None:
            scale = tuple(float(s) for s in scale)
            if len(scale) != 2 or scale[0] < 0 or scale[0] > scale[1]:
                raise ValueError(f"RandomAffine: 'scale' must be (min, max) with 0 <= min <= max, got {scale}.")
        self.translate, self.scale = translate, scale
        self.shear = None if shear is None else _sym_range(shear, "shear", 4)
        self.resample, self.fill_value = _check_inter(resample, "resample"), _fill(fill_value, "RandomAffine")

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "RandomAffine")
        rng = self._rng()
        deg = float(rng.uniform(*self.degrees))
        t = self.translate or (0.0, 0.0)
        t = t + t if len(t) == 2 else t
        tr = (float(rng.uniform(t[0], t[1])), float(rng.uniform(t[2], t[3])))
        sc = float(rng.uniform(*self.scale)) if self.scale else 1.0
        sh = self.shear or (0.0, 0.0)
        sh = sh + (0.0, 0.0) if len(sh) == 2 else sh
        shear = (float(rng.uniform(sh[0], sh[1])), float(rng.uniform(sh[2], sh[3])))
        m = affine_matrix(*img.shape[:2], deg, tr, sc, shear)
        return warp_affine(img, m, _linear(self.resample), self.fill_value)


def _points(points: Any, name: str) -> np.ndarray:
    if not isinstance(points, (list, tuple)) or len(points) != 4 or any(
            not isinstance(p, (list, tuple)) or len(p) != 2 for p in points):
        raise TypeError(f"{name} should be a list or tuple of 4 points of 2 ints.")
    if any(isinstance(v, bool) or not isinstance(v, int) for p in points for v in p):
        raise TypeError(f"{name} points should be ints.")
    return np.asarray(points, np.float64)


def perspective(img: Any, start: np.ndarray, end: np.ndarray, interpolation: Inter) -> Any:
    from PIL import Image
    pil = is_pil(img)
    arr = np.asarray(img) if pil else check_image(img, "Perspective")
    try:
        inv = np.linalg.inv(perspective_matrix(start, end))
    except np.linalg.LinAlgError:  # a degenerate end quad: the end -> start mapping, fitted directly
        inv = perspective_matrix(end, start)
    out = warp_perspective(arr, inv, _linear(interpolation), 0)
    return Image.fromarray(out) if pil else out


class Perspective(TensorOperation):
    def __init__(self, start_points: Any, end_points: Any, interpolation: Inter = Inter.BILINEAR) -> None:
        self.start_points, self.end_points = _points(start_points, "start_points"), _points(end_points, "end_points")
        self.interpolation = _check_inter(interpolation, "interpolation")

    def __call__(self, img: Any) -> Any:
        return perspective(img, self.start_points, self.end_points, self.interpolation)


class RandomPerspective(TensorOperation):
    """A PIL transform in MindSpore: PIL image in, PIL image out."""

    def __init__(self, distortion_scale: float = 0.5, prob: float = 0.5, interpolation: Inter = Inter.BICUBIC) -> None:
        self.distortion_scale = _num(distortion_scale, "distortion_scale", 0.0, 1.0)
        self.prob = check_prob(prob, "RandomPerspective")
        self.interpolation = _check_inter(interpolation, "interpolation")

    def __call__(self, img: Any) -> Any:
        if not is_pil(img):
            raise ValueError("Input image should be a Pillow image.")
        rng = self._rng()
        if rng.random() >= self.prob:
            return img
        w, h = img.size
        dw, dh = int(self.distortion_scale * w / 2), int(self.distortion_scale * h / 2)
        r = lambda hi: int(rng.integers(0, hi + 1))  # noqa: E731
        start = [(0, 0), (w - 1, 0), (w - 1, h - 1), (0, h - 1)]
        end = [(r(dw), r(dh)), (w - 1 - r(dw), r(dh)), (w - 1 - r(dw), h - 1 - r(dh)), (r(dw), h - 1 - r(dh))]
        return perspective(img, np.asarray(start, float), np.asarray(end, float), self.interpolation)


__all__ = ["Affine", "RandomAffine", "Perspective", "RandomPerspective", "affine_matrix"]
