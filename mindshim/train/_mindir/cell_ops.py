"""Whole-cell lowerings for MindIR export: layer cells whose torch implementation (padding plans, reshapes)
is not what MindSpore writes. Each emits MindSpore 2.10's primitives for the call, with the attributes its own
export writes (Conv2D and MaxPool are old-style primitives with attributes; the rest take arguments as inputs).
"""
from __future__ import annotations

from typing import Any, Callable

import torch

from mindshim._errors import unsupported
from mindshim.nn.layer.basic import Dense
from mindshim.nn.layer.conv import Conv2d
from mindshim.nn.layer.normalization import LayerNorm
from mindshim.nn.layer.pooling import AvgPool2d, MaxPool2d
from mindshim.train._mindir.torch_ops import layer_norm_nodes, linear_nodes
from mindshim.train._mindir.trace import Tracer, meta_like

_API = "mindspore.export(file_format='MINDIR')"
_PAD_ENUM = {"PAD": 0, "SAME": 1, "VALID": 2}


def _same_pad_list(sizes: list[int], kernel: tuple, stride: tuple, dilation: tuple) -> list[int]:
    pads: list[int] = []
    for n, k, s, d in zip(sizes, kernel, stride, dilation):
        total = max((-(-n // s) - 1) * s + d * (k - 1) + 1 - n, 0)
        pads += [total // 2, total - total // 2]
    return pads  # (top, bottom, left, right)


def _conv2d(tr: Tracer, cell: Any, args: tuple, out: Any) -> None:
    x = args[0]
    if cell.data_format != "NCHW":
        raise unsupported(_API, f"Conv2d with data_format={cell.data_format!r}")
    if cell.pad_mode == "same":
        pad, pad_list = (0, 0, 0, 0), _same_pad_list(list(x.shape[2:]), cell.kernel_size, cell.stride, cell.dilation)
    elif cell.pad_mode == "pad":
        p = cell.padding
        pad = (p,) * 4 if isinstance(p, int) else tuple(p)
        pad_list = list(pad)
    else:
        pad, pad_list = (0, 0, 0, 0), [0, 0, 0, 0]
    attrs = {"kernel_size": tuple(cell.kernel_size), "mode": 1, "out_channel": cell.out_channels,
             "input_names": ["x", "w"], "pad": tuple(pad), "pad_mode": cell.pad_mode, "format": "NCHW",
             "pad_list": tuple(pad_list), "groups": cell.group, "stride": (1, 1) + tuple(cell.stride),
             "group": cell.group, "dilation": (1, 1) + tuple(cell.dilation), "output_names": ["output"]}
    if cell.bias is None:
        tr.emit("Conv2D", [x, cell.weight], out, attrs, instance_name="conv2d")
        return
    conv = tr.emit("Conv2D", [x, cell.weight], meta_like(out), attrs, bind=False, instance_name="conv2d")
    tr.bind(out, tr.emit_named("BiasAdd", [conv, tr.name_of(cell.bias), tr.const(0)], out, instance_name="bias_add"))


def _activation(tr: Tracer, act: Any, x_name: str, out: torch.Tensor) -> str:
    from mindshim.nn.layer import activation as A
    ops = {A.ReLU: "ReLU", A.Sigmoid: "Sigmoid", A.Tanh: "Tanh"}
    if type(act) in ops:
        return tr.emit_named(ops[type(act)], [x_name], out)
    if isinstance(act, A.GELU) and act.approximate:
        return tr.emit_named("GeLU", [x_name], out)
    if isinstance(act, A.Softmax):
        return tr.emit_named("Softmax", [x_name, tr.const((int(act.axis),))], out, instance_name="softmax")
    raise unsupported(_API, f"Dense with activation {type(act).__name__}")


def _dense(tr: Tracer, cell: Any, args: tuple, out: Any) -> None:
    act = cell.activation
    linear_nodes(tr, args[0], cell.weight, cell.bias, out,
                 None if act is None else lambda name, flat: _activation(tr, act, name, flat))


def _pool(kind: str) -> Callable:
    def lower(tr: Tracer, cell: Any, args: tuple, out: Any) -> None:
        if cell.pad_mode == "PAD" or getattr(cell, "return_indices", False) or getattr(cell, "_ceil", False):
            raise unsupported(_API, f"{type(cell).__name__} with pad_mode='pad', ceil_mode or return_indices")
        kernel, stride = tuple(cell._k), tuple(cell._s)
        if kind == "MaxPool":
            attrs = {"pad_mode": cell.pad_mode, "output_names": ["output"], "kernel_size": (1, 1) + kernel,
                     "format": "NCHW", "strides": (1, 1) + stride, "input_names": ["x"]}
            tr.emit("MaxPool", [args[0]], out, attrs, instance_name="max_pool")
        else:
            tr.emit("AvgPool", [args[0], kernel, stride, _PAD_ENUM[cell.pad_mode], 0], out, instance_name="avg_pool")
    return lower


def _layer_norm(tr: Tracer, cell: Any, args: tuple, out: Any) -> None:
    x = args[0]
    layer_norm_nodes(tr, x, cell.gamma, cell.beta, cell.begin_norm_axis % x.dim(),
                     cell.begin_params_axis % x.dim(), cell.epsilon, out)


LOWERINGS: dict[type, Callable] = {Conv2d: _conv2d, Dense: _dense, MaxPool2d: _pool("MaxPool"),
                                   AvgPool2d: _pool("AvgPool"), LayerNorm: _layer_norm}
