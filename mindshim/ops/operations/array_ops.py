"""Array primitives: P.Reshape(), ops.Fill(), ops.DType(), ops.Shape(), ops.Cast(), ops.Concat(axis), ..."""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.ops.function import array_func as A
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__
def _tensor_in(fn: Any, op: str, what: str = "Tensor") -> Any:
    """MindSpore's primitive takes a Tensor first argument (a numpy array or a tuple is a TypeError)."""
    def call(x: Any, *args: Any) -> Any:
        if not isinstance(x, torch.Tensor) and not (op == "Cast" and isinstance(x, (int, float, bool))):
            raise TypeError(f"For primitive[{op}], the input argument must be {what}, but got {type(x)}.")
        return fn(x, *args)
    return call


def _transpose(x: Any, perm: Any) -> Any:
    if not isinstance(perm, (tuple, list)):
        raise TypeError(f'Failed calling Transpose with "Transpose()(input=Tensor, dims={type(perm).__name__})".')
    if len(perm) != x.dim():
        raise ValueError(f"For 'Transpose', size of perm should equal to rank of x, but got {len(perm)} and "
                         f"{x.dim()}!")
    return A.transpose(x, perm)


def _tile(x: Any, multiples: Any) -> Any:
    if not isinstance(multiples, tuple):
        raise TypeError(f'Failed calling Tile with "Tile()(input=Tensor, dims={type(multiples).__name__})".')
    for i, m in enumerate(multiples):
        if m < 0:
            raise ValueError(f"For 'Tile', 'dims' cannot contain negative integer numbers, but got {m} in {i}th.")
    return A.tile(x, multiples)


def _fill(type: Any, shape: Any, value: Any) -> Any:  # noqa: A002 - MindSpore's name
    if not isinstance(shape, (tuple, torch.Tensor)):
        raise TypeError("For 'Fill', input[1] must be tensor.")
    if any(int(d) < 0 for d in (shape.tolist() if isinstance(shape, torch.Tensor) else shape)):
        raise ValueError("negative dimensions are not allowed")
    return A.fill(type, shape, value)


def _reshape(x: Any, shape: Any) -> Any:
    if isinstance(shape, (tuple, list)) and sum(1 for d in shape if d == -1) > 1:
        raise ValueError("only one dimension can be inferred")
    return A.reshape(x, shape)


def _same_shape(op: str, fn: Any) -> Any:
    """Assign/AssignAdd/AssignSub: `value` must have the variable's shape (no broadcasting)."""
    def call(variable: Any, value: Any) -> Any:
        if isinstance(value, torch.Tensor) and tuple(value.shape) != tuple(variable.shape) and value.dim() > 0:
            shape = lambda t: "(" + ", ".join(str(d) for d in t.shape) + ")"  # noqa: E731
            raise ValueError(f"For '{op}','value' must have the same shape as 'variable'. But got 'value' shape: "
                             f"{shape(value)}, 'variable' shape: {shape(variable)}.")
        return fn(variable, value)
    return call


_SIMPLE = {
    "Reshape": _reshape, "Transpose": _transpose, "ExpandDims": A.expand_dims, "Tile": _tile,
    "Cast": _tensor_in(A.cast, "Cast", "a Tensor or a number"), "Fill": _fill,
    "Shape": _tensor_in(A.shape, "Shape"), "DType": _tensor_in(A.dtype, "DType"), "Rank": _tensor_in(A.rank, "Rank"),
    "Size": _tensor_in(A.size, "Size"), "ZerosLike": A.zeros_like, "OnesLike": A.ones_like, "GatherD": A.gather_d, "Select": A.select,
    "MaskedFill": A.masked_fill, "StopGradient": A.stop_gradient, "Assign": _same_shape("Assign", A.assign),
    "AssignAdd": _same_shape("AssignAdd", A.assign_add), "AssignSub": _same_shape("AssignSub", A.assign_sub), "BroadcastTo": None,
}
for _name, _fn in _SIMPLE.items():
    if _fn is not None:
        globals()[_name] = primitive_of(_name, _fn, _here)
del _SIMPLE["BroadcastTo"]


class Zeros(Primitive):
    def __call__(self, size: Any, type: Any = None) -> Any:
        return A.zeros(size, type)


class Ones(Primitive):
    def __call__(self, shape: Any, type: Any = None) -> Any:
        return A.ones(shape, type)


class Concat(Primitive):
    def __init__(self, axis: int = 0) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, input_x: Any) -> Any:
        if not isinstance(input_x, (tuple, list)):
            raise TypeError(f'Failed calling Concat with "Concat(axis=int)(tensors={type(input_x).__name__})".')
        if len({t.dtype for t in input_x if isinstance(t, torch.Tensor)}) > 1:
            raise RuntimeError("KernelMod Init Failed: Concat (the inputs must share one dtype)")
        return A.concat(input_x, self.axis)


class Stack(Primitive):
    def __init__(self, axis: int = 0) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, input_x: Any) -> Any:
        dtypes = [t.dtype for t in input_x if isinstance(t, torch.Tensor)]
        if len(set(dtypes)) > 1:
            raise TypeError(f"For 'Stack', all inputs must have the same data type, but got "
                            f"{[str(mstype.from_torch(d)) for d in dtypes]}.")
        return torch.stack(list(input_x), dim=self.axis)


