"""Dynamic-shape placeholders and Cell.set_inputs: MindSpore's placeholder shape, GRAPH_MODE input checks,
and a compiled network that serves every declared batch size from one graph."""
import numpy as np
import pytest

import mindshim as ms
from mindshim import Tensor, nn
from mindshim._backend import engine


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)

    def construct(self, x):
        return self.dense(x).sum(axis=1) * 2


def _declared_net():
    net = _Net()
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    return net


def test_placeholder_reports_mindspore_shape_and_holds_no_data():
    t = Tensor(shape=[None, 3], dtype=ms.float16)
    assert t.shape == (-1, 3) and t.dtype == ms.float16 and isinstance(t, Tensor)
    assert repr(t) == "Tensor(shape=[-1, 3], dtype=Float16, value=\n)"
    with pytest.raises(ValueError):
        t.asnumpy()
    assert _declared_net().get_inputs()[0].shape == (-1, 3)


def test_declared_dimension_compiles_once(monkeypatch):
    monkeypatch.setenv("MINDSHIM_COMPILE", "always")
    ms.set_context(mode=ms.GRAPH_MODE)
    net, eager = _declared_net(), _Net()
    eager.dense.weight.set_data(net.dense.weight.data)
    eager.dense.bias.set_data(net.dense.bias.data)
    before = engine.stats()["graphs"]
    for batch in (4, 7, 9, 16):
        x = Tensor(np.random.RandomState(batch).randn(batch, 3).astype(np.float32))
        out = net(x)
        assert out.shape == (batch,)
        ms.set_context(mode=ms.PYNATIVE_MODE)
        np.testing.assert_allclose(out.asnumpy(), eager(x).asnumpy(), rtol=1e-6)
        ms.set_context(mode=ms.GRAPH_MODE)
    assert engine.stats()["graphs"] - before == 1


@pytest.mark.parametrize("shape,dtype,error", [((4, 4), np.float32, ValueError), ((4, 3), np.float16, TypeError),
                                               ((2, 4, 3), np.float32, ValueError)])
def test_graph_mode_checks_inputs_against_placeholders(shape, dtype, error):
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(error, match="set_inputs"):
        _declared_net()(Tensor(np.ones(shape, dtype)))


def test_pynative_does_not_check_placeholders():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    assert _declared_net()(Tensor(np.ones((2, 4, 3), np.float32))).shape == (2, 2)
