"""mindspore.save_checkpoint / load_checkpoint / load_param_into_net on MindSpore's own .ckpt format.

Mapping decisions against MindSpore 2.10 (`mindspore/train/serialization.py`):
- `save_obj` is a Cell (keys are `param.name` in `parameters_and_names()` order, so a train cell saves its
  optimizer state too: `moments.*`, `global_step`, `learning_rate`, `beta1_power`, ...), a list of
  Parameters or of `{"name", "data"}` dicts, or a dict name -> Parameter/Tensor/ndarray/str.
  `append_dict` values: int -> Int64 scalar, float -> Float32 scalar, bool -> Bool scalar, str -> "str",
  Tensor/Parameter -> its dtype. A name given twice (append_dict included) is written once, in its first
  place, with its last value. A file name not ending in "ckpt" gets ".ckpt"; the file ends read-only
  (0o400) as MindSpore leaves it.
- Writes are atomic, unlike MindSpore (which deletes the old file first): values stream into a temporary
  file in the same folder, which is fsynced and then `os.replace`d over the target; any failure part-way
  removes the temporary file and leaves the previous checkpoint untouched.
- `async_save` saves synchronously (the file is complete when the call returns, which is what a script
  waiting on it needs); `integrated_save` only matters for parallel training.
- `crc_check=True` writes and verifies MindSpore's `crc_num` trailer; `enc_key` and `dec_key` raise
  "not supported". `format="safetensors"` writes and reads MindSpore's safetensors layout
  (`_safetensors_format`); a string value there is a TypeError (MindSpore 2.10 fails with an internal
  UnboundLocalError).
- Loading returns name -> Parameter (named as saved; bfloat16 stays bfloat16) and plain `str` for strings.
  Corrupt, truncated or non-checkpoint files raise ValueError naming the file, as MindSpore does; nothing
  in a file is executed (no pickle).
- `load_param_into_net` follows MindSpore: returns `(param_not_load, ckpt_not_load)`, converts float<->float
  and int<->int dtypes unless `strict_load`, raises RuntimeError on shape or kind mismatch, skips
  `accu_grads*`, retries unmatched names with a common prefix removed, and warns about what it left out.
"""
from __future__ import annotations

import binascii
import logging
import os
import stat
import tempfile
import threading
from concurrent.futures import Future
from typing import Any, Callable, Iterator

import numpy as np
import torch

from mindshim._errors import unsupported
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor
from mindshim.train import _checkpoint_format as fmt
from mindshim.train import _safetensors_format as st
from mindshim.train._mindir.api import export, export_split_mindir, load, load_mindir, save_mindir  # MindIR

logger = logging.getLogger("mindshim")
_FLOATS = {torch.float16, torch.float32, torch.float64, torch.bfloat16}
_INTS = {torch.int8, torch.int16, torch.int32, torch.int64}


# ----- saving -----
def _entry_of_value(name: str, data: Any) -> fmt.Entry:
    if isinstance(data, str):
        return fmt.entry_for(name, data)
    if isinstance(data, torch.Tensor):
        t = data.detach().as_subclass(torch.Tensor).cpu().contiguous()
        if t.dtype == torch.bfloat16:
            return fmt.entry_for(name, t.view(torch.int16).numpy().view(np.uint16), "BFloat16")
        return fmt.entry_for(name, t.numpy())
    if isinstance(data, bool):
        return fmt.entry_for(name, np.array(data))
    if isinstance(data, int):
        return fmt.entry_for(name, np.array(data, np.int64))
    if isinstance(data, float):
        return fmt.entry_for(name, np.array(data, np.float32))
    return fmt.entry_for(name, np.asarray(data))


def _list_items(save_obj: list, choice_func: Callable | None) -> list[tuple[str, Any]]:
    items = []
    for element in save_obj:
        if isinstance(element, dict):
            if "name" not in element or "data" not in element:
                raise TypeError(f"For save_checkpoint, save_obj should be a list of dict items, and the dict should "
                                f"have key values 'name' and 'data', but got {element}.")
            if not isinstance(element["name"], str):
                raise TypeError(f"For save_checkpoint, when save_obj is a list of dict items, the name in dict "
                                f"should be string, but got {type(element['name'])}.")
            if not isinstance(element["data"], torch.Tensor):
                raise TypeError(f"For save_checkpoint, when save_obj is a list of dict items, the data in dict "
                                f"should be parameter, but got {type(element['data'])}.")
            items.append((element["name"], element["data"]))
        elif isinstance(element, Parameter):
            items.append((element.name, element))
        else:
            raise TypeError(f"For save_checkpoint, when save_obj is made up by list of Parameter, the param should "
                            f"be parameter, but got {type(element)}")
    return [(k, v) for k, v in items if choice_func is None or choice_func(k)]


