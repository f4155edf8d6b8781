"""Parity cases for mindspore.Tensor indexing methods: gather/take/select (MindSpore and torch overloads),
masked and index_* updates, scatter_* (MindSpore's tensor_scatter meaning and torch's dim form), choose,
nonzero/argwhere, unique*, unsorted_segment_*, fill*, new_*."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from parity_ops_common import outcome

COMPILED_PASS = False
TOLERANCES = {}


def _x():
    return Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))


def _run(table):
    return {k: outcome(f) for k, f in table.items()}


def _i32(v):
    return Tensor(np.array(v, np.int32))


def _i64(v):
    return Tensor(np.array(v, np.int64))


def case_gather_family():
    return _run({
        "gather_ms": lambda: _x().gather(_i32([2, 0]), 0), "gather_ms_axis1": lambda: _x().gather(_i32([[1, 3]]), 1),
        "gather_ms_batch": lambda: _x().gather(_i32([[1, 0], [2, 2], [3, 0]]), 1, 1),
        "gather_ms_kw": lambda: _x().gather(input_indices=_i32([1]), axis=1),
        "gather_torch": lambda: _x().gather(1, _i64([[1, 0], [2, 2], [3, 0]])),
        "gather_torch_kw": lambda: _x().gather(dim=0, index=_i32([[2, 1, 0, 0]])),
        "gather_ms_oob": lambda: _x().gather(_i32([5]), 0),
        "gather_torch_oob": lambda: _x().gather(1, _i64([[7]])),
        "gather_nd": lambda: _x().gather_nd(_i32([[0, 1], [2, 3]])),
        "gather_nd_row": lambda: _x().gather_nd(_i64([[1]])),
        "gather_nd_list": lambda: _x().gather_nd([[0, 1]]),
        "gather_elements": lambda: _x().gather_elements(1, _i32([[0, 0], [3, 1], [2, 2]])),
        "gather_elements_bad": lambda: _x().gather_elements(1, [[0]]),
        "index_select": lambda: _x().index_select(1, _i32([3, 0])),
        "index_select_kw": lambda: _x().index_select(axis=0, index=_i64([2])),
        "index_select_dim": lambda: _x().index_select(dim=1, index=_i32([1])),
        "take_flat": lambda: _x().take(_i32([0, 5, 11])), "take_axis": lambda: _x().take(_i32([1, 0]), axis=1),
        "take_clip": lambda: _x().take(_i32([20, -3])), "take_wrap": lambda: _x().take(_i32([13, -1]), mode="wrap"),
        "take_raise": lambda: _x().take(_i32([1]), mode="raise"), "take_index": lambda: _x().take(_i64([[1, 2]])),
        "take_bad_mode": lambda: _x().take(_i32([1]), mode="nope"),
    })


def case_select_where_choose():
    cond = Tensor(np.array([[True, False, True, False]] * 3))
    return _run({
        "select_ms": lambda: _x().select(cond, Tensor(np.full((3, 4), -1, np.float32))),
        "select_ms_scalar": lambda: _x().select(cond, 7.0), "select_torch": lambda: _x().select(1, 2),
        "select_torch_neg": lambda: _x().select(0, -1),
        "where": lambda: _x().where(cond, Tensor(np.zeros((3, 4), np.float32))),
        "where_scalar": lambda: _x().where(cond, 1.5),
        "choose": lambda: _i32([2, 3, 1, 0]).choose([[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23],
                                                    [30, 31, 32, 33]]),
        "choose_tensor": lambda: _i32([[1, 0]]).choose(Tensor(np.array([[1.5, 2.5], [3.5, 4.5]], np.float32))),
        "choose_wrap": lambda: _i64([4, -1]).choose([[0, 1], [10, 11]], mode="wrap"),
        "choose_clip": lambda: _i64([4, -1]).choose([[0, 1], [10, 11]]),
        "choose_raise": lambda: _i64([1, 0]).choose([[0, 1], [10, 11]], mode="raise"),
        "choose_scalar": lambda: Tensor(1).choose([[0, 1], [10, 11]]),
        "nonzero": lambda: _x().nonzero(),
        "nonzero_bool": lambda: cond.nonzero(), "argwhere": lambda: _x().argwhere(),
        "argwhere_1d": lambda: _i32([0, 3, 0, 1]).argwhere(),
    })


def case_masked():
    mask = Tensor(np.array([[True, False, False, True]] * 3))
    src = Tensor(np.arange(100, 112, dtype=np.float32))
    return _run({
        "masked_fill": lambda: _x().masked_fill(mask, -1.0),
        "masked_fill_tensor": lambda: _x().masked_fill(mask, Tensor(9.0)),
        "masked_fill_int": lambda: _i32([1, 2, 3]).masked_fill(Tensor([True, False, True]), 0),
        "masked_select": lambda: _x().masked_select(mask),
        "masked_select_bcast": lambda: _x().masked_select(Tensor([True, False, False, True])),
        "masked_scatter": lambda: _x().masked_scatter(mask, src),
    })


def case_index_updates():
    src = Tensor(np.ones((3, 2), np.float32))
    return _run({
        "index_add_ms": lambda: _x().index_add(_i32([0, 2]), src, 1),
        "index_add_mutates": lambda: (lambda y: (y.index_add(_i32([1]), Tensor(np.ones((1, 4), np.float32)), 0),
                                                 y)[1])(_x()),
        "index_add_alpha": lambda: _x().index_add(1, _i32([1, 3]), src, alpha=2),
        "index_fill": lambda: _x().index_fill(1, _i32([0, 2]), -2.0),
        "index_fill_tensor": lambda: _x().index_fill(0, _i32([1]), Tensor(3.0)),
        "index_put": lambda: _x().index_put((_i32([0, 2]), _i32([1, 3])), Tensor(np.array([7.0, 8.0], np.float32))),
        "index_put_acc": lambda: _x().index_put((_i64([0, 0]), _i64([1, 1])), Tensor(np.array([7.0, 8.0], np.float32)),
                                                True),
        "index_put_bad_acc": lambda: _x().index_put((_i64([0]),), Tensor(np.array([1.0], np.float32)), 1),
        "inplace_update": lambda: _x().inplace_update(Tensor(np.full((2, 4), 9.0, np.float32)), _i32([0, 2])),
        "inplace_update_int": lambda: _x().inplace_update(Tensor(np.full((1, 4), 9.0, np.float32)), 1),
        "select_scatter": lambda: _x().select_scatter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), 1, 0),
        "slice_scatter": lambda: _x().slice_scatter(Tensor(np.zeros((3, 2), np.float32)), 1, 0, 4, 2),
        "slice_scatter_default": lambda: _x().slice_scatter(Tensor(np.zeros((3, 4), np.float32))),
        "diagonal_scatter": lambda: _x().diagonal_scatter(Tensor(np.array([-1.0, -2.0, -3.0], np.float32))),
        "diagonal_scatter_off": lambda: _x().diagonal_scatter(Tensor(np.array([-1.0, -2.0, -3.0], np.float32)), 1),
    })


# MindSpore 2.10's CPU backend runs the torch-style index_add through IndexAdd, which only takes Int32 indices
# (TypeError for Int64); see the ledger.
def case_index_add_torch_int64():
    return _x().index_add(1, _i64([0, 2]), Tensor(np.ones((3, 2), np.float32))).asnumpy()


def case_scatter_ms_style():
    idx = _i32([[0, 1], [2, 3], [0, 1]])
    upd = Tensor(np.array([2.0, 3.0, 4.0], np.float32))
    return _run({
        "scatter_add_ms": lambda: _x().scatter_add(idx, upd), "scatter_sub": lambda: _x().scatter_sub(idx, upd),
        "scatter_mul": lambda: _x().scatter_mul(idx, upd), "scatter_div": lambda: _x().scatter_div(idx, upd),
        "scatter_max": lambda: _x().scatter_max(idx, upd), "scatter_min": lambda: _x().scatter_min(idx, upd),
        "scatter_add_row": lambda: _x().scatter_add(_i32([[1]]), Tensor(np.ones((1, 4), np.float32))),
        "scatter_max_i": lambda: _i32([[1, 5], [3, 2]]).scatter_max(_i32([[0, 0], [1, 1]]), _i32([4, 0])),
        "scatter_sub_oob": lambda: _x().scatter_sub(_i32([[5, 0]]), Tensor(np.ones(1, np.float32))),
    })


def case_scatter_torch_style():
    idx = _i64([[0, 1], [2, 3], [1, 0]])
    src = Tensor(np.array([[10.0, 20.0], [30.0, 40.0], [50.0, 60.0]], np.float32))
    return _run({
        "scatter": lambda: _x().scatter(1, idx, src), "scatter_kw": lambda: _x().scatter(axis=1, index=idx, src=src),
        "scatter_value": lambda: _x().scatter(1, idx, 0.5),
        "scatter_oob": lambda: _x().scatter(1, _i64([[9]]), src),
    })


def case_unique_segment():
    v = Tensor(np.array([3, 1, 3, 2, 1, 1], np.int32))
    segs = _i32([0, 2, 0, 1])
    d = Tensor(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 0.0], [-1.0, 6.0]], np.float32))
    return _run({
        "unique_consecutive": lambda: v.unique_consecutive(),
        "unique_consecutive_all": lambda: Tensor(np.array([1, 1, 2, 2, 3, 1], np.int64)).unique_consecutive(True, True),
        "unique_consecutive_counts": lambda: v.unique_consecutive(return_counts=True),
        "unique_consecutive_dim": lambda: d.unique_consecutive(return_inverse=True, dim=0),
        "unique_with_pad": lambda: v.unique_with_pad(-1),
        "seg_max": lambda: d.unsorted_segment_max(segs, 3), "seg_min": lambda: d.unsorted_segment_min(segs, 4),
        "seg_prod": lambda: d.unsorted_segment_prod(segs, 3),
        "seg_max_i": lambda: _i32([4, 1, 7]).unsorted_segment_max(_i32([1, 1, 0]), 2),
        "reverse_sequence": lambda: _x().reverse_sequence(_i32([1, 2, 3]), seq_dim=1),
        "reverse_sequence_b": lambda: _x().reverse_sequence(_i64([2, 3, 1, 1]), 0, 1),
    })


# Tensor.unique dispatches to Unique2, which MindSpore 2.10's CPU backend does not register; see the ledger.
def case_unique_cpu_gap():
    v = Tensor(np.array([3, 1, 3, 2], np.int32))
    out, inverse, counts = v.unique(return_inverse=True, return_counts=True)
    return {"out": out.asnumpy(), "inverse": inverse.asnumpy(), "counts": counts.asnumpy(),
            "plain": v.unique().asnumpy()}


def case_fill_new():
    i = _i32([[1, 2], [3, 4]])
    return _run({
        "fill": lambda: _x().fill(2), "fill_float_on_int": lambda: i.fill(2.7),
        "fill_tensor": lambda: i.fill(Tensor(5)),
        "fill_bool": lambda: i.fill(True), "fill_none": lambda: _x().fill(None),
        "fill_diagonal": lambda: _x().fill_diagonal(9.0),
        "fill_diagonal_wrap": lambda: Tensor(np.zeros((7, 3), np.float32)).fill_diagonal(2.0, True),
        "fill_diagonal_nowrap": lambda: Tensor(np.zeros((7, 3), np.float32)).fill_diagonal(2.0),
        "new_zeros": lambda: i.new_zeros((2, 3)), "new_ones": lambda: i.new_ones((1, 2), dtype=ms.float16),
        "new_empty_shape": lambda: list(x.new_empty((2, 5)).shape),
        "new_empty_dtype": lambda: str(x.new_empty((1,), dtype=ms.int32).dtype),
        "new_zeros_args": lambda: i.new_zeros(3),
    })


# In-place and torch-style ops that MindSpore 2.10's CPU backend cannot run (kernels unregistered, put_ has no
# CPU branch, new_full is Ascend-only); see the ledger: mindshim computes what they document.
def case_inplace_cpu_gap():
    idx = _i64([[0, 1], [2, 3], [1, 0]])
    src = Tensor(np.array([[10.0, 20.0], [30.0, 40.0], [50.0, 60.0]], np.float32))
    mask = Tensor(np.array([[True, False, False, True]] * 3))
    ops = {
        "index_add_": lambda y: y.index_add_(0, _i32([1]), Tensor(np.ones((1, 4), np.float32)), alpha=2),
        "index_copy_": lambda y: y.index_copy_(1, _i64([3, 0]), src),
        "index_fill_": lambda y: y.index_fill_(0, _i64([2]), 8.0),
        "put_": lambda y: y.put_(_i64([1, 11]), Tensor(np.array([-1.0, -2.0], np.float32))),
        "put_acc": lambda y: y.put_(_i64([0, 0]), Tensor(np.array([1.0, 2.0], np.float32)), True),
        "masked_fill_": lambda y: y.masked_fill_(mask, 5.0),
        "masked_scatter_": lambda y: y.masked_scatter_(mask, Tensor(np.arange(100, 112, dtype=np.float32))),
        "scatter_": lambda y: y.scatter_(1, idx, src), "scatter_value_": lambda y: y.scatter_(0, _i64([[2, 0]]), -1.0),
        "scatter_add_": lambda y: y.scatter_add_(1, idx, src), "zero_": lambda y: y.zero_(),
        "index_put_": lambda y: y.index_put_((_i64([0, 2]), _i64([1, 1])), Tensor(np.array([5.0, 6.0], np.float32))),
        "index_put_acc": lambda y: y.index_put_((_i32([0, 0]), _i32([1, 1])), Tensor(np.array([5.0, 6.0], np.float32)),
                                                True),
    }
    out = {}
    for name, op in ops.items():
        y = _x()
        ret = op(y)
        out[name] = [y.asnumpy().copy(), ret is y]
    out["scatter_add_torch"] = _x().scatter_add(1, idx, src).asnumpy()
    out["nonzero_tuple"] = [t.asnumpy() for t in _x().nonzero(as_tuple=True)]
    out["index"] = _x().index([_i64([0, 2])]).asnumpy()
    out["index_pair"] = _x().index((_i64([0, 2]), _i32([1, 3]))).asnumpy()
    out["index_none"] = _x().index([None, _i64([3])]).asnumpy()
    out["new_full"] = _x().new_full((2,), 3).asnumpy()
    out["new_full_dtype"] = str(_x().new_full((2, 2), 1, dtype=ms.int8).dtype)
    return out


# fills / fill_ / fill_diagonal_ dispatch to kernels MindSpore 2.10's CPU backend does not register; see the ledger.
def case_fills_cpu_gap():
    return _x().fills(2.5).asnumpy()


def case_fill__cpu_gap():
    y = _x()
    y.fill_(3)
    return y.asnumpy()


def case_fill_diagonal__cpu_gap():
    y = _x()
    y.fill_diagonal_(-1.0)
    return y.asnumpy()


def case_dtype_sweep():
    out = {}
    base = np.array([[0, 1, 2], [3, 4, 5]])
    for dt in (np.float16, np.float64, np.int8, np.int64, np.uint8, np.bool_):
        x = Tensor(base.astype(dt))
        upd = Tensor(np.array([1, 1]).astype(dt))
        out[np.dtype(dt).name] = _run({
            "gather_ms": lambda: x.gather(_i32([1, 0]), 0), "gather_torch": lambda: x.gather(1, _i64([[2], [0]])),
            "take": lambda: x.take(_i32([5, 0])), "index_select": lambda: x.index_select(1, _i32([2])),
            "masked_fill": lambda: x.masked_fill(Tensor([True, False, True]), 1),
            "masked_select": lambda: x.masked_select(Tensor([[True, False, True], [False, False, True]])),
            "gather_nd": lambda: x.gather_nd(_i32([[1, 2]])), "nonzero": lambda: x.nonzero(),
            "scatter_max": lambda: x.scatter_max(_i32([[0, 0], [1, 2]]), upd),
            "scatter_mul": lambda: x.scatter_mul(_i32([[0, 1], [1, 1]]), upd),
            "seg_max": lambda: x.unsorted_segment_max(_i32([1, 0]), 2),
            "fill": lambda: x.fill(1), "select_ms": lambda: x.select(Tensor([True, False, True]), x.flip((0,))),
            "choose": lambda: _i32([1, 0, 1]).choose(x),
        })
    return out
