"""More mindspore.dataset.vision transforms: sharpness, blur, HSV, patches, crops, lighting.

Numbers follow MindSpore 2.10 (checked against it):
- AdjustSharpness blurs with OpenCV's 3x3 smoothing kernel [[1,1,1],[1,5,1],[1,1,1]] / 13 (border
  pixels keep their value), then blends like OpenCV's addWeighted (`_cv.blend`).
- GaussianBlur reproduces OpenCV's bit-exact uint8 Gaussian: kernel taps quantised to 1/256 in
  fixed point, reflect-101 borders, one rounding at the end.
- RgbToHsv / HsvToRgb are colorsys per pixel (float64 out); CHW unless is_hwc.
- NormalizePad normalises in float32 and appends a zero channel.
- FiveCrop / TenCrop are PIL transforms (PIL in, tuple of PIL out), like MindSpore's.
"""
from __future__ import annotations

import enum
from typing import Any, Sequence

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation
from mindshim.dataset.vision import _cv
from mindshim.dataset.vision._common import check_image, check_prob, hw, is_pil
from mindshim.dataset.vision.transforms_color import adjust_saturation
from mindshim.dataset.vision.utils import Inter


class ImageBatchFormat(enum.IntEnum):
    NHWC = 0
    NCHW = 1


class SliceMode(enum.IntEnum):
    PAD = 0
    DROP = 1


def _number(value: Any, op: str, name: str, low: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"Argument {name} with value {value} is not of type [<class 'float'>, <class 'int'>], "
                        f"but got {type(value)}.")
    if value < low:
        raise ValueError(f"Input {name} is not within the required interval of [{low}, 16777216].")
    return float(value)


def _degrees(degrees: Any, op: str) -> tuple[float, float]:
    if not isinstance(degrees, (list, tuple)) or len(degrees) != 2:
        raise TypeError(f"{op}: 'degrees' must be a sequence (min, max), but got {degrees}.")
    low, high = float(degrees[0]), float(degrees[1])
    if low < 0 or high < 0:
        raise ValueError(f"{op}: 'degrees' must be non-negative, but got {degrees}.")
    if low > high:
        raise ValueError("degrees should be in (min,max) format. Got (max,min).")
    return low, high


def _reflect101(img: np.ndarray, ry: int, rx: int) -> np.ndarray:
    widths = [(ry, ry), (rx, rx)] + [(0, 0)] * (img.ndim - 2)
    return np.pad(img, widths, mode="reflect")


def adjust_sharpness(img: np.ndarray, factor: float) -> np.ndarray:
    h, w = img.shape[:2]
    if h < 3 or w < 3:
        return img.copy()
    x = img.astype(np.float32)
    acc = np.zeros_like(x[1:-1, 1:-1])
    for dy in range(3):
        for dx in range(3):
            acc += x[dy:dy + h - 2, dx:dx + w - 2] * np.float32(5.0 if dy == dx == 1 else 1.0)
    degenerate = img.copy()
    degenerate[1:-1, 1:-1] = _cv.saturate(acc / np.float32(13.0), img.dtype)
    # addWeighted(degenerate, 1 - factor, img, factor): the degenerate term is scaled first (float32)
    alpha = np.float32(factor)
    scaled = (degenerate.astype(np.float32) * (np.float32(1.0) - alpha)).astype(np.float64)
    return _cv.saturate((img.astype(np.float64) * np.float64(alpha) + scaled).astype(np.float32), img.dtype)


class AdjustSharpness(TensorOperation):
    def __init__(self, sharpness_factor: float) -> None:
        self.sharpness_factor = _number(sharpness_factor, "AdjustSharpness", "sharpness_factor")

    def __call__(self, img: Any) -> np.ndarray:
        return adjust_sharpness(check_image(img, "AdjustSharpness"), self.sharpness_factor)


class RandomAdjustSharpness(TensorOperation):
    def __init__(self, degree: float, prob: float = 0.5) -> None:
        self.degree = _number(degree, "RandomAdjustSharpness", "degree")
        self.prob = check_prob(prob, "RandomAdjustSharpness")

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "RandomAdjustSharpness")
        return adjust_sharpness(img, self.degree) if self._rng().random() < self.prob else img


class RandomSharpness(TensorOperation):
    def __init__(self, degrees: Sequence[float] = (0.1, 1.9)) -> None:
        self.degrees = _degrees(degrees, "RandomSharpness")

    def __call__(self, img: Any) -> np.ndarray:
        return adjust_sharpness(check_image(img, "RandomSharpness"), float(self._rng().uniform(*self.degrees)))


