"""Mixed precision casts each Parameter once per outermost call (issue 14, item 3), not once per cell call:
a cell used several times in one forward reuses the first cast, while an in-place write in between, a change of
grad mode, or the next step casts again."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import mindshim as ms
from mindshim import Tensor, nn, ops
from mindshim.nn import _mixed_precision
from dispatch_counts import AtenOps


@pytest.fixture(autouse=True)
def _cpu():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    with torch.device("cpu"):
        yield


class _Shared(nn.Cell):
    """One Dense applied three times (shared weights)."""

    def __init__(self) -> None:
        super().__init__()
        self.d = nn.Dense(4, 4)

    def construct(self, x):
        return self.d(self.d(self.d(x)))


def _inputs():
    ms.set_seed(5)
    return Tensor(np.random.default_rng(0).standard_normal((2, 4)).astype(np.float32))


def _torch_reference(net: _Shared, x: Tensor):
    w = torch.tensor(net.d.weight.asnumpy(), requires_grad=True)
    b = torch.tensor(net.d.bias.asnumpy(), requires_grad=True)
    wh, bh = w.half(), b.half()
    y = F.linear(F.linear(F.linear(torch.tensor(x.asnumpy()).half(), wh, bh), wh, bh), wh, bh)
    gw, gb = torch.autograd.grad(y.float().sum(), (w, b))
    return y, gw, gb


def test_shared_cell_casts_each_parameter_once_per_forward():
    net, x = _Shared(), _inputs()
    net.to_float(ms.float16)
    with AtenOps() as counter:
        out = net(x)
    assert counter.ops["_to_copy"] == 3, counter.ops  # the input once, weight and bias once (was 1 + 2 * 3)
    assert out.dtype == ms.float16
    np.testing.assert_array_equal(out.asnumpy(), _torch_reference(net, x)[0].detach().numpy())
    assert _mixed_precision._scope.casts is None  # nothing kept after the outermost call


def test_shared_cast_gradients_match_torch():
    net, x = _Shared(), _inputs()
    net.to_float(ms.float16)
    grads = ms.grad(lambda t: ops.sum(net(t).astype(ms.float32)), None, net.trainable_params())(x)
    _, gw, gb = _torch_reference(net, x)
    assert grads[0].dtype == ms.float32  # the gradient reaches the float32 Parameter
    np.testing.assert_array_equal(grads[0].asnumpy(), gw.numpy())
    np.testing.assert_array_equal(grads[1].asnumpy(), gb.numpy())


class _WritesBetween(nn.Cell):
    def __init__(self) -> None:
        super().__init__()
        self.d = nn.Dense(4, 4)

    def construct(self, x):
        first = self.d(x)
        ops.assign(self.d.weight, self.d.weight * 2.0)  # an in-place write between two uses
        return first, self.d(x)


def test_in_place_write_between_calls_casts_again():
    net, x = _WritesBetween(), _inputs()
    net.to_float(ms.float16)
    w0, b = net.d.weight.asnumpy().copy(), net.d.bias.asnumpy()
    with torch.no_grad():
        first, second = net(x)
    xh = torch.tensor(x.asnumpy()).half()
    for out, w in ((first, w0), (second, w0 * 2.0)):
        expected = F.linear(xh, torch.tensor(w).half(), torch.tensor(b).half())
        np.testing.assert_array_equal(out.asnumpy(), expected.numpy())


def test_grad_mode_change_casts_again():
    """A cast made under no_grad has no autograd node: a later use with gradients needs its own cast."""
    class Mixed(nn.Cell):
        def __init__(self) -> None:
            super().__init__()
            self.d = nn.Dense(4, 4)

        def construct(self, x):
            with torch.no_grad():
                self.d(x)
            return self.d(x)

    net, x = Mixed(), _inputs()
    net.to_float(ms.float16)
    grads = ms.grad(lambda t: ops.sum(net(t).astype(ms.float32)), None, net.trainable_params())(x)
    assert float(ops.abs(grads[0]).sum()) > 0.0


def test_next_step_sees_the_updated_weights():
    net, x = _Shared(), _inputs()
    net.to_float(ms.float16)
    before = net(x).asnumpy()
    net.d.weight.set_data(net.d.weight * 0.5)
    after = net(x).asnumpy()
    np.testing.assert_array_equal(after, _torch_reference(net, x)[0].detach().numpy())
    assert not np.array_equal(before, after)


def test_graph_mode_shared_cell_matches_pynative():
    net, x = _Shared(), _inputs()
    net.to_float(ms.float16)
    eager = net(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    np.testing.assert_allclose(net(x).asnumpy(), eager, rtol=1e-3, atol=1e-3)
    assert _mixed_precision._scope.casts is None
