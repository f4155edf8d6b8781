"""Parity cases for mindspore.numpy logic functions: isclose, set membership (in1d/isin/setdiff1d), array_equal,
array_equiv, isscalar, plus comparisons and predicates across dtypes (the elementwise sweeps are in
numpy_math_binary/numpy_math_unary)."""
COMPILED_PASS = False

import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome  # registered by the parity loader


def case_isclose():
    a = Tensor(np.array([1.0, 1e-9, np.nan, np.inf, 2.0, 1e10], np.float32))
    b = Tensor(np.array([1.0 + 1e-6, 0.0, np.nan, np.inf, 2.1, 1.00001e10], np.float32))
    return {"default": outcome(lambda: mnp.isclose(a, b)), "equal_nan": outcome(lambda: mnp.isclose(a, b, equal_nan=True)),
            "tol": outcome(lambda: mnp.isclose(a, b, rtol=0.1, atol=0.0)),
            "broadcast": outcome(lambda: mnp.isclose(Tensor([[1.0], [2.0]]), Tensor([1.0, 2.0, 3.0]))),
            "list": outcome(lambda: mnp.isclose([1.0, 2.0], [1.0, 2.5])),
            "int": outcome(lambda: mnp.isclose(Tensor([1, 2], ms.int32), Tensor([1, 3], ms.int32))),
            "f16": outcome(lambda: mnp.isclose(a.astype(ms.float16), b.astype(ms.float16))),
            "mixed": outcome(lambda: mnp.isclose(Tensor([1, 2], ms.int32), Tensor([1.0, 2.5]))),
            "scalar": outcome(lambda: mnp.isclose(a, 1.0)),
            "shape_error": outcome(lambda: mnp.isclose(Tensor([1.0, 2.0]), Tensor([1.0, 2.0, 3.0])))}


def case_membership():
    x = Tensor(np.array([[0, 1, 2], [5, 0, 7]], np.int32))
    t = Tensor(np.array([0, 2, 9], np.int32))
    return {"in1d": outcome(lambda: mnp.in1d(x, t)), "in1d_invert": outcome(lambda: mnp.in1d(x, t, invert=True)),
            "in1d_list": outcome(lambda: mnp.in1d([1, 2, 3], [2])),
            "in1d_float": outcome(lambda: mnp.in1d(Tensor([1.5, 2.0, np.nan]), Tensor([2.0, np.nan]))),
            "in1d_mixed": outcome(lambda: mnp.in1d(Tensor([1.0, 2.5]), t)),
            "isin": outcome(lambda: mnp.isin(x, t)), "isin_invert": outcome(lambda: mnp.isin(x, [5, 7], invert=True)),
            "isin_scalar": outcome(lambda: mnp.isin(2, t)),
            "setdiff1d": outcome(lambda: mnp.setdiff1d(Tensor([5, 1, 3, 1, 9, 2], ms.int32), Tensor([2, 9, 4], ms.int32))),
            "setdiff1d_unique": outcome(lambda: mnp.setdiff1d(Tensor([[5, 1], [3, 9]], ms.int32), Tensor([9], ms.int32),
                                                              assume_unique=True)),
            "setdiff1d_float": outcome(lambda: mnp.setdiff1d(Tensor([2.5, -1.0, 2.5, 0.0]), Tensor([0.0]))),
            "setdiff1d_list": outcome(lambda: mnp.setdiff1d([3, 1, 2], [1])),
            "setdiff1d_bad_flag": outcome(lambda: mnp.setdiff1d(t, t, assume_unique=1))}


def case_array_equal():
    a = Tensor(np.array([[1.0, np.nan], [2.0, 3.0]], np.float32))
    return {"same": outcome(lambda: mnp.array_equal(a, a)), "nan": outcome(lambda: mnp.array_equal(a, a, equal_nan=True)),
            "shape": outcome(lambda: mnp.array_equal(a, a[0])), "list": outcome(lambda: mnp.array_equal([1, 2], [1, 2])),
            "int_float": outcome(lambda: mnp.array_equal(Tensor([1, 2], ms.int32), Tensor([1.0, 2.0]))),
            "bad_flag": outcome(lambda: mnp.array_equal(a, a, equal_nan=1)),
            "equiv": outcome(lambda: mnp.array_equiv(Tensor([1, 2], ms.int32), Tensor([[1, 2], [1, 2]], ms.int32))),
            "equiv_false": outcome(lambda: mnp.array_equiv(Tensor([1, 2], ms.int32), Tensor([[1, 2], [1, 3]], ms.int32))),
            "equiv_shape": outcome(lambda: mnp.array_equiv(Tensor([1, 2], ms.int32), Tensor([1, 2, 3], ms.int32))),
            "equiv_list": outcome(lambda: mnp.array_equiv([1, 2], [[1, 2]]))}


def case_isscalar():
    return {"values": [mnp.isscalar(v) for v in (1, 2.5, True, "s", None, [1], (1,), Tensor(1.0), Tensor([1.0]))]}


def case_predicates():
    x = Tensor(np.array([-1.5, 0.0, np.inf, -np.inf, np.nan, 2.0], np.float32))
    out = {}
    for name in ("isfinite", "isnan", "isinf", "isposinf", "isneginf", "signbit", "logical_not"):
        fn = getattr(mnp, name)
        out[name] = {"f32": outcome(lambda fn=fn: fn(x)), "f64": outcome(lambda fn=fn: fn(x.astype(ms.float64))),
                     "int": outcome(lambda fn=fn: fn(Tensor([-1, 0, 3], ms.int32)))}
    out["signbit_dtype"] = outcome(lambda: mnp.signbit(x, dtype=ms.bool_))
    out["isnan_dtype"] = outcome(lambda: mnp.isnan(x, dtype=ms.int32))
    out["sometrue_nan"] = outcome(lambda: mnp.sometrue(x))
    return out


def case_comparisons_mixed():
    a = Tensor(np.array([[1, 2, 3]], np.int32))
    b = Tensor(np.array([[1.0], [2.5]], np.float32))
    out = {}
    for name in ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and", "logical_or",
                 "logical_xor"):
        fn = getattr(mnp, name)
        out[name] = {"bcast": outcome(lambda fn=fn: fn(a, b)), "dtype": outcome(lambda fn=fn: fn(a, b, dtype=ms.float32)),
                     "nan": outcome(lambda fn=fn: fn(Tensor([np.nan, 1.0]), Tensor([np.nan, 1.0])))}
    return out
