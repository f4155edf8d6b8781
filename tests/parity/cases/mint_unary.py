"""Parity sweep of `mindspore.mint` unary elementwise functions (and the `mint.special` aliases): values and
output dtypes over float32/float16/float64/int32/bool inputs; an entry MindSpore rejects records its error type.

MindSpore 2.10's CPU backend has no kernel for the torch-style `*_ext` ones (acos/asin/atan/... and their arc*
aliases, exp2, log2, log10, frac, isneginf, bitwise_not: "kernel unregistered"). `gap_unary_matches_numpy` calls
them and, where the kernel is missing, records numpy's result of the documented semantics (integer and bool inputs
promote to Float32), so mindshim's results must equal the documented ones."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, mint
from parity_ops_common import describe as _describe, flush as _flush, outcome as _o  # (parity loader)
from mindspore.common.api import _pynative_executor

COMPILED_PASS = False

_FN = {  # the mint functions the sweeps call, by name
    "abs": mint.abs, "acos": mint.acos, "acosh": mint.acosh, "arccos": mint.arccos, "arccosh": mint.arccosh,
    "arcsin": mint.arcsin, "arcsinh": mint.arcsinh, "arctan": mint.arctan, "arctanh": mint.arctanh, "asin": mint.asin,
    "asinh": mint.asinh, "atan": mint.atan, "atanh": mint.atanh, "ceil": mint.ceil, "cos": mint.cos,
    "cosh": mint.cosh, "erf": mint.erf, "erfc": mint.erfc, "erfinv": mint.erfinv, "exp": mint.exp, "exp2": mint.exp2,
    "expm1": mint.expm1, "floor": mint.floor, "frac": mint.frac, "isfinite": mint.isfinite, "isinf": mint.isinf,
    "isnan": mint.isnan, "isneginf": mint.isneginf, "log": mint.log, "log10": mint.log10, "log1p": mint.log1p,
    "log2": mint.log2, "logical_not": mint.logical_not, "nan_to_num": mint.nan_to_num, "neg": mint.neg,
    "negative": mint.negative, "reciprocal": mint.reciprocal, "round": mint.round, "rsqrt": mint.rsqrt,
    "sigmoid": mint.sigmoid, "sign": mint.sign, "sin": mint.sin, "sinc": mint.sinc, "sinh": mint.sinh,
    "sqrt": mint.sqrt, "square": mint.square, "tan": mint.tan, "tanh": mint.tanh,
}

TOLERANCES = {
    "float_unary": {"rtol": 1e-5, "atol": 1e-5, "why": "transcendental kernels differ in the last ulps"},
    "float16_unary": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 kernels round differently"},
    "special_aliases": {"rtol": 1e-5, "atol": 1e-5, "why": "transcendental kernels differ in the last ulps"},
}

_FLOAT_NAMES = ["abs", "arctanh", "atanh", "ceil", "cos", "cosh", "erf", "erfc", "erfinv", "exp", "expm1", "floor",
                "isfinite", "isinf", "isnan", "log", "log1p", "neg", "negative", "reciprocal", "round", "rsqrt",
                "sigmoid", "sign", "sin", "sinc", "sinh", "sqrt", "square", "tan", "tanh", "logical_not",
                "nan_to_num"]
_GAP_NAMES = {"acos": np.arccos, "acosh": np.arccosh, "arccos": np.arccos, "arccosh": np.arccosh,
              "arcsin": np.arcsin, "arcsinh": np.arcsinh, "arctan": np.arctan, "asin": np.arcsin,
              "asinh": np.arcsinh, "atan": np.arctan, "exp2": np.exp2, "log2": np.log2, "log10": np.log10,
              "frac": lambda v: v - np.trunc(v), "isneginf": np.isneginf}
_GAP_MESSAGES = ("unregistered", "kernelmod", "Not implement", "only support decimals equal 0")


def _g(fn, ref):
    """fn()'s outcome; where MindSpore's CPU backend has no kernel for it, the documented reference's."""
    _flush()
    try:
        out = _describe(fn())
        _pynative_executor.sync()
        return out
    except Exception as e:  # noqa: BLE001 - the type is the result
        _flush()
        if isinstance(e, RuntimeError) and any(m in str(e) for m in _GAP_MESSAGES):
            return _o(ref)
        return type(e).__name__


def _promoted(x):
    v = x.asnumpy()
    return v if v.dtype.kind == "f" else v.astype(np.float32)


