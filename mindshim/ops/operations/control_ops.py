"""Control-flow primitives: ops.ForiLoop, ops.WhileLoop, ops.Scan, ops.switch, ops.switch_layer, ops.Merge,
ops.GeSwitch.

Mapping decisions (MindSpore 2.10 behaviour):
- The loop primitives run the Python loop (MindSpore's own PyNative path): `loop_func`/`cond_func` must be
  Python functions or methods (TypeError otherwise); an exception inside the loop becomes ValueError.
- `switch(cond, true_value, false_value)` picks a value; `switch_layer(index, branches)` picks a branch by a
  Tensor index (TypeError for a Python int, like MindSpore).
- `Merge`/`GeSwitch` are dataflow primitives of MindSpore's GE backend; called from Python they raise
  NotImplementedError, exactly as MindSpore's own `__call__` does.
"""
from __future__ import annotations

import types
from typing import Any, Callable

import torch

from mindshim.ops.primitive import Primitive

_FUNCS = (types.FunctionType, types.MethodType)


def _check_fn(op: str, arg: str, fn: Any) -> None:
    if not isinstance(fn, _FUNCS):
        raise TypeError(f"For '{op}', the type of '{arg}' should be a function, but got {type(fn).__name__}.")


def _run_loop(body: Callable[[], Any]) -> Any:
    try:
        return body()
    except Exception as e:  # noqa: BLE001 - MindSpore reports any loop failure as ValueError
        raise ValueError(f"Invalid loop_func, please check input arguments and return value, error info: {e}") from e


def _bound(op: str, arg: str, value: Any) -> int:
    if isinstance(value, torch.Tensor):
        return int(value.item())
    if not isinstance(value, int):
        raise TypeError(f"For '{op}', the type of '{arg}' should be int or Tensor, but got {type(value).__name__}.")
    return value


class ForiLoop(Primitive):
    """`ForiLoop()(lower, upper, loop_func, init_val)`: `val = loop_func(i, val)` for i in [lower, upper)."""

    def __call__(self, lower: Any, upper: Any, loop_func: Callable, init_val: Any, unroll: bool = True) -> Any:
        lo, hi = _bound("ForiLoop", "lower", lower), _bound("ForiLoop", "upper", upper)
        _check_fn("ForiLoop", "loop_func", loop_func)

        def body() -> Any:
            val = init_val
            for i in range(lo, hi):
                val = loop_func(i, val)
            return val
        return _run_loop(body)


class WhileLoop(Primitive):
    """`WhileLoop()(cond_func, loop_func, init_val)`: `val = loop_func(val)` while `cond_func(val)`."""

    def __call__(self, cond_func: Callable, loop_func: Callable, init_val: Any) -> Any:
        _check_fn("WhileLoop", "cond_func", cond_func)
        _check_fn("WhileLoop", "loop_func", loop_func)

        def body() -> Any:
            val = init_val
            while cond_func(val):
                val = loop_func(val)
            return val
        return _run_loop(body)


class Scan(Primitive):
    """`Scan()(loop_func, init, xs, length=None)`: `carry, y = loop_func(carry, x)` over xs; (carry, [y...])."""

    def __call__(self, loop_func: Callable, init: Any, xs: Any, length: Any = None, unroll: bool = True) -> Any:
        _check_fn("Scan", "loop_func", loop_func)
        if xs is not None and not isinstance(xs, (list, tuple)):
            raise TypeError(f"For 'Scan', the type of 'xs' should be list, tuple or None, but got {type(xs).__name__}.")
        if xs is None:
            if not isinstance(length, int) or isinstance(length, bool):
                raise TypeError(f"For 'Scan', the type of 'length' should be int, but got {type(length).__name__}.")
            xs = [None] * length
        if not xs:
            return init, []

        def body() -> Any:
            carry, ys = init, []
            for x in xs:
                carry, y = loop_func(carry, x)
                ys.append(y)
            return carry, ys
        return _run_loop(body)


class _Switch(Primitive):
    def __call__(self, cond: Any, true_value: Any, false_value: Any) -> Any:
        return true_value if bool(cond) else false_value


class _SwitchLayer(Primitive):
    def __call__(self, index: Any, branches: Any) -> Any:
        if not isinstance(index, torch.Tensor):
            raise TypeError(f"For 'switch_layer', input[0] should be Tensor, but got {type(index).__name__}.")
        i = int(index.item())
        if not -len(branches) <= i < len(branches):
            raise IndexError(f"For 'switch_layer', the index {i} is out of range for {len(branches)} branches.")
        return branches[i]


class GeSwitch(Primitive):
    """GE-backend dataflow switch: not executable from Python (MindSpore raises NotImplementedError too)."""

    def __call__(self, data: Any, pred: Any) -> Any:
        raise NotImplementedError("ops.GeSwitch only runs inside MindSpore's GE graph backend.")


class Merge(Primitive):
    """GE-backend dataflow merge: not executable from Python (MindSpore raises NotImplementedError too)."""

    def __call__(self, *inputs: Any) -> Any:
        raise NotImplementedError("ops.Merge only runs inside MindSpore's GE graph backend.")


switch = _Switch("switch")
switch_layer = _SwitchLayer("switch_layer")
geswitch = GeSwitch()
merge = Merge()

__all__ = ["ForiLoop", "WhileLoop", "Scan", "GeSwitch", "Merge", "switch", "switch_layer", "geswitch", "merge"]
