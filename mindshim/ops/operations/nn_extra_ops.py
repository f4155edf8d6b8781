"""Extra neural-network primitives (r1.x `P.LayerNorm(...)`, `P.BatchNorm(...)`, `P.Conv2DTranspose(...)`,
`P.Conv3D(...)`, losses, activations, pads, resizes).

Mapping decisions (MindSpore 2.10 CPU):
- `LayerNorm(begin_norm_axis, begin_params_axis, epsilon=1e-7)(x, gamma, beta)` returns
  (y, mean, variance) with the statistics kept as size-1 dims.
- `BatchNorm(is_training, epsilon, momentum)(x, scale, bias, mean, variance)` returns 5 tensors:
  (y, 0, 0, batch mean, biased batch variance) in training, (y, 0, 0, 0, 0) in inference. MindSpore's
  CPU kernel leaves outputs 1-2 (and 3-4 in inference) uninitialized; zeros are our defined choice.
  Training updates the `mean`/`variance` Parameters in place: new = (1 - momentum) * old + momentum *
  batch (unbiased variance), as MindSpore does.
- `Conv2DTranspose(...)(dout, weight, input_size)` is the gradient of a Conv2D w.r.t. its input
  (Conv2DBackpropInput): `weight` has the forward conv's layout and `pad_mode` describes the forward conv.
- `AdaptiveMaxPool2D(output_size)` needs a tuple/list output size (TypeError for an int, as MindSpore).
"""
from __future__ import annotations

import math
from typing import Any

import torch
import torch.nn.functional as F

from mindshim.common import dtype as mstype
from mindshim.ops.function import activation_func as A
from mindshim.ops.function import loss_func as Lf
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__
def _int_too(fn: Any) -> Any:
    """MindSpore's HSwish/HSigmoid CPU kernels also take integer tensors (computed, then truncated)."""
    def call(x: Any) -> Any:
        if isinstance(x, torch.Tensor) and not x.is_floating_point() and x.dtype != torch.bool:
            return fn(x.to(torch.float64)).trunc().to(x.dtype)
        return fn(x)
    return call


def _softsign(x: Any) -> Any:
    if isinstance(x, torch.Tensor) and x.dtype not in (torch.float16, torch.float32, torch.float64):
        raise TypeError(f"For primitive[Softsign], the input argument[input_x] must be a type of {{Tensor[Float16], "
                        f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{mstype.from_torch(x.dtype)}].")
    return A.softsign(x)


def _selu(x: Any) -> Any:
    if isinstance(x, torch.Tensor) and not x.is_floating_point() and x.dtype != torch.bool:
        # MindSpore's integer SeLU: scale * x for positives (truncated), 0 elsewhere
        return torch.where(x > 0, (x.to(torch.float64) * 1.0507009873554805).trunc(), 0).to(x.dtype)
    return A.selu(x)


_SIMPLE = {"HSwish": _int_too(F.hardswish), "HSigmoid": _int_too(F.hardsigmoid), "SeLU": _selu,
           "Softsign": _softsign, "Mish": A.mish}
for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


def _pair(v: Any, n: int) -> tuple:
    if isinstance(v, int):
        return (v,) * n
    v = tuple(v)
    return v[-n:] if len(v) > n else v


class HShrink(Primitive):
    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        self.lambd = lambd

    def __call__(self, input: Any) -> Any:
        return A.hardshrink(input, self.lambd)


class SoftShrink(HShrink):
    def __call__(self, input: Any) -> Any:
        return A.softshrink(input, self.lambd)


class CeLU(Primitive):
    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        self.alpha = alpha

    def __call__(self, x: Any) -> Any:
        return A.celu(x, self.alpha)


class _Loss(Primitive):
    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        self.reduction = reduction


class KLDivLoss(_Loss):
    def __call__(self, logits: Any, labels: Any) -> Any:
        return Lf.kl_div(logits, labels, self.reduction)


class SmoothL1Loss(Primitive):
    def __init__(self, beta: float = 1.0, reduction: str = "none") -> None:
        super().__init__()
        self.beta, self.reduction = beta, reduction

    def __call__(self, prediction: Any, target: Any) -> Any:
        return Lf.smooth_l1_loss(prediction, target, self.beta, self.reduction)