def _items_of(save_obj: Any, choice_func: Callable | None) -> list[tuple[str, Any]]:
    from mindshim.nn.cell import Cell
    if isinstance(save_obj, Cell):
        items = [(p.name, p) for _, p in save_obj.parameters_and_names()]
    elif isinstance(save_obj, dict):
        items = []
        for key, value in save_obj.items():
            if not isinstance(key, str) or not isinstance(value, (torch.Tensor, np.ndarray, str)):
                raise TypeError(f"For save_checkpoint, when save_obj is made up by dict, the key should be str and "
                                f"value should be Parameter, but got the type of key is {type(key)} and the type "
                                f"of value is {type(value)}")
            items.append((key, value))
    elif isinstance(save_obj, list):
        return _list_items(save_obj, choice_func)
    else:
        raise TypeError(f"For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, but got "
                        f"{type(save_obj)}.")
    return [(k, v) for k, v in items if choice_func is None or choice_func(k)]


def _check_append_dict(append_dict: Any) -> dict:
    if append_dict is None:
        return {}
    if not isinstance(append_dict, dict):
        raise TypeError(f"For 'save_checkpoint', the argument 'append_dict' must be dict, but got {type(append_dict)}.")
    for key, value in append_dict.items():
        if not isinstance(key, str) or not isinstance(value, (int, float, bool, str, torch.Tensor)):
            raise TypeError(f"For 'save_checkpoint', the type of dict 'append_info' must be key: string, value: int, "
                            f"float, bool or Generator, but got key: {type(key)}, value: {type(value)}")
    return append_dict


def _ckpt_path(ckpt_file_name: Any, file_format: str = "ckpt") -> str:
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'save_checkpoint', the parameter {ckpt_file_name} for checkpoint file name is invalid,"
                        f"'ckpt_file_name' must be string, but got {type(ckpt_file_name)}.")
    path = os.path.realpath(ckpt_file_name)
    if os.path.isdir(path):
        raise IsADirectoryError(f"For 'save_checkpoint', the parameter `ckpt_file_name`: {path} is a directory, "
                                f"it must be a file name.")
    return path if path.endswith(file_format) else f"{path}.{file_format}"


def save_checkpoint(save_obj: Any, ckpt_file_name: str, integrated_save: bool = True,
                    async_save: bool | str = False, append_dict: dict | None = None, enc_key: bytes | None = None,
                    enc_mode: str = "AES-GCM", choice_func: Callable | None = None, crc_check: bool = False,
                    format: str = "ckpt", **kwargs: Any) -> None:
    """Write `save_obj` (and `append_dict`) to a MindSpore .ckpt file, atomically."""
    if format not in ("ckpt", "safetensors"):
        raise ValueError(f"For 'save_checkpoint', the format must be 'safetensors' or 'ckpt', but got {format}.")
    if enc_key is not None:
        raise unsupported("mindspore.save_checkpoint(enc_key=...)", "encrypted checkpoints")
    if not isinstance(async_save, (bool, str)):
        raise TypeError(f"For 'save_checkpoint', the parameter 'async_save' must be bool or str, but got "
                        f"{type(async_save)}.")
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError(f"For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread',"
                         f"but got {async_save}.")
    if not isinstance(crc_check, bool):
        raise TypeError(f"For 'save_checkpoint', the 'crc_check' must be bool, but got {type(crc_check)}.")
    if not isinstance(save_obj, (list, dict)):
        from mindshim.nn.cell import Cell
        if not isinstance(save_obj, Cell):
            raise TypeError(f"For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, but "
                            f"got {type(save_obj)}.")
    path = _ckpt_path(ckpt_file_name, format)
    named: dict[str, Any] = {}
    for name, data in _items_of(save_obj, choice_func) + list(_check_append_dict(append_dict).items()):
        named[name] = data  # a repeated name keeps its first place and takes the last value, as in MindSpore
    entries = (_entry_of_value(name, data) for name, data in named.items())
    if format == "safetensors":
        _atomic_write(path, st.encode((e.tag, e.tensor_type, e.dims, e.content) for e in entries))
        return
    _atomic_write(path, fmt.encode((piece for e in entries for piece in fmt.sliced(e)), crc_check))


