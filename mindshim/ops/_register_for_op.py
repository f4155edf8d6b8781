"""mindspore.ops._register_for_op: the registry MindSpore keeps per-primitive Python rules in (bprops, vmap
rules, ...), keyed by the primitive class or its name."""
from __future__ import annotations

from collections import UserDict
from typing import Any, Callable

from mindshim.ops.primitive import Primitive


class Registry(UserDict):
    """`register(prim)` decorates a function and files it under `id(prim class)` (or the name string);
    `get(prim or name, default)` finds it by the primitive's class first, then by its name."""

    _by_class_name = False  # also file a class's rule under the class name (the bprop registries)

    def register(self, prim: Any) -> Callable[[Callable], Callable]:
        def deco(fn: Callable) -> Callable:
            if isinstance(prim, str):
                self[prim] = fn
            elif issubclass(prim, Primitive):
                self[id(prim)] = fn
                if self._by_class_name:
                    self[prim.__name__] = fn
            return fn
        return deco

    def get(self, prim_obj: Any, default: Any) -> Any:
        if isinstance(prim_obj, str):
            return self[prim_obj] if prim_obj in self else default
        if isinstance(prim_obj, Primitive):
            key = id(type(prim_obj))
            if key in self:
                return self[key]
            if prim_obj.name in self:
                return self[prim_obj.name]
        return default


class PyFuncRegistry(UserDict):
    def register(self, key: Any, value: Any) -> None:
        self[key] = value

    def get(self, key: Any) -> Any:
        if key not in self:
            raise ValueError(f"Python function with key{key} not registered.")
        return self[key]
