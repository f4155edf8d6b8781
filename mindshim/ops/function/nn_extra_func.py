"""Extra nn functions (mindspore.ops.*): adaptive_max_pool3d, adaptive_avg_pool2d_ext, max_unpool1d/2d/3d,
fractional_max_pool2d/3d, conv3d_transpose, ctc_loss, ctc_greedy_decoder, intopk, mse_loss_ext, rrelu,
soft_shrink, unique_with_pad.

Mapping decisions (MindSpore 2.10):
- `adaptive_max_pool3d(..., return_indices=True)` gives Int32 indices; integer inputs are allowed.
- `max_unpool*d`: stride None/0 means kernel_size; `output_size` may be (spatial...), (C, spatial...) or
  (N, C, spatial...); only its spatial tail counts and it must lie within one stride of the computed size
  (ValueError). Indices are range-checked on the host (RuntimeError).
- `fractional_max_pool*d`: `output_ratio` in (0, 1) gives int(size * ratio); `_random_samples` None draws them.
- `ctc_loss` returns (loss, log_alpha); 'mean' divides each loss by its target length, then averages.
- `rrelu` draws the negative slopes from U(lower, upper) (training behaviour), as MindSpore does.
- `soft_shrink` with a negative lambd raises RuntimeError (MindSpore's kernel check).
"""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.common.tensor import Tensor
from mindshim.ops.operations import _pool_util as U
from mindshim.ops.operations.nn_pool_frac_ops import fractional_fixed
from mindshim.ops.operations.nn_conv_misc_ops import conv3d_transpose_impl, in_top_k, pads6, unique_pad
from mindshim.ops.operations.nn_more_ops import ctc_v2, greedy_decode
from mindshim.ops.operations.nn_pool_ops import adaptive_max3d, unpool


@U.plain_io
def adaptive_max_pool3d(input: Any, output_size: Any, return_indices: bool = False) -> Any:
    size = (output_size,) * 3 if isinstance(output_size, int) else tuple(output_size)
    out, idx = adaptive_max3d(U.pt(input), size, "adaptive_max_pool3d")
    return (out, idx) if return_indices else out


@U.plain_io
def adaptive_avg_pool2d_ext(input: Any, output_size: Any) -> Tensor:
    x = U.pt(input)
    if x.dim() not in (3, 4):
        raise ValueError(f"For 'adaptive_avg_pool2d_ext', the input must be 3-D or 4-D, but got {x.dim()}-D.")
    return F.adaptive_avg_pool2d(x, output_size)


def _max_unpool(nd: int, x: Any, indices: Any, kernel_size: Any, stride: Any, padding: Any, output_size: Any) -> Tensor:
    op = f"max_unpool{nd}d"
    x, indices = U.pt(x), U.pt(indices)
    if x.dim() not in (nd + 1, nd + 2):
        raise ValueError(f"For '{op}', the input must be {nd + 1}-D or {nd + 2}-D, but got {x.dim()}-D.")
    k = U.ints(kernel_size, nd, "kernel_size", op)
    no_stride = stride in (None, 0) or (isinstance(stride, tuple) and not any(stride))
    s = k if no_stride else U.ints(stride, nd, "stride", op)
    p = U.ints(padding, nd, "padding", op, minimum=0)
    default = [(n - 1) * ss - 2 * pp + kk for n, ss, pp, kk in zip(x.shape[-nd:], s, p, k)]
    out_hw = tuple(default)
    if output_size is not None:
        if not isinstance(output_size, tuple):
            raise ValueError(f"For {op}, output_size must be a tuple, but got {type(output_size).__name__}.")
        if len(output_size) not in range(nd + 3):
            raise ValueError(f"For {op}, the length of output_size must be at most {nd + 2}, "
                             f"but got {len(output_size)}.")
        if output_size:
            want = tuple(output_size[-nd:])
            for w, d, ss in zip(want, default, s):
                if not d - ss <= w <= d + ss:
                    raise ValueError(f"For {op}, output_size {output_size} is not close to the output size "
                                     f"{default} computed from kernel_size, stride and padding.")
            out_hw = want
    batched = x.dim() == nd + 2
    xb, ib = (x, indices) if batched else (x.unsqueeze(0), indices.unsqueeze(0))
    out = unpool(xb, ib, nd, k, s, p, out_hw, op)
    return out if batched else out.squeeze(0)


