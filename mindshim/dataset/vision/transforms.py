"""mindspore.dataset.vision transforms on HWC numpy images.

Numbers follow MindSpore: Resize LINEAR/NEAREST reproduce OpenCV's uint8 arithmetic exactly
(`_resize.py`); Rescale/Normalize compute in float32; HWC2CHW transposes. Random transforms draw from
the dataset seed. CUBIC/AREA resizes and the colour/rotation transforms use torchvision's kernels and
may differ from MindSpore's OpenCV by a grey level (docs/differences.md).
"""
from __future__ import annotations

import io
import math
from typing import Any, Sequence

import numpy as np
import torch
import torchvision.transforms.v2.functional as TF

from mindshim.dataset.transforms.transforms import TensorOperation
from mindshim.dataset.vision._resize import resize_linear, resize_nearest
from mindshim.dataset.vision.utils import Border, ConvertMode, Inter


def _hw(size: Any) -> tuple[int, int]:
    return (size, size) if isinstance(size, int) else (int(size[0]), int(size[1]))


def _check_image(img: Any, op: str) -> np.ndarray:
    img = np.asarray(img)
    if img.ndim not in (2, 3):
        raise RuntimeError(f"{op}: the input image should be <H, W> or <H, W, C>, but got shape {img.shape}.")
    return img


def _to_chw_tensor(img: np.ndarray) -> torch.Tensor:
    t = torch.from_numpy(np.ascontiguousarray(img))
    return t[None] if t.dim() == 2 else t.permute(2, 0, 1)


def _from_chw_tensor(t: torch.Tensor, like: np.ndarray) -> np.ndarray:
    out = t.permute(1, 2, 0).numpy() if like.ndim == 3 else t[0].numpy()
    return np.ascontiguousarray(out.astype(like.dtype, copy=False))


def resize_image(img: np.ndarray, h: int, w: int, interpolation: Inter) -> np.ndarray:
    if interpolation == Inter.LINEAR:
        return resize_linear(img, h, w)
    if interpolation == Inter.NEAREST:
        return resize_nearest(img, h, w)
    mode = {Inter.CUBIC: TF.InterpolationMode.BICUBIC, Inter.PILCUBIC: TF.InterpolationMode.BICUBIC,
            Inter.AREA: TF.InterpolationMode.BILINEAR, Inter.ANTIALIAS: TF.InterpolationMode.BILINEAR}[interpolation]
    t = TF.resize(_to_chw_tensor(img), [h, w], interpolation=mode, antialias=interpolation != Inter.CUBIC)
    return _from_chw_tensor(t, img)


class Decode(TensorOperation):
    def __init__(self, to_pil: bool = False) -> None:
        self.to_pil = to_pil

    def __call__(self, data: Any) -> Any:
        from PIL import Image
        raw = np.asarray(data, dtype=np.uint8).tobytes()
        try:
            image = Image.open(io.BytesIO(raw)).convert("RGB")
        except Exception as err:
            raise RuntimeError(f"Decode: the input is not a decodable image: {err}") from err
        return image if self.to_pil else np.asarray(image)


class Resize(TensorOperation):
    def __init__(self, size: Any, interpolation: Inter = Inter.LINEAR) -> None:
        self.size, self.interpolation = size, Inter(interpolation)
        self._batch_ok = self.interpolation in (Inter.LINEAR, Inter.NEAREST)

    def _out_size(self, h: int, w: int) -> tuple[int, int]:
        if isinstance(self.size, int) or len(self.size) == 1:
            s = self.size if isinstance(self.size, int) else self.size[0]
            return (s, int(s * w / h)) if h <= w else (int(s * h / w), s)
        return _hw(self.size)

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "Resize")
        return resize_image(img, *self._out_size(*img.shape[:2]), self.interpolation)

    def _batch_apply(self, stack: np.ndarray) -> np.ndarray:
        if stack.ndim not in (3, 4):
            return super()._batch_apply(stack)
        oh, ow = self._out_size(*stack.shape[1:3])
        fn = resize_linear if self.interpolation == Inter.LINEAR else resize_nearest
        return fn(stack, oh, ow, batched=True)


class Rescale(TensorOperation):
    _batch_ok = True

    def __init__(self, rescale: float, shift: float) -> None:
        self.rescale, self.shift = np.float32(rescale), np.float32(shift)

    def __call__(self, img: Any) -> np.ndarray:
        out = np.asarray(img).astype(np.float32)
        out *= self.rescale
        out += self.shift
        return out

    _batch_apply = __call__


