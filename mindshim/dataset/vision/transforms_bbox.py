"""Bounding-box transforms of mindspore.dataset.vision: called with (image, bboxes), return both.

Boxes are a float32 <N, 4+> array of [x, y, width, height, extra...] in pixels (MindSpore's layout);
extra columns (labels) pass through. Checked against MindSpore 2.10:
- a box must be two-dimensional, float32, and lie inside the image (RuntimeError otherwise);
- flips mirror x (x' = W - x - w) or y; resizes scale x/w by W'/W and y/h by H'/H in float32;
- crops shift boxes by the window origin, clip them to it and drop boxes left empty.
MindSpore's eager ops write the new boxes into the caller's array; mindshim returns a new array.
"""
from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation
from mindshim.dataset.vision._common import check_image, check_prob, hw, resize_image
from mindshim.dataset.vision.transforms_geometry import _padding, pad_image
from mindshim.dataset.vision.utils import Border, Inter


def check_bbox(img: np.ndarray, bbox: Any, op: str) -> np.ndarray:
    bbox = np.asarray(bbox)
    if bbox.ndim < 2:
        raise RuntimeError(f"{op}: BoundingBox: bounding boxes should have to be two-dimensional matrix at least, "
                           f"but got {bbox.ndim} dimension.")
    if bbox.shape[1] < 4:
        raise RuntimeError(f"{op}: BoundingBox: bounding boxes should have at least 4 columns, but got "
                           f"{bbox.shape[1]}.")
    if bbox.dtype != np.float32:
        raise RuntimeError(f"{op}: BoundingBox: bounding boxes should be float32, but got {bbox.dtype}.")
    h, w = img.shape[:2]
    x, y, bw, bh = (bbox[:, i] for i in range(4))
    if np.any(x < 0) or np.any(y < 0) or np.any(bw <= 0) or np.any(bh <= 0):
        raise RuntimeError(f"{op}: BoundingBox: bounding boxes must have non-negative origins and positive sizes.")
    if np.any(x + bw > w):
        raise RuntimeError(f"{op}: BoundingBox: bounding boxes is out of bounds of the image, as image width: {w}.")
    if np.any(y + bh > h):
        raise RuntimeError(f"{op}: BoundingBox: bounding boxes is out of bounds of the image, as image height: {h}.")
    return bbox.copy()


def _inputs(img: Any, bbox: Any, op: str) -> tuple[np.ndarray, np.ndarray]:
    img = check_image(img, op)
    return img, check_bbox(img, bbox, op)


def scale_bbox(bbox: np.ndarray, sx: float, sy: float) -> np.ndarray:
    out = bbox.copy()
    out[:, [0, 2]] *= np.float32(sx)
    out[:, [1, 3]] *= np.float32(sy)
    return out


def crop_bbox(bbox: np.ndarray, top: int, left: int, h: int, w: int) -> np.ndarray:
    """Boxes of the window (top, left, h, w): shifted, clipped, empty ones dropped."""
    x0, y0 = bbox[:, 0] - left, bbox[:, 1] - top
    x1, y1 = x0 + bbox[:, 2], y0 + bbox[:, 3]
    cx0, cy0 = np.clip(x0, 0, w), np.clip(y0, 0, h)
    cx1, cy1 = np.clip(x1, 0, w), np.clip(y1, 0, h)
    keep = (cx1 > cx0) & (cy1 > cy0)
    out = bbox[keep].copy()
    out[:, 0], out[:, 1] = cx0[keep], cy0[keep]
    out[:, 2], out[:, 3] = (cx1 - cx0)[keep], (cy1 - cy0)[keep]
    return out.astype(np.float32)


def resize_with_bbox(img: np.ndarray, bbox: np.ndarray, size: Any, interpolation: Inter) -> tuple:
    from mindshim.dataset.vision.transforms import Resize
    out = Resize(size, interpolation)(img)
    return out, scale_bbox(bbox, out.shape[1] / img.shape[1], out.shape[0] / img.shape[0])


class ResizeWithBBox(TensorOperation):
    def __init__(self, size: Any, interpolation: Inter = Inter.LINEAR) -> None:
        from mindshim.dataset.vision.transforms import Resize
        Resize(size, interpolation)
        self.size, self.interpolation = size, Inter(interpolation)

    def __call__(self, img: Any, bbox: Any) -> tuple:
        return resize_with_bbox(*_inputs(img, bbox, "ResizeWithBBox"), self.size, self.interpolation)


class RandomResizeWithBBox(TensorOperation):
    def __init__(self, size: Any) -> None:
        ResizeWithBBox(size)
        self.size = size

    def __call__(self, img: Any, bbox: Any) -> tuple:
        img, bbox = _inputs(img, bbox, "RandomResizeWithBBox")
        choices = (Inter.LINEAR, Inter.NEAREST, Inter.CUBIC, Inter.AREA)
        return resize_with_bbox(img, bbox, self.size, choices[int(self._rng().integers(4))])


class RandomHorizontalFlipWithBBox(TensorOperation):
    def __init__(self, prob: float = 0.5) -> None:
        self.prob = check_prob(prob, type(self).__name__)

    def __call__(self, img: Any, bbox: Any) -> tuple:
        img, bbox = _inputs(img, bbox, type(self).__name__)
        if self._rng().random() >= self.prob:
            return img, bbox
        bbox[:, 0] = img.shape[1] - bbox[:, 0] - bbox[:, 2]
        return np.ascontiguousarray(img[:, ::-1]), bbox


