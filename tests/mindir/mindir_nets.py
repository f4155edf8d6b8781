"""The MindIR acceptance networks, written against MindSpore's API.

Imported by the tests (mindshim through the alias) and by tools/make_mindir_fixtures.py (real MindSpore 2.10), so
both sides build the same networks with the same fixed weights and inputs.
"""
import numpy as np

import mindspore as ms
from mindspore import nn, ops


class VisionNet(nn.Cell):
    """Conv2d (valid and same), BatchNorm2d, ReLU, GELU, MaxPool2d, Flatten, Dense, Softmax."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 4, 3, pad_mode="valid", has_bias=True)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU()
        self.conv2 = nn.Conv2d(4, 6, 3, pad_mode="same")
        self.gelu = nn.GELU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(6 * 3 * 3, 5)
        self.softmax = nn.Softmax()

    def construct(self, x):
        x = self.relu(self.bn(self.conv1(x)))
        x = self.pool(self.gelu(self.conv2(x)))
        return self.softmax(self.fc(self.flatten(x)))


class EncoderLayer(nn.Cell):
    """A small pre-norm Transformer encoder layer: LayerNorm, MatMul, Softmax, GELU, Add, Reshape/Transpose."""

    def __init__(self, d=8, heads=2, ff=16):
        super().__init__()
        self.heads, self.dh = heads, d // heads
        self.ln1 = nn.LayerNorm((d,))
        self.ln2 = nn.LayerNorm((d,))
        self.q = nn.Dense(d, d)
        self.k = nn.Dense(d, d)
        self.v = nn.Dense(d, d)
        self.o = nn.Dense(d, d)
        self.fc1 = nn.Dense(d, ff)
        self.fc2 = nn.Dense(ff, d)
        self.gelu = nn.GELU()
        self.softmax = nn.Softmax(-1)

    def split(self, t, b, s):
        return ops.transpose(ops.reshape(t, (b, s, self.heads, self.dh)), (0, 2, 1, 3))

    def construct(self, x):
        b, s, d = x.shape
        y = self.ln1(x)
        q, k, v = self.split(self.q(y), b, s), self.split(self.k(y), b, s), self.split(self.v(y), b, s)
        att = self.softmax(ops.matmul(q, ops.transpose(k, (0, 1, 3, 2))) * 0.5)
        z = ops.reshape(ops.transpose(ops.matmul(att, v), (0, 2, 1, 3)), (b, s, d))
        x = x + self.o(z)
        return x + self.fc2(self.gelu(self.fc1(self.ln2(x))))


class MiscNet(nn.Cell):
    """More importer coverage: Embedding (Gather), AvgPool2d, Conv2d pad_mode='pad', Sigmoid/Tanh, a constant
    tensor, scalar Div/Mul, exact GELU (Erf) and two outputs."""

    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(10, 6)
        self.pool = nn.AvgPool2d(2, 2)
        self.conv = nn.Conv2d(1, 2, 3, pad_mode="pad", padding=1, has_bias=True)
        self.shift = ms.Tensor(np.arange(6, dtype=np.float32) / 6)
        self.gelu = nn.GELU(approximate=False)

    def construct(self, ids, img):
        e = self.emb(ids)
        e = (ops.sigmoid(e) + ops.tanh(e) - self.shift) / 2.0
        return self.gelu(e), ops.flatten(self.pool(self.conv(img))) * 3


class StridedNet(nn.Cell):
    """Strided same-padding conv, asymmetric pad-mode conv, residual add, same-padded MaxPool2d/AvgPool2d,
    Dropout (inference), Dense with activations, scalar arithmetic and exp."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 4, 3, stride=2, pad_mode="same", has_bias=True)
        self.conv2 = nn.Conv2d(4, 4, (3, 1), pad_mode="pad", padding=(1, 1, 0, 0))
        self.maxpool = nn.MaxPool2d(3, 2, pad_mode="same")
        self.avgpool = nn.AvgPool2d(2, 1, pad_mode="same")
        self.fc1 = nn.Dense(4 * 3 * 3, 6, activation="relu")
        self.fc2 = nn.Dense(6, 3, activation=nn.Sigmoid())
        self.dropout = nn.Dropout(p=0.3)

    def construct(self, x):
        y = self.conv1(x)
        y = self.conv2(y) + y
        y = self.avgpool(self.maxpool(y))
        y = self.dropout(ops.reshape(y, (y.shape[0], -1)))
        y = self.fc2(self.fc1(y))
        return y * 2 - ops.exp(-y) / 3


