"""mindspore.dataset.vision transforms on HWC numpy images.

Numbers follow MindSpore: Resize LINEAR/NEAREST reproduce OpenCV's uint8 arithmetic exactly
(`_resize.py`); Rescale/Normalize compute in float32; HWC2CHW transposes. Random transforms draw from
the dataset seed. CUBIC/AREA resizes and rotations use torchvision's kernels and may differ from
MindSpore's OpenCV by a grey level (docs/differences.md). ToTensor scales by float32(1/255).
The colour, geometry and erasing transforms live in transforms_color.py, transforms_geometry.py and
transforms_erase.py (split by topic) and are re-exported here, their public path.
"""
from __future__ import annotations

import io
from typing import Any, Sequence

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation, _np_dtype
from mindshim.dataset.vision._common import check_image as _check_image
from mindshim.dataset.vision._common import hw as _hw
from mindshim.dataset.vision._common import is_pil, resize_image
from mindshim.dataset.vision._resize import resize_linear, resize_nearest
from mindshim.dataset.vision.transforms_color import (
    AdjustBrightness, AdjustContrast, AdjustGamma, AdjustHue, AdjustSaturation, AutoContrast, ConvertColor, Equalize,
    Grayscale, Invert, Posterize, RandomColorAdjust, RandomGrayscale, Solarize,
)
from mindshim.dataset.vision.transforms_color_random import (
    RandomAutoContrast, RandomEqualize, RandomInvert, RandomPosterize, RandomSolarize,
)
from mindshim.dataset.vision.transforms_erase import CutOut, Erase, RandomErasing
from mindshim.dataset.vision.transforms_geometry import (
    CenterCrop, Crop, HorizontalFlip, Pad, PadToSize, RandomCrop, RandomHorizontalFlip, RandomResizedCrop,
    RandomRotation, RandomVerticalFlip, ResizedCrop, Rotate, VerticalFlip,
)
from mindshim.dataset.vision.utils import Inter


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
    """HWC (numpy or PIL) -> CHW, scaled by 1/255 in float32 (MindSpore's numbers), then cast."""

    def __init__(self, output_type: Any = np.float32) -> None:
        self.np_dtype = _np_dtype(output_type)

    def __call__(self, img: Any) -> np.ndarray:
        img = np.asarray(img)
        if img.ndim == 2:
            img = img[..., None]
        scaled = img.transpose(2, 0, 1).astype(np.float32) * np.float32(1.0 / 255.0)
        return np.ascontiguousarray(scaled.astype(self.np_dtype))


class ToType(TensorOperation):
    def __init__(self, data_type: Any) -> None:
        self.np_dtype = _np_dtype(data_type)

    def __call__(self, img: Any) -> np.ndarray:
        return np.asarray(img).astype(self.np_dtype)


class ToPIL(TensorOperation):
    """HWC uint8 numpy -> PIL image (gray for <H, W> or one channel)."""

    def __call__(self, img: Any) -> Any:
        from PIL import Image
        if is_pil(img):
            return img
        img = _check_image(img, "ToPIL")
        if img.ndim == 3 and img.shape[2] == 1:
            img = img[..., 0]
        return Image.fromarray(np.ascontiguousarray(img))


class ToNumpy(TensorOperation):
    def __call__(self, img: Any) -> np.ndarray:
        return np.array(img)


def get_image_size(image: Any) -> list[int]:
    """[height, width] of an HWC numpy image or a PIL image."""
    if is_pil(image):
        return [image.size[1], image.size[0]]
    return [int(s) for s in _check_image(image, "get_image_size").shape[:2]]


def get_image_num_channels(image: Any) -> int:
    if is_pil(image):
        return len(image.getbands())
    image = _check_image(image, "get_image_num_channels")
    return 1 if image.ndim == 2 else int(image.shape[2])


__all__ = ["Decode", "Resize", "Rescale", "Normalize", "HWC2CHW", "ToTensor", "ToType", "ToPIL",
           "ToNumpy", "get_image_size", "get_image_num_channels", "resize_image",
           "Crop", "CenterCrop", "Pad", "PadToSize", "RandomCrop", "ResizedCrop", "RandomResizedCrop", "HorizontalFlip",
           "VerticalFlip", "RandomHorizontalFlip", "RandomVerticalFlip", "Rotate", "RandomRotation",
           "CutOut", "Erase", "RandomErasing",
           "AdjustBrightness", "AdjustContrast", "AdjustSaturation", "AdjustHue", "AdjustGamma", "Invert", "Equalize",
           "AutoContrast", "Posterize", "Solarize", "RandomColorAdjust", "ConvertColor", "Grayscale", "RandomGrayscale",
           "RandomInvert", "RandomEqualize", "RandomAutoContrast", "RandomPosterize", "RandomSolarize"]


# MindSpore's `mindspore.dataset.vision.transforms` holds every vision transform; those whose home is a sibling
# module (which imports this one) resolve here, from the package, on first use.
def __getattr__(name: str) -> Any:
    if name == "ImageTensorOperation":
        return TensorOperation
    if not name.startswith("_"):
        import mindshim.dataset.vision as vision
        if name in vision.__all__:
            return getattr(vision, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