class Normalize(TensorOperation):
    _batch_ok = True

    def __init__(self, mean: Sequence[float], std: Sequence[float], is_hwc: bool = True) -> None:
        self.mean, self.std, self.is_hwc = np.asarray(mean, np.float32), np.asarray(std, np.float32), is_hwc

    def __call__(self, img: Any) -> np.ndarray:
        img = np.asarray(img).astype(np.float32)
        shape = (1, 1, -1) if self.is_hwc else (-1, 1, 1)
        if img.ndim == 2:
            shape = (1, -1)[:0] or ()
        return (img - self.mean.reshape(shape)) / self.std.reshape(shape)

    def _batch_apply(self, stack: np.ndarray) -> np.ndarray:
        return self(stack) if stack.ndim == 4 else super()._batch_apply(stack)


class HWC2CHW(TensorOperation):
    _batch_ok = True

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "HWC2CHW")
        if img.ndim == 2:
            return img[None]
        return np.ascontiguousarray(img.transpose(2, 0, 1))

    def _batch_apply(self, stack: np.ndarray) -> np.ndarray:
        if stack.ndim == 3:
            return stack[:, None]
        return np.ascontiguousarray(stack.transpose(0, 3, 1, 2)) if stack.ndim == 4 else super()._batch_apply(stack)


class ToTensor(TensorOperation):
    def __init__(self, output_type: Any = np.float32) -> None:
        from mindshim.dataset.transforms.transforms import _np_dtype
        self.np_dtype = _np_dtype(output_type)

    def __call__(self, img: Any) -> np.ndarray:
        img = np.asarray(img)
        if img.ndim == 2:
            img = img[..., None]
        return (img.transpose(2, 0, 1) / 255.0).astype(self.np_dtype)


class CenterCrop(TensorOperation):
    def __init__(self, size: Any) -> None:
        self.size = _hw(size)

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "CenterCrop")
        h, w = img.shape[:2]
        ch, cw = self.size
        if ch > h or cw > w:
            pad_h, pad_w = max(ch - h, 0), max(cw - w, 0)
            img = Pad((pad_w // 2, pad_h // 2, pad_w - pad_w // 2, pad_h - pad_h // 2))(img)
            h, w = img.shape[:2]
        top, left = int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0))
        return img[top:top + ch, left:left + cw]


class Pad(TensorOperation):
    def __init__(self, padding: Any, fill_value: Any = 0, padding_mode: Border = Border.CONSTANT) -> None:
        p = [padding] * 4 if isinstance(padding, int) else list(padding)
        if len(p) == 2:
            p = [p[0], p[1], p[0], p[1]]
        self.left, self.top, self.right, self.bottom = p
        self.fill_value, self.padding_mode = fill_value, Border(padding_mode)

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "Pad")
        widths = [(self.top, self.bottom), (self.left, self.right)] + [(0, 0)] * (img.ndim - 2)
        if self.padding_mode == Border.CONSTANT:
            fill = self.fill_value
            if isinstance(fill, (tuple, list)) and img.ndim == 3:
                out = np.stack([np.pad(img[..., c], widths[:2], constant_values=fill[c]) for c in range(img.shape[2])], -1)
                return out
            return np.pad(img, widths, constant_values=fill)
        return np.pad(img, widths, mode=self.padding_mode.value)


class RandomCrop(TensorOperation):
    def __init__(self, size: Any, padding: Any = None, pad_if_needed: bool = False, fill_value: Any = 0,
                 padding_mode: Border = Border.CONSTANT) -> None:
        self.size, self.padding, self.pad_if_needed = _hw(size), padding, pad_if_needed
        self.fill_value, self.padding_mode = fill_value, padding_mode

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "RandomCrop")
        if self.padding is not None:
            img = Pad(self.padding, self.fill_value, self.padding_mode)(img)
        h, w = img.shape[:2]
        ch, cw = self.size
        if self.pad_if_needed and (h < ch or w < cw):
            img = Pad((0, 0, max(cw - w, 0), max(ch - h, 0)), self.fill_value, self.padding_mode)(img)
            h, w = img.shape[:2]
        if h < ch or w < cw:
            raise RuntimeError(f"RandomCrop: the crop size {self.size} is larger than the image {(h, w)}.")
        rng = self._rng()
        top, left = int(rng.integers(0, h - ch + 1)), int(rng.integers(0, w - cw + 1))
        return img[top:top + ch, left:left + cw]


class RandomResizedCrop(TensorOperation):
    def __init__(self, size: Any, scale: Sequence[float] = (0.08, 1.0), ratio: Sequence[float] = (3 / 4, 4 / 3),
                 interpolation: Inter = Inter.BILINEAR, max_attempts: int = 10) -> None:
        self.size, self.scale, self.ratio = _hw(size), scale, ratio
        self.interpolation, self.max_attempts = Inter(interpolation), max_attempts

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "RandomResizedCrop")
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