class SoftMarginLoss(_Loss):
    def __call__(self, input: Any, target: Any) -> Any:
        return Lf.soft_margin_loss(input, target, self.reduction)


class BCEWithLogitsLoss(_Loss):
    def __call__(self, input: Any, target: Any, weight: Any = None, posWeight: Any = None) -> Any:  # noqa: N803
        return F.binary_cross_entropy_with_logits(input, target, weight, reduction=self.reduction,
                                                  pos_weight=posWeight)


class BinaryCrossEntropy(_Loss):
    def __call__(self, input: Any, target: Any, weight: Any = None) -> Any:
        return F.binary_cross_entropy(input, target, weight, reduction=self.reduction)


class SigmoidCrossEntropyWithLogits(Primitive):
    def __call__(self, logits: Any, label: Any) -> Any:
        return F.binary_cross_entropy_with_logits(logits, label, reduction="none")


class L2Loss(Primitive):
    def __call__(self, input: Any) -> Any:
        return torch.sum(torch.square(input)) / 2


class L2Normalize(Primitive):
    """`axis`: an int or a one-element tuple/list (MindSpore keeps it as a list in `attrs`)."""

    def __init__(self, axis: Any = 0, epsilon: float = 1e-4) -> None:
        super().__init__()
        if isinstance(axis, (tuple, list)):
            if len(axis) != 1:
                raise TypeError(f"For 'L2Normalize', the length of 'axis' must be 1, but got {len(axis)}, later will "
                                f"support multiple axis!")
            axis = axis[0]
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError(f"For 'L2Normalize', the type of 'axis' should be one of '['list', 'tuple']', but got "
                            f"type '{type(axis).__name__}'.")
        self.axis, self.epsilon = [axis], epsilon
        self.add_prim_attr("axis", [axis])

    def __call__(self, x: Any) -> Any:
        if x.dtype not in (torch.float16, torch.float32, torch.float64):
            raise TypeError(f"For primitive[L2Normalize], the input argument[input_x] must be a type of "
                            f"{{Tensor[Float16], Tensor[Float32], Tensor[Float64]}}, but got "
                            f"Tensor[{mstype.from_torch(x.dtype)}].")
        sq = torch.sum(torch.square(x), dim=self.axis[0], keepdim=True)
        return x / torch.sqrt(torch.clamp(sq, min=self.epsilon))


class AdaptiveAvgPool2D(Primitive):
    def __init__(self, output_size: Any) -> None:
        super().__init__()
        self.output_size = output_size

    def __call__(self, x: Any) -> Any:
        return F.adaptive_avg_pool2d(x, self.output_size)


class AdaptiveMaxPool2D(AdaptiveAvgPool2D):
    def __init__(self, output_size: Any) -> None:
        if not isinstance(output_size, (tuple, list)):
            raise TypeError(f"For 'AdaptiveMaxPool2D', the type of 'output_size' should be one of "
                            f"[list of int, tuple of int], but got {type(output_size).__name__}.")
        super().__init__(tuple(output_size))

    def __call__(self, x: Any) -> Any:
        out, idx = F.adaptive_max_pool2d(x, self.output_size, return_indices=True)
        return out, idx


class Pad(Primitive):
    def __init__(self, paddings: Any) -> None:
        super().__init__()
        if not isinstance(paddings, tuple):
            raise TypeError(f"For 'Pad', the type of 'paddings' should be 'tuple', but got type "
                            f"'{type(paddings).__name__}'.")
        self.paddings = tuple(tuple(p) for p in paddings)

    def __call__(self, x: Any) -> Any:
        for i, pair in enumerate(self.paddings):
            if any(v < 0 for v in pair):
                raise ValueError(f"For 'Pad', all elements of 'paddings' must be >= 0, but got paddings[{i}][0] = "
                                 f"{pair[0]}, paddings[{i}][1] = {pair[1]}")
        if len(self.paddings) != x.dim():
            raise ValueError(f"For 'Pad', the length of 'paddings' must be equal to the rank of 'input_x', but got "
                             f"{len(self.paddings)} vs {x.dim()}")
        flat = [v for pair in reversed(self.paddings) for v in pair]
        return F.pad(x, flat)


