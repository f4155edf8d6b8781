"""mindspore.parallel.set_algo_parameters / get_algo_parameters / reset_algo_parameters.

These tune the strategy search of AUTO_PARALLEL, which mindshim does not run: values are checked as
MindSpore checks them and kept, and change nothing.
"""
from __future__ import annotations

from typing import Any

import numpy as np

_TYPES: dict[str, type] = {"fully_use_devices": bool, "elementwise_op_strategy_follow": bool,
                           "tensor_slice_align_enable": bool, "tensor_slice_align_size": int,
                           "enable_algo_approxi": bool, "algo_approxi_epsilon": float}
_DEFAULTS: dict[str, Any] = {"fully_use_devices": False, "elementwise_op_strategy_follow": False,
                             "tensor_slice_align_enable": False, "tensor_slice_align_size": 16,
                             "enable_algo_approxi": False, "algo_approxi_epsilon": 0.1}


def _stored(key: str, value: Any) -> Any:
    if key == "tensor_slice_align_size" and not 1 <= value <= 1024:
        raise ValueError(f"Align_size must be in [1, 1024], but got {value}")
    if key == "algo_approxi_epsilon":
        if not 0 < value <= 1:
            raise RuntimeError("'epsilon' must be in (0, 1]")
        return float(np.float32(value))  # MindSpore keeps it as a C++ float
    return value


_values: dict[str, Any] = {k: _stored(k, v) for k, v in _DEFAULTS.items()}


def set_algo_parameters(**kwargs: Any) -> None:
    for key, value in kwargs.items():
        kind = _TYPES.get(key)
        if kind is not None and value is not None and not isinstance(value, kind):
            raise TypeError(f"The parameter '{key}' must be {kind}, but got {type(value)}")
    for key, value in kwargs.items():
        if key not in _TYPES:
            raise ValueError(f"Set context keyword {key} is not recognized!")
        _values[key] = _stored(key, value)


def get_algo_parameters(attr_key: str) -> Any:
    if attr_key not in _TYPES:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _values[attr_key]


def reset_algo_parameters() -> None:
    _values.update({k: _stored(k, v) for k, v in _DEFAULTS.items()})


__all__ = ["set_algo_parameters", "get_algo_parameters", "reset_algo_parameters"]
