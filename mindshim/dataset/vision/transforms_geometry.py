"""Geometric transforms of mindspore.dataset.vision on HWC numpy images.

Mapping decisions (checked against MindSpore 2.10):
- CenterCrop places the window at floor((H - h) / 2); a window larger than the image pads it with
  zeros first, ceil(pad / 2) before the image.
- Pad: Border.REFLECT is OpenCV's BORDER_REFLECT_101 (numpy "reflect"), SYMMETRIC is BORDER_REFLECT
  (numpy "symmetric"); a fill tuple gives one value per channel.
- RandomCrop pads (`padding`, then `pad_if_needed` on both sides of a short edge) before drawing the
  window from the dataset seed.
- Rotate / RandomRotation use torchvision's rotation kernel (counter-clockwise degrees, centre of
  the image by default); MindSpore's OpenCV warpAffine can differ on some border pixels.
"""
from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation
from mindshim.dataset.vision._common import TF
from mindshim.dataset.vision._common import (
    check_image, check_prob, from_chw_tensor, hw, resize_image, to_chw_tensor,
)
from mindshim.dataset.vision.utils import Border, Inter


def _window(img: np.ndarray, top: int, left: int, h: int, w: int, op: str) -> np.ndarray:
    H, W = img.shape[:2]
    if top < 0 or left < 0 or top + h > H or left + w > W:
        raise RuntimeError(f"{op}: the crop window (top={top}, left={left}, height={h}, width={w}) exceeds the "
                           f"image of size {(H, W)}.")
    return np.ascontiguousarray(img[top:top + h, left:left + w])


class Crop(TensorOperation):
    def __init__(self, coordinates: Sequence[int], size: Any) -> None:
        if len(coordinates) != 2:
            raise TypeError(f"Crop: 'coordinates' must be (top, left), but got {coordinates}.")
        self.coordinates, self.size = tuple(int(c) for c in coordinates), hw(size)
        if min(self.coordinates) < 0 or min(self.size) <= 0:
            raise ValueError(f"Crop: 'coordinates' must be >= 0 and 'size' > 0, got {coordinates}, {size}.")

    def __call__(self, img: Any) -> np.ndarray:
        return _window(check_image(img, "Crop"), *self.coordinates, *self.size, "Crop")


