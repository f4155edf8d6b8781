"""Parity cases for mindspore.numpy elementwise unary math: every function over every dtype, list input,
the dtype= argument and the inputs MindSpore rejects."""
COMPILED_PASS = False

import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome  # registered by the parity loader

_DTYPES = ("bool_", "int8", "int32", "int64", "uint8", "float16", "float32", "float64")
_VALUES = {"bool_": [[True, False], [False, True]], "int": [[-2, 0], [1, 3]], "uint8": [[2, 0], [1, 3]],
           "float": [[-1.5, 0.0], [0.25, 2.5]]}


def _x(dt):
    key = dt if dt in ("bool_", "uint8") else ("float" if dt.startswith("float") else "int")
    return Tensor(np.array(_VALUES[key]), getattr(ms, dt))


def _sweep(names, extra=None):
    out = {}
    for name in names:
        fn = getattr(mnp, name)
        res = {dt: outcome(lambda fn=fn, dt=dt: fn(_x(dt))) for dt in _DTYPES}
        res["list_int"] = outcome(lambda fn=fn: fn([1, 2, 3]))
        res["list_float"] = outcome(lambda fn=fn: fn([0.5, -0.25]))
        res["scalar"] = outcome(lambda fn=fn: fn(0.5))
        out[name] = res
    return out


def case_trig():
    return _sweep(["sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh",
                   "arccosh", "arctanh", "deg2rad", "rad2deg", "radians"])


def case_exp_log():
    return _sweep(["exp", "exp2", "expm1", "log", "log10", "log1p", "log2"])


def case_roots_powers():
    return _sweep(["sqrt", "square", "cbrt", "reciprocal"])


def case_rounding():
    return _sweep(["ceil", "floor", "fix", "trunc", "rint"])


def case_sign_abs():
    return _sweep(["abs", "absolute", "fabs", "sign", "signbit", "negative", "positive"])


def case_bitwise_logical():
    return _sweep(["invert", "bitwise_not", "logical_not"])


def case_float_classes():
    x = Tensor(np.array([1.0, np.inf, -np.inf, np.nan, 0.0], np.float32))
    out = _sweep(["isfinite", "isnan", "isinf", "isposinf", "isneginf"])
    for name in ("isfinite", "isnan", "isinf", "isposinf", "isneginf"):
        out[name]["special"] = outcome(lambda name=name: getattr(mnp, name)(x))
        out[name]["special_f16"] = outcome(lambda name=name: getattr(mnp, name)(x.astype(ms.float16)))
    return out


def case_dtype_argument():
    x = Tensor(np.array([0.5, 1.5, 4.0], np.float32))
    i = Tensor(np.array([1, 4, 9], np.int32))
    out = {}
    for name in ("sqrt", "exp", "sin", "square", "negative", "absolute", "floor", "log", "reciprocal", "rint",
                 "logical_not", "isnan", "signbit", "sign", "ceil", "trunc", "cbrt", "exp2", "log2"):
        fn = getattr(mnp, name)
        out[name] = {"f16": outcome(lambda fn=fn: fn(x, dtype=ms.float16)),
                     "i32": outcome(lambda fn=fn: fn(i, dtype=ms.float32)),
                     "bool": outcome(lambda fn=fn: fn(x, dtype=ms.bool_))}
    return out


def case_numpy_array_input():
    arr = np.array([1.0, 2.0], np.float32)
    return {name: outcome(lambda name=name: getattr(mnp, name)(arr))
            for name in ("sqrt", "sin", "exp", "absolute", "sign", "isnan", "logical_not", "log2", "rint")}


def case_special_values():
    x = Tensor(np.array([-0.0, 0.0, -2.5, 2.5, -0.5, 0.5, 1.5, np.inf, -np.inf], np.float32))
    return {name: outcome(lambda name=name: getattr(mnp, name)(x))
            for name in ("rint", "fix", "trunc", "ceil", "floor", "sign", "signbit", "cbrt", "abs")}
