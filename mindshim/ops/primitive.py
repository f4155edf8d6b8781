"""mindspore.ops.Primitive and friends.

A MindSpore primitive is configured at construction (attributes) and called with tensors. Here it is
a plain callable object; `add_prim_attr`, `set_device`, `shard`, ... record or ignore settings that
only matter to MindSpore's graph compiler.
"""
from __future__ import annotations

import functools
import inspect
from typing import Any, Callable


class Primitive:
    def __init__(self, name: str | None = None) -> None:
        self.name = name or type(self).__name__
        self.attrs: dict[str, Any] = {}

    def add_prim_attr(self, name: str, value: Any) -> "Primitive":
        self.attrs[name] = value
        return self

    def del_prim_attr(self, name: str) -> "Primitive":
        self.attrs.pop(name, None)
        return self

    def set_device(self, device_target: str) -> "Primitive":
        return self

    def shard(self, *args: Any, **kwargs: Any) -> "Primitive":
        return self

    def recompute(self, mode: bool = True) -> "Primitive":
        return self

    def set_prim_instance_name(self, instance_name: str) -> "Primitive":
        self.instance_name = instance_name
        return self

    def init_prim_io_names(self, inputs: Any, outputs: Any) -> None:
        self.attrs.update(input_names=inputs, output_names=outputs)

    def __repr__(self) -> str:  # MindSpore's: the attributes but the io names, in the order they were set
        shown = ", ".join(f"{k}={v}" for k, v in self.attrs.items() if k not in ("input_names", "output_names"))
        return f"Prim[{self.name}]<{shown}>" if shown else f"Prim[{self.name}]"


class PrimitiveWithInfer(Primitive):
    pass


class PrimitiveWithCheck(Primitive):
    pass


def prim_attr_register(fn: Callable) -> Callable:
    """Decorator for a primitive's __init__: records its arguments as attributes."""

    @functools.wraps(fn)
    def init(self: Primitive, *args: Any, **kwargs: Any) -> None:
        Primitive.__init__(self)
        bound = inspect.signature(fn).bind(self, *args, **kwargs)
        bound.apply_defaults()
        for k, v in list(bound.arguments.items())[1:]:
            self.attrs[k] = v
        fn(self, *args, **kwargs)

    return init


def constexpr(fn: Callable | None = None, get_instance: bool = True, reuse_result: bool = True,
              check: bool = True) -> Any:
    """MindSpore evaluates these at compile time; eagerly they are ordinary functions."""
    if fn is None:
        return lambda f: f
    return fn


_primexpr = constexpr  # MindSpore's internal spelling of the same decorator


__all__ = ["Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck", "prim_attr_register", "constexpr"]