class RandomVerticalFlipWithBBox(RandomHorizontalFlipWithBBox):
    def __call__(self, img: Any, bbox: Any) -> tuple:
        img, bbox = _inputs(img, bbox, type(self).__name__)
        if self._rng().random() >= self.prob:
            return img, bbox
        bbox[:, 1] = img.shape[0] - bbox[:, 1] - bbox[:, 3]
        return np.ascontiguousarray(img[::-1]), bbox


class RandomCropWithBBox(TensorOperation):
    def __init__(self, size: Any, padding: Any = None, pad_if_needed: bool = False, fill_value: Any = 0,
                 padding_mode: Border = Border.CONSTANT) -> None:
        self.size = hw(size)
        if min(self.size) <= 0:
            raise ValueError(f"RandomCropWithBBox: 'size' must be positive, but got {size}.")
        self.padding = None if padding is None else _padding(padding, "RandomCropWithBBox")
        self.pad_if_needed, self.fill_value, self.padding_mode = pad_if_needed, fill_value, Border(padding_mode)

    def __call__(self, img: Any, bbox: Any) -> tuple:
        img, bbox = _inputs(img, bbox, "RandomCropWithBBox")
        if self.padding is not None:
            left, top, right, bottom = self.padding
            img = pad_image(img, left, top, right, bottom, self.fill_value, self.padding_mode)
            bbox[:, 0] += left
            bbox[:, 1] += top
        h, w = img.shape[:2]
        ch, cw = self.size
        if self.pad_if_needed and (h < ch or w < cw):
            ph, pw = max(ch - h, 0), max(cw - w, 0)
            img = pad_image(img, pw // 2, ph // 2, pw - pw // 2, ph - ph // 2, self.fill_value, self.padding_mode)
            bbox[:, 0] += pw // 2
            bbox[:, 1] += ph // 2
            h, w = img.shape[:2]
        if h < ch or w < cw:
            raise RuntimeError(f"RandomCropWithBBox: the crop size {self.size} is larger than the image {(h, w)}.")
        rng = self._rng()
        top, left = int(rng.integers(0, h - ch + 1)), int(rng.integers(0, w - cw + 1))
        return np.ascontiguousarray(img[top:top + ch, left:left + cw]), crop_bbox(bbox, top, left, ch, cw)


class RandomResizedCropWithBBox(TensorOperation):
    def __init__(self, size: Any, scale: Sequence[float] = (0.08, 1.0), ratio: Sequence[float] = (3. / 4., 4. / 3.),
                 interpolation: Inter = Inter.BILINEAR, max_attempts: int = 10) -> None:
        from mindshim.dataset.vision.transforms import RandomResizedCrop
        RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)  # validates
        self.size, self.scale, self.ratio = hw(size), tuple(scale), tuple(ratio)
        self.interpolation, self.max_attempts = Inter(interpolation), max_attempts

    def _window(self, h: int, w: int) -> tuple[int, int, int, int]:
        import math
        rng = self._rng()
        for _ in range(self.max_attempts):
            target = h * w * rng.uniform(*self.scale)
            aspect = math.exp(rng.uniform(math.log(self.ratio[0]), math.log(self.ratio[1])))
            cw, ch = int(round(math.sqrt(target * aspect))), int(round(math.sqrt(target / aspect)))
            if 0 < cw <= w and 0 < ch <= h:
                return int(rng.integers(0, h - ch + 1)), int(rng.integers(0, w - cw + 1)), ch, cw
        side = min(h, w)
        return (h - side) // 2, (w - side) // 2, side, side

    def __call__(self, img: Any, bbox: Any) -> tuple:
        img, bbox = _inputs(img, bbox, "RandomResizedCropWithBBox")
        top, left, ch, cw = self._window(*img.shape[:2])
        crop = img[top:top + ch, left:left + cw]
        boxes = crop_bbox(bbox, top, left, ch, cw)
        out = resize_image(crop, *self.size, self.interpolation)
        return out, scale_bbox(boxes, self.size[1] / cw, self.size[0] / ch)


class BoundingBoxAugment(TensorOperation):
    """Applies `transform` to the image region of each box, with probability `ratio` per box."""

    def __init__(self, transform: Any, ratio: float = 0.3) -> None:
        if not callable(transform):
            raise TypeError(f"BoundingBoxAugment: 'transform' must be a transform, but got {type(transform)}.")
        if isinstance(ratio, bool) or not isinstance(ratio, (int, float)):
            raise TypeError(f"Argument ratio with value {ratio} is not of type [<class 'float'>, <class 'int'>].")
        if not 0.0 <= ratio <= 1.0:
            raise ValueError("Input ratio is not within the required interval of [0.0, 1.0].")
        self.transform, self.ratio = transform, float(ratio)

    def __call__(self, img: Any, bbox: Any) -> tuple:
        img, bbox = _inputs(img, bbox, "BoundingBoxAugment")
        img = img.copy()
        rng = self._rng()
        for box in bbox:
            if rng.random() >= self.ratio:
                continue
            x, y, w, h = (int(v) for v in box[:4])
            if w <= 0 or h <= 0:
                continue
            patch = np.asarray(self.transform(np.ascontiguousarray(img[y:y + h, x:x + w])))
            if patch.shape[:2] != (h, w):
                patch = resize_image(patch, h, w, Inter.LINEAR)
            img[y:y + h, x:x + w] = patch.reshape(img[y:y + h, x:x + w].shape)
        return img, bbox


__all__ = ["ResizeWithBBox", "RandomResizeWithBBox", "RandomHorizontalFlipWithBBox", "RandomVerticalFlipWithBBox",
           "RandomCropWithBBox", "RandomResizedCropWithBBox", "BoundingBoxAugment", "check_bbox", "crop_bbox",
           "scale_bbox"]
