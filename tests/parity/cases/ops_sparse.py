"""Parity cases for the sparse family of mindspore.ops: value-wise coo_*/csr_* math, COO/CSR/dense conversions,
coalesce/coo_add/coo_concat, CSR arithmetic, make_*/get_* helpers, Sparse* primitives, sparse_segment_mean
and the SparseApply* optimizer primitives (in-place Parameter updates)."""
import numpy as np

import mindspore as ms
from mindspore import COOTensor, CSRTensor, Parameter, Tensor, ops
from mindspore.ops import operations as P
from parity_ops_common import error_name as _err  # registered by the parity loader

TOLERANCES = {
    "coo_unary": {"rtol": 1e-4, "atol": 1e-5, "why": "transcendental kernels differ in the last ulps"},
    "csr_unary": {"rtol": 1e-4, "atol": 1e-5, "why": "transcendental kernels differ in the last ulps"},
    "sparse_apply_adagrad": {"rtol": 1e-5, "atol": 1e-6, "why": "sqrt/division order"},
    "sparse_apply_ftrl": {"rtol": 1e-4, "atol": 1e-6, "why": "pow of the accumulators"},
    "sparse_apply_rmsprop": {"rtol": 1e-5, "atol": 1e-6, "why": "sqrt/division order"},
}

_UNARY = ("abs", "acos", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp", "expm1", "floor", "inv",
          "isfinite", "isinf", "isnan", "log", "log1p", "neg", "relu", "relu6", "round", "sigmoid", "sin", "sinh",
          "softsign", "sqrt", "square", "tan", "tanh")


def _t(a, dt):
    return Tensor(np.array(a, dtype=dt))


def _d(t):
    if isinstance(t, (COOTensor, CSRTensor)):
        return {"type": type(t).__name__, "parts": [_d(p) for p in t.to_tuple()]}
    if isinstance(t, (tuple, list)):
        return [_d(i) for i in t]
    if isinstance(t, Tensor):
        return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}
    return t


def _coo(vals, dt=np.float32, idx_dt=np.int32):
    return COOTensor(_t([[0, 1], [1, 2], [2, 0]], idx_dt), _t(vals, dt), (3, 4))


def _csr(vals, dt=np.float32, idx_dt=np.int32):
    return CSRTensor(_t([0, 1, 3], idx_dt), _t([2, 0, 3], idx_dt), _t(vals, dt), (2, 4))


def _unary(kind, make):
    out = {}
    for op in _UNARY:
        out[op] = _d(getattr(ops, f"{kind}_{op}")(make([0.3, -0.6, 0.8])).values)
    out["acosh"] = _d(getattr(ops, f"{kind}_acosh")(make([1.5, 2.0, 3.0])).values)
    out["special"] = [_d(getattr(ops, f"{kind}_{op}")(make([np.inf, np.nan, -1.0])).values)
                      for op in ("isfinite", "isinf", "isnan", "relu6")]
    out["f64"] = _d(getattr(ops, f"{kind}_exp")(make([0.3, -0.6, 0.8], np.float64)).values)
    out["f16"] = _d(getattr(ops, f"{kind}_sin")(make([0.3, -0.6, 0.8], np.float16)).values)
    out["int"] = [_d(getattr(ops, f"{kind}_{op}")(make([3, -6, 8], np.int32)).values)
                  for op in ("abs", "neg", "square")]
    res = getattr(ops, f"{kind}_cos")(make([0.3, -0.6, 0.8]))
    out["kept"] = [_d(res.indices), list(res.shape), type(res).__name__]
    return out


def case_coo_unary():
    return _unary("coo", _coo)


def case_csr_unary():
    return _unary("csr", _csr)


def case_unary_errors():
    return {"coo_dense": _err(lambda: ops.coo_sin(_t([1.0], np.float32))),
            "csr_coo": _err(lambda: ops.csr_exp(_coo([1.0, 2.0, 3.0])).values),
            "coo_csr": _err(lambda: ops.coo_abs(_csr([1.0, 2.0, 3.0])).values)}