class RandomColor(TensorOperation):
    def __init__(self, degrees: Sequence[float] = (0.1, 1.9)) -> None:
        self.degrees = _degrees(degrees, "RandomColor")

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "RandomColor")
        if img.ndim != 3 or img.shape[2] != 3:
            raise RuntimeError(f"RandomColor: the input image should be <H, W, 3>, but got shape {img.shape}.")
        return adjust_saturation(img, float(self._rng().uniform(*self.degrees)))


def _gauss_taps(ksize: int, sigma: float) -> np.ndarray:
    """OpenCV's bit-exact 8-bit Gaussian taps, in units of 1/256."""
    if sigma <= 0:
        sigma = ((ksize - 1) * 0.5 - 1) * 0.3 + 0.8
    x = np.arange(ksize) - (ksize - 1) / 2
    k = np.exp(-(x * x) / (2 * sigma * sigma))
    k /= k.sum()
    taps = np.round(k * 256).astype(np.int64)
    taps[ksize // 2] += 256 - taps.sum()  # the centre absorbs the rounding error
    return taps


def _float_taps(ksize: int, sigma: float) -> np.ndarray:
    if sigma <= 0:
        sigma = ((ksize - 1) * 0.5 - 1) * 0.3 + 0.8
    x = np.arange(ksize) - (ksize - 1) / 2
    k = np.exp(-(x * x) / (2 * sigma * sigma))
    return (k / k.sum()).astype(np.float32)


def gaussian_blur(img: np.ndarray, kx: int, ky: int, sx: float, sy: float) -> np.ndarray:
    tx, ty = _gauss_taps(kx, sx), _gauss_taps(ky, sy)
    h, w = img.shape[:2]
    src = _reflect101(img, ky // 2, kx // 2)
    if img.dtype == np.uint8:
        s = src.astype(np.int64)
        rows = sum(s[:, i:i + w] * tx[i] for i in range(kx))
        acc = sum(rows[j:j + h] * ty[j] for j in range(ky))
        return np.clip((acc + (1 << 15)) >> 16, 0, 255).astype(np.uint8)
    s = src.astype(np.float32)
    fx, fy = _float_taps(kx, sx), _float_taps(ky, sy)
    rows = sum(s[:, i:i + w] * fx[i] for i in range(kx))
    return sum(rows[j:j + h] * fy[j] for j in range(ky)).astype(img.dtype)


class GaussianBlur(TensorOperation):
    def __init__(self, kernel_size: Any, sigma: Any = None) -> None:
        ks = [kernel_size] * 2 if isinstance(kernel_size, int) else list(kernel_size)
        if len(ks) == 1:
            ks = ks * 2
        if any(isinstance(k, bool) or not isinstance(k, int) for k in ks):
            raise TypeError(f"GaussianBlur: 'kernel_size' must be int or a sequence of int, but got {kernel_size}.")
        if any(k <= 0 or k % 2 == 0 for k in ks):
            raise ValueError(f"GaussianBlur: 'kernel_size' must be positive and odd, but got {kernel_size}.")
        sig = [0.0, 0.0] if sigma is None else [sigma] * 2 if isinstance(sigma, (int, float)) else list(sigma)
        if len(sig) == 1:
            sig = sig * 2
        if any(s < 0 for s in sig):
            raise ValueError(f"GaussianBlur: 'sigma' must be non-negative, but got {sigma}.")
        self.kernel_size, self.sigma = (ks[0], ks[1]), (float(sig[0]), float(sig[1]))

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "GaussianBlur")
        return gaussian_blur(img, *self.kernel_size, *self.sigma)


def _hsv_convert(img: Any, is_hwc: bool, op: str, fn: Any) -> np.ndarray:
    import colorsys
    img = np.asarray(img)
    if img.ndim not in (3, 4):
        raise TypeError(f"img shape should be (H, W, C)/(N, H, W, C)/(C ,H, W)/(N, C, H, W). Got {img.shape}.")
    axis = img.ndim - 1 if is_hwc else img.ndim - 3
    if img.shape[axis] != 3:
        raise TypeError(f"img should be 3 channels RGB img. Got {img.shape[axis]} channels.")
    a, b, c = (np.take(img, i, axis=axis).astype(np.float64) for i in range(3))
    out = np.vectorize(getattr(colorsys, fn), otypes=[np.float64] * 3)(a, b, c)
    return np.stack(out, axis=axis)


class RgbToHsv(TensorOperation):
    def __init__(self, is_hwc: bool = False) -> None:
        if not isinstance(is_hwc, bool):
            raise TypeError(f"Argument is_hwc with value {is_hwc} is not of type [<class 'bool'>].")
        self.is_hwc = is_hwc

    def __call__(self, rgb_imgs: Any) -> np.ndarray:
        return _hsv_convert(rgb_imgs, self.is_hwc, "RgbToHsv", "rgb_to_hsv")


class HsvToRgb(RgbToHsv):
    def __call__(self, hsv_imgs: Any) -> np.ndarray:
        return _hsv_convert(hsv_imgs, self.is_hwc, "HsvToRgb", "hsv_to_rgb")


class LinearTransformation(TensorOperation):
    def __init__(self, transformation_matrix: np.ndarray, mean_vector: np.ndarray) -> None:
        if not isinstance(transformation_matrix, np.ndarray) or not isinstance(mean_vector, np.ndarray):
            raise TypeError("LinearTransformation: 'transformation_matrix' and 'mean_vector' must be numpy arrays.")
        m = transformation_matrix
        if m.ndim != 2 or m.shape[0] != m.shape[1]:
            raise ValueError(f"transformation_matrix should be a square matrix. Got shape {m.shape} instead.")
        if mean_vector.shape[0] != m.shape[0]:
            raise ValueError(f"mean_vector length {mean_vector.shape[0]} should match either one dimension of the "
                             f"square transformation_matrix {m.shape}.")
        self.transformation_matrix, self.mean_vector = m, mean_vector

    def __call__(self, np_img: Any) -> np.ndarray:
        if not isinstance(np_img, np.ndarray):
            raise TypeError(f"img should be NumPy array. Got {type(np_img)}.")
        if np_img.size != self.transformation_matrix.shape[0]:
            raise ValueError(f"transformation_matrix shape {self.transformation_matrix.shape} not compatible with "
                             f"Numpy image shape {np_img.shape}.")
        flat = np_img.reshape(1, -1) - self.mean_vector
        return np.dot(flat, self.transformation_matrix).reshape(np_img.shape)


class NormalizePad(TensorOperation):
    def __init__(self, mean: Sequence[float], std: Sequence[float], dtype: str = "float32",
                 is_hwc: bool = True) -> None:
        if dtype not in ("float32", "float16"):
            raise ValueError(f"NormalizePad: dtype only supports float32 or float16, but got {dtype}.")
        if any(not 0 <= m <= 255 for m in mean) or any(not 0 < s <= 255 for s in std):
            raise ValueError(f"NormalizePad: 'mean' must be in [0, 255] and 'std' in (0, 255], got {mean}, {std}.")
        self.mean, self.std = np.asarray(mean, np.float32), np.asarray(std, np.float32)
        self.dtype, self.is_hwc = np.dtype(dtype), is_hwc

    def __call__(self, img: Any) -> np.ndarray:
        img = check_image(img, "NormalizePad")
        x = img.astype(np.float32)
        if x.ndim == 2:
            x = x[..., None] if self.is_hwc else x[None]
        shape = (1, 1, -1) if self.is_hwc else (-1, 1, 1)
        out = (x - self.mean.reshape(shape)) / self.std.reshape(shape)
        axis = 2 if self.is_hwc else 0
        pad = np.zeros_like(np.take(out, [0], axis=axis))
        return np.concatenate([out, pad], axis=axis).astype(self.dtype)


def _pil_crop(img: Any, top: int, left: int, h: int, w: int) -> Any:
    return img.crop((left, top, left + w, top + h))


def five_crop(img: Any, size: Any, op: str) -> tuple:
    if not is_pil(img):
        raise TypeError(f"img should be PIL image. Got {type(img)}. Use Decode() for encoded data or ToPIL() for "
                        f"decoded data.")
    ch, cw = hw(size)
    w, h = img.size
    if ch > h or cw > w:
        raise ValueError(f"Crop size {(ch, cw)} is larger than input image size {(h, w)}.")
    center_top, center_left = int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0))
    return (_pil_crop(img, 0, 0, ch, cw), _pil_crop(img, 0, w - cw, ch, cw), _pil_crop(img, h - ch, 0, ch, cw),
            _pil_crop(img, h - ch, w - cw, ch, cw), _pil_crop(img, center_top, center_left, ch, cw))


