"""Optimizer base semantics: parameter groups, weight decay rules, loss scale, learning-rate forms,
gradient centralization, return values, names and argument errors. Fixed weights and gradients;
the state (every Parameter of the optimizer) is recorded after each step."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn


def _params():
    rng = np.random.RandomState(1)
    w = Parameter(Tensor(rng.randn(2, 16).astype(np.float32)), name="conv.weight")
    v = Parameter(Tensor(rng.randn(3, 4).astype(np.float32)), name="fc.weight")
    b = Parameter(Tensor(rng.randn(3).astype(np.float32)), name="fc.bias")
    g = Parameter(Tensor(rng.uniform(0.5, 1.5, 3).astype(np.float32)), name="bn.gamma")
    be = Parameter(Tensor(rng.randn(3).astype(np.float32)), name="bn.beta")
    return [w, v, b, g, be]


def _grads(step):
    rng = np.random.RandomState(200 + step)
    shapes = [(2, 16), (3, 4), (3,), (3,), (3,)]
    return tuple(Tensor(rng.randn(*s).astype(np.float32)) for s in shapes)


def _run(make, steps=3):
    params = _params()
    opt = make(params)
    trace = []
    for s in range(steps):
        opt(_grads(s))
        trace.append({name: p.asnumpy().copy() for name, p in opt.parameters_and_names()})
    return {"names": [n for n, _ in opt.parameters_and_names()], "trace": trace}


def case_default_decay_filter_skips_beta_gamma():
    return _run(lambda p: nn.Momentum(p, learning_rate=0.1, momentum=0.9, weight_decay=0.1))


def case_group_weight_decay_applies_to_gamma():
    return _run(lambda p: nn.Momentum([{"params": p[:4], "weight_decay": 0.1}, {"params": p[4:]}],
                                      learning_rate=0.1, momentum=0.9))


def case_group_weight_decay_default_and_override():
    return _run(lambda p: nn.SGD([{"params": p[:2]}, {"params": p[2:], "weight_decay": 0.0}],
                                 learning_rate=0.1, weight_decay=0.05))


def case_loss_scale_with_weight_decay_momentum():
    return _run(lambda p: nn.Momentum(p, learning_rate=0.1, momentum=0.9, weight_decay=0.01, loss_scale=64.0))


def case_loss_scale_with_weight_decay_adam():
    return _run(lambda p: nn.Adam(p, learning_rate=0.01, weight_decay=0.01, loss_scale=8))


def case_loss_scale_with_weight_decay_sgd_groups():
    return _run(lambda p: nn.SGD([{"params": p[:3], "weight_decay": 0.02}, {"params": p[3:]}],
                                 learning_rate=0.1, momentum=0.5, loss_scale=4.0))


def case_group_list_lr():
    return _run(lambda p: nn.Momentum([{"params": p[:2], "lr": [0.1, 0.05, 0.01]}, {"params": p[2:]}],
                                      learning_rate=0.2, momentum=0.9))


def case_group_schedule_lr_adam():
    return _run(lambda p: nn.Adam([{"params": p[:2], "lr": nn.ExponentialDecayLR(0.1, 0.5, 1)},
                                   {"params": p[2:], "lr": 0.05}], learning_rate=0.01))


def case_default_list_lr_with_group_fixed_lr():
    return _run(lambda p: nn.SGD([{"params": p[:2], "lr": 0.3}, {"params": p[2:]}],
                                 learning_rate=[0.1, 0.05, 0.01]))


def case_group_order_params():
    return _run(lambda p: nn.Momentum([{"params": [p[4], p[0]], "lr": 0.01}, {"params": p[1:4]},
                                       {"order_params": p}], learning_rate=0.1, momentum=0.9))


def case_grad_centralization():
    return _run(lambda p: nn.Momentum([{"params": p[:3], "grad_centralization": True}, {"params": p[3:]}],
                                      learning_rate=0.1, momentum=0.9))


def case_dynamic_weight_decay():
    return _run(lambda p: nn.Momentum(p, learning_rate=0.1, momentum=0.9,
                                      weight_decay=nn.ExponentialDecayLR(0.1, 0.5, 1)))


def case_filter_of_parameters():
    def make(p):
        p[1].requires_grad = False
        return nn.Momentum(filter(lambda x: x.requires_grad, p), learning_rate=0.1, momentum=0.9)
    params = _params()
    opt = make(params)
    opt(tuple(g for i, g in enumerate(_grads(0)) if i != 1))
    return {"names": [n for n, _ in opt.parameters_and_names()], "params": [p.name for p in opt.parameters],
            "values": [p.asnumpy() for p in params]}


def case_zero_dim_tensor_lr():
    return _run(lambda p: nn.Momentum(p, learning_rate=Tensor(0.05, ms.float32), momentum=0.9), steps=2)


def case_tuple_lr():
    return _run(lambda p: nn.Adagrad(p, learning_rate=(0.2, 0.1), weight_decay=0.01), steps=2)


def case_return_value():
    params = _params()
    out = nn.Momentum(params, learning_rate=0.1, momentum=0.9)(_grads(0))
    return {"type": type(out).__name__, "items": [bool(x) for x in out], "len": len(out)}


def case_get_parameters_names():
    params = _params()
    opt = nn.Adam(params, learning_rate=[0.1, 0.2])
    return {"get_parameters": [p.name for p in opt.get_parameters()],
            "trainable": [p.name for p in opt.trainable_params()],
            "parameters": [p.name for p in opt.parameters]}


def case_get_lr_groups():
    params = _params()
    opt = nn.Momentum([{"params": params[:2], "lr": 0.05}, {"params": params[2:]}], learning_rate=0.1, momentum=0.9)
    lrs = opt.get_lr()
    one = opt.get_lr_parameter(params[0])
    many = opt.get_lr_parameter([params[0], params[3]])
    return {"get_lr": [x.asnumpy() for x in lrs], "one": [one.name, one.asnumpy()],
            "many": [[x.name, x.asnumpy()] for x in many]}


def case_get_lr_parameter_dynamic():
    params = _params()
    opt = nn.Momentum([{"params": params[:2], "lr": [0.05, 0.01]}, {"params": params[2:]}],
                      learning_rate=0.1, momentum=0.9)
    a, b = opt.get_lr_parameter([params[0], params[3]])
    return {"a": [a.name, a.asnumpy()], "b": [b.name, b.asnumpy()],
            "get_lr": [x.asnumpy() for x in opt.get_lr()]}


def case_get_lr_parameter_unknown():
    params = _params()
    opt = nn.Momentum(params[:2], learning_rate=0.1, momentum=0.9)
    return opt.get_lr_parameter(params[3]).asnumpy()


def case_get_weight_decay():
    params = _params()
    opt = nn.Momentum(params, learning_rate=0.1, momentum=0.9, weight_decay=0.01, loss_scale=2.0)
    return opt.get_weight_decay().asnumpy()


def case_adam_amsgrad():
    return _run(lambda p: nn.Adam(p, learning_rate=0.01, use_amsgrad=True))


def case_adam_use_locking():
    return _run(lambda p: nn.Adam(p, learning_rate=0.01, beta1=0.8, beta2=0.99, eps=1e-6, use_locking=True))


def case_adamweightdecay_groups():
    return _run(lambda p: nn.AdamWeightDecay([{"params": p[:4], "weight_decay": 0.1, "lr": 0.02},
                                              {"params": p[4:]}], learning_rate=0.01, weight_decay=0.0))


def case_adamweightdecay_default_filter():
    return _run(lambda p: nn.AdamWeightDecay(p, learning_rate=0.01, weight_decay=0.1, eps=1e-8))


def case_rmsprop_groups():
    return _run(lambda p: nn.RMSProp([{"params": p[:2], "lr": 0.02, "weight_decay": 0.1}, {"params": p[2:]}],
                                     learning_rate=0.01, momentum=0.9, centered=True, loss_scale=2.0))


def case_adagrad_accum_and_no_update_slots():
    return _run(lambda p: nn.Adagrad(p, accum=0.5, learning_rate=0.1, update_slots=False))


def case_sgd_group_lr_momentum():
    return _run(lambda p: nn.SGD([{"params": p[:2], "lr": 0.05}, {"params": p[2:]}], learning_rate=0.1,
                                 momentum=0.9, nesterov=True))


def case_error_momentum_int():
    return nn.Momentum(_params(), learning_rate=0.1, momentum=1) is not None


def case_error_group_bad_key():
    p = _params()
    return nn.Momentum([{"params": p, "foo": 1}], learning_rate=0.1, momentum=0.9) is not None


def case_error_group_duplicate_param():
    p = _params()
    return nn.Momentum([{"params": p[:2]}, {"params": p[1:]}], learning_rate=0.1, momentum=0.9) is not None


def case_error_order_params_length():
    p = _params()
    return nn.Momentum([{"params": p}, {"order_params": p[:2]}], learning_rate=0.1, momentum=0.9) is not None


def case_error_negative_lr():
    return nn.SGD(_params(), learning_rate=-0.1) is not None


def case_error_negative_weight_decay():
    return nn.SGD(_params(), weight_decay=-0.1) is not None


def case_error_loss_scale_zero():
    return nn.SGD(_params(), loss_scale=0.0) is not None


def case_error_loss_scale_str():
    return nn.SGD(_params(), loss_scale="1") is not None


def case_error_empty_params():
    return nn.SGD([], learning_rate=0.1) is not None


def case_error_none_params():
    return nn.SGD(None, learning_rate=0.1) is not None


def case_error_mixed_params():
    p = _params()
    return nn.SGD([p[0], {"params": p[1:]}]) is not None


def case_error_2d_tensor_lr():
    return nn.SGD(_params(), learning_rate=Tensor(np.ones((2, 2), np.float32))) is not None


def case_error_lr_string():
    return nn.SGD(_params(), learning_rate="0.1") is not None


def case_error_adam_beta1():
    return nn.Adam(_params(), beta1=1.0) is not None


def case_error_adam_kwargs():
    return nn.Adam(_params(), foo=True) is not None


def case_error_sgd_nesterov_without_momentum():
    return nn.SGD(_params(), nesterov=True) is not None


def case_error_sgd_dynamic_weight_decay():
    return nn.SGD(_params(), weight_decay=nn.WarmUpLR(0.1, 2)) is not None


def case_error_rmsprop_int_decay():
    return nn.RMSProp(_params(), decay=1) is not None


def case_error_adagrad_negative_accum():
    return nn.Adagrad(_params(), accum=-0.1) is not None


def case_error_list_lr_past_end_in_group():
    p = _params()
    opt = nn.SGD([{"params": p[:2], "lr": [0.1, 0.05]}, {"params": p[2:]}], learning_rate=0.1)
    for s in range(3):
        opt(_grads(s))
    return True
