"""Parity of Tensor's Python protocol in PyNative: numpy meeting a Tensor (ndarray operators and ufuncs give
ndarrays, numpy functions that call back a Tensor method), augmented assignment (`x += y` makes a new Tensor and
leaves the old object, an alias, a view, a caller's input and a Parameter's data as they were; int `/=` promotes),
`round(t)`, `t.__index__()` and `len()` of a 0-D tensor."""
import operator

import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops

COMPILED_PASS = False  # Python-level protocol: GRAPH_MODE's in-place augmented assignment on inputs is another rule


def _x():
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def _a():
    return np.ones((2, 3), np.float32)


def _res(r):
    return {"type": "Tensor" if isinstance(r, Tensor) else type(r).__name__, "value": np.asarray(r)}


def case_ndarray_operators():
    x, a = _x(), _a()
    return {"add": _res(a + x), "sub": _res(a - x), "mul": _res(a * x), "div": _res(a / (x + 1)),
            "matmul": _res(a.T @ x), "lt": _res(a < x), "int_add": _res(np.ones((2, 3), np.int32) + x),
            "int64_mul": _res(np.arange(3, dtype=np.int64) * x)}


def case_numpy_ufuncs():
    x = _x()
    return {"exp": _res(np.exp(x)), "sqrt": _res(np.sqrt(x)), "square": _res(np.square(x)),
            "isnan": _res(np.isnan(x)), "maximum": _res(np.maximum(x, 2)), "abs": _res(np.abs(x - 3)),
            "matmul": _res(np.matmul(_a().T, x)), "isclose": _res(np.isclose(x, x)),
            "exp_0d": _res(np.exp(Tensor(1.0)))}


def case_numpy_functions():
    x = _x()
    return {"argmax": _res(np.argmax(x)), "argmax_axis": _res(np.argmax(x, axis=1)),
            "reshape": _res(np.reshape(x, (3, 2))), "transpose": _res(np.transpose(x)), "round": _res(np.round(x)),
            "clip": _res(np.clip(x, 1, 2)), "cumsum": _res(np.cumsum(x)), "take": _res(np.take(x, [0, 1])),
            "argsort": _res(np.argsort(x)), "sort": _res(np.sort(x)), "unique": _res(np.unique(x)),
            "expand_dims": _res(np.expand_dims(x, 0)), "asarray_f64": _res(np.asarray(x, dtype=np.float64)),
            "array": _res(np.array(x)), "shape": list(np.shape(x)), "ndim": int(np.ndim(x)),
            "allclose": bool(np.allclose(x, x.asnumpy())), "float32": float(np.float32(Tensor(2.5)))}


def case_numpy_function_out_kwarg():
    return {"sum": _err_type(lambda: np.sum(_x(), axis=0)), "max": _err_type(lambda: np.max(_x())),
            "mean": _err_type(lambda: np.mean(_x()))}


def _err_type(fn):
    try:
        return {"value": _res(fn())}
    except Exception as exc:  # noqa: BLE001 - the error type is the result
        return {"error": type(exc).__name__}


def _augmented(op, a, b):
    alias = a
    r = getattr(operator, "i" + op)(a, b)
    return {"same_object": r is alias, "alias": alias.asnumpy(), "result": r.asnumpy(), "dtype": str(r.dtype)}


def case_augmented_assignment():
    out = {}
    for op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow"):
        out[op] = _augmented(op, Tensor([4, 6]), Tensor([1, 2]))
    out["matmul"] = _augmented("matmul", Tensor([4, 6]), Tensor([1, 2]))
    for op in ("and", "or", "xor"):
        out[op] = _augmented(op, Tensor([True, False]), Tensor([True, True]))
    out["add_float_scalar"] = _augmented("add", Tensor([1, 2]), 1.5)
    out["truediv_int_scalar"] = _augmented("truediv", Tensor([3, 4]), 2)
    out["mul_bool_int"] = _augmented("mul", Tensor([True, False]), 3)
    return out


def case_augmented_assignment_aliases():
    p = Parameter(Tensor([1., 2.]), name="p")
    q = p
    p += 1
    t = Tensor([[1., 2.], [3., 4.]])
    v = t[0]
    v += 10
    return {"param_type": type(p).__name__, "param_alias": q.asnumpy(), "param_result": p.asnumpy(),
            "view_base": t.asnumpy(), "view_result": v.asnumpy()}


