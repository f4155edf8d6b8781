"""Torch-style neural-network functions of `ops.auto_generate` (activations, losses, convolution,
pooling, normalization, padding, upsampling). Tuple outputs follow MindSpore's primitives:
`LayerNormExt`/`GroupNorm`/`BatchNormExt` give (output, mean, rstd), `NLLLoss2d` (loss, total_weight),
`FuncMaxPool2D`/`AdaptiveMaxPool1D` (output, indices), `LogSigmoid` (output, buffer)."""
from __future__ import annotations

import contextlib
from types import FunctionType
from typing import Any

import torch
import torch.nn.functional as F

from mindshim.ops.auto_generate._util import dt, t, tdtype, wrap_module

_RED = ("none", "mean", "sum")


def _red(name: str, reduction: str) -> str:
    if reduction not in _RED:
        raise ValueError(f"For '{name}', reduction must be 'none', 'mean' or 'sum', but got {reduction!r}.")
    return reduction


def elu_ext(input: Any, alpha: float = 1.0) -> Any:
    return F.elu(t(input), alpha)


def leaky_relu_ext(input: Any, negative_slope: float = 0.01) -> Any:
    x = t(input)
    if x.dtype not in (torch.float16, torch.float32, torch.float64, torch.bfloat16):
        raise TypeError(f"For 'LeakyReLUExt', the input must be a BFloat16/Float16/Float32/Float64 Tensor, but got "
                        f"{x.dtype}.")
    return F.leaky_relu(x, negative_slope)


def mish_ext(input: Any) -> Any:
    return F.mish(t(input))


def selu_ext(input: Any) -> Any:
    return F.selu(t(input))


def _float_only(name: str, x: Any) -> torch.Tensor:
    x = t(x)
    if not x.is_floating_point():
        raise TypeError(f"For '{name}', the input must be a floating-point Tensor, but got {x.dtype}.")
    return x


def softplus_ext(input: Any, beta: Any = 1, threshold: Any = 20) -> Any:
    return F.softplus(_float_only("SoftplusExt", input), beta, threshold)


def hardtanh(input: Any, min_val: Any = -1, max_val: Any = 1) -> Any:
    return F.hardtanh(t(input), min_val, max_val)


def relu(input: Any) -> Any:
    x = t(input)
    return x.clone() if dt(x) == torch.bool else torch.relu(x)


def threshold(input: Any, threshold: Any, value: Any) -> Any:
    return F.threshold(t(input), threshold, value)


def gelu_ext(input: Any, approximate: str = "none") -> Any:
    if approximate not in ("none", "tanh"):
        raise ValueError(f"For 'GeluExt', approximate must be 'none' or 'tanh', but got {approximate!r}.")
    return F.gelu(t(input), approximate=approximate)


def silu(input: Any) -> Any:
    return F.silu(t(input))


def log_sigmoid(input: Any) -> Any:
    out, buffer = torch.ops.aten.log_sigmoid_forward(t(input))
    return out, buffer


def _softmax_dim(x: torch.Tensor, dim: Any) -> int:
    return (0 if x.dim() in (0, 1, 3) else 1) if dim is None else dim


def log_softmax_ext(input: Any, dim: Any = None, dtype: Any = None) -> Any:
    x = t(input)
    return F.log_softmax(x, _softmax_dim(x, dim), dtype=tdtype(dtype))


def softmax_ext(input: Any, dim: Any = None, dtype: Any = None) -> Any:
    x = t(input)
    return F.softmax(x, _softmax_dim(x, dim), dtype=tdtype(dtype))


def l1_loss_ext(input: Any, target: Any, reduction: str = "mean") -> Any:
    return F.l1_loss(t(input), t(target), reduction=_red("L1LossExt", reduction))


def mse_loss_ext(input: Any, target: Any, reduction: str = "mean") -> Any:
    return F.mse_loss(t(input), t(target), reduction=_red("MSELossExt", reduction))


def smooth_l1_loss(prediction: Any, target: Any, beta: float = 1.0, reduction: str = "none") -> Any:
    return F.smooth_l1_loss(t(prediction), t(target), reduction=_red("SmoothL1Loss", reduction), beta=beta)


