"""Policy augmentations (AutoAugment, RandAugment, TrivialAugmentWide, UniformAugment,
RandomSelectSubpolicy) and batch mixing (MixUp, MixUpBatch, CutMixBatch) of mindspore.dataset.vision.

The policies are the published ones (AutoAugment paper / torchvision), with the same magnitude
spaces; each primitive runs through mindshim's MindSpore-exact ops (Affine for shear, translate and
rotate; the colour ops of transforms_color; sharpness of transforms_more). Draws come from the
dataset seed, so only the distribution matches MindSpore, not the stream.
"""
from __future__ import annotations

import enum
import math
from typing import Any, Callable

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation
from mindshim.dataset.vision._common import check_image
from mindshim.dataset.vision._warp import warp_affine
from mindshim.dataset.vision.transforms_affine import _check_inter, _fill, affine_matrix
from mindshim.dataset.vision.transforms_color import (
    AutoContrast, Equalize, Posterize, Solarize, adjust_brightness, adjust_contrast, adjust_saturation,
)
from mindshim.dataset.vision.transforms_more import ImageBatchFormat, adjust_sharpness
from mindshim.dataset.vision.utils import Inter


class AutoAugmentPolicy(str, enum.Enum):
    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"


def _sub(spec: str) -> list[tuple]:
    """'Op,prob,mag;Op,prob,mag' -> [(op, prob, magnitude index or None), ...] per sub-policy."""
    out = []
    for pair in spec.split("|"):
        steps = []
        for step in pair.split(";"):
            name, prob, mag = step.split(",")
            steps.append((name, float(prob), None if mag == "-" else int(mag)))
        out.append(steps)
    return out


_POLICIES = {
    AutoAugmentPolicy.IMAGENET: _sub(
        "Posterize,.4,8;Rotate,.6,9|Solarize,.6,5;AutoContrast,.6,-|Equalize,.8,-;Equalize,.6,-|"
        "Posterize,.6,7;Posterize,.6,6|Equalize,.4,-;Solarize,.2,4|Equalize,.4,-;Rotate,.8,8|"
        "Solarize,.6,3;Equalize,.6,-|Posterize,.8,5;Equalize,1,-|Rotate,.2,3;Solarize,.6,8|"
        "Equalize,.6,-;Posterize,.4,6|Rotate,.8,8;Color,.4,0|Rotate,.4,9;Equalize,.6,-|"
        "Equalize,0,-;Equalize,.8,-|Invert,.6,-;Equalize,1,-|Color,.6,4;Contrast,1,8|Rotate,.8,8;Color,1,2|"
        "Color,.8,8;Solarize,.8,7|Sharpness,.4,7;Invert,.6,-|ShearX,.6,5;Equalize,1,-|Color,.4,0;Equalize,.6,-|"
        "Equalize,.4,-;Solarize,.2,4|Solarize,.6,5;AutoContrast,.6,-|Invert,.6,-;Equalize,1,-|"
        "Color,.6,4;Contrast,1,8|Equalize,.8,-;Equalize,.6,-"),
    AutoAugmentPolicy.CIFAR10: _sub(
        "Invert,.1,-;Contrast,.2,6|Rotate,.7,2;TranslateX,.3,9|Sharpness,.8,1;Sharpness,.9,3|"
        "ShearY,.5,8;TranslateY,.7,9|AutoContrast,.5,-;Equalize,.9,-|ShearY,.2,7;Posterize,.3,7|"
        "Color,.4,3;Brightness,.6,7|Sharpness,.3,9;Brightness,.7,9|Equalize,.6,-;Equalize,.5,-|"
        "Contrast,.6,7;Sharpness,.6,5|Color,.7,7;TranslateX,.5,8|Equalize,.3,-;AutoContrast,.4,-|"
        "TranslateY,.4,3;Sharpness,.2,6|Brightness,.9,6;Color,.2,8|Solarize,.5,2;Invert,0,-|"
        "Equalize,.2,-;AutoContrast,.6,-|Equalize,.2,-;Equalize,.6,-|Color,.9,9;Equalize,.6,-|"
        "AutoContrast,.8,-;Solarize,.2,8|Brightness,.1,3;Color,.7,0|Solarize,.4,5;AutoContrast,.9,-|"
        "TranslateY,.9,9;TranslateY,.7,9|AutoContrast,.9,-;Solarize,.8,3|Equalize,.8,-;Invert,.1,-|"
        "TranslateY,.7,9;AutoContrast,.9,-"),
    AutoAugmentPolicy.SVHN: _sub(
        "ShearX,.9,4;Invert,.2,-|ShearY,.9,8;Invert,.7,-|Equalize,.6,-;Solarize,.6,6|Invert,.9,-;Equalize,.6,-|"
        "Equalize,.6,-;Rotate,.9,3|ShearX,.9,4;AutoContrast,.8,-|ShearY,.9,8;Invert,.4,-|"
        "ShearY,.9,5;Solarize,.2,6|Invert,.9,-;AutoContrast,.8,-|Equalize,.6,-;Rotate,.9,3|"
        "ShearX,.9,4;Solarize,.3,3|ShearY,.8,8;Invert,.7,-|Equalize,.9,-;TranslateY,.6,6|"
        "Invert,.9,-;Equalize,.6,-|Contrast,.3,3;Rotate,.8,4|Invert,.8,-;TranslateY,0,2|"
        "ShearY,.7,6;Solarize,.4,8|Invert,.6,-;Rotate,.8,4|ShearY,.3,7;TranslateX,.9,3|"
        "ShearX,.1,6;Invert,.6,-|Solarize,.7,2;TranslateY,.6,7|ShearY,.8,4;Invert,.8,-|"
        "ShearX,.7,9;TranslateY,.8,3|ShearY,.8,5;AutoContrast,.7,-|ShearX,.7,2;Invert,.1,-"),
}

