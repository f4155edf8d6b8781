"""The hottest Tensor operators (`+`, `-`, `*`, `@`, indexing) without a trip through `__torch_function__`.

Each is torch's own operator under `plain_op` (dispatch off, the fresh result re-classed; an exception reruns it
with dispatch on): ~1.2 us less per call, the same values, MindSpore's errors and Python's reflected operators as
before. An operand that is neither a number nor a mindshim/plain tensor (another library's tensor subclass keeps
its own dispatch) takes torch's ordinary path. With dispatch off (built-in layers, compiled regions) these are
torch's operators as they are. Installed by tensor.py, after `Tensor` and `plain_op` exist.
"""
from __future__ import annotations

import numbers
from typing import Any

import torch

from mindshim.common import _negative_steps as negative_steps
from mindshim.common._negative_steps import has_negative_step
from mindshim.common.tensor import Tensor, _tf_enabled, plain_op


def _number_or_tensor(args: tuple) -> bool:
    other = args[1]
    return isinstance(other, numbers.Number) or type(other) is torch.Tensor or isinstance(other, Tensor)


METHODS = {name: plain_op(getattr(torch.Tensor, name), _number_or_tensor)
           for name in ("__add__", "__sub__", "__mul__", "__matmul__")}


def _getitem(self: torch.Tensor, key: Any) -> Any:
    if has_negative_step(key):
        return negative_steps.getitem(torch.Tensor.__getitem__, self, key)
    return torch.Tensor.__getitem__(self, key)


def _setitem(self: torch.Tensor, key: Any, value: Any) -> None:
    if isinstance(value, (list, tuple)):  # MindSpore takes a (nested) list or tuple of numbers as the value
        value = torch.tensor(value).to(self)
    if has_negative_step(key):
        key, value = negative_steps.setitem_args(self, key, value)
    torch.Tensor.__setitem__(self, key, value)


def _invert(self: torch.Tensor) -> Any:
    """`~x`: bitwise not of integers and bools; logical not of floats (MindSpore's `~` is LogicalNot)."""
    if self.is_floating_point() or self.is_complex():
        return torch.logical_not(self)
    return torch.Tensor.__invert__(self)


def _mul_operand(args: tuple) -> bool:
    """`_number_or_tensor` for `*`, refusing a list or tuple as MindSpore's Mul does (TypeError), where Python would
    fall back to list repetition through `__index__`; checked after the fast cases, so `t * t` pays nothing."""
    if _number_or_tensor(args):
        return True
    if isinstance(args[1], (list, tuple)):
        raise TypeError(f'Failed calling Mul with "Mul()(input=Tensor, other={type(args[1]).__name__})".')
    return False


METHODS["__mul__"] = plain_op(torch.Tensor.__mul__, _mul_operand)
METHODS["__rmul__"] = plain_op(torch.Tensor.__rmul__, _mul_operand)
METHODS["__getitem__"] = plain_op(_getitem)
METHODS["__invert__"] = _invert
METHODS["__setitem__"] = _setitem


# Augmented assignment (`x += y`, `x /= 2`, ...) in PyNative is MindSpore's out-of-place op: `x` is rebound to a new
# Tensor (promoted as the binary op promotes: int `/= 2` gives float) and the object it named is left unchanged, so
# a caller's input, an alias or a Parameter (which then names a plain Tensor) is never written. In a GRAPH_MODE
# Cell call MindSpore writes a Parameter in place, in its own dtype (`p -= lr * g` in a hand-written optimizer);
# other tensors there stay out-of-place here (MindSpore also writes a Tensor input through, which autograd cannot
# follow: an input saved for backward and then written would fail). In a compiled region (dispatch off) the same
# holds: torch's in-place operator for a Parameter, the binary op for anything else.
_AUGMENTED = {"__iadd__": "__add__", "__isub__": "__sub__", "__imul__": "__mul__", "__itruediv__": "__truediv__",
              "__ifloordiv__": "__floordiv__", "__imod__": "__mod__", "__ipow__": "__pow__",
              "__imatmul__": "__matmul__", "__iand__": "__and__", "__ior__": "__or__", "__ixor__": "__xor__",
              "__ilshift__": "__lshift__", "__irshift__": "__rshift__"}


def _augmented(inplace: str, binary: str) -> Any:
    torch_inplace = getattr(torch.Tensor, inplace, None)  # (torch has no `@=`: Python's fallback is `x = x @ y`)

    def op(self: torch.Tensor, other: Any) -> Any:
        if not _tf_enabled():  # a compiled region: a Parameter is state (torch's in-place op), the rest values
            if torch_inplace is not None and _is_parameter(self):
                return torch_inplace(self, other)
            return getattr(self, binary)(other)
        result = getattr(self, binary)(other)
        if result is NotImplemented or not _graph_parameter(self) or result.shape != self.shape:
            return result
        with torch.no_grad():
            self.copy_(result)  # (casts to the Parameter's dtype)
        return self
    op.__name__ = op.__qualname__ = inplace
    return op


def _is_parameter(t: torch.Tensor) -> bool:
    from mindshim.common.parameter import Parameter
    return isinstance(t, Parameter)


def _graph_parameter(t: torch.Tensor) -> bool:
    from mindshim._backend.engine import in_graph_call
    return _is_parameter(t) and in_graph_call()


METHODS.update({inplace: _augmented(inplace, binary) for inplace, binary in _AUGMENTED.items()})
