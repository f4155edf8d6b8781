"""mindspore.ops.operations._grad_ops: the gradient primitives custom `bprop` methods call
(`from mindspore.ops.operations import _grad_ops as G; G.ReluGrad()(dout, out)`).

Argument orders are MindSpore's, which differ per primitive (checked against MindSpore 2.10):
- from the forward OUTPUT y: SigmoidGrad(y, dy), TanhGrad(y, dy), SqrtGrad(y, dy), RsqrtGrad(y, dy),
  ReciprocalGrad/InvGrad(y, dy), AcoshGrad(y, dy), AsinhGrad(y, dy), SoftmaxGrad(y, dy), LogSoftmaxGrad(y, dy),
  EluGrad(dy, y), SeluGrad(dy, y): closed forms in y;
- from the forward INPUT x: the rest, e.g. ReluGrad(dy, x), AbsGrad(x, dy), SoftplusGrad(dy, x), MaxPoolGrad(x,
  out, dy): the vector-Jacobian product of mindshim's own forward op (the one the parity suite checks), so a
  gradient primitive always agrees with the forward it differentiates.
"""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim.ops.function import activation_func as A
from mindshim.ops.function import nn_func as N
from mindshim.ops.operations.nn_extra_ops import MirrorPad
from mindshim.ops.operations.nn_ops import AvgPool, MaxPool
from mindshim.ops.operations.slice_ops import StridedSlice
from mindshim.ops.primitive import Primitive

_here = __name__
_SELU_SCALE, _SELU_ALPHA = 1.0507009873554805, 1.6732632423543772


def _vjp(forward: Callable[..., Any], x: Any, dy: Any, *rest: Any) -> torch.Tensor:
    """d(forward(x, *rest))/dx applied to dy."""
    with torch.enable_grad():
        x = x.detach().requires_grad_(True)
        (grad,) = torch.autograd.grad(forward(x, *rest), x, dy)
    return grad


def _grad_primitive(name: str, call: Callable[..., Any], attrs: tuple[tuple[str, Any], ...] = ()) -> type:
    """A gradient primitive class: constructor attributes `attrs` (name, default), `__call__` is `call(self, ...)`."""
    def __init__(self: Primitive, *args: Any, **kwargs: Any) -> None:
        Primitive.__init__(self, name)
        values = dict(attrs)
        values.update(zip(values, args))
        values.update(kwargs)
        for key, value in values.items():
            setattr(self, key, value)
            self.attrs[key] = value

    return type(name, (Primitive,), {"__init__": __init__, "__call__": call, "__module__": _here,
                                     "__doc__": f"_grad_ops.{name}: MindSpore's gradient primitive."})


_FROM_OUTPUT = {  # name: dx from (y, dy)
    "SigmoidGrad": lambda y, dy: dy * y * (1 - y),
    "TanhGrad": lambda y, dy: dy * (1 - y * y),
    "SqrtGrad": lambda y, dy: dy / (2 * y),
    "RsqrtGrad": lambda y, dy: -0.5 * dy * y * y * y,
    "ReciprocalGrad": lambda y, dy: -dy * y * y,
    "InvGrad": lambda y, dy: -dy * y * y,
    "AcoshGrad": lambda y, dy: dy / torch.sinh(y),
    "AsinhGrad": lambda y, dy: dy / torch.cosh(y),
    "SoftmaxGrad": lambda y, dy: y * (dy - (dy * y).sum(-1, keepdim=True)),
}
_FROM_INPUT = {  # name: (forward of x, argument order "x,dy" or "dy,x")
    "ACosGrad": (lambda x: torch.acos(x), "x,dy"), "AsinGrad": (lambda x: torch.asin(x), "x,dy"),
    "AtanGrad": (lambda x: torch.atan(x), "x,dy"), "AbsGrad": (lambda x: torch.abs(x), "x,dy"),
    "ReluGrad": (lambda x: torch.relu(x), "dy,x"), "ReLU6Grad": (lambda x: N.relu6(x), "dy,x"),
    "SoftplusGrad": (lambda x: torch.nn.functional.softplus(x), "dy,x"),
    "HSigmoidGrad": (lambda x: A.hardsigmoid(x), "dy,x"), "HSwishGrad": (lambda x: A.hardswish(x), "dy,x"),
    "SiLUGrad": (lambda x: torch.nn.functional.silu(x), "dy,x"),
    "FastGeLUGrad": (lambda x: x * torch.sigmoid(1.702 * x), "dy,x"),
}
for _name, _fn in _FROM_OUTPUT.items():
    globals()[_name] = _grad_primitive(_name, lambda self, y, dy, _f=_fn: _f(y, dy))