_SIGNED = {"ShearX", "ShearY", "TranslateX", "TranslateY", "Rotate", "Brightness", "Color", "Contrast", "Sharpness"}


def _space(bins: int, h: int, w: int, wide: bool) -> dict[str, np.ndarray]:
    """Magnitude per bin of each primitive (AutoAugment/RandAugment, or TrivialAugmentWide's wider one)."""
    top = 0.99 if wide else 0.9
    post = 6 if wide else 4
    return {"Identity": np.zeros(bins), "ShearX": np.linspace(0, 0.99 if wide else 0.3, bins),
            "ShearY": np.linspace(0, 0.99 if wide else 0.3, bins),
            "TranslateX": np.linspace(0, 32.0 if wide else 150.0 / 331.0 * w, bins),
            "TranslateY": np.linspace(0, 32.0 if wide else 150.0 / 331.0 * h, bins),
            "Rotate": np.linspace(0, 135.0 if wide else 30.0, bins),
            "Brightness": np.linspace(0, top, bins), "Color": np.linspace(0, top, bins),
            "Contrast": np.linspace(0, top, bins), "Sharpness": np.linspace(0, top, bins),
            "Posterize": 8 - np.round(np.arange(bins) / ((bins - 1) / post)).astype(np.int64),
            "Solarize": np.linspace(255.0, 0.0, bins), "AutoContrast": np.zeros(bins),
            "Equalize": np.zeros(bins)}


def apply_op(img: np.ndarray, name: str, mag: float, inter: Inter, fill: tuple) -> np.ndarray:
    h, w = img.shape[:2]
    linear = inter != Inter.NEAREST
    geo = {"ShearX": (0.0, (0.0, 0.0), (math.degrees(math.atan(mag)), 0.0)),
           "ShearY": (0.0, (0.0, 0.0), (0.0, math.degrees(math.atan(mag)))),
           "TranslateX": (0.0, (mag / w, 0.0), (0.0, 0.0)), "TranslateY": (0.0, (0.0, mag / h), (0.0, 0.0)),
           "Rotate": (mag, (0.0, 0.0), (0.0, 0.0))}
    if name in geo:
        deg, tr, sh = geo[name]
        return warp_affine(img, affine_matrix(h, w, deg, tr, 1.0, sh), linear, fill)
    colour: dict[str, Callable[[], np.ndarray]] = {
        "Brightness": lambda: adjust_brightness(img, 1.0 + mag), "Color": lambda: adjust_saturation(img, 1.0 + mag),
        "Contrast": lambda: adjust_contrast(img, 1.0 + mag), "Sharpness": lambda: adjust_sharpness(img, 1.0 + mag),
        "Posterize": lambda: Posterize(int(mag))(img), "Solarize": lambda: Solarize(float(mag))(img),
        "AutoContrast": lambda: AutoContrast()(img), "Equalize": lambda: Equalize()(img),
        "Invert": lambda: 255 - img, "Identity": lambda: img}
    return colour[name]()


