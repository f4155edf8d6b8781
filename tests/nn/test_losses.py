"""nn losses: LossBase subclassing and defaults that differ from torch."""
import numpy as np
import pytest

from mindshim import Tensor, nn


def _x(*shape, seed=0):
    return Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32))


def test_user_lossbase_subclass_runs_with_mindspore_semantics():
    class MyLoss(nn.LossBase):
        def construct(self, logits, labels):
            assert type(logits.shape) is tuple  # MindSpore semantics inside user code
            return self.get_loss((logits - labels).abs())

    assert MyLoss._fast is False
    x, y = _x(3, 4), _x(3, 4, seed=1)
    np.testing.assert_allclose(MyLoss()(x, y).asnumpy(), np.abs(x.asnumpy() - y.asnumpy()).mean(), rtol=1e-6)
    assert MyLoss("sum")(x, y).shape == ()
    assert MyLoss("none")(x, y).shape == (3, 4)


def test_builtin_losses_are_fast_and_return_tensors():
    out = nn.MSELoss()(_x(2, 2), _x(2, 2, seed=1))
    assert type(out) is Tensor and nn.MSELoss._fast is True


def test_defaults_that_differ_from_torch():
    logits = _x(4, 3)
    labels = Tensor(np.array([0, 2, 1, 1], np.int32))
    assert nn.SoftmaxCrossEntropyWithLogits(sparse=True)(logits, labels).shape == (4,)  # reduction='none'
    assert nn.SmoothL1Loss()(_x(2, 3), _x(2, 3, seed=1)).shape == (2, 3)  # reduction='none'
    assert nn.CrossEntropyLoss()(logits, labels).shape == ()


def test_get_loss_keeps_input_dtype_and_applies_weights():
    loss = nn.L1Loss()
    x = Tensor(np.array([[1.0, 2.0]], np.float16))
    assert loss.get_loss(x).dtype == x.dtype
    np.testing.assert_allclose(loss.get_loss(Tensor(np.array([1.0, 3.0], np.float32)),
                                            Tensor(np.array([2.0, 0.0], np.float32))).asnumpy(), 1.0)


def test_bad_reduction_raises_value_error():
    with pytest.raises(ValueError, match="reduction"):
        nn.MSELoss(reduction="avg")
