"""Gradients in full: GradOperation combinations, grad/value_and_grad options, higher order,
stop_gradient, custom bprop, frozen parameters, sens."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops


def _x(shape, seed=0):
    return Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32))


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(_x((3,), 7), name="w")
        self.b = Parameter(_x((3,), 8), name="b")

    def construct(self, x, y):
        return ((x * self.w + self.b) * y).sum()


def _arr(t):
    if isinstance(t, (tuple, list)):
        return [_arr(v) for v in t]
    return t.asnumpy()


def case_gradoperation_combinations():
    net = _Net()
    x, y = _x((3,), 1), _x((3,), 2)
    w = ms.ParameterTuple(net.trainable_params())
    return {
        "default": _arr(ops.GradOperation()(net)(x, y)),
        "get_all": _arr(ops.GradOperation(get_all=True)(net)(x, y)),
        "by_list": _arr(ops.GradOperation(get_by_list=True)(net, w)(x, y)),
        "all_and_list": _arr(ops.GradOperation(get_all=True, get_by_list=True)(net, w)(x, y)),
        "sens": _arr(ops.GradOperation(sens_param=True)(net)(x, y, Tensor(np.float32(3.0)))),
    }


def case_grad_positions_weights_aux():
    net = _Net()
    x, y = _x((3,), 1), _x((3,), 2)

    def f(a, b):
        out = net(a, b)
        return out, a * 2

    return {
        "pos0": _arr(ops.grad(net, 0)(x, y)),
        "pos_tuple": _arr(ops.grad(net, (0, 1))(x, y)),
        "weights_only": _arr(ops.grad(net, None, net.trainable_params())(x, y)),
        "pos_and_weights": _arr(ops.grad(net, 1, net.trainable_params())(x, y)),
        "aux": _arr(ops.grad(f, 0, has_aux=True)(x, y)),
        "value_and_grad": _arr(ops.value_and_grad(f, (0, 1), has_aux=True)(x, y)),
    }


def case_return_ids():
    net = _Net()
    x, y = _x((3,), 1), _x((3,), 2)
    grads = ops.grad(net, (0, 1), net.trainable_params(), return_ids=True)(x, y)
    return {"pos": [[i, g.asnumpy()] for i, g in grads[0]], "weights": [[n, g.asnumpy()] for n, g in grads[1]]}


def case_higher_order():
    def f(x):
        return ops.sin(x) * x

    x = _x((4,))
    first = ops.grad(f)
    second = ops.grad(first)
    third = ops.grad(second)
    return {"first": first(x).asnumpy(), "second": second(x).asnumpy(), "third": third(x).asnumpy()}


def case_stop_gradient():
    def f(x, y):
        return (x * ops.stop_gradient(x * y)).sum()

    return _arr(ops.grad(f, (0, 1))(_x((3,)), _x((3,), 1)))


class _Custom(nn.Cell):
    def construct(self, x, y):
        return x * y

    def bprop(self, x, y, out, dout):
        return dout * 10, dout * y


def case_custom_bprop():
    net = _Custom()
    return _arr(ops.GradOperation(get_all=True)(net)(_x((3,)), _x((3,), 1)))


def case_frozen_parameter():
    net = _Net()
    net.b.requires_grad = False
    x, y = _x((3,), 1), _x((3,), 2)
    names = [p.name for p in net.trainable_params()]
    grads = ops.grad(net, None, net.trainable_params())(x, y)
    return {"names": names, "grads": _arr(grads)}


def case_unused_input_gets_zeros():
    def f(a, b):
        return (a * a).sum()

    return _arr(ops.grad(f, (0, 1))(_x((3,)), _x((2,), 1)))


def case_non_scalar_output_uses_ones():
    def f(a):
        return a * a

    return ops.grad(f)(_x((3,))).asnumpy()


def case_grad_position_forms():
    def f(x, y):
        return (x * y).sum()

    x, y = Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0, 4.0], np.float32))

    def shape_of(r):
        return [len(r)] if isinstance(r, tuple) else r.asnumpy()

    return {str(gp): shape_of(ops.grad(f, grad_position=gp)(x, y)) for gp in (0, (0,), (1,), (0, 1))} | {
        "value_and_grad": shape_of(ops.value_and_grad(f, grad_position=(1,))(x, y)[1])}


def case_grad_position_list_raises():
    return ops.grad(lambda x: x.sum(), grad_position=[0])(Tensor(np.array([1.0], np.float32)))