for _name, (_fwd, _order) in _FROM_INPUT.items():
    if _order == "x,dy":
        globals()[_name] = _grad_primitive(_name, lambda self, x, dy, _f=_fwd: _vjp(_f, x, dy))
    else:
        globals()[_name] = _grad_primitive(_name, lambda self, dy, x, _f=_fwd: _vjp(_f, x, dy))


def _elu_grad(self: Primitive, dy: Any, y: Any) -> Any:
    return torch.where(y > 0, dy, dy * (y + 1))


def _selu_grad(self: Primitive, dy: Any, y: Any) -> Any:
    return torch.where(y > 0, dy * _SELU_SCALE, dy * (y + _SELU_SCALE * _SELU_ALPHA))


def _gelu_grad(self: Primitive, dy: Any, x: Any, y: Any) -> Any:
    return _vjp(lambda t: N.gelu(t), x, dy)


def _log_softmax_grad(self: Primitive, y: Any, dy: Any) -> Any:
    return dy - torch.exp(y) * dy.sum(self.axis, keepdim=True)


def _shrink_grad(kind: str) -> Callable[..., Any]:
    forward = A.hardshrink if kind == "hard" else A.softshrink
    return lambda self, dy, x: _vjp(lambda t: forward(t, self.lambd), x, dy)


def _logit_grad(self: Primitive, dy: Any, x: Any) -> Any:
    if self.eps < 0:
        return dy / (x * (1 - x))
    return torch.where((x < self.eps) | (x > 1 - self.eps), torch.zeros_like(x), dy / (x * (1 - x)))


def _extreme_grad(pick_x: Callable[[Any, Any], Any]) -> Callable[..., Any]:
    def call(self: Primitive, x: Any, y: Any, dout: Any) -> tuple:
        mask = pick_x(x, y)
        zero = torch.zeros_like(dout)
        dx = torch.where(mask, dout, zero).sum_to_size(tuple(x.shape)) if self.grad_x else zero
        dy = torch.where(mask, zero, dout).sum_to_size(tuple(y.shape)) if self.grad_y else zero
        return dx, dy
    return call


def _bias_add_grad(self: Primitive, dout: Any) -> Any:
    channel = dout.dim() - 1 if self.data_format == "NHWC" else 1
    return dout.sum(tuple(d for d in range(dout.dim()) if d != channel))


def _pool_grad(pool: type) -> Callable[..., Any]:
    def call(self: Primitive, x: Any, out: Any, dout: Any) -> Any:
        forward = pool(self.kernel_size, self.strides, self.pad_mode, self.data_format)
        return _vjp(forward, x, dout)
    return call


def _strided_slice_grad(self: Primitive, dy: Any, shapex: Any, begin: Any, end: Any, strides: Any) -> Any:
    forward = StridedSlice(self.begin_mask, self.end_mask, self.ellipsis_mask, self.new_axis_mask,
                           self.shrink_axis_mask)
    zeros = dy.new_zeros(tuple(int(v) for v in shapex))
    return _vjp(lambda t: forward(t, begin, end, strides), zeros, dy)


def _slice_grad(self: Primitive, dy: Any, x: Any, begin: Any, size: Any) -> Any:
    out = dy.new_zeros(tuple(x.shape))
    index = tuple(slice(b, b + (s if s >= 0 else x.shape[i] - b)) for i, (b, s) in enumerate(zip(begin, size)))
    out[index] = dy
    return out


