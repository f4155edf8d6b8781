"""mindspore.COOTensor / CSRTensor / RowTensor: sparse tensors kept as their index and value tensors.

Mapping decisions (MindSpore 2.10, checked against the real thing):
- Nothing is coalesced or sorted implicitly; indices keep the dtype they were given (int16/int32/int64)
  and are detached (MindSpore stops their gradient); values keep their autograd graph, so gradients flow
  through `values` into `to_dense()`, the value-wise ops and products.
- `shape` is a tuple of positive ints; COOTensor is 2-D only, CSRTensor may have trailing value dims.
- Operators follow MindSpore: COO + dense -> dense (duplicates summed), COO * / dense -> COO at the
  stored positions, COO + COO -> `coo_add` (int64 indices only), CSR +/- CSR -> `csr_add`,
  CSR * / dense -> `csr_mul`/`csr_div`.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import torch

from mindshim.common import dtype as mstype

from mindshim.common.tensor import Tensor, wrap

_INDEX_DTYPES = (torch.int16, torch.int32, torch.int64)

def _dt(t: Any) -> torch.dtype:
    """The torch dtype of a tensor (mindshim Tensors report MindSpore dtypes)."""
    return mstype.to_torch(t.dtype)



def _sf() -> Any:
    from mindshim.ops.function import sparse_func
    return sparse_func


def _check_tensors(**named: Any) -> None:
    for name, t in named.items():
        if not isinstance(t, torch.Tensor):
            where = "CSRTensor" if name == "indptr" else "SparseTensors"
            raise TypeError(f"For {where}, '{name}' must be Tensor, but got {type(t)}.")


def _check_shape_tuple(shape: Any) -> None:
    if not isinstance(shape, tuple):
        raise TypeError(f"For SparseTensors, 'shape' must be tuple, but got {type(shape)}.")


def _index_dtype_ok(who: str, name: str, t: torch.Tensor) -> None:
    if t.dtype not in _INDEX_DTYPES:
        raise TypeError(f"For {who}, '{name}' must have int16, int32 or int64 data type, but got {wrap(t).dtype}.")


def _fmt_array(a: np.ndarray) -> str:
    kind = {"float_kind": lambda x: f"{x: .8e}"} if a.dtype.kind in "fc" else None
    text = np.array2string(a, separator=" ", formatter=kind, threshold=1000)
    return ("\n" + text) if a.ndim > 1 else text


def _tensor_text(t: torch.Tensor) -> str:
    w = wrap(t)
    return f"Tensor(shape={list(w.shape)}, dtype={w.dtype}, value={_fmt_array(w.asnumpy())})"


class _SparseBase:
    _values: Tensor
    _shape: tuple

    @property
    def values(self) -> Tensor:
        return self._values

    @property
    def shape(self) -> tuple:
        return self._shape

    @property
    def dtype(self) -> Any:
        return self._values.dtype

    @property
    def size(self) -> int:
        return int(self._values.numel())

    @property
    def itemsize(self) -> int:
        return self._values.itemsize

    @property
    def ndim(self) -> int:
        return len(self._shape)


class COOTensor(_SparseBase):
    """COOTensor(indices [nnz, 2], values [nnz], shape (rows, cols))."""

    def __init__(self, indices: Any = None, values: Any = None, shape: Any = None, coo_tensor: Any = None) -> None:
        if coo_tensor is not None:
            if not isinstance(coo_tensor, COOTensor):
                raise TypeError(f"Expect input `coo_tensor` to be a COOTensor, but got {type(coo_tensor)}")
            if not (indices is None and values is None and shape is None):
                raise TypeError("If input `coo_tensor` is provided, `indices`, `values`, `shapes` should all be `None`")
            indices, values, shape = coo_tensor._indices, coo_tensor._values, coo_tensor._shape
        else:
            _check_tensors(indices=indices, values=values)
            _check_shape_tuple(shape)
            self._check_shape(tuple(indices.shape), tuple(values.shape), shape)
            if indices.dtype not in _INDEX_DTYPES:
                raise TypeError("For COOTensor, the type of 'indices' must be one of [int16, int32, int64], but got "
                                f"{wrap(indices).dtype}.")
        self._indices = wrap(indices.detach())
        self._values = wrap(values)
        self._shape = tuple(int(s) for s in shape)

    @staticmethod
    def _check_shape(ind: tuple, val: tuple, shape: tuple) -> None:
        if len(shape) != 2:
            raise ValueError(f"For COOTensor, the length of 'shape' must be 2, but got {shape}.")
        if ind == (0,) and val == (0,):
            return
        total = 1
        for s in shape:
            if not isinstance(s, (int, np.integer)) or isinstance(s, bool):
                raise TypeError(f"For COOTensor, the element type of 'shape' must be int, but got {type(s)}")
            if s <= 0:
                raise ValueError(f"For COOTensor, the element of 'shape' must be positive, but got {s} in {shape}.")
            total *= int(s)
        if len(val) != 1:
            raise ValueError(f"For COOTensor, 'values' must be a 1-dimensional tensor, but got a {len(val)}"
                             "-dimensional tensor.")
        if total < val[0]:
            raise ValueError(f"For COOTensor, shape is too small: ({total}) to hold all values({val[0]}).")
        if len(ind) != 2:
            raise ValueError(f"For COOTensor, 'indices' must be a 2-dimensional tensor, but got a {len(ind)}"
                             "-dimensional tensor.")
        if ind[0] != val[0]:
            raise ValueError("For COOTensor, 'indices.shape[0]' must be equal to 'values.shape[0]', but got "
                             f"{ind[0]} and {val[0]}.")
        if ind[1] != 2:
            raise ValueError(f"For COOTensor, 'indices.shape[1]' must be 2, but got {ind[1]}.")

    @property
    def indices(self) -> Tensor:
        return self._indices

    def __repr__(self) -> str:
        return (f"COOTensor(shape={list(self._shape)}, dtype={self.dtype}, indices={_tensor_text(self._indices)}, "
                f"values={_tensor_text(self._values)})")

    def __neg__(self) -> "COOTensor":
        return COOTensor(self._indices, -self._values, self._shape)

    def _same_shape(self, other: Any) -> None:
        if self.shape != tuple(other.shape):
            raise ValueError("Input tensors should have the same shape.")

    def __add__(self, other: Any) -> Any:
        self._same_shape(other)
        if isinstance(other, COOTensor):
            return _sf().coo_add(self, other, Tensor(0, self.dtype))
        if isinstance(other, torch.Tensor):
            return _sf().scatter_add_checked("TensorScatterAdd", other, self._indices, self._values)
        raise TypeError(f"COOTensor add with {type(other)} is not supported.")

    def __sub__(self, other: Any) -> Any:
        self._same_shape(other)
        if isinstance(other, COOTensor):
            return _sf().coo_add(self, -other, Tensor(0, self.dtype))
        if isinstance(other, torch.Tensor):
            return _sf().scatter_add_checked("TensorScatterAdd", -other, self._indices, self._values)
        raise TypeError(f"COOTensor subtract with {type(other)} is not supported.")

    def _at(self, other: Any, op: str) -> torch.Tensor:
        self._same_shape(other)
        if not isinstance(other, torch.Tensor):
            raise TypeError(f"COOTensor {op} with {type(other)} is not supported.")
        return _sf().gather_checked("GatherNd", other, self._indices)

    def __mul__(self, other: Any) -> "COOTensor":
        return COOTensor(self._indices, self._values * self._at(other, "multiply"), self._shape)

    def __truediv__(self, other: Any) -> "COOTensor":
        return COOTensor(self._indices, self._values / self._at(other, "divide"), self._shape)

    __div__ = __truediv__

    def coalesce(self) -> "COOTensor":
        idx, val, _ = _sf().coalesce(self._indices.t(), self._values, Tensor(list(self._shape), torch.int64))
        return COOTensor(idx.t(), val, self._shape)

    def to_csr(self) -> "CSRTensor":
        return _sf().coo_to_csr(self)

    def to_dense(self) -> Tensor:
        zeros = torch.zeros(self._shape, dtype=_dt(self._values), device=self._values.device)
        return _sf().scatter_add_checked("TensorScatterAdd", wrap(zeros), self._indices, self._values)

    def astype(self, dtype: Any) -> "COOTensor":
        return COOTensor(self._indices, self._values.astype(dtype), self._shape)

    def to_tuple(self) -> tuple:
        return self._indices, self._values, self._shape

    def abs(self) -> "COOTensor":
        return COOTensor(self._indices, self._values.abs(), self._shape)

    def add(self, other: "COOTensor", thresh: Any) -> "COOTensor":
        return _sf().coo_add(self, other, thresh)


class CSRTensor(_SparseBase):
    """CSRTensor(indptr [rows+1], indices [nnz], values [nnz, *shape[2:]], shape)."""

    def __init__(self, indptr: Any = None, indices: Any = None, values: Any = None, shape: Any = None,
                 csr_tensor: Any = None) -> None:
        if csr_tensor is not None:
            if not isinstance(csr_tensor, CSRTensor):
                raise TypeError(f"Expect input `csr_tensor` to be a CSRTensor, but got {type(csr_tensor)}")
            if not (indptr is None and indices is None and values is None and shape is None):
                raise TypeError("If input `csr_tensor` is provided, `indptr`, `indices`, `values`, `shapes` "
                                "should all be `None`")
            indptr, indices, values, shape = (csr_tensor._indptr, csr_tensor._indices, csr_tensor._values,
                                              csr_tensor._shape)
        else:
            _check_tensors(indptr=indptr, indices=indices, values=values)
            _check_shape_tuple(shape)
            self._check_shape(tuple(indptr.shape), tuple(indices.shape), tuple(values.shape), shape)
            for name, t in (("indptr", indptr), ("indices", indices)):
                if t.dtype not in _INDEX_DTYPES:
                    raise TypeError(f"For CSRTensor, {name} must have int16 or int32 or int64 data type, "
                                    f"but got {wrap(t).dtype}.")
        self._indptr = wrap(indptr.detach())
        self._indices = wrap(indices.detach())
        self._values = wrap(values)
        self._shape = tuple(int(s) for s in shape)

    @staticmethod
    def _check_shape(ptr: tuple, ind: tuple, val: tuple, shape: tuple) -> None:
        if ptr == (0,) and ind == (0,) and val == (0,):
            return
        total = vals = 1
        for s in shape:
            if not isinstance(s, (int, np.integer)) or isinstance(s, bool):
                raise TypeError(f"For CSRTensor, the element type of shape must be int, but got {type(s)}")
            if s <= 0:
                raise ValueError(f"For CSRTensor, the element of shape must be positive, but got {s}")
            total *= int(s)
        for s in val:
            if s <= 0:
                raise ValueError(f"The element of shape must be positive, but got {s}")
            vals *= s
        if total < vals:
            raise ValueError(f"Shape total size: {total} is too small to hold {vals} non-zero values.")
        if len(ind) != 1:
            raise ValueError(f"For CSRTensor, indices must be a 1-dimensional tensor, but got a {len(ind)} "
                             "dimension tensor.")
        if len(ptr) != 1:
            raise ValueError(f"For CSRTensor, indptr must be a 1-dimensional tensor, but got a {len(ptr)} "
                             "dimension tensor.")
        if shape[0] + 1 != ptr[0]:
            raise ValueError(f"For CSRTensor, indptr must have length (1 + shape[0]), but got: {ptr[0]}")
        if ind[0] != val[0]:
            raise ValueError("For CSRTensor, indices and values must equal in their shape, but got indices shape: "
                             f"{ind[0]}, values shape: {val[0]}.")
        if len(val) + 1 != len(shape) or tuple(val[1:]) != tuple(shape[2:]):
            raise ValueError("Values' dimension should equal to CSRTensor's dimension - 1 and CSRTensor's "
                             f"shape[2:] must equal value's shape[1:], but got {shape} and {val}")

    @property
    def indptr(self) -> Tensor:
        return self._indptr

    @property
    def indices(self) -> Tensor:
        return self._indices

    def __repr__(self) -> str:
        return (f"CSRTensor(shape={list(self._shape)}, dtype={self.dtype}, indptr={_tensor_text(self._indptr)}, "
                f"indices={_tensor_text(self._indices)}, values={_tensor_text(self._values)})")

    def __mul__(self, other: Any) -> Any:
        return _sf().csr_mul(self, other)

    def __truediv__(self, other: Any) -> Any:
        return _sf().csr_div(self, other)

    __div__ = __truediv__

    def __neg__(self) -> "CSRTensor":
        return CSRTensor(self._indptr, self._indices, -self._values, self._shape)

    def _add(self, other: Any, sign: int, what: str) -> "CSRTensor":
        if self.shape != tuple(other.shape):
            raise ValueError("Input tensors should have the same shape.")
        if not isinstance(other, CSRTensor):
            raise TypeError(f"CSRTensor {what} with {type(other)} is not supported.")
        return _sf().csr_add(self, other, Tensor(1, self.dtype), Tensor(sign, self.dtype))

    def __add__(self, other: Any) -> "CSRTensor":
        return self._add(other, 1, "add")

    def __sub__(self, other: Any) -> "CSRTensor":
        return self._add(other, -1, "subtract")

    def to_tuple(self) -> tuple:
        return self._indptr, self._indices, self._values, self._shape

    def to_coo(self) -> COOTensor:
        if self.ndim != 2:
            raise ValueError("Currently only support 2-D CSRTensor when converting to COOTensor.")
        rows = _sf().csr2coo(self._indptr, self._values.shape[0])
        return COOTensor(wrap(torch.stack((rows, self._indices.to(_dt(rows))), 1)), self._values, self._shape)

    def to_dense(self) -> Tensor:
        return _sf().csr_to_dense(self)

    def astype(self, dtype: Any) -> "CSRTensor":
        return CSRTensor(self._indptr, self._indices, self._values.astype(dtype), self._shape)

    def mv(self, dense_vector: Any) -> Tensor:
        if not isinstance(dense_vector, torch.Tensor):
            raise TypeError(f"For 'CSRTensor.mv', the type of 'dense_vector' should be Tensor, but got "
                            f"{type(dense_vector).__name__}.")
        return _sf().csr_mv(self, dense_vector)

    def mm(self, matrix: Any) -> Any:
        if isinstance(matrix, CSRTensor):
            return _sf().csr_mm(self, matrix)
        if not isinstance(matrix, torch.Tensor):
            raise TypeError(f"For 'CSRTensor.mm', the type of 'matrix' should be Tensor, but got "
                            f"{type(matrix).__name__}.")
        return _sf().csr_mm_dense(self, matrix)

    def sum(self, axis: int) -> Tensor:
        return _sf().csr_reduce_sum(self, axis)

    def abs(self) -> "CSRTensor":
        return CSRTensor(self._indptr, self._indices, self._values.abs(), self._shape)

    def add(self, b: "CSRTensor", alpha: Any, beta: Any) -> "CSRTensor":
        return _sf().csr_add(self, b, alpha, beta)


class RowTensorInner:
    """A slice set of a dense tensor: rows `indices` of a `dense_shape` tensor hold `values`."""

    def __init__(self, indices: Any = None, values: Any = None, shape: Any = None, row_tensor: Any = None) -> None:
        if row_tensor is not None:
            if not isinstance(row_tensor, RowTensorInner):
                raise TypeError(f"Expect input `row_tensor` to be a RowTensor, but got {type(row_tensor)}")
            if not (indices is None and values is None and shape is None):
                raise TypeError("If input `row_tensor` is provided, `indices`, `values`, `shapes` should all be "
                                "`None`")
            indices, values, shape = row_tensor._indices, row_tensor._values, row_tensor._shape
        self._indices, self._values, self._shape = wrap(indices), wrap(values), tuple(shape)

    @property
    def indices(self) -> Tensor:
        return self._indices

    @property
    def values(self) -> Tensor:
        return self._values

    @property
    def dense_shape(self) -> tuple:
        return self._shape

    def __repr__(self) -> str:
        return (f"RowTensor(dense_shape={list(self._shape)}, indices={_tensor_text(self._indices)}, "
                f"values={_tensor_text(self._values)})")


class RowTensor(RowTensorInner):
    """Deprecated public alias of RowTensorInner (MindSpore logs a deprecation warning)."""


class SparseTensor:
    """Deprecated (since 1.7) predecessor of COOTensor: indices, values and a shape tuple, unchecked."""

    def __init__(self, indices: Any, values: Any, shape: Any) -> None:
        if not (isinstance(indices, torch.Tensor) and isinstance(values, torch.Tensor) and isinstance(shape, tuple)):
            raise TypeError("Inputs must follow: COOTensor(indices, values, shape).")
        self._indices, self._values, self._shape = wrap(indices.detach()), wrap(values), shape

    @property
    def indices(self) -> Tensor:
        return self._indices

    @property
    def values(self) -> Tensor:
        return self._values

    @property
    def shape(self) -> tuple:
        return self._shape


__all__ = ["COOTensor", "CSRTensor", "RowTensor", "RowTensorInner", "SparseTensor"]
