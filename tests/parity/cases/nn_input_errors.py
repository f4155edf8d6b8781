"""Parity cases for the exception type a bad input raises: built-in layers (shape inference: ValueError for a
wrong rank or feature count, TypeError for a wrong dtype, RuntimeError for Conv's channel count) and a few ops
(concat of different ranks, softmax of integers, loss shape/dtype mismatches)."""
import numpy as np

from mindspore import Tensor, nn, ops
from parity_ops_common import outcome as _o  # registered by the parity loader


def _x():
    return Tensor(np.ones((2, 3), np.float32))


def case_layer_input_errors():
    img = Tensor(np.ones((1, 3, 5, 5), np.float32))
    return {
        "dense_features": _o(lambda: nn.Dense(4, 2)(_x())),
        "dense_int_input": _o(lambda: nn.Dense(3, 2)(Tensor(np.ones((2, 3), np.int32)))),
        "conv_rank": _o(lambda: nn.Conv2d(3, 4, 3)(_x())),
        "conv_channels": _o(lambda: nn.Conv2d(4, 4, 3)(img)),
        "batchnorm_channels": _o(lambda: nn.BatchNorm2d(4)(img)),
        "maxpool_rank": _o(lambda: nn.MaxPool2d(2)(_x())),
        "flatten_scalar": _o(lambda: nn.Flatten()(Tensor(1.0))),
        "lstm_rank": _o(lambda: nn.LSTM(3, 4)(_x())),
        "dense_ok": _o(lambda: nn.Dense(3, 2, weight_init="ones", bias_init="zeros")(_x())),
    }


def case_op_and_loss_input_errors():
    x = _x()
    return {
        "concat_ranks": _o(lambda: ops.concat((x, Tensor(np.ones((3,), np.float32))))),
        "softmax_int": _o(lambda: ops.softmax(Tensor(np.ones(3, np.int32)))),
        "matmul_shapes": _o(lambda: ops.matmul(x, x)),
        "mse_shapes": _o(lambda: nn.MSELoss()(x, Tensor(np.ones((3, 2), np.float32)))),
        "sparse_ce_float_labels": _o(lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(
            x, Tensor(np.ones((2,), np.float32)))),
        "add_broadcast": _o(lambda: x + Tensor(np.ones((4,), np.float32))),
        "reshape_size": _o(lambda: ops.reshape(x, (4, 2))),
    }
