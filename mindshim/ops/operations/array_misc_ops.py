"""Small array primitives: conversions (ScalarToTensor, ScalarToArray, TupleToArray, TensorToTuple), views
(TransposeView, TransposeExtView, SelectView, CopyWithSlice, SliceGetItem), IdentityN, InvertPermutation,
SubAndFilter, MoveTo, Reusing, Morph, TrilIndices/TriuIndices and the primitives moved out of array_more_ops.py.

Mapping decisions (MindSpore 2.10 CPU behaviour, checked against the real thing):
- View primitives return torch views of their input (MindSpore's view semantics); `CopyWithSlice(x, y)` writes
  `y` into `x` in place and returns `x`.
- `TensorToTuple` gives a tuple of Python numbers for a 1-D tensor and None for higher ranks (MindSpore's value).
- `SliceGetItem` is an instance, as in MindSpore: `ops.SliceGetItem(slice_obj, "start" | "stop" | "step")`.
- `ScalarToArray` (MindSpore 2.10 cannot run it): an int gives Int32, a float Float32, like its 1.x form.
"""
from __future__ import annotations

import builtins
import inspect
from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype
from mindshim.common.tensor import wrap
from mindshim.ops.function import array_extra_func as F
from mindshim.ops.function._args import as_tensor as _t
from mindshim.ops.operations.array_more_ops import _check_int_dtype, _int_tensor
from mindshim.ops.operations.math_ops import Add
from mindshim.ops.primitive import Primitive
from mindshim.common._user_code import call_user


class ScalarToTensor(Primitive):
    def __call__(self, input_x: Any, dtype: Any = mstype.float32) -> Any:
        return F.scalar_to_tensor(input_x, dtype)


class ScalarToArray(Primitive):
    def __call__(self, input_x: Any) -> Any:
        return F.scalar_to_array(input_x)


class TupleToArray(Primitive):
    def __call__(self, input_x: Any) -> Any:
        if isinstance(input_x, range):
            input_x = tuple(input_x)
        if not isinstance(input_x, tuple):
            raise TypeError(f"For 'TupleToArray', the type of 'x' should be 'tuple', but got type "
                            f"'{type(input_x).__name__}'.")
        if not input_x:
            raise ValueError("For 'TupleToArray', the size of x should be > 0, but got 0.")
        for i, v in enumerate(input_x):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise TypeError(f"For 'TupleToArray', the type of 'x[{i}]' should be 'Number', but got type "
                                f"'{type(v).__name__}'.")
        if not all(isinstance(v, type(input_x[0])) for v in input_x):
            raise TypeError("For 'TupleToArray', all elements of 'input_x' must be have same type.")
        return F.tuple_to_array(input_x)


class TensorToTuple(Primitive):
    def __call__(self, input_x: Any) -> Any:
        if not isinstance(input_x, torch.Tensor) or input_x.dim() > 1:
            return None
        if input_x.dim() == 0:
            raise TypeError(f"For 'TensorToTuple', a 0-D Tensor is not iterable: {input_x.item()!r}.")
        return tuple(input_x.tolist())


class TransposeView(Primitive):
    def __call__(self, input: Any, input_perm: Any) -> Any:
        return _t(input).permute(tuple(input_perm))


class TransposeExtView(Primitive):
    def __call__(self, input: Any, dim0: int, dim1: int) -> Any:
        return torch.transpose(_t(input), dim0, dim1)


class SelectView(Primitive):
    def __call__(self, input: Any, index: int, dim: int) -> Any:
        x = _t(input)
        if isinstance(index, torch.Tensor) or isinstance(dim, torch.Tensor):
            raise RuntimeError("For 'SelectView', 'index' and 'dim' must be Python ints.")
        size = x.shape[dim]
        if not 0 <= index < size:
            raise RuntimeError(f"For 'SelectView', 'index' must be in [0, {size}), but got {index}.")
        return x.select(dim, index)


class CopyWithSlice(Primitive):
    def __call__(self, x: Any, y: Any) -> Any:
        with torch.no_grad():
            x.copy_(_t(y))
        return x


