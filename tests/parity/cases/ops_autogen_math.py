"""Parity cases for the torch-style math of `mindspore.ops.auto_generate` (`add_ext`, `sum_ext`, `mean_ext`,
`matmul_ext`, scalar primitives, ...). Cases whose ops MindSpore 2.10's CPU backend has no kernel for
(`*_cpu_gap`) are recorded as its RuntimeError and listed in the ledger; they still run every name."""
import numpy as np

import mindspore as ms
import mindspore.ops.auto_generate as ag
from mindspore import Tensor, ops
from mindspore.ops.auto_generate import AddExt, MeanExt, ProdExt, SumExt, add_ext, mean_ext, sum_ext
from parity_ops_common import describe as _d, error_name as _err, flush as _settle  # (parity loader)

_e = _err

TOLERANCES = {
    "any_lstsq": {"rtol": 1e-4, "atol": 1e-5, "why": "least-squares solvers differ in the last ulps"},
    "linalg_cpu_gap": {"rtol": 1e-4, "atol": 1e-5, "why": "factorisation kernels differ in the last ulps"},
    "unary_cpu_gap": {"rtol": 1e-4, "atol": 1e-5, "why": "transcendental kernels differ in the last ulps"},
}


def _x():
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def _i():
    return Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))


def _u(seed, shape, low=-1.0, high=1.0):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(np.float32))


def case_add_sub_ext():
    _settle()
    x, i = _x(), _i()
    b = Tensor(np.array([[True, False, True], [False, False, True]]))
    u = Tensor(np.arange(6, dtype=np.uint8).reshape(2, 3))
    return {
        "add_alpha": _d(add_ext(x, i, alpha=2)), "sub_int": _d(ag.sub_ext(i, 2)), "add_bool": _d(add_ext(b, b)),
        "add_uint8_float": _d(add_ext(u, 2.5)), "sub_float_alpha": _d(ag.sub_ext(x, x, 0.5)),
        "AddExt": _d(AddExt()(x, x, alpha=0.5)), "SubExt": _d(ag.SubExt()(x, 1.0)), "divs": _d(ag.divs(u, 2)),
        "add_broadcast": _d(add_ext(x, Tensor([1.0, 2.0, 3.0]))),
    }


def case_reduce_ext():
    _settle()
    x, i = _x(), _i()
    b = Tensor(np.array([[True, False, True], [False, False, True]]))
    u = Tensor(np.arange(6, dtype=np.uint8).reshape(2, 3))
    return {
        "sum": [_d(sum_ext(x)), _d(sum_ext(i)), _d(sum_ext(b)), _d(sum_ext(u)), _d(sum_ext(i, 1, True)),
                _d(sum_ext(x, dtype=ms.float64)), _d(sum_ext(x, (0, 1))), _d(sum_ext(x, keepdim=True))],
        "mean": [_d(mean_ext(i)), _d(mean_ext(-i)), _d(mean_ext(u)), _d(mean_ext(x, (0, 1))),
                 _d(mean_ext(x, 1, True)), _d(mean_ext(x, dtype=ms.float64))],
        "prod": [_d(ag.prod_ext(i, 1)), _d(ag.prod_ext(b)), _d(ag.prod_ext(x + 1)), _d(ag.prod_ext(x, 0, True))],
        "prims": [_d(SumExt()(x, 1, True)), _d(MeanExt()(x)), _d(ProdExt()(x + 1, 0))],
        "grad": ops.grad(lambda t: mean_ext(t * t, 1).sum())(x).asnumpy(),
    }


def case_integer_dtypes():
    _settle()
    out = {}
    for dt in (np.uint8, np.uint16, np.uint32, np.uint64, np.int8, np.int16, np.float16, np.float64):
        x = Tensor(np.arange(6).astype(dt).reshape(2, 3))
        out[dt.__name__] = [_d(sum_ext(x)), _d(sum_ext(x, 1)), _d(ag.prod_ext(x, 1)), _d(add_ext(x, x)),
                            _d(ag.divs(x, 2)), _d(ag.eq_scalar(x, 2))]
    b = Tensor(np.array([[False, True, True], [True, False, True]]))
    out["bool"] = [_d(ag.sub_ext(b, 1)), _d(ag.mul(b, 3)), _d(add_ext(b, 2.5)), _d(ag.relu(b)), _d(ag.divs(b, 2))]
    out["matmul_bool"] = _e(lambda: ag.matmul_ext(b, b.T))
    return out


