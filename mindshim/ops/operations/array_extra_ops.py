"""Extra array and linear-algebra primitives (r1.x `P.GatherNd()`, `P.ScatterNdUpdate()`, `P.Roll(shifts)`,
`P.Einsum(equation)`, `P.MatrixInverse()`, ...).

Mapping decisions:
- Scatter primitives with ref semantics (ScatterAdd, ScatterUpdate, ScatterNdUpdate, ScatterNdAdd,
  IndexAdd) update their first input (a Parameter) in place and return it.
- Attribute-style arguments move into the constructor: `Roll(shifts, dims)`, `Tril(diagonal)`,
  `Meshgrid(indexing)(inputs)` and `Einsum(equation)(operands)` take a tuple, `Unstack(axis)`,
  `ReverseV2(axis)`, `SearchSorted(dtype, right)`, `Cholesky(upper)`, `Cdist(p)`.
- `Cross(dim=-65530)`: MindSpore's sentinel for "first axis of size 3".
"""
from __future__ import annotations

from typing import Any

import torch

from mindshim.common import dtype as mstype
from mindshim.ops.function import indexing_func as I
from mindshim.ops.function import linalg_func as L
from mindshim.ops.function import shape_func as S
from mindshim.ops.operations._factory import primitive_of
from mindshim.ops.primitive import Primitive

_here = __name__


def _scatter_nd(indices: Any, updates: Any, shape: Any) -> Any:
    if not isinstance(shape, tuple):
        raise TypeError(f'Failed calling ScatterNd with "ScatterNd()(indices=Tensor, updates=Tensor, '
                        f'shape={type(shape).__name__})".')
    return I.scatter_nd(indices, updates, shape)


def _tensor_scatter_update(input_x: Any, indices: Any, updates: Any) -> Any:
    if isinstance(updates, torch.Tensor) and updates.dtype != input_x.dtype:
        raise TypeError("For primitive[TensorScatterUpdate], the input type must be same.")
    return I.tensor_scatter_update(input_x, indices, updates)


_SIMPLE = {
    "GatherNd": I.gather_nd, "ScatterNd": _scatter_nd, "TensorScatterUpdate": _tensor_scatter_update,
    "TensorScatterAdd": I.tensor_scatter_add, "Diag": S.diag, "MatrixDeterminant": L.det, "Trace": L.trace,
}
for _name, _fn in _SIMPLE.items():
    globals()[_name] = primitive_of(_name, _fn, _here)


def _ref_update(target: Any, out: torch.Tensor) -> Any:
    with torch.no_grad():
        target.copy_(out)
    return target


class _RefScatter(Primitive):
    def __init__(self, use_locking: bool = False) -> None:
        super().__init__()
        self.use_locking = use_locking


def _as_var(input_x: Any, updates: Any) -> Any:
    """MindSpore converts the updates of a ref scatter to the variable's dtype."""
    if isinstance(updates, torch.Tensor) and updates.dtype != input_x.dtype:
        return updates.to(input_x.dtype)
    return updates


class ScatterAdd(_RefScatter):
    def __call__(self, input_x: Any, indices: Any, updates: Any) -> Any:
        updates = _as_var(input_x, updates)
        idx = I.checked_scatter("ScatterAdd", input_x, indices, updates, nd=False)
        return _ref_update(input_x, input_x.detach().index_put((idx,), updates, accumulate=True))


class ScatterUpdate(_RefScatter):
    def __init__(self, use_locking: bool = True) -> None:
        super().__init__(use_locking)

    def __call__(self, input_x: Any, indices: Any, updates: Any) -> Any:
        updates = _as_var(input_x, updates)
        idx = I.checked_scatter("ScatterUpdate", input_x, indices, updates, nd=False)
        return _ref_update(input_x, input_x.detach().index_put((idx,), updates))


class ScatterNdUpdate(ScatterUpdate):
    def __call__(self, input_x: Any, indices: Any, updates: Any) -> Any:
        I.checked_scatter("ScatterNdUpdate", input_x, indices, updates, oob=ValueError)
        return _ref_update(input_x, I.tensor_scatter_update(input_x.detach(), indices, updates))


class ScatterNdAdd(_RefScatter):
    def __call__(self, input_x: Any, indices: Any, updates: Any) -> Any:
        I.checked_scatter("ScatterNdAdd", input_x, indices, updates)
        return _ref_update(input_x, I.tensor_scatter_add(input_x.detach(), indices, updates))


class IndexAdd(Primitive):
    def __init__(self, axis: int, use_lock: bool = True, check_index_bound: bool = True) -> None:
        super().__init__()
        self.axis = axis

    def __call__(self, input_x: Any, indices: Any, input_y: Any) -> Any:
        return I.index_add(input_x, indices, input_y, self.axis)


class UnsortedSegmentSum(Primitive):
    def __call__(self, input_x: Any, segment_ids: Any, num_segments: Any) -> Any:
        op = "UnsortedSegmentSum"
        if segment_ids.dtype not in (torch.int16, torch.int32, torch.int64):
            raise TypeError(f"For primitive[{op}], the input argument[segment_ids type] must be a type of "
                            f"{{Tensor[Int16], Tensor[Int32], Tensor[Int64]}}, but got {segment_ids.dtype}.")
        if input_x.dtype == torch.bool:
            raise TypeError(f"For primitive[{op}], the input argument[x] must be a number Tensor, but got Bool.")
        if tuple(segment_ids.shape) != tuple(input_x.shape[:segment_ids.dim()]):
            raise ValueError(f"For '{op}', the whose shape of 'segment_ids' must equal to the shape of 'input_x', "
                             f"but got {tuple(segment_ids.shape)} and {tuple(input_x.shape)}.")
        n = int(num_segments)
        ids = segment_ids.long()
        out = input_x.new_zeros((n,) + tuple(input_x.shape[ids.dim():]))
        keep = (ids >= 0) & (ids < n)  # out-of-range ids are dropped
        return out.index_put((ids[keep],), input_x[keep], accumulate=True)


