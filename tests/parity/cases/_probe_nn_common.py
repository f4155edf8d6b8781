"""Helpers shared by the nn_probe* parity case files (the loader registers this file as `parity_probe_nn_common`,
after `parity_ops_common`, which it uses)."""
import numpy as np

from mindspore import Tensor, nn
from parity_ops_common import flush


def _err(fn):
    """The exception type `fn()` raises (a kernel's error is read at the sync), or "no error"."""
    flush()
    try:
        out = fn()
        if isinstance(out, Tensor):
            out.asnumpy()
    except Exception as e:  # noqa: BLE001 - the type is the result
        flush()
        return type(e).__name__
    return "no error"


def _x(*shape, seed=0):
    return Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32))


def _names(cell):
    return [p.name for p in cell.get_parameters()]


def _keys(cell):
    return [n for n, _ in cell.parameters_and_names()]


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, has_bias=True)
        self.bn = nn.BatchNorm2d(2)
        self.flat = nn.Flatten()
        self.dense = nn.Dense(2 * 4 * 4, 3)

    def construct(self, x):
        return self.dense(self.flat(self.bn(self.conv(x))))


class _Small(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
        self.act = nn.ReLU()

    def construct(self, x):
        return self.act(self.fc(x))