def case_max_min_full():
    _settle()
    x, i = _u(0, (3, 4)), _i()
    return {"max": _d(ag.max_(x)), "min": _d(ag.min_(i)), "Max": _d(ag.Max()(x)), "Min": _d(ag.Min()(i))}


def case_matmul_ext():
    _settle()
    x, y = _u(1, (2, 3)), _u(2, (3, 4))
    i = _i()
    return {
        "mm": _d(ag.matmul_ext(x, y)), "vec": _d(ag.matmul_ext(x[0], y)), "int": _d(ag.matmul_ext(i, i.T)),
        "batched": _d(ag.matmul_ext(_u(3, (2, 2, 3)), y)), "bmm": _d(ag.bmm_ext(_u(4, (2, 2, 3)), _u(5, (2, 3, 2)))),
        "MatMulExt": _d(ag.MatMulExt()(x, y)), "BatchMatMulExt": _d(ag.BatchMatMulExt()(x[None], y[None])),
        "grad": ops.grad(lambda a: ag.matmul_ext(a, y).sum())(x).asnumpy(),
    }


def case_clamp_lerp():
    _settle()
    x, i = _x(), _i()
    return {
        "clamp_int_float": _d(ag.clamp_scalar(i, 1, 3.5)), "clamp_min": _d(ag.clamp_scalar(x, min=1)),
        "clamp_tensor": _d(ag.clamp_tensor(x, x * 0 + 1, None)), "ClampScalar": _d(ag.ClampScalar()(x, 1.0, 4.0)),
        "ClampTensor": _d(ag.ClampTensor()(x, None, x * 0 + 2)), "lerp": _d(ag.lerp(x, x * 2, 0.5)),
        "lerp_tensor": _d(ag.lerp(x, x * 2, x / 10)),
    }


def case_compare():
    _settle()
    x = _x()
    return {"less": _d(ag.less(x, 2)), "less_t": _d(ag.less(x, x.T.reshape(2, 3))), "eq_scalar": _d(ag.eq_scalar(x, 2))}


def case_scalar_prims():
    _settle()
    return {
        "add": ag.ScalarAdd()(1, 2), "sub": ag.ScalarSub()(1, 2.5), "mul": ag.ScalarMul()(3, 4),
        "div": [ag.ScalarDiv()(3, 2), ag.ScalarDiv()(4, 2)], "floordiv": ag.ScalarFloorDiv()(-3, 2),
        "mod": ag.ScalarMod()(-3, 2), "pow": ag.ScalarPow()(2, 3), "log": ag.ScalarLog()(4), "bool": ag.ScalarBool()(0),
        "usub": ag.ScalarUsub()(2.5), "uadd": ag.ScalarUadd()(3), "max": ag.ScalarMax()(2, 3.5),
        "min": ag.ScalarMin()(2, 3.5), "cmp": [ag.ScalarEq()(2, 2.0), ag.ScalarGe()(1, 2), ag.ScalarGt()(3, 2),
                                               ag.ScalarLe()(2, 2), ag.ScalarLt()(2, 1)],
    }


def case_solve_triangular():
    _settle()
    a, b = _x()[:, :2] + 3, _x()
    return {
        "upper": _d(ag.solve_triangular(a, b)), "lower_trans": _d(ag.solve_triangular(a, b, 1, True)),
        "unit_vec": _d(ag.solve_triangular(a, b[:, 0], 0, True, True)),
        "prim": _d(ag.SolveTriangular()(a, b, trans=0, lower=True)),
    }


def case_any_lstsq():
    _settle()
    b = Tensor(np.array([[True, False, False], [False, False, False]]))
    a = Tensor(np.array([[2.0, 1.0], [1.0, 3.0], [0.0, 1.0]], np.float32))
    y = Tensor(np.array([[1.0], [2.0], [3.0]], np.float32))
    out = ag.LstsqV2()(a, y)
    return {"Any": [_d(ag.Any()(b)), _d(ag.Any()(b[1]))],
            "AnyExt": [_d(ag.AnyExt()(b, 1)), _d(ag.AnyExt()(b, 0, True))],
            "LstsqV2": [_d(out[0]), len(out)]}


