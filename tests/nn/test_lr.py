"""LR schedules and dynamic-LR lists beyond the parity cases (tests/parity/cases/nn_lr.py): homes of
the names, float32 results of the step's shape, and schedules driving an optimizer step by step."""
import math

import numpy as np

import mindshim as ms
from mindshim import Parameter, Tensor, nn
from mindshim.nn import dynamic_lr, learning_rate_schedule


def test_names_have_one_home():
    assert nn.CosineDecayLR is learning_rate_schedule.CosineDecayLR
    assert nn.warmup_lr is dynamic_lr.warmup_lr
    assert nn.Momentum is nn.optim.Momentum and nn.Optimizer is nn.optim.optimizer.Optimizer


def test_schedule_returns_float32_of_the_step_shape():
    out = nn.PolynomialDecayLR(0.1, 0.01, 4, 2.0)(Tensor(np.array([2], np.int32)))
    assert out.dtype == ms.float32 and tuple(out.shape) == (1,)
    np.testing.assert_allclose(out.asnumpy(), [(0.1 - 0.01) * 0.25 + 0.01], rtol=1e-6)


def test_cosine_schedule_equals_the_dynamic_list_with_one_step_per_epoch():
    sched = nn.CosineDecayLR(0.01, 0.1, 6)
    listed = nn.cosine_decay_lr(0.01, 0.1, 9, 1, 6)
    got = [float(sched(Tensor(np.array([s], np.int32))).asnumpy()[0]) for s in range(9)]
    np.testing.assert_allclose(got, listed, rtol=1e-6)
    assert all(isinstance(v, float) for v in listed) and listed[-1] == listed[6]


def test_warmup_schedule_drives_sgd():
    w = Parameter(Tensor(np.zeros((3,), np.float32)), name="w")
    opt = nn.SGD([w], learning_rate=nn.WarmUpLR(0.4, 4))
    for _ in range(6):
        opt((Tensor(np.ones((3,), np.float32)),))
    # lr at steps 0..5: 0, .1, .2, .3, .4, .4 -> w = -1.4
    np.testing.assert_allclose(w.asnumpy(), np.full(3, -1.4, np.float32), rtol=1e-6)


def test_exponential_list_matches_formula():
    lrs = nn.exponential_decay_lr(0.1, 0.9, 6, 2, 1)
    assert lrs == [0.1 * 0.9 ** math.floor(i / 2) for i in range(6)]
