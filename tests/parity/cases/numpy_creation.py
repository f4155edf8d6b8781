"""Parity cases for mindspore.numpy array creation: conversion (array/asarray/asfarray), filled arrays, *_like,
ranges (arange/linspace/logspace/geomspace), eye/identity/tri/tril/triu, diagonal/trace, random arrays and the
dtype names. Values, dtypes and error types."""
import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome as _o  # registered by the parity loader

COMPILED_PASS = False

TOLERANCES = {
    "geomspace_logspace": {"rtol": 1e-5, "atol": 1e-5, "why": "float32 pow of a float32 root: last-ulp differences"},
}


def _a():
    return Tensor(np.arange(6).reshape(2, 3).astype(np.float32))


def _ai():
    return Tensor(np.arange(6).reshape(2, 3).astype(np.int32))


def case_dtype_names():
    names = ["int_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float_", "float16",
             "float32", "float64", "bool_"]
    out = {n: str(getattr(mnp, n)) for n in names}
    out.update({"uint": str(mnp.uint), "inf": mnp.inf, "PINF": mnp.PINF, "NINF": mnp.NINF, "nan": mnp.nan,
                "pi": mnp.pi, "numeric_types": list(mnp.numeric_types)})
    return out


def case_copy():
    t = Tensor([1.0, 2.0])
    c = mnp.copy(t)
    return {"list": _o(lambda: mnp.copy([1, 2])), "tensor": _o(lambda: mnp.copy(t)), "is_new": c is not t,
            "scalar": _o(lambda: mnp.copy(2.5)), "numpy": _o(lambda: mnp.copy(np.ones(2)))}


def case_array_python_data():
    return {
        "int_list": _o(lambda: mnp.array([1, 2])), "float_list": _o(lambda: mnp.array([1.5])),
        "mixed": _o(lambda: mnp.array([1, 2.5])), "bool": _o(lambda: mnp.array([True, False])),
        "int": _o(lambda: mnp.array(3)), "float": _o(lambda: mnp.array(3.0)), "boolean": _o(lambda: mnp.array(True)),
        "nested_tuple": _o(lambda: mnp.array(((1, 2), (3, 4)))), "empty": _o(lambda: mnp.array([])),
        "ndmin": _o(lambda: mnp.array([1, 2], ndmin=3)),
        "tensor_int64": _o(lambda: mnp.array(Tensor(np.array([1, 2], np.int64)))),
    }


def case_array_dtype_arg():
    return {
        "str_f16": _o(lambda: mnp.array([1, 2], dtype="float16")), "py_int": _o(lambda: mnp.array([1, 2], dtype=int)),
        "py_float": _o(lambda: mnp.array([1, 2], dtype=float)), "py_bool": _o(lambda: mnp.array([1, 2], dtype=bool)),
        "np_f64": _o(lambda: mnp.array([1, 2], dtype=np.float64)),
        "ms_u8": _o(lambda: mnp.array([1, 2], dtype=mnp.uint8)),
        "tensor_to_f32": _o(lambda: mnp.array(Tensor([1, 2]), dtype="float32")),
    }


def case_array_errors():
    return {
        "bad_dtype": _o(lambda: mnp.array([1, 2], dtype="foo")),
        "bf16_dtype": _o(lambda: mnp.array([1, 2], dtype=ms.bfloat16)),
        "ragged": _o(lambda: mnp.array([[1, 2], [3]])), "str": _o(lambda: mnp.array("a")),
        "none": _o(lambda: mnp.array(None)), "numpy_array": _o(lambda: mnp.array(np.array([1, 2]))),
        "asarray_numpy": _o(lambda: mnp.asarray(np.array([1.0]))),
        "asfarray_numpy": _o(lambda: mnp.asfarray(np.array([1.0]))),
    }


def case_array_copy_identity():
    t = Tensor([1.0, 2.0])
    return {"array_copies": mnp.array(t) is t, "array_no_copy": mnp.array(t, copy=False) is t,
            "asarray_same": mnp.asarray(t) is t, "values": mnp.array(t).asnumpy()}