def case_errors():
    _settle()
    i, x = _i(), _x()
    return {
        "float_alpha_int": _e(lambda: add_ext(i, i, alpha=2.5)),
        "clamp_no_bounds": _e(lambda: ag.clamp_scalar(x)),
        "lerp_dtypes": _e(lambda: ag.lerp(x, i, 0.5)),
    }


def case_infer_errors():
    """Argument checks MindSpore makes before choosing a kernel (so they hold on CPU for Ascend-only ops too)."""
    x, i = _x(), _i()
    return {
        "sum_dim": _e(lambda: sum_ext(x, 5)), "mean_dim": _e(lambda: mean_ext(x, -3)),
        "argmin_dim": _e(lambda: ag.argmin_ext(x, 5)), "cumsum_dim": _e(lambda: ag.cumsum_ext(x, 5)),
        "logsumexp_dim": _e(lambda: ag.logsumexp_ext(x, 5)), "count_nonzero_dim": _e(lambda: ag.count_nonzero(x, 5)),
        "histc_bins": _e(lambda: ag.histc_ext(x, -1)), "add_scalar_alpha": _e(lambda: ag.add_scalar(i, 1, alpha=2.5)),
        "bmm_2d": _e(lambda: ag.bmm_ext(x, x)),
    }


def case_mean_bool_error():
    _settle()
    return _d(mean_ext(Tensor(np.array([True, False]))))


def case_unary_cpu_gap():
    _settle()
    x, i = _u(6, (2, 3), 0.1, 0.9), _i()
    return [_d(f(x)) for f in (ag.acos_ext, ag.asin_ext, ag.atan_ext, ag.asinh_ext, ag.exp2, ag.log2_ext,
                               ag.log10_ext, ag.frac_ext, ag.isneginf_ext)] + [
        _d(ag.acosh_ext(x + 1)), _d(ag.acos_ext(i * 0)), _d(ag.exp2(i)), _d(ag.atan2_ext(x, x + 1)),
        _d(ag.logaddexp_ext(x, x)), _d(ag.logaddexp2(x, x)),
        [_d(getattr(ag, n)()(x)) for n in ("AcosExt", "AsinExt", "AtanExt", "AsinhExt", "Exp2", "Log2", "Log10",
                                           "Frac", "IsNegInf", "Tan")],
        _d(ag.AcoshExt()(x + 1)), _d(ag.Atan2Ext()(x, x)), _d(ag.LogAddExp()(x, x)), _d(ag.LogAddExp2()(x, x)),
    ]


def case_scan_cpu_gap():
    _settle()
    x, i = _u(7, (2, 4)), _i()
    return [_d(ag.cumsum_ext(i, 1)), _d(ag.cumsum_ext(x, 0, ms.float64)), _d(ag.cummin_ext(x, 1)),
            _d(ag.logsumexp_ext(x, 1)), _d(ag.logsumexp_ext(x, (0, 1), True)), _d(ag.argmin_ext(x)),
            _d(ag.argmin_ext(x, 1, True)), _d(ag.count_nonzero(i)), _d(ag.count_nonzero(i, 1)),
            _d(ag.kthvalue(x, 2, 1)), _d(ag.trace_ext(i)), _d(ag.histc_ext(x, 4, -1, 1)),
            _d(ag.bincount_ext(Tensor([0, 1, 1, 3]))),
            [_d(getattr(ag, n)()(x, 1)) for n in ("CumsumExt", "CumminExt", "LogSumExp", "ArgMaxExt", "ArgMinExt",
                                                  "MaxDim", "MinDim", "MedianDim", "CountNonZero", "Kthvalue")],
            _d(ag.MedianExt()(x)), _d(ag.TraceExt()(x[:, :2])), _d(ag.TraceV2()(x)), _d(ag.HistcExt()(x, 3)),
            _d(ag.BincountExt()(Tensor([2, 0]), None, 4)), _d(ag.Nansum()(x, 1))]


