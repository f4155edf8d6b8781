"""Sparse primitives (`ops.SparseToDense()`, `SparseTensorDenseAdd`, `SparseTensorDenseMatmul(adjoint_st,
adjoint_dt)`, `SparseSlice`, `SparseGatherV2`, `Coalesce`) on (indices [nnz, ndim], values, shape) triplets.

Mapping decisions (MindSpore 2.10 CPU): `SparseToDense` keeps the last value written at a repeated
position, `SparseTensorDenseAdd` sums them; positions are bounds-checked on the host (ValueError);
`SparseSlice` needs int64 indices/shape/start/size and returns indices relative to `start`.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype

from mindshim.common.tensor import wrap
from mindshim.ops.function import sparse_func as F
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__
Coalesce = primitive_of("Coalesce", F.coalesce, _here)

def _dt(t: Any) -> torch.dtype:
    """The torch dtype of a tensor (mindshim Tensors report MindSpore dtypes)."""
    return mstype.to_torch(t.dtype)



def _shape_of(shape: Any) -> tuple:
    return tuple(int(s) for s in (shape.tolist() if isinstance(shape, torch.Tensor) else shape))


def _int_indices(op: str, indices: torch.Tensor, allowed: tuple = (torch.int32, torch.int64)) -> torch.Tensor:
    if indices.dtype not in allowed:
        raise TypeError(f"For '{op}', the dtype of 'indices' must be one of {[str(a) for a in allowed]}, "
                        f"but got {wrap(indices).dtype}.")
    if indices.dim() != 2:
        raise ValueError(f"For '{op}', 'indices' must be a 2-D tensor, but got {indices.dim()}-D.")
    return indices.long()


class SparseToDense(Primitive):
    def __call__(self, indices: Any, values: Any, sparse_shape: Any) -> Any:
        shape = _shape_of(sparse_shape)
        idx = _int_indices("SparseToDense", indices)
        if idx.shape[0] != values.shape[0] or idx.shape[1] != len(shape):
            raise ValueError("For 'SparseToDense', the shapes of 'indices', 'values' and 'sparse_shape' "
                             "do not match.")
        F.check_bounds("SparseToDense", idx, shape, ValueError)
        # last write wins at a repeated position
        lin = idx.new_zeros(idx.shape[0])
        for d, size in enumerate(shape):
            lin = lin * size + idx[:, d]
        order = torch.argsort(lin, stable=True)
        ends = torch.ones_like(order, dtype=torch.bool)
        ends[:-1] = lin[order][1:] != lin[order][:-1]
        keep = order[ends]
        out = torch.zeros(shape, dtype=_dt(values), device=values.device)
        return wrap(out.index_put(tuple(idx[keep].t()), values[keep]))


class SparseTensorDenseAdd(Primitive):
    def __call__(self, x1_indices: Any, x1_values: Any, x1_shape: Any, x2: Any) -> Any:
        idx = _int_indices("SparseTensorDenseAdd", x1_indices)
        if _shape_of(x1_shape) != tuple(x2.shape):
            raise ValueError("For 'SparseTensorDenseAdd', 'x1_shape' must equal the shape of 'x2'.")
        F.check_bounds("SparseTensorDenseAdd", idx, tuple(x2.shape), ValueError)
        return wrap(x2.index_put(tuple(idx.t()), x1_values.to(_dt(x2)), accumulate=True))


class SparseTensorDenseMatmul(Primitive):
    def __init__(self, adjoint_st: bool = False, adjoint_dt: bool = False) -> None:
        super().__init__()
        for name, v in (("adjoint_st", adjoint_st), ("adjoint_dt", adjoint_dt)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'SparseTensorDenseMatmul', '{name}' must be bool, but got {type(v)}.")
        self.adjoint_st, self.adjoint_dt = adjoint_st, adjoint_dt

    def __call__(self, indices: Any, values: Any, sparse_shape: Any, dense: Any) -> Any:
        shape = _shape_of(sparse_shape)
        idx = _int_indices("SparseTensorDenseMatmul", indices)
        if values.dtype != dense.dtype:
            raise TypeError("For 'SparseTensorDenseMatmul', 'values' and 'dense' must have the same dtype.")
        F.check_bounds("SparseTensorDenseMatmul", idx, shape, ValueError)
        rows, cols = idx[:, 0], idx[:, 1]
        vals = values
        if self.adjoint_st:
            rows, cols, shape, vals = cols, rows, (shape[1], shape[0]), values.conj()
        d = dense.t().conj() if self.adjoint_dt else dense
        if d.shape[0] != shape[1]:
            raise ValueError(f"For 'SparseTensorDenseMatmul', the sparse shape {shape} and dense shape "
                             f"{tuple(d.shape)} cannot be multiplied.")
        out = d.new_zeros((shape[0], d.shape[1]))
        return wrap(out.index_add(0, rows, vals.unsqueeze(1) * d[cols]))


class SparseSlice(Primitive):
    def __call__(self, indices: Any, values: Any, shape: Any, start: Any, size: Any) -> Any:
        for name, t in (("indices", indices), ("shape", shape), ("start", start), ("size", size)):
            if t.dtype != torch.int64:
                raise TypeError(f"For 'SparseSlice', the dtype of '{name}' must be int64, but got {wrap(t).dtype}.")
        if indices.dim() != 2 or indices.shape[0] != values.shape[0] or indices.shape[1] != shape.shape[0]:
            raise ValueError("For 'SparseSlice', the shapes of 'indices', 'values' and 'shape' do not match.")
        lo = start.reshape(1, -1)
        hi = torch.minimum(start + size, shape)
        inside = ((indices >= lo) & (indices < hi.reshape(1, -1))).all(1)
        out_shape = torch.clamp(hi - start, min=0)
        return wrap(indices[inside] - lo), wrap(values[inside]), wrap(out_shape)


class SparseGatherV2(Primitive):
    def __call__(self, input_params: Any, input_indices: Any, axis: Any) -> Any:
        from mindshim.ops import gather
        return gather(input_params, input_indices, int(axis))


__all__ = ["Coalesce", "SparseGatherV2", "SparseSlice", "SparseTensorDenseAdd", "SparseTensorDenseMatmul",
           "SparseToDense"]

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
