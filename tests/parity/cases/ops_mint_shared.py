"""Parity cases for the `mindspore.ops` / `ops.auto_generate` functions that MindSpore 2.10 also binds as
`mindspore.mint` names (the very same objects): their dtype checks (TypeError), Python-number operands, `round`'s
`decimals`, `nonzero`'s `as_tuple`, and host-checked indices of `take`/`scatter`.

MindSpore 2.10's CPU backend has no kernel for some of them (Take, NonZeroExt, LogAddExp, ArgMinExt/ArgMaxExt,
LeakyReLUExt, Round with decimals != 0): there an entry records numpy's result of the documented semantics, so
mindshim's results must equal the documented ones."""
import numpy as np

from mindspore import Tensor, mint, ops
import mindspore.ops.auto_generate as ag
from parity_ops_common import describe as _describe, error_name as _err, flush as _flush, outcome as _o
from mindspore.common.api import _pynative_executor

COMPILED_PASS = False

TOLERANCES = {
    "logaddexp_ext_values": {"rtol": 1e-3, "atol": 1e-3, "why": "float16 operand, log1p(exp) rounding"},
    "logaddexp_values": {"rtol": 1e-3, "atol": 1e-3, "why": "float16 operand, log1p(exp) rounding"},
    "softmax_inverse": {"rtol": 1e-5, "atol": 1e-5, "why": "LU pivoting / exp-sum rounding"},
}

_GAP_MESSAGES = ("unregistered", "KernelMod", "only support decimals equal 0")


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


def _T(v, dtype):
    return Tensor(np.asarray(v).astype(dtype))


def _ints():
    return _T([1, -2, 3], np.int32)


def _bools():
    return _T([True, False, True], np.bool_)


def _f32():
    return _T([0.5, -1.0, 2.5], np.float32)


def case_same_objects():
    """MindSpore binds these mint names to the ops/auto_generate function itself."""
    names = ("gcd", "isclose", "isinf", "logical_and", "logical_or", "lt", "minimum", "nan_to_num", "negative",
             "round", "sigmoid", "tanh")
    out = {n: getattr(mint, n) is getattr(ops, n) for n in names}
    out.update({"argmin": mint.argmin is ag.argmin_ext, "bmm": mint.bmm is ag.bmm_ext, "mm": mint.mm is ag.mm_ext,
                "logaddexp": mint.logaddexp is ag.logaddexp_ext, "linalg.inv": mint.linalg.inv is mint.inverse,
                "special.log_softmax": mint.special.log_softmax is mint.nn.functional.log_softmax})
    return out


def case_sigmoid_tanh_dtypes():
    out = {}
    for name in ("sigmoid", "tanh"):
        fn = getattr(ops, name)
        for dt in (np.float16, np.float32, np.float64):
            out[f"{name}_{np.dtype(dt).name}"] = _o(lambda: fn(_T([0.5, -1.0, 3.0], dt)))
        out[f"{name}_complex64"] = _o(lambda: fn(_T([1 + 1j], np.complex64)))
        for dt in (np.int32, np.int64, np.uint8, np.bool_):
            out[f"{name}_{np.dtype(dt).name}"] = _err(lambda: fn(_T([1, 0, 1], dt)))
    return out


def case_isinf_dtypes():
    out = {np.dtype(dt).name: _o(lambda: ops.isinf(_T([0.5, np.nan, -np.inf], dt)))
           for dt in (np.float16, np.float32, np.float64)}
    for dt in (np.int32, np.int64, np.uint8, np.bool_, np.complex64):
        out[np.dtype(dt).name] = _err(lambda: ops.isinf(_T([1, 0, 1], dt)))
    return out


def case_minimum_operands():
    i, b, f = _ints(), _bools(), _f32()
    out = {"i32_bool": _o(lambda: ops.minimum(i, b)), "bool_i32": _o(lambda: ops.minimum(b, i)),
           "i32_f32": _o(lambda: ops.minimum(i, f)), "i32_int": _o(lambda: ops.minimum(i, 2)),
           "int_i32": _o(lambda: ops.minimum(2, i)), "f32_float": _o(lambda: ops.minimum(f, 1.5)),
           "bool_int": _o(lambda: ops.minimum(b, 2))}
    out["bool_bool"] = _err(lambda: ops.minimum(b, b))
    out["bool_True"] = _err(lambda: ops.minimum(b, True))
    return out


