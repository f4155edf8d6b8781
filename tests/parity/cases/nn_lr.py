"""Learning-rate schedule cells over many steps and the dynamic-LR list helpers, with their argument checks."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn


def _over_steps(schedule, steps=12):
    outs = [schedule(Tensor(np.array([s], np.int32))) for s in range(steps)]
    return {"values": [o.asnumpy() for o in outs], "dtype": str(outs[0].dtype), "shape": list(outs[0].shape)}


def case_exponential_decay_steps():
    return _over_steps(nn.ExponentialDecayLR(0.1, 0.9, 4))


def case_exponential_decay_stair_steps():
    return _over_steps(nn.ExponentialDecayLR(0.1, 0.5, 3, is_stair=True))


def case_natural_exp_decay_steps():
    return _over_steps(nn.NaturalExpDecayLR(0.1, 0.1, 4))


def case_natural_exp_decay_stair_steps():
    return _over_steps(nn.NaturalExpDecayLR(0.1, 0.1, 4, True))


def case_inverse_decay_steps():
    return _over_steps(nn.InverseDecayLR(0.1, 0.5, 4))


def case_inverse_decay_stair_steps():
    return _over_steps(nn.InverseDecayLR(0.1, 0.5, 4, True))


def case_cosine_decay_steps():
    return _over_steps(nn.CosineDecayLR(0.01, 0.1, 8))


def case_polynomial_decay_steps():
    return _over_steps(nn.PolynomialDecayLR(0.1, 0.01, 8, 2.0))


def case_polynomial_decay_update_steps():
    return _over_steps(nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5, update_decay_steps=True))


def case_warmup_steps():
    return _over_steps(nn.WarmUpLR(0.1, 5))


def case_schedule_scalar_step():
    out = nn.CosineDecayLR(0.0, 0.1, 10)(Tensor(3, ms.int32))
    return {"value": out.asnumpy(), "shape": list(out.shape)}


def case_schedule_in_optimizer():
    w = ms.Parameter(Tensor(np.ones((2, 2), np.float32)), name="w")
    opt = nn.SGD([w], learning_rate=nn.PolynomialDecayLR(0.1, 0.01, 3, 1.0))
    lrs = []
    for _ in range(5):
        lrs.append(opt.get_lr().asnumpy())
        opt((Tensor(np.ones((2, 2), np.float32)),))
    return {"lrs": lrs, "w": w.asnumpy(), "names": [n for n, _ in opt.parameters_and_names()]}


def case_custom_schedule_subclass():
    from mindspore.nn.learning_rate_schedule import LearningRateSchedule

    class Halve(LearningRateSchedule):
        def construct(self, global_step):
            return 0.2 / (1.0 + ms.ops.cast(global_step, ms.float32))

    w = ms.Parameter(Tensor(np.ones((2,), np.float32)), name="w")
    opt = nn.Momentum([w], learning_rate=Halve(), momentum=0.9)
    for _ in range(3):
        opt((Tensor(np.ones((2,), np.float32)),))
    return w.asnumpy()


def case_error_exponential_int_lr():
    return nn.ExponentialDecayLR(1, 0.9, 2) is not None


def case_error_exponential_zero_steps():
    return nn.ExponentialDecayLR(0.1, 0.9, 0) is not None


def case_error_exponential_stair_int():
    return nn.ExponentialDecayLR(0.1, 0.9, 2, 1) is not None


def case_error_cosine_int_min():
    return nn.CosineDecayLR(0, 0.1, 2) is not None


def case_error_cosine_min_above_max():
    return nn.CosineDecayLR(0.2, 0.1, 2) is not None


def case_error_polynomial_int_power():
    return nn.PolynomialDecayLR(0.1, 0.01, 2, 1) is not None


def case_error_warmup_int_lr():
    return nn.WarmUpLR(1, 2) is not None


def case_error_warmup_float_steps():
    return nn.WarmUpLR(0.1, 2.0) is not None


def case_dynamic_lr_values():
    return {
        "piecewise": nn.piecewise_constant_lr([2, 5, 6], [0.1, 0.05, 0.01]),
        "piecewise_repeat": nn.piecewise_constant_lr((2, 2, 4), (0.1, 0.05, 0.01)),
        "exponential": nn.exponential_decay_lr(0.1, 0.9, 10, 3, 2),
        "exponential_stair": nn.exponential_decay_lr(0.1, 0.9, 10, 1, 3, True),
        "natural": nn.natural_exp_decay_lr(0.1, 0.5, 10, 2, 2),
        "natural_stair": nn.natural_exp_decay_lr(0.1, 0.5, 10, 2, 2, True),
        "inverse": nn.inverse_decay_lr(0.1, 0.5, 10, 1, 3),
        "inverse_stair": nn.inverse_decay_lr(0.1, 0.5, 10, 1, 3, True),
        "cosine": nn.cosine_decay_lr(0.0, 0.1, 10, 2, 3),
        "polynomial": nn.polynomial_decay_lr(0.1, 0.0, 10, 1, 4, 2.0),
        "polynomial_update": nn.polynomial_decay_lr(0.1, 0.01, 10, 1, 3, 0.5, True),
        "warmup": nn.warmup_lr(0.1, 10, 2, 3),
    }


def case_dynamic_lr_error_piecewise_int_rate():
    return nn.piecewise_constant_lr([2, 5], [1, 2])


def case_dynamic_lr_error_piecewise_decreasing():
    return nn.piecewise_constant_lr([5, 2], [0.1, 0.2])


def case_dynamic_lr_error_piecewise_lengths():
    return nn.piecewise_constant_lr([2, 5], [0.1])


def case_dynamic_lr_error_piecewise_not_list():
    return nn.piecewise_constant_lr(5, [0.1])


def case_dynamic_lr_error_exponential_int_rate():
    return nn.exponential_decay_lr(1, 0.9, 6, 1, 2)


def case_dynamic_lr_error_exponential_zero_total():
    return nn.exponential_decay_lr(0.1, 0.9, 0, 1, 2)


def case_dynamic_lr_error_exponential_stair_int():
    return nn.exponential_decay_lr(0.1, 0.9, 6, 1, 2, 1)


def case_dynamic_lr_error_cosine_equal():
    return nn.cosine_decay_lr(0.1, 0.1, 6, 1, 2)


def case_dynamic_lr_error_polynomial_int_end():
    return nn.polynomial_decay_lr(0.1, 0, 6, 1, 2, 0.5)


def case_dynamic_lr_error_warmup_int():
    return nn.warmup_lr(1, 6, 1, 2)


def case_dynamic_lr_error_warmup_zero_epoch():
    return nn.warmup_lr(0.1, 6, 1, 0)
