"""MindSpore 2.10's argument checks of GeneratorDataset, NumpySlicesDataset and Dataset.map (its
`check_generator_dataset`, `check_numpy_slices_dataset` and `check_map` validators): wrong types raise TypeError, bad
values ValueError, when the node is built."""
from __future__ import annotations

import inspect
import os
from typing import Any

import numpy as np

from mindshim.dataset.engine.datasets_ops import check_columns
from mindshim.dataset.engine.datasets_vision_base import type_check

_INT32_MAX = 2147483647
_INT64_MAX = 2 ** 63 - 1


def _check_source(source: Any) -> None:
    if callable(source):
        return
    try:
        iter(source)
    except TypeError as exc:
        raise TypeError("Input `source` function of GeneratorDataset should be callable, iterable or random accessible, "
                        "commonly it should implement one of the method like yield, __getitem__ or "
                        "__next__(__iter__).") from exc


def check_counts(num_samples: Any, num_parallel_workers: Any, num_shards: Any, shard_id: Any) -> None:
    if num_samples is not None:
        type_check(num_samples, (int,), "num_samples")
        if not 0 <= num_samples <= _INT64_MAX:
            raise ValueError(f"num_samples exceeds the boundary between 0 and {_INT64_MAX}(INT64_MAX)!")
    check_workers(num_parallel_workers)
    # (one of num_shards / shard_id without the other: ValueError from samplers.choose)
    if num_shards is not None and shard_id is not None:
        type_check(num_shards, (int,), "num_shards")
        type_check(shard_id, (int,), "shard_id")
        if not 1 <= num_shards <= _INT32_MAX:
            raise ValueError(f"Input num_shards is not within the required interval of [1, {_INT32_MAX}].")
        if shard_id >= num_shards:
            raise ValueError("shard_id should be less than num_shards.")


def check_generator_args(source: Any, column_names: Any, schema: Any, column_types: Any, num_samples: Any,
                         num_parallel_workers: Any, shuffle: Any, num_shards: Any, shard_id: Any,
                         python_multiprocessing: Any, sampler: Any = None) -> None:
    from mindshim.dataset.core.schema import Schema
    _check_source(source)
    if column_names is not None:
        check_columns(column_names, "column_names")
    elif schema is None:
        raise ValueError("Neither columns_names nor schema are provided.")
    if schema is not None and not isinstance(schema, (Schema, str)):
        raise ValueError("schema should be a path to schema file or a schema object.")
    check_counts(num_samples, num_parallel_workers, num_shards, shard_id)
    if column_types is not None:
        type_check(column_types, (list,), "column_types")
    for name, value in (("shuffle", shuffle), ("python_multiprocessing", python_multiprocessing)):
        if value is not None:
            type_check(value, (bool,), name)
    check_sampler(sampler, num_samples, shuffle, num_shards, shard_id)


def check_sampler(sampler: Any, num_samples: Any, shuffle: Any, num_shards: Any, shard_id: Any) -> None:
    """A user source's sampler: MindSpore's validator, then its `select_sampler`."""
    from mindshim.dataset.engine.samplers import PKSampler, Sampler
    if sampler is None:
        return
    if isinstance(sampler, PKSampler):
        raise ValueError("GeneratorDataset doesn't support PKSampler.")
    if not isinstance(sampler, Sampler) and not hasattr(sampler, "__iter__"):
        raise TypeError("sampler should be either iterable or from mindspore.dataset.samplers.")
    if isinstance(sampler, Sampler) and any(v is not None for v in (num_shards, shard_id, shuffle, num_samples)):
        raise ValueError(f"Conflicting arguments during sampler assignments. num_samples: {num_samples}, num_shards: "
                         f"{num_shards}, shard_id: {shard_id}, shuffle: {shuffle}.")


def check_numpy_slices_args(data: Any, column_names: Any) -> None:
    type_check(data, (list, tuple, dict, np.ndarray), "data")
    if len(data) == 0:  # noqa: PLC1802 - an ndarray has no truth value
        raise ValueError("Argument data cannot be empty")
    if isinstance(data, tuple):
        type_check(data[0], (list, np.ndarray), "data[0]")
    if column_names is None:
        return
    check_columns(column_names, "column_names")
    given = 1 if isinstance(column_names, str) else len(column_names)
    if isinstance(data, (dict, tuple)) and given != len(data):
        raise ValueError(f"Num of input column names is {given}, but required is {len(data)}.")
    if not isinstance(data, (dict, tuple)) and given != 1:
        raise ValueError(f"Num of input column names is {given}, but required is 1 as data is list.")


def check_workers(num_parallel_workers: Any) -> None:
    # MindSpore also refuses more workers than CPUs; mindshim allows them (its tests and examples ask for 4 anywhere)
    if num_parallel_workers is not None:
        type_check(num_parallel_workers, (int,), "num_parallel_workers")
        if num_parallel_workers < 1:
            raise ValueError(f"num_parallel_workers exceeds the boundary between 1 and {os.cpu_count()}!")


def check_map_args(operations: Any, input_columns: Any, output_columns: Any, num_parallel_workers: Any,
                   python_multiprocessing: Any) -> None:
    """MindSpore's `check_map` validator, then MapDataset's own check of each operation."""
    from mindshim.nn import Cell
    from mindshim.ops import Primitive
    ops = operations if isinstance(operations, list) else [operations]
    for op in ops:
        if isinstance(op, (Cell, Primitive)):
            raise ValueError("Input operations should not contain network computing operator like in mindspore.nn or "
                             f"mindspore.ops, got operation: {op}")
    check_workers(num_parallel_workers)
    type_check(python_multiprocessing, (bool,), "python_multiprocessing")
    for name, columns in (("input_columns", input_columns), ("output_columns", output_columns)):
        if columns is not None:
            check_columns(columns, name)
    for op in operations if isinstance(operations, (list, tuple)) else [operations]:
        if isinstance(op, type):
            raise ValueError("Parameter operations's element of method map should be a dataset processing operation "
                             f"instance, but got: {op}. It may be missing parentheses for instantiation.")
        if not callable(op):
            raise ValueError("Parameter operations's element of method map should be a python function or class "
                            f"method which should be callable, but got: {op}. It doesn't need parentheses for python "
                            "function or class method.")