def _rgb(img: Any, op: str) -> np.ndarray:
    img = check_image(img, op)
    if img.ndim != 3 or img.shape[2] != 3 or img.dtype != np.uint8:
        raise RuntimeError(f"{op}: the input image should be uint8 <H, W, 3>, but got {img.dtype} {img.shape}.")
    return img


class AutoAugment(TensorOperation):
    def __init__(self, policy: AutoAugmentPolicy = AutoAugmentPolicy.IMAGENET, interpolation: Inter = Inter.NEAREST,
                 fill_value: Any = 0) -> None:
        if not isinstance(policy, AutoAugmentPolicy):
            raise TypeError(f"Argument policy with value {policy} is not of type [<enum 'AutoAugmentPolicy'>].")
        self.policy, self.interpolation = policy, _check_inter(interpolation, "interpolation")
        self.fill_value = _fill(fill_value, "AutoAugment")

    def __call__(self, img: Any) -> np.ndarray:
        img = _rgb(img, "AutoAugment")
        rng = self._rng()
        space = _space(10, *img.shape[:2], wide=False)
        policy = _POLICIES[self.policy]
        for name, prob, idx in policy[int(rng.integers(len(policy)))]:
            if rng.random() > prob:
                continue
            mag = float(space[name][idx]) if idx is not None else 0.0
            if name in _SIGNED and rng.random() < 0.5:
                mag = -mag
            img = apply_op(img, name, mag, self.interpolation, self.fill_value)
        return img


def _int_arg(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"Argument {name} with value {value} is not of type [<class 'int'>], but got {type(value)}.")
    return value


class RandAugment(TensorOperation):
    def __init__(self, num_ops: int = 2, magnitude: int = 9, num_magnitude_bins: int = 31,
                 interpolation: Inter = Inter.NEAREST, fill_value: Any = 0) -> None:
        self.num_ops, self.magnitude = _int_arg(num_ops, "num_ops"), _int_arg(magnitude, "magnitude")
        self.num_magnitude_bins = _int_arg(num_magnitude_bins, "num_magnitude_bins")
        if num_ops < 0:
            raise ValueError("Input num_ops is not within the required interval of [0, 16777216].")
        if num_magnitude_bins < 2:
            raise ValueError("Input num_magnitude_bins is not within the required interval of [2, 16777216].")
        if not 0 <= magnitude < num_magnitude_bins:
            raise ValueError(f"Input magnitude is not within the required interval of [0, {num_magnitude_bins}).")
        self.interpolation = _check_inter(interpolation, "interpolation")
        self.fill_value = _fill(fill_value, "RandAugment")

    def __call__(self, img: Any) -> np.ndarray:
        img = _rgb(img, "RandAugment")
        rng = self._rng()
        space = _space(self.num_magnitude_bins, *img.shape[:2], wide=False)
        names = list(space)
        for _ in range(self.num_ops):
            name = names[int(rng.integers(len(names)))]
            mag = float(space[name][self.magnitude])
            if name in _SIGNED and rng.random() < 0.5:
                mag = -mag
            img = apply_op(img, name, mag, self.interpolation, self.fill_value)
        return img