def cosine_embedding_loss(input1: Any, input2: Any, target: Any, margin: float = 0.0, reduction: str = "mean") -> Any:
    return F.cosine_embedding_loss(t(input1), t(input2), t(target), margin,
                                   reduction=_red("CosineEmbeddingLoss", reduction))


def kl_div(input: Any, target: Any, reduction: str = "mean", log_target: bool = False) -> Any:
    if reduction not in _RED + ("batchmean",):
        raise ValueError(f"For 'KLDiv', reduction must be 'none', 'mean', 'sum' or 'batchmean', got {reduction!r}.")
    return F.kl_div(t(input), t(target), reduction=reduction, log_target=log_target)


def nll_loss_2d(input: Any, target: Any, weight: Any, reduction: str = "mean", ignore_index: int = -100) -> Any:
    x, y = t(input), t(target).long()
    w = torch.ones(x.shape[1], dtype=dt(x), device=x.device) if weight is None else t(weight)
    loss = F.nll_loss(x, y, w, ignore_index=ignore_index, reduction=_red("NLLLoss2d", reduction))
    total = torch.where(y != ignore_index, w[y.clamp(0, x.shape[1] - 1)], 0).sum().to(dt(x))
    return loss, total


def cross_entropy_loss(input: Any, target: Any, weight: Any = None, reduction: str = "mean", ignore_index: int = -100,
                       label_smoothing: float = 0.0, lse_square_scale_for_zloss: float = 0.0,
                       return_zloss: bool = False) -> Any:
    x = t(input)
    log_prob = F.log_softmax(x, 1)
    loss = F.nll_loss(log_prob, t(target).long(), None if weight is None else t(weight), ignore_index=ignore_index,
                      reduction=_red("CrossEntropyLoss", reduction))
    if reduction != "none":
        loss = loss.reshape(1)
    empty = x.new_zeros((0,))
    return loss, log_prob, empty, empty


def _conv(nd: int, name: str) -> Any:
    fn = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}[nd]

    def op(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0, dilation: Any = 1,
           groups: int = 1) -> Any:
        if isinstance(padding, str) and padding not in ("valid", "same"):
            raise ValueError(f"For '{name}', padding must be 'valid' or 'same', but got {padding!r}.")
        return fn(t(input), t(weight), None if bias is None else t(bias), stride, padding, dilation, groups)

    op.__name__ = op.__qualname__ = name
    return op


conv1d_ext, conv2d_ext, conv3d_ext = _conv(1, "conv1d_ext"), _conv(2, "conv2d_ext"), _conv(3, "conv3d_ext")
conv1d_padding, conv2d_padding, conv3d_padding = (_conv(1, "conv1d_padding"), _conv(2, "conv2d_padding"),
                                                  _conv(3, "conv3d_padding"))


def _tup(v: Any, n: int) -> list:
    return list(v) * (n if len(v) == 1 else 1) if isinstance(v, (tuple, list)) else [v] * n


def convolution(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0, dilation: Any = 1,
                transposed: bool = False, output_padding: Any = 0, groups: int = 1) -> Any:
    x, w = t(input), t(weight)
    n = w.dim() - 2
    if isinstance(padding, str):
        if transposed:
            raise ValueError("For 'ConvolutionStr', a string padding needs transposed=False.")
        return _conv(n, "ConvolutionStr")(x, w, bias, stride, padding, dilation, groups)
    return torch.convolution(x, w, None if bias is None else t(bias), _tup(stride, n), _tup(padding, n),
                             _tup(dilation, n), transposed, _tup(output_padding, n), groups)


def conv_transpose2d(input: Any, weight: Any, bias: Any = None, stride: Any = 1, padding: Any = 0,
                     output_padding: Any = 0, groups: int = 1, dilation: Any = 1) -> Any:
    return F.conv_transpose2d(t(input), t(weight), None if bias is None else t(bias), stride, padding,
                              output_padding, groups, dilation)


def conv_tbc(input: Any, weight: Any, bias: Any, pad: int = 0) -> Any:
    return torch.conv_tbc(t(input), t(weight), t(bias), pad)


