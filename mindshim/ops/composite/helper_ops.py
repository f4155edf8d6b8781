"""Composite-level helpers of MindSpore's graph compiler called from Python: hyper_add, _ones_like_for_grad,
augassign_*, zip_operation, tail, iter_converter / ms_next / ms_hasnext, mixed_precision_cast, add_flags,
_add_attr, prim_arg_register, deepcopy, dyn_shape, DynamicShape, isconstant, and ops.cond (which in
MindSpore 2.10 is the matrix condition number).

Mapping decisions (MindSpore 2.10 behaviour):
- HyperMap-style helpers recurse through tuples and lists and return tuples for both.
- `ms_next(seq)` returns (first element, the rest as a tuple); `ms_hasnext(seq)` is "not empty".
- `mixed_precision_cast(dtype, x)` casts floating tensors (also inside tuples/lists, which become tuples);
  other values, and dicts, pass through.
- `isconstant(x)` is True: every mindshim value is concrete when the helper runs.
- `DynamicShape(dtype)(x)`/`dyn_shape(x)` give the shape as a 1-D int64 (or int32) Tensor.
- `cond(A, p=None)` is ||A||_p * ||A^-1||_p with matrix norms (p=None means 2); batched input gives float32.
"""
from __future__ import annotations

import functools
import inspect
import operator
from typing import Any, Callable

import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, _unwrap, _wrap
from mindshim.ops.composite.base import MultitypeFuncGraph
from mindshim.ops.primitive import Primitive


def _hyper(fn: Callable, *xs: Any) -> Any:
    first = xs[0]
    if isinstance(first, (tuple, list)):
        if any(len(x) != len(first) for x in xs):
            raise ValueError("For 'HyperMap', the sequences must have the same length.")
        return tuple(_hyper(fn, *items) for items in zip(*xs))
    return fn(*xs)


class _HyperHelper:
    def __init__(self, name: str, fn: Callable) -> None:
        self.name, self._fn = name, fn

    def __call__(self, *args: Any) -> Any:
        return _hyper(self._fn, *args)

    def __repr__(self) -> str:
        return f"HyperMap[{self.name}]"


def _one_like(x: Any) -> Any:
    if isinstance(x, torch.Tensor):
        return _wrap(torch.ones_like(_unwrap(x)))
    return type(x)(1) if isinstance(x, (bool, int, float)) else x


hyper_add = _HyperHelper("hyper_add", operator.add)
_ones_like_for_grad = _HyperHelper("ones_like_for_grad", _one_like)


def _augassign(name: str, op: Callable) -> MultitypeFuncGraph:
    graph = MultitypeFuncGraph(name)
    for types_ in (("Number", "Number"), ("Tensor", "Tensor"), ("Tensor", "Number"), ("Number", "Tensor"),
                   ("Tuple", "Tuple"), ("List", "List"), ("Tuple", "Number"), ("List", "Number"),
                   ("String", "String"), ("Bool", "Number"), ("Number", "Bool"), ("Bool", "Bool")):
        graph.register(*types_)(op)
    return graph


augassign_add = _augassign("augassign_add", operator.add)
augassign_sub = _augassign("augassign_sub", operator.sub)
augassign_mul = _augassign("augassign_mul", operator.mul)
augassign_div = _augassign("augassign_div", operator.truediv)
augassign_floordiv = _augassign("augassign_floordiv", operator.floordiv)
augassign_mod = _augassign("augassign_mod", operator.mod)


class _SeqHelper:
    def __init__(self, name: str, fn: Callable) -> None:
        self.name, self._fn = name, fn

    def __call__(self, *args: Any) -> Any:
        return self._fn(*args)

    def __repr__(self) -> str:
        return self.name


def _zip(*seqs: Any) -> tuple:
    for s in seqs:
        if not isinstance(s, (tuple, list, torch.Tensor)):
            raise TypeError(f"For 'zip', all inputs must be sequences, but got {type(s).__name__}.")
    return tuple(zip(*seqs))


def _tail(seq: Any) -> Any:
    if not isinstance(seq, (tuple, list)):
        raise TypeError(f"For 'tail', the input must be a tuple or list, but got {type(seq).__name__}.")
    return seq[1:]


def _iter_items(x: Any) -> Any:
    if isinstance(x, dict):
        return tuple(x)
    if isinstance(x, torch.Tensor):
        return tuple(_wrap(t) for t in torch.unbind(_unwrap(x), 0))
    return x


def _next(seq: Any) -> tuple:
    items = _iter_items(seq)
    if not len(items):
        raise StopIteration("For 'ms_next', the sequence is empty.")
    return items[0], tuple(items[1:])


zip_operation = _SeqHelper("zip_operation", _zip)
tail = _SeqHelper("tail", _tail)
iter_converter = _SeqHelper("iter_converter", _iter_items)
ms_next = _SeqHelper("ms_next", _next)
ms_hasnext = _SeqHelper("ms_hasnext", lambda seq: len(_iter_items(seq)) > 0)


def _mp_cast(dst: torch.dtype, x: Any) -> Any:
    if isinstance(x, torch.Tensor):
        return _wrap(_unwrap(x).to(dst)) if x.is_floating_point() else x
    if isinstance(x, (tuple, list)):
        return tuple(_mp_cast(dst, i) for i in x)
    return x


