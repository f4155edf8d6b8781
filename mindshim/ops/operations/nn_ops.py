"""Neural-network primitives: ops.ReLU(), ops.Softmax(axis), ops.SoftmaxCrossEntropyWithLogits(), ..."""
from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

from mindshim.common import dtype as mstype
from mindshim.ops.function import nn_func as N
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.operations._pool_util import ints, same_pads
from mindshim.ops.primitive import Primitive

_here = __name__
def _relu(x: Any) -> Any:
    if isinstance(x, torch.Tensor) and x.dtype == torch.bool:  # MindSpore's kernel passes bool through
        return x.clone()
    return N.relu(x)


def _relu6(x: Any) -> Any:
    if isinstance(x, torch.Tensor) and x.dtype not in (torch.float16, torch.float32):
        raise TypeError(f"For primitive[ReLU6], the input argument[input_x] must be a type of {{Tensor[Float16], "
                        f"Tensor[Float32]}}, but got Tensor[{mstype.from_torch(x.dtype)}].")
    return N.relu6(x)


_SIMPLE = {"ReLU": _relu, "ReLU6": _relu6, "Sigmoid": N.sigmoid, "Tanh": N.tanh, "SiLU": N.silu}
for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


def _check_float(x: Any, op: str, allowed: tuple = (torch.float16, torch.float32, torch.float64)) -> None:
    if not isinstance(x, torch.Tensor) or x.dtype not in allowed:
        names = ", ".join(str(d).replace("torch.", "") for d in allowed)
        raise TypeError(f"For '{op}', the input must be a Tensor of {{{names}}}, "
                        f"but got {getattr(x, 'dtype', type(x).__name__)}.")


class GeLU(Primitive):
    def __call__(self, x: Any) -> Any:
        _check_float(x, "GeLU")
        return F.gelu(x, approximate="tanh")  # MindSpore's GeLU primitive is the tanh approximation


class FastGeLU(Primitive):
    """x * sigmoid(1.702 * x), as MindSpore's FastGeLU (not the tanh GeLU); float16/float32 only."""

    def __call__(self, x: Any) -> Any:
        _check_float(x, "FastGeLU", (torch.float16, torch.float32))
        return x / (1 + torch.exp(-1.702 * x))


class Softplus(Primitive):
    def __call__(self, x: Any) -> Any:
        _check_float(x, "Softplus")
        return N.softplus(x)


def _softmax_axis(x: Any, axis: int, op: str) -> int:
    n = x.dim()
    if not -n <= axis < n:
        raise ValueError(f"For primitive[{op}], the axis must be in [{-n},{n}), but got {axis}.")
    return axis


class Softmax(Primitive):
    """`axis`: an int or a tuple/list of ints (kept as a tuple, as MindSpore); the CPU kernel takes one axis."""

    def __init__(self, axis: Any = -1) -> None:
        super().__init__()
        ok = lambda a: isinstance(a, int) and not isinstance(a, bool)  # noqa: E731
        if not (ok(axis) or isinstance(axis, (tuple, list)) and all(ok(a) for a in axis)):
            raise TypeError(f"For 'Softmax', the type of 'axis' should be one of '[int, tuple of int]', but got "
                            f"{type(axis)}.")
        self.axis = (axis,) if isinstance(axis, int) else tuple(axis)

    def __call__(self, x: Any) -> Any:
        if len(self.axis) != 1:
            raise RuntimeError(f"For 'Softmax', the CPU kernel supports a single axis, but got {self.axis}.")
        _check_float(x, "Softmax", (torch.bfloat16, torch.float16, torch.float32, torch.float64))
        return torch.softmax(x, _softmax_axis(x, self.axis[0], "Softmax"))


class LogSoftmax(Primitive):
    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, x: Any) -> Any:
        if not isinstance(self.axis, int) or isinstance(self.axis, bool):
            raise TypeError(f'Failed calling LogSoftmax with "LogSoftmax(axis={type(self.axis).__name__})'
                            f'(logits=Tensor)".')
        _check_float(x, "LogSoftmax")
        if x.dim() == 0:
            raise RuntimeError("For 'LogSoftmax', the input must have at least one dimension, but got a 0-D Tensor.")
        return torch.log_softmax(x, _softmax_axis(x, self.axis, "LogSoftmax"))


class Elu(Primitive):
    def __init__(self, alpha: float = 1.0) -> None:
        super().__init__()
        self.alpha = alpha

    def __call__(self, x: Any) -> Any:
        if self.alpha != 1.0:  # MindSpore's Elu kernel only implements alpha == 1.0
            raise ValueError(f"For 'Elu', 'alpha' must be 1.0, but got {self.alpha}.")
        _check_float(x, "Elu")
        return F.elu(x, self.alpha)


