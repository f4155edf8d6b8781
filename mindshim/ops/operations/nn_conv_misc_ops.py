"""Transposed/depthwise convolution and lookup primitives (`ops.Conv3DTranspose(...)`,
`ops.Conv2DBackpropInput(...)`, `ops.DepthwiseConv2dNative(...)`, `ops.EmbeddingLookup()`, `ops.InTopK(k)`,
`ops.NthElement()`, `ops.NoRepeatNGram(n)`, `ops.Unique()`, `ops.UniqueWithPad()`, `ops.EditDistance()`,
`ops.ConfusionMatrix(n)`, `ops.ChannelShuffle(group)`).

Mapping decisions (MindSpore 2.10 CPU, checked against the real thing):
- `Conv3DTranspose` pads (head, tail, top, bottom, left, right) are cropped from the full transposed
  output and `output_padding` extends the tail; 'same' gives in * stride.
- `DepthwiseConv2dNative` takes a (1, C, kh, kw) weight and convolves each channel with its own filter
  (channel_multiplier 1); MindSpore's CPU backend has no kernel, this is the grouped convolution.
- `Unique`/`UniqueWithPad` keep first-appearance order (not sorted), as MindSpore's CPU kernel does.
- `NoRepeatNGram` writes the dtype's lowest finite value into banned positions.
- `EmbeddingLookup` gives zero rows for indices outside [offset, offset + rows).
"""
from __future__ import annotations

import math
from typing import Any

import torch
import torch.nn.functional as F

from mindshim._errors import unsupported
from mindshim.ops.operations import _pool_util as U
from mindshim.ops.operations.nn_extra_ops import Conv2DTranspose
from mindshim.ops.primitive import Primitive


class Conv2DBackpropInput(Conv2DTranspose):
    """The gradient of Conv2D with respect to its input: (dout, weight, input_size)."""


