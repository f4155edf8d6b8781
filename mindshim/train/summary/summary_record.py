"""mindspore.SummaryRecord, writing TensorBoard event files.

Deviations from MindSpore: the file holds TensorBoard's `Event` protobuf (not MindInsight's), so
`tensorboard --logdir` reads it, and its name says `tfevents` where MindSpore's says `events`; it is written in
this process (no writer pool); lineage, graph and landscape plugins are accepted and not written (they are
MindInsight formats); summary operators are collected only while a SummaryRecord is open.
"""
from __future__ import annotations

import atexit
import logging
import os
import re
import threading
import time
from collections import defaultdict
from typing import Any, Callable

import numpy as np
import torch

from mindshim import _checkparam as validator
from mindshim._backend import event_writer
from mindshim.ops.operations import other_ops
from mindshim.train.summary import _adapter

logger = logging.getLogger("mindshim")

_TENSOR_PLUGINS = ("tensor", "scalar", "image", "histogram")
_OTHER_PLUGINS = ("train_lineage", "eval_lineage", "dataset_graph", "custom_lineage_data", "graph", "landscape")
_EXPORT_OPTIONS = {"tensor_format": {"npy", None}}
_instance_lock = threading.Lock()


def check_value_type(arg_name: str, arg_value: Any, valid_types: Any) -> None:
    """MindSpore's summary-module type check (its own message, not _checkparam's)."""
    valid = tuple(valid_types) if isinstance(valid_types, (list, tuple)) else (valid_types,)
    if (isinstance(arg_value, bool) and bool not in valid) or not isinstance(arg_value, valid):
        raise TypeError(f"For `{arg_name}` the type should be a valid type of {[t.__name__ for t in valid]}, "
                        f"but got {type(arg_value).__name__}.")


def make_directory(path: Any, arg_name: str = "path") -> str:
    if not isinstance(path, str):
        raise TypeError(f"The {arg_name} is invalid, the type should be string.")
    if path.strip() == "":
        raise ValueError(f"The {arg_name} is invalid, it should be non-blank.")
    path = os.path.realpath(path)
    if os.path.exists(path) and not os.path.isdir(path):
        raise NotADirectoryError(f"The path({path}) is a file path, it should be a directory path.")
    os.makedirs(path, mode=0o700, exist_ok=True)
    return path


def process_export_options(export_options: Any) -> dict | None:
    if export_options is None:
        return None
    check_value_type("export_options", export_options, [dict, type(None)])
    for option, fmt in export_options.items():
        check_value_type("export_option", option, [str])
        check_value_type("export_format", fmt, [str, type(None)])
    unexpected = set(export_options) - set(_EXPORT_OPTIONS)
    if unexpected:
        raise ValueError(f'For "SummaryRecord", the keys {unexpected} of "export_options" are unsupported, '
                         f"expect the follow keys: {list(_EXPORT_OPTIONS)}")
    for option, fmt in export_options.items():
        bad = {fmt} - _EXPORT_OPTIONS[option]
        if bad:
            raise ValueError(f'For "SummaryRecord", the export_format {bad} of "export_options" are unsupported '
                             f"for {option}, expect the follow values: {list(_EXPORT_OPTIONS[option])}")
    return export_options


def to_numpy(plugin: str, value: Any, summary_name: str = "SummaryRecord") -> np.ndarray:
    """The value as numpy, checked for its plugin (MindSpore's messages)."""
    if isinstance(value, torch.Tensor):
        value = value.detach().cpu()
        array = (value.float() if value.dtype == torch.bfloat16 else value).numpy().copy()
    else:
        array = np.array(value)
    if plugin == "scalar" and array.size != 1:
        raise ValueError(f'For "{summary_name}", the v rank must be less than or equal to 1, but got {len(array)}.')
    if plugin == "image" and array.ndim != 4:
        raise ValueError(f'For "{summary_name}", the tensor seems not to hold a valid image.')
    if plugin in ("tensor", "histogram") and array.ndim == 0:
        raise ValueError(f'For "{summary_name}", the value should not be empty.')
    return array


