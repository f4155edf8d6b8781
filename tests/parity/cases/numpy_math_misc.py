"""Parity cases for the rest of mindspore.numpy's math: differences and gradients, convolution and correlation,
covariance, histograms and binning, interpolation, polynomials, unwrap, ravel_multi_index, clip and dtype
promotion helpers."""
COMPILED_PASS = False

import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome  # registered by the parity loader


def _f(shape, seed=0, dt=np.float32):
    return Tensor(np.random.RandomState(seed).uniform(-2, 2, shape).astype(dt))


def case_differences():
    x = Tensor(np.array([[1, 4, 9, 16], [2, 3, 5, 8]], np.int32))
    f = _f((2, 4))
    return {"diff": outcome(lambda: mnp.diff(x)), "diff_n2_ax0": outcome(lambda: mnp.diff(f, 1, 0)),
            "diff_n2": outcome(lambda: mnp.diff(x, n=2)), "diff_n0": outcome(lambda: mnp.diff(x, 0)),
            "diff_prepend": outcome(lambda: mnp.diff(f, prepend=0.5, append=Tensor([[1.0], [2.0]]))),
            "diff_u8": outcome(lambda: mnp.diff(Tensor([5, 3, 9], ms.uint8))),
            "diff_f64": outcome(lambda: mnp.diff(f.astype(ms.float64))),
            "diff_bool": outcome(lambda: mnp.diff(Tensor([True, False, False]))),
            "diff_big_n": outcome(lambda: mnp.diff(x, 4)), "diff_neg_n": outcome(lambda: mnp.diff(x, -1)),
            "diff_list": outcome(lambda: mnp.diff([1, 2, 4])),
            "ediff1d": outcome(lambda: mnp.ediff1d(x)),
            "ediff1d_ends": outcome(lambda: mnp.ediff1d(f, to_end=[7.0, 8.0], to_begin=Tensor([-1]))),
            "ediff1d_int_begin": outcome(lambda: mnp.ediff1d(x, to_begin=2.7)),
            "gradient": outcome(lambda: mnp.gradient(f)), "gradient_axis": outcome(lambda: mnp.gradient(f, 2.0, axis=1)),
            "gradient_int": outcome(lambda: mnp.gradient(Tensor([1, 4, 9, 16], ms.int32))),
            "gradient_two": outcome(lambda: mnp.gradient(f, 1.0, 0.5)),
            "gradient_small": outcome(lambda: mnp.gradient(Tensor([[1.0, 2.0]]))),
            "gradient_edge": outcome(lambda: mnp.gradient(f, edge_order=2)),
            "gradient_list": outcome(lambda: mnp.gradient([1.0, 3.0, 7.0]))}


def case_convolution():
    a, v = _f((6,)), _f((3,), 1)
    out = {}
    for mode in ("full", "same", "valid"):
        out["convolve_" + mode] = outcome(lambda m=mode: mnp.convolve(a, v, m))
        out["correlate_" + mode] = outcome(lambda m=mode: mnp.correlate(a, v, m))
    out["convolve_swap"] = outcome(lambda: mnp.convolve(v, a))
    out["convolve_int"] = outcome(lambda: mnp.convolve(Tensor([1, 2, 3], ms.int32), Tensor([0, 1], ms.int32)))
    out["convolve_list"] = outcome(lambda: mnp.convolve([1.0, 2.0], [3.0, 4.0, 5.0]))
    out["convolve_bad_mode"] = outcome(lambda: mnp.convolve(a, v, "other"))
    out["convolve_empty"] = outcome(lambda: mnp.convolve(Tensor(np.zeros(0, np.float32)), v))
    out["convolve_2d"] = outcome(lambda: mnp.convolve(_f((2, 2)), v))
    out["correlate_list"] = outcome(lambda: mnp.correlate([1.0, 2.0, 3.0], [0.0, 1.0]))
    out["correlate_int"] = outcome(lambda: mnp.correlate(Tensor([1, 2, 3], ms.int32), Tensor([1, 1], ms.int32)))
    out["correlate_swap"] = outcome(lambda: mnp.correlate(v, a, "full"))
    out["correlate_bad_mode"] = outcome(lambda: mnp.correlate(a, v, "other"))
    return out


