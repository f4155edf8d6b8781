"""Parity cases for ops.vmap over primitives torch.func.vmap cannot batch (host-side index checks, segment ids,
sorting): mindshim falls back to one call per batch element (mindshim/ops/composite/vmap.py)."""
import numpy as np

from mindspore import Tensor, ops
from mindspore.ops import operations as P

_X = np.arange(24).reshape(2, 3, 4).astype(np.float32)


def _v(out):
    out = out if isinstance(out, (tuple, list)) else (out,)
    return [{"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()} for t in out]


def _scatter_max(a, i, u):
    return ops.tensor_scatter_max(a, i, u)


def _gather_rows(a, i):
    return ops.gather(a, i, 0)


def _gather_d(a):
    return ops.gather_d(a, 1, Tensor(np.array([[0, 1], [1, 0], [3, 3]], np.int64)))


def _segment_sum(a):
    return ops.unsorted_segment_sum(a, Tensor(np.array([0, 1, 0], np.int32)), 2)


def _arg_max_with_value(a):
    return P.ArgMaxWithValue(axis=1)(a)


def _topk(a):
    return ops.topk(a, 2)


def case_index_ops():
    x = Tensor(_X)
    idx = Tensor(np.array([[[0], [2]], [[1], [1]]], np.int32))
    upd = Tensor(np.ones((2, 2, 4), np.float32))
    return {
        "tensor_scatter_max": _v(ops.vmap(_scatter_max)(x, idx, upd)),
        "gather": _v(ops.vmap(_gather_rows, in_axes=(0, None))(x, Tensor(np.array([2, 0], np.int32)))),
        "gather_d": _v(ops.vmap(_gather_d)(x)),
        "unsorted_segment_sum": _v(ops.vmap(_segment_sum)(x)),
    }


def case_reductions_and_axes():
    x = Tensor(_X)
    return {
        "arg_max_with_value": _v(ops.vmap(_arg_max_with_value)(x)),
        "topk": _v(ops.vmap(_topk)(x)),
    }