def _exec_save(ckpt_file_name: str, data_list: dict, enc_key: bytes | None = None, enc_mode: str = "AES-GCM",
               map_param_inc: bool = False, crc_check: bool = False, format: str = "ckpt",
               remove_redundancy: bool | None = None) -> None:
    """MindSpore's writer behind save_checkpoint, which scripts call directly: `data_list` maps each name to
    [dims, tensor type ("Float32", ... or "str"), data (Tensor or numpy, possibly flattened)]."""
    if enc_key is not None:
        raise unsupported("mindspore.train.serialization._exec_save(enc_key=...)", "encrypted checkpoints")
    entries = [fmt.entry_for(name, str(np.asarray(data).item())) if ttype == "str" else
               fmt.Entry(name, list(dims), ttype, _entry_of_value(name, data).content)
               for name, (dims, ttype, data) in data_list.items()]
    path = os.path.realpath(ckpt_file_name)
    if format == "safetensors":
        _atomic_write(path, st.encode((e.tag, e.tensor_type, e.dims, e.content) for e in entries))
    else:
        _atomic_write(path, fmt.encode((piece for e in entries for piece in fmt.sliced(e)), crc_check))


def _atomic_write(path: str, pieces: Iterator[bytes]) -> None:
    folder = os.path.dirname(path)
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            for piece in pieces:
                f.write(piece)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
    os.chmod(path, stat.S_IRUSR)


def async_ckpt_thread_status() -> bool:
    """Whether an asynchronous checkpoint save is running: never, since mindshim saves synchronously."""
    return False


# ----- loading -----
def _check_prefix(prefix: Any) -> tuple[str, ...] | None:
    if prefix is None:
        return None
    if not isinstance(prefix, (str, list, tuple)):
        raise TypeError(f"For 'load_checkpoint', the type of 'specify_prefix' or 'filter_prefix' must be string, "
                        f"list[string] or tuple[string], but got {type(prefix)}.")
    prefix = (prefix,) if isinstance(prefix, str) else tuple(prefix)
    if not prefix:
        raise ValueError("For 'load_checkpoint', the argument 'specify_prefix' or 'filter_prefix' can't be empty when "
                         "'specify_prefix' or 'filter_prefix' is list or tuple.")
    for index, pre in enumerate(prefix):
        if not isinstance(pre, str):
            raise TypeError(f"For 'load_checkpoint', when 'specify_prefix' or 'filter_prefix' is list or tuple, the "
                            f"element in it must be string, but got {type(pre)} at index {index}.")
        if pre == "":
            raise ValueError("For 'load_checkpoint', the value of 'specify_prefix' or 'filter_prefix' can't include ''.")
    return prefix


def _read_entries(path: str, crc_check: bool) -> list[fmt.Entry]:
    with open(path, "rb") as f:
        data = f.read()
    if not data:
        raise ValueError(f"Failed to read the checkpoint file {path}. The file is empty.")
    data, stored_crc = fmt.split_crc(data)
    if crc_check and stored_crc is None:
        logger.warning("For 'load_checkpoint', the ckpt file do not contain the crc code, please check the file.")
    if crc_check and stored_crc is not None and binascii.crc32(data) != stored_crc:
        raise ValueError(f"For 'load_checkpoint', the crc check is failed, please check whether the ckpt file "
                         f"{path} is damaged.")
    try:
        return fmt.decode(data)
    except (fmt.CheckpointFormatError, UnicodeDecodeError) as err:
        raise ValueError(f"Failed to read the checkpoint file {path}. The file may be corrupted, and the content "
                         f"cannot be parsed ({err}).") from None


def _to_value(entry: fmt.Entry, path: str) -> Any:
    if entry.tensor_type == fmt.MAP_TENSOR:
        raise unsupported("mindspore.load_checkpoint of a MapParameter entry", f"{entry.tag!r} in {path}")
    try:
        value, is_bf16 = fmt.array_of(entry)
    except fmt.CheckpointFormatError as err:
        raise ValueError(f"{err}\nFor 'load_checkpoint', failed to load the checkpoint file {path}.") from None
    if isinstance(value, str):
        return value
    data = torch.from_numpy(value.view(np.int16)).view(torch.bfloat16) if is_bf16 else value
    return Parameter(Tensor(data), name=entry.tag)


