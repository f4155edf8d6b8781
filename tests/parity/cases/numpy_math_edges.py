"""Parity cases for MindSpore-specific corners of mindspore.numpy math: float division by zero (MindSpore's CPU
kernel), NaN inside max/min scans and arg-reductions, empty-tuple axes, MatMul's one-dtype rule, unsigned
promotion, and a few argument checks."""
COMPILED_PASS = False

import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome  # registered by the parity loader


def case_division_by_zero():
    num = Tensor(np.array([np.nan, 1.0, -1.0, 0.0, np.inf, -np.inf], np.float32))
    zero = Tensor(np.zeros(6, np.float32))
    return {"divide": outcome(lambda: mnp.divide(num, zero)),
            "divide_neg_zero": outcome(lambda: mnp.divide(num, -zero)),
            "divide_f16": outcome(lambda: mnp.divide(num.astype(ms.float16), zero.astype(ms.float16))),
            "divide_int": outcome(lambda: mnp.divide(Tensor([1, -1, 0], ms.int32), Tensor([0, 0, 0], ms.int32))),
            "true_divide_nan": outcome(lambda: mnp.true_divide(num, Tensor(np.full(6, np.nan, np.float32)))),
            "reciprocal": outcome(lambda: mnp.reciprocal(Tensor([0.0, -0.0, np.nan]))),
            "reciprocal_int": outcome(lambda: mnp.reciprocal(Tensor([-2, 0, 4], ms.int32))),
            "floor_divide": outcome(lambda: mnp.floor_divide(Tensor([-7, 7, 0], ms.int32), Tensor([0, 0, 0], ms.int32))),
            "floor_divide_float": outcome(lambda: mnp.floor_divide(num, zero)),
            "remainder": outcome(lambda: mnp.remainder(num, zero)), "fmod": outcome(lambda: mnp.fmod(num, zero)),
            "corrcoef_constant_row": outcome(lambda: mnp.corrcoef(Tensor([[1.0, 2.0, 4.0], [1.0, 1.0, 1.0]]))),
            "cov_no_dof": outcome(lambda: mnp.cov(Tensor([[1.0, 2.0]]), ddof=2))}


def case_nan_scans():
    a = Tensor(np.array([[np.nan, 1.0, 3.0], [1.0, np.nan, 2.0], [4.0, np.nan, np.nan]], np.float32))
    out = {}
    for name in ("amax", "amin", "ptp", "argmax", "argmin"):
        fn = getattr(mnp, name)
        out[name] = {"all": outcome(lambda fn=fn: fn(a)), "ax0": outcome(lambda fn=fn: fn(a, 0)),
                     "ax1": outcome(lambda fn=fn: fn(a, 1))}
    out["amax_tuple"] = outcome(lambda: mnp.amax(a[1:], axis=(1, 0)))
    out["amin_keep"] = outcome(lambda: mnp.amin(a, axis=1, keepdims=True))
    out["amax_initial"] = outcome(lambda: mnp.amax(a, axis=1, initial=2.0))
    out["amax_f16"] = outcome(lambda: mnp.amax(a.astype(ms.float16), 0))
    out["norm_inf"] = outcome(lambda: mnp.norm(a[1], np.inf))
    out["norm_neg_inf"] = outcome(lambda: mnp.norm(a[1], -np.inf))
    out["norm_mat_inf"] = outcome(lambda: mnp.norm(a, np.inf))
    out["max_min"] = [outcome(lambda: mnp.max(a, 1)), outcome(lambda: mnp.min(a))]
    return out


def case_empty_tuple_axis():
    x = Tensor(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32))
    return {name: outcome(lambda fn=getattr(mnp, name): fn(x, ()))
            for name in ("sum", "mean", "amax", "amin", "nansum", "nanmean", "nanmax", "nanmin", "nanvar", "nanstd",
                         "std", "var", "ptp")}


