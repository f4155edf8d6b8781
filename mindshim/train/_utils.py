"""mindspore.train._utils: the training helpers that model-zoo callbacks and scripts import directly.

Only the helpers that mean something outside MindSpore's graph executor live here (`_exec_datagraph`,
`_construct_tensor_list`, strategy-file parsing, ... stay MindSpore-only).
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

import numpy as np


def check_value_type(arg_name: str, arg_value: Any, valid_types: Any) -> None:
    """TypeError unless `arg_value` is an instance of `valid_types` (a bool passes only if bool is listed)."""
    valid_types = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)
    is_bool_for_int = isinstance(arg_value, bool) and bool not in valid_types
    if is_bool_for_int or not isinstance(arg_value, valid_types):
        raise TypeError(f"For `{arg_name}` the type should be a valid type of {[t.__name__ for t in valid_types]}, "
                        f"but got {type(arg_value).__name__}.")


def _make_directory(path: Any, arg_name: str = "path") -> str:
    """The real path of the directory `path`, created (mode 0o700) if missing."""
    if not isinstance(path, str):
        raise TypeError(f"The {arg_name} is invalid, the type should be string.")
    if not path.strip():
        raise ValueError(f"The {arg_name} is invalid, it should be non-blank.")
    real = os.path.realpath(path)
    if os.path.exists(real) and not os.path.isdir(real):
        raise NotADirectoryError(f"The path({real}) is a file path, it should be a directory path.")
    os.makedirs(real, mode=0o700, exist_ok=True)
    return real


def _check_to_numpy(plugin: str, tensor: Any, prim: Any = None) -> np.ndarray:
    """A copy of `tensor` as numpy, checked for what the summary `plugin` can record."""
    from mindshim.train.summary.summary_record import to_numpy
    return to_numpy(plugin, tensor, plugin.capitalize() + "Summary" if prim else "SummaryRecord")
