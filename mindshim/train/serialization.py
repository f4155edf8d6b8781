"""mindspore.save_checkpoint / load_checkpoint / load_param_into_net on MindSpore's own .ckpt format.

- Keys are `param.name` (the structural names MindSpore gives); a train cell saves its optimizer
  state too (`moments.*`, `global_step`, `learning_rate`, ...), so training resumes exactly.
- Writes are atomic: a temporary file in the same folder, flushed and fsynced, then `os.replace`;
  a failure part-way leaves the previous checkpoint untouched.
- `append_dict` values: int -> Int64 scalar, float -> Float32 scalar, bool -> Bool, str -> "str",
  Tensor -> its dtype. Loading returns Parameters (named as saved) and plain `str` for strings.
- A truncated or corrupt file raises ValueError naming the file; nothing in a file is executed.
"""
from __future__ import annotations

import os
import tempfile
from typing import Any, Callable

import numpy as np
import torch

from mindshim._errors import unsupported
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.train import _checkpoint_format as fmt


def _value_array(data: Any) -> Any:
    if isinstance(data, str):
        return data
    if isinstance(data, torch.Tensor):
        t = data.detach().as_subclass(torch.Tensor).cpu()
        if t.dtype == torch.bfloat16:
            return _BF16(t.view(torch.uint16).numpy())
        return t.numpy()
    if isinstance(data, bool):
        return np.array(data)
    if isinstance(data, int):
        return np.array(data, np.int64)
    if isinstance(data, float):
        return np.array(data, np.float32)
    return np.asarray(data)


class _BF16:
    """bfloat16 payload: the raw 16-bit patterns."""

    def __init__(self, bits: np.ndarray) -> None:
        self.bits = bits


def _entries(tag: str, value: Any) -> list[fmt.Entry]:
    if isinstance(value, _BF16):
        return [fmt.Entry(tag, list(value.bits.shape), "BFloat16", np.ascontiguousarray(value.bits).tobytes())]
    return fmt.entries_for(tag, value)


def _items_of(save_obj: Any, choice_func: Callable | None) -> list[tuple[str, Any]]:
    from mindshim.nn.cell import Cell
    if isinstance(save_obj, Cell):
        items = [(p.name, p) for _, p in save_obj.parameters_and_names()]
    elif isinstance(save_obj, dict):
        items = list(save_obj.items())
    elif isinstance(save_obj, list):
        items = []
        for d in save_obj:
            if not isinstance(d, dict) or "name" not in d or "data" not in d:
                raise TypeError("For 'save_checkpoint', each element of a list 'save_obj' must be a dict with "
                                "'name' and 'data'.")
            items.append((d["name"], d["data"]))
    else:
        raise TypeError(f"For 'save_checkpoint', 'save_obj' must be a Cell, list or dict, but got "
                        f"{type(save_obj).__name__}.")
    if choice_func is not None:
        items = [(k, v) for k, v in items if choice_func(k)]
    return items


def _ckpt_path(name: str) -> str:
    name = os.fspath(name)
    return name if name.endswith(".ckpt") else name + ".ckpt"


def save_checkpoint(save_obj: Any, ckpt_file_name: str, integrated_save: bool = True, async_save: bool = False,
                    append_dict: dict | None = None, enc_key: Any = None, enc_mode: str = "AES-GCM",
                    choice_func: Callable | None = None, crc_check: bool = False, format: str = "ckpt",
                    **kwargs: Any) -> None:
    if enc_key is not None:
        raise unsupported("mindspore.save_checkpoint(enc_key=...)", "encrypted checkpoints")
    if crc_check:
        raise unsupported("mindspore.save_checkpoint(crc_check=True)")
    if format != "ckpt":
        raise unsupported(f"mindspore.save_checkpoint(format={format!r})")
    path = _ckpt_path(ckpt_file_name)
    items = _items_of(save_obj, choice_func)
    for k, v in (append_dict or {}).items():
        if not isinstance(v, (int, float, bool, str, torch.Tensor)):
            raise TypeError(f"For 'save_checkpoint', the value of append_dict[{k!r}] must be int, float, bool, str "
                            f"or Tensor, but got {type(v).__name__}.")
        items.append((k, v))
    payload = b"".join(fmt.encode_entry(e) for k, v in items for e in _entries(k, _value_array(v)))
    _atomic_write(path, payload)


