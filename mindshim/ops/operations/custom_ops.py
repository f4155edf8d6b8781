"""ops.Custom (func_type "pyfunc") and the Hybrid-DSL decorators ops.kernel / ops.ms_kernel.

Mapping decisions (MindSpore 2.10 behaviour):
- `Custom(func, out_shape, out_dtype, func_type="pyfunc", bprop=None)`: `func` runs on numpy arrays; its
  results become Tensors of `out_dtype` (a dtype, a tuple of dtypes, or a function of the input dtypes; a tuple
  means several outputs). With `bprop(*inputs, out, dout)` the op is differentiable through it.
- The compiled func_types ("hybrid", "akg", "aot", "tbe", "aicpu") are accepted at construction as MindSpore
  does, and raise mindshim's unsupported error when called: they need MindSpore's kernel compilers.
- `kernel(fn)` returns a function that runs the Hybrid-DSL source as Python on numpy arrays with the DSL
  intrinsics (`output_tensor`, `allocate`, `grid`, `serial`, `rsqrt`, ...) in scope, like MindSpore.
"""
from __future__ import annotations

import functools
import itertools
import json
import math
import types
from typing import Any, Callable

import numpy as np
import torch

from mindshim._errors import unsupported
from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, _unwrap, _wrap
from mindshim.ops.primitive import Primitive
from mindshim.common._user_code import call_user

_FUNC_TYPES = ("hybrid", "akg", "tbe", "aicpu", "aot", "pyfunc")


def _np(x: Any) -> Any:
    return np.asarray(_unwrap(x).detach().cpu()) if isinstance(x, torch.Tensor) else x


class _PyFuncOp(torch.autograd.Function):
    @staticmethod
    def forward(ctx: Any, op: "Custom", *xs: Any) -> Any:
        ctx.op, ctx.inputs = op, xs
        outs = op._run(xs)
        ctx.outs = outs
        return outs

    @staticmethod
    def backward(ctx: Any, *douts: Any) -> Any:
        op = ctx.op
        wrap = lambda v: v.detach().as_subclass(Tensor)  # noqa: E731
        out = tuple(wrap(o) for o in ctx.outs)
        dout = tuple(wrap(d) for d in douts)
        grads = call_user(op.bprop, *(wrap(x) for x in ctx.inputs), out if op._multi else out[0],
                          dout if op._multi else dout[0])
        grads = grads if isinstance(grads, (tuple, list)) else (grads,)
        return (None, *(_unwrap(g) if isinstance(g, torch.Tensor) else None for g in grads))


class Custom(Primitive):
    def __init__(self, func: Any, out_shape: Any = None, out_dtype: Any = None, func_type: str = "pyfunc",
                 bprop: Callable | None = None, reg_info: Any = None) -> None:
        super().__init__("Custom")
        if func_type not in _FUNC_TYPES:
            raise ValueError(f"For 'Custom', 'func_type' must be one of {list(_FUNC_TYPES)}, but got {func_type}.")
        if func_type == "pyfunc" and not callable(func):
            raise TypeError(f"For 'Custom', 'func' must be a function when func_type is 'pyfunc', but got "
                            f"{type(func).__name__}.")
        self.func, self.out_shape, self.out_dtype = func, out_shape, out_dtype
        self.func_type, self.bprop, self.reg_info = func_type, bprop, reg_info
        self._multi = False

    def _dtypes(self, xs: tuple) -> tuple:
        spec = self.out_dtype
        if callable(spec) and not isinstance(spec, mstype.Type):
            spec = spec(*(mstype.from_torch(x.dtype) if isinstance(x, torch.Tensor) else x for x in xs))
        self._multi = isinstance(spec, (tuple, list))
        return tuple(spec) if self._multi else (spec,)

    def _run(self, xs: tuple) -> tuple:
        dtypes = self._dtypes(xs)
        out = self.func(*(_np(x) for x in xs))
        out = tuple(out) if self._multi else (out,)
        if len(out) != len(dtypes):
            raise ValueError(f"For 'Custom', func returned {len(out)} outputs but out_dtype has {len(dtypes)}.")
        device = next((x.device for x in xs if isinstance(x, torch.Tensor)), None)
        arrays = [np.array(o, dtype=mstype.dtype_to_nptype(d) if d is not None else None) for o, d in zip(out, dtypes)]
        if device is None:  # no tensor input: the context device
            return tuple(_unwrap(Tensor(a)) for a in arrays)
        return tuple(torch.as_tensor(a, device=device) for a in arrays)

    def __call__(self, *inputs: Any) -> Any:
        if self.func_type != "pyfunc":
            raise unsupported(f"mindspore.ops.Custom(func_type={self.func_type!r})",
                              "only func_type='pyfunc' (a Python function on numpy arrays) runs on torch")
        if self.bprop is not None and torch.is_grad_enabled():
            outs = _PyFuncOp.apply(self, *_unwrap(inputs))
        else:
            outs = self._run(inputs)
        outs = tuple(_wrap(o) for o in outs)
        return outs if self._multi else outs[0]