class TrivialAugmentWide(TensorOperation):
    def __init__(self, num_magnitude_bins: int = 31, interpolation: Inter = Inter.NEAREST, fill_value: Any = 0) -> None:
        self.num_magnitude_bins = _int_arg(num_magnitude_bins, "num_magnitude_bins")
        if num_magnitude_bins < 2:
            raise ValueError("Input num_magnitude_bins is not within the required interval of [2, 16777216].")
        self.interpolation = _check_inter(interpolation, "interpolation")
        self.fill_value = _fill(fill_value, "TrivialAugmentWide")

    def __call__(self, img: Any) -> np.ndarray:
        img = _rgb(img, "TrivialAugmentWide")
        rng = self._rng()
        space = _space(self.num_magnitude_bins, *img.shape[:2], wide=True)
        names = list(space)
        name = names[int(rng.integers(len(names)))]
        mag = float(space[name][int(rng.integers(self.num_magnitude_bins))])
        if name in _SIGNED and rng.random() < 0.5:
            mag = -mag
        return apply_op(img, name, mag, self.interpolation, self.fill_value)


class UniformAugment(TensorOperation):
    def __init__(self, transforms: list, num_ops: int = 2) -> None:
        if not isinstance(transforms, list) or not transforms:
            raise TypeError(f"Argument transforms with value {transforms} is not of type [<class 'list'>].")
        if any(not callable(t) for t in transforms):
            raise TypeError("UniformAugment: every element of 'transforms' must be a transform.")
        _int_arg(num_ops, "num_ops")
        if num_ops < 1:
            raise ValueError("Input num_ops must be greater than 0.")
        if num_ops > len(transforms):
            raise ValueError("num_ops is greater than transforms list size.")
        self.transforms, self.num_ops = transforms, num_ops

    def __call__(self, img: Any) -> Any:
        rng = self._rng()
        for k in rng.choice(len(self.transforms), self.num_ops, replace=False):
            if rng.random() < rng.random():  # each chosen op runs with a per-image random probability
                img = self.transforms[int(k)](img)
        return img


class RandomSelectSubpolicy(TensorOperation):
    def __init__(self, policy: list) -> None:
        if not isinstance(policy, list) or not policy:
            raise TypeError(f"Argument policy with value {policy} is not of type [<class 'list'>].")
        for i, sub in enumerate(policy):
            if not isinstance(sub, list) or not sub:
                raise TypeError(f"Argument policy[{i}] with value {sub} is not of type [<class 'list'>].")
            for j, step in enumerate(sub):
                if not isinstance(step, tuple) or len(step) != 2 or not callable(step[0]):
                    raise TypeError(f"policy[{i}][{j}] should be a (op, prob) tuple.")
                if isinstance(step[1], bool) or not isinstance(step[1], (int, float)):
                    raise TypeError(f"Argument prob of (op, prob) policy[{i}][{j}] is not a number.")
                if not 0 <= step[1] <= 1:
                    raise ValueError(f"Input prob of (op, prob) policy[{i}][{j}] is not within the required "
                                     f"interval of [0, 1].")
        self.policy = policy

    def __call__(self, img: Any) -> Any:
        rng = self._rng()
        for op, prob in self.policy[int(rng.integers(len(self.policy)))]:
            if rng.random() < prob:
                img = op(img)
        return img


def _alpha(alpha: Any, op: str) -> float:
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
        raise TypeError(f"Argument alpha with value {alpha} is not of type [<class 'int'>, <class 'float'>].")
    if alpha <= 0:
        raise ValueError("Input alpha must be greater than 0.")
    return float(alpha)


class MixUp(TensorOperation):
    """A Python transform in MindSpore: float64 outputs, mixing within the batch or with the last one."""

    def __init__(self, batch_size: int, alpha: float, is_single: bool = True) -> None:
        _int_arg(batch_size, "batch_size")
        if batch_size < 1:
            raise ValueError("Input is not within the required interval of [1, 16777216].")
        if not isinstance(is_single, bool):
            raise TypeError(f"Argument is_single with value {is_single} is not of type [<class 'bool'>].")
        self.batch_size, self.alpha, self.is_single = batch_size, _alpha(alpha, "MixUp"), is_single
        self._last: tuple | None = None

    def __call__(self, image: Any, label: Any) -> tuple:
        image, label = np.asarray(image), np.asarray(label)
        n = self.batch_size
        lam = self._rng().beta(self.alpha, self.alpha, n)
        if self.is_single:
            roll = list(range(1, n)) + [0]
            other_img, other_label = image[roll], label[roll]
        else:
            if self._last is None:
                lam = np.ones(n)
                self._last = (image, label)
            other_img, other_label = self._last
        mixed = lam.reshape(n, 1, 1, 1) * image + (1 - lam.reshape(n, 1, 1, 1)) * other_img
        mixed_label = lam.reshape(n, 1) * label + (1 - lam.reshape(n, 1)) * other_label
        if not self.is_single:
            self._last = (mixed, mixed_label)
        return mixed, mixed_label


