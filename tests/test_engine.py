"""The execution engine: GRAPH_MODE and ms.jit give PYNATIVE's numbers; a region that cannot be
compiled falls back to eager with one warning naming it; the CPU policy keeps eager."""
import warnings

import numpy as np
import pytest

import mindshim as ms
from mindshim import Tensor, nn
from mindshim._backend import engine


def _train(mode, steps=4):
    ms.set_context(mode=mode)
    net = nn.Dense(4, 3)
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor(rng.randn(*p.shape).astype(np.float32)))
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    step.set_train()
    x, y = Tensor(rng.randn(8, 4).astype(np.float32)), Tensor(rng.randn(8, 3).astype(np.float32))
    losses = [float(step(x, y)) for _ in range(steps)]
    return losses, net.weight.asnumpy()


def test_graph_mode_matches_pynative():
    l1, w1 = _train(ms.PYNATIVE_MODE)
    l2, w2 = _train(ms.GRAPH_MODE)
    np.testing.assert_allclose(l1, l2, rtol=1e-6)
    np.testing.assert_allclose(w1, w2, rtol=1e-6)


def test_cpu_policy_is_eager(monkeypatch):
    monkeypatch.delenv("MINDSHIM_COMPILE", raising=False)
    assert engine.compile_policy() == "auto" and not engine.should_compile()

    @ms.jit
    def f(x):
        return x * 2 + 1

    before = engine.stats()["compiles"]
    assert float(f(Tensor(1.5))) == 4.0
    assert engine.stats()["compiles"] == before  # nothing compiled on CPU under `auto`


def test_uncompilable_region_falls_back_once_with_a_warning(monkeypatch):
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")

    def body(x):
        print_ = np.asarray(x.asnumpy())  # host round trip: not traceable as one graph
        return x * float(print_.sum())

    jitted = ms.jit(body)
    x = Tensor(np.array([1.0, 2.0], np.float32))
    before = engine.stats()["fallbacks"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        first = jitted(x)
        second = jitted(x)
    np.testing.assert_allclose(first.asnumpy(), [3.0, 6.0])
    np.testing.assert_allclose(second.asnumpy(), [3.0, 6.0])
    ours = [w for w in caught if "mindshim: could not compile" in str(w.message)]
    assert len(ours) == 1 and engine.stats()["fallbacks"] == before + 1
    assert "body (" in str(ours[0].message) and "test_engine.py" in str(ours[0].message)
