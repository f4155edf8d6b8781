"""Parity cases for the old functional spellings kept as primitive instances (`ops.reduce_mean(x, axis)`,
`ops.tensor_add(x, y)`, `ops.tensor_slice(x, begin, size)`, ...) and the plain-function ones (tensor_gt,
tensor_lt, tensor_muls)."""
import numpy as np

from mindspore import Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader

TOLERANCES = {"elementwise": {"rtol": 1e-5, "atol": 1e-5, "why": "exp/expm1 kernels differ in the last ulps"}}


def _d(t):
    if isinstance(t, (tuple, list)):
        return [_d(i) for i in t]
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def _x(shape=(2, 3, 4), seed=0):
    return Tensor(np.random.RandomState(seed).uniform(-2, 2, shape).astype(np.float32))


def case_reduce_aliases():
    x = _x()
    out = {}
    for name in ("reduce_mean", "reduce_sum", "reduce_max", "reduce_min"):
        fn = getattr(ops, name)
        out[name] = [_d(fn(x, 1)), _d(fn(x)), _d(fn(x, ())), _d(fn(x, (0, 2))), _d(fn(x, -1)), _d(fn(x, [0]))]
    i = Tensor(np.array([[3, 1, 2], [0, 5, 4]], np.int32))
    out["int_max_min"] = [_d(ops.reduce_max(i, 1)), _d(ops.reduce_min(i, 0)), _d(ops.reduce_max(i))]
    u = Tensor(np.array([[3, 1, 250], [0, 5, 4]], np.uint8))
    out["uint8_max"] = _d(ops.reduce_max(u, 0))
    out["float16_mean"] = _d(ops.reduce_mean(Tensor(np.array([[1, 2], [3, 5]], np.float16)), 0))
    return out


def case_reduce_alias_types():
    pairs = (("reduce_mean", "ReduceMean"), ("reduce_sum", "ReduceSum"), ("reduce_max", "ReduceMax"),
             ("reduce_min", "ReduceMin"), ("tensor_add", "Add"), ("tensor_sub", "Sub"), ("tensor_mul", "Mul"),
             ("tensor_div", "RealDiv"), ("tensor_exp", "Exp"), ("tensor_expm1", "Expm1"),
             ("tensor_floordiv", "FloorDiv"), ("tensor_mod", "FloorMod"), ("tensor_ge", "GreaterEqual"),
             ("tensor_le", "LessEqual"), ("tensor_range", "Range"), ("tensor_slice", "Slice"))
    return {a: isinstance(getattr(ops, a), getattr(ops, p)) for a, p in pairs}


def case_reduce_alias_grads():
    x = _x((2, 3), 1)
    return {
        "mean": ops.grad(lambda t: ops.reduce_mean(t, 1).sum())(x).asnumpy(),
        "sum": ops.grad(lambda t: (ops.reduce_sum(t, (0, 1)) * 2))(x).asnumpy(),
        "max": ops.grad(lambda t: ops.reduce_max(t, 0).sum())(x).asnumpy(),
        "min": ops.grad(lambda t: ops.reduce_min(t).sum())(x).asnumpy(),
    }


def case_arith_aliases():
    a, b = _x((2, 3), 2), _x((3,), 3)
    i = Tensor(np.array([-7, 7, 5, -3], np.int32))
    j = Tensor(np.array([2, -2, 3, 3], np.int32))
    u = Tensor(np.array([1, 2, 250], np.uint8))
    return {
        "add": [_d(ops.tensor_add(a, b)), _d(ops.tensor_add(u, 3)), _d(ops.tensor_add(2.5, a))],
        "sub": [_d(ops.tensor_sub(a, b)), _d(ops.tensor_sub(2, i)), _d(ops.tensor_sub(u, u))],
        "mul": [_d(ops.tensor_mul(a, b)), _d(ops.tensor_mul(True, Tensor([True, False]))), _d(ops.tensor_mul(i, j))],
        "div": [_d(ops.tensor_div(a, b)), _d(ops.tensor_div(a, 4.0))],
        "floordiv": [_d(ops.tensor_floordiv(i, j)), _d(ops.tensor_floordiv(a, b)), _d(ops.tensor_floordiv(i, 2))],
        "mod": [_d(ops.tensor_mod(i, j)), _d(ops.tensor_mod(i, 3)), _d(ops.tensor_mod(a, 0.75))],
        "muls": [_d(ops.tensor_muls(a, 2)), _d(ops.tensor_muls(a, Tensor(2.5))), _d(ops.tensor_muls(i, 3))],
    }


def case_elementwise():
    a = _x((2, 3), 4)
    return {"exp": _d(ops.tensor_exp(a)), "expm1": _d(ops.tensor_expm1(a)),
            "exp64": _d(ops.tensor_exp(Tensor(np.array([0.5, -1.0], np.float64))))}


def case_compare_aliases():
    a, b = _x((2, 3), 5), _x((3,), 6)
    i = Tensor(np.array([1, 2, 3], np.int32))
    return {
        "ge": [_d(ops.tensor_ge(a, b)), _d(ops.tensor_ge(i, 1.5)), _d(ops.tensor_ge(i, i))],
        "le": [_d(ops.tensor_le(a, b)), _d(ops.tensor_le(i, 2))],
        "gt": [_d(ops.tensor_gt(a, b)), _d(ops.tensor_gt(i, 2))],
        "lt": [_d(ops.tensor_lt(a, b)), _d(ops.tensor_lt(i, 2))],
    }


def case_range_slice_aliases():
    x = Tensor(np.arange(24).reshape(2, 3, 4).astype(np.float32))
    return {
        "range_tensors": _d(ops.tensor_range(Tensor(0), Tensor(5), Tensor(2))),
        "range_float": _d(ops.tensor_range(Tensor(1.0), Tensor(2.0), Tensor(0.25))),
        "range_ints": _d(ops.tensor_range(0, 5, 2)),
        "slice": _d(ops.tensor_slice(x, (0, 1, 1), (2, -1, 2))),
        "slice_list": _d(ops.tensor_slice(x, [1, 0, 0], [1, 2, -1])),
    }


def case_expm1_int_error():
    return _err(lambda: ops.tensor_expm1(Tensor(np.array([1, 2], np.int32))))