def case_coalesce():
    idx, val = _t([[2, 0, 2, 1], [1, 3, 1, 0]], np.int64), _t([1.0, 2.0, 3.0, 4.0], np.float32)
    shp = _t([3, 4], np.int64)
    return {"fn": _d(ops.coalesce(idx, val, shp)), "prim": _d(P.Coalesce()(idx, val.astype(ms.float64), shp)),
            "f16": _d(ops.coalesce(idx, val.astype(ms.float16), shp)),
            "int32_indices": _err(lambda: ops.coalesce(idx.astype(ms.int32), val, shp)),
            "int_values": _err(lambda: ops.coalesce(idx, val.astype(ms.int32), shp)),
            "oob": _err(lambda: ops.coalesce(_t([[5], [0]], np.int64), _t([1.0], np.float32), shp))}


def case_coo_add():
    a = COOTensor(_t([[0, 1], [1, 2]], np.int64), _t([1.0, 2.0], np.float32), (3, 4))
    b = COOTensor(_t([[0, 1], [2, 3]], np.int64), _t([-1.0, 5.0], np.float32), (3, 4))
    ai = COOTensor(_t([[0, 1]], np.int64), _t([1], np.int32), (3, 4))
    unsorted = COOTensor(_t([[2, 1], [0, 1]], np.int64), _t([1.0, 2.0], np.float32), (3, 4))
    return {"zero": _d(ops.coo_add(a, b, Tensor(0.0, ms.float32))),
            "thresh": _d(ops.coo_add(a, b, Tensor(1.5, ms.float32))),
            "int": _d(ops.coo_add(ai, ai, Tensor(0, ms.int32))),
            "unsorted": _d(ops.coo_add(unsorted, COOTensor(_t([[1, 1]], np.int64), _t([2.0], np.float32), (3, 4)),
                                       Tensor(0.0, ms.float32))),
            "int32_indices": _err(lambda: ops.coo_add(_coo([1.0, 2.0, 3.0]), _coo([1.0, 2.0, 3.0]),
                                                      Tensor(0.0, ms.float32)).values)}


def case_coo_concat():
    a = COOTensor(_t([[0, 1], [1, 2]], np.int64), _t([1.0, 2.0], np.float32), (3, 4))
    b = COOTensor(_t([[0, 1], [2, 3]], np.int64), _t([-1.0, 5.0], np.float32), (3, 4))
    tup = ((_t([[2, 1], [0, 0]], np.int64), _t([1.0, 2.0], np.float32), (3, 4)),
           (_t([[1, 1]], np.int64), _t([7.0], np.float32), (3, 4)))
    return {"dim0": _d(ops.coo_concat((a, b))), "dim1": _d(ops.coo_concat((a, b), 1)),
            "three": _d(ops.coo_concat((a, b, a), 1)), "tuples": _d(ops.coo_concat(tup, 0)),
            "one": _err(lambda: ops.coo_concat((a,)).values),
            "int32": _err(lambda: ops.coo_concat((_coo([1.0, 2.0, 3.0]), _coo([1.0, 2.0, 3.0]))).values)}


def case_dense_to_sparse():
    x = _t([[0, 1.5, 0], [2, 0, -3]], np.float32)
    return {"coo": _d(ops.dense_to_sparse_coo(x)), "coo_int": _d(ops.dense_to_sparse_coo(x.astype(ms.int32))),
            "coo_bool": _d(ops.dense_to_sparse_coo(x != 0)), "csr": _d(ops.dense_to_sparse_csr(x)),
            "csr_f64": _d(ops.dense_to_sparse_csr(x.astype(ms.float64))),
            "csr_int": _err(lambda: ops.dense_to_sparse_csr(x.astype(ms.int32)).values),
            "coo_3d": _err(lambda: ops.dense_to_sparse_coo(x.reshape(1, 2, 3)).values),
            "csr_3d": _err(lambda: ops.dense_to_sparse_csr(x.reshape(1, 2, 3)).values)}


def case_csr_conversions():
    c, c64 = _csr([1.0, -2.0, 3.0]), _csr([1.0, -2.0, 3.0], np.float64, np.int64)
    return {"to_coo": _d(ops.csr_to_coo(c)), "to_coo_i64": _d(ops.csr_to_coo(c64)), "to_dense": _d(ops.csr_to_dense(c)),
            "to_dense_i64": _d(ops.csr_to_dense(c64)),
            "dense_int": _err(lambda: ops.csr_to_dense(_csr([1, 2, 3], np.int32))),
            "to_coo_dense": _err(lambda: ops.csr_to_coo(_t([1.0], np.float32)).values)}