class LeakyReLU(Primitive):
    def __init__(self, alpha: float = 0.2) -> None:
        super().__init__()
        self.alpha = alpha

    def __call__(self, x: Any) -> Any:
        return F.leaky_relu(x, self.alpha)


class SoftmaxCrossEntropyWithLogits(Primitive):
    """Dense labels; returns (per-sample loss, gradient w.r.t. logits), MindSpore's two outputs."""

    def __call__(self, logits: Any, labels: Any) -> Any:
        op = "SoftmaxCrossEntropyWithLogits"
        if logits.dim() != 2:
            raise ValueError(f"For primitive[{op}], the dimension of logits must be equal to 2, but got "
                             f"{logits.dim()}.")
        if logits.dtype != labels.dtype:
            raise TypeError(f"For primitive[{op}], the input type must be same.")
        labels = labels.detach()  # MindSpore's bprop gives the labels a zero gradient
        logp = torch.log_softmax(logits, -1)
        loss = -(labels * logp).sum(-1)
        return loss, torch.softmax(logits, -1) - labels


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    def __init__(self, is_grad: bool = False) -> None:
        super().__init__()
        self.is_grad = is_grad
        self.add_prim_attr("sens", 1.0)

    def __call__(self, logits: Any, labels: Any) -> Any:
        op = "SparseSoftmaxCrossEntropyWithLogits"
        _check_float(logits, op, (torch.float16, torch.float32))
        if labels.dtype not in (torch.int32, torch.int64):
            raise TypeError(f"For primitive[{op}], the input argument[labels_type] must be a type of "
                            f"{{Tensor[Int32], Tensor[Int64]}}, but got Tensor[{mstype.from_torch(labels.dtype)}].")
        if bool((labels < 0).any()):
            raise RuntimeError(f"For '{op}' got error label! label[index] must >= 0, but got "
                               f"{int(labels[labels < 0].reshape(-1)[0])}")
        logits, labels = logits.reshape(-1, logits.shape[-1]), labels.reshape(-1)  # leading axes are the batch
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
        if not 2 <= x.dim() <= 5:
            raise ValueError(f"For primitive[BiasAdd], the rank of input_x must be in [2,5], but got {x.dim()}.")
        if x.dtype != bias.dtype:
            raise TypeError("For primitive[BiasAdd], the input type must be same.")
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
        self.kernel_size = ints(kernel_size, 2, "kernel_size", "Conv2D")
        self.stride = ints(stride, 2, "stride", "Conv2D", allow=(4,))
        self.dilation = ints(dilation, 2, "dilation", "Conv2D", allow=(4,))
        if not isinstance(pad_mode, str) or pad_mode not in ("valid", "same", "pad"):  # case-sensitive, as MindSpore
            raise ValueError(f"For 'Conv2D', 'pad_mode' must be one of ['valid', 'same', 'pad'], but got {pad_mode!r}.")
        self.pad_mode = pad_mode
        pad = ints(pad, 4, "pad", "Conv2D", minimum=0)
        if self.pad_mode != "pad" and pad != (0, 0, 0, 0):
            raise ValueError(f"For 'Conv2D', 'pad' must be zero when 'pad_mode' is not 'pad', but got {pad}.")
        if mode != 1:
            raise ValueError(f"For 'Conv2D', 'mode' must be 1, but got {mode}.")
        if data_format != "NCHW":
            raise ValueError(f"For 'Conv2D', only the 'NCHW' data_format runs on CPU, but got {data_format!r}.")
        for arg, v in (("out_channel", out_channel), ("group", group)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ValueError(f"For 'Conv2D', '{arg}' must be a positive int, but got {v!r}.")
        self.out_channel, self.group, self.pad, self.data_format = out_channel, group, pad, data_format
        # MindSpore's attrs: kernel_size as given, stride/dilation as 4-tuples, and `groups` beside `group`
        for key, value in (("kernel_size", kernel_size), ("stride", (1, 1) + self.stride[-2:]),
                           ("dilation", (1, 1) + self.dilation[-2:]), ("groups", group)):
            self.add_prim_attr(key, value)

    def __call__(self, x: Any, weight: Any) -> Any:
        _check_float(x, "Conv2D", (torch.float16, torch.float32))
        if x.dim() != 4:
            raise ValueError(f"For 'Conv2D', the input must be 4-D (N, C, H, W), but got shape {tuple(x.shape)}.")
        if weight.dim() == 4 and (tuple(weight.shape[2:]) != self.kernel_size or weight.shape[0] != self.out_channel):
            raise RuntimeError(f"For 'Conv2D', the weight shape {tuple(weight.shape)} does not match out_channel "
                               f"{self.out_channel} and kernel_size {self.kernel_size}.")
        top, bottom, left, right = self.pad
        if self.pad_mode == "same":  # MindSpore's 'same': the odd unit of padding goes to the bottom/right
            k = [(kk - 1) * d + 1 for kk, d in zip(self.kernel_size, self.dilation)]
            (top, bottom), (left, right) = same_pads(x.shape[-2:], k, self.stride)
        if top or bottom or left or right:
            x = F.pad(x, (left, right, top, bottom))
        return F.conv2d(x, weight, None, self.stride, 0, self.dilation, self.group)


class _Pool(Primitive):
    _name = "MaxPool"

    def __init__(self, kernel_size: Any = 1, strides: Any = 1, pad_mode: str = "valid", data_format: str = "NCHW") -> None:
        super().__init__()
        if not isinstance(pad_mode, str) or pad_mode.upper() not in ("VALID", "SAME"):
            raise ValueError(f"For '{self._name}', 'pad_mode' must be 'VALID' or 'SAME', but got {pad_mode!r}.")
        self._k = self.kernel_size = ints(kernel_size, 2, "kernel_size", self._name)
        self._s = self.strides = ints(strides, 2, "strides", self._name)
        self.pad_mode = pad_mode.lower()
        if data_format != "NCHW":
            raise ValueError(f"For '{self._name}', only the 'NCHW' data_format runs on CPU, but got {data_format!r}.")
        self._pool_attrs(pad_mode, data_format)

    def _pool_attrs(self, pad_mode: str, data_format: str) -> None:
        """MaxPool's attrs (and attributes): 4-tuple kernel_size/strides and an upper-case pad_mode."""
        self.kernel_size, self.strides = (1, 1) + self._k, (1, 1) + self._s
        for key, value in (("kernel_size", self.kernel_size), ("strides", self.strides),
                           ("pad_mode", pad_mode.upper()), ("data_format", data_format)):
            self.add_prim_attr(key, value)

    def _pads(self, x: Any) -> list:
        _check_float(x, self._name)
        if x.dim() != 4:
            raise ValueError(f"For '{self._name}', the input must be 4-D (N, C, H, W), but got shape {tuple(x.shape)}.")
        if self.pad_mode == "same":
            return same_pads(x.shape[-2:], self._k, self._s)
        return [(0, 0), (0, 0)]


class MaxPool(_Pool):
    def __call__(self, x: Any) -> Any:
        (top, bottom), (left, right) = self._pads(x)
        if top or bottom or left or right:
            x = F.pad(x, (left, right, top, bottom), value=float("-inf"))
        return F.max_pool2d(x, self._k, self._s)


class AvgPool(_Pool):
    """Averages over the in-image part of each window ('same' padding is not counted)."""
    _name = "AvgPool"

    def _pool_attrs(self, pad_mode: str, data_format: str) -> None:
        """The generated AvgPool keeps enum codes: pad_mode SAME 1 / VALID 2, data_format NCHW 0."""
        for key, value in (("kernel_size", self.kernel_size), ("strides", self.strides),
                           ("pad_mode", 1 if pad_mode.upper() == "SAME" else 2), ("data_format", 0)):
            self.add_prim_attr(key, value)

    def __init__(self, kernel_size: Any = 1, strides: Any = 1, pad_mode: str = "valid", data_format: str = "NCHW") -> None:
        # MindSpore 2.10's generated AvgPool accepts any attributes and fails when run (RuntimeError)
        try:
            super().__init__(kernel_size, strides, pad_mode, data_format)
            self._bad = None
        except (TypeError, ValueError) as e:
            Primitive.__init__(self)
            self._bad = str(e)

    def __call__(self, x: Any) -> Any:
        if self._bad:
            raise RuntimeError(self._bad)
        (top, bottom), (left, right) = self._pads(x)
        if top or bottom or left or right:
            pad = (left, right, top, bottom)
            ones = F.pad(torch.ones_like(x[:1, :1]), pad)
            return F.avg_pool2d(F.pad(x, pad), self._k, self._s) / F.avg_pool2d(ones, self._k, self._s)
        return F.avg_pool2d(x, self._k, self._s)


__all__ = sorted(list(_SIMPLE) + ["Softplus", "GeLU", "FastGeLU", "Softmax", "LogSoftmax", "Elu", "LeakyReLU",
                                  "SoftmaxCrossEntropyWithLogits", "SparseSoftmaxCrossEntropyWithLogits", "BiasAdd",
                                  "Dropout", "Conv2D", "MaxPool", "AvgPool"])

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
