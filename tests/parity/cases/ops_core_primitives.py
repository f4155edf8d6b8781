"""Parity cases for the core r1.x math primitives (`from mindspore.ops import operations as P`): elementwise,
comparison/logic, AddN, reductions, arg-reductions and CumSum: values and dtypes across MindSpore's CPU dtypes,
broadcasting, constructor attributes, gradients and one error case per family."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from parity_ops_common import describe as _d, error_name as _err, outcome as _try  # (parity loader)
from mindspore.ops import operations as P

TOLERANCES = {
    "unary_float": {"rtol": 1e-4, "atol": 1e-5, "why": "transcendental kernels differ in the last ulps"},
    "math_grads": {"rtol": 1e-4, "atol": 1e-5, "why": "transcendental kernels differ in the last ulps"},
}

_INTS = ("int8", "int16", "int32", "int64", "uint8")
_FLOATS = ("float16", "float32", "float64")


def _f(dtype, seed=0, shape=(2, 3), low=-2.0, high=2.0):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(dtype))


def _i(dtype, seed=0, shape=(2, 3), low=-5, high=6):
    if dtype == "uint8":
        low = 0
    return Tensor(np.random.RandomState(seed).randint(low, high, shape).astype(dtype))


def case_unary_float():
    out = {}
    for dt in _FLOATS:
        x, pos = _f(dt, 0), _f(dt, 1, low=0.5, high=3.0)
        out[dt] = {n: _d(getattr(P, n)()(x)) for n in ("Ceil", "Floor", "Round", "Sign", "Sin", "Cos", "Neg",
                                                        "Square")}
        out[dt].update({n: _d(getattr(P, n)()(pos)) for n in ("Sqrt", "Rsqrt", "Log")})
    out["round_half"] = _d(P.Round()(Tensor(np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5], np.float32))))
    return out


def case_unary_int():
    out = {}
    for dt in _INTS:
        x = _i(dt, 2)
        out[dt] = {n: _try(lambda n=n: getattr(P, n)()(x)) for n in ("Neg", "Square", "Sign", "Floor", "Ceil")}
    return out


def case_compare_broadcast():
    out = {}
    for dt in _FLOATS + _INTS:
        x = _i(dt, 3, (2, 3), 0, 4) if dt in _INTS else _f(dt, 3).round()
        y = _i(dt, 4, (3,), 0, 4) if dt in _INTS else _f(dt, 4, (3,)).round()
        out[dt] = {n: _d(getattr(P, n)()(x, y)) for n in ("Equal", "NotEqual", "Greater", "Less")}
    b = Tensor(np.array([True, False, True]))
    out["bool"] = {n: _try(lambda n=n: getattr(P, n)()(b, Tensor(np.array([True, True, False]))))
                   for n in ("Equal", "NotEqual", "Greater", "Less")}
    out["scalar"] = [_d(P.Greater()(_f("float32", 5), 0.5)), _d(P.Equal()(_i("int32", 5), 1))]
    return out


def case_max_min_pow():
    out = {}
    for dt in _FLOATS + ("int32", "int64"):
        x = _i(dt, 5, (2, 3), 0, 4) if dt.startswith("int") else _f(dt, 5, low=0.5, high=2.0)
        y = _i(dt, 6, (1, 3), 0, 3) if dt.startswith("int") else _f(dt, 6, (1, 3), low=0.5, high=2.0)
        out[dt] = {n: _d(getattr(P, n)()(x, y)) for n in ("Maximum", "Minimum", "Pow")}
    out["pow_scalar"] = [_d(P.Pow()(_f("float32", 7, low=0.1), 2.0)), _d(P.Pow()(_f("float32", 7, low=0.1), 0.5))]
    out["max_int8_uint8"] = [_try(lambda: P.Maximum()(_i("int8", 1), _i("int8", 2))),
                             _try(lambda: P.Minimum()(_i("uint8", 1), _i("uint8", 2)))]
    out["max_mixed"] = _d(P.Maximum()(_i("int32", 1), _f("float32", 2)))
    return out


def case_heaviside():
    x = Tensor(np.array([-1.5, 0.0, 2.0, 0.0], np.float32))
    v = Tensor(np.array([0.5], np.float32))
    return {"f32": _d(P.Heaviside()(x, v)),
            "i32": _d(P.Heaviside()(Tensor(np.array([-3, 0, 4], np.int32)), Tensor(np.array([7], np.int32))))}


def case_logic_and_checks():
    a, b = Tensor(np.array([[True, False, True], [False, False, True]])), Tensor(np.array([True, False, False]))
    out = {"LogicalAnd": _d(P.LogicalAnd()(a, b)), "LogicalOr": _d(P.LogicalOr()(a, b)),
           "LogicalNot": _d(P.LogicalNot()(a))}
    for dt in _FLOATS:
        x = Tensor(np.array([1.0, np.nan, np.inf, -np.inf, 0.0], dt))
        out[dt] = {n: _d(getattr(P, n)()(x)) for n in ("IsNan", "IsInf", "IsFinite")}
    out["int_checks"] = {n: _try(lambda n=n: getattr(P, n)()(_i("int32", 1))) for n in ("IsNan", "IsInf", "IsFinite")}
    return out


def case_addn():
    out = {}
    for dt in _FLOATS + _INTS:
        xs = [(_i(dt, s) if dt in _INTS else _f(dt, s)) for s in (1, 2, 3)]
        out[dt] = _try(lambda xs=xs: P.AddN()(tuple(xs)))
    out["list"] = _d(P.AddN()([_f("float32", 1), _f("float32", 2)]))
    out["single"] = _d(P.AddN()((_f("float32", 1),)))
    return out


def case_reduce_all_any_prod():
    m = Tensor(np.array([[True, False, True], [True, True, True]]))
    x = _f("float32", 8, (2, 3, 2), 0.5, 1.5)
    out = {
        "ReduceAll": [_d(P.ReduceAll()(m)), _d(P.ReduceAll()(m, 1)), _d(P.ReduceAll(True)(m, 0)),
                      _d(P.ReduceAll()(m, (0, 1)))],
        "ReduceAny": [_d(P.ReduceAny()(m)), _d(P.ReduceAny(keep_dims=True)(m, 1)), _d(P.ReduceAny()(m, -1))],
        "ReduceProd": [_d(P.ReduceProd()(x)), _d(P.ReduceProd()(x, 1)), _d(P.ReduceProd(True)(x, (0, 2))),
                       _d(P.ReduceProd()(x, ())), _d(P.ReduceProd(keep_dims=True)(x))],
    }
    for dt in ("float16", "float64", "int8", "int32", "int64", "uint8"):
        t = _i(dt, 9, (2, 3), 1, 4) if dt[0] in "iu" else _f(dt, 9, (2, 3), 0.5, 1.5)
        out["prod_" + dt] = _try(lambda t=t: P.ReduceProd()(t, 1))
    return out


def case_arg_reductions():
    x = Tensor(np.array([[1.0, 5.0, 3.0], [7.0, 2.0, 7.0]], np.float32))
    out = {
        "Argmax": [_d(P.Argmax()(x)), _d(P.Argmax(0)(x)), _d(P.Argmax(1, ms.int64)(x))],
        "Argmin": [_d(P.Argmin()(x)), _d(P.Argmin(axis=0)(x)), _d(P.Argmin(-1, ms.int64)(x))],
    }
    for dt in ("float16", "float64", "int32", "int64", "uint8", "int8"):
        t = Tensor(np.array([[1, 5, 3], [7, 2, 7]], dt))
        out["Argmax_" + dt] = _try(lambda t=t: P.Argmax()(t))
    return out


def case_arg_with_value():
    x = Tensor(np.array([[1.0, 5.0, 3.0], [7.0, 2.0, 7.0]], np.float32))
    out = {
        "max": [_d(P.ArgMaxWithValue()(x)), _d(P.ArgMaxWithValue(1)(x)), _d(P.ArgMaxWithValue(-1, True)(x))],
        "min": [_d(P.ArgMinWithValue()(x)), _d(P.ArgMinWithValue(axis=1)(x)), _d(P.ArgMinWithValue(0, True)(x))],
    }
    for dt in ("float16", "float64", "int32", "int64", "uint8"):
        t = Tensor(np.array([[1, 5, 3], [7, 2, 7]], dt))
        out["max_" + dt] = _try(lambda t=t: P.ArgMaxWithValue(1)(t))
    return out


def case_cumsum():
    x = Tensor(np.arange(1, 7, dtype=np.float32).reshape(2, 3))
    out = {"plain": [_d(P.CumSum()(x, 0)), _d(P.CumSum()(x, 1)), _d(P.CumSum()(x, -1))],
           "exclusive": _d(P.CumSum(True)(x, 1)), "reverse": _d(P.CumSum(reverse=True)(x, 1)),
           "both": _d(P.CumSum(True, True)(x, 0))}
    for dt in ("float16", "float64", "int8", "int32", "int64", "uint8"):
        out[dt] = _try(lambda dt=dt: P.CumSum()(Tensor(np.arange(6).reshape(2, 3).astype(dt)), 1))
    return out


def case_math_grads():
    x, y = _f("float32", 10, low=0.5, high=2.0), _f("float32", 11, (3,), low=0.5, high=2.0)
    return {
        "Sqrt": ops.grad(lambda t: P.Sqrt()(t).sum())(x).asnumpy(),
        "Rsqrt": ops.grad(lambda t: P.Rsqrt()(t).sum())(x).asnumpy(),
        "Log": ops.grad(lambda t: P.Log()(t).sum())(x).asnumpy(),
        "SinCos": ops.grad(lambda t: (P.Sin()(t) * P.Cos()(t)).sum())(x).asnumpy(),
        "Square_Neg": ops.grad(lambda t: P.Neg()(P.Square()(t)).sum())(x).asnumpy(),
        "Pow": [g.asnumpy() for g in ops.grad(lambda a, b: P.Pow()(a, b).sum(), (0, 1))(x, y)],
        "Maximum": [g.asnumpy() for g in ops.grad(lambda a, b: P.Maximum()(a, b).sum(), (0, 1))(x, y)],
        "Minimum": ops.grad(lambda a: P.Minimum()(a, y).sum())(x).asnumpy(),
        "AddN": [g.asnumpy() for g in ops.grad(lambda a, b: (P.AddN()((a, b, a)) * y).sum(), (0, 1))(x, x * 2)],
        "ReduceProd": ops.grad(lambda t: P.ReduceProd()(t, 1).sum())(x).asnumpy(),
        "ArgMaxWithValue": ops.grad(lambda t: P.ArgMaxWithValue(1)(t)[1].sum())(x).asnumpy(),
        "CumSum": ops.grad(lambda t: (P.CumSum(True, True)(t, 1) * y).sum())(x).asnumpy(),
        "Floor": ops.grad(lambda t: P.Floor()(t).sum())(x).asnumpy(),
    }


def case_math_errors():
    x = _f("float32", 12)
    return {
        "Pow_broadcast": _err(lambda: P.Pow()(x, _f("float32", 13, (4,)))),
        "Equal_broadcast": _err(lambda: P.Equal()(x, _f("float32", 13, (2, 2)))),
        "AddN_shape": _err(lambda: P.AddN()((x, _f("float32", 13, (3, 2))))),
        "AddN_dtype": _err(lambda: P.AddN()((x, _i("int32", 13)))),
        "ReduceProd_axis": _err(lambda: P.ReduceProd()(x, 2)),
        "ReduceAll_float": _err(lambda: P.ReduceAll()(x)),
        "Argmax_axis": _err(lambda: P.Argmax(3)(x)),
        "ArgMaxWithValue_axis": _err(lambda: P.ArgMaxWithValue(2)(x)),
        "CumSum_axis": _err(lambda: P.CumSum()(x, 2)),
        "LogicalAnd_float": _err(lambda: P.LogicalAnd()(x, x)),
        "Sqrt_bool": _err(lambda: P.Sqrt()(Tensor(np.array([True, False])))),
    }
