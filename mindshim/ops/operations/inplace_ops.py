"""Row-update primitives (`P.InplaceAdd(indices)(x, v)`, `P.InplaceSub`, `P.InplaceUpdate`,
`P.InplaceUpdateV2()(x, indices, v)`, `P.InplaceIndexAdd(axis)`), their functional forms, and MindSpore's
small in-place/underscore functions (clamp_, erfinv_, tanh_, zero_, inplace_sigmoid, put_, stop_gradient_,
reshape_, shape_, shape_mul, print_).

Mapping decisions (MindSpore 2.10 CPU):
- Despite their names InplaceAdd/InplaceSub/InplaceUpdate(V2) return a new tensor and leave `x` alone;
  `indices` (int or tuple of ints; InplaceUpdateV2 and inplace_update also take a Tensor) address x's rows,
  one per row of `v`. Duplicate rows accumulate for add/sub, the last one wins for update. Out-of-range rows:
  ValueError for InplaceAdd/Sub/Update, RuntimeError for InplaceUpdateV2 (which wraps negative rows).
- InplaceIndexAdd/inplace_index_add update `var` in place and return it; indices are int32 only.
- clamp_/erfinv_/tanh_/zero_/inplace_sigmoid/put_/stop_gradient_ have no CPU kernel in MindSpore 2.10; they
  follow the documented (Ascend) behaviour: update the tensor in place and return it (stop_gradient_ returns
  None). A Parameter is updated outside autograd, as MindSpore's ref ops do.
- print_ prints each argument on its own line (tensors in their repr) and returns None; shape_mul multiplies a
  tuple of ints (ValueError for anything else).
"""
from __future__ import annotations

import math
from typing import Any

import torch

from mindshim._errors import unsupported
from mindshim.common.parameter import Parameter
from mindshim.common.tensor import Tensor, wrap
from mindshim.ops.function.indexing_func import _write_back
from mindshim.ops.function.scatter_func import _apply, _t
from mindshim.ops.operations.array_ops import Reshape, Shape
from mindshim.ops.primitive import Primitive

_ADD_DTYPES = (torch.float16, torch.float32, torch.float64, torch.int8, torch.int16, torch.int32, torch.int64,
               torch.uint8)
_UPDATE_DTYPES = (torch.float16, torch.float32, torch.float64, torch.int32)


def _rows(name: str, x: torch.Tensor, v: torch.Tensor, rows: list[int], low: int, exc: type,
          dtypes: tuple) -> torch.Tensor:
    if x.dtype != v.dtype:
        raise TypeError(f"For '{name}', 'x' and 'v' must have the same dtype, but got {x.dtype} and {v.dtype}.")
    if x.dtype not in dtypes:
        raise TypeError(f"For '{name}', the dtype of 'v' is not supported: {v.dtype}.")
    if v.dim() < 1 or len(rows) != v.shape[0]:
        raise ValueError(f"For '{name}', the size of indices must equal v.shape[0], but got {len(rows)}.")
    if v.shape[1:] != x.shape[1:]:
        raise ValueError(f"For '{name}', 'v' must have x's shape except the first axis, but got "
                         f"{tuple(v.shape)} and {tuple(x.shape)}.")
    n = x.shape[0]
    for r in rows:
        if not low * n <= r < n:
            raise exc(f"For '{name}', the value of indices must be in [{low * n}, {n}), but got {r}.")
    return torch.tensor([r % n for r in rows], dtype=torch.long, device=x.device)


def _int_rows(name: str, indices: Any) -> tuple:
    if isinstance(indices, bool) or not isinstance(indices, (int, tuple)):
        raise TypeError(f"For '{name}', the type of 'indices' should be one of ['tuple', 'int'], but got "
                        f"'{type(indices).__name__}'.")
    rows = (indices,) if isinstance(indices, int) else indices
    if not all(isinstance(r, int) and not isinstance(r, bool) for r in rows):
        raise TypeError(f"For '{name}', every item of 'indices' must be an int, but got {indices}.")
    return rows


class _RowOp(Primitive):
    _op = "add"
    _dtypes = _ADD_DTYPES

    def __init__(self, indices: Any) -> None:
        super().__init__()
        self.indices = _int_rows(type(self).__name__, indices)

    def __call__(self, x: Any, v: Any) -> Any:
        xt, vt = _t(x), _t(v)
        lin = _rows(type(self).__name__, xt, vt, list(self.indices), 0, ValueError, self._dtypes)
        return wrap(_apply(xt, lin, 1, vt, self._op))


class InplaceAdd(_RowOp):
    pass


class InplaceSub(_RowOp):
    _op = "sub"


class InplaceUpdate(_RowOp):
    _op, _dtypes = "update", _UPDATE_DTYPES


class InplaceUpdateV2(Primitive):
    def __call__(self, x: Any, indices: Any, v: Any) -> Any:
        if isinstance(indices, torch.Tensor):
            rows = [int(i) for i in _t(indices).reshape(-1).tolist()]
        else:
            rows = list(_int_rows("InplaceUpdateV2", indices))
        xt, vt = _t(x), _t(v)
        dtypes = (torch.float16, torch.float32, torch.int32)
        lin = _rows("InplaceUpdateV2", xt, vt, rows, -1, RuntimeError, dtypes)
        return wrap(_apply(xt, lin, 1, vt, "update"))


