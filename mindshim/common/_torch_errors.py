"""torch's error for a bad argument, as the exception type MindSpore raises for it.

torch reports most argument problems as RuntimeError (or IndexError for an axis); MindSpore's shape inference
raises ValueError for shapes and axes and TypeError for dtypes, and MindSpore code (its own tests included)
catches those. `Tensor.__torch_function__` passes a failed torch call's error through `translate`: a message
matching a row below is re-raised as that type (chained to torch's error, message kept); anything else
propagates unchanged. Checked against MindSpore 2.10 (PYNATIVE, CPU) for each pattern.
"""
from __future__ import annotations

import re
from typing import Any, Callable

from mindshim.common import _int_division, _unsigned

_PATTERNS: tuple[tuple[re.Pattern, type[Exception]], ...] = tuple((re.compile(p), t) for p, t in (
    (r"must match the size of tensor", ValueError),                  # broadcasting (add, mul, where)
    (r"The expanded size of the tensor .* must match", ValueError),   # broadcast_to
    (r"is invalid for input of size", ValueError),                    # reshape / view
    (r"Sizes of tensors must match except in dimension", ValueError),  # concat
    (r"stack expects each tensor to be equal size", ValueError),      # stack
    (r"Dimension out of range", ValueError),                          # an axis argument (sum, softmax, transpose)
    (r"repeated dim in permute|duplicate dims are not allowed", ValueError),  # transpose/permute, duplicate axis
    (r"selected index k out of range", ValueError),                  # topk with k larger than the axis
    (r"must be a 3D tensor", ValueError),                             # bmm rank
    (r"expected (m1 and m2|mat1 and mat2|both vectors) to have the same dtype", TypeError),
    (r"expected scalar type \w+ but found \w+", TypeError),
    (r"Tensors must have same number of dimensions", ValueError),      # concat of different ranks
    (r"not implemented for '(Bool|Byte|Char|Short|Int|Long|UInt\d+)'", TypeError),  # a float kernel given ints
    (r"expected target dtype to be", TypeError),                       # cross_entropy class ids given floats
    (r"mat1 and mat2 must have the same dtype", TypeError),
    (r"on a bool tensor is not supported", TypeError),                 # negation of a bool tensor
))
# a built-in layer's torch call failing on its input: MindSpore's layer (its shape inference) raises ValueError
_LAYER_PATTERNS: tuple[tuple[re.Pattern, type[Exception]], ...] = tuple((re.compile(p), t) for p, t in (
    (r"mat1 and mat2 shapes cannot be multiplied", ValueError),        # Dense given the wrong feature count
    (r"input to conv\dd", ValueError),                                # Conv's rank (its channels: RuntimeError)
    (r"running_mean should contain", ValueError),                      # BatchNorm channels
    (r"\dD or \dD \(batch mode\) tensor expected", ValueError),          # pooling rank
))


def recover(func: Callable, args: tuple, kwargs: dict, err: Exception) -> Any:
    """For a torch call on our Tensor that raised `err`: its result computed widened when torch only lacks an
    unsigned kernel (`_unsigned`), else MindSpore's exception for `err` (or `err` itself) raised."""
    if _unsigned.is_unsigned_gap(err, args, kwargs):
        return _unsigned.call_widened(func, args, kwargs)
    if _int_division.handles(func, kwargs, err):
        return _int_division.compute(func, args, kwargs)
    mindspore_error = translate(err)
    if mindspore_error is None:
        raise err
    raise mindspore_error from err


def translate_layer_error(err: Exception) -> Exception | None:
    """MindSpore's exception for `err` raised inside a built-in layer (`Cell._construct_plain`), or None."""
    message = str(err)
    for pattern, kind in _LAYER_PATTERNS:
        if pattern.search(message):
            return kind(message)
    return translate(err)


def translate(err: Exception) -> Exception | None:
    """MindSpore's exception for torch's `err`, or None when `err` should propagate as it is."""
    if not isinstance(err, (RuntimeError, IndexError, NotImplementedError)):
        return None
    message = str(err)
    for pattern, kind in _PATTERNS:
        if pattern.search(message):
            return kind(message)
    return None