class NormNet(nn.Cell):
    """Grouped dilated conv, BatchNorm1d, a SequentialCell with exact GELU, LayerNorm over two axes, Embedding,
    softmax, sqrt/abs and two outputs."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 4, 3, pad_mode="valid", group=2, dilation=2)
        self.fc = nn.Dense(4 * 3 * 3, 6)
        self.bn = nn.BatchNorm1d(6)
        self.seq = nn.SequentialCell([nn.Dense(6, 7), nn.GELU(approximate=False), nn.Dense(7, 6, has_bias=False)])
        self.ln = nn.LayerNorm((4, 6), begin_norm_axis=1, begin_params_axis=1)
        self.emb = nn.Embedding(20, 6)

    def construct(self, img, ids):
        y = ops.relu(self.bn(self.fc(ops.flatten(self.conv(img)))))
        e = self.emb(ids) + ops.reshape(y, (2, 1, 6))
        return ops.softmax(self.ln(self.seq(e)), axis=1), ops.sqrt(ops.abs(e))


class ReduceNet(nn.Cell):
    """concat, mean/sum over axes, squeeze/expand_dims, casts, AdaptiveAvgPool2d, maximum, log_softmax, pow."""

    def __init__(self):
        super().__init__()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.conv = nn.Conv2d(4, 4, 1, has_bias=True)

    def construct(self, x, y):
        a = self.conv(ops.cat((x, y), 1))
        s = ops.squeeze(ops.mean(a, (2, 3), keep_dims=True), (2, 3))
        c = ops.expand_dims(s, 0).astype(ms.float16).astype(ms.float32)
        q = ops.flatten(self.pool(a))
        k = ops.sum(a, (2, 3)) + ops.maximum(q, 0.0)
        return c, q, k, ops.log_softmax(s, -1), ops.pow(s, 2)


def TransformerLayer():
    """MindSpore's own nn.TransformerEncoderLayer (multi-head attention, norm first, GELU feed-forward)."""
    return nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, batch_first=True, activation="gelu",
                                      norm_first=True)


NETS = {"vision": VisionNet, "encoder": EncoderLayer, "misc": MiscNet, "strided": StridedNet, "norm": NormNet,
        "reduce": ReduceNet, "transformer": TransformerLayer}


def fixed_net(name):
    """The network with weights drawn from a fixed seed, in parameter-name order, in inference mode."""
    net = NETS[name]()
    rng = np.random.RandomState(7)
    for p in sorted(net.get_parameters(), key=lambda q: q.name):
        arr = rng.standard_normal(p.shape).astype(np.float32) * 0.3
        if p.name.endswith("moving_variance"):
            arr = np.abs(arr) + 0.5
        p.set_data(ms.Tensor(arr))
    net.set_train(False)
    return net


def inputs(name):
    rng = np.random.RandomState(11)
    if name == "vision":
        return (ms.Tensor(rng.standard_normal((2, 3, 8, 8)).astype(np.float32)),)
    if name == "encoder":
        return (ms.Tensor(rng.standard_normal((2, 3, 8)).astype(np.float32)),)
    if name == "reduce":
        return (ms.Tensor(rng.standard_normal((2, 3, 4, 4)).astype(np.float32)),
                ms.Tensor(rng.standard_normal((2, 1, 4, 4)).astype(np.float32)))
    if name == "transformer":
        return (ms.Tensor(rng.standard_normal((2, 3, 8)).astype(np.float32)),)
    if name == "strided":
        return (ms.Tensor(rng.standard_normal((2, 3, 9, 9)).astype(np.float32)),)
    if name == "norm":
        ids = ms.Tensor(rng.randint(0, 20, (2, 4)).astype(np.int32))
        return ms.Tensor(rng.standard_normal((2, 4, 7, 7)).astype(np.float32)), ids
    ids = ms.Tensor(np.array([[1, 2, 3], [4, 5, 9]], np.int32))
    return ids, ms.Tensor(rng.standard_normal((2, 1, 4, 4)).astype(np.float32))


def as_list(out):
    return [o.asnumpy() for o in out] if isinstance(out, (tuple, list)) else [out.asnumpy()]
