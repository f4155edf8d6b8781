"""mint.nn.functional losses, pooling, normalization, padding and resampling that MindSpore defines itself
(torch semantics: `ops.function.nn_func.*_ext` and the `mint.nn.functional` module's own functions)."""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.ops.auto_generate import _ext_nn
from mindshim.ops.auto_generate._util import t

_REDUCTIONS = ("none", "mean", "sum")


def _reduction(name: str, reduction: str) -> str:
    if reduction not in _REDUCTIONS:
        raise ValueError(f"For '{name}', 'reduction' must be 'none', 'mean' or 'sum', but got {reduction!r}.")
    return reduction


def _opt(x: Any) -> Any:
    return None if x is None else t(x)


def binary_cross_entropy(input: Any, target: Any, weight: Any = None, reduction: str = "mean") -> Any:
    return F.binary_cross_entropy(t(input), t(target), _opt(weight),
                                  reduction=_reduction("binary_cross_entropy", reduction))


def binary_cross_entropy_with_logits(input: Any, target: Any, weight: Any = None, reduction: str = "mean",
                                     pos_weight: Any = None) -> Any:
    return F.binary_cross_entropy_with_logits(t(input), t(target), _opt(weight),
                                              reduction=_reduction("binary_cross_entropy_with_logits", reduction),
                                              pos_weight=_opt(pos_weight))


def _target(target: torch.Tensor) -> torch.Tensor:
    return target if target.is_floating_point() else target.long()


def cross_entropy(input: Any, target: Any, weight: Any = None, ignore_index: int = -100, reduction: str = "mean",
                  label_smoothing: float = 0.0) -> Any:
    return F.cross_entropy(t(input), _target(t(target)), _opt(weight), ignore_index=ignore_index,
                           reduction=_reduction("cross_entropy", reduction), label_smoothing=label_smoothing)


def nll_loss(input: Any, target: Any, weight: Any = None, ignore_index: int = -100, reduction: str = "mean") -> Any:
    return F.nll_loss(t(input), t(target).long(), _opt(weight), ignore_index=ignore_index,
                      reduction=_reduction("nll_loss", reduction))


def kl_div(input: Any, target: Any, reduction: str = "mean", log_target: bool = False) -> Any:
    return _ext_nn.kl_div(input, target, reduction, log_target)


def avg_pool2d(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override: Any = None) -> Any:
    return _ext_nn.avg_pool2d(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


def avg_pool3d(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override: Any = None) -> Any:
    return _ext_nn.avg_pool3d_ext(input, kernel_size, stride, padding, ceil_mode, count_include_pad,
                                  divisor_override)


def max_pool2d(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = 1,
               ceil_mode: bool = False, return_indices: bool = False) -> Any:
    out, idx = _ext_nn.func_max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)
    return (out, idx) if return_indices else out


def adaptive_max_pool1d(input: Any, output_size: Any, return_indices: bool = False) -> Any:
    out, idx = _ext_nn.adaptive_max_pool1d(input, output_size)
    return (out, idx) if return_indices else out


def adaptive_avg_pool3d(input: Any, output_size: Any) -> Any:
    if not isinstance(output_size, (int, tuple, list)) or isinstance(output_size, bool):
        raise TypeError(f"For 'adaptive_avg_pool3d', 'output_size' must be int, tuple or list, "
                        f"but got {type(output_size).__name__}.")
    if isinstance(output_size, int):
        output_size = (output_size,) * 3
    return _ext_nn.adaptive_avg_pool3d_ext(input, tuple(None if v is None or v == -1 else v for v in output_size))


def batch_norm(input: Any, running_mean: Any, running_var: Any, weight: Any = None, bias: Any = None,
               training: bool = False, momentum: float = 0.1, eps: float = 1e-5) -> Any:
    return _ext_nn.batch_norm_ext(input, weight, bias, running_mean, running_var, training, momentum, eps)[0]


def conv1d(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0, dilation: Any = 1,
           groups: int = 1) -> Any:
    return _ext_nn.conv1d_ext(input, weight, bias, stride, padding, dilation, groups)


def conv3d(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0, dilation: Any = 1,
           groups: int = 1) -> Any:
    return _ext_nn.conv3d_ext(input, weight, bias, stride, padding, dilation, groups)


_PAD_MODES = ("constant", "reflect", "replicate", "circular")


def pad(input: Any, pad: Any, mode: str = "constant", value: Any = None) -> Any:
    if mode not in _PAD_MODES:
        raise ValueError(f"For 'pad', mode must be one of {_PAD_MODES}, but got {mode!r}.")
    if not isinstance(pad, (tuple, list)) or len(pad) % 2:
        raise ValueError(f"For 'pad', the length of 'pad' must be even, but got {pad}.")
    if mode != "constant" and value is not None:
        raise ValueError(f"For 'pad', 'value' can only be set in 'constant' mode, but got mode {mode!r}.")
    return F.pad(t(input), tuple(int(p) for p in pad), mode, value)


_INTERP_MODES = ("nearest", "linear", "bilinear", "bicubic", "trilinear", "area", "nearest-exact")


def interpolate(input: Any, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
                align_corners: Any = None, recompute_scale_factor: Any = None) -> Any:
    if mode not in _INTERP_MODES:
        raise ValueError(f"For 'interpolate', 'mode' must be one of {_INTERP_MODES}, but got {mode!r}.")
    if isinstance(size, list):
        size = tuple(size)
    if isinstance(scale_factor, list):
        scale_factor = tuple(scale_factor)
    return F.interpolate(t(input), size, scale_factor, mode, align_corners, recompute_scale_factor)


def upsample(input: Any, size: Any = None, scale_factor: Any = None, mode: str = "nearest",
             align_corners: Any = None) -> Any:
    return interpolate(input, size, scale_factor, mode, align_corners)
