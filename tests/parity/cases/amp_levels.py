"""Mixed precision: which cells run in float16 and where outputs are cast back (dtypes of intermediate
outputs), for to_float and auto_mixed_precision O1/O2/O3, with values to float16 tolerance."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, amp, nn

TOLERANCES = {
    "auto_mixed_precision_o2": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul accumulation order differs"},
    "auto_mixed_precision_o3": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul accumulation order differs"},
    "auto_mixed_precision_o1": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul accumulation order differs"},
    "to_float_sub_cell": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul accumulation order differs"},
}


class _Probe(nn.Cell):
    def __init__(self):
        super().__init__()
        rng = np.random.RandomState(0)
        self.fc1 = nn.Dense(4, 6)
        self.bn = nn.BatchNorm1d(6)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(6, 3)
        for p in (self.fc1.weight, self.fc1.bias, self.fc2.weight, self.fc2.bias):
            p.set_data(Tensor((rng.randn(*p.shape) * 0.5).astype(np.float32)))

    def construct(self, x):
        a = self.fc1(x)
        b = self.bn(a)
        c = self.relu(b)
        d = self.fc2(c)
        return a, b, c, d


def _x():
    return Tensor(np.random.RandomState(1).randn(5, 4).astype(np.float32))


def _record(outs):
    return {"dtypes": [str(o.dtype) for o in outs], "values": [o.astype(ms.float32).asnumpy() for o in outs]}


def case_auto_mixed_precision_o2():
    net = amp.auto_mixed_precision(_Probe(), "O2")
    net.set_train(False)
    return _record(net(_x()))


def case_auto_mixed_precision_o3():
    net = amp.auto_mixed_precision(_Probe(), "O3")
    net.set_train(False)
    return _record(net(_x()))


def case_auto_mixed_precision_o1():
    net = amp.auto_mixed_precision(_Probe(), "O1")
    net.set_train(False)
    return _record(net(_x()))


def case_to_float_sub_cell():
    net = _Probe()
    net.fc2.to_float(ms.float16)
    net.set_train(False)
    return _record(net(_x()))

