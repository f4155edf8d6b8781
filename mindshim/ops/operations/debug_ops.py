"""Debug primitives: ops.Assert, ops.CheckNumerics, ops.TensorDump / ops.tensordump, ops.DumpGradient,
ops.HookBackward, ops.InsertGradientOf, ops.UpdateState, ops.PyFunc.

Mapping decisions (MindSpore 2.10 behaviour):
- `HookBackward(hook_fn)(*tensors)` returns its inputs; in backward `hook_fn` receives the tuple of their
  gradients and may return None (keep), a tensor (one input) or a tuple (new gradients). `InsertGradientOf(f)`
  is the one-tensor form: `f(grad)` replaces the gradient. Both are torch autograd Functions, so the hook
  really runs on the gradient.
- `TensorDump()(file, x)` writes `<file without .npy>_<dtype>_<n>.npy` with a process-wide counter n
  (`_in_` before the dtype for input_output='in'); bfloat16 data is stored as float32.
- `Assert(summarize)(cond, data)` prints the first `summarize` entries of each tensor and raises
  RuntimeError when cond is False; else it returns Tensor([0], int32).
- `CheckNumerics()(x)` accepts float16/32/64 only and raises RuntimeError on NaN or Inf.
- `PyFunc(fn, ...)` calls fn on numpy arrays and returns a tuple of Tensors of `out_types`.
"""
from __future__ import annotations

import itertools
import os
from typing import Any, Callable

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import Tensor, _unwrap, _wrap
from mindshim.ops.primitive import Primitive
from mindshim.common._user_code import call_user

_dump_ids = itertools.count()


class Assert(Primitive):
    def __init__(self, summarize: int = 3) -> None:
        super().__init__()
        if not isinstance(summarize, int) or isinstance(summarize, bool):
            raise TypeError(f"For 'Assert', the type of 'summarize' should be 'int', but got type "
                            f"'{type(summarize).__name__}'.")
        self.summarize = summarize

    def __call__(self, condition: Any, input_data: Any) -> Any:
        if isinstance(condition, torch.Tensor):
            if condition.dtype != torch.bool:
                raise TypeError(f"For 'Assert', the type of 'condition' must be bool, but got {condition.dtype}.")
            ok = bool(condition.all())
        elif isinstance(condition, bool):
            ok = condition
        else:
            raise TypeError(f"For 'Assert', the type of 'condition' must be bool, but got {type(condition).__name__}.")
        if not isinstance(input_data, (tuple, list)):
            raise TypeError(f"For 'Assert', 'input_data' must be a tuple or list, but got {type(input_data).__name__}.")
        if not ok:
            print("For 'Assert' condition is false.")
            for t in input_data:
                print("input data:", np.asarray(_unwrap(t).detach().cpu()).reshape(-1)[:self.summarize])
            raise RuntimeError("For 'Assert', assert failed.")
        return Tensor(np.array([0], np.int32))


class CheckNumerics(Primitive):
    def __call__(self, x: Any) -> Any:
        if not isinstance(x, torch.Tensor) or x.dtype not in (torch.float16, torch.float32, torch.float64):
            raise TypeError(f"For primitive[CheckNumerics], the input argument[x] must be a Tensor of float16, "
                            f"float32 or float64, but got {getattr(x, 'dtype', type(x).__name__)}.")
        if bool(torch.isnan(x).any()):
            raise RuntimeError("For 'CheckNumerics', Tensor had NaN values.")
        if bool(torch.isinf(x).any()):
            raise RuntimeError("For 'CheckNumerics', Tensor had Inf values.")
        return x


def _dump(file: str, x: torch.Tensor, mode: str) -> None:
    base = file[:-4] if file.endswith(".npy") else file
    dtype_name = str(mstype.from_torch(x.dtype)).lower()
    data = _unwrap(x).detach()
    data = data.float() if data.dtype == torch.bfloat16 else data
    tag = f"_{mode}" if mode == "in" else ""
    np.save(f"{base}{tag}_{dtype_name}_{next(_dump_ids)}.npy", data.cpu().numpy())


def _check_mode(mode: str) -> None:
    if mode not in ("in", "out"):
        raise ValueError(f"The 'input_output' argument should be one of ['in', 'out'], but got: {mode}")


class TensorDump(Primitive):
    def __init__(self, input_output: str = "out") -> None:
        super().__init__()
        _check_mode(input_output)
        self.input_output = input_output

    def __call__(self, file: Any, input_x: Any) -> None:
        if not isinstance(file, str):
            raise TypeError(f"For 'TensorDump', the type of 'file' should be 'str', but got '{type(file).__name__}'.")
        if not file:
            raise ValueError("For 'TensorDump', the input argument[file] cannot be an empty string.")
        if not isinstance(input_x, torch.Tensor):
            raise TypeError(f"For 'TensorDump', the type of 'input_x' should be 'Tensor', but got type "
                            f"'{type(input_x).__name__}'.")
        _dump(os.fspath(file), input_x, self.input_output)


