"""Patch and sampling-grid image primitives (Im2Col/Col2Im, AffineGrid, GridSampler2D/3D, volume patches).

Conventions (MindSpore 2.10 CPU, checked against the real thing): Im2Col returns (N, C, kH*kW, L) and Col2Im
takes that layout back; GridSampler needs `grid` in the input's dtype and supports bilinear/nearest only.
"""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim._errors import unsupported
from mindshim.common.tensor import wrap
from mindshim.ops.operations.image_ops import _FLOATS, _float_image, _sizes
from mindshim.ops.primitive import Primitive

_INTS = (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.uint16, torch.uint32, torch.uint64,
         torch.bool)


def _pair(op: str, name: str, v: Any, n: int = 2) -> tuple:
    vals = (v,) * n if isinstance(v, int) else tuple(v)
    if len(vals) == 1:
        vals = vals * n
    if len(vals) != n or not all(isinstance(i, int) for i in vals):
        raise TypeError(f"For '{op}', '{name}' must be an int or {n} ints, but got {v}.")
    return vals


class Im2Col(Primitive):
    def __init__(self, ksizes: Any, strides: Any = 1, dilations: Any = 1, pads: Any = 0) -> None:
        super().__init__()
        self.ksizes, self.strides = _pair("Im2Col", "ksizes", ksizes), _pair("Im2Col", "strides", strides)
        self.dilations = _pair("Im2Col", "dilations", dilations)
        p = (pads,) if isinstance(pads, int) else tuple(pads)
        if len(p) not in (1, 2, 4):
            raise ValueError(f"For 'Im2Col', 'pads' must have 1, 2 or 4 values, but got {pads}.")
        self.pads = p

    def __call__(self, x: Any) -> Any:
        t = _float_image("Im2Col", x, _FLOATS + (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64))
        p = self.pads
        if len(p) == 4:  # (top, bottom, left, right)
            t, pad = F.pad(t, (p[2], p[3], p[0], p[1])), (0, 0)
        else:
            pad = (p[0], p[0]) if len(p) == 1 else p
        out = F.unfold(t.double() if not t.is_floating_point() else t, self.ksizes, self.dilations, pad, self.strides)
        n, c = t.shape[:2]
        return wrap(out.reshape(n, c, self.ksizes[0] * self.ksizes[1], -1).to(t.dtype))


class Col2Im(Primitive):
    def __init__(self, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1) -> None:
        super().__init__()
        self.kernel_size = _pair("Col2Im", "kernel_size", kernel_size)
        self.dilation, self.padding = _pair("Col2Im", "dilation", dilation), _pair("Col2Im", "padding", padding)
        self.stride = _pair("Col2Im", "stride", stride)

    def __call__(self, x: Any, output_size: Any) -> Any:
        t = _float_image("Col2Im", x)
        if t.dim() != 4:
            raise ValueError(f"For 'Col2Im', the input must be 4-D (N, C, kH*kW, L), but got {t.dim()}-D.")
        size = _sizes("Col2Im", output_size, 2)
        n, c, k, l = t.shape
        return wrap(F.fold(t.reshape(n, c * k, l), size, self.kernel_size, self.dilation, self.padding, self.stride))


class AffineGrid(Primitive):
    def __init__(self, align_corners: bool = False) -> None:
        super().__init__()
        if not isinstance(align_corners, bool):
            raise TypeError("For 'AffineGrid', 'align_corners' must be a bool.")
        self.align_corners = align_corners

    def __call__(self, theta: Any, output_size: Any) -> Any:
        t = _float_image("AffineGrid", theta, (torch.float16, torch.float32))
        size = [int(v) for v in (output_size.tolist() if isinstance(output_size, torch.Tensor) else output_size)]
        if len(size) not in (4, 5) or size[0] != t.shape[0]:
            raise ValueError(f"For 'AffineGrid', 'output_size' must be (N, C, H, W) or (N, C, D, H, W), got {size}.")
        return wrap(F.affine_grid(t, size, self.align_corners))


class GridSampler2D(Primitive):
    _RANK = 4

    def __init__(self, interpolation_mode: str = "bilinear", padding_mode: str = "zeros",
                 align_corners: bool = False) -> None:
        super().__init__()
        if interpolation_mode not in ("bilinear", "nearest"):
            raise ValueError(f"For '{self.name}', unsupported interpolation_mode {interpolation_mode!r}.")
        if padding_mode not in ("zeros", "border", "reflection"):
            raise ValueError(f"For '{self.name}', unsupported padding_mode {padding_mode!r}.")
        self.interpolation_mode, self.padding_mode, self.align_corners = interpolation_mode, padding_mode, align_corners

    def __call__(self, input_x: Any, grid: Any) -> Any:
        x = _float_image(self.name, input_x)
        g = _float_image(self.name, grid)
        if x.dim() != self._RANK or g.dim() != self._RANK or x.shape[0] != g.shape[0]:
            raise ValueError(f"For '{self.name}', 'input_x' and 'grid' must be {self._RANK}-D with equal batch.")
        if x.dtype != g.dtype:
            raise TypeError(f"For '{self.name}', 'grid' must have the dtype of 'input_x', but got {g.dtype}.")
        return wrap(F.grid_sample(x, g, self.interpolation_mode, self.padding_mode, self.align_corners))


