"""Parity cases for the graph-compiler helpers called from Python: scalar/bool/string helpers, tuple/list/dict
helpers, composite helpers (hyper_add, augassign_*, zip_operation, ...), gradient helpers (jet, derivative,
linearize, get_grad, _Grad, _Vmap) and kernel-registration builders. Helpers that MindSpore only evaluates
in graph mode are called inside `ms.jit` functions."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from mindspore.common import dtype as mstype

TOLERANCES = {
    "jet_series": {"rtol": 1e-4, "atol": 1e-5, "why": "higher derivatives chain several transcendental kernels"},
    "derivative_orders": {"rtol": 1e-4, "atol": 1e-5, "why": "higher derivatives chain several transcendental kernels"},
    "cond_numbers": {"rtol": 1e-4, "atol": 1e-5, "why": "SVD/inverse algorithms differ"},
}


def _raises(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _x():
    return Tensor(np.array([0.5, 1.0, 2.0], np.float32))


def case_scalar_arith():
    return [ops.scalar_add(2, 3), ops.scalar_add(2, 3.5), ops.scalar_sub(2, 3.5), ops.scalar_mul(2, 3),
            ops.scalar_div(7, 2), ops.scalar_floordiv(7, 2), ops.scalar_floordiv(-7, 2), ops.scalar_mod(7, -2),
            ops.scalar_mod(7.5, 2), ops.scalar_pow(2, 10), ops.scalar_pow(2.0, 0.5), ops.scalar_log(8),
            ops.scalar_uadd(-2), ops.scalar_usub(2), ops.scalar_usub(2.5), ops.scalar_max(2, 3.0),
            ops.scalar_min(2, 3), ops.scalar_max(-1.5, -2.5)]


def case_scalar_compare():
    return [ops.scalar_eq(2, 2.0), ops.scalar_lt(2, 3), ops.scalar_le(3, 3), ops.scalar_gt(2, 3),
            ops.scalar_ge(3.5, 3), ops.is_(None, None), ops.is_not(1, None), ops.is_(True, False)]


def case_scalar_errors():
    return {"div0": _raises(lambda: ops.scalar_div(1, 0)), "floordiv0": _raises(lambda: ops.scalar_floordiv(1, 0)),
            "mod0": _raises(lambda: ops.scalar_mod(3, 0))}


def case_scalar_cast():
    return [ops.scalar_cast(2.7, ms.int64), ops.scalar_cast(-2.7, ms.int64), ops.scalar_cast(2, ms.float64),
            ops.scalar_cast(0, ms.bool_), ops.scalar_cast(3.0, ms.bool_)]


def case_scalar_cast_bad_type():
    return ops.scalar_cast(2.5, ms.int32)


@ms.jit
def _graph_bool_string(x):
    return (ops.bool_and(True, False), ops.bool_or(True, False), ops.bool_eq(True, True), ops.bool_not(True),
            ops.bool_not(False), ops.scalar_ne(1, 2), ops.scalar_ne(2, 2), ops.string_concat("ab", "cd"),
            ops.string_eq("a", "b"), ops.string_eq("a", "a"), x + 1)


def case_bool_string_graph():
    out = _graph_bool_string(_x())
    return [*out[:-1], out[-1].asnumpy()]


def case_typeof_hastype():
    x = _x()
    values = (x, 1, 1.0, True, "a", None, (1, 2.0, x), [1], [], {"a": 1, "b": x}, Tensor(1, ms.int32),
              slice(1, 2), ms.float32)
    return {"typeof": [str(ops.typeof(v)) for v in values],
            "hastype": [ops.hastype(x, ops.typeof(x)), ops.hastype(1, ms.int64), ops.hastype(x, ms.float32),
                        ops.hastype(1.0, ms.float32), ops.hastype(1.0, ms.float64), ops.hastype(True, ms.int64),
                        ops.hastype(1, mstype.number), ops.hastype(1, mstype.int_), ops.hastype(2.0, mstype.float_)]}


def case_tuple_list_helpers():
    t, lst = (1, 2, 3), [4, 5]
    return {"getitem": [ops.tuple_getitem(t, 1), ops.tuple_getitem(t, -1), ops.list_getitem(lst, 0)],
            "len": [ops.tuple_len(t), ops.list_len(lst), ops.tuple_len(())],
            "setitem": [ops.tuple_setitem(t, 1, 9), ops.list_setitem(lst, -1, 7), lst],
            "set_types": [type(ops.tuple_setitem(t, 0, 0)).__name__, type(ops.list_setitem(lst, 0, 0)).__name__],
            "reversed": ops.tuple_reversed(t), "div": ops.tuple_div((4, 6), (2, 3)),
            "equal": [ops.tuple_equal((1, 2), (1, 2)), ops.tuple_equal((1, 2), (2, 1)), ops.list_equal([1], [1])],
            "make": [ops.make_tuple(1, 2), ops.make_list(1, 2), type(ops.make_list(1)).__name__],
            "range": [ops.make_range(4), ops.make_range(1, 4), ops.make_range(5, 0, -2)],
            "slice": [str(ops.make_slice(0, 5, 2)), str(ops.make_slice(None, 3, None)),
                      [10, 11, 12, 13, 14][ops.make_slice(1, 5, 2)]]}


def case_sequence_errors():
    return {"getitem": _raises(lambda: ops.tuple_getitem((1, 2), 5)),
            "list_getitem": _raises(lambda: ops.list_getitem([1], -2)),
            "setitem": _raises(lambda: ops.tuple_setitem((1, 2), 2, 0)),
            "div_len": _raises(lambda: ops.tuple_div((4, 6), (2,))),
            "div_zero": _raises(lambda: ops.tuple_div((4, 6), (0, 3))),
            "div_inexact": _raises(lambda: ops.tuple_div((4, 6), (3, 3))),
            "range0": _raises(lambda: ops.make_range(0, 4, 0)),
            "dict_missing": _raises(lambda: ops.dict_getitem({"a": 1}, "b"))}


def case_dict_helpers():
    d = {"a": 1, "b": 2}
    return [ops.dict_getitem(d, "b"), ops.in_dict("a", d), ops.in_dict("z", d), ops.not_in_dict("a", d),
            ops.not_in_dict("z", d)]


@ms.jit
def _graph_dict(x):
    d = ops.make_dict(("a", "b"), (x, x * 2))
    d = ops.dict_setitem(d, "c", x * 3)
    return d["a"], d["b"], d["c"], len(d)


def case_dict_make_set_graph():
    a, b, c, n = _graph_dict(_x())
    return [a.asnumpy(), b.asnumpy(), c.asnumpy(), n]


def case_shape_helpers():
    return {"reduced": [ops.reduced_shape((2, 3, 4), ()), ops.reduced_shape((2, 3, 4), (-1, 0)),
                        ops.reduced_shape((2, 3, 4), 2)],
            "bga": [ops.broadcast_gradient_args((2, 1, 3), (2, 1, 3)), ops.broadcast_gradient_args((3,), (2, 3)),
                    ops.broadcast_gradient_args((1, 1), (5, 1)), ops.broadcast_gradient_args((), (2, 3)),
                    ops.broadcast_gradient_args((2, 1), (1, 1)), ops.broadcast_gradient_args((4, 1, 5), (3, 1))],
            "bga_error": _raises(lambda: ops.broadcast_gradient_args((2, 3), (4, 3))),
            "unknown": [ops.is_sequence_shape_unknown((1, 2)), ops.is_sequence_value_unknown([1, 2])],
            "element_unknown": _raises(lambda: ops.is_dynamic_sequence_element_unknown((1, 2))),
            "bool_cond": [ops.is_tensor_bool_cond(Tensor(True)), ops.is_tensor_bool_cond(Tensor([False]))],
            "bool_cond_error": _raises(lambda: ops.is_tensor_bool_cond(_x() > 1)),
            "isconstant": [ops.isconstant(_x()), ops.isconstant(1)]}


@ms.jit
def _graph_sequences(x):
    it = ops.iter_converter((x, 1, 2))
    first, rest = ops.ms_next(it)
    return (ops.zip_operation((x, x * 2), (1, 2)), ops.tail((x, 1, 2)), ops.ms_hasnext(it), first, rest,
            ops.ms_hasnext(()))


def case_sequence_composites_graph():
    zipped, tail, has, first, rest, empty = _graph_sequences(_x())
    return {"zip": [[z[0].asnumpy(), z[1]] for z in zipped], "tail": tail, "has": has, "first": first.asnumpy(),
            "rest": rest, "empty": empty}


def case_hypermap_helpers():
    x = _x()
    added = ops.hyper_add((x, 1, [x]), (x, 2, [x * 2]))
    ones = ops._ones_like_for_grad((x, 3, (Tensor([2], ms.int32), True)))
    return {"add": [added[0].asnumpy(), added[1], type(added[2]).__name__, added[2][0].asnumpy()],
            "add_list": ops.hyper_add([1, 2], [3, 4]),
            "ones": [ones[0].asnumpy(), ones[1], ones[2][0].asnumpy(), ones[2][1]]}


def case_augassign():
    x = _x()
    return [ops.augassign_add(x, 1.0).asnumpy(), ops.augassign_sub(1, 2), ops.augassign_mul((1,), 2),
            ops.augassign_div(1, 2), ops.augassign_floordiv(7, 2), ops.augassign_mod(7, 3),
            ops.augassign_add([1], [2]), ops.augassign_mul(x, x).asnumpy(), ops.augassign_sub(x, x).asnumpy()]


def case_mixed_precision_deepcopy():
    x = _x()
    cast = ops.mixed_precision_cast(ms.float16, (x, 1.0, Tensor([1], ms.int32), [x]))
    single = ops.mixed_precision_cast(ms.float32, Tensor(np.ones(2)))
    d = ops.mixed_precision_cast(ms.float16, {"a": x})
    copy = ops.deepcopy(x)
    return {"cast": [str(cast[0].dtype), cast[1], str(cast[2].dtype), type(cast[3]).__name__, str(cast[3][0].dtype)],
            "single": str(single.dtype), "dict": str(d["a"].dtype),
            "copy": [copy.asnumpy(), copy is x, str(copy.dtype)],
            "dyn_shape": [ops.dyn_shape(Tensor(np.zeros((2, 3), np.float32))).asnumpy(),
                          ops.dyn_shape(Tensor(1.0)).asnumpy()]}


def case_flags_and_attrs():
    def f(a):
        return a * 2
    same = ops.add_flags(f, a=True) is f
    ops.add_flags(b=False)(f)
    wrapped = ops._add_attr(f, k=1)
    return {"same": same, "flags": f._func_graph_flags, "add_attr": wrapped(_x()).asnumpy(),
            "add_attr_bad": _raises(lambda: ops._add_attr(ops.Add(), k=1))}


def _fsin(x):
    return ops.exp(ops.sin(x))


def _f2(x, y):
    return x * ops.sin(y)


def _p():
    return Tensor(np.array([[1, 2], [3, 4]], np.float32))


def case_jet_series():
    s = Tensor(np.array([[[1, 1], [1, 1]], [[0, 0], [0, 0]], [[0, 0], [0, 0]]], np.float32))
    s2 = Tensor(np.array([[[1, 2], [0.5, 1]], [[0.3, 0], [1, 0]]], np.float32))
    out, series = ops.jet(_fsin, _p(), s)
    out2, series2 = ops.jet(_fsin, _p(), s2)
    return [out.asnumpy(), series.asnumpy(), out2.asnumpy(), series2.asnumpy()]


def case_derivative_orders():
    out, d3 = ops.derivative(_fsin, _p(), 3)
    _, d1 = ops.derivative(_fsin, _p(), 1)
    out2, d2 = ops.derivative(_f2, (_p(), _p()), 2)
    return [out.asnumpy(), d3.asnumpy(), d1.asnumpy(), out2.asnumpy(), d2.asnumpy()]


def case_jet_derivative_errors():
    return {"order0": _raises(lambda: ops.derivative(_fsin, _p(), 0)),
            "series_type": _raises(lambda: ops.jet(_fsin, _p(), 3))}


def case_linearize():
    x = _x()
    out, jvp_fn = ops.linearize(_fsin, x)
    out2, jvp_fn2 = ops.linearize(_f2, (x, x * 2))
    return [out.asnumpy(), jvp_fn(x).asnumpy(), out2.asnumpy(), jvp_fn2((x, x)).asnumpy()]


def case_get_grad_and_internal_grad():
    x = _x()
    y = x * 2
    g = ops.grad(_f2, grad_position=(0, 1), return_ids=True)(x, y)
    by_pos = ops._Grad(get_by_position=True)(_f2, None, (1,))(x, y)
    value, all_grads = ops._Grad(get_all=True, get_value=True)(_f2)(x, y)
    first = ops._Grad()(_f2)(x, y)
    return {"get_grad": ops.get_grad(g, 1).asnumpy(), "missing": _raises(lambda: ops.get_grad(g, 5)),
            "by_pos": [b.asnumpy() for b in by_pos], "value": value.asnumpy(),
            "all": [a.asnumpy() for a in all_grads], "first": first.asnumpy(),
            "int_position": _raises(lambda: ops._Grad(get_by_position=True)(_f2, None, 1)(x, y)),
            "bad_flag": _raises(lambda: ops._Grad(has_aux=1))}


def case_internal_vmap():
    out = ops._Vmap()(_f2, (0, None), 0)(_p(), Tensor(np.array([0.5, 1.5], np.float32)))
    return out.asnumpy()


def case_cond_numbers():
    a = Tensor(np.array([[1.0, 0.0], [1.0, 1.0]], np.float32))
    b = Tensor(np.array([[[2.0, 1.0], [1.0, 3.0]], [[4.0, 1.0], [0.0, 2.0]]], np.float32))
    out = [ops.cond(a), ops.cond(a, "fro"), ops.cond(a, "nuc"), ops.cond(a, 1), ops.cond(a, -1),
           ops.cond(a, float("inf")), ops.cond(a, -2), ops.cond(b)]
    return [(o.asnumpy(), str(o.dtype)) for o in out]


def case_reg_op_info():
    from mindspore.ops import AiCPURegOp, AkgGpuRegOp, CpuRegOp, CustomRegOp, DataType
    custom = (CustomRegOp().input(0, "x1", "required").output(0, "y").attr("a", "required", "float", "1.0")
              .dtype_format(DataType.F32_Default, DataType.F32_Default).target("CPU").get_op_info())
    cpu = (CpuRegOp("Abs").input(0, "x", None).output(0, "y", "required").attr("t", "int", "1")
           .dtype_format(DataType.I32_Default, DataType.I32_Default).get_op_info())
    aicpu = (AiCPURegOp("Abs").fusion_type("OPAQUE").input(0, "x", "required").output(0, "y", "required")
             .attr("c", "int").dtype_format(DataType.U8_Default, DataType.U8_Default).get_op_info())
    akg = (AkgGpuRegOp("Abs").fusion_type("OPAQUE").input(0, "x").output(0, "y").attr("k", "required", "int")
           .dtype_format(DataType.F16_5HD, DataType.BOOL_None).get_op_info())
    return {"custom": custom, "cpu": cpu, "aicpu": aicpu, "akg": akg,
            "dtypes": [DataType.F32_Default, DataType.I64_NCHW, DataType.None_None, DataType.BF16_Default,
                       DataType.F16_FracNZ],
            "bad_format": _raises(lambda: CustomRegOp().input(0, "x").dtype_format(DataType.F32_Default,
                                                                                   DataType.F32_Default)),
            "bad_index": _raises(lambda: CustomRegOp().input("0", "x"))}


def case_register_decorators():
    from mindspore.ops import CustomRegOp, DataType, custom_info_register, op_info_register
    info = CustomRegOp().input(0, "x").output(0, "y").dtype_format(DataType.F32_Default,
                                                                   DataType.F32_Default).get_op_info()

    def add(a, b):
        return a + b
    registered = custom_info_register(info, info)(add)
    kernel_reg = op_info_register(info)(add)
    return {"call": registered(1, 2), "reg_info_len": len(add.reg_info), "reg_target": add.reg_info[0]["target"],
            "op_info_call": kernel_reg(3, 4),
            "dtype_enum": [ops.DtypeToEnum()("op", "dtype", d) for d in (ms.bool_, ms.int8, ms.int32, ms.int64,
                                                                         ms.uint8, ms.float16, ms.float32,
                                                                         ms.float64, ms.bfloat16, ms.complex64)]}


def case_vm_impl_registry():
    from mindspore.ops import get_vm_impl_fn, vm_impl_registry

    class MyDouble(ops.Primitive):
        def __init__(self):
            super().__init__("MyDouble")

    @vm_impl_registry.register(MyDouble)
    def _impl(prim):
        return lambda x: x * 2

    @vm_impl_registry.register("MyName")
    def _impl_name(prim):
        return lambda x: x + 100
    return [get_vm_impl_fn(MyDouble())(21), get_vm_impl_fn("MyName")(1), get_vm_impl_fn(ops.Add()) is None]