def _allocate(shape: Any, dtype: str = "float32", scope: str = "global") -> np.ndarray:
    return np.zeros(shape, dtype=dtype)


class _Scope:
    """`with attr(...)` / `with block_realize(...)` in the DSL: no effect when run as Python."""

    def __call__(self, *args: Any, **kwargs: Any) -> "_Scope":
        return self

    def __enter__(self) -> "_Scope":
        return self

    def __exit__(self, *exc: Any) -> None:
        return None


_erf = np.vectorize(math.erf, otypes=[np.float64])

_INTRINSICS: dict[str, Any] = {
    "allocate": _allocate, "output_tensor": _allocate,
    "range": range, "serial": range, "vectorize": range, "parallel": range, "reduce": range,
    "grid": lambda extents: itertools.product(*(range(e) for e in extents)),
    "attr": _Scope(), "block_realize": _Scope(),
    "sqrt": np.sqrt, "sign": np.sign, "log": np.log, "tanh": np.tanh, "exp": np.exp, "abs": np.abs,
    "power": np.power, "rsqrt": lambda x: 1.0 / np.sqrt(x), "erf": lambda x: _erf(x).astype(np.asarray(x).dtype),
    "isnan": np.isnan, "isinf": np.isinf, "isfinite": np.isfinite, "sin": np.sin, "cos": np.cos,
    "atan": np.arctan, "atan2": np.arctan2, "expm1": np.expm1, "floor": np.floor, "ceil": np.ceil,
    "trunc": np.trunc, "round": np.round, "ceil_div": lambda a, b: (a + b - 1) // b,
    "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64, "float16": np.float16,
    "float32": np.float32, "float64": np.float64,
}


def kernel(fn: Callable | None = None, reg_info: Any = None, compile_attrs: Any = None) -> Any:
    """ops.kernel: mark a Hybrid-DSL function; calling it runs the DSL as Python on numpy arrays."""
    if compile_attrs is None:
        compile_attrs = {}
    if not isinstance(compile_attrs, dict):
        raise TypeError(f"The input 'compile_attrs' of @kernel must be a dict, but got {type(compile_attrs)}.")
    if reg_info is not None and not isinstance(reg_info, (str, dict, tuple)):
        raise TypeError(f"The input 'reg_info' of @kernel should be one of str, dict and tuple, but get a "
                        f"{type(reg_info)}")

    def wrap_kernel(func: Callable) -> Callable:
        func.ms_kernel_flag = True
        func.compile_attrs = json.dumps(compile_attrs)
        if reg_info is not None:
            func.reg_info = reg_info
        runnable = types.FunctionType(func.__code__, {**func.__globals__, **_INTRINSICS}, func.__name__,
                                      func.__defaults__, func.__closure__)

        @functools.wraps(func)
        def run(*args: Any) -> Any:
            return runnable(*(_np(a) for a in args))
        return run

    return wrap_kernel(fn) if fn is not None else wrap_kernel


def ms_kernel(fn: Callable | None = None, reg_info: Any = None, compile_attrs: Any = None) -> Any:
    """ops.ms_kernel: the older name of ops.kernel."""
    return kernel(fn, reg_info, compile_attrs)


__all__ = ["Custom", "kernel", "ms_kernel"]