@U.plain_io
def max_unpool1d(x: Any, indices: Any, kernel_size: Any, stride: Any = None, padding: Any = 0,
                 output_size: Any = None) -> Tensor:
    return _max_unpool(1, x, indices, kernel_size, stride, padding, output_size)


@U.plain_io
def max_unpool2d(x: Any, indices: Any, kernel_size: Any, stride: Any = None, padding: Any = 0,
                 output_size: Any = None) -> Tensor:
    return _max_unpool(2, x, indices, kernel_size, stride, padding, output_size)


@U.plain_io
def max_unpool3d(x: Any, indices: Any, kernel_size: Any, stride: Any = None, padding: Any = 0,
                 output_size: Any = None) -> Tensor:
    return _max_unpool(3, x, indices, kernel_size, stride, padding, output_size)


def _fractional(nd: int, input: Any, kernel_size: Any, output_size: Any, output_ratio: Any, return_indices: bool,
                samples: Any) -> Any:
    op = f"fractional_max_pool{nd}d"
    x = U.pt(input)
    if output_size is None and output_ratio is None:
        raise ValueError(f"For {op}, 'output_size' and 'output_ratio' can not be None at the same time.")
    if not isinstance(return_indices, bool):
        raise TypeError(f"For {op}, 'return_indices' must be a bool, but got {return_indices!r}.")
    k = U.ints(kernel_size, nd, "kernel_size", op)
    if output_size is None:
        ratio = (output_ratio,) * nd if isinstance(output_ratio, (int, float)) else tuple(output_ratio)
        if len(ratio) != nd or not all(0.0 < r < 1.0 for r in ratio):
            raise ValueError(f"For {op}, 'output_ratio' must be in (0, 1), but got {output_ratio!r}.")
        output_size = tuple(int(n * r) for n, r in zip(x.shape[-nd:], ratio))
    out = U.ints(output_size, nd, "output_size", op)
    y, idx = fractional_fixed(x, nd, k, out, samples, op)
    return (y, idx) if return_indices else y


@U.plain_io
def fractional_max_pool2d(input: Any, kernel_size: Any, output_size: Any = None, output_ratio: Any = None,
                          return_indices: bool = False, _random_samples: Any = None) -> Any:
    return _fractional(2, input, kernel_size, output_size, output_ratio, return_indices, _random_samples)


@U.plain_io
def fractional_max_pool3d(input: Any, kernel_size: Any, output_size: Any = None, output_ratio: Any = None,
                          return_indices: bool = False, _random_samples: Any = None) -> Any:
    return _fractional(3, input, kernel_size, output_size, output_ratio, return_indices, _random_samples)


@U.plain_io
def conv3d_transpose(inputs: Any, weight: Any, pad_mode: str = "valid", padding: Any = 0, stride: Any = 1,
                     dilation: Any = 1, group: int = 1, output_padding: Any = 0) -> Tensor:
    op = "conv3d_transpose"
    if not isinstance(pad_mode, str) or pad_mode not in ("valid", "same", "pad"):
        raise ValueError(f"For '{op}', 'pad_mode' must be 'valid', 'same' or 'pad', but got {pad_mode!r}.")
    pads = pads6(padding, pad_mode, op)
    return conv3d_transpose_impl(U.pt(inputs), U.pt(weight), pad_mode, pads, U.ints(stride, 3, "stride", op),
                                 U.ints(dilation, 3, "dilation", op), group,
                                 U.ints(output_padding, 3, "output_padding", op, minimum=0))


