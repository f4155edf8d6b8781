"""bfloat16 mixed precision on CPU (MindSpore 2.10's CPU backend has no bfloat16 MatMul, so no golden)."""
import numpy as np

import mindshim as ms
from mindshim import Tensor, amp, nn


def _net():
    net = nn.SequentialCell([nn.Dense(4, 6), nn.BatchNorm1d(6), nn.ReLU(), nn.Dense(6, 3)])
    rng = np.random.RandomState(0)
    for p in net.trainable_params():
        p.set_data(Tensor((rng.randn(*p.shape) * 0.5).astype(np.float32)))
    return net.set_train(False)


def test_o2_bfloat16_casts_like_o2_and_stays_close_to_float32():
    x = Tensor(np.random.RandomState(1).randn(5, 4).astype(np.float32))
    reference = _net()(x).asnumpy()
    net = amp.auto_mixed_precision(_net(), "O2", dtype=ms.bfloat16)
    assert net[0].weight.dtype == ms.float32  # Parameters keep float32 storage, as in MindSpore
    a = net[0](x)
    assert a.dtype == ms.bfloat16 and net[1](a).dtype == ms.bfloat16  # BatchNorm runs in fp32, output cast to bf16
    out = net(x)
    assert out.dtype == ms.float32  # network output cast back
    np.testing.assert_allclose(out.asnumpy(), reference, rtol=3e-2, atol=3e-2)


def test_to_float_bfloat16_output_stays_bfloat16():
    net = _net()
    net[3].to_float(ms.bfloat16)
    assert net(Tensor(np.ones((2, 4), np.float32))).dtype == ms.bfloat16
