"""Parity cases for class indices out of range: OneHot's all-off rows, Embedding's Gather refusing ids outside
[0, vocab), cross_entropy / nll_loss gathering targets in [-C, C) (negative ones wrap, ignore_index passes),
and SoftmaxCrossEntropyWithLogits(sparse=True): its mean runs the sparse kernel (a negative label or one above
the class count is an error), 'none' and 'sum' one-hot the labels (an out-of-range label loses -0.0)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.ops import operations as P
from parity_ops_common import outcome as _o  # registered by the parity loader


def _logits():
    return Tensor(np.array([[1.0, 2.0, 0.5], [0.3, 0.1, 0.2], [2.0, 1.0, 0.0]], np.float32))


def case_one_hot_out_of_range():
    idx = Tensor(np.array([-1, 0, 3, 4, 9], np.int32))
    on, off = Tensor(5.0, ms.float32), Tensor(-1.0, ms.float32)
    return {
        "ops": _o(lambda: ops.one_hot(idx, 4, on, off)),
        "axis0_int64": _o(lambda: ops.one_hot(Tensor(np.array([[1, -2]], np.int64)), 3, Tensor(1.0), Tensor(0.0),
                                              axis=0)),
        "primitive": _o(lambda: P.OneHot()(idx, 4, on, off)),
        "depth_negative": _o(lambda: ops.one_hot(idx, -1, on, off)),
        "depth_zero": _o(lambda: ops.one_hot(idx, 0, on, off)),
    }


def case_embedding_ids_out_of_range():
    emb = nn.Embedding(4, 2)
    emb.embedding_table.set_data(Tensor(np.arange(8, dtype=np.float32).reshape(4, 2)))
    return {
        "valid": _o(lambda: emb(Tensor(np.array([[1, 3], [0, 2]], np.int32)))),
        "too_large": _o(lambda: emb(Tensor(np.array([[1, 7]], np.int32)))),
        "negative": _o(lambda: emb(Tensor(np.array([[1, -1]], np.int32)))),
    }


def case_cross_entropy_targets():
    x = _logits()

    def ce(t, **kw):
        return _o(lambda: ops.cross_entropy(x, Tensor(np.array(t, np.int32)), **kw))
    return {
        "wrap_mean": ce([0, -1, 2]),
        "wrap_none": ce([0, -1, 2], reduction="none"),
        "ignore_and_wrap_mean": ce([0, -100, -3]),
        "ignore_and_wrap_none": ce([0, -100, -3], reduction="none"),
        "custom_ignore": ce([0, 3, 2], ignore_index=3),
        "below_range": ce([0, -4, 2]),
        "above_range": ce([0, 5, 2]),
        "loss_cell_above_range": _o(lambda: nn.CrossEntropyLoss()(x, Tensor(np.array([0, 7, 1], np.int32)))),
        "nll_wrap_weighted": _o(lambda: ops.nll_loss(x, Tensor(np.array([0, -1, 2], np.int32)),
                                                     weight=Tensor(np.array([1.0, 2.0, 3.0], np.float32)))),
        "nll_above_range": _o(lambda: ops.nll_loss(x, Tensor(np.array([0, 3, 2], np.int32)))),
    }


def case_sparse_softmax_cross_entropy_labels():
    x = _logits()
    out = {}
    for reduction in ("none", "sum"):
        for name, labels in (("negative", [0, -1, -7]), ("class_count", [0, 3, 2]), ("above", [0, 9, 2]),
                             ("valid", [0, 1, 2])):
            loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction=reduction)
            out[f"{reduction}_{name}"] = _o(lambda: loss(x, Tensor(np.array(labels, np.int32))))
    mean = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    out["mean_negative"] = _o(lambda: mean(x, Tensor(np.array([0, -1, 2], np.int32))))
    out["mean_above"] = _o(lambda: mean(x, Tensor(np.array([0, 5, 2], np.int32))))
    out["mean_valid"] = _o(lambda: mean(x, Tensor(np.array([0, 1, 2], np.int32))))
    return out