def _mirror_pad_grad(self: Primitive, dy: Any, paddings: Any) -> Any:
    pads = [tuple(int(v) for v in p) for p in (paddings.tolist() if hasattr(paddings, "tolist") else paddings)]
    shape = tuple(d - a - b for d, (a, b) in zip(dy.shape, pads))
    zeros = dy.new_zeros(shape)
    return _vjp(lambda t: MirrorPad(self.mode)(t, paddings), zeros, dy)


def _sigmoid_ce_grad(self: Primitive, x: Any, y: Any, dout: Any) -> Any:
    return (torch.sigmoid(x) - y) * dout


def _kl_div_grad(self: Primitive, grads: Any, x: Any, target: Any) -> Any:
    dx = -target * grads
    if self.reduction == "mean":
        dx = dx / x.numel()
    elif self.reduction == "batchmean":
        dx = dx / x.shape[0]
    return dx


def _flatten_grad(self: Primitive, x: Any, shape: Any) -> Any:
    return x.reshape(tuple(shape))


def _gather_d_grad(self: Primitive, x: Any, dim: int, index: Any, dout: Any) -> Any:
    return dout.new_zeros(tuple(x.shape)).scatter_add(dim, index.long(), dout)


def _trace_grad(self: Primitive, y_grad: Any, x_shape: Any) -> Any:
    rows, cols = (int(v) for v in (x_shape.tolist() if hasattr(x_shape, 'tolist') else x_shape))
    return y_grad.new_ones(()).expand(rows, cols).tril().triu() * y_grad


_CLASSES = {
    "EluGrad": (_elu_grad, ()), "SeluGrad": (_selu_grad, ()), "GeLUGrad": (_gelu_grad, ()),
    "LogSoftmaxGrad": (_log_softmax_grad, (("axis", -1),)),
    "HShrinkGrad": (_shrink_grad("hard"), (("lambd", 0.5),)),
    "SoftShrinkGrad": (_shrink_grad("soft"), (("lambd", 0.5),)),
    "LogitGrad": (_logit_grad, (("eps", -1.0),)),
    "MaximumGrad": (_extreme_grad(lambda x, y: x >= y), (("grad_x", True), ("grad_y", True))),
    "MinimumGrad": (_extreme_grad(lambda x, y: x <= y), (("grad_x", True), ("grad_y", True))),
    "BiasAddGrad": (_bias_add_grad, (("data_format", "NCHW"),)),
    "MaxPoolGrad": (_pool_grad(MaxPool), (("kernel_size", 1), ("strides", 1), ("pad_mode", "VALID"),
                                          ("data_format", "NCHW"))),
    "AvgPoolGrad": (_pool_grad(AvgPool), (("kernel_size", 1), ("strides", 1), ("pad_mode", "VALID"),
                                          ("data_format", "NCHW"))),
    "StridedSliceGrad": (_strided_slice_grad, (("begin_mask", 0), ("end_mask", 0), ("ellipsis_mask", 0),
                                               ("new_axis_mask", 0), ("shrink_axis_mask", 0))),
    "SliceGrad": (_slice_grad, ()), "MirrorPadGrad": (_mirror_pad_grad, (("mode", "REFLECT"),)),
    "SigmoidCrossEntropyWithLogitsGrad": (_sigmoid_ce_grad, ()),
    "KLDivLossGrad": (_kl_div_grad, (("reduction", "mean"),)),
    "FlattenGrad": (_flatten_grad, ()), "GatherDGradV2": (_gather_d_grad, ()), "TraceGrad": (_trace_grad, ()),
}
for _name, (_call, _attrs) in _CLASSES.items():
    globals()[_name] = _grad_primitive(_name, _call, _attrs)

__all__ = sorted([*_FROM_OUTPUT, *_FROM_INPUT, *_CLASSES])
