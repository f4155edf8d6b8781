"""Tuple/list/dict helpers of MindSpore's graph compiler (`ops.tuple_getitem(t, 1)`, `ops.make_range(5)`, ...).

Like the scalar helpers these are Primitive instances in MindSpore; here each is an instance of a small
Primitive subclass applying the Python equivalent.

Mapping decisions (MindSpore 2.10 behaviour):
- Getters/setters check the index on the host and raise IndexError; setters return a new sequence.
- `dict_getitem` with a missing key raises ValueError; `dict_setitem` returns a new dict.
- `make_range` returns a tuple (RuntimeError for step 0); `tuple_div` needs equal lengths, non-zero and exact
  divisors (RuntimeError).
- `broadcast_gradient_args(x_shape, y_shape)` gives the axes each gradient is summed over (equal shapes:
  none; an axis where every shape is 1 counts for both), RuntimeError for incompatible shapes.
- The `is_sequence_*_unknown` queries are False: mindshim sequences always have known lengths and values;
  `is_dynamic_sequence_element_unknown` therefore raises TypeError like MindSpore for a constant sequence.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import torch

from mindshim.ops.function.scalar_func import _ScalarPrim


def _index(name: str, seq: Sequence, index: Any) -> int:
    n = len(seq)
    if isinstance(index, torch.Tensor):
        index = int(index.item())
    if not isinstance(index, int) or isinstance(index, bool):
        raise TypeError(f"For '{name}', the index must be an int, but got {type(index).__name__}.")
    if not -n <= index < n:
        raise IndexError(f"For '{name}', the index {index} is out of range [{-n}, {n}).")
    return index % n


def _getitem(name: str) -> Callable:
    return lambda seq, index: seq[_index(name, seq, index)]


def _setitem(name: str, kind: type) -> Callable:
    def set_(seq: Sequence, index: Any, value: Any) -> Any:
        items = list(seq)
        items[_index(name, seq, index)] = value
        return kind(items)
    return set_


def _tuple_div(x: tuple, y: tuple) -> tuple:
    if len(x) != len(y):
        raise RuntimeError(f"The size of inputs of 'tuple_div' operator must be the same, but the size of divisor "
                           f"tuple is {len(y)}, the size of dividend tuple is {len(x)}.")
    out = []
    for a, b in zip(x, y):
        if b == 0:
            raise RuntimeError("For 'tuple_div', the divisor value should not be 0!")
        if a % b:
            raise RuntimeError(f"The inputs of 'tuple_div' operator should be divisible, the dividend is {a}, "
                               f"the divisor is {b}.")
        out.append(a // b)
    return tuple(out)


def _make_range(*args: int) -> tuple:
    if len(args) == 3 and args[2] == 0:
        raise RuntimeError("For 'range', the argument 'step' could not be 0.")
    return tuple(range(*args))


def _dict_getitem(d: dict, key: Any) -> Any:
    if key not in d:
        raise ValueError(f"For 'dict_getitem', the key {key} does not exist in the dict: {d}.")
    return d[key]


def _dict_setitem(d: dict, key: Any, value: Any) -> dict:
    out = dict(d)
    out[key] = value
    return out


def _reduced_shape(shape: Sequence[int], axis: Any) -> tuple:
    n = len(shape)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    if not axes:
        return (1,) * n
    keep = {a % n for a in axes}
    return tuple(1 if i in keep else d for i, d in enumerate(shape))


def _broadcast_gradient_args(x_shape: Sequence[int], y_shape: Sequence[int]) -> tuple:
    x_shape, y_shape = tuple(x_shape), tuple(y_shape)
    if x_shape == y_shape:
        return (), ()
    n = max(len(x_shape), len(y_shape))
    xs, ys = (1,) * (n - len(x_shape)) + x_shape, (1,) * (n - len(y_shape)) + y_shape
    rx, ry = [], []
    for i, (a, b) in enumerate(zip(xs, ys)):
        if a == b == 1:
            rx.append(i)
            ry.append(i)
        elif a == 1:
            rx.append(i)
        elif b == 1:
            ry.append(i)
        elif a != b:
            raise RuntimeError(f"Not compatible shape input for BroadcastGradientArgs: {x_shape} and {y_shape}.")
    return tuple(rx), tuple(ry)


def _tensor_bool_cond(x: Any) -> bool:
    if isinstance(x, torch.Tensor) and tuple(x.shape) not in ((), (1,)):
        raise ValueError(f"Only tensor which shape is () or (1,) can be converted to bool, but got tensor shape "
                         f"is {tuple(x.shape)}.")
    return True


def _element_unknown(seq: Any) -> bool:
    raise TypeError("The input of IsElementUnknown should be variable length sequence.")


_SEQ = {
    "tuple_getitem": _getitem("tuple_getitem"), "list_getitem": _getitem("list_getitem"),
    "tuple_setitem": _setitem("tuple_setitem", tuple), "list_setitem": _setitem("list_setitem", list),
    "tuple_len": len, "list_len": len, "tuple_equal": lambda x, y: x == y, "list_equal": lambda x, y: x == y,
    "tuple_reversed": lambda x: tuple(reversed(x)), "tuple_div": _tuple_div,
    "make_tuple": lambda *a: tuple(a), "make_list": lambda *a: list(a),
    "make_dict": lambda keys, values: dict(zip(keys, values)), "make_range": _make_range,
    "make_slice": slice, "dict_getitem": _dict_getitem, "dict_setitem": _dict_setitem,
    "in_dict": lambda key, d: key in d, "not_in_dict": lambda key, d: key not in d,
    "reduced_shape": _reduced_shape, "broadcast_gradient_args": _broadcast_gradient_args,
    "is_sequence_shape_unknown": lambda seq: False, "is_sequence_value_unknown": lambda seq: False,
    "is_dynamic_sequence_element_unknown": _element_unknown, "is_tensor_bool_cond": _tensor_bool_cond,
}
for _name, _fn in _SEQ.items():
    globals()[_name] = _ScalarPrim(_name, _fn)

__all__ = list(_SEQ)
