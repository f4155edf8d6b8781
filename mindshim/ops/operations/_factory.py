"""Build attribute-free primitive classes from functional ops (the table tier of the mapping), and give every
primitive class of a module MindSpore's `attrs` (`finish`)."""
from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

import torch

from mindshim.ops.operations._prim_init_attrs import INIT_ATTRS
from mindshim.ops.operations._prim_tables import (
    FIXED_ATTRS, IO_NAMES, SIDE_EFFECT_HIDDEN, SIDE_EFFECT_IO, SIDE_EFFECT_MEM,
)
from mindshim.ops.primitive import Primitive

Tensor = torch.Tensor


def primitive_of(name: str, fn: Callable, module: str) -> type:
    def __call__(self: Primitive, *args: Any) -> Any:
        return fn(*args)

    return type(name, (Primitive,), {"__call__": __call__, "__module__": module,
                                     "__doc__": f"ops.{name}()(...): calls the functional form."})


@functools.lru_cache(maxsize=None)
def _signature(init: Callable) -> inspect.Signature:
    return inspect.signature(init)  # (a primitive built inside `construct` is built on every call)


def _record(prim: Primitive, init: Callable, args: tuple, kwargs: dict) -> None:
    """MindSpore's `attrs` after construction: the constructor arguments it keeps (normalised as the instance
    holds them), its input/output names and side-effect flags."""
    name = type(prim).__name__
    keys = INIT_ATTRS.get(name, ())
    if keys:
        try:
            bound = _signature(init).bind(prim, *args, **kwargs)
            bound.apply_defaults()
            given = bound.arguments
        except TypeError:
            given = {}
        for key in keys:
            if key in prim.attrs:  # the class set it itself, as MindSpore normalises it
                continue
            if key in prim.__dict__:
                prim.attrs[key] = prim.__dict__[key]
            elif key in given:
                prim.attrs[key] = given[key]
    if keys:  # MindSpore's order: the constructor's attributes first, as its __init__ sets them
        first = {k: prim.attrs.pop(k) for k in keys if k in prim.attrs}
        prim.attrs = {**first, **prim.attrs}
    if name in IO_NAMES:
        inputs, outputs = IO_NAMES[name]
        prim.attrs.update(input_names=list(inputs), output_names=outputs if isinstance(outputs, str) else list(outputs))
    for key, value in FIXED_ATTRS.get(name, {}).items():
        prim.attrs.setdefault(key, value)
    if name in SIDE_EFFECT_MEM:
        prim.attrs["side_effect_mem"] = True
    if name in SIDE_EFFECT_IO:
        prim.attrs["side_effect_io"] = True
    if name in SIDE_EFFECT_HIDDEN:
        prim.attrs["side_effect_hidden"] = True


# Primitives whose (first) input MindSpore only takes as a Tensor: a numpy array or a Python number is a TypeError.
TENSOR_INPUT = frozenset((
    "Abs", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "Ceil", "Cos", "Cosh", "Elu", "Erf", "Erfc", "Exp", "Expm1",
    "FastGeLU", "Floor", "GeLU", "HSigmoid", "HSwish", "Inv", "Invert", "IsFinite", "IsInf", "IsNan", "Log", "Log1p",
    "LogicalNot", "Mish", "Neg", "OnesLike", "ReLU", "ReLU6", "Reciprocal", "Round", "Rsqrt", "SeLU", "Sigmoid",
    "Sign", "Sin", "Sinh", "Softplus", "Softsign", "Sqrt", "Square", "Tan", "Tanh", "Trunc", "ZerosLike",
))


def _tensor_input(call: Callable, name: str) -> Callable:
    @functools.wraps(call)
    def __call__(self: Primitive, *args: Any, **kwargs: Any) -> Any:
        x = args[0] if args else next(iter(kwargs.values()), None)
        if not isinstance(x, Tensor):
            kind = "<class 'numpy.ndarray'>" if type(x).__module__ == "numpy" else type(x).__name__
            raise TypeError(f'Failed calling {name} with "{name}()(input={kind})".')
        return call(self, *args, **kwargs)

    __call__._tensor_input = True  # type: ignore[attr-defined]
    return __call__


def _recording(init: Callable) -> Callable:
    @functools.wraps(init)
    def __init__(self: Primitive, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        if getattr(self, "attrs", None) is not None:
            _record(self, init, args, kwargs)

    __init__._records_attrs = True  # type: ignore[attr-defined]
    return __init__


def finish(namespace: dict) -> None:
    """Make the primitive classes defined in a module record MindSpore's `attrs` when constructed."""
    module = namespace["__name__"]
    for name, cls in list(namespace.items()):
        if not (isinstance(cls, type) and issubclass(cls, Primitive) and cls.__module__ == module):
            continue
        if name in TENSOR_INPUT and not getattr(cls.__call__, "_tensor_input", False):
            cls.__call__ = _tensor_input(cls.__call__, name)
        tables = (INIT_ATTRS, IO_NAMES, FIXED_ATTRS, SIDE_EFFECT_MEM, SIDE_EFFECT_IO, SIDE_EFFECT_HIDDEN)
        if not any(name in table for table in tables):
            continue
        init = cls.__dict__.get("__init__") or cls.__init__
        if not getattr(init, "_records_attrs", False):
            cls.__init__ = _recording(init)
