"""Parity: what side-by-side probes of ordinary scripts found (2026-11-28): negative-step slicing, integer
division and modulo by zero, `~` of floats, bool() of a many-element tensor, ops.unique's order and index dtype,
Parameter names/set_data dtype and ParameterTuple's name check, names MindSpore binds outside its __all__
(ms.jacfwd, ms.int, mindspore.common.*, mstype.Float/number_type, mint.ones/clip/ge/fix/item, mindspore.numpy
around/round/matrix_power and numpy.fft, ops.composite ones_like/zeros_like/matmul)."""
import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Parameter, ParameterTuple, Tensor, mint, ops
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C
from parity_ops_common import error_name as _err  # registered by the parity loader

_A = np.arange(24).reshape(2, 3, 4).astype(np.float32)


def case_negative_step_slices():
    a = Tensor(_A)
    keys = {"dim1": (slice(None), slice(None, None, -1)), "int_and_step2": (slice(None, None, -1), 1, slice(None, None, -2)),
            "ellipsis": (Ellipsis, slice(3, 0, -2)), "none_and_int": (None, slice(None, None, -1), slice(None), -1),
            "first": slice(None, None, -1), "empty": (slice(None), slice(0, 2, -1))}
    return {k: a[key].asnumpy() for k, key in keys.items()}


def case_negative_step_then_index():
    a = Tensor(_A)
    return {"chained": a[::-1][0].asnumpy(), "tensor_method": a[:, ::-1].sum(axis=1).asnumpy()}