class MixedPrecisionCast(Primitive):
    def __call__(self, dst_type: Any, input_x: Any) -> Any:
        return _mp_cast(mstype.to_torch(dst_type), input_x)


mixed_precision_cast = MixedPrecisionCast("MixedPrecisionCast")


def add_flags(fn: Any = None, **flags: Any) -> Any:
    """Record graph-compiler flags on `fn` (`fn._func_graph_flags`) and return it; a decorator without fn."""
    def deco(f: Any) -> Any:
        current = getattr(f, "_func_graph_flags", None)
        if not isinstance(current, dict):
            current = {}
            setattr(f, "_func_graph_flags", current)
        current.update(flags)
        return f
    return deco(fn) if fn is not None else deco


def _add_attr(fn: Callable, **kwargs: Any) -> Callable:
    """A function calling `fn` whose graph carries the attributes `kwargs` (no effect eagerly)."""
    if not callable(fn) or isinstance(fn, Primitive):
        raise TypeError(f"the parameter 'fn' must be callable type except Primitive, but got:{type(fn)}")

    def add_attr_fn(*args: Any) -> Any:
        return fn(*args)
    return add_attr_fn


def prim_arg_register(fn: Callable) -> Callable:
    """Decorator for a Primitive's __init__: names the primitive and records its arguments in `init_attrs`."""
    @functools.wraps(fn)
    def deco(self: Primitive, *args: Any, **kwargs: Any) -> None:
        Primitive.__init__(self, getattr(type(self), "substitute_name", type(self).__name__))
        bound = inspect.signature(fn).bind(self, *args, **kwargs)
        bound.apply_defaults()
        init_attrs = self.__dict__.setdefault("init_attrs", {})
        for name, value in list(bound.arguments.items())[1:]:
            setattr(self, name, value)
            init_attrs[name] = value
        fn(self, *args, **kwargs)

    deco.decorated_func = fn
    return deco


def deepcopy(input_x: Any) -> Any:
    if not isinstance(input_x, torch.Tensor):
        raise TypeError(f"For 'deepcopy', the input must be a Tensor, but got {type(input_x).__name__}.")
    return _wrap(_unwrap(input_x).detach().clone())


def dyn_shape(input_x: Any) -> Any:
    if not isinstance(input_x, torch.Tensor):
        raise TypeError(f"For 'dyn_shape', the input must be a Tensor, but got {type(input_x).__name__}.")
    return Tensor(list(input_x.shape), mstype.int64) if input_x.dim() else Tensor(torch.zeros(0, dtype=torch.int64))


class DynamicShape(Primitive):
    """Deprecated: `DynamicShape(dtype=mindspore.int64)(x)` is the shape of x as a 1-D Tensor."""

    def __init__(self, dtype: Any = 9) -> None:
        super().__init__()
        self.dtype = mstype.int64 if dtype == 9 else dtype
        if str(self.dtype) not in ("Int32", "Int64"):
            raise TypeError(f"For 'DynamicShape', the 'dtype' must be int32 or int64, but got {dtype}.")

    def __call__(self, input_x: Any) -> Any:
        return _wrap(_unwrap(dyn_shape(input_x)).to(mstype.to_torch(self.dtype)))


class IsConstant(Primitive):
    def __call__(self, x: Any) -> bool:
        return True


isconstant = IsConstant("IsConstant")

def cond(A: Any, p: Any = None) -> Any:
    """The condition number of a matrix (or a batch of matrices): ||A||_p * ||A^-1||_p."""
    if not isinstance(A, torch.Tensor):
        raise TypeError(f"For 'cond', the input 'A' must be a Tensor, but got {type(A).__name__}.")
    ord_ = 2 if p is None else p
    if ord_ not in (2, -2, 1, -1, float("inf"), float("-inf"), "fro", "nuc"):
        raise ValueError(f"For 'cond', p={p} is not a supported matrix norm.")
    a = _unwrap(A)
    out = torch.linalg.matrix_norm(a, ord_) * torch.linalg.matrix_norm(torch.linalg.inv(a), ord_)
    return _wrap(out.to(torch.float32) if a.dim() >= 3 else out)


__all__ = ["hyper_add", "_ones_like_for_grad", "augassign_add", "augassign_sub", "augassign_mul", "augassign_div",
           "augassign_floordiv", "augassign_mod", "zip_operation", "tail", "iter_converter", "ms_next",
           "ms_hasnext", "mixed_precision_cast", "add_flags", "_add_attr", "prim_arg_register", "deepcopy",
           "dyn_shape", "DynamicShape", "isconstant", "cond"]


def ones_like(x: Any) -> Any:
    """mindspore.ops.composite.ones_like: ones shaped like each Tensor of a (nested) tuple/list, as tuples."""
    if isinstance(x, (tuple, list)):
        return tuple(ones_like(v) for v in x)
    from mindshim import ops
    return ops.ones_like(x)


def zeros_like(x: Any) -> Any:
    """mindspore.ops.composite.zeros_like: zeros shaped like a Tensor; MindSpore 2.10 gives 0 for anything else
    (tuples included)."""
    if isinstance(x, torch.Tensor):
        from mindshim import ops
        return ops.zeros_like(x)
    return 0