def case_csr_add_softmax():
    c = _csr([1.0, -2.0, 3.0])
    other = CSRTensor(_t([0, 2, 2], np.int32), _t([0, 2], np.int32), _t([5.0, 6.0], np.float32), (2, 4))
    return {"add": _d(ops.csr_add(c, other, Tensor(2.0), Tensor(-1.0))),
            "add_i64": _d(ops.csr_add(_csr([1.0, -2.0, 3.0], idx_dt=np.int64),
                                      CSRTensor(_t([0, 2, 2], np.int64), _t([0, 2], np.int64),
                                                _t([5.0, 6.0], np.float32), (2, 4)), Tensor(1.0), Tensor(1.0))),
            "softmax_f64": _d(ops.csr_softmax(_csr([1.0, 2.0, 3.0], np.float64), ms.float64)),
            "softmax_i64": _d(ops.csr_softmax(_csr([1.0, 2.0, 3.0], idx_dt=np.int64), ms.float32)),
            "add_dense": _err(lambda: ops.csr_add(c, _t(np.ones((2, 4)), np.float32), Tensor(1.0), Tensor(1.0)).values),
            "scalar_mul": _d(ops.csr_mul(c, Tensor(2.0))), "scalar_div": _d(ops.csr_div(c, 4.0))}


def case_accessors():
    coo, csr = _coo([1.0, 2.0, 3.0]), _csr([1.0, -2.0, 3.0])
    return {"coo": [_d(ops.coo_tensor_get_indices(coo)), _d(ops.coo_tensor_get_values(coo)),
                    list(ops.coo_tensor_get_dense_shape(coo))],
            "csr": [_d(ops.csr_tensor_get_indptr(csr)), _d(ops.csr_tensor_get_indices(csr)),
                    _d(ops.csr_tensor_get_values(csr)), list(ops.csr_tensor_get_dense_shape(csr))]}


@ms.jit
def _make_all(i2, v, ip, ix, v3, ri, rv):
    coo = ops.make_coo_tensor(i2, v, (2, 4))
    sp = ops.make_sparse_tensor(i2, v * 2, (2, 4))
    csr = ops.make_csr_tensor(ip, ix, v3, (2, 4))
    row = ops.make_row_tensor_inner(ri, rv, (3, 2))
    row2 = ops.make_row_tensor(ri, rv + 1, (3, 2))
    return (coo.indices, coo.values, sp.values, csr.indptr, csr.values, ops.row_tensor_get_indices(row),
            ops.row_tensor_get_values(row), ops.row_tensor_get_values(row2))


def case_make_tensors():
    out = _make_all(_t([[0, 1]], np.int32), _t([3.0], np.float32), _t([0, 1, 3], np.int32), _t([2, 0, 3], np.int32),
                    _t([1.0, 2.0, 3.0], np.float32), _t([0, 2], np.int32), _t([[1.0, 2.0], [3.0, 4.0]], np.float32))
    return _d(list(out))


def case_sparse_to_dense():
    idx = _t([[0, 1], [1, 2], [0, 1]], np.int32)
    return {"f32_last_wins": _d(P.SparseToDense()(idx, _t([1.0, 2.0, 5.0], np.float32), (3, 4))),
            "int": _d(P.SparseToDense()(idx.astype(ms.int64), _t([1, 2, 5], np.int32), (3, 4))),
            "bool": _d(P.SparseToDense()(idx[:2], _t([True, False], np.bool_), (3, 4))),
            "oob": _err(lambda: P.SparseToDense()(_t([[5, 1]], np.int32), _t([1.0], np.float32), (3, 4))),
            "float_idx": _err(lambda: P.SparseToDense()(_t([[0, 1]], np.float32), _t([1.0], np.float32), (3, 4)))}


