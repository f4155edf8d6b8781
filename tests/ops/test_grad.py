"""Gradient APIs: GradOperation combinations, grad/value_and_grad options, higher order, train cells."""
import numpy as np
import pytest

import mindshim as ms
from mindshim import Parameter, Tensor, nn, ops

X = np.array([1.0, 2.0, 3.0], np.float32)


def cube(x):
    return (x ** 3).sum()


def test_grad_first_input_and_higher_order():
    x = Tensor(X)
    np.testing.assert_allclose(ops.grad(cube)(x).asnumpy(), 3 * X ** 2)
    second = ops.grad(lambda v: ops.grad(cube)(v).sum())(x)
    np.testing.assert_allclose(second.asnumpy(), 6 * X)


def test_grad_positions_weights_and_aux():
    w = Parameter(Tensor(np.array([2.0, 2.0, 2.0], np.float32)), name="w")
    x, y = Tensor(X), Tensor(X * 2)

    def f(a, b):
        return (a * b * w).sum(), a + b

    (ga, gb), (gw,) = ops.grad(f, (0, 1), [w], has_aux=True)(x, y)[0]
    np.testing.assert_allclose(ga.asnumpy(), X * 2 * 2)
    np.testing.assert_allclose(gb.asnumpy(), X * 2)
    np.testing.assert_allclose(gw.asnumpy(), X * X * 2)
    value, grads = ops.value_and_grad(lambda a: (a * w).sum(), None, [w])(x)
    assert float(value) == pytest.approx(12.0)
    np.testing.assert_allclose(grads[0].asnumpy(), X)


def test_unused_input_gets_zero_gradient():
    g = ops.GradOperation(get_all=True)(lambda a, b: (a * 2).sum())(Tensor(X), Tensor(X))
    np.testing.assert_allclose(g[1].asnumpy(), np.zeros(3))


def test_sens_param_scales_gradient():
    grad_op = ops.GradOperation(sens_param=True)
    g = grad_op(lambda a: a * 3)(Tensor(X), Tensor(np.array([1.0, 0.0, 2.0], np.float32)))
    np.testing.assert_allclose(g.asnumpy(), [3.0, 0.0, 6.0])


def test_get_by_list_requires_weights():
    with pytest.raises(TypeError):
        ops.GradOperation(get_by_list=True)(cube)


def test_multitype_funcgraph_and_hypermap():
    scale = ops.MultitypeFuncGraph("scale")

    @scale.register("Tensor", "Tensor")
    def _(s, g):
        return g * s

    out = ops.HyperMap()(ops.partial(scale, Tensor(np.float32(2.0))), (Tensor(X), Tensor(X * 0 + 1)))
    np.testing.assert_allclose(out[0].asnumpy(), X * 2)
    np.testing.assert_allclose(out[1].asnumpy(), [2.0, 2.0, 2.0])
    with pytest.raises(TypeError):
        scale(1, 2)