def case_matmul_dtypes():
    f16, f32 = Tensor([1.0, 2.0], ms.float16), Tensor([1.0, 2.0])
    i32, i64 = Tensor([1, 2], ms.int32), Tensor([1, 2], ms.int64)
    b = Tensor([True, False])
    return {"dot_mixed": outcome(lambda: mnp.dot(f16, f32)), "dot_int": outcome(lambda: mnp.dot(i32, i64)),
            "dot_bool": outcome(lambda: mnp.dot(b, b)), "dot_0d_mixed": outcome(lambda: mnp.dot(Tensor(2), f32)),
            "dot_list": outcome(lambda: mnp.dot([1, 2], [3, 4])),
            "inner_mixed": outcome(lambda: mnp.inner(f16, f32)), "inner_bool": outcome(lambda: mnp.inner(b, b)),
            "outer_mixed": outcome(lambda: mnp.outer(f16, i32)), "outer_bool": outcome(lambda: mnp.outer(b, b)),
            "tensordot_mixed": outcome(lambda: mnp.tensordot(f16, f32, 1)),
            "tensordot_list": outcome(lambda: mnp.tensordot([1.0, 2.0], [3.0, 4.0], 1)),
            "matmul_mixed": outcome(lambda: mnp.matmul(i32, i64)), "matmul_list": outcome(lambda: mnp.matmul([[1.0]], [[2.0]])),
            "matmul_0d": outcome(lambda: mnp.matmul(Tensor([[1.0, 2.0]]), Tensor(2.0))),
            "matmul_vv": outcome(lambda: mnp.matmul(f32, f32)),
            "multi_dot_mixed": outcome(lambda: mnp.multi_dot([f16, Tensor([[1.0], [2.0]])])),
            "kron_mixed": outcome(lambda: mnp.kron(f16, i32)),
            "correlate_mixed": outcome(lambda: mnp.correlate(Tensor([1.0, 2.0, 3.0]), Tensor([1, 1], ms.int32)))}


def case_promotion_corners():
    pairs = ((ms.uint16, ms.int32), (ms.uint32, ms.int32), (ms.uint16, ms.float64), (ms.uint64, ms.int8),
             (ms.uint32, ms.float16), (ms.uint8, ms.uint32), (np.int32, "uint16"), (ms.bool_, ms.uint16))
    return {"promote_types": [str(mnp.promote_types(a, b)) for a, b in pairs],
            "result_type": [str(mnp.result_type(*p)) for p in ((Tensor([1], ms.uint8), Tensor([1], ms.int8)),
                                                               (ms.uint16, ms.int8, ms.float16), ("uint32", False))],
            "sum_initial": [outcome(lambda: mnp.sum(Tensor([1, 2], ms.int16), initial=2.5)),
                            outcome(lambda: mnp.sum(Tensor([1.0, 2.0], ms.float16), initial=2.5)),
                            outcome(lambda: mnp.sum(Tensor([1.0, 2.0], ms.float16), initial=Tensor(2.5, ms.float64))),
                            outcome(lambda: mnp.sum(Tensor([1, 2], ms.int16), initial=Tensor(2.5))),
                            outcome(lambda: mnp.sum(Tensor([1.0, 2.0]), initial=Tensor([2.5])))]}


def case_argument_checks():
    x = Tensor(np.array([[1.0, 2.0, 4.0], [2.0, 5.0, 9.0]], np.float32))
    return {"gradient_axis_order": outcome(lambda: mnp.gradient(x, axis=(1, 0))),
            "gradient_tensor_spacing": outcome(lambda: mnp.gradient(x, Tensor(2.0), axis=1)),
            "gradient_array_spacing": outcome(lambda: mnp.gradient(x, Tensor([1.0, 2.0]), axis=0)),
            "gradient_arg_count": outcome(lambda: mnp.gradient(x, 1, 2, 3)),
            "cov_y_mismatch": outcome(lambda: mnp.cov(x, y=Tensor([[2.0, 2.0, 4.0]]), rowvar=False)),
            "searchsorted_sorter_list": outcome(lambda: mnp.searchsorted(Tensor([1.0, 2.0, 3.0]), [1.5],
                                                                         sorter=[0, 1, 2])),
            "diff_prepend_list": outcome(lambda: mnp.diff(x, prepend=[1.0])),
            "diff_n_float": outcome(lambda: mnp.diff(x, 1.0)),
            "histogram_bad_range": outcome(lambda: mnp.histogram(x, range=(3, 1))),
            "histogram_range_form": outcome(lambda: mnp.histogram(x, range=[1])),
            "histogram_str_bins": outcome(lambda: mnp.histogram(x, bins="auto")),
            "histogramdd_float_bins": outcome(lambda: mnp.histogramdd(x.T, bins=2.0)),
            "interp_2d_xp": outcome(lambda: mnp.interp(Tensor([1.5]), Tensor([[1.0, 2.0]]), Tensor([1.0, 2.0]))),
            "norm_dup_axes": outcome(lambda: mnp.norm(x, 1, axis=(0, 0))),
            "norm_three_axes": outcome(lambda: mnp.norm(x, 1, axis=(0, 1, 1))),
            "clip_scalar": outcome(lambda: mnp.clip(3, 1, 2)),
            "isscalar_numpy": [mnp.isscalar(np.float32(1.0)), mnp.isscalar(np.int64(2)), mnp.isscalar(np.array(1.0))]}