def case_asarray_asfarray():
    return {
        "asarray_list": _o(lambda: mnp.asarray([[1, 2], [3, 4]])),
        "asarray_tensor_cast": _o(lambda: mnp.asarray(Tensor([1, 2]), mnp.float16)),
        "asarray_tensors_in_list": _o(lambda: mnp.asarray([Tensor([1.0, 2.0]), [3, 4]])),
        "asfarray": _o(lambda: mnp.asfarray([1, 2])), "asfarray_int_dtype": _o(lambda: mnp.asfarray([1, 2], "int32")),
        "asfarray_f16": _o(lambda: mnp.asfarray([1, 2], mnp.float16)),
        "asfarray_f64": _o(lambda: mnp.asfarray([1, 2], "float64")),
        "asfarray_none": _o(lambda: mnp.asfarray([1, 2], None)),
        "asfarray_tensor": _o(lambda: mnp.asfarray(Tensor([1, 2]))),
        "asfarray_scalar": _o(lambda: mnp.asfarray(3)),
    }


def case_ones_zeros_empty():
    return {
        "ones": _o(lambda: mnp.ones((2,))), "ones_int": _o(lambda: mnp.ones(2, "int32")),
        "ones_bool_list_shape": _o(lambda: mnp.ones([2, 1], mnp.bool_)),
        "ones_empty": _o(lambda: mnp.ones((2, 0), "int32")),
        "ones_tensor_shape": _o(lambda: mnp.ones(Tensor([2, 1]))),
        "zeros_i8": _o(lambda: mnp.zeros((2, 2), mnp.int8)), "zeros_0d": _o(lambda: mnp.zeros(())),
        "zeros_f64": _o(lambda: mnp.zeros(3, np.float64)),
        "empty": _o(lambda: mnp.empty((2, 2))), "empty_i32": _o(lambda: mnp.empty((2,), mnp.int32)),
    }


def case_shape_errors():
    return {
        "negative": _o(lambda: mnp.ones((-1,))), "float_entry": _o(lambda: mnp.ones((2.0,))),
        "str_shape": _o(lambda: mnp.zeros("a")), "empty_str_dtype": _o(lambda: mnp.empty((2,), "int32")),
        "zeros_bad_dtype": _o(lambda: mnp.zeros((2,), "complex64")),
    }


def case_full():
    return {
        "int": _o(lambda: mnp.full((2,), 3)), "float": _o(lambda: mnp.full((2,), 3.5)),
        "bool": _o(lambda: mnp.full((2,), True)), "list": _o(lambda: mnp.full((2, 2), [1, 2])),
        "list_float": _o(lambda: mnp.full((2, 2), [1.0, 2])),
        "tensor": _o(lambda: mnp.full((2, 2), Tensor([1, 2]))), "dtype": _o(lambda: mnp.full((2,), 3, "float16")),
        "cast_to_int": _o(lambda: mnp.full((2,), 2.7, mnp.int32)),
        "list_keeps_dtype": _o(lambda: mnp.full((2, 2), [1, 2], mnp.float32)),
        "empty_int": _o(lambda: mnp.full((0,), 3)), "empty_float": _o(lambda: mnp.full((0,), 3.0)),
    }


def case_full_errors():
    return {"empty_list": _o(lambda: mnp.full((0,), [1])), "str_value": _o(lambda: mnp.full((2,), "a")),
            "np_scalar": _o(lambda: mnp.full((2,), np.float32(1))),
            "unbroadcastable": _o(lambda: mnp.full((2, 3), [1, 2]))}