def _atomic_write(path: str, payload: bytes) -> None:
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def _to_parameter(entry: fmt.Entry) -> Any:
    value = fmt.array_of(entry)
    if isinstance(value, str):
        return value
    arr, is_bf16 = value
    if is_bf16:
        data = torch.from_numpy(arr.astype(np.int16)).view(torch.bfloat16)
        return Parameter(Tensor(data), name=entry.tag)
    return Parameter(Tensor(arr), name=entry.tag)


def load_checkpoint(ckpt_file_name: str, net: Any = None, strict_load: bool = False, filter_prefix: Any = None,
                    dec_key: Any = None, dec_mode: str = "AES-GCM", specify_prefix: Any = None,
                    choice_func: Callable | None = None, crc_check: bool = False, remove_redundancy: bool = False,
                    format: str = "ckpt") -> dict:
    if dec_key is not None:
        raise unsupported("mindspore.load_checkpoint(dec_key=...)", "encrypted checkpoints")
    path = os.fspath(ckpt_file_name)
    if not os.path.isfile(path):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file {path!r} does not exist.")
    with open(path, "rb") as f:
        data = f.read()
    try:
        entries = fmt.decode(data)
    except (fmt.CheckpointFormatError, UnicodeDecodeError) as err:
        raise ValueError(f"For 'load_checkpoint', the checkpoint file {path!r} is corrupt or not a MindSpore "
                         f"checkpoint: {err}.") from None
    if not entries:
        raise ValueError(f"For 'load_checkpoint', the checkpoint file {path!r} is empty.")
    prefixes = (filter_prefix,) if isinstance(filter_prefix, str) else tuple(filter_prefix or ())
    keep = (specify_prefix,) if isinstance(specify_prefix, str) else tuple(specify_prefix or ())
    params = {}
    for e in entries:
        if prefixes and e.tag.startswith(prefixes):
            continue
        if keep and not e.tag.startswith(keep):
            continue
        if choice_func is not None and not choice_func(e.tag):
            continue
        try:
            params[e.tag] = _to_parameter(e)
        except fmt.CheckpointFormatError as err:
            raise ValueError(f"For 'load_checkpoint', the checkpoint file {path!r} is corrupt: {err}.") from None
    if net is not None:
        load_param_into_net(net, params, strict_load)
    return params


def load_param_into_net(net: Any, parameter_dict: dict, strict_load: bool = False,
                        remove_redundancy: bool = False) -> tuple[list, list]:
    """Copy values into `net`'s parameters by name; returns (param_not_load, ckpt_not_load)."""
    from mindshim.nn.cell import Cell
    if not isinstance(net, Cell):
        raise TypeError(f"For 'load_param_into_net', 'net' must be a Cell, but got {type(net).__name__}.")
    if not isinstance(parameter_dict, dict):
        raise TypeError(f"For 'load_param_into_net', 'parameter_dict' must be a dict, but got "
                        f"{type(parameter_dict).__name__}.")
    param_not_load: list[str] = []
    ckpt_not_load = list(parameter_dict)
    for _, param in net.parameters_and_names():
        new = parameter_dict.get(param.name)
        if new is None or not hasattr(new, "shape"):
            param_not_load.append(param.name)
            continue
        if tuple(new.shape) != tuple(param.shape):
            raise RuntimeError(f"For 'load_param_into_net', {param.name} in the network has shape {param.shape} "
                               f"but the checkpoint has {tuple(new.shape)}.")
        if strict_load and new.dtype != param.dtype:
            raise RuntimeError(f"For 'load_param_into_net', {param.name} has dtype {param.dtype} in the network but "
                               f"{new.dtype} in the checkpoint.")
        param.set_data(new.to(param.dtype) if new.dtype != param.dtype else new)
        ckpt_not_load.remove(param.name)
    if param_not_load:
        import logging
        logging.getLogger("mindshim").warning(
            "For 'load_param_into_net', %d parameters in the 'net' are not loaded, because they are not in the "
            "'parameter_dict': %s", len(param_not_load), param_not_load)
    return param_not_load, ckpt_not_load


def export(net: Any, *inputs: Any, file_name: str = "", file_format: str = "MINDIR", **kwargs: Any) -> None:
    raise unsupported("mindspore.export", f"{file_format} export needs MindSpore's graph compiler")


def load(file_name: str, **kwargs: Any) -> Any:
    raise unsupported("mindspore.load", "MindIR graphs need MindSpore's runtime")


__all__ = ["save_checkpoint", "load_checkpoint", "load_param_into_net", "export", "load"]