def case_stats_cpu_gap():
    _settle()
    x = _u(8, (3, 4))
    return [_d(getattr(ag, n)()(x, 1)) for n in ("Std", "Var", "StdMean", "VarMean")] + [
        _d(ag.Norm()(x)), _d(ag.Norm()(x, 1.0, 1)), _d(ag.LinalgVectorNorm()(x, 3, 0)), _d(ag.LpNormV2()(x, 2, 1))]


def case_scalar_ops_cpu_gap():
    _settle()
    x, i = _x(), _i()
    return [_d(ag.add_scalar(x, 1.5, alpha=2)), _d(ag.sub_scalar(x, 1.5)), _d(ag.less_scalar(x, 2)),
            _d(ag.floor_div_scalar(i, 4)), _d(ag.lerp_scalar(x, x * 2, 0.25)),
            _d(ag.AddScalar()(x, 1)), _d(ag.SubScalar()(x, 1)), _d(ag.Muls()(x, 2)), _d(ag.Divs()(x, 2)),
            _d(ag.DivMod()(x, 4.0, "floor")), _d(ag.DivMods()(x, 4, "trunc")), _d(ag.FloorDivScalar()(x, 2)),
            _d(ag.FmodScalar()(x - 3, 2)), _d(ag.FmodTensor()(x - 3, x + 1)), _d(ag.RemainderTensorScalar()(x - 3, 2)),
            _d(ag.RemainderTensorTensor()(x - 3, x + 1)), _d(ag.RemainderScalarTensor()(7, x + 1)),
            _d(ag.PowTensorScalar()(x, 2)), _d(ag.PowScalarTensor()(2, x)), _d(ag.XLogYScalarOther()(x, 2)),
            _d(ag.XLogYScalarSelf()(2, x + 1)), _d(ag.LessScalar()(x, 2)), _d(ag.GreaterEqualScalar()(x, 2)),
            ag.EqualExt()(x, x), _d(ag.Sub()(x, 1))]


def case_bitwise_cpu_gap():
    _settle()
    i, j = _i(), Tensor(np.array([[3, 1, 2], [7, 0, 5]], np.int32))
    return [_d(getattr(ag, n)()(i, j)) for n in ("BitwiseAndTensor", "BitwiseOrTensor", "BitwiseXorTensor")] + [
        _d(getattr(ag, n)()(i, 6)) for n in ("BitwiseAndScalar", "BitwiseOrScalar", "BitwiseXorScalar")] + [
        _d(ag.BitwiseNot()(i)), ag.BoolNot()(True)]


def case_linalg_cpu_gap():
    _settle()
    a, v = Tensor(np.array([[4.0, 1.0], [1.0, 3.0]], np.float32)), Tensor([1.0, 2.0])
    b3 = _u(9, (2, 2, 2))
    return [_d(ag.mm_ext(a, a)), _d(ag.dot(v, v)), _d(ag.vdot(v, v)), _d(ag.mv(a, v)), _d(ag.outer_ext(v, v)),
            _d(ag.baddbmm(b3, b3, b3, beta=0.5, alpha=2)), _d(ag.matrix_inverse_ext(a)), _d(ag.linalg_qr(a)),
            _d(ag.triangular_solve(a, ag.tril_ext(a), False)), _d(ag.t_ext(a)),
            _d(ag.Addbmm()(a, b3, b3)), _d(ag.Addmm()(a, a, a, beta=2)), _d(ag.Addmv()(v, a, v)),
            _d(ag.Mm()(a, a)), _d(ag.Dot()(v, v)), _d(ag.Vdot()(v, v)), _d(ag.Mv()(a, v)), _d(ag.Outer()(v, v)),
            _d(ag.Baddbmm()(b3, b3, b3)), _d(ag.TExt()(a)), _d(ag.MatrixInverseExt()(a)), _d(ag.LinalgQr()(a)),
            _d(ag.TriangularSolve()(a, a)), _d(ag.EinsumExt()("ij,jk->ik", [a, a]))]


def case_addc_cpu_gap():
    _settle()
    x, y = _u(10, (2, 3)), _u(11, (2, 3), 1, 2)
    return [_d(ag.AddcdivExt()(x, x, y, 0.5)), _d(ag.AddcmulExt()(x, x, y)), _d(ag.AddcmulExt()(x, x, y, value=2))]