class MirrorPad(Primitive):
    def __init__(self, mode: str = "REFLECT") -> None:
        super().__init__()
        if mode not in ("REFLECT", "SYMMETRIC"):
            raise ValueError(f"For 'MirrorPad', the 'mode' must be str and must be in '['REFLECT', 'SYMMETRIC']', "
                             f"but got {mode!r}.")
        self.mode = mode

    def __call__(self, input_x: Any, paddings: Any) -> Any:
        pads = [tuple(int(v) for v in p) for p in paddings.tolist()]
        for axis, (lo, hi) in enumerate(pads):
            n = input_x.shape[axis] - (1 if self.mode == "REFLECT" else 0)
            if lo > n or hi > n:
                raise ValueError(f"For 'MirrorPad', paddings must be no greater than the dimension size: [{lo}], "
                                 f"[{hi}] not less than [{input_x.shape[axis]}]")
        out = input_x
        for axis, (lo, hi) in enumerate(pads):  # one axis at a time: torch's reflect pad is limited to 3 dims
            if lo == 0 and hi == 0:
                continue
            n = out.shape[axis]
            if self.mode == "REFLECT":
                left = torch.flip(out.narrow(axis, 1, lo), (axis,)) if lo else None
                right = torch.flip(out.narrow(axis, n - 1 - hi, hi), (axis,)) if hi else None
            else:
                left = torch.flip(out.narrow(axis, 0, lo), (axis,)) if lo else None
                right = torch.flip(out.narrow(axis, n - hi, hi), (axis,)) if hi else None
            out = torch.cat([p for p in (left, out, right) if p is not None], axis)
        return out


class ResizeNearestNeighbor(Primitive):
    def __init__(self, size: Any, align_corners: bool = False, half_pixel_centers: bool = False) -> None:
        super().__init__()
        self.size, self.align_corners, self.half_pixel_centers = tuple(size), align_corners, half_pixel_centers

    def __call__(self, input_x: Any) -> Any:
        if input_x.dim() != 4:
            raise ValueError(f"For primitive[ResizeNearestNeighbor], the image rank must be equal to 4, but got "
                             f"{input_x.dim()}.")
        h, w = input_x.shape[-2:]
        oh, ow = self.size

        def src(n_in: int, n_out: int) -> torch.Tensor:
            i = torch.arange(n_out, dtype=torch.float64)
            if self.align_corners and n_out > 1:
                pos = torch.floor(i * (n_in - 1) / (n_out - 1) + 0.5)  # halves round up
            elif self.half_pixel_centers:
                pos = torch.floor((i + 0.5) * n_in / n_out)
            else:
                pos = torch.floor(i * n_in / n_out)
            return pos.clamp(max=n_in - 1).long().to(input_x.device)

        return input_x[..., src(h, oh), :][..., src(w, ow)]


class LayerNorm(Primitive):
    def __init__(self, begin_norm_axis: int = 1, begin_params_axis: int = 1, epsilon: float = 1e-7) -> None:
        super().__init__()
        self.begin_norm_axis, self.begin_params_axis, self.epsilon = begin_norm_axis, begin_params_axis, epsilon

    def __call__(self, input_x: Any, gamma: Any, beta: Any) -> Any:
        axis = self.begin_norm_axis % input_x.dim()
        dims = tuple(range(axis, input_x.dim()))
        var, mean = torch.var_mean(input_x, dim=dims, correction=0, keepdim=True)
        y = (input_x - mean) / torch.sqrt(var + self.epsilon)
        return y * gamma + beta, mean, var  # gamma/beta have shape x.shape[begin_params_axis:]


class BatchNorm(Primitive):
    def __init__(self, is_training: bool = False, epsilon: float = 1e-5, momentum: float = 0.1,
                 data_format: str = "NCHW") -> None:
        super().__init__()
        self.is_training, self.epsilon, self.momentum, self.data_format = is_training, epsilon, momentum, data_format

    def __call__(self, input_x: Any, scale: Any, bias: Any, mean: Any, variance: Any) -> Any:
        x = input_x.movedim(-1, 1) if self.data_format == "NHWC" else input_x
        zeros = torch.zeros_like(scale)
        if not self.is_training:
            y = F.batch_norm(x, mean.detach(), variance.detach(), scale, bias, False, 0.0, self.epsilon)
            out = (y, zeros, zeros, zeros, zeros)
        else:
            dims = [0] + list(range(2, x.dim()))
            batch_var, batch_mean = torch.var_mean(x, dim=dims, correction=0)
            # detach() shares storage: the in-place running update reaches the Parameters
            y = F.batch_norm(x, mean.detach(), variance.detach(), scale, bias, True, self.momentum, self.epsilon)
            out = (y, zeros, zeros, batch_mean, batch_var)
        if self.data_format == "NHWC":
            out = (out[0].movedim(1, -1),) + out[1:]
        return out


