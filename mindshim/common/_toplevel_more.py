"""Small top-level MindSpore functions: tensor construction from host memory, swap_tensors, dynamic-shape
declarations (`Symbol`, `enable_dynamic`), checkpoint helpers and run_check."""
from __future__ import annotations

import glob
import inspect
import os
import sys
import types
import warnings
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable

import numpy as np
import torch
import torch.utils

from mindshim import log as _logger
from mindshim._checkparam import check_positive_int
from mindshim._errors import unsupported
from mindshim.common import dtype as mstype
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor, wrap


def from_numpy(array: np.ndarray) -> Tensor:
    """A Tensor that shares `array`'s memory (writes to either are seen by both)."""
    if not isinstance(array, np.ndarray):
        raise TypeError("Expected a NumPy array.")
    if any(s < 0 for s in array.strides):
        array = np.ascontiguousarray(array)
    return wrap(torch.from_numpy(array))


def frombuffer(buffer: Any, dtype: Any, count: int = -1, offset: int = 0) -> Tensor:
    """A 1-D Tensor over an object exposing the buffer protocol, sharing its memory."""
    nbytes = memoryview(buffer).nbytes
    tdtype = mstype.to_torch(dtype)
    itemsize = torch.empty((), dtype=tdtype).element_size()
    if count < -1:
        raise RuntimeError(f"For 'frombuffer', 'count' must be -1 or non-negative, but got {count}.")
    if nbytes <= 0 or count == 0:
        raise RuntimeError("For 'frombuffer', the buffer length and 'count' must both be positive.")
    if not 0 <= offset < nbytes:
        raise RuntimeError(f"For 'frombuffer', 'offset' must be in [0, {nbytes - 1}], but got {offset}.")
    if count == -1 and (nbytes - offset) % itemsize:
        raise RuntimeError(f"For 'frombuffer', the buffer length after offset ({nbytes - offset}) is not a "
                           f"multiple of the element size {itemsize}.")
    if count > 0 and nbytes - offset < count * itemsize:
        raise RuntimeError(f"For 'frombuffer', the buffer holds {nbytes - offset} bytes after offset, fewer than "
                           f"{count} elements of {itemsize} bytes.")
    with warnings.catch_warnings():  # a read-only buffer (bytes) is fine: MindSpore reads it as is
        warnings.simplefilter("ignore", UserWarning)
        return wrap(torch.frombuffer(buffer, dtype=tdtype, count=count, offset=offset))


def set_recursion_limit(recursion_limit: int = 1000) -> None:
    """The deepest call chain a compiled function may have. mindshim runs functions as Python, so Python's own
    limit is raised to it when lower (never lowered)."""
    recursion_limit = check_positive_int(recursion_limit)
    if sys.getrecursionlimit() < recursion_limit:
        sys.setrecursionlimit(recursion_limit)


def set_dump(target: Any, enabled: bool = True) -> None:
    """Mark a Cell or Primitive for Ascend data dump. Dump is Ascend-only: elsewhere this warns and does nothing,
    as MindSpore does on CPU/GPU."""
    from mindshim.nn.cell import Cell
    from mindshim.ops.primitive import Primitive

    if not isinstance(target, (Cell, Primitive)):
        raise ValueError(f'The "target" parameter must be an instance of Cell or Primitive, but got an instance of '
                         f"{type(target)}.")
    if not isinstance(enabled, bool):
        raise ValueError('The "enabled" parameter must be bool.')
    from mindshim.context import get_context

    warnings.warn(f"Current device_target is {get_context('device_target')}, which is not supported by set_dump. "
                  "Only Ascend device target is supported currently.", UserWarning, stacklevel=2)


def swap_tensors(t1: Tensor, t2: Tensor) -> None:
    """Exchange the contents, classes and attributes of two tensors in place (references stay valid)."""
    for t, name in ((t1, "t1"), (t2, "t2")):
        if not isinstance(t, torch.Tensor):
            raise TypeError(f"For 'swap_tensors', '{name}' must be a Tensor, but got {type(t).__name__}.")
    torch.utils.swap_tensors(t1, t2)


