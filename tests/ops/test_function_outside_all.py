"""`ops.functional.argmax_ext/uniform_ext` and `ops.function.remainder_ext`: MindSpore 2.10 binds them outside
`__all__` but its CPU build has no kernel for them (ArgMaxExt, UniformExt, RemainderTensorScalar), so they are
checked here against the mint functions they are the kernels of, not by parity."""
import numpy as np

import mindshim as ms
import mindshim.ops.function as OF
import mindshim.ops.functional as F
from mindshim import mint


def _x() -> ms.Tensor:
    return ms.Tensor(np.array([[1.0, -3.5, 2.0], [-7.0, 4.0, 0.5]], np.float32))


def test_argmax_ext_matches_mint_argmax():
    x = _x()
    assert F.argmax_ext(x).asnumpy() == 4
    np.testing.assert_array_equal(F.argmax_ext(x, 1).asnumpy(), [2, 1])
    assert F.argmax_ext(x, 0, keepdim=True).shape == (1, 3)
    np.testing.assert_array_equal(F.argmax_ext(x, -1).asnumpy(), mint.argmax(x, -1).asnumpy())


def test_uniform_ext_draws_a_new_tensor_in_range():
    x = _x()
    gen = ms.Generator()
    gen.manual_seed(5)
    u = F.uniform_ext(x, -2.0, -1.0, generator=gen)
    assert u.shape == x.shape and u.dtype == ms.float32
    assert ((u >= -2.0) & (u < -1.0)).all()
    np.testing.assert_array_equal(x.asnumpy(), _x().asnumpy())  # the input is left as it was
    gen.manual_seed(5)
    np.testing.assert_array_equal(F.uniform_ext(x, -2.0, -1.0, generator=gen).asnumpy(), u.asnumpy())


def test_remainder_ext_takes_the_divisor_sign():
    np.testing.assert_allclose(OF.remainder_ext(_x(), 3.0).asnumpy(), [[1.0, 2.5, 2.0], [2.0, 1.0, 0.5]])
    np.testing.assert_allclose(OF.remainder_ext(_x(), -3.0).asnumpy(), [[-2.0, -0.5, -1.0], [-1.0, -2.0, -2.5]])