class Roll(Primitive):
    def __init__(self, shifts: Any, dims: Any = None) -> None:
        super().__init__()
        self.shifts, self.dims = shifts, dims

    def __call__(self, input: Any) -> Any:
        return S.roll(input, self.shifts, self.dims)


class Tril(Primitive):
    def __init__(self, diagonal: int = 0) -> None:
        super().__init__()
        self.diagonal = diagonal

    def __call__(self, input: Any) -> Any:
        return torch.tril(input, self.diagonal)


class Triu(Tril):
    def __call__(self, input: Any) -> Any:
        return torch.triu(input, self.diagonal)


class Meshgrid(Primitive):
    def __init__(self, indexing: str = "xy") -> None:
        super().__init__()
        self.indexing = indexing

    def __call__(self, inputs: Any) -> Any:
        return S.meshgrid(*inputs, indexing=self.indexing)


class Einsum(Primitive):
    def __init__(self, equation: str) -> None:
        super().__init__()
        self.equation = equation.replace(" ", "")

    def __call__(self, operands: Any) -> Any:
        return S.einsum(self.equation, *operands)


class Unstack(Primitive):
    def __init__(self, axis: int = 0, num: int | None = None) -> None:
        super().__init__()
        self.axis, self.num = axis, num

    def __call__(self, input_x: Any) -> Any:
        return S.unstack(input_x, self.axis)


class Unpack(Unstack):
    """Deprecated spelling of Unstack (MindSpore keeps its own name and records no attrs)."""


class Slice(Primitive):
    def __call__(self, input: Any, begin: Any, size: Any) -> Any:
        begin, size = ([int(v) for v in (a.tolist() if isinstance(a, torch.Tensor) else a)] for a in (begin, size))
        for i, (b, s) in enumerate(zip(begin, size)):
            n = input.shape[i]
            if b < 0 or b > n or s < -1:
                raise ValueError("For Slice, the begin is invalid.")
            if s != -1 and b + s > n:
                raise ValueError(f"For Slice, the sum of begin_shape[{i}] and size_shape[{i}] must be no greater than "
                                 f"input_x_shape[{i}].")
        index = tuple(slice(b, None if s == -1 else b + s) for b, s in zip(begin, size))
        return input[index]


class ReverseV2(Primitive):
    def __init__(self, axis: Any) -> None:
        super().__init__()
        self.axis = tuple(axis)

    def __call__(self, input: Any) -> Any:
        return torch.flip(input, self.axis)


class SearchSorted(Primitive):
    def __init__(self, dtype: Any = mstype.int64, right: bool = False) -> None:
        super().__init__()
        self.dtype, self.right = dtype, right

    def __call__(self, sorted_sequence: Any, values: Any, sorter: Any = None) -> Any:
        out = I.searchsorted(sorted_sequence, values, right=self.right, sorter=sorter)
        return out.to(mstype.to_torch(self.dtype))


class UniqueConsecutive(Primitive):
    """Always returns (output, inverse, counts), like the MindSpore primitive."""

    def __init__(self, return_inverse: bool = False, return_counts: bool = False, dim: int | None = None) -> None:
        super().__init__()
        self.return_inverse, self.return_counts, self.dim = return_inverse, return_counts, dim

    def __call__(self, input: Any) -> Any:
        out, inv, counts = torch.unique_consecutive(input, return_inverse=True, return_counts=True, dim=self.dim)
        return out, inv, counts


class MatrixInverse(Primitive):
    def __init__(self, adjoint: bool = False) -> None:
        super().__init__()
        self.adjoint = adjoint

    def __call__(self, x: Any) -> Any:
        out = L.inverse(x)
        return torch.transpose(out, -1, -2).conj() if self.adjoint else out


class Cholesky(Primitive):
    def __init__(self, upper: bool = False) -> None:
        super().__init__()
        self.upper = upper

    def __call__(self, input_x: Any) -> Any:
        return L.cholesky(input_x, self.upper)


class Cross(Primitive):
    def __init__(self, dim: int = -65530) -> None:
        super().__init__()
        self.dim = dim

    def __call__(self, input: Any, other: Any) -> Any:
        return L.cross(input, other, None if self.dim == -65530 else self.dim)


class Cdist(Primitive):
    def __init__(self, p: float = 2.0) -> None:
        super().__init__()
        self.p = p

    def __call__(self, x1: Any, x2: Any) -> Any:
        return L.cdist(x1, x2, self.p)


__all__ = sorted(list(_SIMPLE) + ["ScatterAdd", "ScatterUpdate", "ScatterNdUpdate", "ScatterNdAdd", "IndexAdd",
                                  "UnsortedSegmentSum", "Roll", "Tril", "Triu", "Meshgrid", "Einsum", "Unstack",
                                  "Unpack", "Slice", "ReverseV2", "SearchSorted", "UniqueConsecutive",
                                  "MatrixInverse", "Cholesky", "Cross", "Cdist"])

from mindshim.ops.operations._factory import finish as _finish  # noqa: E402

_finish(globals())