def case_nan_to_num_dtypes():
    special = [0.5, np.nan, np.inf, -np.inf]
    out = {"f16": _o(lambda: ops.nan_to_num(_T(special, np.float16))),
           "f32": _o(lambda: ops.nan_to_num(_T(special, np.float32))),
           "f16_args": _o(lambda: ops.nan_to_num(_T(special, np.float16), 1.0, 2.0, -3.0)),
           "f32_nan_none": _o(lambda: ops.nan_to_num(_T(special, np.float32), None, 5.0))}
    for dt in (np.float64, np.int32, np.bool_):
        out[np.dtype(dt).name] = _err(lambda: ops.nan_to_num(_T([1, 0], dt)))
    return out


def case_lt_eq_operands():
    i, b, f = _ints(), _bools(), _f32()
    out = {}
    for name in ("lt", "less", "eq"):
        fn = getattr(ops, name)
        out[name + "_i32_int"] = _o(lambda: fn(i, 2))
        out[name + "_i32_f32"] = _o(lambda: fn(i, f))
        out[name + "_bool_i32"] = _o(lambda: fn(b, i))
        for label, x, y in (("int_i32", 2, i), ("float_f32", 1.5, f), ("bool_b", True, b), ("int_int", 2, 3)):
            out[f"{name}_{label}"] = _err(lambda: fn(x, y))
    return out


def case_logical_operands():
    i, b, f = _ints(), _bools(), _f32()
    out = {}
    for name in ("logical_and", "logical_or"):
        fn = getattr(ops, name)
        for label, x, y in (("b_True", b, True), ("True_b", True, b), ("b_i32", b, i), ("i32_f32", i, f),
                            ("True_False", True, False)):
            out[f"{name}_{label}"] = _o(lambda: fn(x, y))
        for label, x, y in (("b_1", b, 1), ("i32_2", i, 2), ("f32_0.0", f, 0.0), ("1_b", 1, b)):
            out[f"{name}_{label}"] = _err(lambda: fn(x, y))
    return out


def case_negative_dtypes():
    out = {np.dtype(dt).name: _o(lambda: ops.negative(_T([4, 6, 9], dt))) for dt in (np.int8, np.uint8, np.int32)}
    out["float32"] = _o(lambda: ops.negative(_f32()))
    out["bool"] = _err(lambda: ops.negative(_bools()))
    return out


def case_gcd_dtypes():
    a, c = [12, -18, 9], [8, 12, 6]
    out = {"i32": _o(lambda: ops.gcd(_T(a, np.int32), _T(c, np.int32))),
           "i32_i64": _o(lambda: ops.gcd(_T(a, np.int32), _T(c, np.int64))),
           "i16": _o(lambda: ops.gcd(_T(a, np.int16), _T(c, np.int16))),
           "i64_bcast": _o(lambda: ops.gcd(_T(a, np.int64), _T([6], np.int64)))}
    for dt in (np.bool_, np.int8, np.uint8, np.float32):
        out[np.dtype(dt).name] = _err(lambda: ops.gcd(_T([1, 0, 1], dt), _T([1, 1, 0], dt)))
    out["tensor_int"] = _err(lambda: ops.gcd(_T(a, np.int32), 2))
    out["int_tensor"] = _err(lambda: ops.gcd(2, _T(a, np.int32)))
    return out


def case_isclose_operands():
    i, b, f = _ints(), _bools(), _f32()
    g = _T([0.5, np.nan, np.inf], np.float64)
    out = {"i32": _o(lambda: ops.isclose(i, i)), "bool": _o(lambda: ops.isclose(b, b)),
           "f16": _o(lambda: ops.isclose(_T([0.5, np.nan], np.float16), _T([0.5001, np.nan], np.float16))),
           "f32_tol": _o(lambda: ops.isclose(f, f + 0.01, rtol=0.0, atol=0.02)),
           "f64_equal_nan": _o(lambda: ops.isclose(g, g, equal_nan=True))}
    for label, x, y in (("f32_f64", f, g), ("i32_f32", i, f), ("i32_i64", i, _T([1, -2, 3], np.int64)),
                        ("f32_float", f, 1.0)):
        out[label] = _err(lambda: ops.isclose(x, y))
    return out


