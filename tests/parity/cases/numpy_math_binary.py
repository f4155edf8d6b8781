"""Parity cases for mindspore.numpy elementwise binary math and comparisons: dtype pairs (promotion, 0-d tensors,
Python scalars, lists), broadcasting, the dtype= argument and rejected inputs."""
COMPILED_PASS = False

import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome  # registered by the parity loader


def _t(values, dt):
    return Tensor(np.array(values), getattr(ms, dt))


# (left, right) pairs; right-hand values avoid zero so integer division stays defined
def _pairs():
    return {
        "f32_f32": (_t([[-3.5, 2.0], [0.5, 7.0]], "float32"), _t([2.0, -1.5], "float32")),
        "i32_i32": (_t([[-7, 6], [5, 0]], "int32"), _t([2, -4], "int32")),
        "i32_f32": (_t([-7, 6, 5], "int32"), _t([2.5, -4.0, 3.0], "float32")),
        "i8_i32_0d": (_t([-7, 6, 5], "int8"), _t(3, "int32")),
        "f16_f32": (_t([1.5, -2.0], "float16"), _t([0.5, 3.0], "float32")),
        "f16_pyfloat": (_t([1.5, -2.0], "float16"), 2.5),
        "i64_i64": (_t([9, -8], "int64"), _t([4, 3], "int64")),
        "u8_u8": (_t([9, 200], "uint8"), _t([4, 3], "uint8")),
        "u8_i8": (_t([9, 200], "uint8"), _t([4, -3], "int8")),
        "f64_f64": (_t([1.25, -2.5], "float64"), _t([0.5, 2.0], "float64")),
        "bool_bool": (_t([True, False, True], "bool_"), _t([True, True, False], "bool_")),
        "bool_i32": (_t([True, False], "bool_"), _t([3, 2], "int32")),
        "i32_pyint": (_t([-7, 6, 5], "int32"), 3),
        "f32_pyint": (_t([-7.5, 6.0], "float32"), 2),
        "i32_pyfloat": (_t([-7, 6], "int32"), 2.5),
        "pyint_i32": (4, _t([3, -2], "int32")),
        "lists": ([1, 2, 3], [2, 2, 2]),
        "list_float": ([1.5, -2.5], [2, 3]),
        "scalars": (7, 2),
    }


def _sweep(names):
    pairs = _pairs()
    return {name: {k: outcome(lambda a=a, b=b, fn=getattr(mnp, name): fn(a, b)) for k, (a, b) in pairs.items()}
            for name in names}


def case_arith():
    return _sweep(["add", "subtract", "multiply", "divide", "true_divide"])


def case_float_ops():
    return _sweep(["power", "float_power", "hypot", "arctan2", "logaddexp", "logaddexp2", "copysign", "heaviside"])


def case_minmax():
    return _sweep(["maximum", "minimum"])


def case_modulo():
    return _sweep(["floor_divide", "remainder", "mod", "fmod", "divmod"])


def case_gcd_lcm():
    return _sweep(["gcd", "lcm"])


def case_bitwise():
    return _sweep(["bitwise_and", "bitwise_or", "bitwise_xor"])


def case_logical():
    return _sweep(["logical_and", "logical_or", "logical_xor"])


def case_compare():
    return _sweep(["equal", "not_equal", "less", "less_equal", "greater", "greater_equal"])


def case_nan_propagation():
    a = _t([1.0, np.nan, 3.0, -np.inf], "float32")
    b = _t([np.nan, 2.0, 1.0, 5.0], "float32")
    return {"maximum": outcome(lambda: mnp.maximum(a, b)), "minimum": outcome(lambda: mnp.minimum(a, b)),
            "maximum_0d": outcome(lambda: mnp.maximum(_t(2.0, "float32"), _t(np.nan, "float32"))),
            "minimum_scalar": outcome(lambda: mnp.minimum(a, 2.0)),
            "maximum_0d_int": outcome(lambda: mnp.maximum(_t([1.5, 4.0], "float32"), _t(3, "int32"))),
            "heaviside_zero": outcome(lambda: mnp.heaviside(_t([-1.0, 0.0, 2.0], "float32"), 0.5)),
            "fmod_neg": outcome(lambda: mnp.fmod(_t([-7.0, 7.0, -7.5], "float32"), _t([3.0, -3.0, 2.0], "float32"))),
            "remainder_neg": outcome(lambda: mnp.remainder(_t([-7.0, 7.0, -7.5], "float32"),
                                                           _t([3.0, -3.0, 2.0], "float32"))),
            "remainder_int_zero": outcome(lambda: mnp.remainder(_t([-7, 7], "int32"), _t([0, 2], "int32"))),
            "fmod_int_zero": outcome(lambda: mnp.fmod(_t([-7, 7], "int32"), _t([0, -2], "int32"))),
            "gcd_zero": outcome(lambda: mnp.gcd(_t([0, 0, 12], "int32"), _t([0, 5, 0], "int32"))),
            "lcm_zero": outcome(lambda: mnp.lcm(_t([0, 4, -6], "int32"), _t([3, 0, 4], "int32")))}


def case_broadcast():
    a = _t(np.arange(6).reshape(2, 3, 1) * 0.5, "float32")
    b = _t([1.0, -2.0, 3.0, 4.0], "float32")
    return {name: outcome(lambda fn=getattr(mnp, name): fn(a, b))
            for name in ("add", "subtract", "multiply", "divide", "power", "maximum", "arctan2", "less", "equal",
                         "logical_and", "copysign", "hypot", "remainder", "floor_divide")}


def case_broadcast_error():
    a = _t([[1.0, 2.0, 3.0]], "float32")
    b = _t([1.0, 2.0], "float32")
    return {name: outcome(lambda fn=getattr(mnp, name): fn(a, b))
            for name in ("add", "multiply", "maximum", "equal", "copysign", "heaviside")}


def case_dtype_argument():
    a = _t([1.5, -2.0, 4.0], "float32")
    b = _t([2, 3, 1], "int32")
    out = {}
    for name in ("add", "subtract", "multiply", "divide", "power", "maximum", "minimum", "remainder", "fmod",
                 "floor_divide", "hypot", "arctan2", "equal", "less", "logical_or", "logaddexp", "copysign",
                 "heaviside", "float_power", "divmod"):
        fn = getattr(mnp, name)
        out[name] = {"f16": outcome(lambda fn=fn: fn(a, b, dtype=ms.float16)),
                     "i32": outcome(lambda fn=fn: fn(a, b, dtype=ms.int32))}
    for name in ("bitwise_and", "bitwise_or", "bitwise_xor", "gcd", "lcm"):
        out[name] = outcome(lambda fn=getattr(mnp, name): fn(b, b + 1, dtype=ms.float32))
    return out


def case_numpy_array_input():
    arr = np.array([1.0, 2.0], np.float32)
    t = Tensor([3.0, 4.0])
    return {name: outcome(lambda fn=getattr(mnp, name): fn(t, arr))
            for name in ("add", "subtract", "multiply", "divide", "maximum", "equal", "less", "logical_and",
                         "power", "remainder", "copysign", "arctan2")}
