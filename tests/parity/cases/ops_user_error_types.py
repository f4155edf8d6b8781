"""Parity of the exception types user mistakes raise (what `pytest.raises` in a MindSpore test checks): layer input
shapes, loss label dtypes/shapes, creation with a negative dimension, mixed dtypes in concat/stack, float one_hot
indices, ragged nested lists, and the values where MindSpore's CPU kernels accept an input (ReLU of bools)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, nn, ops

COMPILED_PASS = False  # argument and shape errors: raised before anything is compiled


def _x():
    return Tensor(np.ones((2, 3), np.float32))


def _call(fn):
    try:  # (MindSpore may raise a kernel's error when the value is read: asnumpy() inside the try)
        r = fn()
        return {"shape": list(r.shape), "dtype": str(r.dtype), "value": r.asnumpy()}
    except Exception as exc:  # noqa: BLE001 - the error type is the result
        return {"error": type(exc).__name__}


def case_layer_input_errors():
    img = Tensor(np.ones((1, 3, 5, 5), np.float32))
    return {"dense": _call(lambda: nn.Dense(4, 2)(_x())),
            "conv_channels": _call(lambda: nn.Conv2d(4, 2, 3)(img)),
            "conv_rank": _call(lambda: nn.Conv2d(3, 2, 3)(Tensor(np.ones((3, 5, 5), np.float32)))),
            "batchnorm_channels": _call(lambda: nn.BatchNorm2d(4)(Tensor(np.ones((2, 3, 5, 5), np.float32)))),
            "lstm_input_size": _call(lambda: nn.LSTM(4, 2)(Tensor(np.ones((1, 2, 3), np.float32)))),
            "maxpool_rank": _call(lambda: nn.MaxPool2d(2)(_x())),
            "flatten_0d": _call(lambda: nn.Flatten()(Tensor(1.)))}


def case_loss_input_errors():
    x = _x()
    return {"sparse_float_label": _call(lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(
                x, Tensor(np.array([0., 1.], np.float32)))),
            "sparse_label_shape": _call(lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(
                x, Tensor(np.array([0, 1, 2], np.int32)))),
            "dense_label_shape": _call(lambda: nn.SoftmaxCrossEntropyWithLogits()(x, Tensor(np.ones((2, 4),
                                                                                                   np.float32)))),
            "mse_shape": _call(lambda: nn.MSELoss()(x, Tensor(np.ones((3, 2), np.float32)))),
            "mse_broadcast": _call(lambda: nn.MSELoss()(x, Tensor(np.ones((1, 3), np.float32))))}


def case_op_argument_errors():
    x = _x()
    return {"matmul": _call(lambda: ops.matmul(x, x)),
            "add_broadcast": _call(lambda: x + Tensor(np.ones((3, 2), np.float32))),
            "reshape": _call(lambda: x.reshape(4, 2)),
            "concat_shapes": _call(lambda: ops.concat((x, Tensor(np.ones((2, 4), np.float32))), 0)),
            "stack_dtypes": _call(lambda: ops.stack((x, Tensor(np.ones((2, 3), np.int32))))),
            "squeeze_non_one": _call(lambda: ops.squeeze(x, 0)),
            "transpose_repeated": _call(lambda: ops.transpose(x, (0, 0))),
            "one_hot_float_indices": _call(lambda: ops.one_hot(Tensor([0.5]), 3, Tensor(1.), Tensor(0.))),
            "one_hot_int_indices": _call(lambda: ops.one_hot(Tensor(np.array([0, 2], np.int32)), 3, Tensor(1.),
                                                             Tensor(0.))),
            "softmax_int": _call(lambda: ops.softmax(Tensor([1, 2]))),
            "log_int": _call(lambda: ops.log(Tensor([1, 2]))),
            "sum_axis_range": _call(lambda: x.sum(axis=5)),
            "cast_str_dtype": _call(lambda: ops.cast(x, "float32")),
            "relu_bool": _call(lambda: ops.relu(Tensor([True, False]))),
            "relu_int": _call(lambda: ops.relu(Tensor([-1, 2])))}


def case_creation_errors():
    return {"zeros_negative": _call(lambda: ops.zeros((2, -1))),
            "ones_negative": _call(lambda: ops.ones((2, -1))),
            "fill_negative": _call(lambda: ops.fill(ms.float32, (2, -1), 1)),
            "full_negative": _call(lambda: ops.full((2, -1), 1)),
            "zeros_float_dim": _call(lambda: ops.zeros((2, 1.5))),
            "zeros_ok": _call(lambda: ops.zeros((2, 0))),
            "tensor_ragged": _call(lambda: Tensor([[1, 2], [3]])),
            "tensor_str": _call(lambda: Tensor("abc")),
            "tensor_none": _call(lambda: Tensor(None)),
            "dropout_p": _call(lambda: nn.Dropout(p=1.5)),
            "dense_zero_channels": _call(lambda: nn.Dense(0, 2)),
            "sequential_non_cells": _call(lambda: nn.SequentialCell([1, 2]))}
