"""Neural-network functional ops (mindspore.ops.*): activations, dropout, conv/pool, losses."""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.common.tensor import Tensor, plain_op
from mindshim.ops.function._args import as_tensor as _t
from mindshim.ops.function._class_targets import gathered_targets


@plain_op
def relu(input: Any, inplace: bool = False) -> Tensor:
    x = _t(input)
    if x.dtype == torch.bool:  # (MindSpore's CPU ReLU passes bools through)
        return x if inplace else x.clone()
    return torch.relu_(x) if inplace else torch.relu(x)


def relu6(x: Any) -> Tensor:
    return F.relu6(_t(x))


def _float_in(name: str, input: Any) -> torch.Tensor:
    """MindSpore's Sigmoid/Tanh kernels take floating-point and complex tensors only (TypeError otherwise)."""
    x = _t(input)
    if not (x.is_floating_point() or x.is_complex()):
        raise TypeError(f"For '{name}', the input must be a floating-point or complex Tensor, but got {x.dtype}.")
    return x


@plain_op
def sigmoid(input: Any) -> Tensor:
    return torch.sigmoid(_float_in("Sigmoid", input))


@plain_op
def tanh(input: Any) -> Tensor:
    return torch.tanh(_float_in("Tanh", input))


@plain_op
def gelu(input: Any, approximate: str = "none") -> Tensor:
    return F.gelu(_t(input), approximate=approximate)


@plain_op
def silu(input: Any) -> Tensor:
    return F.silu(_t(input))


def elu(input_x: Any, alpha: float = 1.0) -> Tensor:
    return F.elu(_t(input_x), alpha)


def leaky_relu(input: Any, alpha: float = 0.2) -> Tensor:
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For 'leaky_relu', 'input' must be a Tensor, but got {type(input).__name__}.")
    if input.is_floating_point():
        return F.leaky_relu(input, alpha)
    if input.dtype == torch.bool or input.is_complex():
        raise TypeError(f"For 'leaky_relu', the input must be a real number Tensor, but got {input.dtype}.")
    # integer inputs keep their dtype: the scaled negative part is truncated toward zero
    return torch.where(input >= 0, input, (input.double() * alpha).trunc().to(input.dtype))


@plain_op
def softmax(input: Any, axis: int = -1, *, dtype: Any = None) -> Tensor:
    return torch.softmax(_t(input), axis)


@plain_op
def log_softmax(logits: Any, axis: int = -1) -> Tensor:
    return torch.log_softmax(_t(logits), axis)


def softplus(input: Any, beta: float = 1, threshold: float = 20) -> Tensor:
    x = _t(input)
    if not x.is_floating_point():
        raise TypeError(f"For 'softplus', the input must be a float Tensor, but got {x.dtype}.")
    return F.softplus(x, beta, threshold)


def dropout(input: Any, p: float = 0.5, training: bool = True, seed: Any = None) -> Tensor:
    return F.dropout(_t(input), p, training)


def conv2d(input: Any, weight: Any, bias: Any = None, stride: Any = 1, pad_mode: str = "valid", padding: Any = 0,
           dilation: Any = 1, groups: int = 1) -> Tensor:
    pad = padding if pad_mode == "pad" else (pad_mode if pad_mode in ("same", "valid") else padding)
    return F.conv2d(_t(input), _t(weight), bias, stride, pad, dilation, groups)