def case_statistics():
    m = _f((3, 5))
    fw = Tensor([1, 2, 1, 1, 3], ms.int32)
    aw = Tensor([1, 1, 2, 1, 1], ms.int32)
    return {"cov": outcome(lambda: mnp.cov(m)), "cov_cols": outcome(lambda: mnp.cov(m, rowvar=False)),
            "cov_y": outcome(lambda: mnp.cov(m[0], m[1])), "cov_bias": outcome(lambda: mnp.cov(m, bias=True)),
            "cov_ddof": outcome(lambda: mnp.cov(m, ddof=2)), "cov_fweights": outcome(lambda: mnp.cov(m, fweights=fw)),
            "cov_aweights": outcome(lambda: mnp.cov(m, aweights=aw)),
            "cov_both": outcome(lambda: mnp.cov(m, fweights=fw, aweights=aw, ddof=1)),
            "cov_1d": outcome(lambda: mnp.cov(m[0])), "cov_list": outcome(lambda: mnp.cov([[1, 2, 4], [2, 2, 3]])),
            "cov_dtype": outcome(lambda: mnp.cov(m, dtype=ms.float16)),
            "cov_float_weights": outcome(lambda: mnp.cov(m, fweights=Tensor([1.0, 2.0, 1.0, 1.0, 3.0]))),
            "cov_3d": outcome(lambda: mnp.cov(_f((2, 2, 2)))),
            "cov_rowvar_int": outcome(lambda: mnp.cov(m, rowvar=1)),
            "corrcoef": outcome(lambda: mnp.corrcoef(m)), "corrcoef_y": outcome(lambda: mnp.corrcoef(m[0], m[2])),
            "corrcoef_1d": outcome(lambda: mnp.corrcoef(m[0])),
            "corrcoef_dtype": outcome(lambda: mnp.corrcoef(m, rowvar=False, dtype=ms.float64))}


def case_histograms():
    a = Tensor(np.array([0.5, 1.5, 2.0, 2.5, 4.0, 3.3, 0.0, 1.0], np.float32))
    w = Tensor(np.array([1.0, 2.0, 0.5, 1.0, 1.0, 3.0, 2.0, 1.0], np.float32))
    xy = _f((6,), 1), _f((6,), 2)
    return {"hist": outcome(lambda: mnp.histogram(a)), "hist_bins": outcome(lambda: mnp.histogram(a, 3)),
            "hist_range": outcome(lambda: mnp.histogram(a, 4, (1, 3))),
            "hist_weights_density": outcome(lambda: mnp.histogram(a, 4, weights=w, density=True)),
            "hist_edges": outcome(lambda: mnp.histogram(a, Tensor([0.0, 1.0, 2.5, 4.0]))),
            "hist_list_edges": outcome(lambda: mnp.histogram(a, [0.0, 2.0, 4.0])),
            "hist_int": outcome(lambda: mnp.histogram(Tensor([1, 2, 2, 5], ms.int32), 2)),
            "hist2d": outcome(lambda: mnp.histogram2d(*xy, bins=3)),
            "hist2d_bins": outcome(lambda: mnp.histogram2d(*xy, bins=(2, 3), range=((-2, 2), (-1, 1)))),
            "hist2d_density": outcome(lambda: mnp.histogram2d(*xy, bins=2, density=True)),
            "histdd": outcome(lambda: mnp.histogramdd(_f((8, 3), 3), bins=2)),
            "histdd_weights": outcome(lambda: mnp.histogramdd(_f((8, 2), 4), bins=[2, 3], weights=_f((8,), 5))),
            "histdd_tuple": outcome(lambda: mnp.histogramdd((xy[0], xy[1]), bins=2)),
            "histdd_bad_bins": outcome(lambda: mnp.histogramdd(_f((8, 2), 4), bins=[2, 3, 4])),
            "histdd_rank": outcome(lambda: mnp.histogramdd(_f((2, 2, 2), 4))),
            "hist_weights_shape": outcome(lambda: mnp.histogram(a, weights=Tensor([1.0, 2.0])))}


