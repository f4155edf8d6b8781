"""Parity cases for mindspore.Tensor's binary elementwise methods (arithmetic, comparison, bitwise, logical),
the ternary ones (lerp, addcmul, addcdiv, clamp) and the in-place arithmetic methods, over int32, float32, bool,
Python scalars and broadcasting. Table-driven: each entry is a value or an error type."""
import numpy as np

from mindspore import Tensor
from parity_ops_common import outcome as _o  # registered by the parity loader

COMPILED_PASS = False
TOLERANCES = {
    "binary_float32": {"rtol": 1e-5, "atol": 1e-5, "why": "igamma/igammac series and pow rounding"},
    "binary_mixed": {"rtol": 1e-5, "atol": 1e-5, "why": "igamma/igammac series and pow rounding"},
}

BINARY = {
    "add": lambda x, y: x.add(y), "sub": lambda x, y: x.sub(y), "mul": lambda x, y: x.mul(y),
    "div": lambda x, y: x.div(y), "divide": lambda x, y: x.divide(y), "true_divide": lambda x, y: x.true_divide(y),
    "floor_divide": lambda x, y: x.floor_divide(y), "fmod": lambda x, y: x.fmod(y),
    "remainder": lambda x, y: x.remainder(y), "pow": lambda x, y: x.pow(y), "maximum": lambda x, y: x.maximum(y),
    "minimum": lambda x, y: x.minimum(y), "fmax": lambda x, y: x.fmax(y), "atan2": lambda x, y: x.atan2(y),
    "arctan2": lambda x, y: x.arctan2(y), "hypot": lambda x, y: x.hypot(y), "copysign": lambda x, y: x.copysign(y),
    "nextafter": lambda x, y: x.nextafter(y), "logaddexp": lambda x, y: x.logaddexp(y),
    "logaddexp2": lambda x, y: x.logaddexp2(y), "xlogy": lambda x, y: x.xlogy(y), "xdivy": lambda x, y: x.xdivy(y),
    "eq": lambda x, y: x.eq(y), "ne": lambda x, y: x.ne(y), "not_equal": lambda x, y: x.not_equal(y),
    "lt": lambda x, y: x.lt(y), "le": lambda x, y: x.le(y), "gt": lambda x, y: x.gt(y), "ge": lambda x, y: x.ge(y),
    "greater": lambda x, y: x.greater(y), "greater_equal": lambda x, y: x.greater_equal(y),
    "less": lambda x, y: x.less(y), "less_equal": lambda x, y: x.less_equal(y), "equal": lambda x, y: x.equal(y),
    "isclose": lambda x, y: x.isclose(y), "allclose": lambda x, y: x.allclose(y),
    "approximate_equal": lambda x, y: x.approximate_equal(y), "bitwise_and": lambda x, y: x.bitwise_and(y),
    "bitwise_or": lambda x, y: x.bitwise_or(y), "bitwise_xor": lambda x, y: x.bitwise_xor(y),
    "bitwise_left_shift": lambda x, y: x.bitwise_left_shift(y),
    "bitwise_right_shift": lambda x, y: x.bitwise_right_shift(y), "logical_and": lambda x, y: x.logical_and(y),
    "logical_or": lambda x, y: x.logical_or(y), "logical_xor": lambda x, y: x.logical_xor(y),
    "gcd": lambda x, y: x.gcd(y), "lcm": lambda x, y: x.lcm(y), "ldexp": lambda x, y: x.ldexp(y),
    "heaviside": lambda x, y: x.heaviside(y), "float_power": lambda x, y: x.float_power(y),
    "multiply": lambda x, y: x.multiply(y), "subtract": lambda x, y: x.subtract(y),
    "igamma": lambda x, y: x.igamma(y), "igammac": lambda x, y: x.igammac(y),
}


def _f(*v):
    return Tensor(np.array(v, np.float32))


def _i(*v):
    return Tensor(np.array(v, np.int32))


def _sweep(x, y):
    names = [n for n in BINARY if isinstance(y, Tensor) or n != "floor_divide"]
    return {n: _o(lambda f=BINARY[n]: f(x, y)) for n in names}