def case_integer_division_by_zero():
    out = {}
    for dtype in (np.int8, np.int32, np.int64):
        x, z = Tensor(np.array([7, -7, 0], dtype)), Tensor(np.zeros(3, dtype))
        name = np.dtype(dtype).name
        out[f"floordiv_{name}"] = (x // z).asnumpy()
        out[f"floor_divide_{name}"] = ops.floor_divide(x, z).asnumpy()
        out[f"div_floor_{name}"] = ops.div(x, z, rounding_mode="floor").asnumpy()
        out[f"truncate_div_{name}"] = ops.truncate_div(x, z).asnumpy()
        out[f"fmod_{name}"] = ops.fmod(x, z).asnumpy()
    for dtype in (np.int32, np.int64):
        x, z = Tensor(np.array([7, -7, 0], dtype)), Tensor(np.zeros(3, dtype))
        out[f"mod_{np.dtype(dtype).name}"] = (x % z).asnumpy()
        out[f"floor_mod_{np.dtype(dtype).name}"] = ops.floor_mod(x, z).asnumpy()
    u, uz = Tensor(np.array([7, 0], np.uint8)), Tensor(np.zeros(2, np.uint8))
    out["floordiv_uint8"], out["mod_uint8"] = (u // uz).asnumpy(), (u % uz).asnumpy()
    out["scalar_divisor"] = (Tensor(np.array([5, -5], np.int32)) // 0).asnumpy()
    out["mixed_zero"] = (Tensor(np.array([7, 8], np.int32)) // Tensor(np.array([2, 0], np.int32))).asnumpy()
    return out


def case_unary_operator_dtypes():
    f = Tensor(np.array([1.0, 0.0, -2.0], np.float32))
    return {"invert_float": (~f).asnumpy(), "neg_bool": _err(lambda: -Tensor(np.array([True]))),
            "ops_neg_bool": _err(lambda: ops.neg(Tensor(np.array([True])))),
            "bool_many": _err(lambda: Tensor(bool(Tensor(np.ones((2, 3), np.float32))))),
            "bool_empty": _err(lambda: Tensor(bool(Tensor(np.zeros((0,), np.float32))))),
            "bool_one": bool(Tensor(np.array([[2.0]], np.float32)))}


def case_ops_unique_order():
    out = {}
    for key, arr in {"int64": np.array([3, 1, 3, 2, 1]), "int32": np.array([5, 5, 4], np.int32),
                     "float_2d": np.array([[2.5, 1.0], [2.5, -1.0]], np.float32),
                     "uint8": np.array([1, 0, 1], np.uint8)}.items():
        y, idx = ops.unique(Tensor(arr))
        out[key] = {"y": y.asnumpy(), "idx": idx.asnumpy(), "idx_dtype": str(idx.dtype)}
    return out


def case_parameter_names_and_set_data():
    p = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="p")
    p.set_data(Tensor(np.array([5, 6], np.int64)))
    q = Parameter(Tensor(np.array([1, 2], np.int32)), name="q")
    q.set_data(Tensor(np.array([1.7, -2.7], np.float32)))
    r = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="r")
    r.set_data(Tensor(np.array([1.0, 2.0, 3.0], np.float64)))
    unnamed = Parameter(Tensor(1.0))
    blank = Parameter(Tensor(1.0), name="  ")

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.weight = Parameter(Tensor(np.ones(2, np.float32)))

        def construct(self, x):
            return x * self.weight

    return {"float_param_int_data": {"dtype": str(p.dtype), "value": p.asnumpy()},
            "int_param_float_data": {"dtype": str(q.dtype), "value": q.asnumpy()},
            "new_shape_other_dtype": {"dtype": str(r.dtype), "shape": list(r.shape)},
            "float_into_int": _err(lambda: q.set_data(2.5)),
            "int_number": (q.set_data(7), q.asnumpy())[1],
            "generated_prefix": unnamed.name.startswith("Parameter#"),
            "blank_generated": blank.name.startswith("Parameter#"),
            "two_unnamed_differ": Parameter(Tensor(1.0)).name != Parameter(Tensor(1.0)).name,
            "cell_renames": Net().weight.name,
            "bad_name_type": _err(lambda: Parameter(Tensor(1.0), name=3))}


def case_parameter_tuple_names():
    a = Parameter(Tensor(1.0), name="a")
    return {"duplicate_name": _err(lambda: ParameterTuple([a, Parameter(Tensor(2.0), name="a")])),
            "same_object_twice": len(ParameterTuple([a, a])),
            "unnamed_pair": len(ParameterTuple([Parameter(Tensor(1.0)), Parameter(Tensor(2.0))])),
            "not_parameter": _err(lambda: ParameterTuple([Tensor(1.0)]))}


def _cube(t):
    return t ** 3


def _square(t):
    return t ** 2


def _double(t):
    return t * 2


def case_names_outside_all():
    x = Tensor(np.array([1.0, 2.0], np.float32))
    _, vjp_fn = ms.vjp(_double, x)
    return {"dtype_aliases": [str(ms.int), str(ms.float), str(ms.bool)],
            "jacrev": ms.jacrev(_cube)(x).asnumpy(), "jacfwd": ms.jacfwd(_square)(x).asnumpy(),
            "vjp": vjp_fn(Tensor(np.ones(2, np.float32)))[0].asnumpy(),
            "jvp": ms.jvp(_square, x, Tensor(np.ones(2, np.float32)))[1].asnumpy(),
            "same_objects": [ms.jacfwd is ops.jacfwd, ms.constexpr is ops.constexpr,
                             ms.FileWriter is ms.mindrecord.FileWriter, ms.common.jit is ms.jit,
                             ms.common.int is ms.int32, ms.common.Generator is ms.Generator,
                             ms.common.mutable is ms.mutable],
            "common_dtypes": [str(getattr(ms.common, n)) for n in ("byte", "short", "long", "ubyte", "cfloat")]}


def case_dtype_kinds():
    return {"float_bits": [str(mstype.Float(b)) for b in (16, 32, 64)], "float_abstract": str(mstype.Float()),
            "bool": str(mstype.Bool()), "int8": str(mstype.Int(8)),
            "isinstance": [isinstance(ms.float16, mstype.Float), isinstance(ms.int8, mstype.Float),
                           isinstance(ms.bool_, mstype.Bool), isinstance(ms.float32, mstype.Bool)],
            "float_bad_bits": _err(lambda: mstype.Float(8)),
            "aliases": [str(mstype.int), str(mstype.float), str(mstype.bool)],
            "number_type": [str(t) for t in mstype.number_type if str(t) in
                            ("Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Float16",
                             "Float32", "Float64", "BFloat16", "Complex64", "Complex128")],
            "complex_type": [str(t) for t in mstype.complex_type],
            "sizes": [mstype.type_size_in_bytes(t) for t in (ms.float16, ms.int64, ms.bool_, ms.complex64)]}


def case_mint_outside_all():
    x = Tensor(np.array([[1.5, -2.5], [1.5, 0.5]], np.float32))
    xi = Tensor(np.array([3, 1, 3, 2], np.int32))
    return {"ones": mint.ones((2, 3)).asnumpy(), "ones_int": mint.ones(2).asnumpy(),
            "ones_dtype": mint.ones((2,), dtype=ms.int32).asnumpy(), "ones_list": mint.ones([2, 1]).asnumpy(),
            "ones_tensor_size": mint.ones(Tensor([2, 2])).asnumpy(), "ones_float_size": _err(lambda: mint.ones(2.5)),
            "clip": mint.clip(x, -1, 1).asnumpy(), "clip_tensors": mint.clip(x, Tensor(-1.0), Tensor(1.0)).asnumpy(),
            "clip_min": mint.clip(x, min=0.0).asnumpy(), "clip_int_float_bounds": mint.clip(xi, 1.5, 2.5).asnumpy(),
            "ge": mint.ge(x, 0.5).asnumpy(), "ge_tensor": mint.ge(x, x.T).asnumpy(), "ge_int": mint.ge(xi, 2).asnumpy(),
            "fix": mint.fix(x).asnumpy(), "fix_int": mint.fix(xi).asnumpy(),
            "item": mint.item(Tensor([2.5])), "item_int": mint.item(Tensor(np.array([[3]], np.int32))),
            "item_many": _err(lambda: Tensor(mint.item(x)))}


def case_numpy_round_and_matrix_power():
    m = Tensor(np.array([[1, 2], [3, 4]], np.float32))
    return {"around": mnp.around(Tensor(np.array([0.5, 1.5, 2.567, -0.5], np.float32)), 1).asnumpy(),
            "round_half_even": mnp.round(Tensor(np.array([0.5, 1.5, 2.5, -0.5], np.float32))).asnumpy(),
            "round_negative_decimals": _err(lambda: mnp.round(Tensor(np.array([15, 25], np.int32)), -1)),
            "power3": mnp.matrix_power(m, 3).asnumpy(), "power0": mnp.matrix_power(m, 0).asnumpy(),
            "power1": mnp.matrix_power(m, 1).asnumpy(),
            "negative": _err(lambda: mnp.matrix_power(m, -1)),
            "int": mnp.matrix_power(Tensor(np.array([[1, 2], [3, 4]], np.int32)), 2).asnumpy(),
            "batch": mnp.matrix_power(Tensor(np.arange(8).reshape(2, 2, 2).astype(np.float32)), 2).asnumpy(),
            "not_square": _err(lambda: mnp.matrix_power(Tensor(np.ones((2, 3), np.float32)), 2))}


def case_numpy_fft():
    from mindspore.numpy import fft as F
    s = Tensor(np.array([1.0, 2.0, 0.5, -1.0], np.float32))
    g = Tensor(np.arange(6).reshape(2, 3).astype(np.float32))
    return {"fft": F.fft(s).asnumpy(), "ifft": F.ifft(F.fft(s)).asnumpy(), "rfft": F.rfft(s).asnumpy(),
            "irfft": F.irfft(F.rfft(s)).asnumpy(), "fft_n": F.fft(s, 6).asnumpy(),
            "fft_ortho": F.fft(s, norm="ortho").asnumpy(), "fftfreq": F.fftfreq(4, 0.5).asnumpy(),
            "rfftfreq": F.rfftfreq(5).asnumpy(), "fftshift": F.fftshift(s).asnumpy(),
            "ifftshift": F.ifftshift(s).asnumpy(), "fft2": F.fft2(g).asnumpy(), "ifft2": F.ifft2(g).asnumpy(),
            "rfft2": F.rfft2(g).asnumpy(), "fftn": F.fftn(g).asnumpy(), "rfftn_axes": F.rfftn(g, axes=(0,)).asnumpy(),
            "ihfft": F.ihfft(s).asnumpy()}


def case_composite_outside_all():
    a = Tensor(np.array([[1.0, 2.0]], np.float32))
    b = Tensor(np.array([3, 4], np.int32))
    ones = C.ones_like((a, [b]))
    return {"ones_like": C.ones_like(a).asnumpy(), "ones_like_nested": [ones[0].asnumpy(), ones[1][0].asnumpy()],
            "ones_like_is_tuple": type(ones[1]).__name__, "zeros_like": C.zeros_like(a).asnumpy(),
            "zeros_like_tuple": C.zeros_like((a, b)), "zeros_like_number": C.zeros_like(3),
            "matmul": C.matmul(a, a.T).asnumpy(),
            "matmul_batch": C.matmul(Tensor(np.ones((2, 1, 2), np.float32)), a.T).asnumpy()}


def case_function_outside_all():
    import mindspore.ops.function as OF
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    parts = OF.split_ext(x, [1, 2], 1)
    return {"split_ext": [p.asnumpy() for p in parts], "split_ext_int": [p.asnumpy() for p in OF.split_ext(x, 1)],
            "tensor_div_": OF.tensor_div_(x, 2).asnumpy(), "tensor_div_name": OF.tensor_div_.name,
            "depend": OF.depend(x, x + 1).asnumpy(), "partial": OF.partial(ops.add, x)(x).asnumpy()}


def case_tensor_methods_missing_arguments():
    from parity_ops_common import error_words
    t = Tensor(np.array([[1.5, -2.0, 3.0], [0.5, 4.0, -1.0]], np.float32))
    names = ("gather", "select", "index_add", "index_fill_", "scatter", "scatter_add", "reshape", "broadcast_to",
             "expand", "expand_as", "put_")
    ti = Tensor(np.array([[1, -2, 3], [0, 4, -1]], np.int32))
    return {"errors": {n: error_words(getattr(t, n)) for n in names},
            "norm_int": ti.norm().asnumpy(), "norm_int_dim": ti.norm(dim=1).asnumpy(),
            "norm_int_dtype": str(ops.norm(ti).dtype)}


def case_tensor_copies_numpy_data():
    a, b, c, d = (np.ones(3, np.float32) for _ in range(4))
    t = Tensor(a)
    t[0] = 5.0
    p = Parameter(Tensor(b), name="p")
    ops.assign(p, Tensor(np.full(3, 7.0, np.float32)))
    q = Parameter(c, name="q")
    ops.assign_add(q, Tensor(np.full(3, 2.0, np.float32)))
    later = Tensor(d)
    d[0] = 9.0
    e = np.ones(3, np.float32)
    shared = ms.from_numpy(e)
    e[1] = 4.0
    base = Tensor(np.ones(3, np.float32))
    param_of_tensor = Parameter(base, name="r")
    ops.assign(param_of_tensor, Tensor(np.zeros(3, np.float32)))
    view = Tensor(base)
    view[2] = 6.0
    return {"numpy_after_setitem": a, "numpy_after_assign": b, "numpy_after_param_assign_add": c,
            "tensor_after_numpy_write": later.asnumpy(), "from_numpy_shares": shared.asnumpy(),
            "tensor_after_param_assign": base.asnumpy(), "tensor_of_tensor_shares": base.asnumpy()}


def case_ops_max_min_without_axis_and_masks():
    a = Tensor(np.array([[1.0, 5.0, -2.0], [3.0, 0.5, 4.0]], np.float32))
    mask = Tensor(np.array([[True, False, True], [False, True, True]]))
    out = {}
    for name, fn in (("max", ops.max), ("min", ops.min)):
        for key, call in {"no_axis": lambda: fn(a), "no_axis_keepdims": lambda: fn(a, keepdims=True),
                          "scalar": lambda: fn(Tensor(2.5)), "axis": lambda: fn(a, 1),
                          "initial": lambda: fn(a, 1, initial=2.0),
                          "where": lambda: fn(a, 0, initial=1.0, where=mask),
                          "where_true": lambda: fn(a, 0, where=True),
                          "int_keepdims": lambda: fn(Tensor(np.array([[3, 1], [2, 7]], np.int32)), 0, True)}.items():
            values, index = call()
            out[f"{name}_{key}"] = {"values": values.asnumpy(), "index": index.asnumpy(), "dtype": str(index.dtype)}
        out[f"{name}_where_without_initial"] = _err(lambda: fn(a, 0, where=mask))
        out[f"{name}_tensor_initial"] = _err(lambda: fn(a, 0, initial=Tensor(1.0)))
        out[f"{name}_tuple_axis"] = _err(lambda: fn(a, (0, 1)))
    return out


def _plus_one(x):
    return x + 1


def case_internal_paths_tests_use():
    from mindspore.common.api import _cell_graph_executor
    from mindspore.ops._primitive_cache import _get_cache_prim
    from mindspore.ops.primitive import _primexpr
    net = ms.nn.Dense(3, 2)
    w = net.weight.asnumpy().copy()
    x, y = Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((2, 2), np.float32))
    phase, first = _cell_graph_executor.compile(net, x)
    again = _cell_graph_executor.compile(net, x)[1]
    train = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), ms.nn.SGD(net.trainable_params(), 1.0))
    _cell_graph_executor.compile(train, x, y)
    unchanged = bool((net.weight.asnumpy() == w).all())
    loss = _cell_graph_executor(train, x, y)
    return {"phase_is_str": isinstance(phase, str), "first": first, "again": again,
            "bad_input": _err(lambda: _cell_graph_executor.compile(net, Tensor(np.ones((2, 4), np.float32)))),
            "compile_keeps_weights": unchanged, "run_updates": bool((net.weight.asnumpy() != w).any()),
            "loss_shape": list(loss.shape),
            "cached_prim": _get_cache_prim(ops.ReduceSum)(keep_dims=True)(y, 1).asnumpy(),
            "primexpr": _primexpr(_plus_one)(2)}
