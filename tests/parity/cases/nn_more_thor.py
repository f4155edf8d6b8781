"""Parity cases for the THOR layers MindSpore runs on CPU (DenseThor, EmbeddingThor, EmbeddingLookupThor): outputs,
gradients, parameter names and the second-order statistics they record."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops
from parity_ops_common import error_name

COMPILED_PASS = False


def _f(shape, seed=0):
    return np.random.RandomState(seed).randn(*shape).astype(np.float32)


def _d(t):
    if isinstance(t, (tuple, list)):
        return [_d(i) for i in t]
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def case_dense_thor():
    net = nn.DenseThor(3, 2, weight_init=Tensor(_f((2, 3), 1)), bias_init=Tensor(_f((2,), 2)), activation="relu")
    x = Tensor(_f((4, 3), 3))
    out = net(x)
    a_after_forward = net.matrix_a.asnumpy()
    w = Tensor(_f((4, 2), 4))
    gx = ops.grad(lambda v: (net(v) * w).sum())(x)
    return {"names": [n for n, _ in net.parameters_and_names()],
            "trainable": [p.name for p in net.trainable_params()], "out": _d(out), "grad": _d(gx),
            "matrix_a": a_after_forward, "matrix_g": net.matrix_g.asnumpy()}


def case_dense_thor_off():
    net = nn.DenseThor(3, 2, weight_init=Tensor(_f((2, 3), 5)), has_bias=False)
    net.thor = False
    out = net(Tensor(_f((2, 3), 6)))
    return {"names": [n for n, _ in net.parameters_and_names()], "out": _d(out), "matrix_a": net.matrix_a.asnumpy()}


def case_dense_thor_bad_weight():
    return error_name(lambda: nn.DenseThor(3, 2, weight_init=Tensor(_f((3, 2), 1))))


def case_embedding_thor():
    net = nn.EmbeddingThor(5, 3, embedding_table=Tensor(_f((5, 3), 7)))
    ids = Tensor(np.array([[1, 2], [2, 4]], np.int32))
    out = net(ids)
    a = net.matrix_a.asnumpy()
    w = Tensor(_f((2, 2, 3), 8))
    g = ops.grad(lambda: (net(ids) * w).sum(), None, net.trainable_params())()
    hot = nn.EmbeddingThor(5, 3, use_one_hot=True, embedding_table=Tensor(_f((5, 3), 7)))
    return {"names": [n for n, _ in net.parameters_and_names()], "out": _d(out), "matrix_a": a,
            "grad": _d(g), "matrix_g": net.matrix_g.asnumpy(), "one_hot": _d(hot(ids)),
            "one_hot_a": hot.matrix_a.asnumpy()}


def case_embedding_thor_padding_idx():
    pad = nn.EmbeddingThor(5, 3, padding_idx=2)
    return {"pad_row": pad.embedding_table.asnumpy()[2], "shape": list(pad.embedding_table.shape)}


def case_embedding_thor_out_of_range():
    net = nn.EmbeddingThor(4, 2)
    return error_name(lambda: net(Tensor(np.array([1, 5], np.int32))))


def case_embedding_lookup_thor():
    tab = Tensor(_f((5, 3), 9).astype(np.float16))
    cpu = nn.EmbeddingLookupThor(5, 3, param_init=tab)
    dev = nn.EmbeddingLookupThor(5, 3, param_init=tab, target="DEVICE", sparse=False)
    ids = Tensor(np.array([[0, 4], [2, 7]], np.int32))
    ok = Tensor(np.array([[0, 4], [2, 2]], np.int32))
    out_cpu = cpu(ids)
    out_dev = dev(ok)
    return {"names": [n for n, _ in cpu.parameters_and_names()], "table_dtype": str(cpu.embedding_table.dtype),
            "cpu": _d(out_cpu), "cpu_a": cpu.matrix_a.asnumpy(), "dev": _d(out_dev), "dev_a": dev.matrix_a.asnumpy()}


def case_embedding_lookup_thor_bad_target():
    return error_name(lambda: nn.EmbeddingLookupThor(5, 3, target="GPU"))