class FiveCrop(TensorOperation):
    def __init__(self, size: Any) -> None:
        self.size = size

    def __call__(self, img: Any) -> tuple:
        return five_crop(img, self.size, "FiveCrop")


class TenCrop(TensorOperation):
    def __init__(self, size: Any, use_vertical_flip: bool = False) -> None:
        self.size, self.use_vertical_flip = size, use_vertical_flip

    def __call__(self, img: Any) -> tuple:
        from PIL import Image
        first = five_crop(img, self.size, "TenCrop")
        flip = Image.FLIP_TOP_BOTTOM if self.use_vertical_flip else Image.FLIP_LEFT_RIGHT
        return first + five_crop(img.transpose(flip), self.size, "TenCrop")


class SlicePatches(TensorOperation):
    def __init__(self, num_height: int = 1, num_width: int = 1, slice_mode: SliceMode = SliceMode.PAD,
                 fill_value: int = 0) -> None:
        for name, v in (("num_height", num_height), ("num_width", num_width), ("fill_value", fill_value)):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"Argument {name} with value {v} is not of type [<class 'int'>], "
                                f"but got {type(v)}.")
        if not isinstance(slice_mode, SliceMode):
            raise TypeError(f"Argument slice_mode with value {slice_mode} is not of type [<enum 'SliceMode'>].")
        if num_height < 1 or num_width < 1:
            raise ValueError(f"Input num_height/num_width must be positive, got {num_height}, {num_width}.")
        if not 0 <= fill_value <= 255:
            raise ValueError("Input fill_value is not within the required interval of [0, 255].")
        self.num_height, self.num_width, self.slice_mode, self.fill_value = num_height, num_width, slice_mode, fill_value

    def __call__(self, img: Any) -> tuple:
        img = check_image(img, "SlicePatches")
        if self.num_height == self.num_width == 1:
            return img  # MindSpore returns the image itself, not a 1-tuple
        h, w = img.shape[:2]
        if self.slice_mode == SliceMode.PAD:
            ph, pw = -(-h // self.num_height), -(-w // self.num_width)
            widths = [(0, ph * self.num_height - h), (0, pw * self.num_width - w)] + [(0, 0)] * (img.ndim - 2)
            img = np.pad(img, widths, constant_values=self.fill_value)
        else:
            ph, pw = h // self.num_height, w // self.num_width
        return tuple(np.ascontiguousarray(img[i * ph:(i + 1) * ph, j * pw:(j + 1) * pw])
                     for i in range(self.num_height) for j in range(self.num_width))


_LIGHTING = np.array([[55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
                      [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
                      [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203]])  # AlexNet's PCA eigen basis


class RandomLighting(TensorOperation):
    def __init__(self, alpha: float = 0.05) -> None:
        self.alpha = _number(alpha, "RandomLighting", "alpha")

    def __call__(self, img: Any) -> Any:
        from PIL import Image
        pil = is_pil(img)
        arr = np.asarray(img.convert("RGB") if pil else check_image(img, "RandomLighting"))
        if arr.ndim != 3 or arr.shape[2] != 3:
            raise RuntimeError(f"RandomLighting: the input image should be <H, W, 3>, but got shape {arr.shape}.")
        shift = _LIGHTING @ self._rng().normal(0.0, self.alpha, 3)
        out = arr.astype(np.float64) + shift
        if arr.dtype == np.uint8:
            out = np.clip(out, 0, 255).astype(np.uint8)
        else:
            out = out.astype(arr.dtype)
        return Image.fromarray(out) if pil else out


class RandomResize(TensorOperation):
    """Resize with an interpolation drawn per image (bilinear, nearest, bicubic or area)."""

    def __init__(self, size: Any) -> None:
        from mindshim.dataset.vision.transforms import Resize
        self.size, self._resize = size, Resize
        Resize(size)  # validates

    def __call__(self, img: Any) -> np.ndarray:
        choices = (Inter.LINEAR, Inter.NEAREST, Inter.CUBIC, Inter.AREA)
        return self._resize(self.size, choices[int(self._rng().integers(4))])(img)


class RandomCropDecodeResize(TensorOperation):
    def __init__(self, size: Any, scale: Sequence[float] = (0.08, 1.0), ratio: Sequence[float] = (3. / 4., 4. / 3.),
                 interpolation: Inter = Inter.BILINEAR, max_attempts: int = 10) -> None:
        from mindshim.dataset.vision.transforms import RandomResizedCrop
        self._crop = RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)

    def __call__(self, img: Any) -> np.ndarray:
        from mindshim.dataset.vision.transforms import Decode
        decoded = Decode()(img)
        self._crop._rng = self._rng  # draw from this op's stream
        return self._crop(decoded)


__all__ = ["ImageBatchFormat", "SliceMode", "AdjustSharpness", "RandomAdjustSharpness", "RandomSharpness",
           "RandomColor", "GaussianBlur", "RgbToHsv", "HsvToRgb", "LinearTransformation", "NormalizePad", "FiveCrop",
           "TenCrop", "SlicePatches", "RandomLighting", "RandomResize", "RandomCropDecodeResize", "adjust_sharpness",
           "gaussian_blur"]