def max_pool2d(x: Any, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
               return_indices: bool = False, ceil_mode: bool = False) -> Any:
    return F.max_pool2d(_t(x), kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def avg_pool2d(input_x: Any, kernel_size: Any = 1, stride: Any = 1, padding: Any = 0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override: Any = None) -> Tensor:
    return F.avg_pool2d(_t(input_x), kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


def pad(input_x: Any, padding: Any, mode: str = "constant", value: Any = None) -> Tensor:
    return F.pad(_t(input_x), tuple(padding), mode, value)


# mode -> {input rank: the optional arguments MindSpore accepts for it}
_INTERP_MODES = {
    "nearest": {3: (), 4: (), 5: ("scale_factor",)}, "linear": {3: ("align_corners",)},
    "bilinear": {4: ("align_corners",)}, "bicubic": {4: ("align_corners",)},
    "area": {3: ("scale_factor",), 4: ("scale_factor",), 5: ("scale_factor",)},
    "nearest-exact": {3: (), 4: ()}, "trilinear": {5: ("align_corners", "scale_factor")},
}


def _interp_sizes(value: Any, rank: int, arg: str, kind: type) -> tuple:
    vals = tuple(value) if isinstance(value, (list, tuple)) else (value,) * (rank - 2)
    if len(vals) != rank - 2:
        raise ValueError(f"For 'interpolate', '{arg}' must have {rank - 2} elements for a {rank}-D input, "
                         f"but got {value!r}.")
    for v in vals:
        if isinstance(v, bool) or not isinstance(v, (int, float) if kind is float else int) or v <= 0:
            raise ValueError(f"For 'interpolate', '{arg}' must hold positive {kind.__name__}s, but got {value!r}.")
    return vals


def interpolate(input: Any, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
                align_corners: Any = None, recompute_scale_factor: Any = None) -> Tensor:
    """MindSpore's interpolate: its argument checks per mode/rank; bicubic is TensorFlow's (a = -0.5)."""
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For 'interpolate', 'input' must be a tensor, but got {type(input)}.")
    x, rank = input, input.dim()
    if size is not None and scale_factor is not None:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be set simultaneously.")
    if size is None and scale_factor is None:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be both empty.")
    if size is not None:
        size = _interp_sizes(size, rank, "size", int)
    else:
        scale_factor = tuple(float(v) for v in _interp_sizes(scale_factor, rank, "scale_factor", float))
    if not isinstance(mode, str) or mode not in _INTERP_MODES:
        raise ValueError(f"For 'interpolate', 'mode' must be in {list(_INTERP_MODES)}, but got {mode!r}.")
    allowed = _INTERP_MODES[mode].get(rank)
    if allowed is None:
        raise ValueError(f"For 'interpolate', {mode} only supports {list(_INTERP_MODES[mode])}-D input, "
                         f"but got {rank}-D.")
    if mode == "area" and size is None:
        recompute_scale_factor = True
    if recompute_scale_factor:
        if size is not None:
            raise ValueError("For 'interpolate', 'recompute_scale_factor' cannot be True with an explicit 'size'.")
        size = tuple(int(n * f // 1) for n, f in zip(x.shape[2:], scale_factor))
        scale_factor = None
    elif scale_factor is not None and "scale_factor" not in allowed:
        raise ValueError(f"For 'interpolate', 'scale_factor' cannot be set with mode = {mode} and dim = {rank}D.")
    if align_corners is not None:
        if "align_corners" not in allowed:
            raise ValueError(f"For 'interpolate', 'align_corners' cannot be set with mode = {mode}.")
        if not isinstance(align_corners, bool):
            raise TypeError(f"For 'interpolate', 'align_corners' must be a bool, but got {align_corners!r}.")
    align = bool(align_corners)
    if mode == "bicubic":
        from mindshim.ops.operations.image_ops import ResizeBicubic
        return ResizeBicubic(align_corners=align, half_pixel_centers=not align)(x, size)
    if mode == "area":
        return F.adaptive_avg_pool1d(x, size) if rank == 3 else (
            F.adaptive_avg_pool2d(x, size) if rank == 4 else F.adaptive_avg_pool3d(x, size))
    linear = mode in ("linear", "bilinear", "trilinear")
    return F.interpolate(x, size, scale_factor, mode, align if linear else None)


def cross_entropy(input: Any, target: Any, weight: Any = None, ignore_index: int = -100, reduction: str = "mean",
                  label_smoothing: float = 0.0) -> Tensor:
    x, tgt = _t(input), _t(target)
    if not tgt.is_floating_point():
        tgt = gathered_targets(tgt.long(), x.shape[1 if x.dim() > 1 else 0], ignore_index)
    return F.cross_entropy(x, tgt, weight, ignore_index=ignore_index, reduction=reduction,
                           label_smoothing=label_smoothing)


def nll_loss(inputs: Any, target: Any, weight: Any = None, ignore_index: int = -100, reduction: str = "mean",
             label_smoothing: float = 0.0) -> Tensor:
    x = _t(inputs)
    tgt = gathered_targets(_t(target).long(), x.shape[1 if x.dim() > 1 else 0], ignore_index)
    w = None if weight is None else _t(weight)
    loss = F.nll_loss(x, tgt, w, ignore_index=ignore_index, reduction=reduction)
    if not label_smoothing:
        return loss
    # MindSpore mixes in the (class-weighted) sum over classes, normalised like the loss itself
    cdim = 0 if x.dim() == 1 else 1
    shape = [1] * x.dim()
    shape[cdim] = -1
    weighted = x if w is None else x * w.reshape(shape)
    keep = tgt != ignore_index
    smooth = -weighted.sum(cdim) * keep
    if reduction == "sum":
        smooth = smooth.sum()
    elif reduction == "mean":
        counts = keep.to(x.dtype) if w is None else w[tgt.clamp(0, x.shape[cdim] - 1)] * keep
        smooth = smooth.sum() / counts.sum()
    return (1.0 - label_smoothing) * loss + label_smoothing / x.shape[cdim] * smooth


def mse_loss(input: Any, target: Any, reduction: str = "mean") -> Tensor:
    return F.mse_loss(_t(input), _t(target), reduction=reduction)


def l1_loss(input: Any, target: Any, reduction: str = "mean") -> Tensor:
    return F.l1_loss(_t(input), _t(target), reduction=reduction)


def binary_cross_entropy(logits: Any, labels: Any, weight: Any = None, reduction: str = "mean") -> Tensor:
    return F.binary_cross_entropy(_t(logits), _t(labels), weight, reduction=reduction)


def binary_cross_entropy_with_logits(input: Any, target: Any, weight: Any = None, pos_weight: Any = None,
                                     reduction: str = "mean") -> Tensor:
    return F.binary_cross_entropy_with_logits(_t(input), _t(target), weight, reduction=reduction,
                                              pos_weight=pos_weight)


__all__ = [
    "relu", "relu6", "sigmoid", "tanh", "gelu", "silu", "elu", "leaky_relu", "softmax", "log_softmax", "softplus",
    "dropout", "conv2d", "max_pool2d", "avg_pool2d", "pad", "interpolate", "cross_entropy", "nll_loss", "mse_loss",
    "l1_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits",
]
