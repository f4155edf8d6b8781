"""Parity of `mindspore.experimental.optim` (the schedulers are in experimental_optim_schedulers): every torch-style
optimizer (a few steps on fixed parameters and fixed gradients, with weight decay, one non-default option, maximize
where accepted, and param groups with different rates; the state Parameters' names and values), the shared
Optimizer base (groups, add_param_group, a custom subclass, the helpers MindSpore's base gives subclasses), a
training loop and the argument errors (type and key words of the message). MindSpore's "not a Parameter" error is a
TypeError whose message is Python's own (it adds a str and a type), so only its type is compared."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from mindspore.experimental import optim
from mindspore.experimental.optim import lr_scheduler as lrs

from parity_experimental_optim_common import _W, _B, _params, _grads, _run, _err  # registered by the parity loader


# ----------------------------------------------------------------------------------------------- optimizers

def case_sgd_steps():
    sgd = optim.SGD
    return {
        "plain": _run(lambda p: sgd(p, 0.1)),
        "momentum_dampening_decay": _run(lambda p: sgd(p, 0.1, momentum=0.9, dampening=0.2, weight_decay=0.01)),
        "nesterov": _run(lambda p: sgd(p, 0.05, momentum=0.8, nesterov=True)),
        "maximize": _run(lambda p: sgd(p, 0.1, momentum=0.5, maximize=True)),
        "groups": _run(lambda p: sgd(p, 0.2, momentum=0.9), groups=True),
        "int_lr": _run(lambda p: sgd(p, 1)),
    }


def case_sgd_groups_options():
    params = _params()
    opt = optim.SGD([{"params": [params[0]], "momentum": 0.9, "dampening": 1},
                     {"params": [params[1]], "lr": 0.3, "weight_decay": 0.1}], lr=0.1)
    for s in range(3):
        opt(_grads(s))
    return {"values": [p.asnumpy() for p in params], "dampening": [g["dampening"] for g in opt.param_groups],
            "momentum": [g["momentum"] for g in opt.param_groups], "keys": sorted(opt.param_groups[0])}


def case_adam_steps():
    adam = optim.Adam
    return {
        "default": _run(lambda p: adam(p)),
        "decay_amsgrad": _run(lambda p: adam(p, lr=0.1, weight_decay=0.1, amsgrad=True)),
        "maximize_betas": _run(lambda p: adam(p, lr=0.01, betas=(0.8, 0.99), eps=1e-6, maximize=True)),
        "groups": _run(lambda p: adam(p, lr=0.01), groups=True),
    }


def case_adamw_steps():
    adamw = optim.AdamW
    return {
        "default": _run(lambda p: adamw(p)),
        "decay_amsgrad": _run(lambda p: adamw(p, lr=0.05, weight_decay=0.1, amsgrad=True), steps=4),
        "maximize_betas": _run(lambda p: adamw(p, lr=0.01, betas=(0.8, 0.99), eps=1e-6, maximize=True)),
        "groups": _run(lambda p: adamw(p, lr=0.01), groups=True),
    }


def case_adadelta_steps():
    return {
        "default": _run(lambda p: optim.Adadelta(p)),
        "rho_decay": _run(lambda p: optim.Adadelta(p, lr=0.5, rho=0.5, eps=1e-4, weight_decay=0.1)),
        "maximize": _run(lambda p: optim.Adadelta(p, maximize=True)),
        "groups": _run(lambda p: optim.Adadelta(p, lr=2.0), groups=True),
    }


def case_adagrad_steps():
    return {
        "default": _run(lambda p: optim.Adagrad(p)),
        "lr_decay_init": _run(lambda p: optim.Adagrad(p, lr=0.1, lr_decay=0.5, weight_decay=0.1,
                                                      initial_accumulator_value=0.2)),
        "maximize": _run(lambda p: optim.Adagrad(p, maximize=True)),
        "groups": _run(lambda p: optim.Adagrad(p, lr=0.2, eps=1e-3), groups=True),
    }


def _asgd_run(make, steps=4, groups=False):
    params = _params()
    opt = make([{"params": [params[0]], "lr": 0.05}, {"params": [params[1]]}] if groups else params)
    out = []
    for s in range(steps):
        opt(_grads(s))
        out.append([p.asnumpy().copy() for p in params])
    return {"trace": out, "ax": [p.asnumpy() for p in opt.ax], "eta": [p.asnumpy() for p in opt.eta],
            "mu": [p.asnumpy() for p in opt.mu], "names": [n for n, _ in opt.parameters_and_names()]}


def case_asgd_steps():
    return {
        "default": _asgd_run(lambda p: optim.ASGD(p)),
        "averaging": _asgd_run(lambda p: optim.ASGD(p, lr=0.1, lambd=0.1, alpha=0.5, t0=1.0, weight_decay=0.1)),
        "maximize": _asgd_run(lambda p: optim.ASGD(p, maximize=True)),
        "groups": _asgd_run(lambda p: optim.ASGD(p, lr=0.2, t0=2.0), groups=True),
    }


def case_adamax_steps():
    return {
        "default": _run(lambda p: optim.Adamax(p)),
        "betas_decay": _run(lambda p: optim.Adamax(p, lr=0.05, betas=(0.5, 0.9), eps=1e-3, weight_decay=0.1)),
        "maximize": _run(lambda p: optim.Adamax(p, maximize=True)),
        "groups": _run(lambda p: optim.Adamax(p, lr=0.1), groups=True),
    }


def case_rmsprop_steps():
    return {
        "default": _run(lambda p: optim.RMSprop(p)),
        "centered_momentum": _run(lambda p: optim.RMSprop(p, lr=0.05, alpha=0.9, momentum=0.5, centered=True,
                                                          weight_decay=0.1)),
        "momentum": _run(lambda p: optim.RMSprop(p, lr=0.05, momentum=0.9)),
        "maximize": _run(lambda p: optim.RMSprop(p, maximize=True)),
        "groups": _run(lambda p: optim.RMSprop(p, lr=0.1, eps=1e-3), groups=True),
    }


def case_rprop_steps():
    return {
        "default": _run(lambda p: optim.Rprop(p), steps=5),
        "etas_sizes": _run(lambda p: optim.Rprop(p, lr=0.1, etas=(0.3, 1.5), step_sizes=(0.01, 0.12)), steps=5),
        "maximize": _run(lambda p: optim.Rprop(p, maximize=True), steps=4),
        "groups": _run(lambda p: optim.Rprop(p, lr=0.02), steps=4, groups=True),
    }


def case_radam_steps():
    return {
        "default": _run(lambda p: optim.RAdam(p), steps=8),
        "decay_betas": _run(lambda p: optim.RAdam(p, lr=0.05, betas=(0.8, 0.9), eps=1e-4, weight_decay=0.1),
                            steps=8),
        "groups": _run(lambda p: optim.RAdam(p, lr=0.01), steps=7, groups=True),
    }


def case_nadam_steps():
    nadam = optim.NAdam
    params = _params()
    opt = nadam(params, lr=0.01)
    for s in range(3):
        opt(_grads(s))
    return {
        "default": _run(lambda p: nadam(p)),
        "decay_momentum": _run(lambda p: nadam(p, lr=0.05, betas=(0.8, 0.9), weight_decay=0.1, momentum_decay=0.1),
                               steps=4),
        "groups": _run(lambda p: nadam(p, lr=0.01), groups=True),
        "mu_product": [p.asnumpy() for p in opt.mu_product],
    }


def case_optimizer_groups_state():
    params = _params()
    opt = optim.Adam([{"params": [params[0]], "lr": 0.5, "betas": (0.5, 0.6)}, {"params": params[1]}],
                     lr=Tensor(0.25, ms.float32), weight_decay=1)
    g0, g1 = opt.param_groups
    return {"keys": sorted(g0), "lr": [float(g["lr"].asnumpy()) for g in opt.param_groups],
            "lr_names": [g["lr"].name for g in opt.param_groups], "lr_dtype": str(g0["lr"].dtype),
            "betas": [list(g0["betas"]), list(g1["betas"])], "weight_decay": [g0["weight_decay"], g1["weight_decay"]],
            "group_start_id": list(opt.group_start_id), "lrs_are_groups": [a is g["lr"] for a, g in
                                                                           zip(opt.lrs, opt.param_groups)],
            "defaults": sorted(opt.defaults), "parameters": [p.name for p in opt.parameters],
            "state_step": opt.state_step.asnumpy(), "is_optimizer": isinstance(opt, optim.Optimizer)}


def case_optimizer_add_param_group():
    params = _params()
    opt = optim.RMSprop([params[0]], lr=0.1, momentum=0.5)
    opt.add_param_group({"params": params[1], "lr": 0.3, "alpha": 0.5})
    g = opt.param_groups[1]
    return {"count": len(opt.param_groups), "group_start_id": list(opt.group_start_id),
            "lr": float(g["lr"].asnumpy()), "lr_name": g["lr"].name, "alpha": g["alpha"],
            "momentum": g["momentum"], "keys": sorted(g), "parameters": [p.name for p in opt.parameters],
            "overlap": _err(lambda: opt.add_param_group({"params": [params[0]]}), "more than one"),
            "not_dict": _err(lambda: opt.add_param_group([params[1]]), "dict")}


class _HalfStep(optim.Optimizer):
    """A user optimizer on the base, as MindSpore documents it."""

    def __init__(self, params, lr):
        super().__init__(params, {"lr": lr})

    def construct(self, gradients):
        for group_id, group in enumerate(self.param_groups):
            start = self.group_start_id[group_id]
            for i, param in enumerate(group["params"]):
                ops.assign(param, param - gradients[start + i] * group["lr"] * 0.5)
        return True


def case_optimizer_custom_subclass():
    params = _params()
    opt = _HalfStep([{"params": [params[0]]}, {"params": [params[1]], "lr": 0.4}], 0.1)
    for s in range(2):
        opt(_grads(s))
    return {"values": [p.asnumpy() for p in params], "groups": len(opt.param_groups),
            "lrs": [float(lr.asnumpy()) for lr in opt.lrs]}


def case_optimizer_train_loop():
    """value_and_grad over optimizer.parameters, optimizer(grads), scheduler.step() per epoch."""
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(_W.copy()))
    net.bias.set_data(Tensor(_B[:2].copy()))
    loss_fn = nn.MSELoss()
    opt = optim.Adam(net.trainable_params(), lr=0.05)
    sched = lrs.StepLR(opt, step_size=2, gamma=0.5)

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    rng = np.random.RandomState(3)
    x = Tensor(rng.randn(4, 3).astype(np.float32))
    y = Tensor(rng.randn(4, 2).astype(np.float32))
    losses, rates = [], []
    for _ in range(5):
        loss, grads = grad_fn(x, y)
        opt(grads)
        sched.step()
        losses.append(float(loss.asnumpy()))
        rates.append(float(sched.get_last_lr()[0].asnumpy()))
    return {"losses": losses, "rates": rates, "weight": net.weight.asnumpy(), "bias": net.bias.asnumpy()}


def case_optimizer_errors():
    w = Parameter(Tensor(_W.copy()), name="w")
    sgd = optim.SGD
    return {
        "none": _err(lambda: sgd(None, 0.1), "None"), "empty": _err(lambda: sgd([], 0.1), "empty"),
        "not_iterable": _err(lambda: sgd(w.asnumpy().sum(), 0.1), "Iterable"),
        "not_param": _err(lambda: sgd([Tensor(_W)], 0.1)),
        "set": _err(lambda: sgd([{"params": {w}}], 0.1), "ordered"),
        "dup_groups": _err(lambda: sgd([{"params": [w]}, {"params": [w]}], 0.1), "more than one"),
        "lr_tensor_1d": _err(lambda: sgd([w], Tensor(np.ones(2, np.float32))), "scalar"),
        "group_lr_str": _err(lambda: sgd([{"params": [w], "lr": "0.1"}], 0.1), "learning_rate"),
        "group_wd_str": _err(lambda: sgd([{"params": [w], "weight_decay": "0"}], 0.1), "Weight_decay"),
        "group_wd_neg": _err(lambda: sgd([{"params": [w], "weight_decay": -1.0}], 0.1), "weight_decay"),
    }


def case_sgd_adam_errors():
    w = Parameter(Tensor(_W.copy()), name="w")
    sgd, adam, adamw = optim.SGD, optim.Adam, optim.AdamW
    return {
        "sgd_neg_lr": _err(lambda: sgd([w], -0.1), "learning rate"), "sgd_str_lr": _err(lambda: sgd([w], "1"), "lr"),
        "sgd_bool_momentum": _err(lambda: sgd([w], 0.1, momentum=True), "momentum"),
        "sgd_neg_momentum": _err(lambda: sgd([w], 0.1, momentum=-0.5), "momentum"),
        "sgd_nesterov": _err(lambda: sgd([w], 0.1, nesterov=True), "nesterov"),
        "sgd_nesterov_dampening": _err(lambda: sgd([w], 0.1, 0.9, dampening=0.1, nesterov=True), "dampening"),
        "sgd_nesterov_type": _err(lambda: sgd([w], 0.1, 0.9, nesterov=1), "nesterov"),
        "sgd_maximize_type": _err(lambda: sgd([w], 0.1, maximize=None), "maximize"),
        "sgd_dampening_type": _err(lambda: sgd([w], 0.1, dampening="0"), "dampening"),
        "sgd_neg_wd": _err(lambda: sgd([w], 0.1, weight_decay=-0.1), "weight_decay"),
        "adam_neg_lr": _err(lambda: adam([w], lr=-0.1), "learning rate"),
        "adam_eps": _err(lambda: adam([w], eps=-1e-8), "epsilon"),
        "adam_beta0": _err(lambda: adam([w], betas=(1.0, 0.9)), "index 0"),
        "adam_beta1": _err(lambda: adam([w], betas=(0.9, -0.1)), "index 1"),
        "adam_wd": _err(lambda: adam([w], weight_decay=-0.1), "weight_decay"),
        "adam_betas_list": _err(lambda: adam([w], betas=[0.9, 0.99])),
        "adam_int_lr": _err(lambda: adam([w], lr=1)),
        "adamw_neg_lr": _err(lambda: adamw([w], lr=-1.0), "learning rate"),
        "adamw_beta1": _err(lambda: adamw([w], betas=(0.9, 1.0)), "index 1"),
        "adamw_wd": _err(lambda: adamw([w], weight_decay=-0.01), "weight_decay"),
        "adamw_int_wd": _err(lambda: adamw([w], weight_decay=0)),
    }


def case_other_optimizer_errors():
    w = Parameter(Tensor(_W.copy()), name="w")
    o = optim
    return {
        "adadelta_lr0": _err(lambda: o.Adadelta([w], lr=0.0), "lr", "greater than"),
        "adadelta_eps": _err(lambda: o.Adadelta([w], eps=0.0), "eps"),
        "adadelta_rho": _err(lambda: o.Adadelta([w], rho=1.5), "rho"),
        "adadelta_rho_int": _err(lambda: o.Adadelta([w], rho=1), "rho"),
        "adadelta_wd": _err(lambda: o.Adadelta([w], weight_decay=-1.0), "weight_decay"),
        "adagrad_lr_decay": _err(lambda: o.Adagrad([w], lr_decay=-0.1), "lr_decay"),
        "adagrad_init": _err(lambda: o.Adagrad([w], initial_accumulator_value=-1.0), "initial_accumulator_value"),
        "adagrad_eps": _err(lambda: o.Adagrad([w], eps=0.0), "eps"),
        "asgd_lr": _err(lambda: o.ASGD([w], lr=0.0), "lr"),
        "asgd_lambd_int": _err(lambda: o.ASGD([w], lambd=0), "lambd"),
        "asgd_t0_int": _err(lambda: o.ASGD([w], t0=10), "t0"),
        "adamax_beta0": _err(lambda: o.Adamax([w], betas=(1.0, 0.9)), "betas[0]"),
        "adamax_beta1_int": _err(lambda: o.Adamax([w], betas=(0.9, 0)), "betas[1]"),
        "adamax_eps": _err(lambda: o.Adamax([w], eps=-1.0), "eps"),
        "rmsprop_alpha": _err(lambda: o.RMSprop([w], alpha=-0.1), "alpha"),
        "rmsprop_momentum": _err(lambda: o.RMSprop([w], momentum=-0.1), "momentum"),
        "rmsprop_eps": _err(lambda: o.RMSprop([w], eps=0.0), "eps"),
        "rprop_eta_plus": _err(lambda: o.Rprop([w], etas=(0.5, 1.0)), "etas[1]"),
        "rprop_eta_minus": _err(lambda: o.Rprop([w], etas=(1.0, 1.2)), "etas[0]"),
        "rprop_lr": _err(lambda: o.Rprop([w], lr=-0.1), "lr"),
        "radam_beta": _err(lambda: o.RAdam([w], betas=(0.9, 1.0)), "betas[1]"),
        "radam_wd": _err(lambda: o.RAdam([w], weight_decay=-0.1), "weight_decay"),
        "nadam_momentum_decay": _err(lambda: o.NAdam([w], momentum_decay=-0.1), "momentum_decay"),
        "nadam_beta_int": _err(lambda: o.NAdam([w], betas=(1, 0.9)), "betas[0]"),
    }




class _BaseHelpersSGD(optim.Optimizer):
    """A subclass written against MindSpore's base: _decay_weight, hyper_map, group_start_id."""

    def __init__(self, params, lr=0.1, weight_decay=0.0):
        super().__init__(params, dict(lr=lr, weight_decay=weight_decay))

    def construct(self, gradients):
        for group_id, group in enumerate(self.param_groups):
            start, end = self.group_start_id[group_id], self.group_start_id[group_id + 1]
            params = self.parameters[start:end]
            grads = self._decay_weight(group["weight_decay"], params, gradients[start:end])
            self.hyper_map(ops.partial(_sgd_assign, group["lr"]), params, grads)
        return True


def _sgd_assign(lr, p, g):
    return ops.assign(p, p - lr * g)


def case_base_helpers_for_subclasses():
    w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")
    b = Parameter(Tensor(np.array([0.5], np.float32)), name="b")
    opt = _BaseHelpersSGD([{"params": [w], "weight_decay": 0.1}, {"params": [b], "lr": 0.2}], 0.5)
    for _ in range(2):
        opt((Tensor(np.array([1.0, 1.0], np.float32)), Tensor(np.array([2.0], np.float32))))
    return {"w": w.asnumpy(), "b": b.asnumpy(), "tuple_broaden": opt.enable_tuple_broaden,
            "map_type": type(opt.map_).__name__, "hyper_map_type": type(opt.hyper_map).__name__}
