"""How MindSpore-semantics methods get onto `mindspore.Tensor`.

The method tables live in `_tensor_*.py` modules, one per concern, each a `METHODS` dict of name ->
function; `tensor.py` installs them on the class. A table may forward to a `mindspore.ops` function
with `from_function`, which resolves it on first call (ops imports this package, so not at import).
"""
from __future__ import annotations

import importlib
from typing import Any, Callable

import torch

_TB = torch._C.TensorBase
_tf_enabled = torch._C._is_torch_function_enabled


def ms_method(fn: Callable, name: str | None = None) -> Callable:
    """A MindSpore-semantics method that behaves as torch's own while torch code is running.

    Inside `__torch_function__` (and built-in layers) subclass dispatch is off; torch's Python code
    may then call `t.sum(dim=...)` or `t.transpose(0, 1)` on our tensors and must get torch's answer.
    A name torch does not have needs no such guard.
    """
    name = name or fn.__name__
    torch_impl = getattr(torch.Tensor, name, None)
    if torch_impl is None or isinstance(torch_impl, property):
        return fn

    def method(self, *args, **kwargs):
        if _tf_enabled():
            try:
                return fn(self, *args, **kwargs)
            except KeyError as err:
                raise _missing_argument(name, err) from None
        return torch_impl(self, *args, **kwargs)

    method.__name__ = name
    method.__qualname__ = f"Tensor.{name}"
    method.__doc__ = fn.__doc__
    return method


def _missing_argument(name: str, err: KeyError) -> Exception:
    """A method's own lookup of an argument it was not given (`params["dim"]`) is a missing argument: TypeError, as
    Python and MindSpore report it; a KeyError from deeper down is left as it is."""
    tb = err.__traceback__
    if tb is not None and tb.tb_next is not None and tb.tb_next.tb_next is None and err.args:
        return TypeError(f"Tensor.{name}() missing required argument: '{err.args[0]}'")
    return err


def from_function(path: str, name: str | None = None) -> Callable:
    """A method that calls the function at `path` ("module:attr") with the tensor as first argument."""
    module_name, _, attr = path.partition(":")
    target: list[Callable] = []

    def method(self, *args: Any, **kwargs: Any) -> Any:
        if not target:
            target.append(getattr(importlib.import_module(module_name), attr))
        return target[0](self, *args, **kwargs)

    method.__name__ = name or attr
    return ms_method(method, name or attr)


def install(cls: type, modules: list[str]) -> None:
    """Set every method of the named table modules on `cls` (later tables win)."""
    for module_name in modules:
        for name, fn in importlib.import_module(module_name).METHODS.items():
            setattr(cls, name, fn)


def is_integer(t: torch.Tensor) -> bool:
    dtype = _TB.dtype.__get__(t)
    return not dtype.is_floating_point and not dtype.is_complex and dtype != torch.bool


def reduce_axis(axis) -> Any:
    if axis is None or axis == ():
        return None
    if isinstance(axis, list):
        return tuple(axis)
    return axis