class _SliceGetItem(Primitive):
    def __call__(self, slice_value: Any, attr: str) -> Any:
        if not isinstance(slice_value, builtins.slice):
            raise TypeError(f"For 'SliceGetItem', input[0] should be Slice, but got {type(slice_value).__name__}.")
        if attr not in ("start", "stop", "step"):
            raise ValueError(f"For 'SliceGetItem', the attribute must be 'start', 'stop' or 'step', but got {attr!r}.")
        return getattr(slice_value, attr)


SliceGetItem = _SliceGetItem("SliceGetItem")


class IdentityN(Primitive):
    def __call__(self, x: Any) -> Any:
        if not isinstance(x, (list, tuple)):
            raise TypeError(f"For [IdentityN] should have ListTensor or TupleTensor input but get "
                            f"{type(x).__name__}.")
        if not x:
            raise ValueError("For [IdentityN] input list of length should be equal or greater than 1 but get 0.")
        for i, v in enumerate(x):
            if not isinstance(v, torch.Tensor):
                raise TypeError(f"For Primitive[IdentityN], the type of input argument[input x[{i}]] must be Tensor "
                                f"but got {type(v).__name__}.")
        return tuple(x)


class InvertPermutation(Primitive):
    def __call__(self, input_x: Any) -> Any:
        if isinstance(input_x, torch.Tensor):
            raise ValueError("For 'InvertPermutation', the value of 'input_x' must be non-Tensor, but got Tensor.")
        perm = tuple(input_x)
        if not perm:
            raise ValueError("For 'InvertPermutation', 'input_x' must not be empty.")
        for i, v in enumerate(perm):
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"For 'InvertPermutation', the type of 'input[{i}]' should be 'int', but got type "
                                f"'{type(v).__name__}'.")
        if len(set(perm)) != len(perm):
            raise ValueError(f"For 'InvertPermutation', the 'input_x' can not contain duplicate values, but got "
                             f"{perm}.")
        if min(perm) != 0 or max(perm) != len(perm) - 1:
            raise ValueError(f"For 'InvertPermutation', 'input_x' must be a permutation of range({len(perm)}), "
                             f"but got {perm}.")
        out = [0] * len(perm)
        for i, v in enumerate(perm):
            out[v] = i
        return tuple(out)


class SubAndFilter(Primitive):
    def __call__(self, input_x: Any, max_num: int, offset: int) -> Any:
        x = _t(input_x)
        if x.dtype not in (torch.int32, torch.int64):
            raise TypeError(f"For primitive[SubAndFilter], the input argument[x] must be a type of "
                            f"{{Tensor[Int32], Tensor[Int64]}}, but got {x.dtype}.")
        shifted = x - offset
        keep = torch.nonzero((shifted >= 0) & (shifted < max_num)).reshape(-1)
        return shifted[keep], wrap(keep.to(mstype.to_torch(x.dtype)))


class MoveTo(Primitive):
    def __call__(self, input: Any, to: str = "CPU", blocking: bool = True) -> Any:
        return F.move_to(input, to, blocking)


class Reusing(Primitive):
    """Marks a function as not inlined in MindSpore graphs; eagerly it is the function itself."""

    def __call__(self, x: Any) -> Any:
        return x



class ListDiff(Primitive):
    def __init__(self, out_idx: Any = mstype.int32) -> None:
        super().__init__()
        _check_int_dtype("ListDiff", "out_idx", out_idx)
        self.out_idx = out_idx

    def __call__(self, x: Any, y: Any) -> Any:
        x, y = _t(x), _t(y)
        if x.dtype == torch.bool or x.is_complex():
            raise TypeError(f"For 'ListDiff', 'x' must be a real number Tensor, but got {x.dtype}.")
        if x.dtype != y.dtype:
            raise TypeError(f"For ListDiff, type of 'x' and 'y' should be same. But get x[{x.dtype}], y[{y.dtype}].")
        if x.dim() != 1 or y.dim() != 1:
            raise ValueError(f"For ListDiff, input x, y should be 1D, but get x dims = {x.dim()}, "
                             f"y dims = {y.dim()}.")
        keep = ~torch.isin(x.to(torch.float64), y.to(torch.float64))
        index = torch.nonzero(keep).reshape(-1)
        return x[index], wrap(index.to(mstype.to_torch(self.out_idx)))