def _same_pad(size: int, k: int, s: int, d: int) -> tuple:
    need = max(0, (math.ceil(size / s) - 1) * s + d * (k - 1) + 1 - size)
    return need // 2, need - need // 2


class Conv3D(Primitive):
    def __init__(self, out_channel: int, kernel_size: Any, mode: int = 1, pad_mode: str = "valid", pad: Any = 0,
                 stride: Any = 1, dilation: Any = 1, group: int = 1, data_format: str = "NCDHW") -> None:
        super().__init__()
        self.out_channel, self.kernel_size, self.pad_mode = out_channel, _pair(kernel_size, 3), pad_mode.lower()
        self.stride, self.dilation, self.group = _pair(stride, 3), _pair(dilation, 3), group
        self.pad = (pad,) * 6 if isinstance(pad, int) else tuple(pad)

    def __call__(self, x: Any, weight: Any, bias: Any = None) -> Any:
        if self.pad_mode == "same":
            pads = [_same_pad(n, k, s, d) for n, k, s, d in zip(x.shape[2:], weight.shape[2:], self.stride,
                                                                 self.dilation)]
        elif self.pad_mode == "pad":
            pads = [self.pad[0:2], self.pad[2:4], self.pad[4:6]]
        else:
            pads = [(0, 0)] * 3
        x = F.pad(x, [v for p in reversed(pads) for v in p])
        return F.conv3d(x, weight, bias, self.stride, 0, self.dilation, self.group)


class Conv2DTranspose(Primitive):
    def __init__(self, out_channel: int, kernel_size: Any, pad_mode: str = "valid", pad: Any = 0, pad_list: Any = None,
                 mode: int = 1, stride: Any = 1, dilation: Any = 1, group: int = 1, data_format: str = "NCHW") -> None:
        super().__init__()
        self.out_channel, self.kernel_size, self.pad_mode = out_channel, _pair(kernel_size, 2), pad_mode.lower()
        self.stride, self.dilation, self.group = _pair(stride, 2), _pair(dilation, 2), group
        self.pad = (pad,) * 4 if isinstance(pad, int) else tuple(pad)
        self.pad_list = pad_list

    def __call__(self, dout: Any, weight: Any, input_size: Any) -> Any:
        h, w = int(input_size[-2]), int(input_size[-1])
        kh, kw = weight.shape[-2:]
        if self.pad_list is not None:
            top, bottom, left, right = self.pad_list
        elif self.pad_mode == "same":
            (top, bottom), (left, right) = (_same_pad(h, kh, self.stride[0], self.dilation[0]),
                                            _same_pad(w, kw, self.stride[1], self.dilation[1]))
        elif self.pad_mode == "pad":
            top, bottom, left, right = self.pad
        else:
            top = bottom = left = right = 0
        full = F.conv_transpose2d(dout, weight, None, self.stride, 0, 0, self.group, self.dilation)
        # `full` covers the padded forward input from its first row/col; crop the padding, zero-fill the tail
        need_h, need_w = top + h, left + w
        full = F.pad(full, (0, max(0, need_w - full.shape[-1]), 0, max(0, need_h - full.shape[-2])))
        return full[..., top:need_h, left:need_w]


__all__ = sorted(list(_SIMPLE) + ["HShrink", "SoftShrink", "CeLU", "KLDivLoss", "SmoothL1Loss", "SoftMarginLoss",
                                  "BCEWithLogitsLoss", "BinaryCrossEntropy", "SigmoidCrossEntropyWithLogits", "L2Loss",
                                  "L2Normalize", "AdaptiveAvgPool2D", "AdaptiveMaxPool2D", "Pad", "MirrorPad",
                                  "ResizeNearestNeighbor", "LayerNorm", "BatchNorm", "Conv3D", "Conv2DTranspose"])

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