def tensordump(file_name: str, tensor: Any, mode: str = "out") -> None:
    if not isinstance(file_name, str):
        raise TypeError(f"For 'tensordump', file_name should be a str, but got {type(file_name)}.")
    if not isinstance(tensor, torch.Tensor):
        raise TypeError(f"For 'tensordump', tensor should be a Tensor, but got {type(tensor)}.")
    if not isinstance(mode, str):
        raise TypeError(f"For 'tensordump', mode should be a str, but got {type(mode)}.")
    _check_mode(mode)
    TensorDump(mode)(file_name, tensor)


class _GradHook(torch.autograd.Function):
    """Identity in forward; `hook(tuple_of_grads)` may replace the gradients in backward."""

    @staticmethod
    def forward(ctx: Any, hook: Callable, *xs: torch.Tensor) -> Any:
        ctx.hook = hook
        return tuple(x.view_as(x) for x in xs)

    @staticmethod
    def backward(ctx: Any, *grads: torch.Tensor) -> Any:
        new = call_user(ctx.hook, grads)
        if new is None:
            new = grads
        elif isinstance(new, torch.Tensor):
            new = (new,)
        if len(new) != len(grads):
            raise ValueError(f"The hook function returned {len(new)} gradients for {len(grads)} inputs.")
        return (None, *(_unwrap(n) for n in new))


def _apply_hook(hook: Callable, xs: tuple) -> tuple:
    return tuple(_wrap(o) for o in _GradHook.apply(hook, *_unwrap(xs)))


class HookBackward(Primitive):
    def __init__(self, hook_fn: Callable, cell_id: str = "") -> None:
        super().__init__()
        if not callable(hook_fn):
            raise TypeError(f"Expected a callable hook function, but got {type(hook_fn).__name__}.")
        self.hook_fn, self.cell_id = hook_fn, cell_id

    def __call__(self, *inputs: Any) -> Any:
        for x in inputs:
            if not isinstance(x, torch.Tensor):
                raise TypeError(f"For 'HookBackward', the element of 'input' must be Tensor, but got "
                                f"{type(x).__name__}.")
        outs = _apply_hook(self.hook_fn, inputs)
        return outs[0] if len(outs) == 1 else outs


class InsertGradientOf(Primitive):
    def __init__(self, f: Callable) -> None:
        super().__init__()
        self.f = f

    def __call__(self, input_x: Any) -> Any:
        if not isinstance(input_x, torch.Tensor):
            return input_x
        return _apply_hook(lambda grads: (self.f(grads[0]),), (input_x,))[0]


class DumpGradient(Primitive):
    """`DumpGradient()(path, x, input_output)`: x, whose gradient is written with TensorDump in backward."""

    def __call__(self, path: str, x: Any, input_output: str) -> Any:
        def dump(dout: Any) -> Any:
            TensorDump()(path, dout)
            return dout
        return InsertGradientOf(dump)(x)


class UpdateState(Primitive):
    """Side-effect ordering in MindSpore graphs; eagerly it returns its first input."""

    def __call__(self, state: Any, *exprs: Any) -> Any:
        return state


class PyFunc(Primitive):
    def __init__(self, fn: Callable, in_types: Any, in_shapes: Any, out_types: Any, out_shapes: Any,
                 stateful: bool = True) -> None:
        super().__init__()
        for arg, value in (("in_types", in_types), ("in_shapes", in_shapes), ("out_types", out_types),
                           ("out_shapes", out_shapes)):
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"For 'PyFunc', '{arg}' must be a list or tuple, but got {type(value).__name__}.")
        if len(in_types) != len(in_shapes) or len(out_types) != len(out_shapes):
            raise ValueError("For 'PyFunc', the types and shapes lists must have the same lengths.")
        self.fn, self.in_types, self.in_shapes = fn, in_types, in_shapes
        self.out_types, self.out_shapes, self.stateful = out_types, out_shapes, stateful

    def __call__(self, *args: Any) -> tuple:
        arrays = [np.asarray(_unwrap(a).detach().cpu()) if isinstance(a, torch.Tensor) else a for a in args]
        out = self.fn(*arrays)
        out = tuple(out) if isinstance(out, (tuple, list)) else (out,)
        if len(out) != len(self.out_types):
            raise ValueError(f"For 'PyFunc', fn returned {len(out)} outputs but out_types has {len(self.out_types)}.")
        return tuple(Tensor(np.asarray(o, dtype=mstype.dtype_to_nptype(t))) for o, t in zip(out, self.out_types))


__all__ = ["Assert", "CheckNumerics", "TensorDump", "tensordump", "DumpGradient", "HookBackward",
           "InsertGradientOf", "UpdateState", "PyFunc"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