class LowerBound(Primitive):
    _right = False

    def __init__(self, out_type: Any = mstype.int32) -> None:
        super().__init__()
        _check_int_dtype(self.name, "out_type", out_type)
        self.out_type = out_type

    def __call__(self, sorted_x: Any, values: Any) -> Any:
        s, v = _t(sorted_x), _t(values)
        if s.dtype == torch.bool or s.is_complex():
            raise TypeError(f"For '{self.name}', 'sorted_x' must be a real number Tensor, but got {s.dtype}.")
        if s.dtype != v.dtype:
            raise TypeError(f"For '{self.name}', 'sorted_x' and 'values' must have the same dtype, but got "
                            f"{s.dtype} and {v.dtype}.")
        if s.dim() != 2 or v.dim() != 2:
            raise ValueError(f"For '{self.name}', the rank of 'sorted_x' and 'values' must be 2, but got "
                             f"{s.dim()} and {v.dim()}.")
        if s.shape[0] != v.shape[0]:
            raise ValueError(f"For '{self.name}', the first dimension of 'sorted_x' and 'values' must match, but got "
                             f"{tuple(s.shape)} and {tuple(v.shape)}.")
        wide = torch.float64 if s.is_floating_point() else torch.int64  # no uint16/32/64 searchsorted kernels
        out = torch.searchsorted(s.to(wide), v.to(wide), right=self._right)
        return wrap(out.to(mstype.to_torch(self.out_type)))


class UpperBound(LowerBound):
    _right = True


class LerpScalar(Primitive):
    def __call__(self, input: Any, end: Any, weight: float) -> Any:
        x, e = _t(input), _t(end)
        if not x.is_floating_point() or x.dtype != e.dtype:
            raise TypeError(f"For 'LerpScalar', 'input' and 'end' must be float Tensors of one dtype, but got "
                            f"{x.dtype} and {e.dtype}.")
        return torch.lerp(x, e, float(weight))


class Pack(Primitive):
    def __init__(self, axis: int = 0) -> None:
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"For 'Pack', 'axis' must be an int, but got {type(axis).__name__}.")
        self.axis = axis

    def __call__(self, x: Any) -> Any:
        return torch.stack([_t(v) for v in x], dim=self.axis)


class ParallelConcat(Primitive):
    def __call__(self, values: Any) -> Any:
        tensors = [_t(v) for v in values]
        if not tensors:
            raise ValueError("For 'ParallelConcat', 'values' must not be empty.")
        for i, v in enumerate(tensors):
            if v.dtype != tensors[0].dtype:
                raise TypeError(f"For 'ParallelConcat', all inputs must have one dtype, but got {tensors[0].dtype} "
                                f"and {v.dtype}.")
            if v.dim() == 0 or v.shape[0] != 1:
                raise ValueError(f"For 'ParallelConcat', x{i}.shape[0] must be equal to 1, but got shape "
                                 f"{tuple(v.shape)}.")
        return torch.cat(tensors, 0)


class UnravelIndex(Primitive):
    def __call__(self, indices: Any, dims: Any) -> Any:
        idx, dims = _int_tensor("UnravelIndex", "indices", indices), _int_tensor("UnravelIndex", "dims", dims)
        if idx.dtype != dims.dtype:
            raise TypeError(f"For 'UnravelIndex', 'indices' and 'dims' must have one dtype, but got {idx.dtype} "
                            f"and {dims.dtype}.")
        if idx.dim() > 1 or dims.dim() != 1:
            raise ValueError(f"For 'UnravelIndex', 'indices' must be 0-D or 1-D and 'dims' 1-D, but got ranks "
                             f"{idx.dim()} and {dims.dim()}.")
        hd, hi = dims.tolist(), idx.reshape(-1).tolist()
        if any(d <= 0 for d in hd):
            raise ValueError("For 'UnravelIndex', all dimensions must be greater than 0.")
        if any(i < 0 for i in hi):
            raise ValueError("For 'UnravelIndex', index must be greater than 0.")
        if any(i >= int(np.prod(hd)) for i in hi):
            raise ValueError("For 'UnravelIndex', index out of boundary.")
        coords = np.stack(np.unravel_index(np.array(hi, dtype=np.int64), hd)) if hi else np.zeros((len(hd), 0))
        out = torch.as_tensor(coords, device=idx.device).to(mstype.to_torch(idx.dtype))
        return wrap(out.reshape(len(hd)) if idx.dim() == 0 else out)