def case_like_functions():
    return {
        "empty_like": _o(lambda: mnp.empty_like([[1, 2]])), "ones_like": _o(lambda: mnp.ones_like([[1, 2]])),
        "ones_like_float": _o(lambda: mnp.ones_like([[1.0, 2]])),
        "ones_like_int64": _o(lambda: mnp.ones_like(Tensor([1, 2], ms.int64))),
        "ones_like_shape": _o(lambda: mnp.ones_like(Tensor([1, 2]), shape=(3,))),
        "ones_like_empty_shape": _o(lambda: mnp.ones_like(Tensor([1, 2]), shape=())),
        "ones_like_dtype": _o(lambda: mnp.ones_like(Tensor([1, 2]), dtype=mnp.float16)),
        "zeros_like_scalar": _o(lambda: mnp.zeros_like(3)), "zeros_like_bool": _o(lambda: mnp.zeros_like(True)),
        "zeros_like_tensor": _o(lambda: mnp.zeros_like(_a())),
        "full_like": _o(lambda: mnp.full_like([1, 2], 2.5)), "full_like_t": _o(lambda: mnp.full_like(Tensor([1.0]), 2)),
        "full_like_dtype": _o(lambda: mnp.full_like(_ai(), 7, dtype=mnp.float64)),
        "empty_like_tensor": _o(lambda: mnp.empty_like(_ai())),
        "like_numpy": _o(lambda: mnp.full_like(np.array([1.0, 2]), 2)),
        "zeros_like_numpy": _o(lambda: mnp.zeros_like(np.array([1.0, 2]))),
    }


def case_arange():
    return {
        "int": _o(lambda: mnp.arange(3)), "float_start": _o(lambda: mnp.arange(0.5, 3)),
        "step": _o(lambda: mnp.arange(1, 10, 3)), "negative_step": _o(lambda: mnp.arange(5, 1, -1.5)),
        "float_step": _o(lambda: mnp.arange(0, 1, 0.3)), "bool": _o(lambda: mnp.arange(True)),
        "dtype_str": _o(lambda: mnp.arange(3, dtype="float16")), "dtype_i64": _o(lambda: mnp.arange(1, 4, dtype=mnp.int64)),
        "tensor": _o(lambda: mnp.arange(Tensor(3))), "empty": _o(lambda: mnp.arange(5, 1)),
        "negative": _o(lambda: mnp.arange(-3)), "zero_step": _o(lambda: mnp.arange(0, 5, 0)),
    }


def case_linspace():
    return {
        "basic": _o(lambda: mnp.linspace(0, 1, 5)), "int_dtype": _o(lambda: mnp.linspace(0, 10, 4, dtype="int32")),
        "no_endpoint_step": _o(lambda: mnp.linspace(0, 1, 4, endpoint=False, retstep=True)),
        "retstep": _o(lambda: mnp.linspace(0, 1, 5, retstep=True)),
        "one_point": _o(lambda: mnp.linspace(2, 3, 1, retstep=True)),
        "one_point_no_endpoint": _o(lambda: mnp.linspace(2, 3, 1, endpoint=False, retstep=True)),
        "arrays_axis1": _o(lambda: mnp.linspace([0, 1], [2, 3], 3, axis=1)),
        "arrays_axis0": _o(lambda: mnp.linspace([0, 1], [2, 3], 3)),
        "arrays_axis_neg": _o(lambda: mnp.linspace([0, 1], [1, 2], 3, axis=-1)),
        "broadcast_bounds": _o(lambda: mnp.linspace([0, 1], 5, 3)),
        "arrays_retstep": _o(lambda: mnp.linspace([0, 1], [1, 3], 3, retstep=True)),
        "tensor_f64": _o(lambda: mnp.linspace(Tensor(np.array(0.0)), Tensor(np.array(1.0)), 3)),
        "tensor_int": _o(lambda: mnp.linspace(Tensor(0), Tensor(4), 3)),
        "f16": _o(lambda: mnp.linspace(0, 1, 3, dtype=mnp.float16)),
    }


def case_linspace_errors():
    return {
        "num0": _o(lambda: mnp.linspace(2, 3, 0)), "num_float": _o(lambda: mnp.linspace(0, 1, 3.0)),
        "num_negative": _o(lambda: mnp.linspace(0, 1, -2)), "bad_axis": _o(lambda: mnp.linspace(0, 1, 3, axis=1)),
        "endpoint_int": _o(lambda: mnp.linspace(0, 1, 3, endpoint=1)), "str": _o(lambda: mnp.linspace("a", 1, 3)),
        "retstep_int": _o(lambda: mnp.linspace(0, 1, 3, retstep=1)),
        "logspace_base": _o(lambda: mnp.logspace(0, 1, 2, base="a")),
        "geomspace_one": _o(lambda: mnp.geomspace(2, 8, 1)),
    }