def case_binary_float32():
    return _sweep(_f(-1.5, 0.0, 0.5, 2.0, 3.0), _f(2.0, 0.5, -1.0, 2.0, 1.5))


def case_binary_int32():
    return _sweep(_i(-7, 0, 5, 9, 12), _i(2, 3, -2, 3, 8))


def case_binary_bool():
    return _sweep(Tensor(np.array([True, False, True, False])), Tensor(np.array([True, True, False, False])))


def case_binary_mixed():
    return _sweep(_i(-7, 0, 5, 9, 12), _f(2.0, 0.5, -1.0, 2.0, 1.5))


def case_binary_int_scalar():
    return _sweep(_i(-7, 0, 5, 9, 12), 2)


def case_binary_float_scalar():
    return _sweep(_f(-1.5, 0.0, 0.5, 2.0, 3.0), 0.5)


def case_binary_int_float_scalar():
    return _sweep(_i(-7, 0, 5, 9, 12), 1.5)


def case_binary_broadcast():
    return _sweep(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) - 2.0), _f(1.0, 2.0, -0.5))


def case_binary_float64_int64():
    out = {"f64_" + k: v for k, v in _sweep(Tensor(np.array([-1.5, 0.0, 2.0], np.float64)),
                                            Tensor(np.array([2.0, 0.5, -1.0], np.float64))).items()}
    out.update({"i64_" + k: v for k, v in _sweep(Tensor(np.array([-7, 0, 12], np.int64)),
                                                 Tensor(np.array([2, 3, 8], np.int64))).items()})
    return out


def case_binary_float16_float32():
    x, y = Tensor(np.array([1.5, -2.0], np.float16)), _f(0.5, 2.0)
    return {n: _o(lambda f=BINARY[n]: f(x, y)) for n in
            "add mul div pow maximum eq atan2 hypot fmax copysign xlogy float_power".split()}


def case_binary_keywords():
    x, y = _f(-1.5, 0.0, 0.5, 2.0), _f(2.0, 0.5, -1.0, 2.0)
    a, b = _i(-7, 0, 5, 9), _i(2, 3, -2, 3)
    return {
        "add_alpha": _o(lambda: x.add(y, alpha=2)), "add_other": _o(lambda: x.add(other=y)),
        "add_int_alpha": _o(lambda: a.add(b, alpha=3)), "add_float_alpha_int": _o(lambda: a.add(b, alpha=0.5)),
        "sub_alpha": _o(lambda: x.sub(y, alpha=2)), "subtract_alpha": _o(lambda: x.subtract(y, alpha=-1)),
        "div_trunc": _o(lambda: x.div(y, rounding_mode="trunc")),
        "div_floor": _o(lambda: x.div(y, rounding_mode="floor")),
        "div_int_trunc": _o(lambda: a.div(b, rounding_mode="trunc")),
        "div_int_floor": _o(lambda: a.div(b, rounding_mode="floor")),
        "divide_floor": _o(lambda: a.divide(b, rounding_mode="floor")),
        "isclose_args": _o(lambda: x.isclose(y + 0.01, rtol=0.0, atol=0.05)),
        "isclose_nan": _o(lambda: _f(np.nan, 1.0).isclose(_f(np.nan, 1.0), equal_nan=True)),
        "allclose_args": _o(lambda: x.allclose(y, 10.0, 10.0)),
        "approximate_equal_tol": _o(lambda: x.approximate_equal(y, 1.6)),
        "approximate_equal_kw": _o(lambda: x.approximate_equal(y, tolerance=3.0)),
        "pow_scalar_exp": _o(lambda: a.pow(2)), "pow_neg_exp": _o(lambda: a.pow(-1)),
        "pow_float_exp": _o(lambda: a.pow(0.5)), "remainder_divisor": _o(lambda: a.remainder(3)),
        "float_power_i": _o(lambda: a.float_power(2)),
        "equal_shape": _o(lambda: x.equal(_f(1.0))),
    }