def case_binning():
    x = Tensor(np.array([0.2, 6.4, 3.0, 1.6, -1.0, 10.0], np.float32))
    bins = Tensor(np.array([0.0, 1.0, 2.5, 4.0, 10.0], np.float32))
    return {"bincount": outcome(lambda: mnp.bincount(Tensor([0, 1, 1, 3, 2, 1, 7], ms.int32))),
            "bincount_weights": outcome(lambda: mnp.bincount(Tensor([0, 1, 1, 3], ms.int32), Tensor([0.5, 1.0, 2.0, 3.0]))),
            "bincount_minlength": outcome(lambda: mnp.bincount(Tensor([0, 1], ms.int32), minlength=5)),
            "bincount_length": outcome(lambda: mnp.bincount(Tensor([0, 1, 6], ms.int32), length=4)),
            "bincount_neg": outcome(lambda: mnp.bincount(Tensor([-1, 1, 2], ms.int32))),
            "bincount_list": outcome(lambda: mnp.bincount([1, 1, 2])),
            "bincount_float": outcome(lambda: mnp.bincount(Tensor([1.0, 2.0]))),
            "bincount_2d": outcome(lambda: mnp.bincount(Tensor([[1, 2]], ms.int32))),
            "digitize": outcome(lambda: mnp.digitize(x, bins)),
            "digitize_right": outcome(lambda: mnp.digitize(x, bins, right=True)),
            "digitize_decreasing": outcome(lambda: mnp.digitize(x, Tensor([10.0, 4.0, 1.0]))),
            "digitize_list": outcome(lambda: mnp.digitize([1, 5, 9], [0, 4, 8])),
            "digitize_2d_bins": outcome(lambda: mnp.digitize(x, Tensor([[1.0, 2.0]]))),
            "searchsorted": outcome(lambda: mnp.searchsorted(bins, x)),
            "searchsorted_right": outcome(lambda: mnp.searchsorted(bins, Tensor([[1.0, 4.0], [0.0, 11.0]]), "right")),
            "searchsorted_sorter": outcome(lambda: mnp.searchsorted(Tensor([3.0, 1.0, 2.0]), Tensor([2.5, 0.5]),
                                                                    sorter=Tensor([1, 2, 0], ms.int32))),
            "searchsorted_int": outcome(lambda: mnp.searchsorted([1, 3, 5, 7], 4)),
            "searchsorted_bad_side": outcome(lambda: mnp.searchsorted(bins, x, "middle")),
            "searchsorted_2d": outcome(lambda: mnp.searchsorted(Tensor([[1.0, 2.0]]), x)),
            "interp": outcome(lambda: mnp.interp(x, bins, Tensor([0.0, 2.0, 3.0, 1.0, 5.0]))),
            "interp_left_right": outcome(lambda: mnp.interp(x, bins, Tensor([0.0, 2.0, 3.0, 1.0, 5.0]), -5.0, 7)),
            "interp_list": outcome(lambda: mnp.interp([0.5, 1.5, 3], [1, 2], [10, 20])),
            "interp_size": outcome(lambda: mnp.interp(x, bins, Tensor([0.0, 2.0])))}


def case_polynomials():
    p, q = Tensor([1.0, -2.0, 3.0]), Tensor([4.0, 5.0])
    pi = Tensor([3, 0, 2], ms.int32)
    return {"polyadd": outcome(lambda: mnp.polyadd(p, q)), "polyadd_rev": outcome(lambda: mnp.polyadd(q, p)),
            "polyadd_same": outcome(lambda: mnp.polyadd(p, p)), "polyadd_int": outcome(lambda: mnp.polyadd(pi, [1, 1])),
            "polysub": outcome(lambda: mnp.polysub(p, q)), "polysub_rev": outcome(lambda: mnp.polysub(q, p)),
            "polysub_int": outcome(lambda: mnp.polysub(pi, 2)),
            "polymul": outcome(lambda: mnp.polymul(p, q)), "polymul_int": outcome(lambda: mnp.polymul(pi, pi)),
            "polyval": outcome(lambda: mnp.polyval(p, Tensor([[0.0, 1.0], [2.0, -1.5]]))),
            "polyval_int": outcome(lambda: mnp.polyval(pi, 2)), "polyval_list": outcome(lambda: mnp.polyval([1, 2], [3, 4])),
            "polyder": outcome(lambda: mnp.polyder(p)), "polyder_2": outcome(lambda: mnp.polyder(p, 2)),
            "polyder_int": outcome(lambda: mnp.polyder(pi)), "polyder_high": outcome(lambda: mnp.polyder(p, 5)),
            "polyder_0": outcome(lambda: mnp.polyder(p, 0)), "polyder_neg": outcome(lambda: mnp.polyder(p, -1)),
            "polyint": outcome(lambda: mnp.polyint(p)), "polyint_2k": outcome(lambda: mnp.polyint(p, 2, 3.0)),
            "polyint_k_list": outcome(lambda: mnp.polyint(p, 2, [1.0, 2.0])),
            "polyint_int": outcome(lambda: mnp.polyint(pi)), "polyint_0": outcome(lambda: mnp.polyint(p, 0)),
            "polyint_neg": outcome(lambda: mnp.polyint(p, -1)),
            "poly_2d": outcome(lambda: mnp.polyadd(Tensor([[1.0]]), q))}


