"""torch kernels for the MindSpore primitives a MindIR graph may call.

Each kernel takes the node's inputs (already resolved values) and the primitive's attributes. A primitive written
as PRIMITIVE_FUNCTION (2.x) passes every argument as an input; an old-style PRIMITIVE (Conv2D, MaxPool) keeps its
configuration in attributes. Enum arguments are MindSpore's integers: pad_mode PAD=0 SAME=1 VALID=2, data_format
NCHW=0 NHWC=1.
"""
from __future__ import annotations

from typing import Any, Callable

import torch
import torch.nn.functional as F

MONAD = object()  # the U/IO monad tokens that order side effects; they carry no value
Kernel = Callable[[list, dict], Any]


def _same_pads(sizes: list[int], kernel: list[int], stride: list[int], dilation: list[int]) -> list[int]:
    """TensorFlow SAME padding as F.pad's last-dim-first (before, after) list."""
    pads: list[int] = []
    for n, k, s, d in reversed(list(zip(sizes, kernel, stride, dilation))):
        total = max((-(-n // s) - 1) * s + d * (k - 1) + 1 - n, 0)
        pads += [total // 2, total - total // 2]
    return pads


def _pad_mode(value: Any) -> str:
    if isinstance(value, str):
        return value.lower()
    return {0: "pad", 1: "same", 2: "valid"}[int(value)]


def _conv2d(args: list, attrs: dict) -> torch.Tensor:
    x, w = args[0], args[1]
    stride, dilation = list(attrs["stride"])[-2:], list(attrs["dilation"])[-2:]
    mode = _pad_mode(attrs.get("pad_mode", "valid"))
    if mode == "same":
        pads = _same_pads(list(x.shape[2:]), list(w.shape[2:]), stride, dilation)
    elif mode == "pad":
        top, bottom, left, right = attrs.get("pad_list") or attrs["pad"]
        pads = [left, right, top, bottom]
    else:
        pads = [0, 0, 0, 0]
    if any(pads):
        x = F.pad(x, pads)
    return F.conv2d(x, w, None, stride, 0, dilation, int(attrs.get("group", 1)))


def _pool(x: torch.Tensor, kernel: list[int], stride: list[int], mode: str, kind: str) -> torch.Tensor:
    kernel, stride = list(kernel)[-2:], list(stride)[-2:]
    if mode == "same":
        pads = _same_pads(list(x.shape[2:]), kernel, stride, [1, 1])
        if kind == "max":
            return F.max_pool2d(F.pad(x, pads, value=float("-inf")), kernel, stride)
        total = F.avg_pool2d(F.pad(x, pads), kernel, stride)
        count = F.avg_pool2d(F.pad(torch.ones_like(x[:1, :1]), pads), kernel, stride)
        return total / count  # padding is not counted, as in MindSpore's SAME average pooling
    if kind == "max":
        return F.max_pool2d(x, kernel, stride)
    return F.avg_pool2d(x, kernel, stride)


def _pool_kernel(kind: str) -> Kernel:
    def run(args: list, attrs: dict) -> torch.Tensor:
        if len(args) > 1:  # PRIMITIVE_FUNCTION: x, kernel_size, strides, pad_mode, data_format
            return _pool(args[0], args[1], args[2], _pad_mode(args[3]), kind)
        return _pool(args[0], attrs["kernel_size"], attrs["strides"], _pad_mode(attrs["pad_mode"]), kind)
    return run


def _bias_add(args: list, attrs: dict) -> torch.Tensor:
    x, b = args[0], args[1]
    fmt = args[2] if len(args) > 2 else attrs.get("data_format", 0)
    if fmt in (1, "NHWC") or x.dim() < 3:
        return x + b
    return x + b.reshape((1, -1) + (1,) * (x.dim() - 2))


def _batch_norm(args: list, attrs: dict) -> tuple:
    x, scale, bias, mean, var = args[:5]
    eps = args[6] if len(args) > 6 else attrs.get("epsilon", 1e-5)
    y = F.batch_norm(x, mean, var, scale, bias, False, 0.0, float(eps))
    return (y, mean, var, mean, var)


def _layer_norm(args: list, attrs: dict) -> tuple:
    x, gamma, beta = args[:3]
    begin = int(args[3]) if len(args) > 3 else int(attrs.get("begin_norm_axis", 1))
    eps = float(args[5]) if len(args) > 5 else float(attrs.get("epsilon", 1e-7))
    begin %= x.dim()
    dims = tuple(range(begin, x.dim()))
    mean = x.mean(dims, keepdim=True)
    var = x.var(dims, unbiased=False, keepdim=True)
    rstd = torch.rsqrt(var + eps)
    return ((x - mean) * rstd * gamma + beta, mean, rstd)


def _matmul(args: list, attrs: dict) -> torch.Tensor:
    a, b = args[0], args[1]
    ta = bool(args[2]) if len(args) > 2 else bool(attrs.get("transpose_a", False))
    tb = bool(args[3]) if len(args) > 3 else bool(attrs.get("transpose_b", False))
    return torch.matmul(a.transpose(-1, -2) if ta else a, b.transpose(-1, -2) if tb else b)


def _softmax(args: list, attrs: dict) -> torch.Tensor:
    axis = args[1] if len(args) > 1 else attrs.get("axis", -1)
    axis = axis[0] if isinstance(axis, (tuple, list)) else axis
    return torch.softmax(args[0], int(axis))


def _gather(args: list, attrs: dict) -> torch.Tensor:
    params, indices = args[0], args[1]
    axis = int(args[2]) if len(args) > 2 else 0
    batch_dims = int(args[3]) if len(args) > 3 else 0
    if batch_dims:
        raise NotImplementedError("Gather with batch_dims")
    axis %= params.dim()
    out = torch.index_select(params, axis, indices.reshape(-1).long())
    shape = list(params.shape[:axis]) + list(indices.shape) + list(params.shape[axis + 1:])
    return out.reshape(shape)


def _scalar_or_tensor(v: Any, like: torch.Tensor) -> Any:
    return v if isinstance(v, torch.Tensor) else torch.tensor(v, dtype=like.dtype)


def _binary(fn: Callable[[Any, Any], Any]) -> Kernel:
    def run(args: list, attrs: dict) -> Any:
        a, b = args[0], args[1]
        if isinstance(a, torch.Tensor) and not isinstance(b, torch.Tensor):
            b = _scalar_or_tensor(b, a)
        elif isinstance(b, torch.Tensor) and not isinstance(a, torch.Tensor):
            a = _scalar_or_tensor(a, b)
        return fn(a, b)
    return run


def _unary(fn: Callable[[torch.Tensor], torch.Tensor]) -> Kernel:
    return lambda args, attrs: fn(args[0])


def _reduce(fn: Callable) -> Kernel:
    def run(args: list, attrs: dict) -> torch.Tensor:
        x = args[0]
        axis = args[1] if len(args) > 1 else ()
        keep = bool(args[2]) if len(args) > 2 else bool(attrs.get("keep_dims", False))
        axis = (axis,) if isinstance(axis, int) else tuple(axis or range(x.dim()))
        return fn(x, dim=axis, keepdim=keep)
    return run


# MindSpore's TypeId numbers of the number types, as Cast takes them (checked on MindSpore 2.10's export)
TYPE_IDS: dict[int, torch.dtype] = {30: torch.bool, 32: torch.int8, 33: torch.int16, 34: torch.int32,
                                    35: torch.int64, 37: torch.uint8, 42: torch.float16, 43: torch.float32,
                                    44: torch.float64, 45: torch.bfloat16}


def _cast(args: list, attrs: dict) -> torch.Tensor:
    dtype = TYPE_IDS.get(int(args[1]))
    if dtype is None:
        raise NotImplementedError(f"Cast to MindSpore type id {args[1]}")
    return args[0].to(dtype)


def _squeeze(args: list, attrs: dict) -> torch.Tensor:
    axis = args[1] if len(args) > 1 else attrs.get("axis", ())
    axis = (axis,) if isinstance(axis, int) else tuple(axis)
    if not axis:
        return args[0].squeeze()
    return args[0].squeeze(tuple(a % args[0].dim() for a in axis))


def _adaptive_avg_pool(args: list, attrs: dict) -> torch.Tensor:
    size = attrs.get("output_size", args[1] if len(args) > 1 else None)
    size = tuple(args[0].shape[-2 + i] if s is None else int(s) for i, s in enumerate(size))
    return F.adaptive_avg_pool2d(args[0], size)


def _split(args: list, attrs: dict) -> tuple:
    x = args[0]
    axis = int(args[1] if len(args) > 1 else attrs.get("axis", 0)) % x.dim()
    parts = int(args[2] if len(args) > 2 else attrs.get("output_num", 1))
    return tuple(torch.split(x, x.shape[axis] // parts, axis))


def _tuple_get_item(args: list, attrs: dict) -> Any:
    return args[0][int(args[1])]


KERNELS: dict[str, Kernel] = {
    "Load": lambda args, attrs: args[0],
    "Depend": lambda args, attrs: args[0],
    "UpdateState": lambda args, attrs: MONAD,
    "MakeTuple": lambda args, attrs: tuple(args),
    "MakeList": lambda args, attrs: list(args),
    "TupleGetItem": _tuple_get_item,
    "ListGetItem": _tuple_get_item,
    "Conv2D": _conv2d,
    "BiasAdd": _bias_add,
    "BatchNorm": _batch_norm,
    "LayerNorm": _layer_norm,
    "MaxPool": _pool_kernel("max"),
    "AvgPool": _pool_kernel("avg"),
    "MatMul": _matmul,
    "BatchMatMul": _matmul,
    "MatMulExt": lambda args, attrs: torch.matmul(args[0], args[1]),
    "BatchMatMulExt": lambda args, attrs: torch.matmul(args[0], args[1]),
    "Softmax": _softmax,
    "LogSoftmax": lambda args, attrs: torch.log_softmax(args[0], int(args[1]) if len(args) > 1 else -1),
    "Reshape": lambda args, attrs: args[0].reshape(tuple(int(d) for d in args[1])),
    "Transpose": lambda args, attrs: args[0].permute(tuple(int(d) for d in args[1])),
    "Flatten": lambda args, attrs: args[0].reshape(args[0].shape[0], -1),
    "ExpandDims": lambda args, attrs: args[0].unsqueeze(int(args[1])),
    "Gather": _gather,
    "ReLU": _unary(torch.relu),
    "GeLU": _unary(lambda x: F.gelu(x, approximate="tanh")),
    "Sigmoid": _unary(torch.sigmoid),
    "Tanh": _unary(torch.tanh),
    "Erf": _unary(torch.erf),
    "Exp": _unary(torch.exp),
    "Sqrt": _unary(torch.sqrt),
    "Rsqrt": _unary(torch.rsqrt),
    "Neg": _unary(torch.neg),
    "Abs": _unary(torch.abs),
    "Add": _binary(torch.add),
    "Sub": _binary(torch.sub),
    "Mul": _binary(torch.mul),
    "Div": _binary(torch.div),
    "RealDiv": _binary(torch.div),
    "Muls": _binary(torch.mul),
    "Divs": _binary(torch.div),
    "Pow": _binary(torch.pow),
    "Maximum": _binary(torch.maximum),
    "Minimum": _binary(torch.minimum),
    "ReduceMean": _reduce(torch.mean),
    "ReduceSum": _reduce(torch.sum),
    "MeanExt": _reduce(torch.mean),
    "SumExt": _reduce(torch.sum),
    "Squeeze": _squeeze,
    "Split": _split,
    "Cast": _cast,
    "AdaptiveAvgPool2D": _adaptive_avg_pool,
    "Concat": lambda args, attrs: torch.cat(list(args[0]), int(args[1]) if len(args) > 1 else 0),
}

__all__ = ["KERNELS", "MONAD"]