def case_sparse_dense_add_matmul():
    idx, v = _t([[0, 1], [1, 2], [0, 1]], np.int64), _t([1.0, 2.0, 3.0], np.float32)
    mm = P.SparseTensorDenseMatmul
    return {"add": _d(P.SparseTensorDenseAdd()(idx, v, _t([3, 4], np.int64), _t(np.ones((3, 4)), np.float32))),
            "add_i32": _d(P.SparseTensorDenseAdd()(idx.astype(ms.int32), v.astype(ms.int32), _t([3, 4], np.int32),
                                                   _t(np.ones((3, 4)), np.int32))),
            "mm": _d(mm()(idx, v, (3, 4), _t(np.arange(8).reshape(4, 2), np.float32))),
            "mm_shape_tensor": _d(mm()(idx, v, _t([3, 4], np.int64), _t(np.arange(8).reshape(4, 2), np.float32))),
            "mm_adj_st": _d(mm(adjoint_st=True)(idx, v, (3, 4), _t(np.arange(6).reshape(3, 2), np.float32))),
            "mm_adj_dt": _d(mm(adjoint_dt=True)(idx, v, (3, 4), _t(np.arange(8).reshape(2, 4), np.float32))),
            "mm_int": _d(mm()(idx.astype(ms.int32), v.astype(ms.int32), (3, 4), _t(np.ones((4, 2)), np.int32))),
            "mm_dtype_mismatch": _err(lambda: mm()(idx, v, (3, 4), _t(np.ones((4, 2)), np.float64)))}


def case_sparse_grads():
    idx, v = _t([[0, 1], [1, 2]], np.int32), _t([1.0, 2.0], np.float32)
    d = _t(np.arange(8).reshape(4, 2), np.float32)
    g_v, g_d = ops.grad(lambda a, b: P.SparseTensorDenseMatmul()(idx, a, (3, 4), b).sum(), (0, 1))(v, d)
    return {"to_dense": ops.grad(lambda a: (P.SparseToDense()(idx, a, (3, 4)) * 3).sum())(v).asnumpy(),
            "matmul_values": g_v.asnumpy(), "matmul_dense": g_d.asnumpy()}


def case_sparse_slice():
    idx = _t([[0, 1], [1, 2], [2, 3], [1, 0]], np.int64)
    v, shp = _t([1.0, 2.0, 3.0, 4.0], np.float32), _t([3, 4], np.int64)
    return {"inner": _d(P.SparseSlice()(idx, v, shp, _t([1, 0], np.int64), _t([2, 3], np.int64))),
            "clipped": _d(P.SparseSlice()(idx, v, shp, _t([1, 2], np.int64), _t([5, 5], np.int64))),
            "int_values": _d(P.SparseSlice()(idx, v.astype(ms.int32), shp, _t([0, 0], np.int64), _t([3, 4], np.int64))),
            "int32": _err(lambda: P.SparseSlice()(idx.astype(ms.int32), v, shp.astype(ms.int32),
                                                  _t([0, 0], np.int32), _t([3, 4], np.int32))[0])}


def case_sparse_segment_mean():
    x = _t(np.arange(8).reshape(4, 2), np.float32)
    i, s = _t([0, 2, 1, 3], np.int32), _t([0, 0, 2, 2], np.int32)
    return {"f32": _d(ops.sparse_segment_mean(x, i, s)), "f64_i64": _d(ops.sparse_segment_mean(
                x.astype(ms.float64), i.astype(ms.int64), s.astype(ms.int64))),
            "f16": _d(ops.sparse_segment_mean(x.astype(ms.float16), i, s)),
            "int": _err(lambda: ops.sparse_segment_mean(x.astype(ms.int32), i, s)),
            "oob": _err(lambda: ops.sparse_segment_mean(x, _t([0, 9, 1, 3], np.int32), s)),
            "unsorted": _err(lambda: ops.sparse_segment_mean(x, i, _t([2, 0, 0, 2], np.int32)))}


def _params(*arrays):
    return [Parameter(Tensor(np.array(a, np.float32)), name=f"p{k}") for k, a in enumerate(arrays)]


