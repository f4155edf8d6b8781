"""Colour transforms of mindspore.dataset.vision on HWC numpy images.

MindSpore runs these through OpenCV on uint8 images; `_cv.py` reproduces OpenCV's integer and float32
arithmetic, so uint8 results equal MindSpore's. Mapping decisions:
- AdjustContrast blends with the rounded mean of the image's gray version; AdjustSaturation blends
  with the gray image itself; AdjustBrightness scales. All round half up like OpenCV.
- AdjustHue shifts the hue of OpenCV's 0..255 HSV encoding (wrapping around).
- AdjustGamma on uint8 uses MindSpore's 256-entry table: floor(min((i / 255) ** gamma * 255.999 * gain, 255)).
- AutoContrast with a cutoff or ignored levels can differ from MindSpore by one grey level (ledger).
- RandomColorAdjust applies brightness, contrast, saturation and hue in a random order (as
  MindSpore does), factors and order drawn from the dataset seed.
- Grayscale (a PIL transform in MindSpore) takes and returns PIL images, like MindSpore's.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation
from mindshim.dataset.vision import _cv
from mindshim.dataset.vision._common import check_image, check_prob, is_pil
from mindshim.dataset.vision.utils import ConvertMode


def _factor(value: Any, op: str, name: str, low: float = 0.0, high: float = float("inf")) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{op}: '{name}' must be a number, but got {type(value).__name__}.")
    if not low <= value <= high:
        raise ValueError(f"{op}: '{name}' must be in [{low}, {high}], but got {value}.")
    return float(value)


def _rgb(img: Any, op: str) -> np.ndarray:
    img = check_image(img, op)
    if img.ndim != 3 or img.shape[2] != 3:
        raise RuntimeError(f"{op}: the input image should be <H, W, 3> RGB, but got shape {img.shape}.")
    return img


def adjust_brightness(img: np.ndarray, factor: float) -> np.ndarray:
    return _cv.saturate(img.astype(np.float32) * np.float32(factor), img.dtype)


def adjust_contrast(img: np.ndarray, factor: float) -> np.ndarray:
    mean = np.floor(float(_cv.gray_of(img).astype(np.float64).mean()) + 0.5)
    return _cv.blend(img, factor, mean)


def adjust_saturation(img: np.ndarray, factor: float) -> np.ndarray:
    return _cv.blend(img, factor, _cv.gray_of(img)[..., None])


def adjust_hue(img: np.ndarray, factor: float) -> np.ndarray:
    if img.dtype != np.uint8:
        raise RuntimeError(f"AdjustHue: the input image should be uint8, but got {img.dtype}.")
    hsv = _cv.rgb_to_hsv_full(img)
    hsv[..., 0] = (hsv[..., 0].astype(np.int32) + int(factor * 255)) % 256
    return _cv.hsv_full_to_rgb(hsv)


class AdjustBrightness(TensorOperation):
    def __init__(self, brightness_factor: float) -> None:
        self.brightness_factor = _factor(brightness_factor, "AdjustBrightness", "brightness_factor")

    def __call__(self, img: Any) -> np.ndarray:
        return adjust_brightness(_rgb(img, "AdjustBrightness"), self.brightness_factor)


class AdjustContrast(TensorOperation):
    def __init__(self, contrast_factor: float) -> None:
        self.contrast_factor = _factor(contrast_factor, "AdjustContrast", "contrast_factor")

    def __call__(self, img: Any) -> np.ndarray:
        return adjust_contrast(_rgb(img, "AdjustContrast"), self.contrast_factor)


class AdjustSaturation(TensorOperation):
    def __init__(self, saturation_factor: float) -> None:
        self.saturation_factor = _factor(saturation_factor, "AdjustSaturation", "saturation_factor")

    def __call__(self, img: Any) -> np.ndarray:
        return adjust_saturation(_rgb(img, "AdjustSaturation"), self.saturation_factor)


class AdjustHue(TensorOperation):
    def __init__(self, hue_factor: float) -> None:
        self.hue_factor = _factor(hue_factor, "AdjustHue", "hue_factor", -0.5, 0.5)

    def __call__(self, img: Any) -> np.ndarray:
        return adjust_hue(_rgb(img, "AdjustHue"), self.hue_factor)


class AdjustGamma(TensorOperation):
    def __init__(self, gamma: float, gain: float = 1.0) -> None:
        self.gamma = _factor(gamma, "AdjustGamma", "gamma")
        self.gain = _factor(gain, "AdjustGamma", "gain", -float("inf"))

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "AdjustGamma")
        if img.dtype != np.uint8:  # MindSpore 2.10's float path: (img * gain) ** gamma in [0, 1], as float32
            return np.clip(np.power(img.astype(np.float32) * np.float32(self.gain), np.float32(self.gamma)), 0, 1)
        # MindSpore's uint8 table, in float32: floor(min((i / 255) ** gamma * 255.999 * gain, 255)) cast to uint8
        # (a negative value wraps around, as the C++ cast does)
        base = np.power(np.arange(256, dtype=np.float32) / np.float32(255.0), np.float32(self.gamma))
        table = np.floor(np.minimum(base * np.float32(255.999) * np.float32(self.gain), np.float32(255.0)))
        return (table.astype(np.int64) % 256).astype(np.uint8)[img]


class Invert(TensorOperation):
    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "Invert")
        return (255 - img.astype(np.int32)).astype(img.dtype) if img.dtype == np.uint8 else 255 - img


class Equalize(TensorOperation):
    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "Equalize")
        if img.dtype != np.uint8:
            raise RuntimeError(f"Equalize: the input image should be uint8, but got {img.dtype}.")
        if img.ndim == 2:
            return _cv.equalize_channel(img)
        return np.stack([_cv.equalize_channel(img[..., c]) for c in range(img.shape[2])], -1)


def _autocontrast_channel(ch: np.ndarray, cutoff: float, ignore: list[int]) -> np.ndarray:
    hist = np.bincount(ch.ravel(), minlength=256).astype(np.float64)
    hist[ignore] = 0
    cut = hist.sum() * cutoff / 100.0
    for order in (range(256), range(255, -1, -1)):  # remove `cut` pixels from each end
        left = cut
        for i in order:
            take = min(left, hist[i])
            hist[i] -= take
            left -= take
            if left <= 0:
                break
    levels = np.flatnonzero(hist)
    if levels.size == 0 or levels[-1] <= levels[0]:
        return ch
    lo, hi = int(levels[0]), int(levels[-1])
    scale = 255.0 / (hi - lo)
    lut = np.clip(np.floor(np.arange(256) * scale - lo * scale), 0, 255).astype(np.uint8)
    return lut[ch]


class AutoContrast(TensorOperation):
    def __init__(self, cutoff: float = 0.0, ignore: Any = None) -> None:
        self.cutoff = _factor(cutoff, "AutoContrast", "cutoff", 0.0, 50.0)
        ignore = [] if ignore is None else [ignore] if isinstance(ignore, int) else list(ignore)
        if any(not isinstance(v, int) or not 0 <= v <= 255 for v in ignore):
            raise ValueError(f"AutoContrast: 'ignore' values must be ints in [0, 255], but got {ignore}.")
        self.ignore = ignore

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "AutoContrast")
        if img.ndim == 2:
            return _autocontrast_channel(img, self.cutoff, self.ignore)
        return np.stack([_autocontrast_channel(img[..., c], self.cutoff, self.ignore) for c in range(img.shape[2])], -1)


class Posterize(TensorOperation):
    def __init__(self, bits: int) -> None:
        if isinstance(bits, bool) or not isinstance(bits, int):
            raise TypeError(f"Posterize: 'bits' must be an int, but got {type(bits).__name__}.")
        if not 0 <= bits <= 8:
            raise ValueError(f"Posterize: 'bits' must be in [0, 8], but got {bits}.")
        self.bits = bits

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "Posterize")
        return img & np.uint8((0xFF << (8 - self.bits)) & 0xFF)


class Solarize(TensorOperation):
    def __init__(self, threshold: Any) -> None:
        low, high = (threshold, 255) if isinstance(threshold, (int, float)) else tuple(threshold)
        if not 0 <= low <= high <= 255:
            raise ValueError(f"Solarize: 'threshold' must satisfy 0 <= min <= max <= 255, but got {threshold}.")
        self.low, self.high = low, high

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "Solarize")
        # MindSpore 2.10: equal bounds mean "from low up", as a single threshold does
        inside = img >= self.low if self.low == self.high else (img >= self.low) & (img <= self.high)
        return np.where(inside, 255 - img, img).astype(img.dtype)


def _range(value: Any, center: float, op: str, name: str, bound: float | None = None) -> tuple[float, float]:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if value < 0:
            raise ValueError(f"{op}: '{name}' must be non-negative, but got {value}.")
        return (max(center - value, 0.0), center + value) if bound is None else (-value, value)
    low, high = (float(v) for v in value)
    if low > high or (bound is None and low < 0):
        raise ValueError(f"{op}: '{name}' must be a non-negative (min, max) range, but got {value}.")
    return low, high


class RandomColorAdjust(TensorOperation):
    def __init__(self, brightness: Any = (1, 1), contrast: Any = (1, 1), saturation: Any = (1, 1),
                 hue: Any = (0, 0)) -> None:
        op = "RandomColorAdjust"
        self.brightness = _range(brightness, 1.0, op, "brightness")
        self.contrast = _range(contrast, 1.0, op, "contrast")
        self.saturation = _range(saturation, 1.0, op, "saturation")
        self.hue = _range(hue, 0.0, op, "hue", bound=0.5)
        if not -0.5 <= self.hue[0] <= self.hue[1] <= 0.5:
            raise ValueError(f"{op}: 'hue' must lie in [-0.5, 0.5], but got {hue}.")

    def __call__(self, img: Any) -> np.ndarray:
        img = _rgb(img, "RandomColorAdjust")
        rng = self._rng()
        steps = [(self.brightness, adjust_brightness, 1.0), (self.contrast, adjust_contrast, 1.0),
                 (self.saturation, adjust_saturation, 1.0), (self.hue, adjust_hue, 0.0)]
        for k in rng.permutation(4):
            (low, high), fn, identity = steps[k]
            factor = float(rng.uniform(low, high)) if high > low else low
            if factor != identity:
                img = fn(img, factor)
        return img


class ConvertColor(TensorOperation):
    def __init__(self, convert_mode: ConvertMode) -> None:
        self.convert_mode = ConvertMode(convert_mode)

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "ConvertColor")
        m = self.convert_mode
        if m == ConvertMode.COLOR_BGR2RGB:
            return np.ascontiguousarray(img[..., ::-1])
        if m in (ConvertMode.COLOR_RGB2GRAY, ConvertMode.COLOR_BGR2GRAY):
            return _cv.gray_of(img if m == ConvertMode.COLOR_RGB2GRAY else img[..., ::-1])
        if m == ConvertMode.COLOR_GRAY2RGB:
            return np.repeat(img[..., None] if img.ndim == 2 else img, 3, axis=-1)
        if m == ConvertMode.COLOR_RGBA2RGB:
            return np.ascontiguousarray(img[..., :3])
        if m == ConvertMode.COLOR_RGBA2BGR:
            return np.ascontiguousarray(img[..., 2::-1])
        if m == ConvertMode.COLOR_RGBA2BGRA:
            return np.ascontiguousarray(img[..., [2, 1, 0, 3]])
        alpha = np.full(img.shape[:2] + (1,), 255 if img.dtype == np.uint8 else 1, img.dtype)
        if m == ConvertMode.COLOR_RGB2RGBA:
            return np.concatenate([img, alpha], -1)
        return np.concatenate([img[..., ::-1], alpha], -1)  # COLOR_RGB2BGRA


class Grayscale(TensorOperation):
    """A PIL transform in MindSpore: PIL image in, PIL image out."""

    def __init__(self, num_output_channels: int = 1) -> None:
        if num_output_channels not in (1, 3):
            raise ValueError(f"Grayscale: 'num_output_channels' must be 1 or 3, but got {num_output_channels}.")
        self.num_output_channels = num_output_channels

    def __call__(self, img: Any) -> Any:
        if not is_pil(img):
            raise TypeError(f"Grayscale: img should be a PIL image, but got {type(img).__name__}; "
                            f"use ToPIL() first.")
        gray = img.convert("L")
        return gray if self.num_output_channels == 1 else gray.convert("RGB")


class RandomGrayscale(Grayscale):
    def __init__(self, prob: float = 0.1) -> None:
        super().__init__(3)
        self.prob = check_prob(prob, "RandomGrayscale")

    def __call__(self, img: Any) -> Any:
        if not is_pil(img):
            raise TypeError(f"RandomGrayscale: img should be a PIL image, but got {type(img).__name__}.")
        if self._rng().random() >= self.prob:
            return img
        return img.convert("L") if img.mode == "L" else img.convert("L").convert(img.mode)


__all__ = ["AdjustBrightness", "AdjustContrast", "AdjustSaturation", "AdjustHue", "AdjustGamma", "Invert", "Equalize",
           "AutoContrast", "Posterize", "Solarize", "RandomColorAdjust", "ConvertColor", "Grayscale", "RandomGrayscale"]
