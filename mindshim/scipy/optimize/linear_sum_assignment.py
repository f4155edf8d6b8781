"""mindspore.scipy.optimize.linear_sum_assignment: the shortest augmenting path method (Crouse 2016, the one SciPy
and MindSpore's CPU kernel use, with the same tie-breaking), MindSpore's argument checks, and `dimension_limit`:
only the first `dimension_limit` columns take part and both index vectors are padded with -1 to min(M, N)."""
from __future__ import annotations

import sys
from typing import Any

import numpy as np
import torch

from mindshim.common.tensor import Tensor, wrap

_OP = "For primitive[LinearSumAssignment]"
_DTYPES = (torch.bool, torch.float16, torch.float32, torch.float64, torch.int8, torch.int16, torch.int32, torch.int64,
           torch.uint8, torch.uint16, torch.uint32, torch.uint64)


def _augment(cost: np.ndarray, row: int, u: np.ndarray, v: np.ndarray, row4col: np.ndarray,
             col4row: np.ndarray) -> None:
    """Assign `row` along the shortest augmenting path in the reduced costs; update the duals u, v."""
    n_cols = cost.shape[1]
    remaining = np.arange(n_cols)[::-1].copy()  # scanned in this order: it decides ties as SciPy does
    count = n_cols
    costs, path = np.full(n_cols, np.inf), np.full(n_cols, -1)
    seen_rows, seen_cols = np.zeros(cost.shape[0], bool), np.zeros(n_cols, bool)
    low, i, sink = 0.0, row, -1
    while sink == -1:
        seen_rows[i] = True
        cols = remaining[:count]
        reduced = low + cost[i, cols] - u[i] - v[cols]
        better = reduced < costs[cols]
        path[cols[better]], costs[cols[better]] = i, reduced[better]
        here = costs[cols]
        low = here.min()
        ties = np.flatnonzero(here == low)
        free = ties[row4col[cols[ties]] == -1]
        index = free[-1] if free.size else ties[0]
        if low == np.inf:
            raise RuntimeError("For 'LinearSumAssignment', the cost matrix is infeasible: sink can't be less than 0.")
        j = remaining[index]
        if row4col[j] == -1:
            sink = j
        else:
            i = row4col[j]
        seen_cols[j] = True
        count -= 1
        remaining[index] = remaining[count]
    u[row] += low
    others = seen_rows.copy()
    others[row] = False
    u[others] += low - costs[col4row[others]]
    v[seen_cols] -= low - costs[seen_cols]
    j = sink
    while True:
        i = path[j]
        row4col[j] = i
        col4row[i], j = j, col4row[i]
        if i == row:
            break


def _solve(cost: np.ndarray, maximize: bool) -> tuple[np.ndarray, np.ndarray]:
    flip = cost.shape[0] > cost.shape[1]
    cost = -cost.T if flip and maximize else cost.T if flip else -cost if maximize else cost
    if np.isnan(cost).any() or np.isneginf(cost).any():
        raise RuntimeError("For 'LinearSumAssignment', check value error: cost can't be nan or -inf.")
    n_rows, n_cols = cost.shape
    u, v = np.zeros(n_rows), np.zeros(n_cols)
    row4col, col4row = np.full(n_cols, -1), np.full(n_rows, -1)
    for row in range(n_rows):
        _augment(cost, row, u, v, row4col, col4row)
    if not flip:
        return np.arange(n_rows), col4row
    order = np.argsort(col4row, kind="stable")
    return col4row[order], order


def linear_sum_assignment(cost_matrix: Tensor, maximize: bool, dimension_limit: Any = None) -> tuple:
    """mindspore.scipy.optimize.linear_sum_assignment -> (row_idx, col_idx), int64, -1 padded."""
    if not isinstance(cost_matrix, Tensor):
        raise ValueError(f"{_OP}, the cost_matrix rank must be equal to 2, but got 0.")
    if cost_matrix.ndim != 2:
        raise ValueError(f"{_OP}, the cost_matrix rank must be equal to 2, but got {cost_matrix.ndim}.")
    if cost_matrix.as_subclass(torch.Tensor).dtype not in _DTYPES:
        raise TypeError(f"{_OP}, the input argument[cost_matrix] must be a type of a real or bool Tensor, "
                        f"but got {cost_matrix.dtype}.")
    if not isinstance(maximize, bool):
        raise TypeError(f"{_OP}, the input argument[maximize] must be a type of {{Bool}}, "
                        f"but got {type(maximize).__name__}.")
    limit = sys.maxsize
    if dimension_limit is not None:
        if not isinstance(dimension_limit, Tensor):
            raise TypeError(f"For Primitive[LinearSumAssignment], the type of input argument[dimension_limit] must "
                            f"be Tensor but got {type(dimension_limit).__name__}.")
        if dimension_limit.as_subclass(torch.Tensor).dtype != torch.int64:
            raise TypeError(f"{_OP}, the input argument[dimension_limit] must be a type of {{Tensor[Int64]}}, "
                            f"but got {dimension_limit.dtype}.")
        limit = int(dimension_limit.as_subclass(torch.Tensor).item())
    cost = cost_matrix.as_subclass(torch.Tensor).detach().cpu().to(torch.float64).numpy()
    n_out = min(cost.shape)
    if limit <= 0:
        raise RuntimeError("For 'LinearSumAssignment' input dimension_limit must be positive.")
    if limit != sys.maxsize:
        if limit > cost.shape[1]:
            raise RuntimeError(f"For 'LinearSumAssignment' input dimension_limit must <= the 2nd dimension's size "
                               f"of the cost_matrix, which is {cost.shape[1]}, but got {limit}.")
        cost = cost[:, :limit]
    rows, cols = (np.zeros(0, np.int64),) * 2 if cost.size == 0 else _solve(cost, maximize)
    pad = lambda a: np.concatenate([a.astype(np.int64), np.full(n_out - len(a), -1, np.int64)])
    return wrap(torch.from_numpy(pad(rows))), wrap(torch.from_numpy(pad(cols)))