class Symbol:
    """A symbolic dimension for dynamic-shape inputs: bounds `min..max` (max 0: unbounded), values of the form
    `divisor * k + remainder`; `unique` symbols are distinct from every other symbol."""

    def __init__(self, max: int = 0, min: int = 1, divisor: int = 1, remainder: int = 0, unique: bool = False,
                 **kwargs: Any) -> None:
        for name, value, kind in (("max", max, int), ("min", min, int), ("divisor", divisor, int),
                                  ("remainder", remainder, int), ("unique", unique, bool)):
            if not isinstance(value, kind):
                raise TypeError(f"For 'Symbol', the argument '{name}' must be {kind.__name__}, but got {type(value)}")
        if min <= 0:
            raise ValueError(f"For 'Symbol', the 'min' value should be positive, but got {min}")
        if divisor <= 0:
            raise ValueError(f"For 'Symbol', the 'divisor' value should be positive, but got {divisor}")
        if not 0 <= remainder < divisor:
            raise ValueError(f"For 'Symbol', the 'remainder' value should be in the range '[0, {divisor})', "
                             f"but got {remainder}")
        self.max, self.min, self.divisor, self.remainder, self.unique = max, min, divisor, remainder, unique
        self.id = id(self)

    def to_dict(self) -> dict[str, int]:
        """The constraints that say something beyond the defaults."""
        out: dict[str, int] = {}
        if self.max > self.min:
            out["max"] = self.max
        if self.min > self.divisor + self.remainder:
            out["min"] = self.min
        if self.divisor != 1:
            out["divisor"] = self.divisor
        if self.remainder != 0:
            out["remainder"] = self.remainder
        if self.unique:
            out["id"] = self.id
        return out

    def __str__(self) -> str:
        return str(self.to_dict())


def _dynamic_arg_ok(arg: Any, name: str) -> bool:
    if isinstance(arg, Tensor):
        shape = tuple(arg.shape)
        if -1 not in shape and -2 not in shape:
            return False
        for dim in shape:
            if dim not in (-1, -2) and dim <= 0:
                raise TypeError(f"The argument '{name}' has invalid shape '{shape}', only supports None or a "
                                "tuple/list of positive integers and None.")
        return True
    if isinstance(arg, (tuple, list)):
        return any(_dynamic_arg_ok(a, name) for a in arg)
    raise TypeError(f"The decorator enable_dynamic only supports Tensor or a tuple/list of Tensor, but the "
                    f"argument : {name} is type of:{type(arg)}.")


def enable_dynamic(**kwargs: Any) -> Callable[[Callable], Callable]:
    """Declare which arguments of a `jit` function have dynamic shapes (placeholders with None dimensions).
    mindshim's engine already shares one graph across shapes after the first change, so the declaration is
    validated and recorded on the function."""
    if not kwargs:
        raise ValueError("When using decorator enable_dynamic, the input cannot be empty!")
    for name, arg in kwargs.items():
        if not _dynamic_arg_ok(arg, name):
            raise TypeError(f"When using decorator enable_dynamic, the shape of argument '{name}' at least have "
                            "one None.")

    def decorator(func: Callable) -> Callable:
        if not isinstance(func, (types.FunctionType, types.MethodType)):
            raise ValueError("Decorator enable_dynamic can only be used for function or method decorated by ms.jit, "
                             f"but got {func}.")
        names = [n for n in inspect.signature(func).parameters if n != "self"]
        if len(kwargs) > len(names):
            raise ValueError(f"When using decorator enable_dynamic, the number of arguments {len(kwargs)} exceeds "
                             f"the number of function arguments {len(names)}.")
        for key in kwargs:
            if key not in names:
                raise ValueError(f"{key!r} is not in list")
        inner = inspect.unwrap(func)
        getattr(inner, "__func__", inner).__enable_dynamic__ = {names.index(k): (k, v) for k, v in kwargs.items()}
        return func

    return decorator


