"""ONNX export (`mindspore.export(..., file_format="ONNX")` and `mindspore.onnx.export`) through torch.onnx.

The network's Python code is traced by torch's TorchScript-based ONNX exporter, which needs the `onnx` package
(`pip install mindshim[onnx]`); torch's newer torch.export-based exporter does not accept mindshim's tensors.
The graph therefore holds the ONNX operators torch emits (Conv, BatchNormalization, Gemm, ...), not MindSpore's
own ONNX converter's choices; the outputs are the same.
"""
from __future__ import annotations

import io
import os
import warnings
from typing import Any

import torch

from mindshim._errors import unsupported

_EXTRA = "pip install mindshim[onnx]"
_PROTO_LIMIT = 2 * 1024 ** 3


def _require_onnx() -> None:
    try:
        import onnx  # noqa: F401  (torch's exporter imports it)
    except ImportError as exc:
        raise ImportError(f"ONNX export needs the 'onnx' package, which is not installed: {_EXTRA}") from exc


def onnx_file_name(file_name: str) -> str:
    """MindSpore's rule: the absolute path, with ".onnx" appended unless the name already ends with it."""
    path = os.path.realpath(file_name)
    return path if path.endswith(".onnx") else path + ".onnx"


def _plain(value: Any) -> Any:
    if isinstance(value, torch.Tensor):
        return value.detach()
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    return value


def export_onnx(net: Any, inputs: tuple, file_name: str, input_names: list | None = None,
                output_names: list | None = None, export_params: bool = True,
                keep_initializers_as_inputs: bool = False, dynamic_axes: dict | None = None,
                **kwargs: Any) -> str:
    """Write `net` applied to `inputs` as an ONNX model; returns the file written."""
    from mindshim.nn import Cell
    if not isinstance(net, Cell):
        raise ValueError(f"Export ONNX format model only support nn.Cell object, but got {type(net)}.")
    for name, value in (("input_names", input_names), ("output_names", output_names)):
        if value is not None and not isinstance(value, list):
            raise ValueError(f"The parameter '{name}' must be list type, but got {type(value)}.")
    if dynamic_axes is not None and not isinstance(dynamic_axes, dict):
        raise ValueError(f"The parameter 'dynamic_axes' must be dict type, but got {type(dynamic_axes)}.")
    for value in inputs:
        if isinstance(value, torch.Tensor) and -1 in tuple(value.shape):
            raise ValueError("Export ONNX format model not support dynamic shape mode.")
    enc_key, enc_mode = kwargs.pop("enc_key", None), kwargs.pop("enc_mode", None)
    if enc_key is not None and not callable(enc_mode):
        raise ValueError(f"AIR/ONNX only support customized encryption, but got {enc_mode or 'AES-GCM'}.")
    if kwargs.get("custom_func") is not None:
        raise ValueError("Currently only support custom_func for MindIR format, but got ONNX format.")
    unknown = {key for key, value in kwargs.items() if key != "custom_func" and value not in (None, False)}
    if unknown:
        raise unsupported("mindspore.export(file_format='ONNX')", f"arguments {sorted(unknown)}")
    _require_onnx()
    size = sum(p.numel() * p.element_size() for p in net.get_parameters())
    if size > _PROTO_LIMIT:
        raise unsupported("mindspore.export(file_format='ONNX')", "networks over 2 GB (external data files)")
    path = onnx_file_name(file_name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    was_training = net.training
    net.set_train(False)
    stream = io.BytesIO()
    try:
        with warnings.catch_warnings(), torch.no_grad():
            warnings.simplefilter("ignore", DeprecationWarning)  # the TorchScript exporter's deprecation notice
            torch.onnx.export(net, tuple(_plain(v) for v in inputs), stream, dynamo=False, input_names=input_names,
                              output_names=output_names, export_params=export_params,
                              keep_initializers_as_inputs=keep_initializers_as_inputs, dynamic_axes=dynamic_axes)
    finally:
        net.set_train(was_training)
    data = stream.getvalue()
    if enc_key is not None:
        data = enc_mode(data, enc_key)
    with open(path, "wb") as f:
        f.write(data)
    return path


def export(net: Any, *inputs: Any, file_name: str, input_names: list | None = None,
           output_names: list | None = None, export_params: bool = True, keep_initializers_as_inputs: bool = False,
           dynamic_axes: dict | None = None) -> None:
    """mindspore.onnx.export's signature."""
    export_onnx(net, inputs, file_name, input_names=input_names, output_names=output_names,
                export_params=export_params, keep_initializers_as_inputs=keep_initializers_as_inputs,
                dynamic_axes=dynamic_axes)