def case_unwrap_ravel():
    ph = Tensor(np.array([0.0, 3.0, 6.5, 1.0, -4.0, 2.0], np.float32))
    return {"unwrap": outcome(lambda: mnp.unwrap(ph)), "unwrap_discont": outcome(lambda: mnp.unwrap(ph, 4.0)),
            "unwrap_2d": outcome(lambda: mnp.unwrap(_f((2, 4)) * 3, axis=0)),
            "unwrap_list": outcome(lambda: mnp.unwrap([0.0, 5.0, 10.0])),
            "unwrap_int": outcome(lambda: mnp.unwrap(Tensor([0, 5, 10], ms.int32))),
            "unwrap_bad_discont": outcome(lambda: mnp.unwrap(ph, "x")),
            "ravel_multi_index": outcome(lambda: mnp.ravel_multi_index(Tensor([[3, 6, 6], [4, 5, 1]], ms.int32), (7, 6))),
            "ravel_F": outcome(lambda: mnp.ravel_multi_index(Tensor([[3, 6, 6], [4, 5, 1]], ms.int32), (7, 6), order="F")),
            "ravel_clip": outcome(lambda: mnp.ravel_multi_index(Tensor([[9, -1], [4, 8]], ms.int32), (7, 6))),
            "ravel_wrap": outcome(lambda: mnp.ravel_multi_index(Tensor([[9, -1], [4, 8]], ms.int32), (7, 6), "wrap")),
            "ravel_3d": outcome(lambda: mnp.ravel_multi_index((3, 1, 4), (6, 7, 8))),
            "ravel_raise": outcome(lambda: mnp.ravel_multi_index(Tensor([[1], [2]], ms.int32), (7, 6), "raise")),
            "ravel_float": outcome(lambda: mnp.ravel_multi_index(Tensor([[1.0], [2.0]]), (7, 6))),
            "ravel_len": outcome(lambda: mnp.ravel_multi_index(Tensor([[1], [2]], ms.int32), (7, 6, 2))),
            "ravel_bad_order": outcome(lambda: mnp.ravel_multi_index(Tensor([[1], [2]], ms.int32), (7, 6), order="K"))}


def case_clip():
    x = Tensor(np.array([[-3.0, 0.5, 2.0], [5.0, np.nan, -0.5]], np.float32))
    i = Tensor([-3, 0, 7], ms.int32)
    return {"both": outcome(lambda: mnp.clip(x, -1, 3)), "min_only": outcome(lambda: mnp.clip(x, 0.0, None)),
            "max_only": outcome(lambda: mnp.clip(i, None, 2)), "int_float": outcome(lambda: mnp.clip(i, 0.5, 5.5)),
            "tensor_bounds": outcome(lambda: mnp.clip(x, Tensor([0.0, 1.0, -1.0]), Tensor(2.0))),
            "dtype": outcome(lambda: mnp.clip(x, -1, 1, dtype=ms.float16)),
            "list": outcome(lambda: mnp.clip([1, 5, 9], 2, 6)),
            "none": outcome(lambda: mnp.clip(x, None, None))}


def case_dtype_helpers():
    out = {"promote": [str(mnp.promote_types(a, b)) for a, b in
                       ((ms.int8, ms.uint8), (ms.int32, ms.float16), ("float32", "float64"), (np.float16, ms.int64),
                        (ms.uint16, ms.float64), (ms.uint64, ms.int32), (ms.bool_, ms.int8), (int, float),
                        ("bool", "uint8"), (ms.float32, "int32"))],
           "result_type": [str(mnp.result_type(*args)) for args in
                           ((Tensor([1], ms.int8), 2), (Tensor([1], ms.int8), 2.0), (1, 2.0), (True, Tensor([1], ms.int16)),
                            ("float16", Tensor([1.0])), (ms.int32, ms.uint8, "float64"), (Tensor([1], ms.int64),),
                            (Tensor([1.0], ms.float64), 1), (False, True))],
           "promote_bad": outcome(lambda: mnp.promote_types("float128", ms.int8)),
           "result_bad": outcome(lambda: mnp.result_type([1, 2]))}
    return out