class TensorAdd(Add):
    """Deprecated spelling of Add (named "Add", as in MindSpore)."""

    def __init__(self) -> None:
        super().__init__()
        self.name = "Add"


class _MorphBackward(torch.autograd.Function):
    """Runs `fn` forward and the user's `bprop_fn(*inputs, out, dout)` backward."""

    @staticmethod
    def forward(ctx: Any, morph: "Morph", *args: Any) -> Any:
        ctx.morph = morph
        ctx.save_for_backward(*[a for a in args if isinstance(a, torch.Tensor)])
        ctx.args = args
        with torch.no_grad():
            out = morph.fn(*[wrap(a) if isinstance(a, torch.Tensor) else a for a in args])
        ctx.out = out
        return out

    @staticmethod
    def backward(ctx: Any, dout: Any) -> Any:
        args = [wrap(a) if isinstance(a, torch.Tensor) else a for a in ctx.args]
        grads = call_user(ctx.morph.bprop_fn, *args, ctx.out, wrap(dout))
        grads = grads if isinstance(grads, (tuple, list)) else (grads,)
        return (None, *[g if isinstance(a, torch.Tensor) else None for a, g in zip(ctx.args, grads)])


class Morph(Primitive):
    """Wraps a user function as a primitive. As in MindSpore it runs only inside a GRAPH_MODE Cell (PyNative
    calls raise RuntimeError); `bprop_fn(*inputs, out, dout)`, when given, replaces autodiff of `fn`."""

    def __init__(self, fn: Any, infer_shape: Any, infer_dtype: Any, bprop_fn: Any = None) -> None:
        super().__init__()
        self.fn, self.infer_shape, self.infer_dtype, self.bprop_fn = fn, infer_shape, infer_dtype, bprop_fn
        if bprop_fn:
            for param in inspect.signature(fn).parameters.values():
                if param.kind is not param.POSITIONAL_OR_KEYWORD or param.default is not param.empty:
                    raise ValueError(f"When use `bprop` in Morph, Morph `fn` only support positional or keyword "
                                     f"parameters without a default value, but got param '{param.name}'.")

    def __call__(self, *args: Any) -> Any:
        from mindshim import context
        from mindshim._backend import engine
        if not context.is_graph_mode() or (not torch.compiler.is_compiling() and engine.is_outermost()):
            raise RuntimeError("Morph is only supported in GRAPH_MODE.")
        if self.bprop_fn is None:
            return self.fn(*args)
        return _MorphBackward.apply(self, *args)


class TrilIndices(Primitive):
    _fn = staticmethod(torch.tril_indices)

    def __init__(self, row: int, col: int, offset: int = 0, dtype: Any = mstype.int32) -> None:
        super().__init__()
        for arg, v in (("row", row), ("col", col)):
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise ValueError(f"For '{self.name}', the '{arg}' must be int and must >= 0, but got '{v}'.")
        _check_int_dtype(self.name, "dtype", dtype)
        self.row, self.col, self.offset, self.dtype = row, col, offset, dtype

    def __call__(self) -> Any:
        from mindshim._backend import device
        return wrap(self._fn(self.row, self.col, self.offset, dtype=mstype.to_torch(self.dtype),
                             device=device.current()))


class TriuIndices(TrilIndices):
    _fn = staticmethod(torch.triu_indices)


__all__ = [
    "ScalarToTensor", "ScalarToArray", "TupleToArray", "TensorToTuple", "TransposeView", "TransposeExtView",
    "SelectView", "CopyWithSlice", "SliceGetItem", "IdentityN", "InvertPermutation", "SubAndFilter", "MoveTo",
    "Reusing", "ListDiff", "LowerBound", "UpperBound", "LerpScalar", "Pack", "ParallelConcat", "UnravelIndex",
    "TensorAdd", "Morph", "TrilIndices", "TriuIndices",
]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