def _check_summary_op(op_name: str, tag: Any, value: Any) -> np.ndarray:
    if not isinstance(tag, str) or not tag:
        raise TypeError(f'For "{op_name}", the name must be valid string, but got "{tag}".')
    if not isinstance(value, torch.Tensor):
        raise TypeError(f'For "{op_name}", the parameter "value" expect to be Tensor, but got {type(value).__name__}')
    return to_numpy(op_name.split("Summary")[0].lower(), value, op_name)


class SummaryRecord:
    """Records scalars, images, histograms and tensors (from `add_value` and from the summary operators run since
    the last `record`) into `<log_dir>/<prefix>.out.tfevents.summary.<time>.<device>.<host><suffix>`."""

    count = 0

    def __init__(self, log_dir: str, file_prefix: str = "events", file_suffix: str = "_MS", num_process: int = 32,
                 network: Any = None, max_file_size: int | None = None, raise_exception: bool = False,
                 export_options: dict | None = None) -> None:
        self._check_count()
        with _instance_lock:
            self._check_count()
            SummaryRecord.count += 1
        self._mode = "train"
        self._data_pool: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self._closed = False
        self._writer: event_writer.EventFileWriter | None = None
        self.network = network
        self.file_info: dict[str, str | None] = {"file_name": None, "file_path": None}
        try:
            self._initialize(log_dir, file_prefix, file_suffix, max_file_size, raise_exception, export_options)
        except Exception:
            SummaryRecord.count -= 1
            raise
        other_ops._summary_cache_enabled(True)
        atexit.register(self.close)

    def _initialize(self, log_dir: str, prefix: Any, suffix: Any, max_file_size: Any, raise_exception: Any,
                    export_options: Any) -> None:
        log_path = make_directory(log_dir, "log_dir")
        if not isinstance(max_file_size, (int, type(None))):
            raise TypeError(f"For 'SummaryRecord', the 'max_file_size' should be int type, "
                            f"but got type {type(max_file_size)}")
        if not isinstance(prefix, str) or not isinstance(suffix, str):
            raise TypeError(f"For 'SummaryRecord', `file_prefix` and `file_suffix`  should be str, "
                            f"but got type {type(prefix)}")
        if max_file_size is not None and max_file_size < 0:
            logger.warning("For 'SummaryRecord', the 'max_file_size' should be greater than 0. but got value %s.",
                           max_file_size)
            max_file_size = None
        validator.check_value_type("raise_exception", raise_exception, bool)
        seconds = str(int(time.time()))
        name = _adapter.event_file_name(prefix, suffix, seconds)
        self._export_options = process_export_options(export_options)
        self._raise = raise_exception
        self._export_dir = os.path.join(log_path, f"export_{seconds}") if self._export_options else None
        self.file_info = {"file_name": name, "file_path": os.path.join(log_path, name)}
        self._writer = event_writer.EventFileWriter(self.file_info["file_path"], max_file_size)
        other_ops._take_summary_cache()  # values from before this record started are not its own

    @classmethod
    def _check_count(cls) -> None:
        if cls.count > 0:
            raise RuntimeError(
                f"For '{cls.__name__}', only one instance is supported in a training process, "
                f"you are trying to create a new one when the existing instance number is {cls.count}. "
                "Please check your scripts.")

    def __enter__(self) -> "SummaryRecord":
        if self._closed:
            raise ValueError(f'For "{type(self).__name__}", SummaryRecord has been closed, '
                             "please check if close() method is called")
        return self

    def __exit__(self, *err: Any) -> None:
        self.close()

    @property
    def log_dir(self) -> str | None:
        return self.file_info["file_path"]

    def set_mode(self, mode: str) -> None:
        if mode not in ("train", "eval"):
            raise ValueError(f'For "{type(self).__name__}.set_mode", {mode!r} is not a '
                             'recognized mode, expect the parameter "mode" is "train" or "eval"')
        self._mode = mode

    def add_value(self, plugin: str, name: str, value: Any) -> None:
        if plugin in _TENSOR_PLUGINS:
            if not name or not isinstance(name, str):
                raise ValueError(f'For "{type(self).__name__}", the parameter "name" type should be str, '
                                 f"but got {type(name)}.")
            if not isinstance(value, torch.Tensor):
                raise TypeError(f'For "{type(self).__name__}", the parameter "value" expect to be Tensor, '
                                f"but got {type(value).__name__}")
            array = to_numpy(plugin, value)
            if name in {item["tag"] for item in self._data_pool[plugin]}:
                logger.warning("For '%s.add_value', %r has duplicate values. Only the newest one will be recorded.",
                               type(self).__name__, f"{name}/{plugin}")
            data = {"tag": name, "value": array}
            option = (self._export_options or {}).get(f"{plugin}_format")
            if option is not None:
                data["export_option"] = option
            self._data_pool[plugin].append(data)
        elif plugin in _OTHER_PLUGINS:
            logger.info("SummaryRecord: the %r plugin is a MindInsight format; it is not written.", plugin)
        else:
            raise ValueError(f'For "{type(self).__name__}.add_value", no such "plugin" of {plugin!r} '
                             ", expect value is one of [tensor, scalar, image, histogram, train_lineage, "
                             "eval_lineage, dataset_graph, custom_lineage_data, graph, landscape]")

    def record(self, step: int, train_network: Any = None, plugin_filter: Callable[[str], bool] | None = None) -> bool:
        from mindshim.nn import Cell
        validator.check_value_type("step", step, int)
        validator.check_value_type("train_network", train_network, [Cell, type(None)])
        if self._closed:
            logger.error("For '%s', The record writer is closed, please check if close() method is called",
                         type(self).__name__)
            return False
        if self._mode == "train":
            self._add_summary_op_data()
        pool, self._data_pool = self._data_pool, defaultdict(list)
        if plugin_filter:
            pool = {plugin: items for plugin, items in pool.items() if plugin_filter(plugin)}
        self._write(step, pool)
        return True

    def _add_summary_op_data(self) -> None:
        for op_name, tag, value in other_ops._take_summary_cache():
            array = _check_summary_op(op_name, tag, value)
            plugin = op_name.split("Summary")[0].lower()
            entry = {"tag": f"{tag}", "value": array}
            if any(item["tag"] == tag for item in self._data_pool[plugin]):
                logger.warning("For 'SummaryRecord.add_value', %r has duplicate values. Only the newest one will be "
                               "recorded.", f"{tag}/{plugin}")
            self._data_pool[plugin].append(entry)

    def _write(self, step: int, pool: dict[str, list[dict[str, Any]]]) -> None:
        try:
            self._export(step, pool)
            values = _adapter.summary_values(pool)
            if values and not self._writer.write_event(event_writer.event(step, values)):
                logger.warning("'max_file_size' reached: the summary file %r is full, later data is dropped.",
                               self._writer.path)
        except (RuntimeError, OSError) as exc:
            logger.error(str(exc))
            if self._raise:
                raise

    def _export(self, step: int, pool: dict[str, list[dict[str, Any]]]) -> None:
        for items in pool.values():
            for item in items:
                if item.get("export_option") == "npy":
                    folder = os.path.join(self._export_dir, "tensor")
                    os.makedirs(folder, mode=0o700, exist_ok=True)
                    tag = re.sub(r"[^A-Za-z0-9_.~-]", lambda m: "%%%02X" % ord(m.group(0)), item["tag"])
                    np.save(os.path.join(folder, f"{tag}_{step}.npy"), item["value"])

    def flush(self) -> None:
        if self._closed:
            logger.error("For '%s', the record writer is closed and can not flush, please check if close() method "
                         "is called", type(self).__name__)
        elif self._writer is not None:
            self._writer.flush()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        atexit.unregister(self.close)
        if self._writer is not None:
            self._writer.close()
        with _instance_lock:
            SummaryRecord.count -= 1
        other_ops._summary_cache_enabled(False)
