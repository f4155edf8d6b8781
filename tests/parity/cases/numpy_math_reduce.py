"""Parity cases for mindspore.numpy reductions, statistics and scans: dtypes, axis/keepdims forms, initial/where,
NaN-aware variants, and the arguments MindSpore rejects."""
COMPILED_PASS = False

import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome  # registered by the parity loader

_DTYPES = ("bool_", "int8", "int32", "int64", "uint8", "float16", "float32", "float64")


def _x(dt):
    v = np.array([[3, 0, 2], [1, 5, 4]]) if dt != "bool_" else np.array([[True, False, True], [False, True, True]])
    if dt.startswith("float"):
        v = v * 0.5 - 1.0
    return Tensor(v, getattr(ms, dt))


def _sweep(names, calls):
    out = {}
    for name in names:
        fn = getattr(mnp, name)
        out[name] = {f"{dt}_{k}": outcome(lambda fn=fn, dt=dt, c=c: c(fn, _x(dt)))
                     for dt in _DTYPES for k, c in calls.items()}
        out[name]["list"] = outcome(lambda fn=fn: fn([[1, 2], [3, 4]]))
    return out


_AXES = {"all": lambda f, x: f(x), "ax0": lambda f, x: f(x, axis=0), "ax_neg_keep": lambda f, x: f(x, -1, keepdims=True),
         "tuple": lambda f, x: f(x, axis=(0, 1))}


def case_sum_mean():
    return _sweep(["sum", "mean"], _AXES)


def case_extremes():
    return _sweep(["amax", "amin", "max", "min", "ptp"], _AXES)


def case_statistics():
    out = _sweep(["std", "var"], {"all": lambda f, x: f(x), "ax1_ddof": lambda f, x: f(x, 1, 1),
                                  "keep": lambda f, x: f(x, axis=0, keepdims=True)})
    out.update(_sweep(["average"], {"all": lambda f, x: f(x), "ax0": lambda f, x: f(x, axis=0),
                                    "returned": lambda f, x: f(x, axis=1, returned=True)}))
    return out


def case_index_reductions():
    return _sweep(["argmax", "argmin", "count_nonzero"],
                  {"all": lambda f, x: f(x), "ax0": lambda f, x: f(x, 0), "ax_neg": lambda f, x: f(x, -1)})


def case_scans():
    return _sweep(["cumsum", "cumprod", "nancumsum"],
                  {"all": lambda f, x: f(x), "ax1": lambda f, x: f(x, 1), "dtype": lambda f, x: f(x, 0, ms.float32)})


def case_nan_reductions():
    x = Tensor(np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, 2.0]], np.float32))
    out = {}
    for name in ("nansum", "nanmean", "nanmax", "nanmin", "nanvar", "nanstd", "nancumsum"):
        fn = getattr(mnp, name)
        out[name] = {"all": outcome(lambda fn=fn: fn(x)), "ax0": outcome(lambda fn=fn: fn(x, 0)),
                     "ax1": outcome(lambda fn=fn: fn(x, axis=1))}
    for name in ("nansum", "nanmean", "nanmax", "nanmin", "nanvar", "nanstd"):
        fn = getattr(mnp, name)
        out[name]["keep"] = outcome(lambda fn=fn: fn(x, axis=1, keepdims=True))
        out[name]["f64"] = outcome(lambda fn=fn: fn(x.astype(ms.float64), axis=0))
        out[name]["dtype"] = outcome(lambda fn=fn: fn(x, axis=0, dtype=ms.float16))
    out["nanvar"]["ddof"] = outcome(lambda: mnp.nanvar(x, axis=1, ddof=1))
    out["nanstd"]["ddof"] = outcome(lambda: mnp.nanstd(x, ddof=1))
    return out


def case_nan_reductions_dtypes():
    out = {}
    for name in ("nansum", "nanmean", "nanmax", "nanmin", "nanvar", "nanstd"):
        fn = getattr(mnp, name)
        out[name] = {dt: outcome(lambda fn=fn, dt=dt: fn(_x(dt), axis=0)) for dt in _DTYPES}
        out[name]["list"] = outcome(lambda fn=fn: fn([[1, 2], [3, 4]]))
    return out