class RandomHorizontalFlip(TensorOperation):
    def __init__(self, prob: float = 0.5) -> None:
        self.prob = prob

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "RandomHorizontalFlip")
        return np.ascontiguousarray(img[:, ::-1]) if self._rng().random() < self.prob else img


class RandomVerticalFlip(RandomHorizontalFlip):
    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "RandomVerticalFlip")
        return np.ascontiguousarray(img[::-1]) if self._rng().random() < self.prob else img


class RandomRotation(TensorOperation):
    def __init__(self, degrees: Any, resample: Inter = Inter.NEAREST, expand: bool = False, center: Any = None,
                 fill_value: Any = 0) -> None:
        self.degrees = (-degrees, degrees) if isinstance(degrees, (int, float)) else tuple(degrees)
        self.resample, self.expand, self.center, self.fill_value = Inter(resample), expand, center, fill_value

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "RandomRotation")
        angle = float(self._rng().uniform(*self.degrees))
        mode = TF.InterpolationMode.NEAREST if self.resample == Inter.NEAREST else TF.InterpolationMode.BILINEAR
        fill = [float(self.fill_value)] if isinstance(self.fill_value, (int, float)) else [float(v) for v in self.fill_value]
        t = TF.rotate(_to_chw_tensor(img), angle, interpolation=mode, expand=self.expand, center=self.center, fill=fill)
        return _from_chw_tensor(t, img)


class RandomColorAdjust(TensorOperation):
    def __init__(self, brightness: Any = (1, 1), contrast: Any = (1, 1), saturation: Any = (1, 1),
                 hue: Any = (0, 0)) -> None:
        def rng_of(v: Any, center: float) -> tuple:
            return (max(center - v, 0), center + v) if isinstance(v, (int, float)) else tuple(v)
        self.brightness, self.contrast = rng_of(brightness, 1), rng_of(contrast, 1)
        self.saturation = rng_of(saturation, 1)
        self.hue = (-hue, hue) if isinstance(hue, (int, float)) else tuple(hue)

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "RandomColorAdjust")
        rng = self._rng()
        t = _to_chw_tensor(img)
        t = TF.adjust_brightness(t, float(rng.uniform(*self.brightness)))
        t = TF.adjust_contrast(t, float(rng.uniform(*self.contrast)))
        t = TF.adjust_saturation(t, float(rng.uniform(*self.saturation)))
        t = TF.adjust_hue(t, float(rng.uniform(*self.hue)))
        return _from_chw_tensor(t, img)


class ConvertColor(TensorOperation):
    def __init__(self, convert_mode: ConvertMode) -> None:
        self.convert_mode = ConvertMode(convert_mode)

    def __call__(self, img: Any) -> np.ndarray:
        img = _check_image(img, "ConvertColor")
        m = self.convert_mode
        if m == ConvertMode.COLOR_BGR2RGB:
            return np.ascontiguousarray(img[..., ::-1])
        if m in (ConvertMode.COLOR_RGB2GRAY, ConvertMode.COLOR_BGR2GRAY):
            rgb = img if m == ConvertMode.COLOR_RGB2GRAY else img[..., ::-1]
            gray = rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114
            return np.round(gray).astype(img.dtype) if img.dtype == np.uint8 else gray.astype(img.dtype)
        if m == ConvertMode.COLOR_GRAY2RGB:
            return np.repeat(img[..., None] if img.ndim == 2 else img, 3, axis=-1)
        if m == ConvertMode.COLOR_RGBA2RGB:
            return np.ascontiguousarray(img[..., :3])
        if m == ConvertMode.COLOR_RGB2RGBA:
            alpha = np.full(img.shape[:2] + (1,), 255 if img.dtype == np.uint8 else 1, img.dtype)
            return np.concatenate([img, alpha], -1)
        from mindshim._errors import unsupported_arg
        raise unsupported_arg("mindspore.dataset.vision.ConvertColor", "convert_mode", m)


class Grayscale(TensorOperation):
    def __init__(self, num_output_channels: int = 1) -> None:
        self.n = num_output_channels

    def __call__(self, img: Any) -> np.ndarray:
        gray = ConvertColor(ConvertMode.COLOR_RGB2GRAY)(img)
        return np.repeat(gray[..., None], self.n, -1) if self.n > 1 else gray[..., None]


__all__ = ["Decode", "Resize", "Rescale", "Normalize", "HWC2CHW", "ToTensor", "CenterCrop", "Pad", "RandomCrop",
           "RandomResizedCrop", "RandomHorizontalFlip", "RandomVerticalFlip", "RandomRotation", "RandomColorAdjust",
           "ConvertColor", "Grayscale", "resize_image"]
