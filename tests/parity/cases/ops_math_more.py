"""Parity cases for more math primitives and functions: integer/bitwise ops, no-NaN arithmetic, norms, complex
numbers, scans, ranges, statistics (median/quantile/histograms/bincount) and the *_ext functions."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader
from mindspore.ops import operations as P

TOLERANCES = {
    "norms": {"rtol": 1e-5, "atol": 1e-6, "why": "sqrt of a sum of squares, summation order"},
    "complex_ops": {"rtol": 1e-5, "atol": 1e-6, "why": "atan2/hypot rounding"},
    "scans_ranges": {"rtol": 1e-5, "atol": 1e-5, "why": "log-sum-exp and pow rounding"},
    "products": {"rtol": 1e-5, "atol": 1e-5, "why": "dot-product summation order"},
}


def _u(seed, shape, low=-1.0, high=1.0, dtype=np.float32):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(dtype))


def _d(t):
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_d(i) for i in t]}
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def case_integer_ops():
    a = Tensor(np.array([12, -18, 0, 7, 21], np.int32))
    b = Tensor(np.array([8, 12, 5, 0, 6], np.int32))
    out = {"Gcd": _d(P.Gcd()(a, b)), "Lcm": _d(P.Lcm()(a, b)),
           "Gcd_i64": _d(P.Gcd()(Tensor([4, 9], ms.int64), Tensor([6], ms.int64)))}
    for dt in (ms.int8, ms.int16, ms.int32, ms.int64, ms.uint8, ms.uint16):
        v = Tensor(np.array([0, 1, 7, 100], np.int64)).astype(dt)
        out["Invert_" + str(dt)] = _d(P.Invert()(v))
        out["PopulationCount_" + str(dt)] = _d(P.PopulationCount()(v))
    out["population_count_neg"] = _d(ops.population_count(Tensor([-1, -128], ms.int8)))
    s = Tensor(np.array([1, 2, 3], np.int32))
    out["LeftShift"] = _d(P.LeftShift()(Tensor([1, -3, 5], ms.int32), s))
    out["RightShift"] = _d(P.RightShift()(Tensor([64, -64, 5], ms.int32), s))
    out["Shift_u8"] = [_d(P.LeftShift()(Tensor([1, 200], ms.uint8), Tensor([1, 1], ms.uint8))),
                       _d(P.RightShift()(Tensor([255, 16], ms.uint8), Tensor([4, 1], ms.uint8)))]
    out["Inv"] = [_d(P.Inv()(Tensor([2.0, -0.5, 0.0], ms.float32))), _d(P.Inv()(Tensor([4.0], ms.float16)))]
    return out


def case_integer_dtypes():
    return {"Inv_i32": _d(P.Inv()(Tensor([2, -1, 0, 1], ms.int32))),
            "Gcd_mixed": _d(P.Gcd()(Tensor([4, 6], ms.int32), Tensor([6, 9], ms.int64))),
            "LeftShift_u16": _d(P.LeftShift()(Tensor([4, 6], ms.uint16), Tensor([1, 1], ms.uint16))),
            "MulNoNan_mixed": _d(P.MulNoNan()(Tensor([4.0, 6.0]), Tensor([0, 1], ms.int32)))}


def case_integer_dtype_errors():
    return {"Inv_u8": _err(lambda: P.Inv()(Tensor([2, 1], ms.uint8))),
            "Gcd_u8": _err(lambda: P.Gcd()(Tensor([4, 6], ms.uint8), Tensor([6, 9], ms.uint8))),
            "LeftShift_mixed": _err(lambda: P.LeftShift()(Tensor([4, 6], ms.int32), Tensor([1, 1], ms.int64))),
            "Angle_real": _err(lambda: P.Angle()(Tensor([1.0, -1.0]))),
            "angle_real": _err(lambda: ops.angle(Tensor([1.0, -1.0]))),
            "ComplexAbs_real": _err(lambda: P.ComplexAbs()(Tensor([1.0, -1.0]))),
            "polar_mixed": _err(lambda: ops.polar(Tensor([1.0]), Tensor([1.0], ms.float64))),
            "polar_int": _err(lambda: ops.polar(Tensor([1]), Tensor([1])))}


def case_complex_grads():
    r = Tensor([3.0, 4.0])
    return {"ComplexAbs": ops.grad(lambda t: P.ComplexAbs()(P.Complex()(t, t)).sum())(r).asnumpy(),
            "Real": ops.grad(lambda t: P.Real()(P.Complex()(t, t * 2)).sum())(r).asnumpy(),
            "polar": ops.grad(lambda t: ops.real(ops.polar(t, t)).sum())(Tensor([0.3, 1.0])).asnumpy()}


def case_invert_float_error():
    return {"Invert": _err(lambda: P.Invert()(Tensor([1.0], ms.float32))),
            "PopulationCount": _err(lambda: P.PopulationCount()(Tensor([1.0], ms.float32))),
            "Gcd": _err(lambda: P.Gcd()(Tensor([1.0]), Tensor([2.0])))}


def case_nonan_compare():
    x = Tensor(np.array([1.0, np.nan, np.inf, -2.0, 3.0], np.float32))
    y = Tensor(np.array([0.0, 0.0, 0.0, 4.0, np.nan], np.float32))
    a, b = _u(0, (2, 3)), _u(1, (3,))
    return {"MulNoNan": _d(P.MulNoNan()(x, y)), "DivNoNan": _d(P.DivNoNan()(x, y)),
            "DivNoNan_bcast": _d(P.DivNoNan()(a, Tensor([0.0, 2.0, 0.0], ms.float32))),
            "MulNoNan_scalar": _d(P.MulNoNan()(a, 2.0)),
            "ApproximateEqual": _d(P.ApproximateEqual(0.5)(a, _u(1, (2, 3)))),
            "ApproximateEqual_f16": _d(P.ApproximateEqual(0.1)(Tensor([1.0, 2.0], ms.float16),
                                                              Tensor([1.05, 2.2], ms.float16))),
            "approximate_equal": _d(ops.approximate_equal(a, a + 1e-6)),
            "approximate_equal_tol": _d(ops.approximate_equal(a, a * 2.0, 0.5)),
            "Fmax": _d(P.Fmax()(x, y)),
            "Fmax_int": _d(P.Fmax()(Tensor([1, 5], ms.int32), Tensor([3, 2], ms.int32))),
            "EqualCount": _d(P.EqualCount()(Tensor([1, 2, 3, 4], ms.int32), Tensor([1, 0, 3, 5], ms.int32))),
            "NanToNum": [_d(P.NanToNum()(x)), _d(P.NanToNum(nan=1.0, posinf=9.0, neginf=-9.0)(-x))],
            "isnan_ext": _d(ops.isnan_ext(x)), "isnan_ext_int": _d(ops.isnan_ext(Tensor([1, 2], ms.int32)))}


def case_nonan_grads():
    x, y = Tensor([1.0, 2.0, 3.0], ms.float32), Tensor([0.0, 4.0, -1.0], ms.float32)
    gx, gy = ops.grad(lambda s, t: P.DivNoNan()(s, t).sum(), (0, 1))(x, y)
    mx, my = ops.grad(lambda s, t: P.MulNoNan()(s, t).sum(), (0, 1))(x, y)
    return {"div": [gx.asnumpy(), gy.asnumpy()], "mul": [mx.asnumpy(), my.asnumpy()]}


def case_norms():
    x = _u(2, (2, 3, 4))
    return {"LpNorm": [_d(P.LpNorm(axis=1)(x)), _d(P.LpNorm(axis=[0, 2], p=1, keep_dims=True)(x)),
                       _d(P.LpNorm(axis=-1, p=3)(x)),
                       _d(P.LpNorm(axis=0, epsilon=0.5)(Tensor(np.zeros((2, 2), np.float32))))],
            "Renorm": [_d(P.Renorm(p=2, dim=0, maxnorm=1.0)(x * 2.0)), _d(P.Renorm(p=1, dim=2, maxnorm=0.5)(x))],
            "LpNorm_grad": ops.grad(lambda t: P.LpNorm(axis=1)(t).sum())(x).asnumpy()}


def case_lpnorm_p_error():
    return _err(lambda: P.LpNorm(axis=0, p=2.5)(Tensor([1.0, 2.0], ms.float32)))


def case_complex_ops():
    re, im = Tensor([1.0, -2.0, 0.0], ms.float32), Tensor([2.0, 0.5, -3.0], ms.float32)
    c = P.Complex()(re, im)
    c64 = P.Complex()(Tensor([1.0], ms.float64), Tensor([-1.0], ms.float64))
    return {"Complex": _d(c), "Complex_f64": _d(c64),
            "Real": _d(P.Real()(c)), "Imag": _d(P.Imag()(c)), "Conj": _d(P.Conj()(c)),
            "ComplexAbs": _d(P.ComplexAbs()(c)), "Angle": _d(P.Angle()(c)),
            "real": _d(ops.real(c64)), "imag": _d(ops.imag(c)), "conj": _d(ops.conj(c)), "angle": _d(ops.angle(c)),
            "real_of_real": _d(ops.real(re)), "conj_of_real": _d(ops.conj(re)),
            "Imag_of_real": _d(P.Imag()(re)), "Conj_int": _d(P.Conj()(Tensor([1, -1]))),
            "real_int": _d(ops.real(Tensor([1, 2]))),
            "Polar": _d(P.Polar()(Tensor([1.0, 2.0], ms.float32), Tensor([0.5, -1.0], ms.float32))),
            "polar": _d(ops.polar(Tensor([3.0], ms.float64), Tensor([np.pi / 2], ms.float64))),
            "view_as_real": _d(ops.view_as_real(c)),
            "complex_mul": _d(c * c)}


def case_complex_errors():
    return {"Complex_int": _err(lambda: P.Complex()(Tensor([1]), Tensor([2]))),
            "Complex_mixed": _err(lambda: P.Complex()(Tensor([1.0], ms.float32), Tensor([2.0], ms.float64))),
            "view_as_real_real": _err(lambda: ops.view_as_real(Tensor([1.0], ms.float32)))}


def case_scans_ranges():
    x = _u(3, (2, 4))
    out = {"CumulativeLogsumexp": [_d(P.CumulativeLogsumexp()(x, Tensor(1, ms.int32))),
                                   _d(P.CumulativeLogsumexp(exclusive=True)(x, Tensor(0, ms.int64))),
                                   _d(P.CumulativeLogsumexp(reverse=True)(x, Tensor(-1, ms.int32))),
                                   _d(P.CumulativeLogsumexp(True, True)(x, Tensor(1, ms.int32)))],
           "LinSpace": [_d(P.LinSpace()(Tensor(1.0, ms.float32), Tensor(10.0, ms.float32), 5)),
                        _d(P.LinSpace()(Tensor(-1.0, ms.float32), Tensor(1.0, ms.float32), 1))],
           "LogSpace": [_d(P.LogSpace()(Tensor(0.0, ms.float32), Tensor(2.0, ms.float32))),
                        _d(P.LogSpace(steps=4, base=2, dtype=ms.float64)(Tensor(1.0, ms.float32),
                                                                         Tensor(4.0, ms.float32)))],
           "logspace": [_d(ops.logspace(0.0, 3.0, 4)),
                        _d(ops.logspace(Tensor(1.0), Tensor(-1.0), 3, 2, dtype=ms.float64))],
           "LinSpace_f64": _d(P.LinSpace()(Tensor(1.0, ms.float64), Tensor(10.0, ms.float64), Tensor(4, ms.int32))),
           "LogSpace_b0": _d(P.LogSpace(steps=3, base=0)(Tensor(0.0, ms.float32), Tensor(2.0, ms.float32))),
           "CL_f64": _d(P.CumulativeLogsumexp()(Tensor([1.0, 2.0], ms.float64), Tensor(0, ms.int32))),
           "CL_f16": _d(P.CumulativeLogsumexp(True)(Tensor([1.0, 2.0], ms.float16), Tensor(0, ms.int32))),
           "cumlse_grad": ops.grad(lambda t: P.CumulativeLogsumexp()(t, Tensor(1, ms.int32)).sum())(x).asnumpy()}
    return out


def case_products():
    a, b = _u(4, (2, 3, 4)), _u(5, (2, 4, 3))
    v1, v2 = Tensor([1.0, 2.0, 3.0], ms.float32), Tensor([4.0, 5.0], ms.float32)
    return {"Ger": _d(P.Ger()(v1, v2)),
            "Pdist": [_d(P.Pdist()(_u(6, (4, 3)))), _d(P.Pdist(p=1.0)(_u(6, (4, 3))))],
            "batch_dot": [_d(ops.batch_dot(a, b, (2, 1))), _d(ops.batch_dot(_u(7, (3, 4)), _u(8, (3, 4)), 1)),
                          _d(ops.batch_dot(_u(7, (3, 4)), _u(8, (3, 4)))),
                          _d(ops.batch_dot(a, _u(9, (2, 3, 5)), (1, 1)))],
            "pows": [_d(ops.pows(Tensor([1.0, 2.0, 4.0], ms.float32), 0.5)),
                     _d(ops.pows(Tensor([2, 3], ms.int32), 2))],
            "tensor_pow": _d(ops.tensor_pow(Tensor([1.0, 2.0, 3.0], ms.float32), Tensor([2.0, 0.5, 1.0]))),
            "float_power_ext": [_d(ops.float_power_ext(Tensor([2, 3], ms.int32), 2)),
                                _d(ops.float_power_ext(Tensor([2.0, 4.0], ms.float32), Tensor([0.5, -1.0])))],
            "float_power_scalar": _d(ops.float_power_ext(2, Tensor([0.5, -1.0]))),
            "diff_bool": _d(ops.diff_ext(Tensor([True, False, False]))),
            "diff_ext": [_d(ops.diff_ext(Tensor([1, 4, 9, 16, 25], ms.int32))),
                         _d(ops.diff_ext(Tensor([1, 4, 9, 16, 25], ms.int32), n=2)),
                         _d(ops.diff_ext(a, 1, 1)),
                         _d(ops.diff_ext(Tensor([1.0, 3.0]), prepend=Tensor([0.0]), append=Tensor([7.0, 8.0])))],
            "Pdist_grad": ops.grad(lambda t: P.Pdist()(t).sum())(_u(6, (4, 3))).asnumpy()}


def case_median_values():  # a global median's index is uninitialised memory in MindSpore 2.10: values only
    x = Tensor(np.array([[3.0, 1.0, 2.0, 5.0], [np.nan, 4.0, 0.5, 2.0], [7.0, 7.0, 1.0, 3.0]], np.float32))
    y = Tensor(np.array([[3.0, 1.0, 2.0, 5.0], [6.0, 4.0, 0.5, 2.0], [7.0, 7.0, 1.0, 3.0]], np.float32))
    return {"Median": [_d(ops.Median()(y)), _d(ops.Median(axis=1, keep_dims=True)(y)),
                       _d(ops.Median(global_median=True)(y)[0]), _d(ops.Median(axis=1)(x)),
                       _d(ops.Median(axis=1, ignore_nan=True)(x)),
                       _d(ops.Median(axis=0)(Tensor([[4, 1], [2, 9], [3, 3]], ms.int32)))]}


def case_median_global_keepdims_error():
    return _err(lambda: ops.Median(global_median=True, keep_dims=True)(Tensor([1.0, 2.0], ms.float32)))


def case_quantile_cpu_gap():
    x = Tensor(np.array([[3.0, 1.0, 2.0, 5.0], [np.nan, 4.0, 0.5, 2.0], [7.0, 7.0, 1.0, 3.0]], np.float32))
    y = Tensor(np.array([[3.0, 1.0, 2.0, 5.0], [6.0, 4.0, 0.5, 2.0], [7.0, 7.0, 1.0, 3.0]], np.float32))
    q = Tensor([0.0, 0.25, 0.5, 1.0], ms.float32)
    return {"Quantile": [_d(P.Quantile()(y, q)), _d(P.Quantile(dim=1, keep_dims=True)(y, q)),
                         _d(P.Quantile(dim=1)(x, Tensor([0.5], ms.float32))),
                         _d(P.Quantile(dim=1, ignore_nan=True)(x, Tensor([0.5], ms.float32)))],
            "quantile": [_d(ops.quantile(y, 0.3)), _d(ops.quantile(y, q, axis=0)),
                         _d(ops.quantile(y, 0.75, axis=-1, keepdims=True)),
                         _d(ops.quantile(Tensor([1.0, 2.0], ms.float64), Tensor([0.5], ms.float64)))],
            "nanquantile": [_d(ops.nanquantile(x, 0.5, axis=1)), _d(ops.nanquantile(x, q))]}


def case_quantile_errors():
    y = Tensor(np.ones((2, 3), np.float32))
    return {"q_range": _err(lambda: ops.quantile(y, 1.5)),
            "axis": _err(lambda: ops.quantile(y, 0.5, axis=2)),
            "int": _err(lambda: ops.quantile(Tensor([1, 2], ms.int32), 0.5)),
            "q_dtype": _err(lambda: ops.quantile(y, Tensor([0.5], ms.float64)))}


def case_counting():
    x = Tensor(np.array([0.5, 1.5, -1.0, 2.0, 3.9, 4.0, 1.0], np.float32))
    ints = Tensor(np.array([0, 1, 1, 3, 2, 1], np.int32))
    m = Tensor(np.array([[0, 2, 0], [1, 0, 3]], np.int32))
    return {"Histogram": [_d(P.Histogram(bins=4, min=0.0, max=4.0)(x)), _d(P.Histogram(bins=3)(x)),
                          _d(P.Histogram(bins=5, min=0.0, max=5.0)(ints))],
            "Histogram_f16": _d(P.Histogram(bins=5, min=0.0, max=5.0)(x.astype(ms.float16))),
            "Bincount": [_d(P.Bincount()(ints, Tensor(5, ms.int32), Tensor(np.arange(6, dtype=np.float32)))),
                         _d(P.Bincount()(ints, Tensor(2, ms.int32), Tensor(np.ones(6, np.int64)))),
                         _d(P.Bincount()(ints, Tensor(4, ms.int32), Tensor(np.array([], np.float32))))],
            "Bucketize": [_d(P.Bucketize([0.0, 1.0, 2.0])(x)), _d(P.Bucketize(boundaries=[1.0, 3.0])(ints)),
                          _d(P.Bucketize([])(x)), _d(P.Bucketize([1.0, 3.0])(Tensor([1.0, 2.9, 3.0], ms.float64)))],
            "Bincount_2d": _d(P.Bincount()(m, Tensor(4, ms.int32), Tensor(np.ones((2, 3), np.float64))))}


def case_counting_errors():
    ints = Tensor(np.array([0, 1, 3], np.int32))
    return {"Bincount_neg": _err(lambda: P.Bincount()(Tensor([0, -1], ms.int32), Tensor(3, ms.int32),
                                                     Tensor([1.0, 1.0], ms.float32))),
            "Bincount_i64": _err(lambda: P.Bincount()(Tensor([0, 1], ms.int64), Tensor(3, ms.int32),
                                                     Tensor([1.0, 1.0], ms.float32))),
            "Histogram_bins": _err(lambda: P.Histogram(bins=0)(Tensor([1.0], ms.float32))),
            "Histogram_minmax": _err(lambda: P.Histogram(bins=2, min=3.0, max=1.0)(Tensor([1.0], ms.float32))),
            "HFW_nbins": _err(lambda: P.HistogramFixedWidth(0)(ints, Tensor([0, 3], ms.int32))),
            "Bucketize_type": _err(lambda: P.Bucketize((0.0, 1.0))(Tensor([0.5], ms.float32))),
            "Histogram_f64": _err(lambda: P.Histogram(bins=2)(Tensor([1.0], ms.float64))),
            "CountNonZero_dims": _err(lambda: P.CountNonZero(dims=1.5)),
            "LpNorm_f64": _err(lambda: P.LpNorm(axis=0)(Tensor([3.0, 4.0], ms.float64))),
            "Renorm_p": _err(lambda: P.Renorm(p=2.0, dim=0, maxnorm=1.0)),
            "ApproximateEqual_shape": _err(lambda: P.ApproximateEqual(0.5)(Tensor([1.0, 2.0]), Tensor([1.0]))),
            "ApproximateEqual_int": _err(lambda: P.ApproximateEqual()(Tensor([1, 2]), Tensor([1, 2]))),
            "Ger_int": _err(lambda: P.Ger()(Tensor([1, 2]), Tensor([3, 4]))),
            "batch_dot_f64": _err(lambda: ops.batch_dot(Tensor(np.ones((2, 3))), Tensor(np.ones((2, 3))))),
            "logspace_dtype": _err(lambda: ops.logspace(0.0, 2.0, 3, dtype=ms.int32))}


def case_param_inputs():
    p = Parameter(Tensor([[1.0, -2.0], [3.0, 0.0]], ms.float32), name="p")
    return {"DivNoNan": _d(P.DivNoNan()(p, p)), "LpNorm": _d(P.LpNorm(axis=0)(p)),
            "Real": _d(ops.real(p)), "Median": _d(ops.Median(axis=1)(p)), "Ger": _d(P.Ger()(p[0], p[1]))}


# ---- names MindSpore 2.10's CPU backend cannot run (ledger entries: mindshim computes the documented result) ----
def case_fmin_cpu_gap():
    x = Tensor(np.array([1.0, np.nan, np.inf, -2.0, 3.0], np.float32))
    y = Tensor(np.array([0.0, 0.0, 0.0, 4.0, np.nan], np.float32))
    return {"Fmin": _d(P.Fmin()(x, y)), "Fmin_int": _d(P.Fmin()(Tensor([1, 5], ms.int32), Tensor([3, 2], ms.int32)))}


def case_euclidean_norm_cpu_gap():
    x = _u(2, (2, 3, 4))
    return {"EuclideanNorm": [_d(P.EuclideanNorm()(x, Tensor([1], ms.int32))),
                              _d(P.EuclideanNorm(keep_dims=True)(x, Tensor([0, 2], ms.int64)))]}


def case_accumulate_n_cpu_gap():
    x = _u(3, (2, 4))
    return {"AccumulateNV2": _d(P.AccumulateNV2()((x, x * 2.0, x))),
            "accumulate_n": _d(ops.accumulate_n([Tensor([1, 2], ms.int32), Tensor([3, 4], ms.int32)]))}


def case_einsum_ext_cpu_gap():
    a = _u(4, (2, 3, 4))
    return {"einsum_ext": [_d(ops.einsum_ext("ij,jk->ik", _u(1, (2, 3)), _u(2, (3, 2)))),
                           _d(ops.einsum_ext("bij->bji", a)), _d(ops.einsum_ext("ii", _u(3, (3, 3))))]}


def case_histogram_fixed_width_cpu_gap():
    x = Tensor(np.array([0.5, 1.5, -1.0, 2.0, 3.9, 4.0, 1.0, 7.0], np.float32))
    ints = Tensor(np.array([0, 1, 1, 3, 2, 1], np.int32))
    return {"HistogramFixedWidth": [_d(P.HistogramFixedWidth(5)(x, Tensor([0.0, 5.0], ms.float32))),
                                    _d(P.HistogramFixedWidth(3)(ints, Tensor([0, 3], ms.int32)))]}


def case_count_nonzero_broken():
    m = Tensor(np.array([[0, 2, 0], [1, 0, 3]], np.int32))
    return {"CountNonZero": [_d(P.CountNonZero()(m)), _d(P.CountNonZero(dims=1)(m)),
                             _d(P.CountNonZero(dims=[0, 1])(m)),
                             _d(P.CountNonZero(0)(Tensor([[0.0, 1.0], [2.0, 0.0]], ms.float32)))]}
