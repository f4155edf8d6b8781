"""Neural-network primitives: ops.ReLU(), ops.Softmax(axis), ops.SoftmaxCrossEntropyWithLogits(), ..."""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.ops.function import nn_func as N
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__
_SIMPLE = {"ReLU": N.relu, "ReLU6": N.relu6, "Sigmoid": N.sigmoid, "Tanh": N.tanh, "SiLU": N.silu,
           "Softplus": N.softplus}
for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


class GeLU(Primitive):
    def __call__(self, x: Any) -> Any:
        return F.gelu(x, approximate="tanh")  # MindSpore's GeLU primitive is the tanh approximation


class FastGeLU(Primitive):
    """x * sigmoid(1.702 * x), as MindSpore's FastGeLU (not the tanh GeLU)."""

    def __call__(self, x: Any) -> Any:
        return x * torch.sigmoid(1.702 * x)


class Softmax(Primitive):
    def __init__(self, axis: Any = -1) -> None:
        super().__init__()
        self.axis = axis[0] if isinstance(axis, (tuple, list)) else axis

    def __call__(self, x: Any) -> Any:
        return torch.softmax(x, self.axis)


class LogSoftmax(Softmax):
    def __call__(self, x: Any) -> Any:
        return torch.log_softmax(x, self.axis)


class Elu(Primitive):
    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        self.alpha = alpha

    def __call__(self, x: Any) -> Any:
        return F.elu(x, self.alpha)


class LeakyReLU(Elu):
    def __call__(self, x: Any) -> Any:
        return F.leaky_relu(x, self.alpha)


class SoftmaxCrossEntropyWithLogits(Primitive):
    """Dense labels; returns (per-sample loss, gradient w.r.t. logits), MindSpore's two outputs."""

    def __call__(self, logits: Any, labels: Any) -> Any:
        logp = torch.log_softmax(logits, -1)
        loss = -(labels * logp).sum(-1)
        return loss, torch.softmax(logits, -1) - labels


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    def __init__(self, is_grad: bool = False) -> None:
        super().__init__()
        self.is_grad = is_grad

    def __call__(self, logits: Any, labels: Any) -> Any:
        if self.is_grad:
            probs = torch.softmax(logits, -1)
            onehot = F.one_hot(labels.long(), logits.shape[-1]).to(probs.dtype)
            return (probs - onehot) / logits.shape[0]
        return F.cross_entropy(logits, labels.long())


class BiasAdd(Primitive):
    def __init__(self, data_format: str = "NCHW") -> None:
        super().__init__()
        self.data_format = data_format

    def __call__(self, x: Any, bias: Any) -> Any:
        if self.data_format == "NHWC" or x.dim() == 2:
            return x + bias
        return x + bias.reshape((1, -1) + (1,) * (x.dim() - 2))


class Dropout(Primitive):
    """Returns (output, mask) like MindSpore; always drops (the primitive has no train/eval state)."""

    def __init__(self, keep_prob: float = 0.5, Seed0: int = 0, Seed1: int = 0) -> None:
        super().__init__()
        self.keep_prob = keep_prob

    def __call__(self, x: Any) -> Any:
        mask = (torch.rand_like(x) < self.keep_prob).to(x.dtype)
        return x * mask / self.keep_prob, mask


class Conv2D(Primitive):
    def __init__(self, out_channel: int, kernel_size: Any, mode: int = 1, pad_mode: str = "valid", pad: Any = 0,
                 stride: Any = 1, dilation: Any = 1, group: int = 1, data_format: str = "NCHW") -> None:
        super().__init__()
        self.out_channel, self.kernel_size, self.pad_mode = out_channel, kernel_size, pad_mode
        self.stride = stride[-1] if isinstance(stride, (tuple, list)) and len(stride) == 4 else stride
        self.dilation = dilation[-1] if isinstance(dilation, (tuple, list)) and len(dilation) == 4 else dilation
        self.group = group
        pad = (pad,) * 4 if isinstance(pad, int) else tuple(pad)
        self.pad = pad

    def __call__(self, x: Any, weight: Any) -> Any:
        if self.pad_mode == "pad":
            x = F.pad(x, (self.pad[2], self.pad[3], self.pad[0], self.pad[1]))
            return F.conv2d(x, weight, None, self.stride, 0, self.dilation, self.group)
        return F.conv2d(x, weight, None, self.stride, self.pad_mode, self.dilation, self.group)


class _Pool(Primitive):
    def __init__(self, kernel_size: Any = 1, strides: Any = 1, pad_mode: str = "valid", data_format: str = "NCHW") -> None:
        super().__init__()
        k = kernel_size if isinstance(kernel_size, int) else tuple(kernel_size)[-2:]
        s = strides if isinstance(strides, int) else tuple(strides)[-2:]
        self.kernel_size, self.strides, self.pad_mode = k, s, pad_mode.lower()

    def _same_pad(self, x: Any) -> Any:
        kh, kw = (self.kernel_size,) * 2 if isinstance(self.kernel_size, int) else self.kernel_size
        sh, sw = (self.strides,) * 2 if isinstance(self.strides, int) else self.strides
        h, w = x.shape[-2:]
        ph = max((-(-h // sh) - 1) * sh + kh - h, 0)
        pw = max((-(-w // sw) - 1) * sw + kw - w, 0)
        return ph, pw


class MaxPool(_Pool):
    def __call__(self, x: Any) -> Any:
        if self.pad_mode == "same":
            ph, pw = self._same_pad(x)
            x = F.pad(x, (pw // 2, pw - pw // 2, ph // 2, ph - ph // 2), value=float("-inf"))
        return F.max_pool2d(x, self.kernel_size, self.strides)


class AvgPool(_Pool):
    def __call__(self, x: Any) -> Any:
        if self.pad_mode == "same":
            ph, pw = self._same_pad(x)
            padded = F.pad(x, (pw // 2, pw - pw // 2, ph // 2, ph - ph // 2))
            ones = F.pad(torch.ones_like(x[:1, :1]), (pw // 2, pw - pw // 2, ph // 2, ph - ph // 2))
            return F.avg_pool2d(padded, self.kernel_size, self.strides) / F.avg_pool2d(ones, self.kernel_size,
                                                                                      self.strides)
        return F.avg_pool2d(x, self.kernel_size, self.strides)


__all__ = sorted(list(_SIMPLE) + ["GeLU", "FastGeLU", "Softmax", "LogSoftmax", "Elu", "LeakyReLU",
                                  "SoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogits", "BiasAdd",
                                  "Dropout", "Conv2D", "MaxPool", "AvgPool"])
