"""Nested batch structures (tuples, lists, dicts, namedtuples of tensors, arrays and scalars), walked one way
for the CPU and the CUDA paths."""
from __future__ import annotations

from typing import Any, Callable, Iterator

import torch


def tree_map(fn: Callable[[Any], Any], obj: Any) -> Any:
    """`obj` with `fn` applied to every leaf (anything but a tuple, list or dict); containers keep their type."""
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):  # a namedtuple
        return type(obj)(*(tree_map(fn, v) for v in obj))
    if isinstance(obj, (tuple, list)):
        return type(obj)(tree_map(fn, v) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((k, tree_map(fn, v)) for k, v in obj.items())
    return fn(obj)


def leaves(obj: Any) -> Iterator[Any]:
    """Every leaf of `obj` (anything but a tuple, list or dict), depth first."""
    if isinstance(obj, (tuple, list)):
        for v in obj:
            yield from leaves(v)
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from leaves(v)
    else:
        yield obj


def tensor_leaves(obj: Any) -> Iterator[torch.Tensor]:
    """Every torch.Tensor in `obj`, depth first."""
    return (x for x in leaves(obj) if isinstance(x, torch.Tensor))
