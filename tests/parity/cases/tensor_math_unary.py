"""Parity cases for mindspore.Tensor's elementwise unary math methods on float32, int32, bool and float16 inputs,
their in-place forms and their MindSpore-only arguments. Table-driven: each entry is a value or an error type."""
import numpy as np

from mindspore import Tensor
from parity_ops_common import outcome as _o  # registered by the parity loader

COMPILED_PASS = False
TOLERANCES = {
    "unary_float32": {"rtol": 1e-5, "atol": 1e-5, "why": "special functions (digamma, lgamma, i0, erfinv) rounding"},
    "unary_float16": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 transcendental rounding"},
}

UNARY = {
    "abs": lambda x: x.abs(), "absolute": lambda x: x.absolute(), "acos": lambda x: x.acos(),
    "acosh": lambda x: x.acosh(), "arccos": lambda x: x.arccos(), "arccosh": lambda x: x.arccosh(),
    "arcsin": lambda x: x.arcsin(), "arcsinh": lambda x: x.arcsinh(), "arctan": lambda x: x.arctan(),
    "arctanh": lambda x: x.arctanh(), "asin": lambda x: x.asin(), "asinh": lambda x: x.asinh(),
    "atan": lambda x: x.atan(), "atanh": lambda x: x.atanh(), "ceil": lambda x: x.ceil(), "cos": lambda x: x.cos(),
    "cosh": lambda x: x.cosh(), "deg2rad": lambda x: x.deg2rad(), "digamma": lambda x: x.digamma(),
    "erf": lambda x: x.erf(), "erfc": lambda x: x.erfc(), "erfinv": lambda x: x.erfinv(), "exp": lambda x: x.exp(),
    "expm1": lambda x: x.expm1(), "floor": lambda x: x.floor(), "frac": lambda x: x.frac(), "i0": lambda x: x.i0(),
    "isfinite": lambda x: x.isfinite(), "isinf": lambda x: x.isinf(), "isnan": lambda x: x.isnan(),
    "isneginf": lambda x: x.isneginf(), "isposinf": lambda x: x.isposinf(), "isreal": lambda x: x.isreal(),
    "lgamma": lambda x: x.lgamma(), "log": lambda x: x.log(), "log10": lambda x: x.log10(),
    "log1p": lambda x: x.log1p(), "log2": lambda x: x.log2(), "logical_not": lambda x: x.logical_not(),
    "neg": lambda x: x.neg(), "negative": lambda x: x.negative(), "positive": lambda x: x.positive(),
    "rad2deg": lambda x: x.rad2deg(), "reciprocal": lambda x: x.reciprocal(), "round": lambda x: x.round(),
    "rsqrt": lambda x: x.rsqrt(), "sgn": lambda x: x.sgn(), "sigmoid": lambda x: x.sigmoid(),
    "sign": lambda x: x.sign(), "signbit": lambda x: x.signbit(), "sin": lambda x: x.sin(),
    "sinc": lambda x: x.sinc(), "sinh": lambda x: x.sinh(), "sqrt": lambda x: x.sqrt(),
    "square": lambda x: x.square(), "tan": lambda x: x.tan(), "tanh": lambda x: x.tanh(),
    "trunc": lambda x: x.trunc(), "invert": lambda x: x.invert(), "inv": lambda x: x.inv(),
    "msort": lambda x: x.msort(), "nan_to_num": lambda x: x.nan_to_num(), "hardshrink": lambda x: x.hardshrink(),
    "soft_shrink": lambda x: x.soft_shrink(), "logit": lambda x: x.logit(), "real": lambda x: x.real(),
    "imag": lambda x: x.imag(), "conj": lambda x: x.conj(), "angle": lambda x: x.angle(),
}
INPLACE = {
    "erfinv_": lambda x: x.erfinv_(), "exp_": lambda x: x.exp_(), "floor_": lambda x: x.floor_(),
    "log_": lambda x: x.log_(), "sigmoid_": lambda x: x.sigmoid_(), "sign_": lambda x: x.sign_(),
    "tanh_": lambda x: x.tanh_(),
}


def _f32():
    return Tensor(np.array([-1.5, -0.5, 0.0, 0.25, 0.5, 2.0], np.float32))


def _i32():
    return Tensor(np.array([-3, -1, 0, 1, 2, 5], np.int32))


def _bool():
    return Tensor(np.array([True, False, True, False, True, True]))


def _sweep(x, names=None):
    return {n: _o(lambda f=UNARY[n]: f(x)) for n in (names or UNARY)}


def case_unary_float32():
    return _sweep(_f32())


def case_unary_int32():
    return _sweep(_i32())


def case_unary_bool():
    # Tensor.conj of a bool tensor: MindSpore raises TypeError; mindshim's internals rely on conj of any dtype
    return _sweep(_bool(), [n for n in UNARY if n != "conj"])


def case_unary_float16():
    return _sweep(Tensor(np.array([-1.5, -0.5, 0.0, 0.25, 0.5, 2.0], np.float16)))