def _sweep(x, skip=()):
    return {n: _o(lambda n=n: _FN[n](x)) for n in _FLOAT_NAMES if n not in skip}


def case_float_unary():
    return _sweep(Tensor(np.array([[-0.75, -0.2, 0.0], [0.3, 0.5, 0.9]], np.float32)))


def case_float_unary_big():
    return _sweep(Tensor(np.array([1.5, 2.0, 3.25, 7.0], np.float32)))


def case_float16_unary():
    return _sweep(Tensor(np.array([-0.5, 0.25, 0.75], np.float16)))


def case_float64_unary():
    return _sweep(Tensor(np.array([-0.5, 0.25, 0.75], np.float64)))


def case_int_unary():
    return _sweep(Tensor(np.array([[-3, 0, 1], [2, 5, 9]], np.int32)))


def case_int64_unary():
    return _sweep(Tensor(np.array([-3, 0, 4], np.int64)))


def case_bool_unary():
    # round: the CPU Round kernel has no Bool variant; sinc: MindSpore's CPU kernel gives NaN for False (0/0)
    return _sweep(Tensor(np.array([True, False, True])), skip=("round", "sinc"))


def case_special_values():
    x = Tensor(np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 2.5, -2.5, 0.5], np.float32))
    out = _sweep(x)
    out["nan_to_num_args"] = _o(lambda: mint.nan_to_num(x, nan=1.0, posinf=9.0, neginf=-9.0))
    out["round_decimals"] = _g(lambda: mint.round(Tensor([1.2345, -2.5551], ms.float32), decimals=2),
                               lambda: Tensor(np.array([1.23, -2.56], np.float32)))
    return out


def case_gap_unary_matches_numpy():
    out = {}
    inputs = {"f32": np.array([[-0.75, 0.0, 0.3], [1.5, 2.0, np.inf]], np.float32),
              "f16": np.array([-0.5, 0.25, 1.75], np.float16), "f64": np.array([-0.5, 0.25, 3.0]),
              "i32": np.array([-2, 0, 1, 3], np.int32), "bool": np.array([True, False])}
    with np.errstate(all="ignore"):
        for n, ref in _GAP_NAMES.items():
            for k, v in inputs.items():
                if n == "frac" and k in ("i32", "bool"):
                    continue
                x = Tensor(v)
                out[f"{n}_{k}"] = _g(lambda n=n, x=x: _FN[n](x), lambda ref=ref, x=x: Tensor(ref(_promoted(x))))
    for k, v in {"int32": np.array([0, 5, -3], np.int32), "uint8": np.array([0, 5, 200], np.uint8),
                 "bool": np.array([True, False])}.items():
        out[f"bitwise_not_{k}"] = _g(lambda v=v: mint.bitwise_not(Tensor(v)), lambda v=v: Tensor(np.invert(v)))
    return out


def case_special_aliases():
    x = Tensor(np.array([-0.7, 0.0, 0.3, 1.4], np.float32))
    i = Tensor(np.array([-2, 0, 3], np.int32))
    out = {}
    special = {"erfc": mint.special.erfc, "expm1": mint.special.expm1, "log1p": mint.special.log1p,
               "round": mint.special.round, "sinc": mint.special.sinc}
    for n, f in special.items():
        out[n] = [_o(lambda f=f: f(x)), _o(lambda f=f: f(i))]
    out["exp2"] = [_g(lambda: mint.special.exp2(x), lambda: Tensor(np.exp2(x.asnumpy()))),
                   _g(lambda: mint.special.exp2(i), lambda: Tensor(np.exp2(i.asnumpy()).astype(np.float32)))]
    m = np.arange(6, dtype=np.float32).reshape(2, 3)

    def lsm(v, axis):
        v = v.astype(np.float64)
        return v - v.max(axis, keepdims=True) - np.log(np.exp(v - v.max(axis, keepdims=True)).sum(axis, keepdims=True))

    out["log_softmax"] = [
        _g(lambda: mint.special.log_softmax(Tensor(m), dim=1), lambda: Tensor(lsm(m, 1).astype(np.float32))),
        _g(lambda: mint.special.log_softmax(Tensor(m), 0, dtype=ms.float64), lambda: Tensor(lsm(m, 0))),
        _g(lambda: mint.special.log_softmax(x), lambda: Tensor(lsm(x.asnumpy(), 0).astype(np.float32)))]
    return out
