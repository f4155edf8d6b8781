"""Parity cases for control-flow primitives (ForiLoop, WhileLoop, Scan, switch, switch_layer, Merge, GeSwitch),
debug primitives (Assert, CheckNumerics, TensorDump, DumpGradient, HookBackward, InsertGradientOf, UpdateState,
PyFunc), ops.Custom with func_type "pyfunc" and the Hybrid-DSL `kernel` decorator."""
import os
import re
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Tensor, ops


def _raises(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _x():
    return Tensor(np.array([1.0, 2.0, 3.0], np.float32))


def _add_index(i, val):
    return val + i


def _lt_100(v):
    return v < 100


def _times_2(v):
    return v * 2


def _cumsum(carry, el):
    carry = carry + el
    return carry, carry * 10


def case_loops():
    x = _x()
    fori = ops.ForiLoop()
    return {"fori_int": fori(0, 4, _add_index, 0), "fori_tensor": fori(1, 3, _add_index, x).asnumpy(),
            "fori_tensor_bounds": fori(Tensor(0, ms.int32), Tensor(3, ms.int32), _add_index, 10),
            "fori_empty": fori(3, 1, _add_index, 5),
            "while": ops.WhileLoop()(_lt_100, _times_2, 3),
            "while_tensor": ops.WhileLoop()(lambda v: v.sum() < 50, _times_2, x).asnumpy(),
            "scan": ops.Scan()(_cumsum, 0, [1, 2, 3, 4]),
            "scan_tensor": [r.asnumpy() if hasattr(r, "asnumpy") else [i.asnumpy() for i in r]
                            for r in ops.Scan()(_cumsum, x, (x, x * 2))],
            "scan_empty": ops.Scan()(_cumsum, 7, [])}


def case_scan_without_xs():
    return ops.Scan()(lambda c, e: (c + 1, e), 0, None, 3)


def case_loop_errors():
    fori = ops.ForiLoop()
    return {"fori_bound": _raises(lambda: fori(0.5, 3, _add_index, 0)),
            "fori_fn": _raises(lambda: fori(0, 3, ops.Add(), 0)),
            "fori_body": _raises(lambda: fori(0, 3, _add_index, "s")),
            "while_fn": _raises(lambda: ops.WhileLoop()(1, _times_2, 1)),
            "while_body": _raises(lambda: ops.WhileLoop()(_lt_100, _times_2, None)),
            "scan_xs": _raises(lambda: ops.Scan()(_cumsum, 0, 5)),
            "scan_length": _raises(lambda: ops.Scan()(_cumsum, 0, None, None)),
            "scan_body": _raises(lambda: ops.Scan()(_times_2, 0, [1, 2]))}


@ms.jit
def _graph_switch_layer(x, index):
    return ops.switch_layer(index, (ops.sin, ops.cos))(x)


def case_switch_helpers():
    x = _x()
    return {"switch": [ops.switch(True, 1, 2), ops.switch(False, 1, 2)],
            "layer": [_graph_switch_layer(x, Tensor(1, ms.int32)).asnumpy(),
                      _graph_switch_layer(x, Tensor(0, ms.int32)).asnumpy()],
            "layer_int": _raises(lambda: ops.switch_layer(1, (ops.sin, ops.cos))),
            "update_state": ops.UpdateState()(x, x, 3).asnumpy(), "update_state_int": ops.UpdateState()(1, x)}


def case_merge_geswitch():
    x = _x()
    return {"merge": _raises(lambda: ops.Merge()((x, x))), "geswitch": _raises(lambda: ops.GeSwitch()(x, Tensor(True))),
            "merge_instance": _raises(lambda: ops.merge((x, x))),
            "geswitch_instance": _raises(lambda: ops.geswitch(x, Tensor(True)))}


def case_assert_pass():
    x = _x()
    a, b = ops.Assert()(True, [x]), ops.Assert(2)(Tensor(True), (x, x))
    return [a.shape, str(a.dtype), b.shape]  # the value is unspecified (MindSpore leaves it uninitialised)


def case_assert_fail():
    return ops.Assert(2)(False, [_x()]).asnumpy()


def case_assert_bad_args():
    return {"summarize": _raises(lambda: ops.Assert("a")), "condition": _raises(lambda: ops.Assert()(1, [_x()]))}


def case_check_numerics():
    x = _x()
    ok = ops.CheckNumerics()(x)
    return {"ok": ok.asnumpy(), "f64": ops.CheckNumerics()(Tensor(np.ones(2))).asnumpy(),
            "nan": _raises(lambda: ops.CheckNumerics()(Tensor(np.array([1, np.nan], np.float32))).asnumpy()),
            "inf": _raises(lambda: ops.CheckNumerics()(Tensor(np.array([np.inf], np.float16))).asnumpy()),
            "int": _raises(lambda: ops.CheckNumerics()(Tensor([1], ms.int32)))}


def _dumped(folder):
    out = {}
    for name in sorted(os.listdir(folder)):
        out[re.sub(r"_\d+\.npy$", "_N.npy", name)] = np.load(os.path.join(folder, name))
    return out


def case_tensor_dump():
    folder = tempfile.mkdtemp()
    x = _x()
    ret = ops.TensorDump()(os.path.join(folder, "first"), x)
    ops.tensordump(os.path.join(folder, "second.npy"), Tensor([[1, 2]], ms.int32))
    ops.TensorDump()(os.path.join(folder, "third"), Tensor([True, False]))
    return {"ret": ret, "files": _dumped(folder),
            "bad_mode": _raises(lambda: ops.TensorDump("x")),
            "bad_fn_mode": _raises(lambda: ops.tensordump("a", x, "all")),
            "empty": _raises(lambda: ops.TensorDump()("", x)),
            "not_tensor": _raises(lambda: ops.TensorDump()("a", 1)),
            "file_type": _raises(lambda: ops.tensordump(3, x))}


def case_dump_gradient():
    folder = tempfile.mkdtemp()
    dg = ops.DumpGradient()

    def fn(x, y):
        x = dg(os.path.join(folder, "x_dout.npy"), x, "out")
        return x * y

    grads = ops.grad(fn, grad_position=(0, 1))(Tensor(np.array([1.0, 2.0], np.float32)),
                                               Tensor(np.array([3.0, 4.0], np.float32)))
    return {"grads": [g.asnumpy() for g in grads], "files": _dumped(folder)}


def case_hook_backward():
    seen = []

    def record(grads):
        seen.append([type(grads).__name__, len(grads), grads[0].asnumpy()])

    hook = ops.HookBackward(record)

    def fn(x, y):
        z = hook(x * y)
        return z * y

    grads = ops.GradOperation(get_all=True)(fn)(Tensor(1.0, ms.float32), Tensor(2.0, ms.float32))
    return {"grads": [g.asnumpy() for g in grads], "seen": seen, "forward": hook(_x()).asnumpy()}


def _scale_tuple(grads):
    return (grads[0] * 10,)


def _scale_tensor(grads):
    return grads[0] * 10


def _scale_two(grads):
    return grads[0] * 10, grads[1] * 100


def case_hook_backward_replace():
    x = Tensor(2.0, ms.float32)
    h_tuple, h_tensor, h_two = (ops.HookBackward(_scale_tuple), ops.HookBackward(_scale_tensor),
                                ops.HookBackward(_scale_two))

    def two(a, b):
        p, q = h_two(a * 2, b * 3)
        return p * q

    return [ops.grad(lambda v: h_tuple(v * v) * 3)(x).asnumpy(), ops.grad(lambda v: h_tensor(v * v) * 3)(x).asnumpy(),
            [g.asnumpy() for g in ops.grad(two, (0, 1))(x, Tensor(1.0, ms.float32))]]


def case_hook_backward_errors():
    return {"fn": _raises(lambda: ops.HookBackward(1)), "input": _raises(lambda: ops.HookBackward(_scale_tensor)(1))}


def _clip(dx):
    return ops.clamp(dx, 0.2, 1.0)


def _mul10(g):
    return g * 10


def case_insert_gradient_of():
    scale = ops.InsertGradientOf(_mul10)
    clip = ops.InsertGradientOf(_clip)

    def fn(x):
        return scale(x * x) * 3

    def clipped(x, y):
        return clip(x) * clip(y)

    x = Tensor(np.array([1.1], np.float32))
    y = Tensor(np.array([0.1], np.float32))
    return {"scaled": ops.grad(fn)(Tensor(2.0, ms.float32)).asnumpy(), "forward": scale(_x()).asnumpy(),
            "clipped": [g.asnumpy() for g in ops.GradOperation(get_all=True)(clipped)(x, y)]}


def _py_add(a, b):
    return a + b, a * b


def case_pyfunc():
    x = _x()
    one = ops.PyFunc(lambda a: a + 1, [ms.float32], [(3,)], [ms.float32], [(3,)])(x)
    two = ops.PyFunc(_py_add, [ms.float32] * 2, [(3,)] * 2, [ms.float32] * 2, [(3,)] * 2)(x, x)
    return {"one": [type(one).__name__, one[0].asnumpy()], "two": [t.asnumpy() for t in two],
            "bad": _raises(lambda: ops.PyFunc(_py_add, 1, [], [], []))}


def _np_add(a, b):
    return a + b


def _np_two(a):
    return a * 2, a > 1


def _np_mul2(a):
    return a * 2


def _mul2_bprop(a, out, dout):
    return (dout * 3,)


def case_custom_pyfunc():
    x = _x()
    add = ops.Custom(_np_add, out_shape=lambda a, b: a, out_dtype=lambda a, b: a, func_type="pyfunc")
    add_fixed = ops.Custom(_np_add, out_shape=(3,), out_dtype=ms.float32, func_type="pyfunc")
    two = ops.Custom(_np_two, out_shape=((3,), (3,)), out_dtype=(ms.float32, ms.bool_), func_type="pyfunc")
    ints = ops.Custom(_np_add, out_shape=lambda a, b: a, out_dtype=lambda a, b: a, func_type="pyfunc")
    i = ints(Tensor([1, 2], ms.int32), Tensor([3, 4], ms.int32))
    return {"add": add(x, x).asnumpy(), "fixed": add_fixed(x, x).asnumpy(),
            "two": [t.asnumpy() for t in two(x)], "ints": [i.asnumpy(), str(i.dtype)],
            "bad_type": _raises(lambda: ops.Custom(_np_add, (3,), ms.float32, func_type="foo"))}


def case_custom_bprop():
    op = ops.Custom(_np_mul2, out_shape=lambda a: a, out_dtype=lambda a: a, func_type="pyfunc", bprop=_mul2_bprop)

    def fn(a):
        return op(a) * 2

    return [fn(_x()).asnumpy(), ops.grad(fn)(_x()).asnumpy()]


def case_hybrid_kernel_python():
    @ops.kernel
    def outer(a, b):
        c = output_tensor((a.shape[0], b.shape[0]), a.dtype)  # noqa: F821 - a DSL intrinsic
        for i0 in range(a.shape[0]):
            for i1 in range(b.shape[0]):
                c[i0, i1] = a[i0] * b[i1] + sqrt(b[i1])  # noqa: F821 - a DSL intrinsic
        return c

    @ops.ms_kernel
    def total(a):
        c = allocate((1,), a.dtype)  # noqa: F821 - a DSL intrinsic
        c[0] = 0.0
        for i in serial(a.shape[0]):  # noqa: F821 - a DSL intrinsic
            c[0] = c[0] + a[i]
        return c

    a, b = np.array([1.0, 2.0], np.float32), np.array([4.0, 9.0, 16.0], np.float32)
    return [outer(a, b), total(b), getattr(outer, "__name__", None)]


def case_dynamic_shape_primitive():
    return [ops.DynamicShape()(Tensor(np.zeros((2, 3), np.float32))).asnumpy(),
            str(ops.DynamicShape(ms.int32)(Tensor(np.zeros((4,), np.float32))).dtype)]