def merge_sliced_parameter(sliced_parameters: list, strategy: dict | None = None) -> Parameter:
    """Join parameter slices (same name, equal shapes past axis 0) along axis 0 into one Parameter."""
    if not isinstance(sliced_parameters, list):
        raise TypeError(f"For 'merge_sliced_parameter', the argument 'sliced_parameters' should be list, but got "
                        f"{type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError("For 'merge_sliced_parameter', the argument 'sliced_parameters' should not be empty.")
    if strategy and not isinstance(strategy, dict):
        raise TypeError(f"For 'merge_sliced_parameter', the argument 'strategy' should be dict, but got "
                        f"{type(strategy)}.")
    first = sliced_parameters[0]
    for index, param in enumerate(sliced_parameters):
        if not isinstance(param, Parameter):
            raise TypeError("For 'merge_sliced_parameter', the element in 'sliced_parameters' should be "
                            f"'Parameter', but got {type(param)} at index {index}.")
        if param.name != first.name or len(param.shape) != len(first.shape) or param.shape[1:] != first.shape[1:]:
            raise ValueError("For 'merge_sliced_parameter', please make sure that the elements in 'slice_parameters' "
                             "have the same name, dimension length and shape except 0 axis. The name, dimension "
                             f"length, shape except 0 axis should be {first.name}, {len(first.shape)}, "
                             f"{tuple(first.shape[1:])}, but got name: {param.name}, dimension length: "
                             f"{len(param.shape)}, shape except 0 axis: {tuple(param.shape[1:])} at index {index}.")
    if strategy:
        unsupported("mindspore.merge_sliced_parameter with a parallel 'strategy'")
    arrays = [(p.astype(mstype.float32) if p.dtype == mstype.bfloat16 else p).asnumpy() for p in sliced_parameters]
    return Parameter(Tensor(np.concatenate(arrays)), first.name, first.requires_grad,
                     getattr(first, "layerwise_parallel", False))


def _load_checkpoint(*args: Any, **kwargs: Any) -> dict:
    from mindshim.train.serialization import load_checkpoint

    return load_checkpoint(*args, **kwargs)


def load_checkpoint_async(ckpt_file_name: str, net: Any = None, strict_load: bool = False, filter_prefix: Any = None,
                          dec_key: bytes | None = None, dec_mode: str = "AES-GCM", specify_prefix: Any = None,
                          choice_func: Callable | None = None) -> Future:
    """`load_checkpoint` on a background thread; `.result()` returns its parameter dict."""
    fmt = "safetensors" if str(ckpt_file_name).endswith(".safetensors") else "ckpt"
    pool = ThreadPoolExecutor(max_workers=1)
    future = pool.submit(_load_checkpoint, ckpt_file_name, net, strict_load, filter_prefix, dec_key, dec_mode,
                         specify_prefix, choice_func, format=fmt)
    pool.shutdown(wait=False)
    return future


def load_segmented_checkpoints(ckpt_file_dir: str, net: Any = None, strict_load: bool = False,
                               filter_prefix: Any = None, dec_key: bytes | None = None, dec_mode: str = "AES-GCM",
                               specify_prefix: Any = None, choice_func: Callable | None = None) -> dict:
    """Load every `*.ckpt` file of a directory (a checkpoint saved in segments) into one parameter dict."""
    if not isinstance(ckpt_file_dir, str):
        raise TypeError("The ckpt_file_dir should be a str.")
    if not os.path.isdir(ckpt_file_dir):
        raise ValueError(f"The dst_strategy_file: {ckpt_file_dir} doesn't exist. Or it's not a directory")
    merged: dict = {}
    for path in sorted(glob.glob(os.path.join(ckpt_file_dir, "*.ckpt"))):
        merged.update(_load_checkpoint(path, net, strict_load, filter_prefix, dec_key, dec_mode, specify_prefix,
                                       choice_func))
    return merged


_mindio_server_info: dict[str, str] = {"memfs.data_block_pool_capacity_in_gb": "100"}


def set_mindio_server_info(data_block_pool_capacity_in_gb: int = 100) -> None:
    """Configure the MindIO checkpoint-acceleration server started by `mindio_preload`."""
    check_positive_int(data_block_pool_capacity_in_gb, "data_block_pool_capacity_in_gb")
    _mindio_server_info["memfs.data_block_pool_capacity_in_gb"] = str(data_block_pool_capacity_in_gb)


def mindio_preload(ckpt_file_name: str) -> bool:
    """Ask MindIO to prefetch a checkpoint; False when MindIO is not installed (it is an Ascend service)."""
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'mindio_preload', the type of 'ckpt_file_name' should be 'str', but got type "
                        f"'{type(ckpt_file_name).__name__}'.")
    _logger.warning("MindIO is not available, so the checkpoint is not preloaded.")
    return False


def ms_memory_recycle() -> None:
    """Release cached device memory that no tensor holds any more."""
    from mindshim._backend import streams

    streams.release_cached_memory()


def run_check() -> None:
    """Check the installation with one multiplication and print MindSpore's report."""
    from mindshim._mindspore_paths import MINDSPORE_VERSION
    from mindshim.context import get_context
    from mindshim.ops import operations as P

    try:
        print("MindSpore version: ", MINDSPORE_VERSION)
        x = Tensor(np.array([1.0, 2.0, 3.0]), mstype.float32)
        y = Tensor(np.array([4.0, 5.0, 6.0]), mstype.float32)
        P.Mul()(x, y).asnumpy()
        print("The result of multiplication calculation is correct, MindSpore has been installed on platform "
              f"[{get_context('device_target')}] successfully!")
    except Exception as e:  # noqa: BLE001 - the report is the result
        print("MindSpore running check failed.")
        print(str(e))


__all__ = [
    "from_numpy", "frombuffer", "set_recursion_limit", "set_dump", "swap_tensors", "Symbol", "enable_dynamic",
    "merge_sliced_parameter", "load_checkpoint_async", "load_segmented_checkpoints", "set_mindio_server_info", "mindio_preload",
    "ms_memory_recycle", "run_check",
]