class GridSampler3D(GridSampler2D):
    _RANK = 5


def _patches(x: torch.Tensor, ksize: tuple, strides: tuple, rates: tuple, padding: str) -> torch.Tensor:
    """TF-style patches of the trailing spatial dims: (N, prod(k) * C, *out), channel fastest."""
    spatial = x.dim() - 2
    eff = [(k - 1) * r + 1 for k, r in zip(ksize, rates)]
    if padding == "SAME":
        pads = []
        for size, e, st in zip(x.shape[2:], eff, strides):
            total = max((-(-size // st) - 1) * st + e - size, 0)
            pads.append((total // 2, total - total // 2))
        padded = x.new_zeros(tuple(x.shape[:2]) + tuple(n + a + b for n, (a, b) in zip(x.shape[2:], pads)))
        padded[(slice(None), slice(None)) + tuple(slice(a, a + n) for n, (a, _) in zip(x.shape[2:], pads))] = x
        x = padded
    for d in range(spatial):
        x = x.unfold(2 + d, eff[d], strides[d])[..., ::rates[d]]
    # (N, C, *out, *k) -> (N, *k, C, *out)
    perm = [0] + list(range(2 + spatial, 2 + 2 * spatial)) + [1] + list(range(2, 2 + spatial))
    x = x.permute(perm)
    n = x.shape[0]
    out_shape = x.shape[2 + spatial:]
    return x.reshape((n, -1) + tuple(out_shape)).contiguous()


def _nd_arg(op: str, name: str, v: Any, n: int) -> tuple:
    vals = tuple(v) if isinstance(v, (tuple, list)) else None
    if vals is None or len(vals) != n or not all(isinstance(i, int) and i > 0 for i in vals):
        raise ValueError(f"For '{op}', '{name}' must be {n} positive ints, but got {v}.")
    if vals[0] != 1 or vals[1] != 1:
        raise ValueError(f"For '{op}', the first two values of '{name}' must be 1, but got {v}.")
    return vals[2:]


def _padding(op: str, padding: Any) -> str:
    if not isinstance(padding, str) or padding.upper() not in ("SAME", "VALID"):
        raise ValueError(f"For '{op}', 'padding' must be 'SAME' or 'VALID', but got {padding}.")
    return padding.upper()


class ExtractVolumePatches(Primitive):
    def __init__(self, kernel_size: Any, strides: Any, padding: str) -> None:
        super().__init__()
        self.kernel_size = _nd_arg("ExtractVolumePatches", "kernel_size", kernel_size, 5)
        self.strides = _nd_arg("ExtractVolumePatches", "strides", strides, 5)
        self.padding = _padding("ExtractVolumePatches", padding)

    def __call__(self, input_x: Any) -> Any:
        x = _float_image("ExtractVolumePatches", input_x, _FLOATS + _INTS)
        if x.dim() != 5:
            raise ValueError(f"For 'ExtractVolumePatches', the input must be 5-D, but got {x.dim()}-D.")
        return wrap(_patches(x, self.kernel_size, self.strides, (1, 1, 1), self.padding))


class ExtractImagePatches(Primitive):
    def __init__(self, ksizes: Any, strides: Any, rates: Any, padding: str = "VALID") -> None:
        super().__init__()
        self.ksizes = _nd_arg("ExtractImagePatches", "ksizes", ksizes, 4)
        self.strides = _nd_arg("ExtractImagePatches", "strides", strides, 4)
        self.rates = _nd_arg("ExtractImagePatches", "rates", rates, 4)
        self.padding = _padding("ExtractImagePatches", padding)

    def __call__(self, input_x: Any) -> Any:
        x = _float_image("ExtractImagePatches", input_x, _FLOATS + _INTS)
        if x.dim() != 4:
            raise ValueError(f"For 'ExtractImagePatches', the input must be 4-D, but got {x.dim()}-D.")
        return wrap(_patches(x, self.ksizes, self.strides, self.rates, self.padding))


def _int_tuple(op: str, name: str, v: Any, n: int) -> tuple:
    if not isinstance(v, tuple) or len(v) != n or not all(isinstance(i, int) for i in v):
        raise (TypeError if not isinstance(v, tuple) else ValueError)(
            f"For '{op}', '{name}' must be a tuple of {n} ints, but got {v}.")
    return v


def _bilinear_zero(img: torch.Tensor, y: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """img (N, G, Cg, H, W) sampled at y, x (N, G, P): (N, G, Cg, P); taps outside the image read 0."""
    n, g, c, h, w = img.shape
    inside = (y > -1) & (y < h) & (x > -1) & (x < w)
    y0, x0 = torch.floor(y), torch.floor(x)
    flat = img.reshape(n, g, c, h * w)
    out = 0
    for dy, dx in ((0, 0), (0, 1), (1, 0), (1, 1)):
        yy, xx = y0 + dy, x0 + dx
        wt = (1 - (y - yy).abs()) * (1 - (x - xx).abs())
        ok = inside & (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
        idx = (yy.clamp(0, h - 1) * w + xx.clamp(0, w - 1)).long()
        vals = torch.gather(flat, 3, idx[:, :, None, :].expand(n, g, c, idx.shape[-1]))
        out = out + vals * (wt * ok.to(wt.dtype))[:, :, None, :]
    return out


class DeformableOffsets(Primitive):
    """(N, C, H_out * kh, W_out * kw) map of modulated bilinear samples; offsets hold (x, y, mask) blocks."""

    def __init__(self, strides: Any, pads: Any, ksize: Any, dilations: Any = (1, 1, 1, 1), data_format: str = "NCHW",
                 deformable_groups: int = 1, modulated: bool = True) -> None:
        super().__init__()
        op = "DeformableOffsets"
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError(f"For '{op}', 'data_format' must be 'NCHW' or 'NHWC', but got {data_format}.")
        if data_format == "NHWC":
            raise unsupported("ops.DeformableOffsets(data_format='NHWC')")
        self.strides, self.pads = _int_tuple(op, "strides", strides, 4), _int_tuple(op, "pads", pads, 4)
        self.ksize, self.dilations = _int_tuple(op, "kernel_size", ksize, 2), _int_tuple(op, "dilations", dilations, 4)
        if strides[0] != 1 or strides[1] != 1 or dilations[0] != 1 or dilations[1] != 1:
            raise ValueError(f"For '{op}', The N and C dimensions of 'strides' and 'dilations' must be set to 1.")
        if not isinstance(deformable_groups, int) or deformable_groups <= 0:
            raise ValueError(f"For '{op}', 'deformable_groups' must be a positive int, but got {deformable_groups}.")
        if modulated is not True:
            raise ValueError(f"For '{op}', The modulated must be set to True.")
        self.data_format, self.deformable_groups, self.modulated = data_format, deformable_groups, modulated

    def __call__(self, x: Any, offsets: Any) -> Any:
        t = _float_image("DeformableOffsets", x, (torch.float16, torch.float32))
        off = _float_image("DeformableOffsets", offsets, (torch.float16, torch.float32))
        n, c, h, w = t.shape
        kh, kw = self.ksize
        g = self.deformable_groups
        sh, sw, dh, dw = self.strides[2], self.strides[3], self.dilations[2], self.dilations[3]
        top, left = self.pads[0], self.pads[2]
        oh = (h + self.pads[0] + self.pads[1] - (kh - 1) * dh - 1) // sh + 1
        ow = (w + self.pads[2] + self.pads[3] - (kw - 1) * dw - 1) // sw + 1
        if off.shape != (n, 3 * g * kh * kw, oh, ow):
            raise ValueError(f"For 'DeformableOffsets', 'offsets' must have shape {(n, 3 * g * kh * kw, oh, ow)}.")
        work = torch.float32
        o = off.to(work).reshape(n, 3, g, kh, kw, oh, ow)
        ar = lambda k, d: torch.arange(k, dtype=work, device=t.device) * d  # noqa: E731
        base_y = (ar(oh, sh) - top)[None, :] + ar(kh, dh)[:, None]  # (kh, oh)
        base_x = (ar(ow, sw) - left)[None, :] + ar(kw, dw)[:, None]  # (kw, ow)
        y = base_y[:, None, :, None] + o[:, 1]  # (n, g, kh, kw, oh, ow)
        xs = base_x[None, :, None, :] + o[:, 0]
        img = t.to(work).reshape(n, g, c // g, h, w)
        vals = _bilinear_zero(img, y.reshape(n, g, -1), xs.reshape(n, g, -1))
        vals = vals * o[:, 2].reshape(n, g, 1, -1)
        vals = vals.reshape(n, c, kh, kw, oh, ow).permute(0, 1, 4, 2, 5, 3).reshape(n, c, oh * kh, ow * kw)
        return wrap(vals.to(t.dtype))


__all__ = ["Im2Col", "Col2Im", "AffineGrid", "GridSampler2D", "GridSampler3D", "ExtractVolumePatches",
           "ExtractImagePatches",
           "DeformableOffsets"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