@U.plain_io
def ctc_loss(log_probs: Any, targets: Any, input_lengths: Any, target_lengths: Any, blank: int = 0,
             reduction: str = "mean", zero_infinity: bool = False) -> Any:
    if not isinstance(reduction, str) or reduction not in ("mean", "sum", "none"):
        raise ValueError(f"For 'ctc_loss', 'reduction' must be 'mean', 'sum' or 'none', but got {reduction!r}.")
    if not isinstance(zero_infinity, bool):
        raise TypeError(f"For 'ctc_loss', 'zero_infinity' must be a bool, but got {zero_infinity!r}.")
    lp = U.pt(log_probs)
    loss, alpha = ctc_v2(lp, U.pt(targets), input_lengths, target_lengths, blank, zero_infinity, "ctc_loss")
    if zero_infinity:
        loss = torch.where(torch.isinf(loss), torch.zeros_like(loss), loss)
    if reduction == "mean":
        tl = (target_lengths if isinstance(target_lengths, torch.Tensor) else torch.tensor(target_lengths))
        loss = (loss / tl.to(loss.device, loss.dtype).clamp(min=1)).mean()
    elif reduction == "sum":
        loss = loss.sum()
    return loss, alpha


@U.plain_io
def ctc_greedy_decoder(inputs: Any, sequence_length: Any, merge_repeated: bool = True) -> tuple:
    return greedy_decode(U.pt(inputs), U.pt(sequence_length), merge_repeated, "ctc_greedy_decoder")


@U.plain_io
def intopk(x1: Any, x2: Any, k: int) -> Tensor:
    return in_top_k(U.pt(x1), U.pt(x2), k, "intopk")


@U.plain_io
def mse_loss_ext(input: Any, target: Any, reduction: str = "mean") -> Tensor:
    if not isinstance(reduction, str) or reduction not in ("mean", "sum", "none"):
        raise ValueError(f"For 'mse_loss_ext', 'reduction' must be 'mean', 'sum' or 'none', but got {reduction!r}.")
    x, y = U.pt(input), U.pt(target)
    if x.dtype != y.dtype:
        raise TypeError(f"For 'mse_loss_ext', 'input' and 'target' must have the same dtype, "
                        f"but got {x.dtype} and {y.dtype}.")
    try:
        x, y = torch.broadcast_tensors(x, y)
    except RuntimeError as e:
        raise ValueError(f"For 'mse_loss_ext', 'input' and 'target' are not broadcastable: {e}") from None
    return F.mse_loss(x, y, reduction=reduction)


@U.plain_io
def rrelu(input: Any, lower: float = 1.0 / 8, upper: float = 1.0 / 3) -> Tensor:
    for arg, v in (("upper", upper), ("lower", lower)):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise TypeError(f"For 'rrelu', '{arg}' must be an int or a float, but got {type(v)}.")
    if lower > upper:
        raise ValueError(f"For 'rrelu', 'upper' must be >= 'lower', but got upper: {upper}, lower: {lower}.")
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For 'rrelu', 'input' must be a Tensor, but got {type(input)}.")
    return F.rrelu(input, float(lower), float(upper), training=True)


@U.plain_io
def soft_shrink(input: Any, lambd: float = 0.5) -> Tensor:
    if lambd < 0:  # MindSpore's kernel raises RuntimeError here
        raise RuntimeError(f"For 'soft_shrink', 'lambd' must be non-negative, but got {lambd}.")
    return F.softshrink(U.pt(input), lambd)


@U.plain_io
def unique_with_pad(x: Any, pad_num: Any) -> tuple:
    return unique_pad(U.pt(x), pad_num, "unique_with_pad")


__all__ = ["adaptive_max_pool3d", "adaptive_avg_pool2d_ext", "max_unpool1d", "max_unpool2d", "max_unpool3d",
           "fractional_max_pool2d", "fractional_max_pool3d", "conv3d_transpose", "ctc_loss", "ctc_greedy_decoder",
           "intopk", "mse_loss_ext", "rrelu", "soft_shrink", "unique_with_pad"]