def case_round_whole():
    x = _T([1.2345, -2.5, 0.5, 1.5, 2.5], np.float32)
    out = {"f32": _o(lambda: ops.round(x)), "f32_decimals_0": _o(lambda: ops.round(x, decimals=0)),
           "i32": _o(lambda: ops.round(_ints())), "f64": _o(lambda: ops.round(_T([1.2345, 2.5], np.float64))),
           "f16": _o(lambda: ops.round(_T([1.2345, 2.5], np.float16), decimals=0))}
    out["bool"] = _err(lambda: ops.round(_bools()))
    return out


def case_round_decimals():
    v, w, k = [1.2345, -2.567, 12.3456, 0.004], [14.0, -26.0, 123.0, 151.0], [14, -26, 123, 151]
    out = {}
    for dt in (np.float32, np.float64):
        name = np.dtype(dt).name
        out[name + "_2"] = _g(lambda: ops.round(_T(v, dt), decimals=2), lambda: _T(np.round(np.asarray(v, dt), 2), dt))
        out[name + "_-1"] = _g(lambda: ops.round(_T(w, dt), decimals=-1),
                               lambda: _T(np.round(np.asarray(w, dt), -1), dt))
    out["i32_2"] = _g(lambda: ops.round(_T(k, np.int32), decimals=2), lambda: _T(k, np.int32))
    out["i32_-1"] = _g(lambda: ops.round(_T(k, np.int32), decimals=-1),
                       lambda: _T(np.round(np.asarray(k), -1), np.int32))
    return out


def case_nonzero_as_tuple():
    m = [[0, 1], [2, 0]]
    out = {"default": _o(lambda: ops.nonzero(_T(m, np.int32))), "bool": _o(lambda: ops.nonzero(_bools())),
           "as_tuple_false": _o(lambda: ops.nonzero(_T(m, np.float32), as_tuple=False))}
    out["as_tuple"] = _g(lambda: ops.nonzero(_T(m, np.int32), as_tuple=True),
                         lambda: tuple(_T(i, np.int64) for i in np.nonzero(m)))
    out["as_tuple_bool"] = _g(lambda: ops.nonzero(_bools(), as_tuple=True),
                              lambda: tuple(_T(i, np.int64) for i in np.nonzero([True, False, True])))
    return out


def case_take_values():
    xv = np.arange(1, 7, dtype=np.float32).reshape(2, 3)
    x = Tensor(xv)
    out = {}
    for label, idx in (("flat", [0, 5, -1]), ("matrix", [[1, 2], [-6, 4]])):
        out[label] = _g(lambda: ops.take(x, _T(idx, np.int64)), lambda: Tensor(np.take(xv, idx)))
    out["int32_input"] = _g(lambda: ops.take(_ints(), _T([2, 0], np.int64)), lambda: _T([3, 1], np.int32))
    out["bool_input"] = _g(lambda: ops.take(_bools(), _T([2, 1], np.int64)), lambda: _T([True, False], np.bool_))
    return out


def case_take_out_of_range():
    """MindSpore's CPU backend has no Take kernel (RuntimeError); mindshim checks the index on the host and raises
    RuntimeError before any indexing kernel."""
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    return {"high": _err(lambda: ops.take(x, _T([0, 6], np.int64))),
            "low": _err(lambda: ops.take(x, _T([-7], np.int64)))}


def case_scatter_in_range():
    x = _f32()
    src = _T([9.0, 8.0], np.float32)
    return {"positive": _o(lambda: ops.scatter(x, 0, _T([0, 1], np.int64), src)),
            "negative": _o(lambda: ops.scatter(x, 0, _T([0, -1], np.int64), src)),
            "int32_index": _o(lambda: ops.scatter(_T([[1, 2], [3, 4]], np.float32), 1, _T([[1], [0]], np.int32),
                                                  _T([[7], [5]], np.float32)))}


def case_scatter_out_of_range():
    return _describe(ops.scatter(_f32(), 0, _T([0, 5], np.int64), _T([9.0, 8.0], np.float32)))


def case_logaddexp_values():
    f16 = _T([1.0, -0.5, 2.0], np.float16)
    return {"f32": _o(lambda: ops.logaddexp(_f32(), _f32())), "f16_f32": _o(lambda: ops.logaddexp(f16, _f32())),
            "f64": _o(lambda: ops.logaddexp(_T([0.5, -30.0], np.float64), _T([0.25, -31.0], np.float64)))}


