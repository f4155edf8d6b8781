"""Parity cases for mindspore.train.merge_sliced_parameter and mindspore.train.build_train_network."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, train
from parity_ops_common import error_name

COMPILED_PASS = False


def _p(shape, seed, name="w", dtype=np.float32, requires_grad=True):
    return Parameter(Tensor(np.random.RandomState(seed).randn(*shape).astype(dtype)), name=name,
                     requires_grad=requires_grad)


def case_merge_sliced_parameter():
    merged = train.merge_sliced_parameter([_p((2, 3), 0), _p((1, 3), 1), _p((2, 3), 2)])
    frozen = train.merge_sliced_parameter([_p((2,), 3, "b", requires_grad=False), _p((2,), 4, "b")])
    return {"name": merged.name, "shape": list(merged.shape), "dtype": str(merged.dtype),
            "value": merged.asnumpy(), "requires_grad": merged.requires_grad, "is_param": isinstance(merged, Parameter),
            "frozen_name": frozen.name, "frozen_rg": frozen.requires_grad, "frozen": frozen.asnumpy(),
            "f16": str(train.merge_sliced_parameter([_p((2,), 5, dtype=np.float16)]).dtype)}


def case_merge_sliced_parameter_name_mismatch():
    return error_name(lambda: train.merge_sliced_parameter([_p((2, 3), 0, "a"), _p((2, 3), 1, "b")]))


def case_merge_sliced_parameter_shape_mismatch():
    return error_name(lambda: train.merge_sliced_parameter([_p((2, 3), 0), _p((2, 4), 1)]))


def case_merge_sliced_parameter_not_list():
    return error_name(lambda: train.merge_sliced_parameter((_p((2, 3), 0),)))


def case_merge_sliced_parameter_empty():
    return error_name(lambda: train.merge_sliced_parameter([]))


def case_merge_sliced_parameter_bad_element():
    return error_name(lambda: train.merge_sliced_parameter([_p((2, 3), 0), Tensor(np.ones((2, 3), np.float32))]))


def case_merge_sliced_parameter_missing_strategy_key():
    return error_name(lambda: train.merge_sliced_parameter([_p((2, 3), 0)], {"other": None}))


def case_build_train_network():
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(np.random.RandomState(1).randn(2, 3).astype(np.float32)))
    net.bias.set_data(Tensor(np.zeros(2, np.float32)))
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    train_net = train.build_train_network(net, opt, nn.MSELoss(), level="O0")
    x = Tensor(np.random.RandomState(2).randn(4, 3).astype(np.float32))
    y = Tensor(np.random.RandomState(3).randn(4, 2).astype(np.float32))
    losses = [float(train_net(x, y).asnumpy()) for _ in range(3)]
    return {"same": train.build_train_network is ms.amp.build_train_network, "losses": losses,
            "weight": net.weight.asnumpy()}


def case_build_train_network_bad_level():
    net = nn.Dense(3, 2)
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    return error_name(lambda: train.build_train_network(net, opt, nn.MSELoss(), level="O9"))