class Split(Primitive):
    def __init__(self, axis: int = 0, output_num: int = 1) -> None:
        super().__init__()
        self.axis, self.output_num = axis, output_num

    def __call__(self, x: Any) -> Any:
        if x.shape[self.axis] % self.output_num:
            raise ValueError(f"For 'Split', the dimension {x.shape[self.axis]} of axis {self.axis} cannot be "
                             f"split evenly into {self.output_num} parts.")
        return tuple(torch.chunk(x, self.output_num, dim=self.axis))


class Squeeze(Primitive):
    def __init__(self, axis: Any = ()) -> None:
        super().__init__()
        if not isinstance(axis, (int, tuple, list)) or isinstance(axis, bool):
            raise TypeError(f"For 'Squeeze', the type of 'axis' should be one of '[list of int, int, tuple of int]', "
                            f"but got {type(axis)}.")
        self.axis = (axis,) if isinstance(axis, int) else tuple(axis)

    def __call__(self, x: Any) -> Any:
        return torch.squeeze(x) if not self.axis else torch.squeeze(x, self.axis)


class Flatten(Primitive):
    """Keeps the batch dimension: (N, ...) -> (N, -1)."""

    def __call__(self, x: Any) -> Any:
        if x.dim() == 0:
            raise RuntimeError("Unsupported input shape dimension. The shape should not be empty.")
        return x.reshape(x.shape[0], -1)


class Gather(Primitive):
    def __init__(self, batch_dims: int = 0) -> None:
        super().__init__()
        self.batch_dims = batch_dims

    def __call__(self, input_params: Any, input_indices: Any, axis: int) -> Any:
        return A.gather(input_params, input_indices, axis, self.batch_dims)


class OneHot(Primitive):
    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, indices: Any, depth: int, on_value: Any, off_value: Any) -> Any:
        if not isinstance(on_value, torch.Tensor) or not isinstance(off_value, torch.Tensor):
            raise TypeError(f'Failed calling OneHot with "OneHot(axis=int)(indices=Tensor, depth=int, '
                            f'on_value={type(on_value).__name__}, off_value={type(off_value).__name__})".')
        if indices.dtype not in (torch.int32, torch.int64):
            raise TypeError(f"For primitive[OneHot], the input argument[indices] must be a type of "
                            f"{{Tensor[Int32], Tensor[Int64]}}, but got Tensor[{mstype.from_torch(indices.dtype)}].")
        if on_value.dtype != off_value.dtype:
            raise TypeError("For primitive[OneHot], the input type must be same.")
        n = indices.dim()
        if not -1 <= self.axis <= n:
            raise ValueError(f"For primitive[OneHot], the axis value must be in [-1,{n}], but got {self.axis}.")
        # MindSpore's bprop gives on_value/off_value a zero gradient
        return A.one_hot(indices, depth, on_value.detach(), off_value.detach(), self.axis)


class BroadcastTo(Primitive):
    def __init__(self, shape: Any) -> None:
        super().__init__()
        self.shape = tuple(shape)

    def __call__(self, x: Any) -> Any:
        lead = len(self.shape) - x.dim()
        for i, d in enumerate(self.shape[:max(lead, 0)]):
            if d == -1:
                raise ValueError(f"For 'BroadcastTo', -1 in init shape is in an incompatible location with given "
                                 f"input tensor, -1 index in init shape: {i} but -1 can only be in index{lead} onwards "
                                 f"for this input.")
        return A.broadcast_to(x, self.shape)


class Sort(Primitive):
    def __init__(self, axis: int = -1, descending: bool = False) -> None:
        super().__init__()
        self.axis, self.descending = axis, descending

    def __call__(self, x: Any) -> Any:
        if x.dtype == torch.bool:
            raise TypeError("For primitive[Sort], the input argument[x] must be a number Tensor, but got Bool.")
        n = x.dim()
        if not -n <= self.axis < n:
            raise ValueError(f"For primitive[Sort], the axis must be in [{-n},{n - 1}], but got {self.axis}.")
        return A.sort(x, self.axis, self.descending)


class TopK(Primitive):
    def __init__(self, sorted: bool = True) -> None:  # noqa: A002
        super().__init__()
        self.sorted = sorted

    def __call__(self, input_x: Any, k: Any) -> Any:
        if input_x.dtype == torch.bool:
            raise TypeError("For primitive[TopK], the input argument[input_x] must be a number Tensor, but got "
                            "Tensor[Bool].")
        if input_x.dim() == 0:
            raise RuntimeError("For 'TopK', the dimension of input must be greater than 0, but got empty input.")
        k = int(k)
        n = input_x.shape[-1]
        if not 0 < k <= n:
            raise ValueError(f"For primitive[TopK], the k must be in (0,{n}], but got {k}.")
        return A.topk(input_x, k, sorted=self.sorted)


class Identity(Primitive):
    def __call__(self, x: Any) -> Any:
        return x


class ScalarCast(Primitive):
    def __call__(self, x: Any, t: Any) -> Any:
        if t not in (mstype.int64, mstype.float64, mstype.bool_):
            raise ValueError(f"For 'ScalarCast', the target type must be int64, float64 or bool, but got {t}.")
        return mstype.dtype_to_pytype(t)(x)


__all__ = sorted(list(_SIMPLE) + ["Zeros", "Ones", "Concat", "Stack", "Split", "Squeeze", "Flatten", "Gather",
                                  "OneHot", "BroadcastTo", "Sort", "TopK", "Identity", "ScalarCast"])

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
