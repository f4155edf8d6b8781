"""Negative-step slices read and write as numpy does (MindSpore 2.10 reads the simple cases right, which parity
covers in common_probe_fixes; its writes and start-past-the-end reads are wrong, so numpy is the reference)."""
import numpy as np
import pytest
import torch

import mindshim as ms
from mindshim import Tensor

_A = np.arange(24).reshape(2, 3, 4).astype(np.float32)
KEYS = [(slice(None), slice(None, None, -1)), (1, slice(5, None, -1)), (slice(None, None, -1), 1, slice(None, None, -2)),
        (Ellipsis, slice(3, 0, -2)), (None, slice(None, None, -1), slice(None), -1), slice(-1, -10, -2),
        (slice(None), slice(0, 2, -1)), (0, slice(None, None, -3), slice(1, None, -1))]


@pytest.mark.parametrize("key", KEYS, ids=str)
def test_read_matches_numpy(key):
    np.testing.assert_array_equal(Tensor(_A)[key].asnumpy(), _A[key])


@pytest.mark.parametrize("key", KEYS, ids=str)
def test_write_matches_numpy(key):
    expected = _A.copy()
    value = np.arange(expected[key].size, dtype=np.float32).reshape(expected[key].shape) + 100
    expected[key] = value
    t = Tensor(_A.copy())
    t[key] = Tensor(value)
    np.testing.assert_array_equal(t.asnumpy(), expected)


def test_write_of_a_broadcast_value_and_a_number():
    expected = _A.copy()
    expected[:, ::-1] = np.arange(3, dtype=np.float32).reshape(3, 1)
    expected[0, ::-2, 1] = 7.0
    t = Tensor(_A.copy())
    t[:, ::-1] = Tensor(np.arange(3, dtype=np.float32).reshape(3, 1))
    t[0, ::-2, 1] = 7.0
    np.testing.assert_array_equal(t.asnumpy(), expected)


def test_parameter_write_and_gradient():
    p = ms.Parameter(Tensor(_A.copy()), name="p")
    p[..., ::-1] = Tensor(np.arange(4, dtype=np.float32))
    np.testing.assert_array_equal(p.asnumpy()[0, 0], [3, 2, 1, 0])
    weights = Tensor(np.arange(3, dtype=np.float32).reshape(1, 3, 1))
    grad = ms.grad(lambda t: (t[:, ::-1] * weights).sum())(Tensor(_A))
    np.testing.assert_array_equal(grad.asnumpy()[0, :, 0], [2, 1, 0])


def test_advanced_index_with_negative_step_is_refused():
    with pytest.raises(ValueError):
        Tensor(_A)[[1, 0], ::-1]
    assert isinstance(Tensor(_A)[:, ::-1], Tensor) and type(Tensor(_A)[::-1]) is not torch.Tensor
