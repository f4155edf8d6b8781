"""Parity of `mindspore.experimental.optim.lr_scheduler` (the optimizers are in experimental_optim): every scheduler's
rates over 12 epochs, step(epoch), chaining two on one optimizer, resuming from last_epoch, a custom subclass,
ReduceLROnPlateau's step(metrics), training loops (an `ms.jit` step, TrainOneStepCell) and the argument errors.

Left out, MindSpore 2.10 bugs (mindshim computes the documented result instead): MultiStepLR.step(epoch) (and a
SequentialLR handing over to a MultiStepLR) raises AttributeError (its closed form reads a missing `step_size`);
CosineAnnealingWarmRestarts.step(epoch) with T_mult > 1 and epoch >= T_0 raises TypeError (ops.Log called with two
arguments)."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from mindspore.experimental import optim
from mindspore.experimental.optim import lr_scheduler as lrs

from parity_experimental_optim_common import _W, _B, _params, _grads, _err  # registered by the parity loader


# ----------------------------------------------------------------------------------------------- schedulers

def _opt():
    params = _params()
    return optim.SGD([{"params": [params[0]]}, {"params": [params[1]], "lr": 0.5}], lr=0.1)


def _rates(sched):
    return [float(v.asnumpy()) for v in sched.get_last_lr()]


def _trace(sched, steps=12):
    out = [_rates(sched)]
    for _ in range(steps):
        sched.step()
        out.append(_rates(sched))
    return out


def _group_lrs(opt):
    return [float(g["lr"].asnumpy()) for g in opt.param_groups]


def case_step_lr():
    opt = _opt()
    sched = lrs.StepLR(opt, step_size=3, gamma=0.5)
    trace = _trace(sched)
    sched.step(7)
    return {"trace": trace, "closed_7": _rates(sched), "group_lrs": _group_lrs(opt),
            "last_epoch": sched.last_epoch.asnumpy(), "last_epoch_name": sched.last_epoch.name,
            "base_lrs": [float(b.asnumpy()) for b in sched.base_lrs],
            "initial_lr": [float(g["initial_lr"].asnumpy()) for g in opt.param_groups]}


def case_linear_lr():
    sched = lrs.LinearLR(_opt(), start_factor=0.25, end_factor=0.75, total_iters=4)
    trace = _trace(sched)
    sched.step(2)
    return {"trace": trace, "closed_2": _rates(sched)}


def case_exponential_lr():
    sched = lrs.ExponentialLR(_opt(), gamma=0.8)
    trace = _trace(sched)
    sched.step(3)
    return {"trace": trace, "closed_3": _rates(sched)}


def case_polynomial_lr():
    sched = lrs.PolynomialLR(_opt(), total_iters=6, power=2.0)
    trace = _trace(sched)
    sched.step(3)
    return {"trace": trace, "closed_3": _rates(sched)}


def case_multiplicative_lr():
    one = _trace(lrs.MultiplicativeLR(_opt(), lr_lambda=lambda epoch: 0.9))
    per_group = _trace(lrs.MultiplicativeLR(_opt(), lr_lambda=[lambda e: 0.5, lambda e: 1.0 / (e + 1)]))
    return {"one": one, "per_group": per_group}


def case_constant_lr():
    sched = lrs.ConstantLR(_opt(), factor=0.5, total_iters=4)
    trace = _trace(sched)
    sched.step(2)
    early = _rates(sched)
    sched.step(5)
    return {"trace": trace, "closed_2": early, "closed_5": _rates(sched)}


def case_multistep_lr():
    sched = lrs.MultiStepLR(_opt(), milestones=[2, 5, 5, 9], gamma=0.5)
    return {"trace": _trace(sched), "keys": list(sched.milestones_keys), "values": list(sched.milestones_values)}


def case_lambda_lr():
    one = _trace(lrs.LambdaLR(_opt(), lr_lambda=lambda epoch: 0.9 ** epoch))
    per_group = _trace(lrs.LambdaLR(_opt(), lr_lambda=[lambda e: 1.0 / (e + 1), lambda e: 0.5 if e > 3 else 1.0]))
    return {"one": one, "per_group": per_group}


def case_sequential_lr():
    opt = _opt()
    warm = lrs.LinearLR(opt, start_factor=0.1, total_iters=3)
    decay = lrs.ExponentialLR(opt, gamma=0.9)
    sched = lrs.SequentialLR(opt, schedulers=[warm, decay], milestones=[4])
    trace = [_rates(sched)]
    for _ in range(12):
        sched.step()
        trace.append(_rates(sched))
    return {"trace": trace, "group_lrs": _group_lrs(opt), "last_epoch": sched.last_epoch.asnumpy()}


def case_sequential_lr_three():
    opt = _opt()
    scheds = [lrs.ConstantLR(opt, factor=0.5, total_iters=2), lrs.StepLR(opt, step_size=2, gamma=0.5),
              lrs.CosineAnnealingLR(opt, T_max=4)]
    sched = lrs.SequentialLR(opt, schedulers=scheds, milestones=[3, 7])
    trace = [_rates(sched)]
    for _ in range(12):
        sched.step()
        trace.append(_rates(sched))
    return trace


def case_reduce_on_plateau_min():
    opt = _opt()
    sched = lrs.ReduceLROnPlateau(opt, factor=0.5, patience=1, cooldown=1, min_lr=[0.01, 0.1])
    metrics = [1.0, 0.9, 0.9, 0.95, 0.9, 0.9, 0.9, 0.8, 0.8, 0.8, 0.8, 0.8]
    trace = []
    for m in metrics:
        ret = sched.step(m)
        trace.append(_rates(sched))
    return {"trace": trace, "returned": ret, "best": sched.best.asnumpy(), "wait": sched.wait.asnumpy(),
            "cooldown_counter": sched.cooldown_counter.asnumpy(), "last_epoch": sched.last_epoch.asnumpy(),
            "group_lrs": _group_lrs(opt)}


def case_reduce_on_plateau_max_abs():
    sched = lrs.ReduceLROnPlateau(_opt(), mode="max", factor=0.2, patience=2, threshold=0.05,
                                  threshold_mode="abs", eps=1e-3)
    trace = []
    for m in [0.1, 0.2, 0.22, 0.24, 0.26, 0.5, 0.5, 0.5, 0.52, 0.5, 0.5, 0.5]:
        sched.step(Tensor(m, ms.float32))
        trace.append(_rates(sched))
    return {"trace": trace, "best": sched.best.asnumpy(), "mode_worse": sched.mode_worse}


def case_cyclic_lr():
    tri = _trace(lrs.CyclicLR(_opt(), base_lr=0.01, max_lr=0.1, step_size_up=3, step_size_down=2))
    tri2 = _trace(lrs.CyclicLR(_opt(), base_lr=[0.01, 0.02], max_lr=[0.1, 0.2], step_size_up=2,
                               mode="triangular2"))
    exp = _trace(lrs.CyclicLR(_opt(), base_lr=0.01, max_lr=0.1, step_size_up=2, mode="exp_range", gamma=0.9))
    custom = _trace(lrs.CyclicLR(_opt(), base_lr=0.01, max_lr=0.1, step_size_up=2,
                                 scale_fn=lambda x: 1 / (x + 1), scale_mode="iterations"))
    return {"triangular": tri, "triangular2": tri2, "exp_range": exp, "custom": custom}


def case_cyclic_lr_sets_group_lr():
    opt = _opt()
    sched = lrs.CyclicLR(opt, base_lr=0.02, max_lr=0.2, step_size_up=4)
    return {"group_lrs": _group_lrs(opt), "initial_lr": [float(g["initial_lr"].asnumpy()) for g in opt.param_groups],
            "base_lrs": [float(b.asnumpy()) for b in sched.base_lrs], "total": sched.total_step_size,
            "ratio": sched.step_up_ratio, "scale_mode": sched.scale_mode}


def case_cosine_annealing_lr():
    sched = lrs.CosineAnnealingLR(_opt(), T_max=4, eta_min=0.01)
    trace = _trace(sched)
    sched.step(3)
    return {"trace": trace, "closed_3": _rates(sched), "eta_min": sched.eta_min, "T_max": sched.T_max}


def case_cosine_warm_restarts():
    mult = lrs.CosineAnnealingWarmRestarts(_opt(), T_0=2, T_mult=2, eta_min=0.01)
    trace_mult = _trace(mult)
    one = lrs.CosineAnnealingWarmRestarts(_opt(), T_0=3)
    trace_one = _trace(one)
    one.step(7)
    return {"mult": trace_mult, "T_i": mult.T_i.asnumpy(), "T_cur": mult.T_cur.asnumpy(),
            "last_epoch": mult.last_epoch.asnumpy(), "one": trace_one, "one_closed_7": _rates(one),
            "one_T_cur": one.T_cur.asnumpy()}


def case_cosine_warm_restarts_epoch_below_t0():
    sched = lrs.CosineAnnealingWarmRestarts(_opt(), T_0=5, T_mult=2, eta_min=0.01)
    sched.step()
    sched.step(3)
    return {"rates": _rates(sched), "T_cur": sched.T_cur.asnumpy(), "T_i": sched.T_i.asnumpy()}


def case_chained_schedulers():
    opt = _opt()
    first = lrs.ExponentialLR(opt, gamma=0.9)
    second = lrs.StepLR(opt, step_size=3, gamma=0.1)
    trace = [_rates(first) + _rates(second)]
    for _ in range(8):
        first.step()
        second.step()
        trace.append(_rates(first) + _rates(second))
    return {"trace": trace, "group_lrs": _group_lrs(opt)}


def case_resume_last_epoch():
    opt = _opt()
    lrs.StepLR(opt, step_size=2, gamma=0.5)
    resumed = lrs.StepLR(opt, step_size=2, gamma=0.5, last_epoch=3)
    return {"rates": _rates(resumed), "last_epoch": resumed.last_epoch.asnumpy(), "trace": _trace(resumed, 4)}


def case_get_last_lr_is_a_copy():
    sched = lrs.ExponentialLR(_opt(), gamma=0.5)
    before = sched.get_last_lr()
    sched.step()
    return {"before": [float(v.asnumpy()) for v in before], "after": _rates(sched),
            "dtype": str(before[0].dtype), "shape": list(before[0].shape)}


def case_scheduler_errors():
    opt = _opt()
    fresh = optim.SGD(_params(), lr=0.1)
    other = optim.SGD(_params(), lr=0.1)
    return {
        "not_optimizer": _err(lambda: lrs.StepLR(nn.SGD(_params()), 2), "Optimizer"),
        "last_epoch_low": _err(lambda: lrs.StepLR(opt, 2, last_epoch=-2), "last_epoch"),
        "last_epoch_float": _err(lambda: lrs.StepLR(opt, 2, last_epoch=1.0), "last_epoch"),
        "resume_no_initial": _err(lambda: lrs.StepLR(fresh, 2, last_epoch=2), "initial_lr"),
        "step_size_float": _err(lambda: lrs.StepLR(opt, 2.0), "step_size"),
        "gamma_int": _err(lambda: lrs.StepLR(opt, 2, gamma=1), "gamma"),
        "linear_start": _err(lambda: lrs.LinearLR(opt, start_factor=0.0), "Starting"),
        "linear_end": _err(lambda: lrs.LinearLR(opt, end_factor=1.5), "Ending"),
        "linear_total": _err(lambda: lrs.LinearLR(opt, total_iters=2.0), "total_iters"),
        "exponential_gamma": _err(lambda: lrs.ExponentialLR(opt, 1), "gamma"),
        "poly_power_int": _err(lambda: lrs.PolynomialLR(opt, power=1), "power"),
        "poly_power_neg": _err(lambda: lrs.PolynomialLR(opt, power=-1.0), "power"),
        "lambda_count": _err(lambda: lrs.LambdaLR(opt, [lambda e: 1.0]), "lr_lambdas"),
        "multiplicative_count": _err(lambda: lrs.MultiplicativeLR(opt, [lambda e: 1.0] * 3), "lr_lambdas"),
        "multistep_tuple": _err(lambda: lrs.MultiStepLR(opt, (2, 3)), "milestones"),
        "multistep_float": _err(lambda: lrs.MultiStepLR(opt, [2.0]), "milestones"),
        "multistep_gamma": _err(lambda: lrs.MultiStepLR(opt, [2], gamma="0.1"), "gamma"),
        "constant_factor": _err(lambda: lrs.ConstantLR(opt, factor=1.5), "factor"),
        "constant_total": _err(lambda: lrs.ConstantLR(opt, total_iters=None), "total_iters"),
        "cosine_eta": _err(lambda: lrs.CosineAnnealingLR(opt, 4, eta_min="0"), "eta_min"),
        "cosine_tmax": _err(lambda: lrs.CosineAnnealingLR(opt, 4.0), "T_max"),
        "restarts_t0": _err(lambda: lrs.CosineAnnealingWarmRestarts(opt, 0), "T_0"),
        "restarts_tmult": _err(lambda: lrs.CosineAnnealingWarmRestarts(opt, 2, T_mult=0), "T_mult"),
        "restarts_eta": _err(lambda: lrs.CosineAnnealingWarmRestarts(opt, 2, eta_min="0"), "eta_min"),
        "cyclic_mode": _err(lambda: lrs.CyclicLR(opt, 0.01, 0.1, mode="sine"), "mode"),
        "cyclic_count": _err(lambda: lrs.CyclicLR(opt, [0.01], 0.1), "base_lr"),
        "plateau_factor": _err(lambda: lrs.ReduceLROnPlateau(opt, factor=1.0), "factor"),
        "plateau_optimizer": _err(lambda: lrs.ReduceLROnPlateau(nn.SGD(_params())), "Optimizer"),
        "plateau_mode": _err(lambda: lrs.ReduceLROnPlateau(opt, mode="low"), "mode"),
        "plateau_threshold_mode": _err(lambda: lrs.ReduceLROnPlateau(opt, threshold_mode="x"), "threshold"),
        "plateau_min_lrs": _err(lambda: lrs.ReduceLROnPlateau(opt, min_lr=[0.1]), "min_lrs"),
        "sequential_milestones": _err(lambda: lrs.SequentialLR(opt, [lrs.StepLR(opt, 2)], [2]), "milestones"),
        "sequential_optimizer": _err(lambda: lrs.SequentialLR(opt, [lrs.StepLR(other, 2)], []), "same optimizer"),
        "base_get_lr": _err(lambda: lrs.LRScheduler(opt), ""),
    }


def case_step_returns():
    opt = _opt()
    seq = lrs.SequentialLR(opt, [lrs.ExponentialLR(opt, 0.5), lrs.StepLR(opt, 2)], [2])
    return [lrs.StepLR(_opt(), 2).step(), lrs.CosineAnnealingWarmRestarts(_opt(), 2).step(), seq.step(),
            lrs.ReduceLROnPlateau(_opt()).step(1.0)]


class _HalvingLR(lrs.LRScheduler):
    """A user scheduler on the base, reading the current rates and the epoch Parameter."""

    def get_lr(self):
        if self.last_epoch == 0:
            return [lr * 1.0 for lr in self._last_lr]
        return [lr * 0.5 if self.last_epoch % 2 == 0 else lr for lr in self._last_lr]


def case_custom_scheduler():
    opt = _opt()
    return {"trace": _trace(_HalvingLR(opt), 6), "group_lrs": _group_lrs(opt)}


def case_optimizer_repr():
    opt = optim.Adam(_params(), lr=0.01, weight_decay=0.1)
    plain = repr(opt)
    lrs.StepLR(opt, step_size=2)
    return {"plain": plain, "scheduled": repr(opt)}


def case_jit_train_step():
    """The update inside an `ms.jit` train step, the scheduler stepping between calls."""
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(_W.copy()))
    net.bias.set_data(Tensor(_B[:2].copy()))
    loss_fn = nn.MSELoss()
    opt = optim.AdamW(net.trainable_params(), lr=0.05, weight_decay=0.1)
    sched = lrs.CosineAnnealingLR(opt, T_max=3)

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)

    @ms.jit
    def train_step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    rng = np.random.RandomState(5)
    x = Tensor(rng.randn(4, 3).astype(np.float32))
    y = Tensor(rng.randn(4, 2).astype(np.float32))
    losses = []
    for _ in range(4):
        losses.append(float(train_step(x, y).asnumpy()))
        sched.step()
    return {"losses": losses, "weight": net.weight.asnumpy(), "bias": net.bias.asnumpy(),
            "lr": _rates(sched), "state_step": opt.state_step.asnumpy()}


def case_train_one_step_cell():
    """An experimental optimizer inside nn.TrainOneStepCell."""
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(_W.copy()))
    net.bias.set_data(Tensor(_B[:2].copy()))
    opt = optim.RMSprop(net.trainable_params(), lr=0.05, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x = Tensor(np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
    y = Tensor(np.ones((4, 2), np.float32))
    losses = [float(step(x, y).asnumpy()) for _ in range(3)]
    return {"losses": losses, "weight": net.weight.asnumpy(), "bias": net.bias.asnumpy()}


def case_step_after_add_param_group():
    """Parameters added after construction have no optimizer state: MindSpore's built-in updates raise."""
    out = {}
    for name, make in (("sgd", lambda p: optim.SGD(p, 0.1)), ("adam", lambda p: optim.Adam(p)),
                       ("asgd", lambda p: optim.ASGD(p)), ("nadam", lambda p: optim.NAdam(p))):
        params = _params()
        opt = make([params[0]])
        opt.add_param_group({"params": [params[1]]})
        out[name] = _err(lambda: opt(_grads(0)))
    return out
