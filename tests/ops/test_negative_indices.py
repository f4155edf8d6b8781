"""Negative indices of the `*_ext` gather/scatter family count from the end (checked and wrapped on the host), and
an index past either end raises before any kernel runs."""
import numpy as np
import pytest
import torch

import mindshim as ms
from mindshim import mint


def test_scatter_and_scatter_add_wrap_negative_indices():
    x = ms.Tensor(np.zeros((2, 3), np.float32))
    src = ms.Tensor(np.ones((2, 1), np.float32))
    idx = ms.Tensor(np.array([[-1], [-3]], np.int64))
    expected = torch.zeros(2, 3).scatter(1, torch.tensor([[2], [0]]), torch.ones(2, 1))
    assert np.array_equal(mint.scatter(x, 1, idx, src).asnumpy(), expected.numpy())
    assert np.array_equal(mint.scatter_add(x, 1, idx, src).asnumpy(), expected.numpy())


def test_index_past_either_end_raises_runtime_error():
    x = ms.Tensor(np.zeros((2, 3), np.float32))
    src = ms.Tensor(np.ones((2, 1), np.float32))
    for bad in (3, -4):
        with pytest.raises(RuntimeError, match="out of range"):
            mint.scatter(x, 1, ms.Tensor(np.array([[bad], [0]], np.int64)), src)
