"""Optimizers: several steps on fixed weights and fixed gradients; state names; learning-rate forms."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn

TOLERANCES = {
    "adagrad_three_steps": {"rtol": 1e-5, "atol": 1e-5, "why": "rsqrt of a small accumulator amplifies fp32 rounding"},
}


def _params():
    rng = np.random.RandomState(0)
    w = Parameter(Tensor(rng.randn(3, 4).astype(np.float32)), name="fc.weight")
    b = Parameter(Tensor(rng.randn(3).astype(np.float32)), name="fc.bias")
    g = Parameter(Tensor(rng.randn(3).astype(np.float32)), name="bn.gamma")
    return [w, b, g]


def _grads(step):
    rng = np.random.RandomState(100 + step)
    return (Tensor(rng.randn(3, 4).astype(np.float32)), Tensor(rng.randn(3).astype(np.float32)),
            Tensor(rng.randn(3).astype(np.float32)))


def _run(make, steps=3):
    params = _params()
    opt = make(params)
    trace = []
    for s in range(steps):
        opt(_grads(s))
        trace.append([p.asnumpy().copy() for p in params])
    state = {name: p.asnumpy() for name, p in opt.parameters_and_names()}
    return {"trace": trace, "state_names": list(state), "state": state}


def case_momentum_three_steps():
    return _run(lambda p: nn.Momentum(p, learning_rate=0.1, momentum=0.9))


def case_momentum_weight_decay():
    return _run(lambda p: nn.Momentum(p, learning_rate=0.05, momentum=0.8, weight_decay=0.01))


def case_momentum_nesterov():
    return _run(lambda p: nn.Momentum(p, learning_rate=0.05, momentum=0.8, use_nesterov=True))


def case_momentum_loss_scale():
    return _run(lambda p: nn.Momentum(p, learning_rate=0.1, momentum=0.9, loss_scale=128.0))


def case_sgd_plain():
    return _run(lambda p: nn.SGD(p, learning_rate=0.1))


def case_sgd_momentum_dampening():
    return _run(lambda p: nn.SGD(p, learning_rate=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01))


def case_sgd_nesterov():
    return _run(lambda p: nn.SGD(p, learning_rate=0.1, momentum=0.9, nesterov=True))


def case_adam_three_steps():
    return _run(lambda p: nn.Adam(p, learning_rate=0.01))


def case_adam_weight_decay_nesterov():
    return _run(lambda p: nn.Adam(p, learning_rate=0.01, weight_decay=0.1, use_nesterov=True))


def case_adamweightdecay_three_steps():
    return _run(lambda p: nn.AdamWeightDecay(p, learning_rate=0.01, weight_decay=0.1))


def case_rmsprop_three_steps():
    return _run(lambda p: nn.RMSProp(p, learning_rate=0.01, momentum=0.5))


def case_rmsprop_centered():
    return _run(lambda p: nn.RMSProp(p, learning_rate=0.01, centered=True))


def case_adagrad_three_steps():
    return _run(lambda p: nn.Adagrad(p, learning_rate=0.1))


def case_list_learning_rate():
    return _run(lambda p: nn.Momentum(p, learning_rate=[0.1, 0.05, 0.01], momentum=0.9), steps=3)


def case_list_learning_rate_past_its_end():
    return _run(lambda p: nn.Momentum(p, learning_rate=[0.1, 0.05, 0.01], momentum=0.9), steps=4)


def case_tensor_learning_rate():
    return _run(lambda p: nn.SGD(p, learning_rate=Tensor(np.array([0.2, 0.1], np.float32))), steps=2)


def case_schedule_learning_rate():
    return _run(lambda p: nn.Adam(p, learning_rate=nn.ExponentialDecayLR(0.1, 0.5, 2)), steps=3)


def case_group_parameters():
    def make(p):
        return nn.Momentum([{"params": p[:2], "weight_decay": 0.01, "lr": 0.05}, {"params": p[2:]},
                            {"order_params": p}], learning_rate=0.1, momentum=0.9)
    return _run(make)


def case_get_lr_and_global_step():
    params = _params()
    opt = nn.Momentum(params, learning_rate=[0.3, 0.2, 0.1], momentum=0.9)
    out = []
    for s in range(3):
        out.append(float(opt.get_lr().asnumpy()))
        opt(_grads(s))
    return {"lrs": out, "global_step": opt.global_step.asnumpy()}


def case_lr_schedules():
    step = Tensor(np.array([3], np.int32))
    return {
        "exp": nn.ExponentialDecayLR(0.1, 0.9, 4)(step).asnumpy(),
        "exp_stair": nn.ExponentialDecayLR(0.1, 0.9, 2, is_stair=True)(step).asnumpy(),
        "natural": nn.NaturalExpDecayLR(0.1, 0.9, 4)(step).asnumpy(),
        "inverse": nn.InverseDecayLR(0.1, 0.5, 4)(step).asnumpy(),
        "cosine": nn.CosineDecayLR(0.01, 0.1, 10)(step).asnumpy(),
        "poly": nn.PolynomialDecayLR(0.1, 0.01, 10, 0.5)(step).asnumpy(),
        "warmup": nn.WarmUpLR(0.1, 6)(step).asnumpy(),
    }


def case_dynamic_lr_lists():
    return {
        "piecewise": nn.piecewise_constant_lr([2, 5, 6], [0.1, 0.05, 0.01]),
        "exponential": nn.exponential_decay_lr(0.1, 0.9, 6, 2, 1),
        "exponential_stair": nn.exponential_decay_lr(0.1, 0.9, 6, 1, 2, True),
        "natural": nn.natural_exp_decay_lr(0.1, 0.9, 6, 2, 2, True),
        "inverse": nn.inverse_decay_lr(0.1, 0.5, 6, 1, 2),
        "cosine": nn.cosine_decay_lr(0.01, 0.1, 6, 2, 2),
        "polynomial": nn.polynomial_decay_lr(0.1, 0.01, 6, 1, 2, 0.5),
        "polynomial_update": nn.polynomial_decay_lr(0.1, 0.01, 6, 1, 2, 0.5, True),
        "warmup": nn.warmup_lr(0.1, 6, 2, 2),
    }