def conv3d_transpose_impl(x: torch.Tensor, w: torch.Tensor, pad_mode: str, pads: list, stride: tuple,
                          dilation: tuple, group: int, output_padding: tuple) -> torch.Tensor:
    full = F.conv_transpose3d(x, w, None, stride, 0, 0, group, dilation)
    sizes = []
    for i, (n, s, d, k) in enumerate(zip(x.shape[2:], stride, dilation, w.shape[2:])):
        full_n = (n - 1) * s + d * (k - 1) + 1
        if pad_mode == "same":
            total = max(full_n - n * s, 0)
            pads[i] = (total // 2, total - total // 2)
        sizes.append(full_n - sum(pads[i]) + output_padding[i])
    need = [f + size for (f, _), size in zip(pads, sizes)]
    grow = [max(0, nd - fs) for nd, fs in zip(need, full.shape[2:])]
    if any(grow):
        full = F.pad(full, [0, grow[2], 0, grow[1], 0, grow[0]])
    return full[..., pads[0][0]:need[0], pads[1][0]:need[1], pads[2][0]:need[2]]


def pads6(pad: Any, pad_mode: str, op: str) -> list:
    p = U.ints(pad, 6, "pad", op, allow=(), minimum=0)
    if pad_mode != "pad" and any(p):
        raise ValueError(f"For '{op}', 'pad' must be 0 when 'pad_mode' is not 'pad', but got {pad!r}.")
    return [(p[0], p[1]), (p[2], p[3]), (p[4], p[5])]


class Conv3DTranspose(Primitive):
    def __init__(self, in_channel: int, out_channel: int, kernel_size: Any, mode: int = 1, pad_mode: str = "valid",
                 pad: Any = 0, stride: Any = 1, dilation: Any = 1, group: int = 1, output_padding: Any = 0,
                 data_format: str = "NCDHW") -> None:
        super().__init__()
        op = "Conv3DTranspose"
        self.in_channel, self.out_channel, self.group = in_channel, out_channel, group
        self.kernel_size = U.ints(kernel_size, 3, "kernel_size", op, allow=(5,))
        if not isinstance(pad_mode, str) or pad_mode.lower() not in ("valid", "same", "pad"):
            raise ValueError(f"For '{op}', 'pad_mode' must be 'valid', 'same' or 'pad', but got {pad_mode!r}.")
        self.pad_mode = pad_mode.lower()
        self.pad = pads6(pad, self.pad_mode, op)
        self.stride = U.ints(stride, 3, "stride", op, allow=(5,))
        self.dilation = U.ints(dilation, 3, "dilation", op, allow=(5,))
        if self.dilation[0] != 1:
            raise ValueError(f"For '{op}', the depth of parameter 'dilation' must be 1, but got {self.dilation[0]}.")
        self.output_padding = U.ints(output_padding, 3, "output_padding", op, allow=(5,), minimum=0)
        if data_format != "NCDHW":
            raise ValueError(f"For '{op}', 'data_format' must be 'NCDHW', but got {data_format!r}.")

    @U.plain_io
    def __call__(self, dout: Any, weight: Any, bias: Any = None) -> Any:
        if bias is not None:
            raise ValueError("For 'Conv3DTranspose', 'bias' currently only supports None.")
        return conv3d_transpose_impl(dout, weight, self.pad_mode, list(self.pad), self.stride, self.dilation,
                                     self.group, self.output_padding)


class DepthwiseConv2dNative(Primitive):
    def __init__(self, channel_multiplier: int, kernel_size: Any, mode: int = 3, pad_mode: str = "valid",
                 pad: Any = 0, stride: Any = 1, dilation: Any = 1, group: int = 1) -> None:
        super().__init__()
        op = "DepthwiseConv2dNative"
        self.kernel_size = U.ints(kernel_size, 2, "kernel_size", op)
        self.stride = U.ints(stride, 2, "stride", op)
        self.dilation = U.ints(dilation, 2, "dilation", op)
        if self.stride[0] != self.stride[1] or self.dilation[0] != self.dilation[1]:
            raise ValueError(f"For '{op}', the height and width of 'stride' and 'dilation' must be equal.")
        if not isinstance(pad_mode, str) or pad_mode.lower() not in ("valid", "same", "pad"):
            raise ValueError(f"For '{op}', 'pad_mode' must be 'valid', 'same' or 'pad', but got {pad_mode!r}.")
        self.pad_mode = pad_mode.lower()
        p = U.ints(pad, 4, "pad", op, minimum=0)
        if self.pad_mode != "pad" and any(p):
            raise ValueError(f"For '{op}', 'pad' must be 0 when 'pad_mode' is not 'pad', but got {pad!r}.")
        if mode != 3:
            raise ValueError(f"For '{op}', 'mode' must be 3, but got {mode}.")
        if isinstance(channel_multiplier, bool) or not isinstance(channel_multiplier, int) or channel_multiplier < 1:
            raise ValueError(f"For '{op}', 'channel_multiplier' must be a positive int, "
                             f"but got {channel_multiplier!r}.")
        self.pad, self.channel_multiplier, self.group = p, channel_multiplier, group

    @U.plain_io
    def __call__(self, x: Any, w: Any) -> Any:
        op = "DepthwiseConv2dNative"
        if x.dim() != 4 or w.dim() != 4:
            raise ValueError(f"For '{op}', 'x' and 'weight' must be 4-D.")
        if w.shape[0] != 1:
            raise ValueError(f"For '{op}', the batch of 'weight' must be 1, but got {w.shape[0]}.")
        if w.shape[1] != x.shape[1] or tuple(w.shape[2:]) != self.kernel_size:
            raise ValueError(f"For '{op}', 'weight' must have shape (1, {x.shape[1]}, *kernel_size).")
        if self.channel_multiplier != 1:
            raise unsupported(f"ops.{op}(channel_multiplier={self.channel_multiplier})")
        (kh, kw), (s, _), (d, _) = self.kernel_size, self.stride, self.dilation
        if self.pad_mode == "same":
            pads = []
            for n, k in zip(x.shape[2:], (kh, kw)):
                total = max(0, (math.ceil(n / s) - 1) * s + d * (k - 1) + 1 - n)
                pads += [total // 2, total - total // 2]
        else:
            pads = list(self.pad) if self.pad_mode == "pad" else [0, 0, 0, 0]
        xp = F.pad(x, [pads[2], pads[3], pads[0], pads[1]])
        return F.conv2d(xp, w.reshape(x.shape[1], 1, kh, kw), None, s, 0, d, x.shape[1])


class ChannelShuffle(Primitive):
    def __init__(self, group: int) -> None:
        super().__init__()
        if isinstance(group, bool) or not isinstance(group, int) or group < 1:
            raise (TypeError if not isinstance(group, int) else ValueError)(
                f"For 'ChannelShuffle', 'group' must be a positive int, but got {group!r}.")
        self.group = group

    @U.plain_io
    def __call__(self, x: Any) -> Any:
        if x.dim() < 3:
            raise ValueError(f"For 'ChannelShuffle', the input must be at least 3-D, but got {x.dim()}-D.")
        c = x.shape[1]
        if c % self.group:
            raise ValueError(f"For 'ChannelShuffle', the channel number {c} is not divisible by group {self.group}.")
        shape = x.shape
        return x.reshape(shape[0], self.group, c // self.group, -1).transpose(1, 2).reshape(shape)


class ConfusionMatrix(Primitive):
    def __init__(self, num_classes: int, dtype: str = "int32") -> None:
        super().__init__()
        if isinstance(num_classes, bool) or not isinstance(num_classes, int):
            raise TypeError(f"For 'ConfusionMatrix', 'num_classes' must be an int, but got {num_classes!r}.")
        if not isinstance(dtype, str):
            raise TypeError(f"For 'ConfusionMatrix', 'dtype' must be a str, but got {dtype!r}.")
        self.num_classes, self.dtype = num_classes, dtype

    @U.plain_io
    def __call__(self, labels: Any, predictions: Any, weights: Any = None) -> Any:
        n = self.num_classes
        lab, pred = labels.long().reshape(-1), predictions.long().reshape(-1)
        if lab.numel() and (int(lab.min()) < 0 or int(pred.min()) < 0 or int(lab.max()) >= n or int(pred.max()) >= n):
            raise ValueError(f"For 'ConfusionMatrix', labels and predictions must be in [0, {n}).")
        out_dtype = getattr(torch, self.dtype)
        w = torch.ones_like(lab, dtype=torch.float64) if weights is None else weights.reshape(-1).double()
        flat = torch.zeros(n * n, dtype=torch.float64, device=lab.device).index_add_(0, lab * n + pred, w)
        return flat.reshape(n, n).to(out_dtype)


def _levenshtein(a: list, b: list) -> int:
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


class EditDistance(Primitive):
    def __init__(self, normalize: bool = True) -> None:
        super().__init__()
        if not isinstance(normalize, bool):
            raise TypeError(f"For 'EditDistance', 'normalize' must be a bool, but got {normalize!r}.")
        self.normalize = normalize

    @staticmethod
    def _groups(indices: torch.Tensor, values: torch.Tensor) -> dict:
        groups: dict = {}
        for idx, v in sorted(zip(map(tuple, indices.tolist()), values.tolist())):
            groups.setdefault(idx[:-1], []).append(v)
        return groups

    @U.plain_io
    def __call__(self, hypothesis_indices: Any, hypothesis_values: Any, hypothesis_shape: Any, truth_indices: Any,
                 truth_values: Any, truth_shape: Any) -> Any:
        hyp = self._groups(hypothesis_indices, hypothesis_values)
        truth = self._groups(truth_indices, truth_values)
        shape = [max(a, b) for a, b in zip(hypothesis_shape.tolist(), truth_shape.tolist())][:-1]
        out = torch.zeros(shape, dtype=torch.float32)
        for pos in {*hyp, *truth}:
            h, t = hyp.get(pos, []), truth.get(pos, [])
            dist = float(_levenshtein(h, t))
            if self.normalize:
                dist = dist / len(t) if t else (math.inf if h else 0.0)
            out[pos] = dist
        return out.to(hypothesis_values.device)


class EmbeddingLookup(Primitive):
    @U.plain_io
    def __call__(self, input_params: Any, input_indices: Any, offset: Any) -> Any:
        if input_params.dim() > 2:
            raise ValueError("For 'EmbeddingLookup', 'input_params' must be at most 2-D.")
        if input_indices.is_floating_point() or input_indices.dtype == torch.bool:
            raise TypeError("For 'EmbeddingLookup', 'input_indices' must be an integer Tensor.")
        idx = input_indices.long() - int(offset)
        ok = (idx >= 0) & (idx < input_params.shape[0])
        rows = input_params[torch.where(ok, idx, 0)]
        mask = ok.reshape(ok.shape + (1,) * (input_params.dim() - 1))
        return torch.where(mask, rows, torch.zeros_like(rows))


def in_top_k(x1: torch.Tensor, x2: torch.Tensor, k: int, op: str) -> torch.Tensor:
    if x1.dim() != 2 or x2.dim() != 1 or x2.shape[0] != x1.shape[0]:
        raise ValueError(f"For '{op}', 'x1' must be 2-D and 'x2' 1-D with x1.shape[0] elements.")
    t = x2.long()
    if t.numel() and (int(t.min()) < 0 or int(t.max()) >= x1.shape[1]):
        raise ValueError(f"For '{op}', the values of 'x2' must be in [0, {x1.shape[1]}).")
    target = x1.gather(1, t.unsqueeze(1))
    return ((x1 > target).sum(1) < k) & torch.isfinite(target.squeeze(1))


class InTopK(Primitive):
    def __init__(self, k: int) -> None:
        super().__init__()
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"For 'InTopK', 'k' must be an int, but got {k!r}.")
        self.k = k

    @U.plain_io
    def __call__(self, x1: Any, x2: Any) -> Any:
        return in_top_k(x1, x2, self.k, "InTopK")


class NthElement(Primitive):
    def __init__(self, reverse: bool = False) -> None:
        super().__init__()
        if not isinstance(reverse, bool):
            raise TypeError(f"For 'NthElement', 'reverse' must be a bool, but got {reverse!r}.")
        self.reverse = reverse

    @U.plain_io
    def __call__(self, input: Any, n: Any) -> Any:
        n = int(n)
        if input.dim() < 1 or not 0 <= n < input.shape[-1]:
            raise ValueError(f"For 'NthElement', 'n' must be in [0, {input.shape[-1] if input.dim() else 0}), "
                             f"but got {n}.")
        x = U.in_compute_dtype(input, native_ints=True)
        vals = torch.sort(x, -1, descending=self.reverse).values[..., n]
        return vals.to(input.dtype)


class NoRepeatNGram(Primitive):
    def __init__(self, ngram_size: int = 1) -> None:
        super().__init__()
        if isinstance(ngram_size, bool) or not isinstance(ngram_size, int):
            raise TypeError(f"For 'NoRepeatNGram', 'ngram_size' must be an int, but got {ngram_size!r}.")
        if ngram_size < 1:
            raise ValueError(f"For 'NoRepeatNGram', 'ngram_size' must be positive, but got {ngram_size}.")
        self.ngram_size = ngram_size

    @U.plain_io
    def __call__(self, state_seq: Any, log_probs: Any) -> Any:
        n = self.ngram_size
        if state_seq.dim() != 3 or log_probs.dim() != 3 or state_seq.shape[:2] != log_probs.shape[:2]:
            raise ValueError("For 'NoRepeatNGram', 'state_seq' and 'log_probs' must be 3-D with equal batch/beam.")
        m = state_seq.shape[-1]
        if n > m:
            raise ValueError(f"For 'NoRepeatNGram', 'ngram_size' must not exceed {m}, but got {n}.")
        out = log_probs.clone()
        low = torch.finfo(log_probs.dtype).min
        seqs = state_seq.tolist()
        for b, beams in enumerate(seqs):
            for w, s in enumerate(beams):
                tail = s[m - n + 1:] if n > 1 else []
                banned = {s[i + n - 1] for i in range(m - n + 1) if s[i:i + n - 1] == tail}
                banned = [t for t in banned if 0 <= t < out.shape[-1]]
                if banned:
                    out[b, w, banned] = low
        return out


def unique_first(x: torch.Tensor) -> tuple:
    """(unique values in first-appearance order, index of each element into them)."""
    flat = x.reshape(-1)
    vals, inv = torch.unique(flat, sorted=True, return_inverse=True)
    first = torch.full((vals.numel(),), flat.numel(), dtype=torch.long, device=x.device)
    first.scatter_reduce_(0, inv, torch.arange(flat.numel(), device=x.device), reduce="amin")
    order = torch.argsort(first)
    rank = torch.empty_like(order)
    rank[order] = torch.arange(order.numel(), device=x.device)
    return vals[order], rank[inv].reshape(x.shape)


class Unique(Primitive):
    @U.plain_io
    def __call__(self, input_x: Any) -> Any:
        if input_x.dtype == torch.bool:
            raise TypeError("For 'Unique', the input must be a numeric Tensor, but got bool.")
        if input_x.dim() != 1:  # MindSpore's kernel check (RuntimeError)
            raise RuntimeError(f"Rank of Unique's input must be 1, but got {input_x.dim()}.")
        y, idx = unique_first(input_x)
        return y, idx.to(torch.int64 if input_x.dtype == torch.int64 else torch.int32)


def unique_pad(x: torch.Tensor, pad_num: Any, op: str) -> tuple:
    if x.dim() != 1:
        raise ValueError(f"For '{op}', the input must be 1-D, but got {x.dim()}-D.")
    y, idx = unique_first(x)
    pad = torch.full((x.numel() - y.numel(),), pad_num.item() if isinstance(pad_num, torch.Tensor) else pad_num,
                     dtype=x.dtype, device=x.device)
    return torch.cat([y, pad]), idx.to(torch.int64 if x.dtype == torch.int64 else torch.int32)


class UniqueWithPad(Primitive):
    @U.plain_io
    def __call__(self, input_x: Any, pad_num: Any) -> Any:
        return unique_pad(input_x, pad_num, "UniqueWithPad")


__all__ = ["Conv2DBackpropInput", "Conv3DTranspose", "DepthwiseConv2dNative", "ChannelShuffle", "ConfusionMatrix",
           "EditDistance", "EmbeddingLookup", "InTopK", "NthElement", "NoRepeatNGram", "Unique", "UniqueWithPad"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
