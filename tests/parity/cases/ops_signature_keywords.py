"""Parity of MindSpore 2.10's keyword names and optional arguments of functional ops that scripts call by keyword:
amax/amin `initial`/`where`, relu `inplace`, range `maxlen`, transpose `dims`, select `condition/input/other`, mean
`x`, dtype `x`, binary_cross_entropy_with_logits `input/target`."""
import numpy as np

from mindspore import Tensor, ops

COMPILED_PASS = False  # argument binding: the compiled pass adds nothing


def _x():
    return Tensor(np.array([[1., 5., 3.], [4., 2., 6.]], np.float32))


def _mask():
    return Tensor(np.array([[True, False, True], [False, True, True]]))


def _call(fn):
    try:
        r = fn()
        return {"dtype": str(r.dtype), "value": r.asnumpy()}
    except Exception as exc:  # noqa: BLE001 - the error type is the result
        return {"error": type(exc).__name__}


def case_amax_amin_initial_where():
    out = {}
    for f in (ops.amax, ops.amin):
        name = f.__name__
        out[name] = {"initial": _call(lambda: f(_x(), initial=4.)),
                     "where": _call(lambda: f(_x(), initial=0., where=_mask())),
                     "axis_where": _call(lambda: f(_x(), axis=1, initial=2.5, where=_mask())),
                     "keepdims_where": _call(lambda: f(_x(), axis=0, keepdims=True, initial=-1., where=_mask())),
                     "where_without_initial": _call(lambda: f(_x(), where=_mask())),
                     "int_initial": _call(lambda: f(Tensor(np.array([1, 5, 3], np.int32)), initial=4))}
    return out


def case_keyword_names():
    x = _x()
    return {"transpose_dims": _call(lambda: ops.transpose(x, dims=(1, 0))),
            "select": _call(lambda: ops.select(condition=_mask(), input=x, other=x * 0)),
            "mean_x": _call(lambda: ops.mean(x=x, axis=1)),
            "dtype_x": str(ops.dtype(x=x)),
            "bce_logits": _call(lambda: ops.binary_cross_entropy_with_logits(
                input=x, target=Tensor(np.ones((2, 3), np.float32)), weight=None, pos_weight=None)),
            "range_maxlen": _call(lambda: ops.range(Tensor(0), Tensor(5), Tensor(2), maxlen=10)),
            "relu_not_inplace": _call(lambda: ops.relu(x - 3, inplace=False))}


def case_grad_sens_param():
    """ms.grad/value_and_grad(..., sens_param=True): the call's last argument is the output's gradient."""
    import mindspore as ms
    from mindspore import nn

    def f(x, y):
        return x * y, x + y

    x, y = Tensor([1., 2.]), Tensor([3., 4.])
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    two_outputs = ms.grad(f, grad_position=(0, 1), sens_param=True)(x, y, (Tensor([1., 1.]), Tensor([2., 2.])))
    value, grad = ms.value_and_grad(lambda a: a * 3, sens_param=True)(x, Tensor([0.5, 2.]))
    weights = ms.grad(net, grad_position=None, weights=net.trainable_params(), sens_param=True)(
        Tensor([[1., 2.]]), Tensor([[3.]]))
    scalar = ms.grad(lambda a: a.sum() * 2, sens_param=True)(x, Tensor(5.))
    return {"two_outputs": [g.asnumpy() for g in two_outputs], "value": value.asnumpy(), "grad": grad.asnumpy(),
            "weights": [g.asnumpy() for g in weights], "scalar": scalar.asnumpy()}
