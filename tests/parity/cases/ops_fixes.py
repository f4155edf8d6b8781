"""Parity cases for fixes to existing ops: integer reductions keep their dtype (ReduceSum/Prod/Mean/Max/Min),
RealDiv truncates integers, float-only elementwise ops reject integers, Gather wraps negative indices, gathers and
scatters range-check their indices, Print returns None."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader
from mindspore.ops import operations as P

_DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "float16")


def _d(t):
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def _x(dtype):
    if dtype == "bool":
        return Tensor(np.array([[True, False, True], [False, False, True]]))
    return Tensor(np.array([[-3, -4, 5], [100, 100, 7]]).astype(dtype))


def _i(values):
    return Tensor(np.array(values, np.int32))


def case_reduce_sum_dtypes():
    out = {}
    for name in _DTYPES:
        x = _x(name)
        out[name] = {
            "ReduceSum": _d(P.ReduceSum()(x)), "ReduceSum_keep": _d(P.ReduceSum(True)(x, 1)),
            "ReduceSum_axes": _d(P.ReduceSum()(x, (0, 1))), "reduce_sum": _d(ops.reduce_sum(x, 0)),
            "ops_sum": _d(ops.sum(x)), "ops_sum_dim": _d(ops.sum(x, 1)), "Tensor_sum": _d(x.sum()),
            "Tensor_sum_axis": _d(x.sum(1)),
        }
    return out


def case_reduce_prod_dtypes():
    out = {}
    for name in _DTYPES:
        x = _x(name)
        out[name] = {"ReduceProd": _d(P.ReduceProd()(x)), "ReduceProd_axis": _d(P.ReduceProd(True)(x, 1)),
                     "ops_prod": _d(ops.prod(x, 1)), "Tensor_prod": _d(x.prod())}
    return out


def case_reduce_mean_max_min_ints():
    out = {}
    for name in _DTYPES[1:]:
        x = _x(name)
        out[name] = {
            "ReduceMean": _d(P.ReduceMean()(x)), "ReduceMean_axis": _d(P.ReduceMean(True)(x, 1)),
            "reduce_mean": _d(ops.reduce_mean(x, 0)), "ops_mean": _d(ops.mean(x, 1)),
            "ReduceMax": _d(P.ReduceMax()(x, 1)), "ReduceMin": _d(P.ReduceMin()(x)),
            "reduce_max": _d(ops.reduce_max(x)), "reduce_min": _d(ops.reduce_min(x, 0)),
            "amax": _d(ops.amax(x, 1)), "amin": _d(ops.amin(x)),
        }
    return out


def case_reduce_wide_unsigned_and_dtype_arg():
    out = {}
    for name in ("uint16", "uint32", "uint64"):
        x = Tensor(np.array([[1, 2], [3, 1]]).astype(name))
        out[name] = [_d(ops.sum(x)), _d(ops.sum(x, 1)), _d(x.sum()), _d(P.ReduceSum()(x, 1)), _d(P.ReduceProd()(x))]
    x = _x("int32")
    out["dtype_arg"] = [_d(ops.sum(x, dtype=ms.int32)), _d(ops.sum(x, 1, dtype=ms.float32)),
                        _d(x.sum(dtype=ms.int16))]
    return out


def case_reduce_bool_errors():
    b = _x("bool")
    return {
        "ReduceMean": _err(lambda: P.ReduceMean()(b)), "reduce_mean": _err(lambda: ops.reduce_mean(b, 1)),
        "mean": _err(lambda: ops.mean(b)), "ReduceMax": _err(lambda: P.ReduceMax()(b)),
        "ReduceMin": _err(lambda: P.ReduceMin()(b, 0)), "amax": _err(lambda: ops.amax(b)),
        "amin": _err(lambda: ops.amin(b, 1)), "reduce_max": _err(lambda: ops.reduce_max(b)),
    }


def case_realdiv_integers():
    a, b = _i([1, -3, 7, 9]), _i([2, 2, -2, 4])
    f = Tensor(np.array([2.0, 2.0, -2.0, 4.0], np.float32))
    out = {}
    for name, fn in (("RealDiv", P.RealDiv()), ("tensor_div", ops.tensor_div)):
        out[name] = {
            "int32": _d(fn(a, b)), "int_float": _d(fn(a, f)), "float_int": _d(fn(f, a)),
            "int_pyint": _d(fn(a, 2)), "int_pyfloat": _d(fn(a, 2.0)), "pyint_int": _d(fn(7, b)),
            "int32_int64": _d(fn(a, Tensor(np.array([2, 2, 2, 2], np.int64)))),
            "int32_uint8": _d(fn(a, Tensor(np.array([2, 2, 2, 2], np.uint8)))),
            "float16_int32": _d(fn(Tensor(np.array([1, 2, 3, 4], np.float16)), a)),
            "bool_pyint": _d(fn(Tensor(np.array([True, False, True, True])), 2)),
        }
        for dt in ("int8", "int16", "int64", "uint8"):
            x, y = Tensor(np.array([1, 3, 7, 8]).astype(dt)), Tensor(np.array([2, 2, 2, 3]).astype(dt))
            out[name][dt] = _d(fn(x, y))
    out["by_zero"] = [_d(P.RealDiv()(_i([0, 5, -5]), _i([0, 0, 0]))),
                      _d(P.RealDiv()(Tensor(np.array([0, 5], np.uint8)), Tensor(np.array([0, 0], np.uint8)))),
                      _d(P.RealDiv()(Tensor(np.array([0, 5, -5], np.int8)), Tensor(np.array([0, 0, 0], np.int8))))]
    out["Div"] = [_d(P.Div()(a, b)), _d(ops.div(a, b)), _d(ops.div(a, 2)), _d(P.Div()(7, b)),
                  _d(ops.div(Tensor(np.array([1, 3], np.uint8)), Tensor(np.array([2, 2], np.uint8)))),
                  _d(ops.div(Tensor(np.array([True, False])), Tensor(np.array([True, True])))),
                  _d(ops.div(a, b, rounding_mode="floor")), _d(ops.div(a, b, rounding_mode="trunc"))]
    g = Tensor(np.array([1.0, -3.0, 0.5, 2.0], np.float32))
    out["RealDiv_grad"] = ops.grad(lambda t: P.RealDiv()(t, f).sum())(g).asnumpy()
    return out


def case_realdiv_bool_error():
    t = Tensor(np.array([True, False]))
    return {"RealDiv": _err(lambda: P.RealDiv()(t, t)), "tensor_div": _err(lambda: ops.tensor_div(t, t))}


def case_math_int_promotion():
    out = {}
    for name in ("bool", "int8", "int16", "int32", "int64", "uint8"):
        x = Tensor(np.array([1, 0, 2, 4]).astype(name))
        out[name] = {"sqrt": _d(ops.sqrt(x)), "Sqrt": _d(P.Sqrt()(x)), "reciprocal": _d(ops.reciprocal(x)),
                     "Reciprocal": _d(P.Reciprocal()(x)), "abs": _d(ops.abs(x)), "Abs": _d(P.Abs()(x))}
        if name != "bool":
            out[name].update({"square": _d(ops.square(x)), "Square": _d(P.Square()(x)), "neg": _d(ops.neg(x)),
                              "Neg": _d(P.Neg()(x))})
    out["sign"] = [_d(ops.sign(Tensor(np.array([-2, 0, 3]).astype(d)))) for d in ("int32", "int64", "float16")]
    return out


def case_math_int_errors():
    out = {}
    for name in ("bool", "int8", "int32", "int64", "uint8"):
        x = Tensor(np.array([1, 0, 2]).astype(name))
        out[name] = {n: _err(lambda n=n: getattr(ops, n)(x)) for n in
                     ("exp", "log", "sin", "cos", "rsqrt", "floor", "ceil", "tensor_exp")}
        out[name].update({n: _err(lambda n=n: getattr(P, n)()(x)) for n in ("Exp", "Log", "Sin", "Cos", "Rsqrt",
                                                                             "Floor", "Ceil")})
    b = Tensor(np.array([True, False]))
    out["bool_only"] = {"square": _err(lambda: ops.square(b)), "neg": _err(lambda: ops.neg(b)),
                        "Neg": _err(lambda: P.Neg()(b)), "sign": _err(lambda: ops.sign(b))}
    out["sign_int8"] = _err(lambda: ops.sign(Tensor(np.array([1, -1], np.int8))))
    out["sign_uint8"] = _err(lambda: P.Sign()(Tensor(np.array([1, 0], np.uint8))))
    return out


def case_gather_negative_indices():
    x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    n = Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))
    return {
        "gather_0": _d(ops.gather(x, _i([-1, 0, -3]), 0)), "gather_1": _d(ops.gather(x, _i([[-4, 3], [-1, 1]]), 1)),
        "Gather": _d(P.Gather()(x, _i([-2]), 0)), "gather_int64": _d(ops.gather(x, Tensor([-1, 2], ms.int64), 0)),
        "gather_scalar": _d(ops.gather(x, Tensor(-1, ms.int32), 0)), "gather_int": _d(ops.gather(n, _i([-1, 0]), 1)),
        "gather_neg_axis": _d(ops.gather(x, _i([-1]), -1)),
        "index_select": _d(ops.index_select(x, 0, _i([-1, 0]))),
        "gather_d": _d(ops.gather_d(x, 1, _i([[-1, 0], [0, -4], [3, 1]]))),
        "gather_elements": _d(ops.gather_elements(x, 0, _i([[-1, 0, 2, -3]]))),
        "GatherD": _d(P.GatherD()(x, 1, _i([[-1], [-2], [0]]))),
        "gather_nd": _d(ops.gather_nd(x, _i([[2, 3], [0, 1]]))),
        "gather_grad": ops.grad(lambda t: ops.gather(t, _i([2, 0, 2]), 0).sum())(x).asnumpy(),
    }


def case_gather_batch_dims():
    x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    y = Tensor(np.arange(48, dtype=np.float32).reshape(2, 3, 4, 2))
    return {
        "batch1": _d(ops.gather(x, _i([[0, -1], [1, 2], [3, 0]]), 1, batch_dims=1)),
        "batch1_axis2": _d(ops.gather(y, _i([[2, -1, 0], [1, 1, 0]]), 2, batch_dims=1)),
        "batch2": _d(ops.gather(y, _i([[[1], [0], [2]], [[0], [0], [1]]]), 2, batch_dims=2)),
        "Gather_batch1": _d(P.Gather(1)(y, _i([[2, -1, 0], [1, 1, 0]]), 1)),
        "grad": ops.grad(lambda t: ops.gather(t, _i([[0, 3], [1, 1], [2, 0]]), 1, batch_dims=1).sum())(x).asnumpy(),
    }


def case_gather_index_errors():
    x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    return {
        "gather_past_end": _err(lambda: ops.gather(x, _i([3]), 0)),
        "gather_too_negative": _err(lambda: ops.gather(x, _i([-4]), 0)),
        "Gather_big": _err(lambda: P.Gather()(x, _i([0, 100]), 1)),
        "gather_float_index": _err(lambda: ops.gather(x, Tensor([0.0]), 0)),
        "gather_bad_axis": _err(lambda: ops.gather(x, _i([0]), 2)),
        "index_select_past_end": _err(lambda: ops.index_select(x, 0, _i([3]))),
        "index_select_too_negative": _err(lambda: ops.index_select(x, 1, _i([-5]))),
        "gather_d_past_end": _err(lambda: ops.gather_d(x, 1, _i([[4], [0], [0]]))),
        "gather_elements_too_negative": _err(lambda: ops.gather_elements(x, 1, _i([[-5], [0], [0]]))),
        "GatherD_past_end": _err(lambda: P.GatherD()(x, 0, _i([[3, 0, 0, 0]]))),
        "gather_nd_negative": _err(lambda: ops.gather_nd(x, _i([[-1, 0]]))),
        "gather_nd_past_end": _err(lambda: ops.gather_nd(x, _i([[0, 4]]))),
        "GatherNd_past_end": _err(lambda: P.GatherNd()(x, _i([[3, 0]]))),
    }


def _param():
    return Parameter(Tensor(np.zeros((3, 2), np.float32)), name="p")


def case_scatter_index_checks():
    u = Tensor(np.ones((1, 2), np.float32))
    x = Tensor(np.zeros((3, 2), np.float32))
    out = {}
    for idx, tag in (([3], "past_end"), ([-1], "negative")):
        nd = _i([idx])
        out[tag] = {
            "ScatterAdd": _err(lambda: P.ScatterAdd()(_param(), _i(idx), u)),
            "ScatterUpdate": _err(lambda: P.ScatterUpdate()(_param(), _i(idx), u)),
            "scatter_add": _err(lambda: ops.scatter_add(_param(), _i(idx), u)),
            "ScatterNdUpdate": _err(lambda: P.ScatterNdUpdate()(_param(), nd, u)),
            "ScatterNdAdd": _err(lambda: P.ScatterNdAdd()(_param(), nd, u)),
            "TensorScatterUpdate": _err(lambda: P.TensorScatterUpdate()(x, nd, u)),
            "tensor_scatter_update": _err(lambda: ops.tensor_scatter_update(x, nd, u)),
            "TensorScatterAdd": _err(lambda: P.TensorScatterAdd()(x, nd, u)),
            "tensor_scatter_add": _err(lambda: ops.tensor_scatter_add(x, nd, u)),
            "ScatterNd": _err(lambda: P.ScatterNd()(nd, u, (3, 2))),
            "scatter_nd": _err(lambda: ops.scatter_nd(nd, u, (3, 2))),
        }
    out["inner_dim"] = _err(lambda: ops.tensor_scatter_add(x, _i([[0, 2]]), Tensor([1.0])))
    out["float_index"] = {"tensor_scatter_update": _err(lambda: ops.tensor_scatter_update(x, Tensor([[0.0]]), u)),
                          "ScatterAdd": _err(lambda: P.ScatterAdd()(_param(), Tensor([0.0]), u))}
    p = _param()
    res = P.ScatterAdd()(p, _i([2, 2]), Tensor(np.ones((2, 2), np.float32)))
    q = _param()
    P.ScatterNdUpdate()(q, _i([[0], [2]]), Tensor(np.array([[1, 2], [3, 4]], np.float32)))
    out["valid"] = {"ScatterAdd": _d(res), "param": _d(p), "ScatterNdUpdate_param": _d(q),
                    "scatter_nd": _d(ops.scatter_nd(_i([[1, 1], [1, 1]]), Tensor([1.0, 2.0]), (3, 2))),
                    "tensor_scatter_add": _d(ops.tensor_scatter_add(x, _i([[0], [0]]), Tensor(np.ones((2, 2),
                                                                                                   np.float32))))}
    return out


def case_print_returns_none():
    r1 = P.Print()("ops_fixes Print:", Tensor(np.array([[1, 2], [3, 4]], np.int32)), 3)
    r2 = P.Print()(Tensor(np.array([1.5], np.float32)))
    return {"return": r1, "type": type(r1).__name__, "return_tensor_only": r2}