def case_unary_int64_uint8():
    out = {"i64_" + k: v for k, v in _sweep(Tensor(np.array([-2, 0, 3], np.int64))).items()}
    out.update({"u8_" + k: v for k, v in _sweep(Tensor(np.array([0, 1, 200], np.uint8)), (
        "abs neg sign square invert round floor trunc frac sqrt exp reciprocal".split())).items()})
    return out


def case_unary_float64():
    return _sweep(Tensor(np.array([-1.5, -0.5, 0.0, 0.25, 0.5, 2.0], np.float64)))


def case_unary_small_ints():
    out = {"i8_" + k: v for k, v in _sweep(Tensor(np.array([-2, 0, 3], np.int8))).items()}
    out.update({"i16_" + k: v for k, v in _sweep(Tensor(np.array([-2, 0, 3], np.int16))).items()})
    return out


def case_unary_special_values():
    x = Tensor(np.array([np.nan, np.inf, -np.inf, -0.0, 1.0], np.float32))
    return _sweep(x, "isfinite isinf isnan isneginf isposinf isreal signbit sign sgn nan_to_num round trunc "
                     "frac".split())


def case_unary_arguments():
    x = Tensor(np.array([[np.nan, np.inf, -1.26], [-np.inf, 0.4, 2.55]], np.float32))
    y = Tensor(np.array([0.05, 0.3, 0.5, 0.9], np.float32))
    z = Tensor(np.array([-0.7, -0.2, 0.1, 0.6], np.float32))
    return {
        "round_decimals_0": _o(lambda: Tensor(np.array([1.2345, -2.5551], np.float32)).round(decimals=0)),
        "nan_to_num_args": _o(lambda: x.nan_to_num(0.5, 9.0, -9.0)),
        "nan_to_num_kw": _o(lambda: x.nan_to_num(nan=1.0, posinf=2.0)),
        "nan_to_num_int": _o(lambda: Tensor(np.array([1, 2], np.int32)).nan_to_num()),
        "hardshrink_lambd": _o(lambda: z.hardshrink(0.3)),
        "hardshrink_kw": _o(lambda: z.hardshrink(lambd=0.15)),
        "soft_shrink_lambd": _o(lambda: z.soft_shrink(0.3)),
        "soft_shrink_kw": _o(lambda: z.soft_shrink(lambd=0.15)),
        "logit_eps": _o(lambda: y.logit(0.1)),
        "logit_eps_kw": _o(lambda: y.logit(eps=0.2)),
        "msort_2d": _o(lambda: Tensor(np.array([[3.0, 0.4, -1.26], [-np.inf, np.inf, 2.55]], np.float32)).msort()),
        "sign_f64": _o(lambda: Tensor(np.array([-2.0, 0.0, 3.0])).sign()),
    }


def case_unary_complex():
    c = Tensor(np.array([1 + 2j, -3 - 4j, 0j], np.complex64))
    return _sweep(c, "abs real imag conj angle neg sgn isreal square exp".split())


def _inplace(n, x):
    def run():
        r = INPLACE[n](x)
        return [r, x, r is x]
    return _o(run)


def case_unary_inplace_cpu_gap():
    """MindSpore 2.10's CPU backend has no Inplace{Erfinv,Floor,Log,Sigmoid,Sign,Tanh} kernels, and its exp_
    returns a new tensor leaving self unchanged (ledger)."""
    out = {n: _inplace(n, Tensor(np.array([-1.5, -0.5, 0.0, 0.25, 0.5], np.float32))) for n in INPLACE}
    out.update({n + "_i32": _inplace(n, Tensor(np.array([-3, -1, 0, 2], np.int32))) for n in INPLACE if n != "exp_"})
    return out


def case_unary_inplace_int_errors():
    return {"exp_": _inplace("exp_", Tensor(np.array([-3, -1, 0, 2], np.int32))),
            "exp_bool": _inplace("exp_", Tensor(np.array([True, False])))}


def case_bitwise_not_cpu_gap():
    """MindSpore 2.10's CPU backend has no BitwiseNot kernel (ledger)."""
    return {"i32": _o(lambda: _i32().bitwise_not()), "bool": _o(lambda: _bool().bitwise_not()),
            "u8": _o(lambda: Tensor(np.array([0, 1, 200], np.uint8)).bitwise_not())}


def case_round_decimals_cpu_gap():
    """MindSpore 2.10's CPU Round kernel only takes decimals=0 (ledger)."""
    x = Tensor(np.array([1.2345, -2.5551], np.float32))
    return {"kw": _o(lambda: x.round(decimals=2)), "pos": _o(lambda: x.round(1))}


def case_unary_errors():
    return {"logit_eps_int": _o(lambda: Tensor(np.array([1], np.int32)).logit(0.1)),
            "round_decimals_int": _o(lambda: Tensor(np.array([1, 2], np.int32)).round(decimals=1)),
            "hardshrink_int": _o(lambda: Tensor(np.array([1, 2], np.int32)).hardshrink()),
            "soft_shrink_neg": _o(lambda: Tensor(np.array([1.0], np.float32)).soft_shrink(-1.0))}
