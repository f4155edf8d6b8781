"""Parity cases for mindspore.numpy products and norms: dot/inner/outer/tensordot/matmul/multi_dot/kron/cross,
norm orders, trapz; dtypes, ranks and the shape errors MindSpore raises."""
COMPILED_PASS = False

import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome  # registered by the parity loader


def _f(shape, seed=0, dt=np.float32):
    return Tensor(np.random.RandomState(seed).uniform(-2, 2, shape).astype(dt))


def _i(shape, seed=0, dt=np.int32):
    return Tensor(np.random.RandomState(seed).randint(-3, 4, shape).astype(dt))


def case_products():
    a, b = _f((2, 3)), _f((3, 4), 1)
    v, w = _f((3,), 2), _f((3,), 3)
    t3 = _f((2, 3, 4), 4)
    return {"dot_mm": outcome(lambda: mnp.dot(a, b)), "dot_vv": outcome(lambda: mnp.dot(v, w)),
            "dot_mv": outcome(lambda: mnp.dot(a, v)), "dot_3d": outcome(lambda: mnp.dot(t3, _f((4, 2), 5))),
            "dot_scalar": outcome(lambda: mnp.dot(a, _f((), 6))),
            "dot_int": outcome(lambda: mnp.dot(_i((2, 3)), _i((3, 2), 1))),
            "inner_vv": outcome(lambda: mnp.inner(v, w)), "inner_mm": outcome(lambda: mnp.inner(a, _f((4, 3), 7))),
            "inner_3d": outcome(lambda: mnp.inner(t3, _f((4,), 8))),
            "outer": outcome(lambda: mnp.outer(v, _f((2, 2), 9))),
            "outer_int": outcome(lambda: mnp.outer(_i((3,)), _i((2,), 1))),
            "tensordot_2": outcome(lambda: mnp.tensordot(t3, _f((3, 4, 2), 10))),
            "tensordot_1": outcome(lambda: mnp.tensordot(a, b, 1)),
            "tensordot_pairs": outcome(lambda: mnp.tensordot(t3, _f((4, 3), 11), ((1, 2), (1, 0)))),
            "tensordot_0": outcome(lambda: mnp.tensordot(v, w, 0)),
            "matmul": outcome(lambda: mnp.matmul(a, b)), "matmul_batch": outcome(lambda: mnp.matmul(t3, _f((4, 1), 12))),
            "matmul_vec": outcome(lambda: mnp.matmul(v, _f((3, 2), 13))),
            "matmul_dtype": outcome(lambda: mnp.matmul(a, b, dtype=ms.float16)),
            "multi_dot3": outcome(lambda: mnp.multi_dot([a, b, _f((4, 2), 14)])),
            "multi_dot_vec": outcome(lambda: mnp.multi_dot([v, _f((3, 4), 15), _f((4,), 16)])),
            "multi_dot2": outcome(lambda: mnp.multi_dot((a, b))),
            "kron": outcome(lambda: mnp.kron(_f((2, 2), 17), _f((2, 3), 18))),
            "kron_mixed": outcome(lambda: mnp.kron(_i((2,)), _f((2, 2), 19))),
            "kron_list": outcome(lambda: mnp.kron([1, 2], [[1], [3]]))}


def case_product_errors():
    a = _f((2, 3))
    return {"dot": outcome(lambda: mnp.dot(a, _f((2, 3), 1))), "inner": outcome(lambda: mnp.inner(a, _f((2, 4), 1))),
            "matmul": outcome(lambda: mnp.matmul(a, a)), "multi_dot_one": outcome(lambda: mnp.multi_dot([a])),
            "multi_dot_shape": outcome(lambda: mnp.multi_dot([a, a, a])),
            "outer_list": outcome(lambda: mnp.outer([1.0, 2.0], a)),
            "tensordot_shape": outcome(lambda: mnp.tensordot(a, a, 1))}


def case_cross():
    a3, b3 = _f((2, 3)), _f((2, 3), 1)
    return {"3x3": outcome(lambda: mnp.cross(a3, b3)), "2x2": outcome(lambda: mnp.cross(_f((2,), 2), _f((2,), 3))),
            "2x3": outcome(lambda: mnp.cross(_f((2, 2), 4), b3)), "3x2": outcome(lambda: mnp.cross(a3, _f((2,), 5))),
            "axis": outcome(lambda: mnp.cross(_f((3, 2), 6), _f((3, 2), 7), axis=0)),
            "axisc": outcome(lambda: mnp.cross(_f((2, 3), 6), _f((2, 3), 7), axisc=0)),
            "int": outcome(lambda: mnp.cross(_i((3,)), _i((3,), 1))),
            "list": outcome(lambda: mnp.cross([1, 0, 0], [0, 1, 0])),
            "bad_dim": outcome(lambda: mnp.cross(_f((4,)), _f((4,), 1)))}


def case_norms():
    v = _f((5,), 1)
    m = _f((3, 4), 2)
    out = {}
    for ord_ in (None, 1, 2, 3, np.inf, -np.inf, 0, -1, 0.5):
        out[f"vec_{ord_}"] = outcome(lambda o=ord_: mnp.norm(v, o))
    for ord_ in (None, "fro", 1, -1, np.inf, -np.inf):
        out[f"mat_{ord_}"] = outcome(lambda o=ord_: mnp.norm(m, o))
    out["axis0"] = outcome(lambda: mnp.norm(m, axis=0))
    out["axis1_keep"] = outcome(lambda: mnp.norm(m, 1, axis=1, keepdims=True))
    out["mat_keep"] = outcome(lambda: mnp.norm(m, np.inf, (1, 0), True))
    out["3d_none"] = outcome(lambda: mnp.norm(_f((2, 2, 2), 3)))
    out["int"] = outcome(lambda: mnp.norm(_i((4,))))
    out["list"] = outcome(lambda: mnp.norm([3.0, 4.0]))
    out["f64"] = outcome(lambda: mnp.norm(v.astype(ms.float64)))
    return out


def case_norm_errors():
    m = _f((3, 4), 2)
    return {"mat_2": outcome(lambda: mnp.norm(m, 2)), "mat_nuc": outcome(lambda: mnp.norm(m, "nuc")),
            "vec_fro": outcome(lambda: mnp.norm(_f((3,)), "fro")), "bad_ord": outcome(lambda: mnp.norm(m, "abc")),
            "3d_ord": outcome(lambda: mnp.norm(_f((2, 2, 2)), 1)), "mat_0": outcome(lambda: mnp.norm(m, 0))}


def case_trapz():
    y = _f((3, 4))
    return {"default": outcome(lambda: mnp.trapz(y)), "dx": outcome(lambda: mnp.trapz(y, dx=0.5, axis=0)),
            "x": outcome(lambda: mnp.trapz(y, x=Tensor([0.0, 1.0, 3.0, 4.5]))),
            "int": outcome(lambda: mnp.trapz(_i((4,)))), "list": outcome(lambda: mnp.trapz([1, 2, 4])),
            "f64": outcome(lambda: mnp.trapz(y.astype(ms.float64))),
            "axis_out": outcome(lambda: mnp.trapz(y, axis=2))}