class CenterCrop(TensorOperation):
    def __init__(self, size: Any) -> None:
        self.size = hw(size)
        if min(self.size) <= 0:
            raise ValueError(f"CenterCrop: 'size' must be positive, but got {size}.")

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "CenterCrop")
        h, w = img.shape[:2]
        ch, cw = self.size
        pad_h, pad_w = max(ch - h, 0), max(cw - w, 0)
        if pad_h or pad_w:
            top, left = -(-pad_h // 2), -(-pad_w // 2)
            img = Pad((left, top, pad_w - left, pad_h - top))(img)
            h, w = img.shape[:2]
        return _window(img, (h - ch) // 2, (w - cw) // 2, ch, cw, "CenterCrop")


def _padding(padding: Any, op: str) -> tuple[int, int, int, int]:
    if isinstance(padding, int):
        p = [padding] * 4
    else:
        p = list(padding)
        if len(p) == 2:
            p = [p[0], p[1], p[0], p[1]]
        elif len(p) != 4:
            raise ValueError(f"{op}: the size of the padding list or tuple should be 2 or 4, but got {len(p)}.")
    if any(not isinstance(v, int) for v in p):
        raise TypeError(f"{op}: padding values must be ints, but got {padding}.")
    if any(v < 0 for v in p):
        raise ValueError(f"{op}: padding values must be non-negative, but got {padding}.")
    return p[0], p[1], p[2], p[3]


def pad_image(img: np.ndarray, left: int, top: int, right: int, bottom: int, fill: Any, mode: Border) -> np.ndarray:
    widths = [(top, bottom), (left, right)] + [(0, 0)] * (img.ndim - 2)
    if mode == Border.CONSTANT:
        if isinstance(fill, (tuple, list)) and img.ndim == 3:
            return np.stack([np.pad(img[..., c], widths[:2], constant_values=fill[c % len(fill)])
                             for c in range(img.shape[2])], -1)
        return np.pad(img, widths, constant_values=fill)
    return np.pad(img, widths, mode=Border(mode).value)


class Pad(TensorOperation):
    def __init__(self, padding: Any, fill_value: Any = 0, padding_mode: Border = Border.CONSTANT) -> None:
        self.left, self.top, self.right, self.bottom = _padding(padding, "Pad")
        self.fill_value, self.padding_mode = fill_value, Border(padding_mode)

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "Pad")
        return pad_image(img, self.left, self.top, self.right, self.bottom, self.fill_value, self.padding_mode)


class PadToSize(TensorOperation):
    def __init__(self, size: Any, offset: Any = None, fill_value: Any = 0, padding_mode: Border = Border.CONSTANT) -> None:
        self.size = hw(size)
        self.offset = None if offset is None else hw(offset)
        self.fill_value, self.padding_mode = fill_value, Border(padding_mode)

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "PadToSize")
        h, w = img.shape[:2]
        th, tw = self.size
        if th < h or tw < w:
            raise RuntimeError(f"PadToSize: the target size {self.size} is smaller than the image {(h, w)}.")
        top, left = self.offset if self.offset is not None else ((th - h) // 2, (tw - w) // 2)
        if top + h > th or left + w > tw:
            raise RuntimeError(f"PadToSize: offset {self.offset} puts the image outside the target {self.size}.")
        return pad_image(img, left, top, tw - w - left, th - h - top, self.fill_value, self.padding_mode)


class RandomCrop(TensorOperation):
    def __init__(self, size: Any, padding: Any = None, pad_if_needed: bool = False, fill_value: Any = 0,
                 padding_mode: Border = Border.CONSTANT) -> None:
        self.size = hw(size)
        self.padding = None if padding is None else _padding(padding, "RandomCrop")
        self.pad_if_needed, self.fill_value, self.padding_mode = pad_if_needed, fill_value, Border(padding_mode)

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "RandomCrop")
        if self.padding is not None:
            img = pad_image(img, *self.padding, self.fill_value, self.padding_mode)
        h, w = img.shape[:2]
        ch, cw = self.size
        if self.pad_if_needed and (h < ch or w < cw):
            ph, pw = max(ch - h, 0), max(cw - w, 0)
            img = pad_image(img, pw // 2, ph // 2, pw - pw // 2, ph - ph // 2, self.fill_value, self.padding_mode)
            h, w = img.shape[:2]
        if h < ch or w < cw:
            raise RuntimeError(f"RandomCrop: the crop size {self.size} is larger than the image {(h, w)}.")
        rng = self._rng()
        top, left = int(rng.integers(0, h - ch + 1)), int(rng.integers(0, w - cw + 1))
        return _window(img, top, left, ch, cw, "RandomCrop")


class ResizedCrop(TensorOperation):
    def __init__(self, top: int, left: int, height: int, width: int, size: Any,
                 interpolation: Inter = Inter.BILINEAR) -> None:
        self.box, self.size, self.interpolation = (top, left, height, width), hw(size), Inter(interpolation)

    def __call__(self, img: Any) -> np.ndarray:
        img = _window(check_image(img, "ResizedCrop"), *self.box, "ResizedCrop")
        return resize_image(img, *self.size, self.interpolation)


class RandomResizedCrop(TensorOperation):
    def __init__(self, size: Any, scale: Sequence[float] = (0.08, 1.0), ratio: Sequence[float] = (3 / 4, 4 / 3),
                 interpolation: Inter = Inter.BILINEAR, max_attempts: int = 10) -> None:
        self.size, self.scale, self.ratio = hw(size), tuple(scale), tuple(ratio)
        if self.scale[0] > self.scale[1] or self.ratio[0] > self.ratio[1] or self.scale[0] < 0 or self.ratio[0] <= 0:
            raise ValueError(f"RandomResizedCrop: 'scale' and 'ratio' must be increasing and positive, got "
                             f"{scale}, {ratio}.")
        self.interpolation, self.max_attempts = Inter(interpolation), max_attempts

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "RandomResizedCrop")
        h, w = img.shape[:2]
        rng = self._rng()
        area = h * w
        for _ in range(self.max_attempts):
            target = area * rng.uniform(*self.scale)
            aspect = math.exp(rng.uniform(math.log(self.ratio[0]), math.log(self.ratio[1])))
            cw, ch = int(round(math.sqrt(target * aspect))), int(round(math.sqrt(target / aspect)))
            if 0 < cw <= w and 0 < ch <= h:
                top, left = int(rng.integers(0, h - ch + 1)), int(rng.integers(0, w - cw + 1))
                return resize_image(img[top:top + ch, left:left + cw], *self.size, self.interpolation)
        return resize_image(CenterCrop(min(h, w))(img), *self.size, self.interpolation)