_V = [[1.0, 2.0], [2.0, 3.0], [0.5, 1.0]]
_A = [[1.5, 2.5], [3.5, 4.5], [1.0, 1.0]]
_U = [[1.2, 2.4], [1.8, 0.6], [0.5, 0.5]]
_G = [[0.1, 0.2], [0.3, -0.4]]


def _run(op, n_slots, *scalars, grad=_G, idx=(2, 0)):
    ps = _params(*([_V, _A, _U][:n_slots]))
    out = op(*ps, *scalars, _t(grad, np.float32), _t(list(idx), np.int32))
    return {"out": [o.asnumpy() for o in out], "params": [p.asnumpy() for p in ps]}


def case_sparse_apply_adagrad():
    return {"adagrad": _run(P.SparseApplyAdagrad(lr=0.1), 2),
            "adagrad_noslots": _run(P.SparseApplyAdagrad(lr=0.1, update_slots=False), 2),
            "v2": _run(P.SparseApplyAdagradV2(lr=0.1, epsilon=1e-6), 2),
            "v2_noslots": _run(P.SparseApplyAdagradV2(lr=0.1, epsilon=1e-6, update_slots=False), 2),
            "lr_int": _err(lambda: P.SparseApplyAdagrad(lr=1)),
            "grad_rows": _err(lambda: _run(P.SparseApplyAdagrad(lr=0.1), 2, idx=(0,))["out"])}


def case_sparse_apply_ftrl():
    return {"ftrl": _run(P.SparseApplyFtrl(lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5), 3),
            "ftrl_fixed_lr": _run(P.SparseApplyFtrl(lr=0.01, l1=0.0, l2=0.0, lr_power=0.0), 3),
            "lr_zero": _err(lambda: P.SparseApplyFtrl(lr=0.0, l1=0.0, l2=0.0, lr_power=-0.5)),
            "lr_power_pos": _err(lambda: P.SparseApplyFtrl(lr=0.1, l1=0.0, l2=0.0, lr_power=0.5)),
            "l1_neg": _err(lambda: P.SparseApplyFtrl(lr=0.1, l1=-1.0, l2=0.0, lr_power=-0.5))}


def case_sparse_apply_rmsprop():
    g3 = [[0.1, 0.2], [0.3, -0.4], [-0.5, 0.6]]
    return {"rmsprop": _run(P.SparseApplyRMSProp(0.9, 0.8, 1e-6), 3, 0.01, grad=g3, idx=(1, 2, 0)),
            "adadelta_rows": _err(lambda: _run(P.SparseApplyAdadelta(1e-6), 3, Tensor(0.01, ms.float32),
                                               Tensor(0.9, ms.float32))["out"]),
            "rmsprop_rows": _err(lambda: _run(P.SparseApplyRMSProp(0.9, 0.8, 1e-6), 3, 0.01)["out"]),
            "adadelta_eps": _err(lambda: P.SparseApplyAdadelta(1)),
            "rmsprop_rho": _err(lambda: P.SparseApplyRMSProp(1, 0.8, 1e-6))}


def _or_ref(fn, ref):
    try:
        return [np.asarray(o.asnumpy() if hasattr(o, "asnumpy") else o) for o in fn()]
    except RuntimeError:  # no CPU kernel in the oracle (or an AKG kernel it cannot build): the reference is the golden
        return ref


def _close(got, ref):
    return bool(all(np.allclose(a, b, rtol=1e-5, atol=1e-6) for a, b in zip(got, ref))) and len(got) == len(ref)


