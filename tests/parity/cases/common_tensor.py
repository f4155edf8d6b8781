"""Parity cases for mindspore.Tensor and dtypes: construction, attributes, printing, operators,
reductions, shape manipulation and indexing. Ordinary MindSpore code (see docs/parity.md)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from mindspore.common.initializer import One, Normal  # noqa: F401  (One is used; import shape is the point)
from parity_capture import captured_stdout

TOLERANCES = {}


def _x23():
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5)


def _desc(t):
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def _shown(t):
    with captured_stdout() as printed:
        print(t)
    return {"repr": repr(t), "print": printed}


# ----- construction and dtype inference -----
def case_construct_from_numpy():
    return {
        "float64": _desc(Tensor(np.array([1.5, 2.0]))),
        "float32": _desc(Tensor(np.array([1.5, 2.0], np.float32))),
        "float16": _desc(Tensor(np.array([1.5, 2.0], np.float16))),
        "int32": _desc(Tensor(np.array([1, 2], np.int32))),
        "int64": _desc(Tensor(np.array([1, 2], np.int64))),
        "uint8": _desc(Tensor(np.array([1, 2], np.uint8))),
        "bool": _desc(Tensor(np.array([True, False]))),
        "np_scalar_f32": _desc(Tensor(np.float32(3.5))),
        "np_scalar_i64": _desc(Tensor(np.int64(7))),
    }


def case_construct_from_python():
    return {
        "float": _desc(Tensor(1.5)),
        "int": _desc(Tensor(3)),
        "bool": _desc(Tensor(True)),
        "int_list": _desc(Tensor([1, 2])),
        "float_list": _desc(Tensor([1.0, 2.0])),
        "mixed_list": _desc(Tensor([1, 2.5])),
        "nested": _desc(Tensor([[1, 2], [3, 4]])),
        "tuple": _desc(Tensor((1.0, 2.0))),
        "bool_list": _desc(Tensor([True, False])),
    }


def case_construct_with_dtype():
    return {
        "float_as_f32": _desc(Tensor(1.0, ms.float32)),
        "int_as_f32": _desc(Tensor(2, ms.float32)),
        "list_as_f16": _desc(Tensor([1, 2], dtype=ms.float16)),
        "np_f64_as_f32": _desc(Tensor(np.array([0.1, 0.2]), ms.float32)),
        "float_as_i32": _desc(Tensor([1.7, -1.7], ms.int32)),
        "np_as_bool": _desc(Tensor(np.array([0, 2]), ms.bool_)),
        "from_tensor": _desc(Tensor(Tensor([1, 2], ms.int32))),
        "from_tensor_cast": _desc(Tensor(Tensor([1, 2], ms.int32), ms.float64)),
    }


def case_construct_with_init():
    from mindspore.common.initializer import One
    t = Tensor(shape=(2, 3), dtype=ms.float32, init=One())
    return _desc(t.init_data())


# ----- attributes -----
def case_attributes():
    out = {}
    for name, t in {"f32": _x23(), "i64": Tensor(np.ones((4, 1, 2), np.int64)),
                    "f16_0d": Tensor(np.float16(1)), "bool": Tensor(np.ones(5, bool))}.items():
        out[name] = {"shape": list(t.shape), "size": int(t.size), "ndim": t.ndim, "dtype": str(t.dtype),
                     "itemsize": t.itemsize, "nbytes": t.nbytes, "strides": list(t.strides),
                     "len": len(t) if t.ndim else -1, "shape_type": type(t.shape).__name__,
                     "size_is_int": isinstance(t.size, int)}
    return out


def case_dtype_names():
    names = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
             "float32", "float64", "bfloat16", "complex64", "complex128", "half", "single", "double",
             "float_", "int_"]
    return {n: str(getattr(ms, n)) for n in names}


def case_dtype_equality():
    return {"f32_eq_single": ms.float32 == ms.single, "f32_eq_f16": ms.float32 == ms.float16,
            "tensor_dtype_eq": Tensor([1.0]).dtype == ms.float32,
            "int_dtype": Tensor([1]).dtype == ms.int64,
            "dtype_to_nptype": str(np.dtype(ms.dtype_to_nptype(ms.float16))),
            "pytype_to_dtype": str(ms.pytype_to_dtype(bool))}


def case_asnumpy_dtypes():
    out = {}
    for name in ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool_"):
        arr = Tensor(np.array([1, 0]), getattr(ms, name)).asnumpy()
        out[name] = [str(arr.dtype), type(arr).__name__]
    return out


# ----- printing -----
def case_print_float32():
    return _shown(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 3 - 0.5))


def case_print_float32_1d():
    return _shown(Tensor(np.array([-1.5, 2.25, np.nan, np.inf, 1e-8, 123456789.0], np.float32)))


def case_print_float16():
    return _shown(Tensor(np.arange(6, dtype=np.float16).reshape(2, 3) / 3))


def case_print_int32():
    return _shown(Tensor(np.array([[1, -20, 300], [4, 5, 6]], np.int32)))


def case_print_int64_long_1d():
    return _shown(Tensor(np.arange(30, dtype=np.int64) - 3))


def case_print_bool():
    return _shown(Tensor(np.array([[True, False, True], [False, False, True]])))


def case_print_bool_long_1d():
    return _shown(Tensor(np.arange(30) % 3 == 0))


def case_print_scalars():
    return {"f32": _shown(Tensor(1.0, ms.float32)), "f32_frac": _shown(Tensor(-2.5)),
            "f32_small": _shown(Tensor(np.float32(1.25e-5))), "f16": _shown(Tensor(np.float16(2.5))),
            "i32": _shown(Tensor(np.int32(3))), "i64": _shown(Tensor(-7)), "bool": _shown(Tensor(True))}


def case_print_3d():
    return _shown(Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4)))


def case_print_large_1d():
    return {"n1000": _shown(Tensor(np.arange(1000, dtype=np.float32)))["repr"].count("\n"),
            "n1001": _shown(Tensor(np.arange(1001, dtype=np.float32))),
            "int_n5000": _shown(Tensor(np.arange(5000, dtype=np.int32)))}


def case_print_large_2d():
    return {"f32": _shown(Tensor(np.arange(2000, dtype=np.float32).reshape(40, 50))),
            "i32": _shown(Tensor(np.arange(70, dtype=np.int32).reshape(7, 10))),
            "i32_3d": _shown(Tensor(np.arange(7 * 8 * 2, dtype=np.int32).reshape(7, 8, 2)))}


def case_print_empty():
    return {"2x0": _shown(Tensor(np.zeros((2, 0), np.float32))), "0": _shown(Tensor(np.zeros((0,), np.int32)))}


def case_print_float64_uint8():
    return {"f64": _shown(Tensor(np.array([0.5, 1.0]))), "u8": _shown(Tensor(np.array([[1, 200]], np.uint8))),
            "i8": _shown(Tensor(np.array([-100, 5], np.int8)))}


def case_str_format():
    return {"fstring_0d": f"{Tensor(1.5)}", "str_1d": str(Tensor([1, 2])), "fstring_2d": f"{Tensor([[1, 2]])}"}


def case_format_spec_raises():
    return f"{Tensor(1.5):.3f}"


# ----- operators -----
def case_arith_float():
    x, y = _x23(), Tensor(np.array([[1.0, -2.0, 4.0]], np.float32))
    return {k: _desc(v) for k, v in {"add": x + y, "sub": x - y, "mul": x * y, "div": x / y, "neg": -x,
                                      "abs": abs(x), "radd": 1 + x, "rsub": 1 - x, "rdiv": 1 / y,
                                      "pow": y ** 2, "rpow": 2 ** y, "floordiv": x // y, "mod": x % y}.items()}


def case_arith_int():
    a = Tensor(np.array([7, -7, 6], np.int32))
    b = Tensor(np.array([2, 2, -4], np.int32))
    return {k: _desc(v) for k, v in {"add": a + b, "mul": a * b, "truediv": a / b, "floordiv": a // b,
                                      "mod": a % b, "pow": a ** 2, "neg": -a, "int_scalar_div": a / 2,
                                      "int_scalar_floordiv": a // 2}.items()}


def case_arith_promotion():
    i32 = Tensor(np.array([1, 2], np.int32))
    i64 = Tensor(np.array([1, 2], np.int64))
    f16 = Tensor(np.array([1, 2], np.float16))
    f32 = Tensor(np.array([1, 2], np.float32))
    b = Tensor(np.array([True, False]))
    pairs = {"i32+i64": i32 + i64, "i32+f16": i32 + f16, "f16+f32": f16 + f32, "i32+float": i32 + 1.5,
             "i32+int": i32 + 3, "f16+float": f16 + 1.5, "bool+int": b + 1, "bool+bool": b + b,
             "i64*float": i64 * 2.0, "f32+i64": f32 + i64, "bool*f32": b * f32}
    return {k: _desc(v) for k, v in pairs.items()}


def case_comparison():
    x, y = _x23(), Tensor(np.array([[0.5, -1.5, 0.5]], np.float32))
    pairs = {"lt": x < y, "le": x <= y, "gt": x > 0, "ge": x >= y, "eq": x == y, "ne": x != 0.5,
             "int_eq": Tensor([1, 2]) == Tensor([1, 3])}
    return {k: _desc(v) for k, v in pairs.items()}


def case_logical_bitwise():
    a, b = Tensor(np.array([True, False, True])), Tensor(np.array([True, True, False]))
    i = Tensor(np.array([5, 3], np.int32))
    return {k: _desc(v) for k, v in {"and": a & b, "or": a | b, "xor": a ^ b, "invert": ~a,
                                      "int_and": i & 1, "int_or": i | 2}.items()}


def case_invert_int():
    return _desc(~Tensor(np.array([5, 0, -1], np.int32)))


# ----- reductions -----
def _r():
    return Tensor(np.array([[[1.0, 2.0, -3.0], [4.0, 0.5, 6.0]], [[-1.0, 8.0, 2.0], [0.0, 3.0, 1.0]]], np.float32))


def case_reduce_sum_mean():
    x = _r()
    return {k: _desc(v) for k, v in {
        "sum": x.sum(), "sum_axis1": x.sum(axis=1), "sum_tuple": x.sum(axis=(0, 2)),
        "sum_keep": x.sum(axis=1, keepdims=True), "sum_neg": x.sum(-1),
        "mean": x.mean(), "mean_axis": x.mean(axis=0), "mean_tuple_keep": x.mean(axis=(1, 2), keep_dims=True),
        "int_sum": Tensor(np.array([[1, 2], [3, 4]], np.int32)).sum(axis=0),
        "bool_sum": Tensor(np.array([True, True, False])).sum()}.items()}


def case_reduce_max_min():
    x = _r()
    return {k: _desc(v) for k, v in {
        "max": x.max(), "max_axis": x.max(axis=2), "max_keep": x.max(axis=1, keepdims=True),
        "max_tuple": x.max(axis=(0, 1)), "min": x.min(), "min_axis": x.min(axis=0),
        "argmax": x.argmax(), "argmax_axis": x.argmax(axis=2), "argmin_axis": x.argmin(axis=1),
        "argmin": x.argmin()}.items()}


def case_reduce_max_return_indices():
    values, indices = _r().max(axis=1, return_indices=True)
    return {"values": _desc(values), "indices": _desc(indices)}


def case_reduce_std_var():
    x = _r()
    return {k: _desc(v) for k, v in {
        "std": x.std(), "std_axis": x.std(axis=1), "std_ddof1": x.std(axis=2, ddof=1),
        "var": x.var(), "var_tuple_keep": x.var(axis=(0, 2), keepdims=True), "var_ddof1": x.var(ddof=1)}.items()}


def case_reduce_prod_all_any():
    x = _r()
    m = Tensor(np.array([[True, False], [True, True]]))
    return {k: _desc(v) for k, v in {
        "prod": x.prod(), "prod_axis": x.prod(1), "prod_keep": x.prod(dim=2, keepdim=True),
        "all": m.all(), "all_axis": m.all(axis=1), "any": m.any(), "any_axis_keep": m.any(axis=0, keep_dims=True),
        "int_prod": Tensor(np.array([2, 3, 4], np.int32)).prod()}.items()}


def case_prod_axis_keyword_raises():
    return _r().prod(axis=1).asnumpy()


def case_mean_keepdims_keyword_raises():
    return _r().mean(axis=1, keepdims=True).asnumpy()


def case_reduce_torch_style():
    x = _r()
    values, indices = x.max(1)
    return {"max_dim_values": _desc(values), "max_dim_indices": _desc(indices),
            "max_dim_kw": [_desc(v) for v in x.max(dim=2)], "min_dim": [_desc(v) for v in x.min(0)],
            "sum_dim_keepdim": _desc(x.sum(dim=1, keepdim=True)), "std_positional": _desc(x.std(1)),
            "argmin_keepdims": _desc(x.argmin(axis=1, keepdims=True)), "argmax_keepdims": _desc(x.argmax(axis=1, keepdims=True)),
            "int_mean": _desc(Tensor(np.arange(3, dtype=np.int32)).mean()),
            "int_std": _desc(Tensor([1, 2]).std()), "sum_dtype": _desc(x.sum(axis=1, dtype=ms.int32))}


# ----- shape manipulation -----
def case_reshape_view():
    x = Tensor(np.arange(12, dtype=np.float32))
    return {k: _desc(v) for k, v in {
        "reshape_tuple": x.reshape((3, 4)), "reshape_args": x.reshape(2, -1), "reshape_list": x.reshape([4, 3]),
        "view": x.view(6, 2), "view_tuple": x.view((2, 2, 3)), "flatten": x.reshape(3, 4).flatten(),
        "flatten_f": x.reshape(3, 4).flatten(order="F"), "ravel": x.reshape(3, 4).ravel()}.items()}


def case_transpose_family():
    x = Tensor(np.arange(24, dtype=np.int32).reshape(2, 3, 4))
    m = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    return {k: _desc(v) for k, v in {
        "transpose_none": x.transpose(), "transpose_args": x.transpose(2, 0, 1),
        "transpose_tuple": x.transpose((1, 0, 2)), "T": x.T, "m_T": m.T, "m_transpose_01": m.transpose(1, 0),
        "swapaxes": x.swapaxes(0, 2)}.items()}


def case_transpose_two_axes_3d():
    return _desc(Tensor(np.arange(24, dtype=np.int32).reshape(2, 3, 4)).transpose(0, 2))


def case_expand_squeeze():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(1, 2, 1, 3))
    return {k: _desc(v) for k, v in {
        "squeeze": x.squeeze(), "squeeze_axis": x.squeeze(0), "squeeze_tuple": x.squeeze((0, 2)),
        "expand0": x.squeeze().expand_dims(0), "expand_neg": x.squeeze().expand_dims(-1)}.items()}


# Tensor.repeat(*repeats) is torch-style tiling in 2.10 but has no CPU kernel ("not supported on this
# device"), so it has no golden here; repeat_interleave and tile do.
def case_repeat_interleave_tile():
    x = Tensor(np.array([[1, 2], [3, 4]], np.int32))
    return {k: _desc(v) for k, v in {
        "interleave_flat": x.repeat_interleave(2), "interleave_axis0": x.repeat_interleave(2, 0),
        "interleave_dim1": x.repeat_interleave(3, dim=1), "tile": x.tile((2, 3)), "tile_more": x.tile((2, 1, 2))}.items()}


def case_astype_item_copy():
    x = Tensor(np.array([[1.7, -2.2], [3.5, 0.0]], np.float32))
    c = x.copy()
    return {"astype_i32": _desc(x.astype(ms.int32)), "astype_f16": _desc(x.astype(ms.float16)),
            "astype_bool": _desc(x.astype(ms.bool_)), "astype_np": _desc(x.astype(np.float64)),
            "item_0d": Tensor(2.5).item(), "item_int": Tensor(np.array([7], np.int32)).item(),
            "item_bool": Tensor(True).item(), "item_f16": Tensor(np.float16(0.1)).item(),
            "copy": _desc(c), "copy_is_new": c is not x}


def case_item_multi_element_raises():
    return Tensor(np.array([1.0, 2.0], np.float32)).item()


# ----- indexing -----
def case_indexing_basic():
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    return {k: _desc(v) for k, v in {
        "int": x[1], "neg_int": x[-1, 2], "scalar": x[1, 2, 3], "slice": x[:, 1:], "step": x[..., ::2],
        "ellipsis": x[..., 1], "none": x[None, 0], "none_mid": x[:, None, 1], "mixed": x[0, :, 1:3]}.items()}


def case_indexing_advanced():
    x = Tensor(np.arange(12, dtype=np.int32).reshape(3, 4))
    idx = Tensor(np.array([2, 0], np.int32))
    mask = x > 5
    return {k: _desc(v) for k, v in {
        "tensor_index": x[idx], "tensor_index_col": x[:, idx], "list_index": x[[0, 2]],
        "bool_mask": x[mask], "bool_row_mask": x[Tensor(np.array([True, False, True]))],
        "int64_index": x[Tensor(np.array([1], np.int64))]}.items()}


def case_setitem():
    x = Tensor(np.zeros((2, 3), np.float32))
    x[0] = 1.0
    x[1, 1:] = Tensor(np.array([5.0, 6.0], np.float32))
    x[x > 5.5] = -1.0
    return _desc(x)


def case_index_out_of_range():
    return Tensor(np.arange(3, dtype=np.float32))[5].asnumpy()