def load_checkpoint(ckpt_file_name: str, net: Any = None, strict_load: bool = False, filter_prefix: Any = None,
                    dec_key: bytes | None = None, dec_mode: str = "AES-GCM", specify_prefix: Any = None,
                    choice_func: Callable | None = None, crc_check: bool = False, remove_redundancy: bool = False,
                    format: str = "ckpt") -> dict:
    """Read a MindSpore .ckpt file into name -> Parameter (str for strings); load it into `net` if given."""
    specify_prefix, filter_prefix = _check_prefix(specify_prefix), _check_prefix(filter_prefix)
    if format not in ("ckpt", "safetensors"):
        raise ValueError("For 'load_checkpoint', the checkpoint file should end with '.ckpt' or '.safetensors', "
                         "please input the correct 'format'.")
    if dec_key is not None:
        raise unsupported("mindspore.load_checkpoint(dec_key=...)", "encrypted checkpoints")
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'load_checkpoint', the argument 'ckpt_file_name' must be string, but got "
                        f"{type(ckpt_file_name)}.")
    if not ckpt_file_name.endswith(format):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with 'format', but got "
                         f"file_name:'{ckpt_file_name}', format:'{format}'")
    path = os.path.realpath(ckpt_file_name)
    if not os.path.exists(path):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {path} does not exist, please check whether "
                         f"the 'ckpt_file_name' is correct.")
    if specify_prefix:
        logger.warning("For load_checkpoint, this parameter `specity_prefix` will be deprecated, "
                       "please use `choice_func` instead.")
    if filter_prefix:
        logger.warning("For load_checkpoint, this parameter `filter_prefix` will be deprecated, "
                       "please use `choice_func` instead.")
    use_choice_func = specify_prefix is None and filter_prefix is None and choice_func is not None
    params: dict[str, Any] = {}
    values = st.read_file(path) if format == "safetensors" else \
        ((entry.tag, lambda entry=entry: _to_value(entry, path)) for entry in _read_entries(path, crc_check))
    for name, value in values:
        if specify_prefix and not name.startswith(specify_prefix):
            continue
        if filter_prefix and name.startswith(filter_prefix):
            continue
        if use_choice_func and not choice_func(name):
            continue
        params[name] = value()
    if not params:
        raise ValueError("The loaded parameter dict is empty after filter or specify, please check whether "
                         "'filter_prefix' or 'specify_prefix' are set correctly.")
    if net is not None:
        load_param_into_net(net, params, strict_load)
    return params


def load_checkpoint_async(ckpt_file_name: str, net: Any = None, strict_load: bool = False, filter_prefix: Any = None,
                          dec_key: bytes | None = None, dec_mode: str = "AES-GCM", specify_prefix: Any = None,
                          choice_func: Callable | None = None) -> Future:
    """Starts `load_checkpoint` on a thread; `.result()` gives its dict (MindSpore returns a future-like too)."""
    future: Future = Future()

    def run() -> None:
        try:
            future.set_result(load_checkpoint(ckpt_file_name, net, strict_load, filter_prefix, dec_key, dec_mode,
                                              specify_prefix, choice_func))
        except BaseException as err:  # handed to whoever calls result()
            future.set_exception(err)

    threading.Thread(target=run, name="load_checkpoint_async", daemon=True).start()
    return future


