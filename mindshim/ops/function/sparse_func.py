"""Sparse functional ops (mindspore.ops.coalesce, coo_add, coo_concat, dense_to_sparse_*, make_*_tensor, the
`*_tensor_get_*` accessors, conversions between COO/CSR/dense) and the CSR arithmetic in sparse_csr_func.

Mapping decisions (MindSpore 2.10 CPU, checked against the real thing):
- Index bounds are checked on the host before any torch indexing kernel runs.
- `coalesce`, `coo_add` and `coo_concat` need int64 indices (TypeError otherwise), like their kernels;
  `coalesce` sorts row-major and sums duplicates, `coo_concat` returns row-major order, `coo_add`
  merges two index lists (TF SparseAdd) dropping sums whose magnitude is below `thresh`.
- COO->CSR (`coo2csr`, `COOTensor.to_csr`) and `csr2coo` take int32 indices only; `csr_to_coo` and
  `dense_to_sparse_*` produce int32 indices.
- `make_sparse_tensor`/`make_row_tensor` print MindSpore's deprecation line.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype

from mindshim.common.sparse_tensor import COOTensor, CSRTensor, RowTensorInner
from mindshim.common.tensor import Tensor, wrap
from mindshim.ops.function.sparse_csr_func import (
    csr_add, csr_div, csr_gather, csr_mm, csr_mm_dense, csr_mul, csr_mv, csr_reduce_sum, csr_softmax,
)

_FLOATS = (torch.float16, torch.float32, torch.float64)
_CSR_VALUES = (torch.float32, torch.float64, torch.complex64, torch.complex128)

def _dt(t: Any) -> torch.dtype:
    """The torch dtype of a tensor (mindshim Tensors report MindSpore dtypes)."""
    return mstype.to_torch(t.dtype)



def _name(t: torch.Tensor) -> str:
    return str(wrap(t).dtype)


def check_bounds(op: str, idx: torch.Tensor, shape: tuple, err: type = RuntimeError) -> None:
    """idx: [n, k] integer positions into the first k dims of `shape`; raises `err` when one is out of range."""
    if idx.numel() == 0:
        return
    lim = torch.tensor(shape[:idx.shape[1]], dtype=torch.int64, device=idx.device)
    bad = ((idx < 0) | (idx >= lim)).any(1)
    if bool(bad.any()):
        row = int(bad.nonzero()[0, 0])
        raise err(f"For '{op}', the {row}-th value of 'indices'{idx[row].tolist()} is out of range{list(shape)}.")


def scatter_add_checked(op: str, dense: Any, indices: Any, values: Any) -> Tensor:
    if dense.dtype == torch.bool:
        raise TypeError(f"For {op}, input_x_type cannot be bool.")
    idx = indices.long()
    check_bounds(op, idx, tuple(dense.shape))
    return wrap(dense.index_put(tuple(idx.t()), values.to(_dt(dense)), accumulate=True))


def gather_checked(op: str, dense: Any, indices: Any) -> Tensor:
    idx = indices.long()
    check_bounds(op, idx, tuple(dense.shape))
    return wrap(dense[tuple(idx.t())])


def _sparse_dims_ok(op: str, indices: torch.Tensor) -> None:
    if indices.dtype != torch.int64:
        raise TypeError(f"For primitive[{op}], the input argument[indices] must be a type of {{Tensor[Int64]}}, "
                        f"but got Tensor[{_name(indices)}].")


def coalesce(x_indices: Any, x_values: Any, x_shape: Any) -> tuple:
    """Sort [ndim, nnz] indices row-major and sum the values of repeated positions."""
    _sparse_dims_ok("Coalesce", x_indices)
    if x_values.dtype not in _FLOATS:
        raise TypeError("For primitive[Coalesce], the input argument[x_values] must be a type of {Tensor[Float16], "
                        f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{_name(x_values)}].")
    shape = tuple(int(s) for s in x_shape.tolist())
    check_bounds("Coalesce", x_indices.t(), shape, ValueError)
    uniq, inverse = torch.unique(x_indices, dim=1, sorted=True, return_inverse=True)
    vals = x_values.new_zeros(uniq.shape[1]).index_add(0, inverse, x_values)
    return wrap(uniq), wrap(vals), wrap(x_shape.clone())


def _require_int32(what: str, t: torch.Tensor) -> None:
    if t.dtype != torch.int32:
        raise TypeError(f"The dtype of {what} only support Int32 for now, but got {_name(t)}.")


def coo2csr(row_indices: Any, height: int) -> Tensor:
    """Row pointers (int32, length height+1) of sorted COO row indices."""
    _require_int32("row_indices", row_indices)
    height = int(height)
    rows = row_indices.long()
    check_bounds("COO2CSR", rows.reshape(-1, 1), (height,))
    counts = torch.bincount(rows, minlength=height)
    return wrap(torch.cat([counts.new_zeros(1), counts.cumsum(0)]).to(torch.int32))


def csr2coo(indptr: Any, nnz: int) -> Tensor:
    """Row index (int32) of each of the `nnz` stored values of a CSR matrix."""
    _require_int32("Indptr", indptr)
    counts = indptr[1:].long() - indptr[:-1].long()
    if bool((counts < 0).any()) or int(indptr[-1]) != int(nnz):
        raise ValueError(f"For 'CSR2COO', 'indptr' must be non-decreasing and end at nnz ({nnz}).")
    rows = torch.repeat_interleave(torch.arange(counts.numel(), device=indptr.device), counts)
    return wrap(rows.to(torch.int32))


def coo_to_csr(coo: COOTensor) -> CSRTensor:
    idx = coo.indices
    _require_int32("row_indices", idx)
    order = torch.argsort(idx[:, 0], stable=True)
    rows = idx[:, 0][order]
    indptr = coo2csr(rows, coo.shape[0])
    return CSRTensor(indptr, wrap(idx[:, 1][order]), coo.values[order], coo.shape)


def _need(kind: type, x: Any, msg: str) -> None:
    if not isinstance(x, kind):
        raise TypeError(msg)


def csr_to_coo(tensor: Any) -> COOTensor:
    _need(CSRTensor, tensor, "For functional operator csr_to_coo, input argument must be a CSRTensor.")
    if tensor.ndim > 2:
        raise ValueError("Currently only support 2-D CSRTensor when converting to COOTensor.")
    ptr = tensor.indptr.long()
    rows = torch.repeat_interleave(torch.arange(ptr.numel() - 1, device=ptr.device), ptr[1:] - ptr[:-1])
    idx = torch.stack((rows, tensor.indices.long()), 1).to(torch.int32)
    return COOTensor(wrap(idx), tensor.values, tensor.shape)


def csr_to_dense(csr_tensor: Any) -> Tensor:
    _need(CSRTensor, csr_tensor, "For functional operator csr_to_dense, input argument must be a CSRTensor.")
    if csr_tensor.ndim > 2:
        raise ValueError("Currently only support 2-D CSRTensor when converting to COOTensor.")
    values = csr_tensor.values
    if values.dtype not in _CSR_VALUES:
        raise TypeError("For primitive[CSRSparseMatrixToDense], the input argument[x_values] must be a type of "
                        "{Tensor[Complex128], Tensor[Complex64], Tensor[Float32], Tensor[Float64]}, but got "
                        f"Tensor[{_name(values)}].")
    ptr = csr_tensor.indptr.long()
    rows = torch.repeat_interleave(torch.arange(ptr.numel() - 1, device=ptr.device), ptr[1:] - ptr[:-1])
    idx = torch.stack((rows, csr_tensor.indices.long()), 1)
    zeros = wrap(torch.zeros(csr_tensor.shape, dtype=_dt(values), device=values.device))
    return scatter_add_checked("CSRSparseMatrixToDense", zeros, idx, values)


def _dense_2d(op: str, tensor: Any, what: str) -> None:
    _need(Tensor, tensor, f"For functional operator {op}, input argument must be a Tensor.")
    if tensor.dim() > 2:
        raise ValueError(f"Currently only support 2-D Tensor when converting to {what}.")


def dense_to_sparse_coo(tensor: Any) -> COOTensor:
    _dense_2d("dense_to_sparse_coo", tensor, "COOTensor")
    idx = torch.nonzero(tensor)
    return COOTensor(wrap(idx.to(torch.int32)), wrap(tensor[tuple(idx.t())]), tuple(tensor.shape))


def dense_to_sparse_csr(tensor: Any) -> CSRTensor:
    _dense_2d("dense_to_sparse_csr", tensor, "CSRTensor")
    if tensor.dtype not in _CSR_VALUES:
        raise TypeError("For primitive[DenseToCSRSparseMatrix], the input argument[dense_input] must be a type of "
                        "{Tensor[Complex128], Tensor[Complex64], Tensor[Float32], Tensor[Float64]}, but got "
                        f"Tensor[{_name(tensor)}].")
    idx = torch.nonzero(tensor)
    counts = torch.bincount(idx[:, 0], minlength=tensor.shape[0])
    indptr = torch.cat([counts.new_zeros(1), counts.cumsum(0)]).to(torch.int32)
    return CSRTensor(wrap(indptr), wrap(idx[:, 1].to(torch.int32)), wrap(tensor[tuple(idx.t())]),
                     tuple(tensor.shape))


def _promote(a: torch.Tensor, b: torch.Tensor) -> tuple:
    dt = torch.promote_types(_dt(a), _dt(b))
    return a.to(dt), b.to(dt)


def coo_add(x1: COOTensor, x2: COOTensor, thresh: Any) -> COOTensor:
    """Sum of two COOTensors: index lists merged in order, entries with |value| < thresh dropped."""
    v1, v2 = _promote(x1.values, x2.values)
    i1, i2 = x1.indices, x2.indices
    for t in (i1, i2):
        if t.dtype != torch.int64:
            raise TypeError("For primitive[SparseAdd], the input argument[x1_indices] must be a type of "
                            f"{{Tensor[Int64]}}, but got Tensor[{_name(t)}].")
    thr = thresh.to(_dt(v1)) if isinstance(thresh, torch.Tensor) else torch.tensor(thresh, dtype=_dt(v1))
    cols = x1.shape[1]
    k1, k2 = i1[:, 0] * cols + i1[:, 1], i2[:, 0] * cols + i2[:, 1]
    if _strictly_increasing(k1) and _strictly_increasing(k2):
        keys, inverse = torch.unique(torch.cat([k1, k2]), sorted=True, return_inverse=True)
        vals = v1.new_zeros(keys.shape[0]).index_add(0, inverse, torch.cat([v1, v2]))
        idx = torch.stack((keys // cols, keys % cols), 1)
    else:
        idx, vals = _merge(i1, v1, k1, i2, v2, k2)
    keep = vals.abs() >= thr.abs() if vals.is_complex() else vals.abs() >= thr
    return COOTensor(wrap(idx[keep]), wrap(vals[keep]), x1.shape)


def _strictly_increasing(k: torch.Tensor) -> bool:
    return k.numel() < 2 or bool((k[1:] > k[:-1]).all())


def _merge(i1: Any, v1: Any, k1: Any, i2: Any, v2: Any, k2: Any) -> tuple:
    # The two-pointer merge of SparseAdd for inputs that are not in canonical order.
    a, b = k1.tolist(), k2.tolist()
    take, i, j = [], 0, 0
    while i < len(a) and j < len(b):
        if a[i] < b[j]:
            take.append((i, -1)); i += 1
        elif a[i] > b[j]:
            take.append((-1, j)); j += 1
        else:
            take.append((i, j)); i += 1; j += 1
    take += [(p, -1) for p in range(i, len(a))] + [(-1, q) for q in range(j, len(b))]
    idx = torch.stack([i1[p] if p >= 0 else i2[q] for p, q in take]) if take else i1[:0]
    vals = [(v1[p] if p >= 0 else 0) + (v2[q] if q >= 0 else 0) for p, q in take]
    return idx, (torch.stack([torch.as_tensor(v, dtype=_dt(v1)) for v in vals]) if vals else v1[:0])


def coo_concat(sp_input: Any, concat_dim: int = 0) -> COOTensor:
    """Concatenate COOTensors (or (indices, values, shape) tuples) along `concat_dim`, row-major output."""
    if len(sp_input) < 2:
        raise ValueError("For coo_concat, not support COOTensor input number < 2.")
    parts = [tuple(e[:3]) if isinstance(e, tuple) else (e.indices, e.values, e.shape) for e in sp_input]
    for n, (ind, _, _) in enumerate(parts):
        if ind.dtype != torch.int64:
            raise TypeError(f"For primitive[SparseConcat], the input argument[indices{n}] must be a type of "
                            f"{{Tensor[Int64]}}, but got Tensor[{_name(ind)}].")
    dim = concat_dim + 2 if concat_dim < 0 else concat_dim
    out_shape, offset, idx, vals = list(parts[0][2]), 0, [], []
    for n, (ind, val, shp) in enumerate(parts):
        shifted = ind.clone()
        shifted[:, dim] += offset
        offset += shp[dim]
        idx.append(shifted)
        vals.append(val)
        if n:
            out_shape[dim] += shp[dim]
    idx_t, val_t = torch.cat(idx), torch.cat(vals)
    order = torch.argsort(idx_t[:, 0] * out_shape[1] + idx_t[:, 1], stable=True)
    return COOTensor(wrap(idx_t[order]), wrap(val_t[order]), tuple(out_shape))


def sparse_segment_mean(x: Any, indices: Any, segment_ids: Any) -> Tensor:
    """Mean of the rows `x[indices]` per sorted segment id; segments with no rows are zeros."""
    if x.dtype not in _FLOATS:
        raise TypeError("For primitive[SparseSegmentMean], the input argument[x] must be a type of "
                        f"{{Tensor[Float16], Tensor[Float32], Tensor[Float64]}}, but got Tensor[{_name(x)}].")
    for name, t in (("indices", indices), ("segment_ids", segment_ids)):
        if t.dtype not in (torch.int32, torch.int64) or t.dim() != 1:
            raise TypeError(f"For 'SparseSegmentMean', '{name}' must be a 1-D int32 or int64 tensor.")
    if indices.shape[0] != segment_ids.shape[0]:
        raise ValueError("For 'SparseSegmentMean', 'indices' and 'segment_ids' must have the same length.")
    idx, seg = indices.long(), segment_ids.long()
    check_bounds("SparseSegmentMean", idx.reshape(-1, 1), (x.shape[0],))
    if seg.numel() and (bool((seg[1:] < seg[:-1]).any()) or int(seg[0]) < 0):
        raise RuntimeError("For 'SparseSegmentMean', 'segment_ids' must be sorted non-negative integers.")
    n = int(seg[-1]) + 1 if seg.numel() else 0
    out = x.new_zeros((n,) + tuple(x.shape[1:])).index_add(0, seg, x[idx])
    counts = torch.bincount(seg, minlength=n).clamp(min=1).to(_dt(x))
    return wrap(out / counts.reshape((-1,) + (1,) * (x.dim() - 1)))


def coo_tensor_get_indices(coo_tensor: COOTensor) -> Tensor:
    return coo_tensor.indices


def coo_tensor_get_values(coo_tensor: COOTensor) -> Tensor:
    return coo_tensor.values


def coo_tensor_get_dense_shape(coo_tensor: COOTensor) -> tuple:
    return coo_tensor.shape


def csr_tensor_get_indptr(csr_tensor: CSRTensor) -> Tensor:
    return csr_tensor.indptr


def csr_tensor_get_indices(csr_tensor: CSRTensor) -> Tensor:
    return csr_tensor.indices


def csr_tensor_get_values(csr_tensor: CSRTensor) -> Tensor:
    return csr_tensor.values


def csr_tensor_get_dense_shape(csr_tensor: CSRTensor) -> tuple:
    return csr_tensor.shape


def row_tensor_get_indices(row_tensor: RowTensorInner) -> Tensor:
    return row_tensor.indices


def row_tensor_get_values(row_tensor: RowTensorInner) -> Tensor:
    return row_tensor.values


def row_tensor_get_dense_shape(row_tensor: RowTensorInner) -> tuple:
    return row_tensor.dense_shape


def make_coo_tensor(indices: Any, values: Any, dense_shape: Any) -> COOTensor:
    return COOTensor(indices, values, tuple(dense_shape))


def make_csr_tensor(indptr: Any, indices: Any, values: Any, dense_shape: Any) -> CSRTensor:
    return CSRTensor(indptr, indices, values, tuple(dense_shape))


def make_row_tensor_inner(indices: Any, values: Any, dense_shape: Any) -> RowTensorInner:
    return RowTensorInner(indices, values, tuple(dense_shape))


def make_sparse_tensor(indices: Any, values: Any, dense_shape: Any) -> COOTensor:
    print("WARNING: 'SparseTensor' is deprecated from version 1.7 and will be removed after version 2.9.0. "
          "Please use 'COOTensor' instead.")
    return make_coo_tensor(indices, values, dense_shape)


def make_row_tensor(indices: Any, values: Any, dense_shape: Any) -> RowTensorInner:
    print("WARNING: 'RowTensor' is deprecated from version 2.0 and will be removed after version 2.9.0.")
    return make_row_tensor_inner(indices, values, dense_shape)


__all__ = [
    "coalesce", "coo2csr", "coo_add", "coo_concat", "coo_tensor_get_dense_shape", "coo_tensor_get_indices",
    "coo_tensor_get_values", "csr2coo", "csr_add", "csr_div", "csr_gather", "csr_mm", "csr_mul", "csr_mv",
    "csr_reduce_sum", "csr_softmax", "csr_tensor_get_dense_shape", "csr_tensor_get_indices",
    "csr_tensor_get_indptr", "csr_tensor_get_values", "csr_to_coo", "csr_to_dense", "dense_to_sparse_coo",
    "dense_to_sparse_csr", "make_coo_tensor", "make_csr_tensor", "make_row_tensor", "make_row_tensor_inner",
    "make_sparse_tensor", "row_tensor_get_dense_shape", "row_tensor_get_indices", "row_tensor_get_values",
    "sparse_segment_mean",
]
_ = csr_mm_dense  # re-exported for CSRTensor.mm