def inplace_add(x: Any, v: Any, indices: Any) -> Any:
    return InplaceAdd(indices)(x, v)


def inplace_sub(x: Any, v: Any, indices: Any) -> Any:
    return InplaceSub(indices)(x, v)


def inplace_update(x: Any, v: Any, indices: Any) -> Any:
    return InplaceUpdateV2()(x, indices, v)


class InplaceIndexAdd(Primitive):
    def __init__(self, axis: int) -> None:
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"For 'InplaceIndexAdd', the type of 'axis' should be 'int', but got type "
                            f"'{type(axis).__name__}'.")
        self.axis = axis

    def __call__(self, var: Any, indices: Any, updates: Any) -> Any:
        x, idx = _t(var), _t(indices)
        if idx.dtype != torch.int32:
            raise TypeError(f"For 'InplaceIndexAdd', 'indices' must be an int32 Tensor, but got {idx.dtype}.")
        if not -x.dim() <= self.axis < x.dim():
            raise ValueError(f"For 'InplaceIndexAdd', the axis must be in [{-x.dim()}, {x.dim()}), "
                             f"but got {self.axis}.")
        n = x.shape[self.axis]
        if idx.numel() and bool(((idx < 0) | (idx >= n)).any()):
            raise RuntimeError(f"For 'InplaceIndexAdd', the value of 'indices' must be in range [0, {n}).")
        base = x.detach() if isinstance(var, Parameter) else x
        out = base.index_add(self.axis, idx.long(), _t(updates).to(x.dtype))
        return _write_back(var, wrap(out))


def inplace_index_add(var: Any, indices: Any, updates: Any, axis: int) -> Any:
    return InplaceIndexAdd(axis)(var, indices, updates)


def _in_place(name: str, input: Any, fn: Any, float_only: bool = True) -> Any:
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For '{name}', 'input' must be a Tensor, but got {type(input).__name__}.")
    if float_only and not _t(input).is_floating_point():
        raise unsupported(f"ops.{name} on a {input.dtype} tensor", "in place it needs a floating-point tensor")
    if isinstance(input, Parameter) or (input.is_leaf and input.requires_grad):
        with torch.no_grad():
            fn(input)
    else:
        fn(input)
    return input


def clamp_(input: Any, min: Any = None, max: Any = None) -> Any:  # noqa: A002
    if min is None and max is None:
        raise ValueError("For 'clamp_', at least one of 'min' and 'max' must not be None.")
    lo = _t(min) if isinstance(min, torch.Tensor) else min
    hi = _t(max) if isinstance(max, torch.Tensor) else max
    return _in_place("clamp_", input, lambda t: t.clamp_(lo, hi), float_only=False)


def erfinv_(input: Any) -> Any:
    return _in_place("erfinv_", input, torch.Tensor.erfinv_)


def tanh_(input: Any) -> Any:
    return _in_place("tanh_", input, torch.Tensor.tanh_)


def inplace_sigmoid(input: Any) -> Any:
    return _in_place("inplace_sigmoid", input, torch.Tensor.sigmoid_)


def zero_(input: Any) -> Any:
    return _in_place("zero_", input, torch.Tensor.zero_, float_only=False)


def put_(input: Any, index: Any, source: Any, accumulate: bool = False) -> Any:
    idx = _t(index)
    if idx.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For 'put_', 'index' must be an int32 or int64 Tensor, but got {idx.dtype}.")
    n = input.numel()
    if idx.numel() and bool(((idx < -n) | (idx >= n)).any()):
        raise RuntimeError(f"For 'put_', 'index' must be in [{-n}, {n}).")
    idx = torch.where(idx < 0, idx + n, idx).long()
    src = _t(source).to(_t(input).dtype)
    return _in_place("put_", input, lambda t: t.put_(idx, src, accumulate), float_only=False)


def stop_gradient_(input: Any) -> None:
    if not isinstance(input, torch.Tensor):
        raise TypeError(f"For 'stop_gradient_', 'input' must be a Tensor, but got {type(input).__name__}.")
    input.detach_()  # torch raises RuntimeError for a view, as MindSpore documents


reshape_ = Reshape()
shape_ = Shape()


def shape_mul(input_data: Any) -> int:
    if not isinstance(input_data, tuple):
        raise ValueError("For primitive [shape_mul], input must be tuple.")
    return math.prod(input_data)


def print_(*input_x: Any) -> None:
    for arg in input_x:
        print(Tensor.__repr__(arg) if isinstance(arg, torch.Tensor) else arg)


__all__ = ["InplaceAdd", "InplaceSub", "InplaceUpdate", "InplaceUpdateV2", "InplaceIndexAdd", "inplace_add",
           "inplace_sub", "inplace_update", "inplace_index_add", "clamp_", "erfinv_", "tanh_", "inplace_sigmoid",
           "zero_", "put_", "stop_gradient_", "reshape_", "shape_", "shape_mul", "print_"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
