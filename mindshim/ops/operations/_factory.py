"""Build attribute-free primitive classes from functional ops (the table tier of the mapping)."""
from __future__ import annotations

from typing import Any, Callable

from mindshim.ops.primitive import Primitive


def primitive_of(name: str, fn: Callable, module: str) -> type:
    def __call__(self: Primitive, *args: Any) -> Any:
        return fn(*args)

    return type(name, (Primitive,), {"__call__": __call__, "__module__": module,
                                     "__doc__": f"ops.{name}()(...): calls the functional form."})