def case_geomspace_logspace():
    return {
        "logspace": _o(lambda: mnp.logspace(0, 2, 3)),
        "logspace_base2_int": _o(lambda: mnp.logspace(0, 3, 4, base=2, dtype="int32")),
        "logspace_arrays": _o(lambda: mnp.logspace([0, 1], [1, 2], 2, axis=1)),
        "logspace_no_endpoint": _o(lambda: mnp.logspace(0, 2, 4, endpoint=False)),
        "geomspace": _o(lambda: mnp.geomspace(1, 1000, 4)),
        "geomspace_no_endpoint": _o(lambda: mnp.geomspace(1, 16, 4, endpoint=False)),
        "geomspace_arrays": _o(lambda: mnp.geomspace([1, 2], [8, 16], 3, axis=-1)),
        "geomspace_int": _o(lambda: mnp.geomspace(1, 8, 4, dtype="int32")),
        "geomspace_negative": _o(lambda: mnp.geomspace(-1, -8, 4)),
    }


def case_eye_identity_tri():
    return {
        "eye": _o(lambda: mnp.eye(2, 3, 1)), "eye_neg_k": _o(lambda: mnp.eye(3, 2, -1, "int32")),
        "eye_k_out": _o(lambda: mnp.eye(3, 2, 5)), "eye_zero": _o(lambda: mnp.eye(0, 2)),
        "eye_bool": _o(lambda: mnp.eye(2, dtype=mnp.bool_)), "eye_str_dtype": _o(lambda: mnp.eye(2, dtype="int8")),
        "eye_float_n": _o(lambda: mnp.eye(2.0)),
        "identity": _o(lambda: mnp.identity(2, "int16")), "identity_float": _o(lambda: mnp.identity(2.0)),
        "tri": _o(lambda: mnp.tri(3, 2, 0)), "tri_k": _o(lambda: mnp.tri(3, 2, 1, mnp.int32)),
        "tri_neg_k": _o(lambda: mnp.tri(3, 4, -1, mnp.float64)), "tri_bool": _o(lambda: mnp.tri(2, dtype=mnp.bool_)),
        "tri_str_dtype": _o(lambda: mnp.tri(3, 4, -1, "int32")),
    }


def case_tril_triu():
    return {
        "tril": _o(lambda: mnp.tril(_a())), "tril_k": _o(lambda: mnp.tril(_ai(), 1)),
        "tril_1d": _o(lambda: mnp.tril([1, 2, 3])), "triu_1d": _o(lambda: mnp.triu([1, 2, 3], -1)),
        "tril_bool": _o(lambda: mnp.tril(Tensor(np.ones((2, 2), bool)))),
        "tril_3d": _o(lambda: mnp.tril(Tensor(np.ones((2, 2, 3), np.float32)), 0)),
        "triu": _o(lambda: mnp.triu(_a(), 1)), "triu_list": _o(lambda: mnp.triu([[1, 2], [3, 4]])),
        "triu_f16": _o(lambda: mnp.triu(Tensor(np.ones((3, 3), np.float16)), -1)),
        "tril_0d": _o(lambda: mnp.tril(Tensor(1))), "triu_0d": _o(lambda: mnp.triu(Tensor(1.0))),
    }


def case_diagonal_trace():
    c = Tensor(np.arange(8).reshape(2, 2, 2).astype(np.float32))
    return {
        "diagonal": _o(lambda: mnp.diagonal(_a())), "diagonal_offset": _o(lambda: mnp.diagonal(_ai(), 1)),
        "diagonal_neg": _o(lambda: mnp.diagonal(_ai(), -1)), "diagonal_3d": _o(lambda: mnp.diagonal(c, 0, 1, 2)),
        "diagonal_offset_out": _o(lambda: mnp.diagonal(_ai(), 5)),
        "trace": _o(lambda: mnp.trace(_a())), "trace_int": _o(lambda: mnp.trace(_ai(), 1)),
        "trace_dtype": _o(lambda: mnp.trace(_ai(), dtype=mnp.float32)),
        "trace_to_int": _o(lambda: mnp.trace(_a(), dtype=mnp.int32)), "trace_3d": _o(lambda: mnp.trace(c, 0, 1, 2)),
        "trace_bool": _o(lambda: mnp.trace(Tensor(np.ones((2, 2), bool)))),
        "trace_f16": _o(lambda: mnp.trace(Tensor(np.ones((2, 2), np.float16)))),
        "trace_u8": _o(lambda: mnp.trace(Tensor(np.ones((2, 2), np.uint8)))),
        "trace_offset_out": _o(lambda: mnp.trace(_ai(), 5)),
    }


