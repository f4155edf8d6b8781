"""Composite helpers: MultitypeFuncGraph, HyperMap, Map, partial, depend, identity.

MindSpore compiles these into graphs; on torch they are plain Python dispatch:
- `MultitypeFuncGraph` picks the registered function whose type names ("Tensor", "Number", "Tuple",
  "List", "Bool", "String", "Function", "None") match the arguments.
- `HyperMap`/`Map` apply a function elementwise over tuples/lists (recursively for HyperMap).
- `depend(value, expr)` returns `value`: eager execution already orders side effects.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

import torch

from mindshim.ops.primitive import Primitive


def _type_name_matches(name: str, value: Any) -> bool:
    if name in ("Tensor", "Parameter", "RowTensor"):
        return isinstance(value, torch.Tensor)
    if name == "Number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "Bool":
        return isinstance(value, bool)
    if name == "String":
        return isinstance(value, str)
    if name == "Tuple":
        return isinstance(value, tuple)
    if name == "List":
        return isinstance(value, list)
    if name == "None":
        return value is None
    if name == "Function":
        return callable(value) and not isinstance(value, torch.Tensor)
    if name == "Dictionary":
        return isinstance(value, dict)
    return False


class MultitypeFuncGraph:
    """ops.MultitypeFuncGraph(name): overloads chosen by argument types."""

    def __init__(self, name: str, read_value: bool = False, doc_url: str = "") -> None:
        self.name = name
        self._entries: list[tuple[tuple[str, ...], Callable]] = []

    def register(self, *type_names: Any) -> Callable:
        names = tuple(t if isinstance(t, str) else getattr(t, "__name__", str(t)) for t in type_names)

        def deco(fn: Callable) -> Callable:
            self._entries.append((names, fn))
            return fn

        return deco

    def __call__(self, *args: Any) -> Any:
        for names, fn in self._entries:
            if len(names) == len(args) and all(_type_name_matches(n, a) for n, a in zip(names, args)):
                return fn(*args)
        got = ", ".join(type(a).__name__ for a in args)
        raise TypeError(f"For 'MultitypeFuncGraph' {self.name!r}, no registered function matches the input types ({got}).")


def _map_over(fn: Callable, seqs: tuple, recursive: bool) -> Any:
    first = seqs[0]
    if isinstance(first, (tuple, list)):
        if any(len(s) != len(first) for s in seqs):
            raise ValueError("For 'HyperMap', the sequences must have the same length.")
        out = [(_map_over(fn, items, recursive) if recursive else fn(*items)) for items in zip(*seqs)]
        return tuple(out) if isinstance(first, tuple) else out
    return fn(*seqs)


class HyperMap:
    """ops.HyperMap(ops=None, reverse=False): elementwise map, recursing into nested tuples."""

    def __init__(self, ops: Callable | None = None, reverse: bool = False) -> None:
        self.ops = ops

    def __call__(self, *args: Any) -> Any:
        fn, seqs = (self.ops, args) if self.ops is not None else (args[0], args[1:])
        return _map_over(fn, seqs, recursive=True)


class Map(HyperMap):
    """ops.Map(ops=None, reverse=False): elementwise map over one level."""

    def __call__(self, *args: Any) -> Any:
        fn, seqs = (self.ops, args) if self.ops is not None else (args[0], args[1:])
        return _map_over(fn, seqs, recursive=False)


def partial(func: Callable, *args: Any) -> Callable:
    """ops.partial / functional.partial."""
    return functools.partial(func, *args)


class Partial(Primitive):
    """ops.Partial(): the primitive form, `Partial()(func, *args)`."""

    def __init__(self) -> None:
        super().__init__()
        self.add_prim_attr("side_effect_propagate", 1)

    def __call__(self, func: Callable, *args: Any) -> Callable:
        return functools.partial(func, *args)


def depend(value: Any, expr: Any) -> Any:
    """ops.depend: returns `value`; eager execution already ran `expr`."""
    return value


class Depend(Primitive):
    """ops.Depend(): returns `value`; eager execution already ran `expr`."""

    def __init__(self) -> None:
        super().__init__()
        self.add_prim_attr("side_effect_propagate", 1)

    def __call__(self, value: Any, expr: Any) -> Any:
        return value


def identity(x: Any) -> Any:
    return x


__all__ = ["MultitypeFuncGraph", "HyperMap", "Map", "partial", "Partial", "depend", "Depend", "identity"]
