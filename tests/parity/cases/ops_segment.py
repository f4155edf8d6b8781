"""Parity cases for segment reductions (Segment*, UnsortedSegmentProd), the row-update primitives
(InplaceAdd/Sub/Update/UpdateV2, InplaceIndexAdd and their functional forms) and MindSpore's small in-place /
underscore functions (clamp_, erfinv_, tanh_, zero_, inplace_sigmoid, put_, stop_gradient_, reshape_, shape_,
shape_mul, print_)."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, ops
from parity_capture import captured_stdout
from parity_ops_common import error_name as _err  # registered by the parity loader

_SEG = ("SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin", "SegmentProd")


def _d(t):
    if isinstance(t, (tuple, list)):
        return [_d(i) for i in t]
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def _x(dt=np.float32, shape=(3, 2)):
    return Tensor(np.arange(1, 1 + int(np.prod(shape))).reshape(shape).astype(dt))


_SX = np.array([[1, 2], [3, -4], [5, 6], [7, 8]])
_W = Tensor(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32))


def case_segment_values():
    out = {}
    ids32, ids64 = Tensor(np.array([0, 0, 2, 2], np.int32)), Tensor(np.array([1, 1, 1, 3], np.int64))
    for n in _SEG:
        prim = getattr(ops, n)()
        out[n] = [_d(prim(Tensor(_SX.astype(np.float32)), ids32)), _d(prim(Tensor(_SX.astype(np.float32)), ids64)),
                  _d(prim(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), Tensor(np.array([0, 1, 1], np.int32))))]
        for dt in (np.uint8, np.int8, np.int32, np.int64, np.float16, np.float64):
            out[f"{n}_{np.dtype(dt).name}"] = _d(prim(Tensor(np.abs(_SX).astype(dt)), ids32))
    out["mean_int_trunc"] = _d(ops.SegmentMean()(Tensor(np.array([-3, 0, -4, 1, 7], np.int32)),
                                                 Tensor(np.array([0, 0, 1, 1, 1], np.int32))))
    out["sum_complex"] = _d(ops.SegmentSum()(Tensor(np.array([1 + 1j, 2], np.complex64)),
                                             Tensor(np.array([0, 0], np.int32))))
    return out


def case_segment_grad():
    x, ids = Tensor(_SX.astype(np.float32)), Tensor(np.array([0, 0, 2, 2], np.int32))
    out = {n: _d(ops.grad(lambda a, n=n: (getattr(ops, n)()(a, ids) * _W).sum())(x))
           for n in ("SegmentSum", "SegmentMean", "SegmentMax", "SegmentMin")}
    ties = Tensor(np.array([[3, 2], [3, 2], [5, 6], [7, 6]], np.float32))
    out["min_ties"] = _d(ops.grad(lambda a: ops.SegmentMin()(a, Tensor(np.array([0, 0, 1, 1], np.int32))).sum())(ties))
    out["max_ties"] = _d(ops.grad(lambda a: ops.SegmentMax()(a, Tensor(np.array([0, 0, 0, 1], np.int32))).sum())(ties))
    return out


def case_unsorted_segment_prod():
    x, ids = Tensor(_SX.astype(np.float32)), Tensor(np.array([0, 2, 0, 2], np.int32))
    return {
        "value": _d(ops.UnsortedSegmentProd()(x, ids, 4)),
        "int64_ids": _d(ops.UnsortedSegmentProd()(x, Tensor(np.array([0, 2, 0, 2], np.int64)), 3)),
        "uint8": _d(ops.UnsortedSegmentProd()(Tensor(np.abs(_SX).astype(np.uint8)), ids, 3)),
        "float16": _d(ops.UnsortedSegmentProd()(Tensor(np.array([1, 2, 3], np.float16)),
                                                Tensor(np.array([0, 0, 1], np.int32)), 2)),
        "2d_ids": _d(ops.UnsortedSegmentProd()(_x(shape=(2, 3)), Tensor(np.array([[0, 1, 1], [0, 0, 2]], np.int32)),
                                               3)),
        "functional": _d(ops.unsorted_segment_prod(x, ids, 3)),
        "grad": _d(ops.grad(lambda a: ops.UnsortedSegmentProd()(a, ids, 3).sum())(x)),
    }


def case_segment_errors():
    x = Tensor(_SX.astype(np.float32))
    out = {n: [_err(lambda: getattr(ops, n)()(x, Tensor(np.array([0, 2, 1, 2], np.int32)))),
               _err(lambda: getattr(ops, n)()(x, Tensor(np.array([-1, 0, 1, 2], np.int32)))),
               _err(lambda: getattr(ops, n)()(x, Tensor(np.array([0, 1, 2], np.int32)))),
               _err(lambda: getattr(ops, n)()(x, Tensor(np.array([[0, 1], [1, 2]], np.int32)))),
               _err(lambda: getattr(ops, n)()(x, Tensor(np.array([0, 0, 1, 1], np.int16)))),
               _err(lambda: getattr(ops, n)()(Tensor(np.array([True, False])), Tensor(np.array([0, 0], np.int32))))]
           for n in _SEG}
    usp = ops.UnsortedSegmentProd()
    out["UnsortedSegmentProd"] = [
        _err(lambda: usp(x, Tensor(np.array([0, 5, -1, 2], np.int32)), 4)),
        _err(lambda: usp(x, Tensor(np.array([0, 0], np.int32)), 2)),
        _err(lambda: usp(x, Tensor(np.array([0, 0, 1, 1], np.int32)), 0)),
        _err(lambda: usp(x, Tensor(np.array([0, 0, 1, 1], np.float32)), 2)),
        _err(lambda: usp(Tensor(np.array([True, False])), Tensor(np.array([0, 0], np.int32)), 1)),
    ]
    return out


def case_inplace_rows():
    v = Tensor(np.array([[10, 20], [30, 40]], np.float32))
    out = {}
    for n, f in (("InplaceAdd", ops.inplace_add), ("InplaceSub", ops.inplace_sub)):
        t, p = _x(), Parameter(_x(), name=n)
        out[n] = {"out": _d(getattr(ops, n)((0, 2))(t, v)), "dup": _d(getattr(ops, n)((0, 0))(t, v)),
                  "int": _d(getattr(ops, n)(1)(t, v[:1])), "param_out": _d(getattr(ops, n)((0, 2))(p, v)),
                  "fn": _d(f(t, v, (0, 2))), "fn_int": _d(f(t, v[:1], 1)), "unchanged": [_d(t), _d(p)]}
        for dt in (np.uint8, np.int32, np.float16, np.float64):
            out[f"{n}_{np.dtype(dt).name}"] = _d(getattr(ops, n)((0, 2))(_x(dt), Tensor(v.asnumpy().astype(dt))))
    t = _x()
    out["InplaceUpdate"] = [_d(ops.InplaceUpdate((0, 2))(t, v)), _d(ops.InplaceUpdate((0, 0))(t, v)), _d(t)]
    out["InplaceUpdateV2"] = [_d(ops.InplaceUpdateV2()(t, (0, 2), v)),
                              _d(ops.InplaceUpdateV2()(t, Tensor(np.array([0, 2], np.int32)), v)),
                              _d(ops.InplaceUpdateV2()(t, 1, v[:1])), _d(ops.InplaceUpdateV2()(t, (0, -1), v)), _d(t)]
    out["inplace_update"] = [_d(ops.inplace_update(t, v, (0, -1))),
                             _d(ops.inplace_update(t, v, Tensor(np.array([0, 2], np.int32)))),
                             _d(ops.inplace_update(_x(np.int32), Tensor(np.array([[1, 2]], np.int32)), (1,))),
                             _d(ops.InplaceUpdate(1)(_x(np.float64), Tensor(np.array([[1.0, 2.0]]))))]
    return out


def case_inplace_index_add():
    v, i2 = Tensor(np.array([[10, 20], [30, 40]], np.float32)), Tensor(np.array([0, 2], np.int32))
    t, p, q = _x(), Parameter(_x(), name="p"), Parameter(_x(np.uint8), name="q")
    r = ops.InplaceIndexAdd(0)(t, i2, v)
    rp = ops.InplaceIndexAdd(0)(p, Tensor(np.array([0, 0], np.int32)), v)
    ops.InplaceIndexAdd(0)(q, i2, Tensor(v.asnumpy().astype(np.uint8)))
    pa = Parameter(_x(), name="pa")
    ops.InplaceIndexAdd(1)(pa, Tensor(np.array([1], np.int32)), Tensor(np.ones((3, 1), np.float32)))
    pf = Parameter(_x(), name="pf")
    ops.inplace_index_add(pf, i2, v.astype(ms.float16), 0)
    grad = ops.grad(lambda a, b: (ops.inplace_index_add(a, i2, b, 0) * _x()).sum(), grad_position=(0, 1))(_x(), v)
    return {"out": _d(r), "tensor": _d(t), "param_out": _d(rp), "param": _d(p), "uint8": _d(q), "axis1": _d(pa),
            "cast_updates": _d(pf), "grad": _d(grad)}


def case_inplace_errors():
    v = Tensor(np.array([[10, 20], [30, 40]], np.float32))
    out = {}
    for n in ("InplaceAdd", "InplaceSub", "InplaceUpdate"):
        prim = getattr(ops, n)
        out[n] = [_err(lambda: prim((0, 3))(_x(), v)), _err(lambda: prim((0, -1))(_x(), v)),
                  _err(lambda: prim((0, 2))(_x(), v.astype(ms.float16))), _err(lambda: prim((0,))(_x(), v)),
                  _err(lambda: prim(1.5)), _err(lambda: prim([0, 1]))]
    out["InplaceUpdate_uint8"] = _err(lambda: ops.InplaceUpdate((0, 2))(_x(np.uint8), v.astype(ms.uint8)))
    out["inplace_add_tensor_indices"] = _err(lambda: ops.inplace_add(_x(), v, Tensor(np.array([0, 2], np.int32))))
    out["InplaceUpdateV2"] = [_err(lambda: ops.InplaceUpdateV2()(_x(), (0, 3), v)),
                              _err(lambda: ops.InplaceUpdateV2()(_x(np.float64), (0, 1), v.astype(ms.float64))),
                              _err(lambda: ops.InplaceUpdateV2()(_x(), (0,), v)),
                              _err(lambda: ops.inplace_update(_x(np.uint8), v.astype(ms.uint8), (0, 1)))]
    p = Parameter(_x(), name="p")
    i2 = Tensor(np.array([0, 2], np.int32))
    out["InplaceIndexAdd"] = [_err(lambda: ops.InplaceIndexAdd(0)(p, Tensor(np.array([0, 2], np.int64)), v)),
                              _err(lambda: ops.InplaceIndexAdd(0)(p, Tensor(np.array([0, 3], np.int32)), v)),
                              _err(lambda: ops.InplaceIndexAdd(0)(p, Tensor(np.array([0, -1], np.int32)), v)),
                              _err(lambda: ops.InplaceIndexAdd(2)(p, i2, v)), _err(lambda: ops.InplaceIndexAdd(1.5))]
    return out


def case_shape_print_helpers():
    x = Tensor(np.arange(6).astype(np.int64))
    with captured_stdout() as lines:
        r = ops.print_("hi", 3, Tensor(np.array([1, 2], np.int32)),
                       Parameter(Tensor(np.array([0.5], np.float32)), name="w"))
    return {"reshape_": _d(ops.reshape_(x, (2, 3))), "shape_": list(ops.shape_(x)),
            "shape_mul": [ops.shape_mul((2, 3, 4)), ops.shape_mul(())],
            "shape_mul_list": _err(lambda: ops.shape_mul([2, 3])), "print_": [lines, r is None]}


def _in_place(fn):
    x = Tensor(np.array([0.1, -0.5, 0.9], np.float32))
    r = fn(x)
    return [_d(r), _d(x)]


def case_clamp_():
    return _in_place(lambda t: ops.clamp_(t, -0.2, 0.5))


def case_erfinv_():
    return _in_place(ops.erfinv_)


def case_tanh_():
    return _in_place(ops.tanh_)


def case_zero_():
    return _in_place(ops.zero_)


def case_inplace_sigmoid():
    return _in_place(ops.inplace_sigmoid)


def case_put_():
    return _in_place(lambda t: ops.put_(t, Tensor(np.array([0, 2], np.int64)), Tensor([5.0, 6.0])))


def case_stop_gradient_():
    def net(x, y):
        out1 = ops.matmul(x, y)
        out2 = ops.matmul(x, y)
        ops.stop_gradient_(out2)
        return out1, out2

    x = Tensor([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], ms.float32)
    y = Tensor([[0.01, 0.3, 1.1], [0.1, 0.2, 1.3], [2.1, 1.2, 3.3]], ms.float32)
    return _d(ops.grad(net)(x, y))