def case_ternary():
    x, y, z = _f(1.0, 2.0, 3.0), _f(4.0, 6.0, 8.0), _f(0.5, -1.0, 2.0)
    a = _i(1, 2, 3)
    return {
        "lerp_scalar": _o(lambda: x.lerp(y, 0.25)), "lerp_tensor": _o(lambda: x.lerp(y, z)),
        "lerp_int": _o(lambda: a.lerp(a, 0.5)),
        "addcmul": _o(lambda: x.addcmul(y, z)), "addcmul_value": _o(lambda: x.addcmul(y, z, 0.5)),
        "addcmul_value_kw": _o(lambda: x.addcmul(y, z, value=2)),
        "addcmul_int": _o(lambda: a.addcmul(a, a, value=2)),
        "clamp": _o(lambda: z.clamp(-0.5, 1.0)), "clamp_min": _o(lambda: z.clamp(min=0.0)),
        "clamp_max": _o(lambda: z.clamp(max=0.0)), "clamp_tensor": _o(lambda: z.clamp(x - 1.5, y)),
        "clamp_int": _o(lambda: a.clamp(2, 2.5)), "clamp_int_int": _o(lambda: a.clamp(2, 3)),
        "clamp_none": _o(lambda: z.clamp()), "clip": _o(lambda: z.clip(-0.5, 1.0)),
        "clip_kw": _o(lambda: a.clip(min=2)), "clamp_bool": _o(lambda: Tensor([True, False]).clamp(0, 1)),
    }


def case_binary_cpu_gap():
    """MindSpore 2.10's CPU backend has no Fmin, FloorDivScalar or AddcdivExt kernels (ledger)."""
    x, y, z = _f(1.0, 2.0, 3.0), _f(4.0, 6.0, 8.0), _f(0.5, -1.0, 2.0)
    a = _i(-7, 0, 5)
    return {"fmin": _o(lambda: _f(1.0, np.nan, 3.0).fmin(_f(2.0, 0.0, np.nan))), "fmin_int": _o(lambda: a.fmin(a - 1)),
            "fmin_scalar": _o(lambda: x.fmin(1.5)),
            "floor_divide_int": _o(lambda: a.floor_divide(2)), "floor_divide_float": _o(lambda: x.floor_divide(0.5)),
            "addcdiv": _o(lambda: x.addcdiv(y, z)), "addcdiv_value_kw": _o(lambda: x.addcdiv(y, z, value=0.5))}


INPLACE = {"add_": lambda x, *a, **k: x.add_(*a, **k), "sub_": lambda x, *a, **k: x.sub_(*a, **k),
           "mul_": lambda x, *a, **k: x.mul_(*a, **k), "div_": lambda x, *a, **k: x.div_(*a, **k),
           "floor_divide_": lambda x, *a, **k: x.floor_divide_(*a, **k),
           "remainder_": lambda x, *a, **k: x.remainder_(*a, **k), "clamp_": lambda x, *a, **k: x.clamp_(*a, **k)}


def _inplace(x, n, *args, **kwargs):
    def run():
        r = INPLACE[n](x, *args, **kwargs)
        return [r, x, r is x]
    return _o(run)


def case_inplace_arith():
    """MindSpore 2.10's CPU Tensor.add_/sub_/mul_/div_/floor_divide_/remainder_ return a new tensor and leave self
    unchanged, and it has no InplaceClamp* kernels (ledger)."""
    f = lambda: _f(-1.5, 0.0, 0.5, 2.0)  # noqa: E731
    i = lambda: _i(-7, 0, 5, 9)  # noqa: E731
    y, b = _f(2.0, 0.5, -1.0, 2.0), _i(2, 3, -2, 3)
    return {
        "add_": _inplace(f(), "add_", y), "add_alpha": _inplace(f(), "add_", y, alpha=2),
        "add_int": _inplace(i(), "add_", b), "add_int_float": _inplace(i(), "add_", y),
        "add_scalar": _inplace(i(), "add_", 2),
        "sub_": _inplace(f(), "sub_", y), "sub_alpha": _inplace(f(), "sub_", y, alpha=0.5),
        "sub_int": _inplace(i(), "sub_", 1),
        "mul_": _inplace(f(), "mul_", y), "mul_int": _inplace(i(), "mul_", b), "mul_scalar": _inplace(f(), "mul_", 3),
        "mul_int_float": _inplace(i(), "mul_", 1.5),
        "div_": _inplace(f(), "div_", y), "div_floor": _inplace(f(), "div_", y, rounding_mode="floor"),
        "div_int": _inplace(i(), "div_", b), "div_int_trunc": _inplace(i(), "div_", b, rounding_mode="trunc"),
        "floor_divide_": _inplace(f(), "floor_divide_", y), "floor_divide_int": _inplace(i(), "floor_divide_", b),
        "remainder_": _inplace(f(), "remainder_", y), "remainder_int": _inplace(i(), "remainder_", 4),
        "clamp_": _inplace(f(), "clamp_", -1.0, 1.0), "clamp_int": _inplace(i(), "clamp_", min=0),
        "clamp_tensor": _inplace(f(), "clamp_", y - 3, y),
    }