def case_logaddexp_errors():
    i, b, f = _ints(), _bools(), _f32()
    return {label: _err(lambda: ops.logaddexp(x, y)) for label, x, y in
            (("i32_f32", i, f), ("f32_i32", f, i), ("i32_i32", i, i), ("b_b", b, b), ("f32_float", f, 1.5))}


def case_logaddexp_ext_values():
    f16 = _T([1.0, -0.5, 2.0], np.float16)
    ref = np.logaddexp(np.float32([1.0, -0.5, 2.0]), np.float32([0.5, -1.0, 2.5]))
    f = _f32().asnumpy()
    return {"f32": _g(lambda: ag.logaddexp_ext(_f32(), _f32()), lambda: Tensor(np.logaddexp(f, f))),
            "f16_f32": _g(lambda: ag.logaddexp_ext(f16, _f32()), lambda: Tensor(ref.astype(np.float32))),
            "i32_f32": _g(lambda: ag.logaddexp_ext(_ints(), _f32()),
                          lambda: Tensor(np.logaddexp(np.float32([1, -2, 3]), np.float32([0.5, -1.0, 2.5]))))}


def case_logaddexp_ext_errors():
    i, b, f = _ints(), _bools(), _f32()
    g = _T([0.5, 1.0, 2.0], np.float64)
    return {label: _err(lambda: ag.logaddexp_ext(x, y)) for label, x, y in
            (("i32_i32", i, i), ("b_b", b, b), ("f64_f64", g, g), ("f32_int", f, 2), ("i32_float", i, 1.5))}


def case_argmin_argmax_bool():
    b = _T([[False, True, True], [True, False, False]], np.bool_)
    bv = b.asnumpy()
    out = {}
    for name, fn, ref in (("argmin", ag.argmin_ext, np.argmin), ("argmax", mint.argmax, np.argmax)):
        out[name] = _g(lambda: fn(b), lambda: Tensor(np.int64(ref(bv))))
        out[name + "_dim1"] = _g(lambda: fn(b, 1), lambda: Tensor(ref(bv, 1).astype(np.int64)))
        out[name + "_dim0_keepdim"] = _g(lambda: fn(b, 0, True), lambda: Tensor(ref(bv, 0)[None].astype(np.int64)))
    return out


def case_mm_bmm_ext():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    c = np.arange(12, dtype=np.float32).reshape(2, 3, 2)
    out = {"mm": _g(lambda: ag.mm_ext(Tensor(a), Tensor(a.T.copy())), lambda: Tensor(a @ a.T)),
           "bmm": _g(lambda: ag.bmm_ext(Tensor(c), Tensor(c.transpose(0, 2, 1).copy())),
                     lambda: Tensor(c @ c.transpose(0, 2, 1)))}
    out["mm_3d"] = _err(lambda: ag.mm_ext(Tensor(c), Tensor(a)))
    out["bmm_2d"] = _err(lambda: ag.bmm_ext(Tensor(a), Tensor(a.T.copy())))
    return out


def case_leaky_relu_ext():
    v = np.float32([-2.0, -0.5, 0.0, 1.5])
    return {"f32": _g(lambda: ag.leaky_relu_ext(Tensor(v), 0.1), lambda: Tensor(np.where(v > 0, v, 0.1 * v))),
            "i32": _err(lambda: ag.leaky_relu_ext(_ints())),
            "bool": _err(lambda: ag.leaky_relu_ext(_bools()))}


def case_softmax_inverse():
    m = np.float32([[4.0, 7.0], [2.0, 6.0]])
    v = np.float32([[1.0, 2.0, 3.0]])
    e = np.exp(v - v.max(axis=1, keepdims=True))
    return {"inv": _g(lambda: mint.linalg.inv(Tensor(m)), lambda: Tensor(np.linalg.inv(m))),
            "inv_non_square": _err(lambda: mint.linalg.inv(Tensor(np.ones((2, 3), np.float32)))),
            "log_softmax": _g(lambda: mint.special.log_softmax(Tensor(v), 1),
                              lambda: Tensor(np.log(e / e.sum(axis=1, keepdims=True))))}