class _InplaceNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor([1., 2.]), name="w")
        self.step = Parameter(Tensor(0, ms.int32), name="step", requires_grad=False)

    def construct(self, x, y):
        self.step += 1
        x += 1
        y /= 2
        z = x * self.w
        z *= 3
        return z, y


def case_augmented_assignment_in_construct():
    net = _InplaceNet()
    a, b = Tensor([1., 2.]), Tensor([4, 6])
    z, y = net(a, b)
    z2, _ = net(a, b)
    grad = ms.grad(net, grad_position=0)(Tensor([1., 2.]), Tensor([4, 6]))
    wgrad = ms.grad(lambda x: ops.sum(net(x, Tensor([4, 6]))[0]), grad_position=None, weights=net.w)(Tensor([1., 2.]))
    return {"z": z.asnumpy(), "y": y.asnumpy(), "y_dtype": str(y.dtype), "input_a": a.asnumpy(),
            "input_b": b.asnumpy(), "second_call": z2.asnumpy(), "step": net.step.asnumpy(),
            "step_type": type(net.step).__name__, "grad_x": grad.asnumpy(), "grad_w": wgrad.asnumpy()}


def case_round_index_len():
    out = {"round_half": _res(round(Tensor(2.5))), "round_vec": _res(round(Tensor([-2.5, 0.5, 1.5]))),
           "round_int": _res(round(Tensor([3]))), "round_f16": _res(round(Tensor(np.array([2.5, 3.5], np.float16)))),
           "round_none": _res(round(Tensor(2.5), None)), "index_int": Tensor(2).__index__(),
           "index_bool": Tensor(True).__index__(), "index_1elem": Tensor([1]).__index__(),
           "list_index": [10, 20, 30][Tensor(1)], "range": list(range(Tensor(3)))}
    out["round_ndigits"] = _err_type(lambda: round(Tensor(2.5), 1))
    out["index_float"] = _err_type(lambda: Tensor(2.0).__index__())
    out["index_many"] = _err_type(lambda: Tensor([1, 2]).__index__())
    out["len_0d"] = _err_type(lambda: len(Tensor(1)))
    return out


class _AugmentedSGD(nn.Optimizer):
    def construct(self, gradients):
        for p, g in zip(self.parameters, gradients):
            p -= 0.1 * g
        return True


def case_augmented_assignment_parameter_by_mode():
    """A hand-written optimizer's `p -= lr * g`: PYNATIVE leaves the Parameter as it was (a new Tensor is bound to
    the loop variable); a GRAPH_MODE call writes it in place."""
    out = {}
    for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
        ms.set_context(mode=mode)
        net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), _AugmentedSGD(0.1, net.trainable_params()))
        losses = [step(Tensor([[1., 2.]]), Tensor([[0.]])).asnumpy() for _ in range(3)]
        out[name] = {"losses": losses, "weight": net.weight.asnumpy(), "bias": net.bias.asnumpy()}
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


def case_tensor_from_tensor_sequences_and_list_values():
    """Tensor(list of Tensors): 0-d elements read as Python numbers (Float32 from a float64 0-d), n-d ones stacked
    in their dtype; a list or tuple of numbers as a setitem value, converted to the tensor's dtype."""
    out = {"tuple_0d": _res(Tensor((Tensor(1.), Tensor(2.)))), "int_and_float": _res(Tensor([Tensor(1), 2.5])),
           "float64_0d": _res(Tensor([Tensor(np.array(1., np.float64)), 2])),
           "int_rows": _res(Tensor([Tensor([1, 2]), Tensor([3, 4])])),
           "float16_rows": _res(Tensor([Tensor(np.array([1.5], np.float16)), Tensor(np.array([2.5], np.float16))])),
           "bools": _res(Tensor([Tensor(True), Tensor(False)])),
           "given_dtype": _res(Tensor([Tensor(1), Tensor(2)], ms.float16))}
    y = Tensor(np.zeros((2, 3), np.int32))
    y[0] = [1.7, 2, 3]
    y[:, 1] = (5, 6)
    z = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    z[1, :] = [1, 2, 3, 4]
    out.update(int_row_from_list=_res(y), float_row_from_list=_res(z))
    return out