def case_gradients():
    x = Tensor([1.0, 2.0, 4.0])
    fns = {"square_sin": lambda t: mnp.sum(mnp.square(t) * mnp.sin(t)), "hypot": lambda t: mnp.mean(mnp.hypot(t, 2.0)),
           "norm": lambda t: mnp.norm(t), "amax": lambda t: mnp.amax(t), "divide": lambda t: mnp.nansum(mnp.divide(t, 2)),
           "dot": lambda t: mnp.dot(t, t), "std": lambda t: mnp.std(t), "cumsum": lambda t: mnp.cumsum(t, 0)[1],
           "maximum": lambda t: mnp.maximum(t, 3.5).sum(), "cbrt": lambda t: mnp.cbrt(t).sum(),
           "logaddexp": lambda t: mnp.logaddexp(t, t * 2).sum(), "var": lambda t: mnp.var(t, ddof=1)}
    return {name: outcome(lambda fn=fn: ms.grad(fn)(x)) for name, fn in fns.items()}


def case_wide_unsigned():
    u16 = Tensor(np.array([7, 2, 0], np.uint16))
    v16 = Tensor(np.array([2, 3, 1], np.uint16))
    u32 = Tensor(np.array([1, 5, 2], np.uint32))
    w32 = Tensor(np.array([3, 4, 6], np.uint32))
    calls = {"add": lambda: mnp.add(u16, v16), "subtract": lambda: mnp.subtract(u16, v16),
             "multiply": lambda: mnp.multiply(u16, v16), "power": lambda: mnp.power(u16, v16),
             "minimum": lambda: mnp.minimum(u32, w32), "floor_divide": lambda: mnp.floor_divide(u16, v16),
             "remainder": lambda: mnp.remainder(u16, v16), "remainder_int": lambda: mnp.remainder(u16, 2),
             "fmod": lambda: mnp.fmod(u16, v16), "gcd": lambda: mnp.gcd(u16, v16),
             "divmod": lambda: mnp.divmod(u16, v16), "divide": lambda: mnp.divide(u16, v16),
             "true_divide_int": lambda: mnp.true_divide(u32, 2), "float_power": lambda: mnp.float_power(u16, v16),
             "arctan2": lambda: mnp.arctan2(u16, v16), "equal": lambda: mnp.equal(u16, v16),
             "less": lambda: mnp.less(u16, v16), "logical_and": lambda: mnp.logical_and(u16, True),
             "negative": lambda: mnp.negative(u16), "positive": lambda: mnp.positive(u16),
             "square": lambda: mnp.square(u16), "absolute": lambda: mnp.absolute(u32), "invert": lambda: mnp.invert(u32),
             "bitwise_xor": lambda: mnp.bitwise_xor(u32, w32), "bitwise_and": lambda: mnp.bitwise_and(u16, v16),
             "sqrt": lambda: mnp.sqrt(u16), "trunc": lambda: mnp.trunc(u16), "isnan": lambda: mnp.isnan(u32),
             "isfinite": lambda: mnp.isfinite(u16), "logical_not": lambda: mnp.logical_not(u16),
             "sum": lambda: mnp.sum(u32), "sum_dtype": lambda: mnp.sum(u16, dtype=ms.int32),
             "mean": lambda: mnp.mean(u16), "average": lambda: mnp.average(u16), "amax": lambda: mnp.amax(u32),
             "amin": lambda: mnp.amin(u16, axis=0), "ptp": lambda: mnp.ptp(u16), "nansum": lambda: mnp.nansum(u16),
             "nanmax": lambda: mnp.nanmax(u16), "cumsum": lambda: mnp.cumsum(u32), "nancumsum": lambda: mnp.nancumsum(u16),
             "cumprod": lambda: mnp.cumprod(u16), "cumprod_u32": lambda: mnp.cumprod(u32),
             "argmax": lambda: mnp.argmax(u16), "argmin": lambda: mnp.argmin(u32),
             "count_nonzero": lambda: mnp.count_nonzero(u16), "diff": lambda: mnp.diff(u16),
             "ediff1d": lambda: mnp.ediff1d(u16), "kron": lambda: mnp.kron(u16, v16), "in1d": lambda: mnp.in1d(u16, v16),
             "mixed_uint8": lambda: mnp.add(u16, Tensor([1, 1, 1], ms.uint8)), "mixed_scalar": lambda: mnp.add(u16, 1),
             "mixed_int32": lambda: mnp.multiply(u16, Tensor([1, 1, 1], ms.int32)),
             "less_int32": lambda: mnp.less(u16, Tensor([1, 1, 1], ms.int32)),
             "floor_divide_scalar": lambda: mnp.floor_divide(u16, 2), "equal_scalar": lambda: mnp.equal(u16, 2)}
    return {name: outcome(fn) for name, fn in calls.items()}