# ----- loading into a network -----
def _update_param(param: Parameter, new: Any, strict_load: bool) -> None:
    new_t = new.as_subclass(torch.Tensor) if isinstance(new, torch.Tensor) else torch.as_tensor(new)
    old_dtype = param.as_subclass(torch.Tensor).dtype
    if tuple(new_t.shape) != tuple(param.shape):
        extra = tuple(new_t.shape[len(param.shape):])
        # MindSpore 2.10 accepts extra trailing 1-dims (GE's 4-d tensors) and then, as it does, the
        # parameter takes the checkpoint's shape.
        if not (len(new_t.shape) > len(param.shape) and all(d == 1 for d in extra)):
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same shape as "
                f"{param.name} in the argument 'parameter_dict'. But got its shape {tuple(param.shape)} in the "
                f"argument 'net' and shape {tuple(new_t.shape)} in the argument 'parameter_dict'.May you need to "
                f"check whether the checkpoint you loaded is correct or the batch size and so on in the 'net' and "
                f"'parameter_dict' are same.")
    if new_t.dtype != old_dtype:
        same_kind = {new_t.dtype, old_dtype} <= _FLOATS or {new_t.dtype, old_dtype} <= _INTS
        if strict_load or not same_kind:
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same type as "
                f"{param.name} in the argument 'parameter_dict'. but got its type {param.dtype} in the argument "
                f"'net' and type {Tensor(new_t).dtype} in the argument 'parameter_dict'.May you need to check "
                f"whether the checkpoint you loaded is correct.")
        logger.warning("The type of %s:%s in 'parameter_dict' is different from the type of it in 'net':%s, then "
                       "the type convert from %s to %s in the network. May consume additional memory and time",
                       param.name, Tensor(new_t).dtype, param.dtype, Tensor(new_t).dtype, param.dtype)
        new_t = new_t.to(old_dtype)
    param.set_data(new_t)


def _load_with_prefix_removed(net: Any, parameter_dict: dict, param_not_load: list, strict_load: bool) -> None:
    """MindSpore's retry: find a checkpoint name that ends with an unloaded net name; drop that prefix."""
    prefix_name, longest_name = "", param_not_load[0]
    while prefix_name != longest_name and param_not_load:
        prefix_name = longest_name
        for net_name in param_not_load:
            for dict_name in parameter_dict:
                if dict_name.endswith(net_name):
                    prefix_name = dict_name[:-len(net_name)]
                    break
            if prefix_name != longest_name:
                break
        if prefix_name != longest_name:
            logger.warning("For 'load_param_into_net', remove parameter prefix name: %s, continue to load.",
                           prefix_name)
            for _, param in net.parameters_and_names():
                new_name = prefix_name + param.name
                if param.name in param_not_load and new_name in parameter_dict:
                    _update_param(param, parameter_dict[new_name], strict_load)
                    param_not_load.remove(param.name)


def load_param_into_net(net: Any, parameter_dict: dict, strict_load: bool = False,
                        remove_redundancy: bool = False) -> tuple[list, list]:
    """Copy values into `net`'s parameters by name; returns (param_not_load, ckpt_not_load)."""
    from mindshim.nn.cell import Cell
    if not isinstance(net, Cell):
        raise TypeError(f"For 'load_param_into_net', the argument 'net' should be a Cell, but got {type(net)}.")
    if not isinstance(parameter_dict, dict):
        raise TypeError(f"For 'load_param_into_net', the argument 'parameter_dict' should be a dict, but got "
                        f"{type(parameter_dict)}.")
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            raise TypeError(f"For 'parameter_dict', the element in the argument 'parameter_dict' should be a 'str' "
                            f"and 'Parameter' , but got {type(key)} and {type(value)}.")
    if not isinstance(strict_load, bool):
        raise TypeError(f"For 'load_param_into_net', the 'strict_load' must be bool, but got {type(strict_load)}.")
    if remove_redundancy:
        raise unsupported("mindspore.load_param_into_net(remove_redundancy=True)", "it only applies to parallel "
                          "training")
    param_not_load: list[str] = []
    ckpt_not_load = list(parameter_dict)
    for _, param in net.parameters_and_names():
        if param.name in parameter_dict:
            new = parameter_dict[param.name]
            if not isinstance(new, torch.Tensor):  # a str or list under a parameter's name: MindSpore skips it
                continue
            _update_param(param, new, strict_load)
            ckpt_not_load.remove(param.name)
        elif not param.name.startswith("accu_grads"):
            param_not_load.append(param.name)
    if param_not_load and not strict_load:
        _load_with_prefix_removed(net, parameter_dict, param_not_load, strict_load)
    if param_not_load:
        logger.warning("For 'load_param_into_net', %d parameters in the 'net' are not loaded, because they are not in "
                       "the 'parameter_dict', please check whether the network structure is consistent when training "
                       "and loading checkpoint.", len(param_not_load))
        logger.warning("%s are not loaded.", param_not_load)
    return param_not_load, ckpt_not_load


__all__ = ["save_checkpoint", "load_checkpoint", "load_checkpoint_async", "load_param_into_net",
           "async_ckpt_thread_status", "export", "load", "export_split_mindir", "load_mindir", "save_mindir"]