def case_no_cpu_kernel_ops_match_reference():
    """SparseGatherV2, SparseApplyFtrlV2, SparseApplyProximalAdagrad and SparseApplyAdadelta have no CPU kernel
    in MindSpore 2.10: compare them with ops MindSpore runs (Gather, SparseApplyFtrl at l2_shrinkage=0) and the
    documented formulas."""
    x = _t(np.arange(12).reshape(4, 3), np.float32)
    ref_gather = [ops.gather(x, _t([2, 0], np.int32), 1).asnumpy()]
    got_gather = _or_ref(lambda: [P.SparseGatherV2()(x, _t([2, 0], np.int32), 1)], ref_gather)
    ref_ftrl = _run(P.SparseApplyFtrl(lr=0.01, l1=0.1, l2=0.2, lr_power=-0.5), 3)["params"]
    got_ftrl = _or_ref(lambda: _run(P.SparseApplyFtrlV2(0.01, 0.1, 0.2, 0.0, -0.5), 3)["params"], ref_ftrl)
    var, acc, g = np.array(_V, np.float32), np.array(_A, np.float32), np.array(_G, np.float32)
    lr, l1, l2 = 0.1, 0.01, 0.02
    for row, gr in zip((2, 0), g):
        acc[row] += gr * gr
        prox = var[row] - lr * gr / np.sqrt(acc[row])
        var[row] = np.sign(prox) / (1 + lr * l2) * np.maximum(np.abs(prox) - lr * l1, 0)
    var_p, acc_p = var, acc
    got_prox = _or_ref(lambda: _run(P.SparseApplyProximalAdagrad(), 2, lr, l1, l2)["params"], [var_p, acc_p])
    g3 = np.array([[0.1, 0.2], [0.3, -0.4], [-0.5, 0.6]], np.float32)
    var, acc, upd = np.array(_V, np.float32), np.array(_A, np.float32), np.array(_U, np.float32)
    for row, gr in zip((2, 0, 1), g3):
        acc[row] = 0.9 * acc[row] + 0.1 * gr * gr
        step = np.sqrt(upd[row] + 1e-6) * gr / np.sqrt(acc[row] + 1e-6)
        var[row] -= 0.01 * step
        upd[row] = 0.9 * upd[row] + 0.1 * step * step
    got_adadelta = _or_ref(lambda: _run(P.SparseApplyAdadelta(1e-6), 3, Tensor(0.01, ms.float32),
                                        Tensor(0.9, ms.float32), grad=g3, idx=(2, 0, 1))["params"], [var, acc, upd])
    return {"SparseGatherV2": _close(got_gather, ref_gather), "SparseApplyFtrlV2": _close(got_ftrl, ref_ftrl),
            "SparseApplyProximalAdagrad": _close(got_prox, [var_p, acc_p]),
            "SparseApplyAdadelta": _close(got_adadelta, [var, acc, upd])}


def case_csr_akg_ops_match_dense():
    """csr_mul/div/mv/mm/reduce_sum/gather, csr2coo and coo2csr use AKG kernels the oracle's CPU build cannot
    compile: compare them with dense computations MindSpore runs."""
    c = _csr([1.0, -2.0, 3.0])
    dc = c.to_dense()
    y = _t(np.arange(1, 9).reshape(2, 4), np.float32)
    vec = _t([[1.0], [2.0], [3.0], [4.0]], np.float32)
    b = CSRTensor(_t([0, 1, 1, 2, 3], np.int32), _t([0, 0, 1], np.int32), _t([1.0, 2.0, 3.0], np.float32), (4, 2))
    checks = {
        "csr_mul": (lambda: [ops.csr_mul(c, y).to_dense()], [(dc * y).asnumpy()]),
        "csr_div": (lambda: [ops.csr_div(c, y).to_dense()], [(dc / y).asnumpy()]),
        "csr_mv": (lambda: [ops.csr_mv(c, vec)], [ops.matmul(dc, vec).asnumpy()]),
        "csr_mm": (lambda: [ops.csr_mm(c, b).to_dense()], [ops.matmul(dc, b.to_dense()).asnumpy()]),
        "csr_reduce_sum": (lambda: [ops.csr_reduce_sum(c, 1)], [dc.sum(1, keepdims=True).asnumpy()]),
        "csr_gather": (lambda: [ops.csr_gather(c.indptr, c.indices, y, (2, 4))],
                       [np.array([3.0, 5.0, 8.0], np.float32)]),
        "csr2coo": (lambda: [ops.csr2coo(c.indptr, 3)], [np.array([0, 1, 1], np.int32)]),
        "coo2csr": (lambda: [ops.coo2csr(_t([0, 1, 1], np.int32), 2)], [np.array([0, 1, 3], np.int32)]),
    }
    out = {}
    for name, (fn, ref) in checks.items():
        got = _or_ref(fn, ref)
        out[name] = {"close": _close(got, ref), "dtype": str(got[0].dtype), "shape": list(got[0].shape)}
    return out
