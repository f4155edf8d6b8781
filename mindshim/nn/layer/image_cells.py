"""mindspore.nn image cells: SSIM, MSSSIM, PSNR, CentralCrop, ImageGradients, Unfold.

Mapping decisions:
- SSIM/MSSSIM filter each channel with one fixed Gaussian window held by a 1->1 `Conv2d` child (`conv`, or
  `multi_convs_list.<i>` for MSSSIM; the weights are not trainable), 'valid' padding, as MindSpore does; the
  per-channel filtering runs as one grouped convolution. Images are compared in float32; integer images are
  scaled by their dtype's maximum first (max_val too), float ones are not.
- MSSSIM halves the images with a 2x2 average pool between levels and multiplies relu(cs)^w over the first
  levels with relu(ssim)^w of the last.
- PSNR: 10 * log10(max_val^2 / mean((img1 - img2)^2)) per image (over C, H, W).
- Unfold is ExtractImagePatches with MindSpore's [1, row, col, 1] argument layout (output (N, row*col*C, oh, ow),
  channel fastest); MindSpore 2.10's CPU backend has no kernel for it, this is the documented math.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch
import torch.nn.functional as F

from mindshim import _checkparam as validator
from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor
from mindshim.nn.cell import Cell
from mindshim.nn.layer.container import CellList
from mindshim.nn.layer.conv import Conv2d


def _check_4d(x: torch.Tensor, name: str, cls: str) -> None:
    if x.dim() != 4:
        raise ValueError(f"For '{cls}', the dimension of '{name}' must be 4d, but got {x.dim()}.")


def _check_dtype(x: torch.Tensor, name: str, allowed: tuple, cls: str) -> None:
    if x.dtype not in allowed:
        names = ", ".join(str(mstype.from_torch(d)) for d in allowed)
        raise TypeError(f"For '{cls}', the type of '{name}' should be one of [{names}], "
                        f"but got '{mstype.from_torch(x.dtype)}'.")


def _same_type_shape(a: torch.Tensor, b: torch.Tensor) -> None:
    if a.dtype != b.dtype:
        raise TypeError(f"For 'SameTypeShape', the type of 'input_y' should be the same as 'input_x', "
                        f"but got {mstype.from_torch(b.dtype)} and {mstype.from_torch(a.dtype)}.")
    if a.shape != b.shape:
        raise ValueError(f"For 'SameTypeShape', the shape of 'input_y' should be the same as 'input_x', "
                         f"but got {tuple(b.shape)} and {tuple(a.shape)}.")


def _dtype_max(dtype: torch.dtype) -> float:
    return 1.0 if dtype.is_floating_point else float(torch.iinfo(dtype).max)


def _to_unit_float(img: torch.Tensor, dtype_max: float) -> torch.Tensor:
    out = img.to(torch.float32)
    return out * (1.0 / dtype_max) if dtype_max > 1.0 else out


def _scaled_max(max_val: float, dtype_max: float) -> float:
    max_val = float(np.float32(max_val))
    return max_val * float(np.float32(1.0 / dtype_max)) if dtype_max > 1.0 else max_val


def _gaussian_window(size: int, sigma: float) -> np.ndarray:
    r = np.arange(-size // 2 + 1, size // 2 + 1, dtype=np.float32)
    sq = r[:, None] ** 2 + r[None, :] ** 2
    g = np.exp(-sq / (2 * sigma ** 2))
    return (g / g.sum()).astype(np.float32)[None, None]


def _window_conv(size: int, sigma: float) -> Conv2d:
    conv = Conv2d(1, 1, size, pad_mode="valid", weight_init=Tensor(_gaussian_window(size, sigma)))
    conv.weight.requires_grad = False
    return conv


def _ssim_cs(c1: float, c2: float, img1: torch.Tensor, img2: torch.Tensor, weight: torch.Tensor):
    """Per-image, per-channel mean SSIM and contrast-structure terms, each (N, C)."""
    c = img1.shape[1]
    w = weight.to(torch.float32).expand(c, 1, *weight.shape[-2:])

    def filt(v):
        return F.conv2d(v, w, groups=c)
    mu1, mu2 = filt(img1), filt(img2)
    mu1_sq, mu2_sq, mu12 = mu1 * mu1, mu2 * mu2, mu1 * mu2
    s1 = filt(img1 * img1) - mu1_sq
    s2 = filt(img2 * img2) - mu2_sq
    s12 = filt(img1 * img2) - mu12
    v1 = 2 * s12 + c2
    v2 = s1 + s2 + c2
    ssim = ((2 * mu12 + c1) * v1) / ((mu1_sq + mu2_sq + c1) * v2)
    return ssim.mean((2, 3)), (v1 / v2).mean((2, 3))


def _check_common(cls: str, max_val: Any, filter_size: Any, filter_sigma: Any, k1: Any, k2: Any) -> None:
    validator.check_value_type("max_val", max_val, [int, float], cls)
    validator.check_number("max_val", max_val, 0.0, validator.GT, cls)
    validator.check_int(filter_size, 1, validator.GE, "filter_size", cls)
    validator.check_positive_float(filter_sigma, "filter_sigma", cls)
    validator.check_value_type("k1", k1, [float], cls)
    validator.check_value_type("k2", k2, [float], cls)


class SSIM(Cell):
    """nn.SSIM(max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03): mean SSIM per image, (N,)."""

    _fast = True

    def __init__(self, max_val: Any = 1.0, filter_size: int = 11, filter_sigma: float = 1.5, k1: float = 0.01,
                 k2: float = 0.03) -> None:
        super().__init__()
        _check_common("SSIM", max_val, filter_size, filter_sigma, k1, k2)
        self.max_val, self.filter_size, self.filter_sigma, self.k1, self.k2 = max_val, filter_size, filter_sigma, k1, k2
        self.conv = _window_conv(filter_size, filter_sigma)

    def construct(self, img1, img2):
        _check_dtype(img1, "img1", (torch.float32, torch.float16), "SSIM")
        _check_4d(img1, "img1", "SSIM")
        for d in (2, 3):
            if img1.shape[d] < self.filter_size:
                raise ValueError(f"For 'SSIM', the 'img1 shape[{d}]' must be >= filter_size {self.filter_size}, "
                                 f"but got {img1.shape[d]}.")
        _same_type_shape(img1, img2)
        top = _dtype_max(img1.dtype)
        mv = _scaled_max(self.max_val, top)
        ssim, _ = _ssim_cs((self.k1 * mv) ** 2, (self.k2 * mv) ** 2, _to_unit_float(img1, top),
                           _to_unit_float(img2, top), self.conv.weight)
        return ssim.mean(-1)


class MSSSIM(Cell):
    """nn.MSSSIM(max_val=1.0, power_factors=(...5 weights), filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03)."""

    _fast = True

    def __init__(self, max_val: Any = 1.0, power_factors: Any = (0.0448, 0.2856, 0.3001, 0.2363, 0.1333),
                 filter_size: int = 11, filter_sigma: float = 1.5, k1: float = 0.01, k2: float = 0.03) -> None:
        super().__init__()
        validator.check_value_type("max_val", max_val, [int, float], "MSSSIM")
        validator.check_number("max_val", max_val, 0.0, validator.GT, "MSSSIM")
        validator.check_value_type("power_factors", power_factors, [tuple, list], "MSSSIM")
        _check_common("MSSSIM", max_val, filter_size, filter_sigma, k1, k2)
        self.max_val, self.filter_size, self.filter_sigma, self.k1, self.k2 = max_val, filter_size, filter_sigma, k1, k2
        self.level = len(power_factors)
        self.weight_tensor = Tensor(power_factors, mstype.float32)
        self.multi_convs_list = CellList([_window_conv(filter_size, filter_sigma) for _ in range(self.level)])

    def construct(self, img1, img2):
        _check_4d(img1, "img1", "MSSSIM")
        _check_4d(img2, "img2", "MSSSIM")
        _check_dtype(img1, "img1", (torch.float64, torch.float32, torch.float16, torch.uint8), "MSSSIM")
        _same_type_shape(img1, img2)
        top = _dtype_max(img1.dtype)
        mv = _scaled_max(self.max_val, top)
        c1, c2 = (self.k1 * mv) ** 2, (self.k2 * mv) ** 2
        a, b = _to_unit_float(img1, top), _to_unit_float(img2, top)
        terms = []
        sim = None
        for i in range(self.level):
            sim, cs = _ssim_cs(c1, c2, a, b, self.multi_convs_list[i].weight)
            terms.append(torch.relu(cs))
            a, b = F.avg_pool2d(a, 2, 2), F.avg_pool2d(b, 2, 2)
        stacked = torch.stack(terms[:-1] + [torch.relu(sim)], -1)
        w = torch.as_tensor(np.asarray(self.weight_tensor.asnumpy()), device=stacked.device)
        return torch.pow(stacked, w).prod(-1).mean(-1)


class PSNR(Cell):
    """nn.PSNR(max_val=1.0): peak signal-to-noise ratio per image, (N,) float32."""

    _fast = True

    def __init__(self, max_val: Any = 1.0) -> None:
        super().__init__()
        validator.check_value_type("max_val", max_val, [int, float], "PSNR")
        validator.check_number("max_val", max_val, 0.0, validator.GT, "PSNR")
        self.max_val = max_val

    def construct(self, img1, img2):
        _check_4d(img1, "img1", "PSNR")
        _check_4d(img2, "img2", "PSNR")
        _same_type_shape(img1, img2)
        top = _dtype_max(img1.dtype)
        mv = _scaled_max(self.max_val, top)
        mse = torch.square(_to_unit_float(img1, top) - _to_unit_float(img2, top)).mean((-3, -2, -1))
        return 10 * torch.log(torch.tensor(mv * mv, dtype=torch.float32, device=mse.device) / mse) / float(
            np.log(np.float32(10.0)))


class CentralCrop(Cell):
    """nn.CentralCrop(central_fraction): the central region of (C, H, W) or (N, C, H, W) images."""

    _fast = True

    def __init__(self, central_fraction: float) -> None:
        super().__init__()
        validator.check_value_type("central_fraction", central_fraction, [float], "CentralCrop")
        validator.check_float_range(central_fraction, 0.0, 1.0, validator.INC_RIGHT, "central_fraction",
                                    "CentralCrop")
        self.central_fraction = central_fraction

    def construct(self, image):
        if image.dim() not in (3, 4):
            raise ValueError(f"CentralCrop image must be 3d or 4d, but got shape {tuple(image.shape)}")
        if self.central_fraction == 1.0:
            return image
        h, w = image.shape[-2], image.shape[-1]
        top = int((float(h) - float(h * self.central_fraction)) / 2)
        left = int((float(w) - float(w * self.central_fraction)) / 2)
        return image[..., top:h - top, left:w - left].contiguous()


class ImageGradients(Cell):
    """nn.ImageGradients(): (dy, dx) forward differences of (N, C, H, W) images, zero in the last row/column."""

    _fast = True

    def construct(self, images):
        _check_4d(images, "images", "ImageGradients")
        dy = torch.zeros_like(images)
        dx = torch.zeros_like(images)
        if images.shape[2] > 1:
            dy[:, :, :-1, :] = images[:, :, 1:, :] - images[:, :, :-1, :]
        if images.shape[3] > 1:
            dx[:, :, :, :-1] = images[:, :, :, 1:] - images[:, :, :, :-1]
        return dy, dx


def _check_nhwc_arg(cls: str, arg_name: str, value: Any, checked: Any) -> None:
    validator.check_value_type(f"{arg_name}s", checked, [tuple, list], cls)
    if len(value) != 4 or value[0] != 1 or value[3] != 1:
        raise ValueError(f"For '{cls}' the format of '{arg_name}s' must be [1, {arg_name}_row, {arg_name}_col, 1], "
                         f"but got {value}.")
    if not (isinstance(value[1], int) and isinstance(value[2], int)) or value[1] < 1 or value[2] < 1:
        raise ValueError(f"For '{cls}' the {arg_name}_row and {arg_name}_col in '{arg_name}s' must be a positive "
                         f"integer, but got {value[1]} and {value[2]}.")


class Unfold(Cell):
    """nn.Unfold(ksizes, strides, rates, padding='valid'): image patches, arguments laid out [1, row, col, 1]."""

    def __init__(self, ksizes: Any, strides: Any, rates: Any, padding: str = "valid") -> None:
        super().__init__()
        from mindshim.ops.operations.image_patch_ops import ExtractImagePatches
        # MindSpore type-checks `ksizes` for all three arguments; a non-sequence fails on its len() otherwise.
        for name, v in (("ksize", ksizes), ("stride", strides), ("rate", rates)):
            if not isinstance(v, (tuple, list)):
                raise TypeError(f"For 'Unfold', the type of '{name}s' should be one of 'tuple, list', "
                                f"but got type '{type(v).__name__}'.")
            _check_nhwc_arg("Unfold", name, v, ksizes)
        self.extract_image_patches = ExtractImagePatches(
            (1, 1, ksizes[1], ksizes[2]), (1, 1, strides[1], strides[2]), (1, 1, rates[1], rates[2]), padding)

    def construct(self, input_x):
        return self.extract_image_patches(input_x)


__all__ = ["SSIM", "MSSSIM", "PSNR", "CentralCrop", "ImageGradients", "Unfold"]