def adaptive_avg_pool1d(input: Any, output_size: Any) -> Any:
    return F.adaptive_avg_pool1d(t(input), output_size)


def adaptive_avg_pool2d_ext(input: Any, output_size: Any) -> Any:
    return F.adaptive_avg_pool2d(t(input), output_size)


def adaptive_avg_pool3d_ext(input: Any, output_size: Any) -> Any:
    return F.adaptive_avg_pool3d(t(input), output_size)


def adaptive_max_pool1d(input: Any, output_size: Any) -> Any:
    out, idx = F.adaptive_max_pool1d(t(input), output_size, return_indices=True)
    return out, idx


def avg_pool1d_ext(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
                   count_include_pad: bool = True) -> Any:
    return F.avg_pool1d(t(input), kernel_size, stride, padding, ceil_mode, count_include_pad)


def avg_pool2d(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override: Any = None) -> Any:
    return F.avg_pool2d(t(input), kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


def avg_pool3d_ext(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0, ceil_mode: bool = False,
                   count_include_pad: bool = True, divisor_override: Any = None) -> Any:
    return F.avg_pool3d(t(input), kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


def func_max_pool2d(input: Any, kernel_size: Any, stride: Any = None, padding: Any = 0, dilation: Any = (1, 1),
                    ceil_mode: bool = False, return_indices: bool = False) -> Any:
    out, idx = F.max_pool2d(t(input), kernel_size, stride, padding, dilation, ceil_mode, return_indices=True)
    return out, idx


def max_unpool2d_ext(input: Any, indices: Any, kernel_size: Any, stride: Any = None, padding: Any = 0,
                     output_size: Any = None) -> Any:
    return F.max_unpool2d(t(input), t(indices).long(), kernel_size, stride, padding, output_size)


def layer_norm_ext(input: Any, normalized_shape: Any, weight: Any = None, bias: Any = None, eps: float = 1e-5) -> Any:
    shape = [normalized_shape] if isinstance(normalized_shape, int) else list(normalized_shape)
    out, mean, rstd = torch.native_layer_norm(t(input), shape, None if weight is None else t(weight),
                                              None if bias is None else t(bias), eps)
    return out, mean, rstd


def group_norm(input: Any, num_groups: int, weight: Any = None, bias: Any = None, eps: float = 1e-5) -> Any:
    x = t(input)
    n, c = x.shape[0], x.shape[1]
    if c % num_groups:
        raise ValueError(f"For 'GroupNorm', channels {c} must be divisible by num_groups {num_groups}.")
    out, mean, rstd = torch.native_group_norm(x, None if weight is None else t(weight),
                                              None if bias is None else t(bias), n, c, x[0, 0].numel(),
                                              num_groups, eps)
    return out, mean, rstd


def batch_norm_ext(input: Any, weight: Any = None, bias: Any = None, running_mean: Any = None, runnning_var: Any = None,
                   training: bool = False, momentum: float = 0.1, epsilon: float = 1e-5) -> Any:
    stats = [s if s is None else t(s) for s in (running_mean, runnning_var)]
    # running statistics are updated in place; a Parameter is written without recording
    with torch.no_grad() if any(s is not None and s.requires_grad for s in stats) else contextlib.nullcontext():
        out, mean, rstd = torch.native_batch_norm(t(input), None if weight is None else t(weight),
                                                  None if bias is None else t(bias), stats[0], stats[1],
                                                  training, momentum, epsilon)
    return out, mean, rstd


def batch_norm_stats(input: Any, eps: float) -> Any:
    x = t(input)
    red = [0] + list(range(2, x.dim()))
    var, mean = torch.var_mean(x.float(), red, correction=0)
    return mean, torch.rsqrt(var + eps)


def batch_norm_elemt(input: Any, weight: Any = None, bias: Any = None, mean: Any = None, invstd: Any = None,
                     eps: float = 1e-5) -> Any:
    x = t(input)
    shape = [1, -1] + [1] * (x.dim() - 2)
    out = (x - t(mean).reshape(shape)) * t(invstd).reshape(shape)
    if weight is not None:
        out = out * t(weight).reshape(shape)
    if bias is not None:
        out = out + t(bias).reshape(shape)
    return out.to(dt(x))


def batch_norm_gather_stats_with_counts(input: Any, mean: Any, invstd: Any, running_mean: Any = None,
                                        running_var: Any = None, momentum: float = 0.1, eps: float = 1e-5,
                                        counts: Any = None) -> Any:
    m, s, c = t(mean).float(), t(invstd).float(), t(counts).float().reshape(-1, 1)
    total = c.sum()
    g_mean = (m * c).sum(0) / total
    var = ((1.0 / s ** 2 - eps + m ** 2) * c).sum(0) / total - g_mean ** 2
    with torch.no_grad():
        if running_mean is not None:
            running_mean.copy_(running_mean * (1 - momentum) + g_mean * momentum)
        if running_var is not None:
            running_var.copy_(running_var * (1 - momentum) + var * total / (total - 1) * momentum)
    return g_mean, torch.rsqrt(var + eps)


def embedding(input: Any, weight: Any, padding_idx: Any = None, max_norm: Any = None, norm_type: float = 2.0,
              scale_grad_by_freq: bool = False) -> Any:
    return F.embedding(t(input).long(), t(weight), padding_idx, max_norm, norm_type, scale_grad_by_freq)


def fold_ext(input: Any, output_size: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0,
             stride: Any = 1) -> Any:
    return F.fold(t(input), output_size, kernel_size, dilation, padding, stride)


def unfold_ext(input: Any, kernel_size: Any, dilation: Any = 1, padding: Any = 0, stride: Any = 1) -> Any:
    return F.unfold(t(input), kernel_size, dilation, padding, stride)


def pixel_shuffle(input: Any, upscale_factor: int) -> Any:
    return F.pixel_shuffle(t(input), upscale_factor)


def _even(padding: Any) -> tuple:
    if len(padding) % 2:
        raise ValueError(f"Length of padding must be even but got {len(padding)}")
    return tuple(padding)


def constant_pad_nd(input: Any, padding: Any, value: Any = 0.0) -> Any:
    return F.pad(t(input), _even(padding), "constant", value)


def _pad(mode: str, name: str) -> Any:
    def op(input: Any, padding: Any) -> Any:
        return F.pad(t(input), _even(padding), mode)

    op.__name__ = op.__qualname__ = name
    return op


reflection_pad = _pad("reflect", "reflection_pad")
replication_pad = _pad("replicate", "replication_pad")


def _scales(scales: Any) -> Any:
    return None if scales is None else [float(s) for s in scales]


def _size(output_size: Any) -> Any:
    return None if output_size is None else list(output_size)


def upsample_nearest1d(x: Any, output_size: Any = None, scales: Any = None) -> Any:
    return torch.ops.aten.upsample_nearest1d.vec(t(x), _size(output_size), _scales(scales))


def upsample_nearest2d(x: Any, output_size: Any = None, scales: Any = None) -> Any:
    return torch.ops.aten.upsample_nearest2d.vec(t(x), _size(output_size), _scales(scales))


def upsample_linear1d(x: Any, output_size: Any = None, scales: Any = None, align_corners: bool = False) -> Any:
    return torch.ops.aten.upsample_linear1d.vec(t(x), _size(output_size), align_corners, _scales(scales))


def upsample_bilinear2d(x: Any, output_size: Any = None, scales: Any = None, align_corners: bool = False) -> Any:
    return torch.ops.aten.upsample_bilinear2d.vec(t(x), _size(output_size), align_corners, _scales(scales))


def upsample_bicubic2d(x: Any, output_size: Any = None, scales: Any = None, align_corners: bool = False) -> Any:
    return torch.ops.aten.upsample_bicubic2d.vec(t(x), _size(output_size), align_corners, _scales(scales))


def swiglu(input: Any, dim: int = -1) -> Any:
    """SwiGLU: the input's halves a, b along `dim` give silu(a) * b."""
    a, b = torch.chunk(t(input), 2, dim)
    return F.silu(a) * b


wrap_module(globals(), [_n for _n, _v in list(globals().items())
                        if isinstance(_v, FunctionType) and _v.__module__ == __name__ and not _n.startswith("_")])
