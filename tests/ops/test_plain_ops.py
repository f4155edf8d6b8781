"""Hot functional ops run with subclass dispatch off (`common.tensor.plain_op`): the same results as before,
MindSpore's errors on bad input, no trip through `Tensor.__torch_function__`, a caller's torch tensor never
re-classed."""
import numpy as np
import pytest
import torch

import mindshim as ms
from mindshim import Tensor, ops
from dispatch_counts import record_torch_function


@pytest.fixture(autouse=True)
def _cpu():
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    with torch.device("cpu"):
        yield


def _x():
    return Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))


_CALLS = [
    ("transpose", lambda x: ops.transpose(x, (0, 2, 1)), lambda a: a.transpose(0, 2, 1)),
    ("reshape", lambda x: ops.reshape(x, (6, -1)), lambda a: a.reshape(6, -1)),
    ("mean", lambda x: ops.mean(x, 1), lambda a: a.mean(1)),
    ("matmul", lambda x: ops.matmul(x, ops.transpose(x, (0, 2, 1))), lambda a: a @ a.transpose(0, 2, 1)),
    ("concat", lambda x: ops.concat((x, x), 1), lambda a: np.concatenate((a, a), 1)),
    ("split", lambda x: ops.split(x, 2, 2)[1], lambda a: a[:, :, 2:]),
    ("softmax", lambda x: ops.softmax(x, -1), lambda a: np.exp(a - a.max(-1, keepdims=True)) /
     np.exp(a - a.max(-1, keepdims=True)).sum(-1, keepdims=True)),
]


@pytest.mark.parametrize("name,call,expected", _CALLS, ids=[c[0] for c in _CALLS])
def test_hot_op_matches_numpy_without_subclass_dispatch(monkeypatch, name, call, expected):
    calls = record_torch_function(monkeypatch)
    x = _x()
    out = call(x)
    assert calls == [], calls
    assert type(out) is Tensor
    np.testing.assert_allclose(out.asnumpy(), expected(x.asnumpy()), rtol=1e-6)


@pytest.mark.parametrize("call,error", [
    (lambda x: ops.transpose(x, (0, 0, 1)), ValueError),   # not a permutation
    (lambda x: ops.transpose(x, (0, 1)), ValueError),      # wrong length
    (lambda x: ops.transpose(x, (True, 0, 1)), TypeError),  # bool axis (torch would take it as 1)
    (lambda x: ops.reshape(x, (5, 5)), ValueError),        # does not fit
    (lambda x: ops.concat((x, x.astype(ms.int32)), 0), RuntimeError),  # float with int: MindSpore refuses
])
def test_bad_input_raises_mindspores_error(call, error):
    with pytest.raises(error):
        call(_x())


def test_a_callers_torch_tensor_is_not_reclassed():
    t = torch.ones(2, 3)
    out = ops.cast(t, ms.float32)  # `to` the same dtype returns its input
    assert type(t) is torch.Tensor
    assert type(out) is Tensor and out.shape == (2, 3)


def test_gradients_flow_through_plain_ops():
    x = Tensor(np.random.default_rng(0).standard_normal((2, 3)).astype(np.float32))
    grad = ms.grad(lambda a: ops.sum(ops.mean(ops.reshape(ops.transpose(a, (1, 0)), (6,)) * 2.0, 0)))(x)
    np.testing.assert_allclose(grad.asnumpy(), np.full((2, 3), 2.0 / 6, np.float32), rtol=1e-6)


def test_hot_operators_skip_subclass_dispatch(monkeypatch):
    a = _x()
    w = ms.Parameter(Tensor(np.ones((4, 2), np.float32)), name="w")
    calls = record_torch_function(monkeypatch)
    out = ((a + 1.0) * a - a[0]) @ w
    assert calls == [], calls
    assert type(out) is Tensor and type(a[0]) is Tensor and type(a + w[:, 0]) is Tensor
    x = a.asnumpy()
    np.testing.assert_allclose(out.asnumpy(), ((x + 1.0) * x - x[0]) @ np.ones((4, 2), np.float32), rtol=1e-6)


@pytest.mark.parametrize("call,error", [
    (lambda a: a + Tensor(np.ones((4, 5), np.float32)), ValueError),  # MindSpore: "need to broadcast"
    (lambda a: a[0] @ Tensor(np.ones((3, 4), np.float32)), RuntimeError),
    (lambda a: a[5], IndexError),
    (lambda a: a - "x", TypeError),
    (lambda a: a * [1, 2, 3, 4], TypeError),  # MindSpore's Mul takes no list
])
def test_operator_errors_are_mindspores(call, error):
    with pytest.raises(error):
        call(_x())


def test_operators_with_a_torch_tensor_and_reflected():
    a, t = _x(), torch.ones(4)
    for out in (a + t, t + a, 1.0 - a, 2 * a, a.sum() * 2):
        assert type(out) is Tensor
    np.testing.assert_array_equal((t + a).asnumpy(), a.asnumpy() + 1.0)
    assert type(t) is torch.Tensor