class HorizontalFlip(TensorOperation):
    def __call__(self, img: Any) -> np.ndarray:
        return np.ascontiguousarray(check_image(img, "HorizontalFlip")[:, ::-1])


class VerticalFlip(TensorOperation):
    def __call__(self, img: Any) -> np.ndarray:
        return np.ascontiguousarray(check_image(img, "VerticalFlip")[::-1])


class RandomHorizontalFlip(TensorOperation):
    def __init__(self, prob: float = 0.5) -> None:
        self.prob = check_prob(prob, type(self).__name__)

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "RandomHorizontalFlip")
        return np.ascontiguousarray(img[:, ::-1]) if self._rng().random() < self.prob else img


class RandomVerticalFlip(RandomHorizontalFlip):
    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "RandomVerticalFlip")
        return np.ascontiguousarray(img[::-1]) if self._rng().random() < self.prob else img


def rotate(img: np.ndarray, angle: float, resample: Inter, expand: bool, center: Any, fill: Any) -> np.ndarray:
    mode = TF.InterpolationMode.NEAREST if resample == Inter.NEAREST else TF.InterpolationMode.BILINEAR
    fill = [float(fill)] if isinstance(fill, (int, float)) else [float(v) for v in fill]
    t = TF.rotate(to_chw_tensor(img), angle, interpolation=mode, expand=expand,
                  center=None if center is None else [float(c) for c in center], fill=fill)
    return from_chw_tensor(t, img)


class Rotate(TensorOperation):
    def __init__(self, degrees: float, resample: Inter = Inter.NEAREST, expand: bool = False, center: Any = None,
                 fill_value: Any = 0) -> None:
        if isinstance(degrees, bool) or not isinstance(degrees, (int, float)):
            raise TypeError(f"Rotate: 'degrees' must be a number, but got {type(degrees).__name__}.")
        self.degrees, self.resample, self.expand = float(degrees), Inter(resample), expand
        self.center, self.fill_value = center, fill_value

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "Rotate")
        return rotate(img, self.degrees, self.resample, self.expand, self.center, self.fill_value)


class RandomRotation(TensorOperation):
    def __init__(self, degrees: Any, resample: Inter = Inter.NEAREST, expand: bool = False, center: Any = None,
                 fill_value: Any = 0) -> None:
        if isinstance(degrees, (int, float)):
            if degrees < 0:
                raise ValueError(f"RandomRotation: 'degrees' must be non-negative, but got {degrees}.")
            self.degrees = (-float(degrees), float(degrees))
        else:
            self.degrees = tuple(float(d) for d in degrees)
            if len(self.degrees) != 2 or self.degrees[0] > self.degrees[1]:
                raise ValueError(f"RandomRotation: 'degrees' must be (min, max), but got {degrees}.")
        self.resample, self.expand, self.center, self.fill_value = Inter(resample), expand, center, fill_value

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "RandomRotation")
        angle = float(self._rng().uniform(*self.degrees))
        return rotate(img, angle, self.resample, self.expand, self.center, self.fill_value)


__all__ = ["Crop", "CenterCrop", "Pad", "PadToSize", "RandomCrop", "ResizedCrop", "RandomResizedCrop", "HorizontalFlip",
           "VerticalFlip", "RandomHorizontalFlip", "RandomVerticalFlip", "Rotate", "RandomRotation", "pad_image"]
