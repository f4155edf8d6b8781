"""Parity cases for scatter arithmetic: Scatter*/ScatterNd* (in-place on Parameters and Tensors), TensorScatter*,
TensorScatterElements/ScatterAddWithAxis, IndexFill, IndexPut, MaskedScatter, MaskedSelect and NonZero: values,
dtypes, duplicate indices, gradients and the exceptions raised for bad indices."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader

_ARITH = ("Sub", "Mul", "Div", "Max", "Min")


def _d(t):
    if isinstance(t, (tuple, list)):
        return [_d(i) for i in t]
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def _x(dt=np.float32, shape=(3, 2)):
    return Tensor(np.arange(1, 1 + int(np.prod(shape))).reshape(shape).astype(dt))


def _p(dt=np.float32, shape=(3, 2), name="p"):
    return Parameter(_x(dt, shape), name=name)


_IDX = np.array([0, 2, 0])
_UPD = np.array([[2, 3], [4, 5], [6, 7]])
_ND = np.array([[0, 1], [2, 0], [0, 1]])
_NDU = np.array([2, 3, 4])


def case_scatter_ref_float32():
    out = {}
    for n in _ARITH:
        p = _p(name=n)
        r = getattr(ops, "Scatter" + n)()(p, Tensor(_IDX.astype(np.int32)), Tensor(_UPD.astype(np.float32)))
        out[n] = {"out": _d(r), "param": _d(p)}
    return out


def case_scatter_ref_dtypes():
    out = {}
    for dt in (np.uint8, np.uint16, np.int8, np.int16, np.int32, np.int64, np.float16, np.float64):
        for n in _ARITH:
            p = _p(dt, name=n)
            getattr(ops, "Scatter" + n)()(p, Tensor(_IDX.astype(np.int64)), Tensor(_UPD.astype(dt)))
            out[f"{n}_{np.dtype(dt).name}"] = _d(p)
    p = Parameter(Tensor(np.array([[-7, 7], [9, -9]], np.int32)), name="q")
    out["int_div_trunc"] = _d(ops.ScatterDiv()(p, Tensor(np.array([0, 1], np.int32)),
                                               Tensor(np.array([[2, 2], [-2, -2]], np.int32))))
    return out


def case_scatter_ref_tensor_and_cast():
    t = _x()
    r = ops.ScatterMax(use_locking=True)(t, Tensor(_IDX.astype(np.int32)), Tensor(_UPD.astype(np.float16)))
    p = _p(shape=(3, 2, 2))
    ops.ScatterMul()(p, Tensor(np.array([[0, 2], [2, 1]], np.int32)), Tensor(np.full((2, 2, 2, 2), 2, np.float32)))
    return {"out": _d(r), "tensor": _d(t), "multi_dim_indices": _d(p)}


def case_scatter_functional():
    out = {}
    for n in ("mul", "div", "max", "min", "update"):
        p, t = _p(name=n), _x()
        r = getattr(ops, "scatter_" + n)(p, Tensor(_IDX.astype(np.int32)), Tensor(_UPD.astype(np.float32)))
        getattr(ops, "scatter_" + n)(t, Tensor(_IDX.astype(np.int64)), Tensor(_UPD.astype(np.float32)))
        out[n] = {"out": _d(r), "param": _d(p), "tensor": _d(t)}
    p = _p(np.uint8)
    ops.scatter_update(p, Tensor(np.array([0, 1], np.int64)), Tensor(np.array([[10, 20], [30, 40]], np.uint8)))
    out["update_uint8"] = _d(p)
    return out


def case_scatter_nd_ref():
    out = {}
    for n in _ARITH:
        p, t = _p(name=n), _x()
        r = getattr(ops, "ScatterNd" + n)()(p, Tensor(_ND.astype(np.int32)), Tensor(_NDU.astype(np.float32)))
        getattr(ops, "ScatterNd" + n)()(t, Tensor(np.array([[1]], np.int64)), Tensor([[5.0, 0.5]]))
        u8 = _p(np.uint8, name=n + "u8")
        getattr(ops, "scatter_nd_" + n.lower())(u8, Tensor(_ND.astype(np.int64)), Tensor(_NDU.astype(np.uint8)))
        out[n] = {"out": _d(r), "param": _d(p), "row_update": _d(t), "uint8": _d(u8)}
    for n in ("add", "update"):
        p = _p(name=n)
        r = getattr(ops, "scatter_nd_" + n)(p, Tensor(_ND.astype(np.int32)), Tensor(_NDU.astype(np.float32)))
        out[n] = {"out": _d(r), "param": _d(p)}
    out["add_use_locking"] = _d(ops.scatter_nd_add(_x(), Tensor(_ND.astype(np.int32)), Tensor(_NDU.astype(np.float32)),
                                                   True))
    return out


def case_tensor_scatter_values():
    out = {}
    for dt in (np.float32, np.float16, np.float64, np.int32, np.int8, np.uint8, np.uint16):
        for n in _ARITH:
            if n == "Div" and dt in (np.uint8, np.int8):
                continue
            x = _x(dt)
            r = getattr(ops, "TensorScatter" + n)()(x, Tensor(_ND.astype(np.int32)), Tensor(_NDU.astype(dt)))
            out[f"{n}_{np.dtype(dt).name}"] = _d(r)
    x = _x()
    rows = ops.tensor_scatter_max(x, Tensor(np.array([[2], [0]], np.int64)), Tensor([[9.0, -1.0], [0.0, 8.0]]))
    return {"values": out, "rows": _d(rows), "input_unchanged": _d(x)}


def case_tensor_scatter_functional_grad():
    idx = Tensor(_ND.astype(np.int32))
    out = {}
    for n in ("sub", "mul", "div", "max", "min"):
        f = getattr(ops, "tensor_scatter_" + n)
        out[n] = _d(f(_x(), idx, Tensor(_NDU.astype(np.float32))))
        w = Tensor(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32))
        out[n + "_grad"] = _d(ops.grad(lambda a, b, f=f: (f(a, idx, b) * w).sum(), grad_position=(0, 1))(
            _x(), Tensor(_NDU.astype(np.float32))))
    ties = Tensor(np.array([[0], [0], [1]], np.int32))
    for n in ("max", "min"):
        f = getattr(ops, "tensor_scatter_" + n)
        out[n + "_ties_grad"] = _d(ops.grad(lambda a, b, f=f: f(a, ties, b).sum(), grad_position=(0, 1))(
            Tensor([2.0, 1.0]), Tensor([2.0, 2.0, 0.0])))
    return out


def case_tensor_scatter_elements():
    x = _x(shape=(2, 3))
    ei, eu = Tensor(np.array([[0, 2, 0]], np.int32)), Tensor(np.array([[5.0, 6.0, 7.0]], np.float32))
    p = _p(shape=(2, 3), name="sawa")
    return {
        "none": _d(ops.TensorScatterElements(1, "none")(x, ei, eu)),
        "add": _d(ops.tensor_scatter_elements(x, ei, eu, 1, "add")),
        "axis0": _d(ops.TensorScatterElements(0, "add")(x, Tensor(np.array([[1, 0, 1], [1, 1, 1]], np.int64)),
                                                         Tensor(np.ones((2, 3), np.float32)))),
        "negative": _d(ops.TensorScatterElements(-1, "add")(x, Tensor(np.array([[-1, 0]], np.int32)),
                                                             Tensor(np.ones((1, 2), np.float32)))),
        "uint8": _d(ops.TensorScatterElements(1, "add")(_x(np.uint8, (2, 3)), ei,
                                                         Tensor(np.array([[5, 6, 7]], np.uint8)))),
        "int32": _d(ops.tensor_scatter_elements(_x(np.int32, (2, 3)), ei, Tensor(np.array([[5, 6, 7]], np.int32)), 1)),
        "float16": _d(ops.TensorScatterElements(1, "add")(_x(np.float16, (2, 3)), ei, eu.astype(ms.float16))),
        "bool": _d(ops.TensorScatterElements(1)(_x(np.bool_, (2, 3)), ei, Tensor(np.zeros((1, 3), np.bool_)))),
        "ScatterAddWithAxis": _d(ops.ScatterAddWithAxis(1)(x, ei, eu)),
        "ScatterAddWithAxis_uint8": _d(ops.ScatterAddWithAxis(0)(_x(np.uint8), Tensor(np.array([[1, 0]], np.int32)),
                                                                  Tensor(np.array([[1, 1]], np.uint8)))),
        "ScatterAddWithAxis_param": [_d(ops.ScatterAddWithAxis(1)(p, ei, eu)), _d(p)],
        "input_unchanged": _d(x),
    }


def case_tensor_scatter_elements_grad():
    x, w = _x(shape=(2, 3)), _x(shape=(2, 3))
    ei, eu = Tensor(np.array([[0, 2, 0]], np.int32)), Tensor(np.array([[5.0, 6.0, 7.0]], np.float32))
    return {r: _d(ops.grad(lambda a, b, r=r: (ops.tensor_scatter_elements(a, ei, b, 1, r) * w).sum(),
                           grad_position=(0, 1))(x, eu)) for r in ("none", "add")}


def case_tensor_scatter_elements_out_of_range():
    return _d(ops.TensorScatterElements(1, "add")(_x(shape=(2, 3)), Tensor(np.array([[3, 0]], np.int32)),
                                                  Tensor(np.ones((1, 2), np.float32))))


def case_scatter_non_aliasing_add():
    p = Parameter(Tensor(np.zeros(4, np.float32)), name="z")
    r = ops.ScatterNonAliasingAdd()(p, Tensor(np.array([[1], [3], [1]], np.int32)), Tensor([1.0, 2.0, 3.0]))
    return [_d(r), _d(p)]


def case_scatter_errors():
    f32 = Tensor(_UPD.astype(np.float32))
    i32 = Tensor(_IDX.astype(np.int32))
    nd1 = Tensor(_NDU[:1].astype(np.float32))
    out = {}
    for n in _ARITH:
        prim = getattr(ops, "Scatter" + n)
        out[n] = [
            _err(lambda: prim()(_p(), Tensor(np.array([0, 3, 0], np.int32)), f32)),
            _err(lambda: prim()(_p(), Tensor(np.array([0, -1, 0], np.int32)), f32)),
            _err(lambda: prim()(_p(), Tensor(_IDX.astype(np.float32)), f32)),
            _err(lambda: prim()(_p(), i32, f32[:2])),
            _err(lambda: prim()(_p(np.bool_), i32, Tensor(np.ones((3, 2), np.bool_)))),
            _err(lambda: prim(1)),
            _err(lambda: getattr(ops, "ScatterNd" + n)()(_p(), Tensor(np.array([[0, 2]], np.int32)), nd1)),
            _err(lambda: getattr(ops, "ScatterNd" + n)()(_p(), Tensor(np.array([[-1, 0]], np.int32)), nd1)),
            _err(lambda: getattr(ops, "ScatterNd" + n)("a")),
            _err(lambda: getattr(ops, "TensorScatter" + n)()(_x(), Tensor(np.array([[0, 2]], np.int32)), nd1)),
            _err(lambda: getattr(ops, "TensorScatter" + n)()(_x(), Tensor(np.array([[-1, 0]], np.int64)), nd1)),
            _err(lambda: getattr(ops, "TensorScatter" + n)()(_x(), Tensor(_ND.astype(np.int32)),
                                                              Tensor(_NDU.astype(np.float16)))),
            _err(lambda: getattr(ops, "TensorScatter" + n)()(_x(), Tensor(_ND.astype(np.int32)), nd1)),
            _err(lambda: getattr(ops, "TensorScatter" + n)()(_x(), Tensor(_ND.astype(np.float32)),
                                                              Tensor(_NDU.astype(np.float32)))),
            _err(lambda: getattr(ops, "TensorScatter" + n)()(_x(np.bool_), Tensor(np.array([[0, 0]], np.int32)),
                                                              Tensor(np.array([True])))),
        ]
    c64 = np.array([1 + 1j, 2], np.complex64)
    out["complex"] = [_err(lambda: ops.ScatterMul()(Parameter(Tensor(c64), name="c"), Tensor(np.array([0], np.int32)),
                                                    Tensor(c64[:1]))),
                      _err(lambda: ops.TensorScatterMax()(Tensor(c64), Tensor(np.array([[0]], np.int32)),
                                                          Tensor(c64[:1])))]
    out["div_uint8"] = _err(lambda: ops.TensorScatterDiv()(_x(np.uint8), Tensor(_ND.astype(np.int32)),
                                                           Tensor(_NDU.astype(np.uint8))))
    out["nd_update_oob"] = _err(lambda: ops.scatter_nd_update(_p(), Tensor(np.array([[3, 0]], np.int32)), nd1))
    out["update_oob"] = _err(lambda: ops.scatter_update(_p(), Tensor(np.array([3], np.int32)), f32[:1]))
    out["nd_add_oob"] = _err(lambda: ops.scatter_nd_add(_p(), Tensor(np.array([[3, 0]], np.int32)), nd1))
    x = _x(shape=(2, 3))
    ei, eu = Tensor(np.array([[0, 2, 0]], np.int32)), Tensor(np.array([[5.0, 6.0, 7.0]], np.float32))
    out["elements"] = [
        _err(lambda: ops.TensorScatterElements(0, "mul")),
        _err(lambda: ops.tensor_scatter_elements(x, ei, eu, 1, "max")),
        _err(lambda: ops.TensorScatterElements(1.5)),
        _err(lambda: ops.TensorScatterElements(1)(x, ei, eu.astype(ms.float16))),
        _err(lambda: ops.TensorScatterElements(0, "add")(x, Tensor(np.array([[1, 0]], np.int32)),
                                                         Tensor(np.ones((2, 3), np.float32)))),
        _err(lambda: ops.TensorScatterElements(0, "add")(x, Tensor(np.array([[0, 0, 0, 0]], np.int32)),
                                                         Tensor(np.ones((1, 4), np.float32)))),
        _err(lambda: ops.TensorScatterElements(0)(x, Tensor(np.array([0], np.int32)), Tensor([1.0]))),
        _err(lambda: ops.TensorScatterElements(0)(x, Tensor(np.array([[0]], np.float32)), Tensor([[1.0]]))),
        _err(lambda: ops.ScatterAddWithAxis(0)(_x(), Tensor(np.array([[3, 0]], np.int32)), Tensor([[1.0, 1.0]]))),
    ]
    return out


def case_index_fill_put():
    i2 = Tensor(np.array([0, 2], np.int32))
    x = _x()
    ip = ops.IndexPut(0)
    two = (Tensor(np.array([0, 0], np.int32)), Tensor(np.array([1, 1], np.int32)))
    return {
        "fill": _d(ops.IndexFill()(x, 0, i2, Tensor(-1.0))),
        "fill_dim_tensor": _d(ops.IndexFill()(x, Tensor(1), Tensor(np.array([1], np.int32)), Tensor(9.0))),
        "fill_neg": _d(ops.IndexFill()(x, -1, Tensor(np.array([-1], np.int32)), Tensor(-1.0, ms.float16))),
        "fill_int": _d(ops.IndexFill()(_x(np.int32), 0, i2, Tensor(7, ms.int32))),
        "fill_uint8": _d(ops.IndexFill()(_x(np.uint8), 0, i2, Tensor(7, ms.uint8))),
        "fill_grad": _d(ops.grad(lambda a: (ops.IndexFill()(a, 0, i2, Tensor(-1.0)) * _x()).sum())(_x())),
        "put": _d(ip(x, Tensor([9.0]), (Tensor(np.array([0, 2], np.int32)), Tensor(np.array([1, 0], np.int32))))),
        "put_acc": _d(ops.IndexPut(1)(x, Tensor([9.0, 8.0]), (Tensor(np.array([0, 0], np.int32)),
                                                              Tensor(np.array([1, 1], np.int32))))),
        "put_row": _d(ip(x, Tensor([9.0, 8.0]), [Tensor(np.array([1], np.int64))])),
        "put_row_acc_int": _d(ops.IndexPut(1)(_x(np.int32), Tensor(np.array([9, 8], np.int32)),
                                              [Tensor(np.array([1, 1], np.int64))])),
        "put_uint8": _d(ops.IndexPut(1)(_x(np.uint8), Tensor(np.array([9], np.uint8)),
                                        [Tensor(np.array([1, 1], np.int64))])),
        "put_broadcast": _d(ip(x, Tensor([9.0]), (Tensor(np.array([0, 2], np.int32)),
                                                  Tensor(np.array([1], np.int32))))),
        "put_neg": _d(ip(x, Tensor([9.0]), (Tensor(np.array([-1], np.int32)),))),
        "put_grad": _d(ops.grad(lambda a, b: (ops.IndexPut(1)(a, b, two) * _x()).sum(), grad_position=(0, 1))(
            _x(), Tensor([9.0, 8.0]))),
        "input_unchanged": _d(x),
    }


def case_masked_nonzero():
    m = Tensor(np.array([[True, False], [False, True], [True, True]]))
    src = Tensor(np.arange(10, 16).reshape(3, 2).astype(np.float32))
    w = Tensor([1.0, 2.0, 3.0, 4.0])
    empty = ops.NonZero()(Tensor(np.zeros((2, 2), np.float32)))
    return {
        "scatter": _d(ops.MaskedScatter()(_x(), m, src)),
        "scatter_broadcast": _d(ops.MaskedScatter()(_x(), Tensor(np.array([False, True])), src)),
        "scatter_uint8": _d(ops.MaskedScatter()(_x(np.uint8), m, Tensor(np.arange(10, 16).astype(np.uint8)))),
        "scatter_bool": _d(ops.MaskedScatter()(_x(np.bool_), m, Tensor(np.zeros(6, np.bool_)))),
        "scatter_grad": _d(ops.grad(lambda a, b: (ops.MaskedScatter()(a, m, b) * _x()).sum(), grad_position=(0, 1))(
            _x(), src)),
        "select": _d(ops.MaskedSelect()(_x(), m)),
        "select_broadcast": _d(ops.MaskedSelect()(_x(), Tensor(np.array([False, True])))),
        "select_uint8": _d(ops.MaskedSelect()(_x(np.uint8), m)),
        "select_grad": _d(ops.grad(lambda a: (ops.MaskedSelect()(a, m) * w).sum())(_x())),
        "nonzero": _d(ops.NonZero()(Tensor(np.array([[1, 0], [0, 2]], np.int32)))),
        "nonzero_float": _d(ops.NonZero()(Tensor(np.array([0.5, 0, -1], np.float32)))),
        "nonzero_bool_uint8": [_d(ops.NonZero()(Tensor(np.array([True, False])))),
                               _d(ops.NonZero()(Tensor(np.array([3, 0], np.uint8))))],
        "nonzero_empty": {"dtype": str(empty.dtype), "shape": list(empty.shape)},
    }


def case_index_masked_errors():
    x, i2 = _x(), Tensor(np.array([0, 2], np.int32))
    m = Tensor(np.array([[True, False], [False, True], [True, True]]))
    return {
        "fill": [_err(lambda: ops.IndexFill()(x, 1, Tensor(np.array([1], np.int64)), Tensor(9.0))),
                 _err(lambda: ops.IndexFill()(_x(np.int32), 0, i2, 7)),
                 _err(lambda: ops.IndexFill()(_x(np.bool_), 0, i2, Tensor(False))),
                 _err(lambda: ops.IndexFill()(x, 0, Tensor(np.array([3], np.int32)), Tensor(-1.0)))],
        "put": [_err(lambda: ops.IndexPut(0)(x, Tensor([9.0]), (Tensor(np.array([3], np.int32)),))),
                _err(lambda: ops.IndexPut(0)(x, Tensor(np.array([9.0], np.float16)),
                                             (Tensor(np.array([1], np.int32)),))),
                _err(lambda: ops.IndexPut(2)(x, Tensor([9.0]), (Tensor(np.array([1], np.int32)),))),
                _err(lambda: ops.IndexPut(True))],
        "masked": [_err(lambda: ops.MaskedScatter()(x, m, Tensor([1.0, 2.0]))),
                   _err(lambda: ops.MaskedScatter()(x, m, Tensor(np.arange(6).astype(np.int32)))),
                   _err(lambda: ops.MaskedScatter()(x, Tensor(np.array([[1, 0], [0, 1], [1, 1]], np.int32)), x)),
                   _err(lambda: ops.MaskedSelect()(x, Tensor(np.array([1, 0], np.int32))))],
        "nonzero": [_err(lambda: ops.NonZero()(Tensor(np.array(1.0, np.float32)))),
                    _err(lambda: ops.NonZero()([1, 0]))],
    }