def case_initial_where():
    x = Tensor(np.array([[3.0, -1.0, 2.0], [1.0, 5.0, 4.0]], np.float32))
    w = Tensor(np.array([True, False, True]))
    return {"amax_initial": outcome(lambda: mnp.amax(x, initial=4.0)),
            "amax_initial_axis": outcome(lambda: mnp.amax(x, axis=0, initial=2)),
            "amin_initial": outcome(lambda: mnp.amin(x, axis=1, initial=0.0)),
            "amax_where": outcome(lambda: mnp.amax(x, axis=1, initial=-10.0, where=w)),
            "amin_where_keep": outcome(lambda: mnp.amin(x, axis=1, keepdims=True, initial=10.0, where=w)),
            "amax_where_no_initial": outcome(lambda: mnp.amax(x, axis=1, where=w)),
            "sum_initial": outcome(lambda: mnp.sum(x, axis=0, initial=10)),
            "sum_dtype": outcome(lambda: mnp.sum(x, dtype=ms.int32)),
            "mean_dtype": outcome(lambda: mnp.mean(x, axis=1, dtype=ms.float16)),
            "sum_int_initial": outcome(lambda: mnp.sum(Tensor([1, 2], ms.int32), initial=5)),
            "empty_sum": outcome(lambda: mnp.sum(Tensor(np.zeros((0, 3), np.float32)), axis=0)),
            "empty_amax": outcome(lambda: mnp.amax(Tensor(np.zeros((0, 3), np.float32)), axis=0)),
            "empty_amax_initial": outcome(lambda: mnp.amax(Tensor(np.zeros((0, 3), np.float32)), axis=0, initial=1.0)),
            "count_nonzero_empty": outcome(lambda: mnp.count_nonzero(Tensor(np.zeros((0,), np.float32))))}


def case_axis_errors():
    x = Tensor(np.ones((2, 3), np.float32))
    return {"sum_axis_out": outcome(lambda: mnp.sum(x, axis=2)), "mean_axis_dup": outcome(lambda: mnp.mean(x, (0, 0))),
            "amax_axis_float": outcome(lambda: mnp.amax(x, axis=1.0)), "std_axis_out": outcome(lambda: mnp.std(x, 3)),
            "argmax_axis_out": outcome(lambda: mnp.argmax(x, 2)),
            "cumsum_axis_out": outcome(lambda: mnp.cumsum(x, 2)),
            "cumprod_axis_tuple": outcome(lambda: mnp.cumprod(x, (0,))),
            "nanmax_keep_float": outcome(lambda: mnp.nanmax(x, keepdims=1.5)),
            "initial_tensor": outcome(lambda: mnp.amax(x, initial=Tensor([1.0, 2.0]))),
            "average_weights_shape": outcome(lambda: mnp.average(x, weights=Tensor(np.ones((2, 2), np.float32)))),
            "average_weights_1d_no_axis": outcome(lambda: mnp.average(x, weights=Tensor([1.0, 2.0, 3.0]))),
            "numpy_input": outcome(lambda: mnp.sum(np.ones(3, np.float32)))}


def case_average_weights():
    x = Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32))
    return {"full": outcome(lambda: mnp.average(x, weights=Tensor(np.array([[1.0, 2.0, 3.0], [1.0, 0.0, 1.0]],
                                                                                np.float32)))),
            "1d": outcome(lambda: mnp.average(x, axis=1, weights=Tensor([1.0, 0.0, 3.0]))),
            "1d_returned": outcome(lambda: mnp.average(x, axis=0, weights=Tensor([1.0, 3.0]), returned=True)),
            "tuple_axis": outcome(lambda: mnp.average(x, axis=(0, 1), returned=True)),
            "int": outcome(lambda: mnp.average(Tensor([[1, 2], [3, 5]], ms.int32), axis=0, returned=True))}


def case_sometrue():
    x = Tensor(np.array([[0, 2, 0], [0, 0, 0]], np.int32))
    return {"all": outcome(lambda: mnp.sometrue(x)), "ax1": outcome(lambda: mnp.sometrue(x, 1)),
            "keep": outcome(lambda: mnp.sometrue(x, axis=0, keepdims=True)),
            "float": outcome(lambda: mnp.sometrue(Tensor([0.0, np.nan]))),
            "bool": outcome(lambda: mnp.sometrue(Tensor([False, False]))),
            "list": outcome(lambda: mnp.sometrue([0, 1])),
            "keep_float": outcome(lambda: mnp.sometrue(x, keepdims=0.5)),
            "axis_out": outcome(lambda: mnp.sometrue(x, 2))}