def case_binary_errors():
    x = _f(1.0, 2.0)
    return {"add_shape": _o(lambda: x.add(_f(1.0, 2.0, 3.0))), "eq_shape": _o(lambda: x.eq(_f(1.0, 2.0, 3.0))),
            "div_mode": _o(lambda: x.div(x, rounding_mode="round")),
            "bitwise_and_float": _o(lambda: x.bitwise_and(x)),
            "gcd_float": _o(lambda: x.gcd(x)),
            "lerp_shape": _o(lambda: x.lerp(_f(1.0, 2.0, 3.0), 0.5)),
            "clamp_none_none_int": _o(lambda: _i(1, 2).clamp(None, None))}


def case_keyword_names():
    """MindSpore's argument names for the binary methods (both the ops-style and the torch-style overloads)."""
    x, y = _f(-1.5, 0.0, 0.5, 2.0), _f(2.0, 0.5, -1.0, 2.0)
    a, b = _i(-7, 0, 5, 9), _i(2, 3, -2, 3)
    return {
        "sub_other": _o(lambda: x.sub(other=y)), "sub_y": _o(lambda: x.sub(y=y)),
        "mul_other": _o(lambda: x.mul(other=y)), "div_other": _o(lambda: x.div(other=y)),
        "remainder_other": _o(lambda: a.remainder(other=b)), "remainder_divisor": _o(lambda: a.remainder(divisor=b)),
        "pow_exponent": _o(lambda: x.pow(exponent=2)), "isclose_x2": _o(lambda: x.isclose(x2=y)),
        "isclose_other": _o(lambda: x.isclose(other=y)), "maximum_other": _o(lambda: x.maximum(other=y)),
        "lerp_kw": _o(lambda: x.lerp(end=y, weight=0.5)), "eq_other": _o(lambda: x.eq(other=y)),
        "gt_other": _o(lambda: x.gt(other=y)), "atan2_other": _o(lambda: x.atan2(other=y)),
        "bitwise_and_other": _o(lambda: a.bitwise_and(other=b)), "xlogy_other": _o(lambda: x.xlogy(other=y)),
        "heaviside_values": _o(lambda: x.heaviside(values=y)), "hypot_other": _o(lambda: x.hypot(other=y)),
        "fmod_other": _o(lambda: a.fmod(other=b)), "floor_divide_other": _o(lambda: a.floor_divide(other=b)),
        "true_divide_other": _o(lambda: a.true_divide(other=b)), "copysign_other": _o(lambda: x.copysign(other=y)),
        "logical_and_other": _o(lambda: x.logical_and(other=y)), "gcd_other": _o(lambda: a.gcd(other=b)),
        "xdivy_y": _o(lambda: x.xdivy(y=y)), "ldexp_other": _o(lambda: x.ldexp(other=b)),
        "float_power_other": _o(lambda: x.float_power(other=2)), "add_list": _o(lambda: x.add([1.0, 2.0, 3.0, 4.0])),
        "mul_bool_scalar": _o(lambda: a.mul(True)),
        "add_bool_tensor": _o(lambda: a.add(Tensor([True, False, True, False]))),
    }
