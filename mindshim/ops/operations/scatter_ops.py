"""Scatter-arithmetic and masked/indexed-write primitives (`P.ScatterMul()`, `P.ScatterNdMax()`,
`P.TensorScatterDiv()`, `P.TensorScatterElements(axis, reduction)`, `P.IndexFill()`, `P.IndexPut(accumulate)`,
`P.MaskedScatter()`, `P.MaskedSelect()`, `P.NonZero()`, ...).

Mapping decisions (MindSpore 2.10 CPU):
- Scatter*/ScatterNd* update their first input (Parameter or Tensor) in place and return it;
  TensorScatter*, TensorScatterElements, ScatterAddWithAxis, IndexFill, IndexPut and MaskedScatter return a
  new tensor and leave their input alone. ScatterNonAliasingAdd (no CPU kernel in MindSpore) updates its
  Parameter in place like ScatterNdAdd.
- IndexFill wants an int32 index and a Tensor value (cast to the input's dtype); negative indices wrap.
- IndexPut(accumulate) takes (x1, x2, indices): x2 is 1-D and broadcasts; accumulate must be 0 or 1 (ValueError
  at call); an index past the end raises ValueError, negative ones wrap.
- MaskedScatter wants a bool/uint8 mask (TypeError), MaskedSelect a bool one (RuntimeError); NonZero returns
  Int64 (N, rank) and rejects 0-d input (RuntimeError).
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common.tensor import wrap
from mindshim.ops.function import scatter_func as F
from mindshim.ops.function.scatter_func import _index, _t
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__
_SIMPLE = {
    "TensorScatterSub": F.tensor_scatter_sub, "TensorScatterMul": F.tensor_scatter_mul,
    "TensorScatterDiv": F.tensor_scatter_div, "TensorScatterMax": F.tensor_scatter_max,
    "TensorScatterMin": F.tensor_scatter_min,
}
for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


def _check_bool(name: str, arg: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"For '{name}', the type of '{arg}' should be 'bool', but got type "
                        f"'{type(value).__name__}'.")


def _ref_primitive(name: str, fn: Any) -> type:
    def __init__(self: Primitive, use_locking: bool = False) -> None:
        Primitive.__init__(self)
        _check_bool(name, "use_locking", use_locking)
        self.use_locking = use_locking

    def __call__(self: Primitive, input_x: Any, indices: Any, updates: Any) -> Any:
        return fn(input_x, indices, updates)

    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__module__": _here,
                                     "__doc__": f"ops.{name}(use_locking)(input_x, indices, updates): in place."})


_REF = {
    "ScatterSub": F.scatter_sub, "ScatterMul": F.scatter_mul, "ScatterDiv": F.scatter_div,
    "ScatterMax": F.scatter_max, "ScatterMin": F.scatter_min, "ScatterNdSub": F.scatter_nd_sub,
    "ScatterNdMul": F.scatter_nd_mul, "ScatterNdDiv": F.scatter_nd_div, "ScatterNdMax": F.scatter_nd_max,
    "ScatterNdMin": F.scatter_nd_min,
}
for _name, _fn in _REF.items():
    globals()[_name] = _ref_primitive(_name, _fn)


class ScatterNonAliasingAdd(Primitive):
    def __call__(self, input_x: Any, indices: Any, updates: Any) -> Any:
        return F.scatter_nd_add(input_x, indices, updates)


class TensorScatterElements(Primitive):
    def __init__(self, axis: int = 0, reduction: str = "none") -> None:
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"For 'TensorScatterElements', the type of 'axis' should be int, but got "
                            f"{type(axis).__name__}.")
        if reduction not in ("none", "add"):
            raise ValueError(f"For 'TensorScatterElements', 'reduction' must be 'none' or 'add', "
                             f"but got {reduction!r}.")
        self.axis, self.reduction = axis, reduction

    def __call__(self, input_x: Any, indices: Any, updates: Any) -> Any:
        return F._elements("TensorScatterElements", input_x, indices, updates, self.axis, self.reduction)


class ScatterAddWithAxis(Primitive):
    def __init__(self, axis: int = 0) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, input_x: Any, indices: Any, updates: Any) -> Any:
        try:
            return F._elements("ScatterAddWithAxis", input_x, indices, updates, self.axis, "add")
        except RuntimeError as e:  # MindSpore reports bad indices/shapes here as ValueError
            raise ValueError(str(e)) from None


class IndexFill(Primitive):
    def __call__(self, x: Any, dim: Any, index: Any, value: Any) -> Any:
        xt, idx = _t(x), _t(index)
        if xt.dtype == torch.bool:
            raise TypeError("For 'IndexFill', 'x' must be a numeric Tensor, but got Bool.")
        if idx.dtype != torch.int32:
            raise TypeError(f"For 'IndexFill', 'index' must be an int32 Tensor, but got {idx.dtype}.")
        if not isinstance(value, torch.Tensor):
            raise TypeError(f"For 'IndexFill', 'value' must be a Tensor, but got {type(value).__name__}.")
        d = int(_t(dim)) if isinstance(dim, torch.Tensor) else dim
        if not -max(xt.dim(), 1) <= d < max(xt.dim(), 1):
            raise ValueError(f"For 'IndexFill', 'dim' must be in [{-xt.dim()}, {xt.dim()}), but got {d}.")
        n = xt.shape[d] if xt.dim() else 1
        if idx.numel() and bool(((idx < -n) | (idx >= n)).any()):
            raise RuntimeError(f"For 'IndexFill', 'index' must be in [{-n}, {n}).")
        idx = torch.where(idx < 0, idx + n, idx).long().reshape(-1)
        return wrap(xt.index_fill(d, idx, _t(value).to(xt.dtype).reshape(())))


class IndexPut(Primitive):
    def __init__(self, accumulate: int = 0) -> None:
        super().__init__()
        if isinstance(accumulate, bool) or not isinstance(accumulate, int):
            raise TypeError(f"For 'IndexPut', the type of 'accumulate' should be 'int', but got type "
                            f"'{type(accumulate).__name__}'.")
        self.accumulate = accumulate

    def __call__(self, x1: Any, x2: Any, indices: Any) -> Any:
        x, v = _t(x1), _t(x2)
        if self.accumulate not in (0, 1):
            raise ValueError(f"For 'IndexPut', accumulate must be 0 or 1, but got {self.accumulate}.")
        if x.dtype != v.dtype:
            raise TypeError(f"For 'IndexPut', 'x1' and 'x2' must have the same dtype, but got {x.dtype} and {v.dtype}.")
        if not isinstance(indices, (tuple, list)) or not all(isinstance(i, torch.Tensor) for i in indices):
            raise TypeError("For 'IndexPut', 'indices' must be a tuple or list of Tensors.")
        if v.dim() != 1:
            raise ValueError(f"For 'IndexPut', 'x2' must be 1-D, but got {v.dim()}-D.")
        if len(indices) > x.dim():
            raise ValueError(f"For 'IndexPut', the number of indices must be at most rank(x1) = {x.dim()}.")
        idx = []
        for d, i in enumerate(indices):
            i = _index("IndexPut", i)
            n = x.shape[d]
            if i.numel() and bool(((i < -n) | (i >= n)).any()):
                raise ValueError(f"For 'IndexPut', indices[{d}] must be in [{-n}, {n}) for x1.shape[{d}] = {n}.")
            idx.append(torch.where(i < 0, i + n, i))
        return wrap(x.index_put(tuple(idx), v, accumulate=bool(self.accumulate)))


def _mask(name: str, mask: Any, allowed: tuple, exc: type = TypeError) -> torch.Tensor:
    m = _t(mask)
    if m.dtype not in allowed:
        raise exc(f"For '{name}', 'mask' must be a bool Tensor, but got {m.dtype}.")
    return m.bool()


class MaskedScatter(Primitive):
    def __call__(self, input: Any, mask: Any, updates: Any) -> Any:
        x, u = _t(input), _t(updates)
        m = _mask("MaskedScatter", mask, (torch.bool, torch.uint8))
        if x.dtype != u.dtype:
            raise TypeError(f"For 'MaskedScatter', 'input' and 'updates' must have the same dtype, "
                            f"but got {x.dtype} and {u.dtype}.")
        if int(torch.broadcast_to(m, torch.broadcast_shapes(m.shape, x.shape)).sum()) > u.numel():
            raise ValueError("For 'MaskedScatter', number of elements of updates < number of ones in mask.")
        return wrap(torch.masked_scatter(x, m, u))


class MaskedSelect(Primitive):
    def __call__(self, input: Any, mask: Any) -> Any:
        m = _mask("MaskedSelect", mask, (torch.bool,), RuntimeError)  # MindSpore: no kernel for it
        return wrap(torch.masked_select(_t(input), m))


class NonZero(Primitive):
    def __call__(self, input: Any) -> Any:
        if not isinstance(input, torch.Tensor):
            raise TypeError(f"For 'NonZero', 'input' must be a Tensor, but got {type(input).__name__}.")
        x = _t(input)
        if x.dim() == 0:
            raise RuntimeError("For 'NonZero', the dimension of 'input' must be at least 1, but got 0.")
        return wrap(torch.nonzero(x))


__all__ = sorted(list(_SIMPLE) + list(_REF) + [
    "ScatterNonAliasingAdd", "TensorScatterElements", "ScatterAddWithAxis", "IndexFill", "IndexPut",
    "MaskedScatter", "MaskedSelect", "NonZero"])

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