def check_batch_args(batch_size: Any, drop_remainder: Any, num_parallel_workers: Any, per_batch_map: Any = None,
                     input_columns: Any = None, output_columns: Any = None, python_multiprocessing: Any = None,
                     padded: bool = False) -> None:
    """MindSpore's `check_batch` / `check_padded_batch` validators (batch lets batch_size=-1 through)."""
    if not (isinstance(batch_size, int) or callable(batch_size)):
        raise TypeError("batch_size should either be an int or a callable.")
    if callable(batch_size):
        if len(inspect.signature(batch_size).parameters) != 1:
            raise ValueError("callable batch_size should take one parameter (BatchInfo).")
    elif (padded or batch_size != -1) and not 1 <= batch_size <= _INT32_MAX:
        raise ValueError(f"Input batch_size is not within the required interval of [1, {_INT32_MAX}].")
    check_workers(num_parallel_workers)
    type_check(drop_remainder, (bool,), "drop_remainder")
    if input_columns is not None and per_batch_map is None:
        raise ValueError("input_columns can be specified only when per_batch_map is set.")
    if input_columns is not None:
        check_columns(input_columns, "input_columns")
        given = 1 if isinstance(input_columns, str) else len(input_columns)
        if given != len(inspect.signature(per_batch_map).parameters) - 1:
            raise ValueError("The signature of per_batch_map should match with input columns.")
    if output_columns is not None:
        check_columns(output_columns, "output_columns")
    if python_multiprocessing is not None:
        type_check(python_multiprocessing, (bool,), "python_multiprocessing")


def check_repeat_count(count: Any) -> None:
    type_check(count, (int, type(None)), "repeat")
    if count is not None and ((count <= 0 and count != -1) or count > _INT32_MAX):
        raise ValueError("count should be either -1 or positive integer, range[1, INT32_MAX].")


def check_shuffle_size(buffer_size: Any) -> None:
    type_check(buffer_size, (int,), "buffer_size")
    if not 2 <= buffer_size <= _INT32_MAX:
        raise ValueError(f"Input buffer_size is not within the required interval of [2, {_INT32_MAX}].")


def check_filter_args(predicate: Any, input_columns: Any, num_parallel_workers: Any) -> None:
    if not callable(predicate):
        raise TypeError("Predicate should be a Python function or a callable Python object.")
    check_workers(num_parallel_workers)
    if input_columns is not None:
        check_columns(input_columns, "input_columns")


def check_pad_info(pad_info: Any) -> None:
    if pad_info is None:
        return
    type_check(pad_info, (dict,), "pad_info")
    for key, value in pad_info.items():
        type_check(key, (str,), "key in pad_info")
        if value is None:
            continue
        if len(value) != 2:
            raise ValueError("value of pad_info should be a tuple of size 2.")
        type_check(value, (tuple,), "value in pad_info")
        if value[0] is not None:
            type_check(value[0], (list,), "shape in pad_info")
            for dim in value[0]:
                if dim is not None:
                    type_check(dim, (int,), "dim of shape in pad_info")
                    if not 1 <= dim <= _INT32_MAX:
                        raise ValueError("Input dim of shape in pad_info is not within the required interval of "
                                         f"[1, {_INT32_MAX}].")
        if value[1] is not None:
            type_check(value[1], (int, float, str, bytes), "pad_value")


def check_bucket_args(column_names: Any, boundaries: Any, batch_sizes: Any, length_fn: Any, pad_info: Any,
                      pad_to_boundary: Any, drop_remainder: Any) -> None:
    """MindSpore's `check_bucket_batch_by_length` validator."""
    for name, value in (("column_names", column_names), ("bucket_boundaries", boundaries),
                        ("bucket_batch_sizes", batch_sizes)):
        type_check(value, (list,), name)
    type_check(pad_to_boundary, (bool,), "pad_to_bucket_boundary")
    type_check(drop_remainder, (bool,), "drop_remainder")
    check_columns(column_names, "column_names")
    if length_fn is None and len(column_names) != 1:
        raise ValueError("If element_length_function is not specified, exactly one column name should be passed.")
    if length_fn is not None and not callable(length_fn):
        raise TypeError("element_length_function object is not callable.")
    if not boundaries:
        raise ValueError("bucket_boundaries cannot be empty.")
    if not all(isinstance(b, int) for b in boundaries):
        raise TypeError("bucket_boundaries should be a list of int.")
    if not all(b > 0 for b in boundaries):
        raise ValueError("bucket_boundaries must only contain positive numbers.")
    if any(b >= c for b, c in zip(boundaries[:-1], boundaries[1:])):
        raise ValueError("bucket_boundaries should be strictly increasing.")
    if len(batch_sizes) != len(boundaries) + 1:
        raise ValueError("bucket_batch_sizes must contain one element more than bucket_boundaries.")
    if not all(isinstance(b, int) for b in batch_sizes):
        raise TypeError("bucket_batch_sizes should be a list of int.")
    if not all(b > 0 for b in batch_sizes):
        raise ValueError("bucket_batch_sizes should be a list of positive numbers.")
    check_pad_info(pad_info)
