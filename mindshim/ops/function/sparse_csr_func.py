"""CSR arithmetic (mindspore.ops.csr_add, csr_mul, csr_div, csr_gather, csr_mv, csr_mm, csr_reduce_sum,
csr_softmax) computed on the (row, col, value) triplets of a CSRTensor.

Mapping decisions (MindSpore 2.10):
- `csr_mul`/`csr_div` with a dense tensor broadcast it to the CSR shape and combine at the stored
  positions (a CSRTensor comes back); with a scalar they return the dense value vector.
- `csr_add(a, b, alpha, beta)` is alpha*a + beta*b over the union of the two sparsity patterns, columns
  sorted within each row, no zero pruning.
- `csr_mm` of two CSRTensors keeps the structural product pattern; `CSRTensor.mm(dense)` and `csr_mv`
  return dense results (`csr_mv` needs a 2-D dense operand).
- `csr_reduce_sum` sums along axis 1 (or -1) and keeps it: shape (rows, 1).
- `csr_softmax` is the softmax over the stored values of each row.
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.common.sparse_tensor import CSRTensor
from mindshim.common.tensor import Tensor, wrap

def _dt(t: Any) -> torch.dtype:
    """The torch dtype of a tensor (mindshim Tensors report MindSpore dtypes)."""
    return mstype.to_torch(t.dtype)



def _rows(indptr: torch.Tensor) -> torch.Tensor:
    ptr = indptr.long()
    counts = ptr[1:] - ptr[:-1]
    if bool((counts < 0).any()):
        raise ValueError("For CSRTensor, 'indptr' must be non-decreasing.")
    return torch.repeat_interleave(torch.arange(counts.numel(), device=ptr.device), counts)


def _check_cols(op: str, indices: torch.Tensor, cols: int) -> torch.Tensor:
    col = indices.long()
    if col.numel() and bool(((col < 0) | (col >= cols)).any()):
        raise ValueError(f"For '{op}', the column indices must be in [0, {cols}).")
    return col


def _coords(op: str, x: CSRTensor) -> tuple:
    rows = _rows(x.indptr)
    if rows.numel() != x.indices.shape[0]:
        raise ValueError(f"For '{op}', 'indptr[-1]' must equal the number of values.")
    return rows, _check_cols(op, x.indices, x.shape[1])


def _promote(a: torch.Tensor, b: torch.Tensor) -> tuple:
    dt = torch.promote_types(_dt(a), _dt(b))
    return a.to(dt), b.to(dt)


def _elementwise(op: str, x: CSRTensor, y: Any, fn: Any) -> Any:
    if isinstance(y, (int, float, bool)):
        y = Tensor(y)
    if y.dim() == 0:
        return wrap(fn(x.values, y).reshape(x.values.shape))
    vals, y = _promote(x.values, y)
    if y.dim() > len(x.shape):
        raise ValueError(f"For '{op}', the dense tensor cannot broadcast to the sparse tensor.")
    dense = torch.broadcast_to(y, x.shape)
    rows, cols = _coords(op, x)
    return CSRTensor(x.indptr, x.indices, wrap(fn(vals, dense[rows, cols])), x.shape)


def csr_mul(x: CSRTensor, y: Any) -> Any:
    return _elementwise("CSRMul", x, y, torch.mul)


def csr_div(x: CSRTensor, y: Any) -> Any:
    return _elementwise("CSRDiv", x, y, torch.div)


def csr_gather(indptr: Any, indices: Any, dense: Any, sparse_shape: Any) -> Tensor:
    """The entries of `dense` at the stored positions of a CSR pattern."""
    rows = _rows(indptr)
    cols = _check_cols("CSRGather", indices, int(sparse_shape[1]))
    if rows.numel() != cols.numel():
        raise ValueError("For 'CSRGather', 'indptr[-1]' must equal the number of indices.")
    if rows.numel() and (int(rows.max()) >= dense.shape[0] or int(cols.max()) >= dense.shape[1]):
        raise ValueError("For 'CSRGather', the CSR pattern does not fit the dense tensor.")
    return wrap(dense[rows, cols])


def _spmm(op: str, x: CSRTensor, dense: torch.Tensor) -> Tensor:
    vals, dense = _promote(x.values, dense)
    rows, cols = _coords(op, x)
    if dense.shape[0] != x.shape[1]:
        raise ValueError(f"For '{op}', the dense operand must have {x.shape[1]} rows, but got {dense.shape[0]}.")
    out = dense.new_zeros((x.shape[0],) + tuple(dense.shape[1:]))
    contrib = vals.reshape((-1,) + (1,) * (dense.dim() - 1)) * dense[cols]
    return wrap(out.index_add(0, rows, contrib))


def csr_mv(csr_tensor: CSRTensor, dense: Any) -> Tensor:
    if dense.dim() != 2:
        raise ValueError("Currently, only support 2-D inputs! But csr tensor has 2 dimensions, and dense tensor has "
                         f"{dense.dim()} dimension(s). ")
    return _spmm("CSRMV", csr_tensor, dense)


def csr_mm_dense(csr_tensor: CSRTensor, dense: Any) -> Tensor:
    return _spmm("CSRMM", csr_tensor, dense)


def csr_reduce_sum(csr_tensor: CSRTensor, axis: int) -> Tensor:
    if axis not in (1, -1):
        raise ValueError(f"For CSRReduceSum, `axis` should be 1 or -1, but got `axis`: {axis}.")
    rows, _ = _coords("CSRReduceSum", csr_tensor)
    vals = csr_tensor.values
    out = vals.new_zeros((csr_tensor.shape[0],) + tuple(vals.shape[1:]))
    return wrap(out.index_add(0, rows, vals).unsqueeze(1))


def _pattern(x: CSRTensor) -> tuple:
    """(dense values, stored-position mask) of a 2-D CSRTensor."""
    rows, cols = _coords("SparseMatrixSparseMatMul", x)
    dense = torch.zeros(x.shape[:2], dtype=_dt(x.values), device=x.values.device)
    mask = torch.zeros(x.shape[:2], dtype=torch.bool, device=rows.device)
    stored = mask.index_put((rows, cols), torch.ones((), dtype=torch.bool, device=rows.device))
    return dense.index_put((rows, cols), x.values, accumulate=True), stored


def _from_dense(dense: torch.Tensor, mask: torch.Tensor, index_dtype: torch.dtype, shape: tuple) -> CSRTensor:
    idx = mask.nonzero()
    counts = torch.bincount(idx[:, 0], minlength=shape[0])
    indptr = torch.cat([counts.new_zeros(1), counts.cumsum(0)]).to(index_dtype)
    return CSRTensor(wrap(indptr), wrap(idx[:, 1].to(index_dtype)), wrap(dense[idx[:, 0], idx[:, 1]]), shape)


def csr_mm(a: Any, b: Any, trans_a: bool = False, trans_b: bool = False, adjoint_a: bool = False,
           adjoint_b: bool = False) -> CSRTensor:
    """CSR x CSR -> CSR; the result stores every position reached by a stored pair (a[i,k], b[k,j])."""
    if not isinstance(a, CSRTensor) or not isinstance(b, CSRTensor):
        raise TypeError("For functional operator csr_mm, inputs a and b must be type of CSRTensor currently.")
    da, ma = _pattern(a)
    db, mb = _pattern(b)
    if trans_a or adjoint_a:
        da, ma = da.t(), ma.t()
        da = da.conj() if adjoint_a else da
    if trans_b or adjoint_b:
        db, mb = db.t(), mb.t()
        db = db.conj() if adjoint_b else db
    if da.shape[1] != db.shape[0]:
        raise ValueError(f"For 'csr_mm', the shapes {tuple(da.shape)} and {tuple(db.shape)} cannot be multiplied.")
    mask = (ma.float() @ mb.float()) > 0
    return _from_dense(da @ db, mask, _dt(a.indices), (da.shape[0], db.shape[1]))


def csr_add(a: Any, b: Any, alpha: Any, beta: Any) -> CSRTensor:
    """alpha * a + beta * b over the union of both sparsity patterns."""
    if not isinstance(a, CSRTensor) or not isinstance(b, CSRTensor):
        raise TypeError("For functional operator csr_add, both inputs a and b must be type of CSRTensor.")
    if not isinstance(alpha, torch.Tensor) or not isinstance(beta, torch.Tensor):
        raise TypeError("For functional operator csr_add, both inputs alpha and beta must be Tensor.")
    va, vb = _promote(a.values, b.values)
    ra, ca = _coords("SparseMatrixAdd", a)
    rb, cb = _coords("SparseMatrixAdd", b)
    cols = a.shape[1]
    keys, inverse = torch.unique(torch.cat([ra * cols + ca, rb * cols + cb]), sorted=True, return_inverse=True)
    scaled = torch.cat([va * alpha.to(_dt(va)).reshape(()), vb * beta.to(_dt(va)).reshape(())])
    vals = va.new_zeros(keys.shape[0]).index_add(0, inverse, scaled)
    counts = torch.bincount(keys // cols, minlength=a.shape[0])
    index_dtype = _dt(a.indptr)
    indptr = torch.cat([counts.new_zeros(1), counts.cumsum(0)]).to(index_dtype)
    return CSRTensor(wrap(indptr), wrap((keys % cols).to(_dt(a.indices))), wrap(vals), a.shape)


def csr_softmax(logits: Any, dtype: Any) -> CSRTensor:
    """Softmax over the stored values of each row."""
    if not isinstance(logits, CSRTensor):
        raise TypeError("For functional operator sparse_matrix_softmax, logits must be type of CSRTensor.")
    if mstype.to_torch(dtype) not in (torch.float32, torch.float64):
        raise TypeError(f"For 'SparseMatrixSoftmax', 'dtype' must be float32 or float64, but got {dtype}.")
    rows, _ = _coords("SparseMatrixSoftmax", logits)
    vals = logits.values
    n = logits.shape[0]
    row_max = vals.new_full((n,), float("-inf")).scatter_reduce(0, rows, vals, "amax", include_self=True)
    e = torch.exp(vals - row_max[rows])
    out = e / e.new_zeros(n).index_add(0, rows, e)[rows]
    return CSRTensor(logits.indptr, logits.indices, wrap(out), logits.shape)


__all__ = ["csr_add", "csr_div", "csr_gather", "csr_mm", "csr_mul", "csr_mv", "csr_reduce_sum", "csr_softmax"]