def _batch_inputs(images: Any, labels: Any, op: str) -> tuple[np.ndarray, np.ndarray]:
    images, labels = np.asarray(images), np.asarray(labels)
    if images.ndim != 4:
        raise RuntimeError(f"{op}: the image batch should be <N, H, W, C> or <N, C, H, W>, got {images.shape}.")
    if labels.ndim not in (2, 3) or labels.shape[0] != images.shape[0]:
        raise RuntimeError(f"{op}: the labels should be one-hot <N, num_classes>, got {labels.shape}.")
    return images, labels.astype(np.float32)


class MixUpBatch(TensorOperation):
    def __init__(self, alpha: float = 1.0) -> None:
        self.alpha = _alpha(alpha, "MixUpBatch")

    def __call__(self, images: Any, labels: Any) -> tuple:
        images, labels = _batch_inputs(images, labels, "MixUpBatch")
        rng = self._rng()
        lam = np.float32(rng.beta(self.alpha, self.alpha))
        perm = rng.permutation(images.shape[0])
        mixed = lam * images.astype(np.float32) + (1 - lam) * images[perm].astype(np.float32)
        return mixed.astype(images.dtype), lam * labels + (1 - lam) * labels[perm]


class CutMixBatch(TensorOperation):
    def __init__(self, image_batch_format: ImageBatchFormat, alpha: float = 1.0, prob: float = 1.0) -> None:
        if not isinstance(image_batch_format, ImageBatchFormat):
            raise TypeError(f"Argument image_batch_format with value {image_batch_format} is not of type "
                            f"[<enum 'ImageBatchFormat'>], but got {type(image_batch_format)}.")
        self.image_batch_format, self.alpha = image_batch_format, _alpha(alpha, "CutMixBatch")
        if isinstance(prob, bool) or not isinstance(prob, (int, float)):
            raise TypeError(f"Argument prob with value {prob} is not of type [<class 'int'>, <class 'float'>].")
        if not 0 <= prob <= 1:
            raise ValueError("Input prob is not within the required interval of [0.0, 1.0].")
        self.prob = float(prob)

    def __call__(self, images: Any, labels: Any) -> tuple:
        images, labels = _batch_inputs(images, labels, "CutMixBatch")
        nhwc = self.image_batch_format == ImageBatchFormat.NHWC
        work = images.copy() if nhwc else images.transpose(0, 2, 3, 1).copy()
        out_labels = labels.copy()
        n, h, w = work.shape[:3]
        rng = self._rng()
        for i in range(n):
            if rng.random() >= self.prob:
                continue
            lam = rng.beta(self.alpha, self.alpha)
            j = int(rng.integers(n))
            ch, cw = int(h * math.sqrt(1 - lam)), int(w * math.sqrt(1 - lam))
            cy, cx = int(rng.integers(h)), int(rng.integers(w))
            y0, y1 = max(cy - ch // 2, 0), min(cy + ch // 2, h)
            x0, x1 = max(cx - cw // 2, 0), min(cx + cw // 2, w)
            work[i, y0:y1, x0:x1] = images[j, y0:y1, x0:x1] if nhwc else images[j].transpose(1, 2, 0)[y0:y1, x0:x1]
            kept = np.float32(1 - (y1 - y0) * (x1 - x0) / (h * w))
            out_labels[i] = kept * labels[i] + (1 - kept) * labels[j]
        return (work if nhwc else np.ascontiguousarray(work.transpose(0, 3, 1, 2))), out_labels


__all__ = ["AutoAugmentPolicy", "AutoAugment", "RandAugment", "TrivialAugmentWide", "UniformAugment",
           "RandomSelectSubpolicy", "MixUp", "MixUpBatch", "CutMixBatch", "apply_op"]
