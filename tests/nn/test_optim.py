"""Optimizer behaviour that parity cases cannot show: in-place updates on the same objects, the
torch-equivalence of Momentum, documented semantics where MindSpore's CPU kernels differ, and the
helpers a user-written optimizer subclass relies on. Numbers against MindSpore: tests/parity/cases/nn_optim*.py."""
import numpy as np
import pytest
import torch

import mindshim as ms
from mindshim import Parameter, ParameterTuple, Tensor, nn


def _params(seed: int = 0):
    rng = np.random.RandomState(seed)
    return [Parameter(Tensor(rng.randn(4, 16).astype(np.float32)), name="conv.weight"),
            Parameter(Tensor(rng.randn(4).astype(np.float32)), name="conv.bias")]


def _grads(seed: int = 1):
    rng = np.random.RandomState(seed)
    return (Tensor(rng.randn(4, 16).astype(np.float32)), Tensor(rng.randn(4).astype(np.float32)))


def test_update_is_in_place_on_the_same_parameter_objects():
    params = _params()
    storages = [p.data_ptr() for p in params]
    opt = nn.Momentum(params, learning_rate=0.1, momentum=0.9)
    before = [p.asnumpy().copy() for p in params]
    out = opt(_grads())
    assert out == (True, True)
    assert all(a is b for a, b in zip(opt.parameters, params))
    assert [p.data_ptr() for p in params] == storages
    assert not np.allclose(params[0].asnumpy(), before[0])
    assert type(params[0]) is Parameter and params[0].requires_grad


def test_momentum_matches_torch_sgd_momentum_without_dampening():
    ms_params, t_params = _params(), [torch.nn.Parameter(torch.tensor(p.asnumpy())) for p in _params()]
    opt = nn.Momentum(ms_params, learning_rate=0.05, momentum=0.9)
    t_opt = torch.optim.SGD(t_params, lr=0.05, momentum=0.9)
    for step in range(4):
        grads = _grads(10 + step)
        opt(grads)
        for tp, g in zip(t_params, grads):
            tp.grad = torch.tensor(g.asnumpy())
        t_opt.step()
    for a, b in zip(ms_params, t_params):
        np.testing.assert_allclose(a.asnumpy(), b.detach().numpy(), rtol=1e-6, atol=1e-6)
    assert int(opt.global_step.asnumpy()[0]) == 4


def test_momentum_nesterov_follows_the_documented_rule():
    params = _params()
    w0 = params[0].asnumpy().copy()
    g = _grads()
    nn.Momentum(params, learning_rate=0.1, momentum=0.8, use_nesterov=True)(g)
    moment = g[0].asnumpy()
    np.testing.assert_allclose(params[0].asnumpy(), w0 - 0.1 * (g[0].asnumpy() + 0.8 * moment), rtol=1e-6)


def test_adagrad_update_slots_false_keeps_accum():
    params = _params()
    opt = nn.Adagrad(params, accum=0.5, learning_rate=0.1, update_slots=False)
    w0, g = params[0].asnumpy().copy(), _grads()
    opt(g)
    np.testing.assert_allclose(opt.accum[0].asnumpy(), np.full((4, 16), 0.5, np.float32))
    np.testing.assert_allclose(params[0].asnumpy(), w0 - 0.1 * g[0].asnumpy() / np.sqrt(0.5), rtol=1e-6)


def test_grad_centralization_only_for_dim1_multiple_of_16():
    params = _params()
    opt = nn.SGD([{"params": params, "grad_centralization": True}], learning_rate=1.0)
    w0, b0, g = params[0].asnumpy().copy(), params[1].asnumpy().copy(), _grads()
    opt(g)
    gw = g[0].asnumpy()
    np.testing.assert_allclose(params[0].asnumpy(), w0 - (gw - gw.mean(axis=1, keepdims=True)), rtol=1e-5,
                               atol=1e-6)
    np.testing.assert_allclose(params[1].asnumpy(), b0 - g[1].asnumpy(), rtol=1e-6)


def test_filter_generator_and_state_names():
    params = _params()
    params[1].requires_grad = False
    opt = nn.Adam(filter(lambda x: x.requires_grad, params), learning_rate=0.01)
    names = [n for n, _ in opt.parameters_and_names()]
    assert names == ["global_step", "learning_rate", "conv.weight", "beta1_power", "beta2_power",
                     "moment1.conv.weight", "moment2.conv.weight"]
    assert isinstance(opt.parameters, ParameterTuple) and len(opt.parameters) == 1
    assert opt.global_step.dtype == ms.int32 and tuple(opt.global_step.shape) == (1,)
    assert opt.learning_rate.name == "learning_rate"


def test_list_learning_rate_runs_out():
    opt = nn.SGD(_params(), learning_rate=[0.1, 0.01])
    opt(_grads())
    opt(_grads())
    with pytest.raises(RuntimeError, match="fewer entries"):
        opt(_grads())


def test_wrong_number_of_gradients():
    with pytest.raises(ValueError, match="2 parameters"):
        nn.SGD(_params())(_grads()[:1])


def test_user_subclass_uses_mindspore_helpers():
    class PlainSGD(nn.Optimizer):
        def construct(self, gradients):
            gradients = self.scale_grad(self.decay_weight(gradients))
            lr = self.get_lr()
            self.assignadd(self.global_step, self.global_step_increase_tensor)
            for p, g in zip(self.parameters, gradients):
                ms.ops.assign(p, p - lr * g)
            return True

    params = _params()
    w0, g = params[0].asnumpy().copy(), _grads()
    opt = PlainSGD(0.5, params, weight_decay=0.1, loss_scale=2.0)
    opt(g)
    expected = w0 - 0.5 * (g[0].asnumpy() / 2.0 + 0.1 * w0)
    np.testing.assert_allclose(params[0].asnumpy(), expected, rtol=1e-5, atol=1e-6)
    assert int(opt.global_step.asnumpy()[0]) == 1


def test_train_one_step_cell_with_group_optimizer_trains():
    net = nn.Dense(16, 4)
    decay = [p for p in net.trainable_params() if "weight" in p.name]
    rest = [p for p in net.trainable_params() if "weight" not in p.name]
    opt = nn.AdamWeightDecay([{"params": decay, "weight_decay": 0.01}, {"params": rest}], learning_rate=1e-2)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x = Tensor(np.random.RandomState(0).randn(8, 16).astype(np.float32))
    y = Tensor(np.zeros((8, 4), np.float32))
    losses = [float(step(x, y).asnumpy()) for _ in range(20)]
    assert losses[-1] < losses[0] * 0.5