def case_diagonal_trace_errors():
    return {"diagonal_list": _o(lambda: mnp.diagonal([[1, 2], [3, 4]])),
            "diagonal_1d": _o(lambda: mnp.diagonal(Tensor([1, 2]))),
            "diagonal_same_axes": _o(lambda: mnp.diagonal(_ai(), 0, 1, 1)),
            "trace_1d": _o(lambda: mnp.trace(Tensor([1, 2])))}


def case_random_shapes_dtypes():
    out = {}
    for name, t in {"rand": mnp.rand(2, 3), "rand_tuple": mnp.rand((2, 3)), "rand_list": mnp.rand([4]),
                    "rand_none": mnp.rand(), "rand_f16": mnp.rand(2, dtype=mnp.float16),
                    "rand_f64_str": mnp.rand(2, dtype="float64"), "randn": mnp.randn(2, 3), "randn_none": mnp.randn(),
                    "randn_f64": mnp.randn(3, dtype=mnp.float64), "randint": mnp.randint(5),
                    "randint_range": mnp.randint(1, 5, (2, 3)), "randint_int_shape": mnp.randint(-3, 0, 4)}.items():
        v = t.asnumpy().astype(np.float64)
        out[name] = {"shape": list(t.shape), "dtype": str(t.dtype), "finite": bool(np.isfinite(v).all())}
    out["rand_in_01"] = bool(((mnp.rand(100).asnumpy() >= 0) & (mnp.rand(100).asnumpy() < 1)).all())
    r = mnp.randint(1, 5, (200,)).asnumpy()
    out["randint_in_range"] = bool(((r >= 1) & (r < 5)).all())
    n = mnp.randint(-3, 0, 50).asnumpy()
    out["randint_negative_range"] = bool(((n >= -3) & (n < 0)).all())
    return out


def case_random_errors():
    return {
        "rand_int_dtype": _o(lambda: mnp.rand(2, dtype=mnp.int32)), "rand_float_shape": _o(lambda: mnp.rand(2.0)),
        "rand_mixed_shape": _o(lambda: mnp.rand(2, "a")), "randn_str_dtype": _o(lambda: mnp.randn(2, dtype="int32")),
        "randint_zero": _o(lambda: mnp.randint(0)), "randint_order": _o(lambda: mnp.randint(5, 1)),
        "randint_float_min": _o(lambda: mnp.randint(1.5)), "randint_float_max": _o(lambda: mnp.randint(1, 5.0)),
        "randint_float_dtype": _o(lambda: mnp.randint(1, 5, dtype=mnp.float32)),
        "randint_uint8_str": _o(lambda: mnp.randint(1, 5, dtype="uint8")),
    }


def case_random_seeded_repeatable():
    ms.set_seed(3)
    a, b = mnp.rand(3).asnumpy(), mnp.rand(3).asnumpy()
    ms.set_seed(3)
    c = mnp.rand(3).asnumpy()
    ms.set_seed(3)
    d = mnp.randn(2, 2).asnumpy()
    ms.set_seed(3)
    e = mnp.randn(2, 2).asnumpy()
    ms.set_seed(3)
    f = mnp.randint(0, 100, 5).asnumpy()
    ms.set_seed(3)
    g = mnp.randint(0, 100, 5).asnumpy()
    return {"next_call_differs": bool((a != b).any()), "rand_repeats": bool((a == c).all()),
            "randn_repeats": bool((d == e).all()), "randint_repeats": bool((f == g).all())}
