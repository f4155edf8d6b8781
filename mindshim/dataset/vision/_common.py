"""Shared helpers of the vision transforms: argument normalisation, image checks, resize dispatch."""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.dataset.vision._resize import resize_linear, resize_nearest
from mindshim.dataset.vision.utils import Inter


class _LazyTorchvisionFunctional:
    """torchvision.transforms.v2.functional, imported at the first transform that needs it: importing
    torchvision loads torch._dynamo (+1.6 s at `import mindshim`)."""

    def __getattr__(self, name: str):
        import torchvision.transforms.v2.functional as functional
        return getattr(functional, name)


TF = _LazyTorchvisionFunctional()


def hw(size: Any) -> tuple[int, int]:
    if isinstance(size, int):
        return size, size
    size = list(size)
    return (int(size[0]), int(size[0])) if len(size) == 1 else (int(size[0]), int(size[1]))


def is_pil(img: Any) -> bool:
    from PIL import Image
    return isinstance(img, Image.Image)


def check_image(img: Any, op: str) -> np.ndarray:
    """A decoded image as numpy <H, W> or <H, W, C> (a PIL image is converted)."""
    img = np.asarray(img)
    if img.ndim not in (2, 3):
        raise RuntimeError(f"{op}: the input image should be <H, W> or <H, W, C>, but got shape {img.shape}.")
    return img


def to_chw_tensor(img: np.ndarray) -> torch.Tensor:
    t = torch.from_numpy(np.ascontiguousarray(img))
    return t[None] if t.dim() == 2 else t.permute(2, 0, 1)


def from_chw_tensor(t: torch.Tensor, like: np.ndarray) -> np.ndarray:
    out = t.permute(1, 2, 0).numpy() if like.ndim == 3 else t[0].numpy()
    return np.ascontiguousarray(out.astype(like.dtype, copy=False))


def resize_image(img: np.ndarray, h: int, w: int, interpolation: Inter) -> np.ndarray:
    if interpolation == Inter.LINEAR:
        return resize_linear(img, h, w)
    if interpolation == Inter.NEAREST:
        return resize_nearest(img, h, w)
    mode = {Inter.CUBIC: TF.InterpolationMode.BICUBIC, Inter.PILCUBIC: TF.InterpolationMode.BICUBIC,
            Inter.AREA: TF.InterpolationMode.BILINEAR, Inter.ANTIALIAS: TF.InterpolationMode.BILINEAR}[interpolation]
    t = TF.resize(to_chw_tensor(img), [h, w], interpolation=mode, antialias=interpolation != Inter.CUBIC)
    return from_chw_tensor(t, img)


def check_prob(prob: Any, op: str) -> float:
    if isinstance(prob, bool) or not isinstance(prob, (int, float)):
        raise TypeError(f"{op}: 'prob' must be a float, but got {type(prob).__name__}.")
    if not 0.0 <= prob <= 1.0:
        raise ValueError(f"{op}: 'prob' must be in [0.0, 1.0], but got {prob}.")
    return float(prob)
