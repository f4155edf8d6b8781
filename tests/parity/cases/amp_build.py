"""mindspore.amp beyond the level basics: Parameter dtypes after casting (they stay float32), black-list
custom precision, to_float(float32) inside a float16 network, the "auto" level, build_train_network's
kwargs (cast_model_type, keep_batchnorm_fp32) and its argument errors."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, amp, nn, ops

TOLERANCES = {
    "o2_param_and_output_dtypes": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul rounding order differs"},
    "custom_black_list": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul rounding order differs"},
    "to_float_fp32_inside_fp16": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul rounding order differs"},
    "auto_level": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul rounding order differs"},
    "build_cast_model_type_fp16_no_bn_fp32": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul rounding order differs"},
    "build_o2_keep_bn_false_fixed_manager": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul rounding order differs"},
    "auto_level_function": {"rtol": 2e-3, "atol": 2e-3, "why": "float16 matmul rounding order differs"},
}


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        rng = np.random.RandomState(0)
        self.fc1 = nn.Dense(4, 6)
        self.bn = nn.BatchNorm1d(6)
        self.fc2 = nn.Dense(6, 3)
        for p in (self.fc1.weight, self.fc1.bias, self.fc2.weight, self.fc2.bias):
            p.set_data(Tensor((rng.randn(*p.shape) * 0.5).astype(np.float32)))

    def construct(self, x):
        a = self.fc1(x)
        b = self.bn(a)
        c = ops.exp(ops.relu(b) * 0.1)
        d = self.fc2(c)
        return a, b, c, d


def _x(n=5):
    return Tensor(np.random.RandomState(1).randn(n, 4).astype(np.float32))


def _record(net, outs):
    return {"dtypes": [str(o.dtype) for o in outs], "values": [o.astype(ms.float32).asnumpy() for o in outs],
            "param_dtypes": [str(p.dtype) for p in net.get_parameters()]}


def case_o2_param_and_output_dtypes():
    net = amp.auto_mixed_precision(_Net(), "O2")
    net.set_train(False)
    return _record(net, net(_x()))


def case_custom_black_list():
    net = amp.custom_mixed_precision(_Net(), black_list=[nn.BatchNorm1d, nn.Dense])
    net.set_train(False)
    return _record(net, net(_x()))


def case_to_float_fp32_inside_fp16():
    net = _Net()
    net.to_float(ms.float16)
    net.fc2.to_float(ms.float32)
    net.set_train(False)
    return _record(net, net(_x()))


def case_auto_level():
    net = amp.auto_mixed_precision(_Net(), "auto")
    net.set_train(False)
    return _record(net, net(_x()))


def case_bad_dtype():
    return amp.auto_mixed_precision(_Net(), "O2", dtype=ms.float32)


def case_bad_level():
    return amp.auto_mixed_precision(_Net(), "O4")


def case_white_list_classes():
    return {"white": [c.__name__ for c in amp.get_white_list() if issubclass(c, nn.Cell)],
            "black": [c.__name__ for c in amp.get_black_list()]}


class _Single(nn.Cell):
    def __init__(self, with_bn=True):
        super().__init__()
        self.fc = nn.Dense(4, 3)
        self.bn = nn.BatchNorm1d(3) if with_bn else None
        self.out = nn.Dense(3, 1)
        rng = np.random.RandomState(5)
        for p in self.trainable_params():
            p.set_data(Tensor((rng.randn(*p.shape) * 0.4).astype(np.float32)))

    def construct(self, x):
        h = self.fc(x)
        if self.bn is not None:
            h = self.bn(h)
        return self.out(h)


def _steps(cell, net, n=3):
    rng = np.random.RandomState(7)
    losses = []
    for _ in range(n):
        x = Tensor(rng.randn(6, 4).astype(np.float32))
        y = Tensor(rng.randn(6, 1).astype(np.float32))
        loss = cell(x, y)
        losses.append([str(loss.dtype), float(loss.astype(ms.float32).asnumpy())])
    return {"type": type(cell).__name__, "losses": losses,
            "params": [p.astype(ms.float32).asnumpy() for p in net.trainable_params()],
            "param_dtypes": [str(p.dtype) for p in net.get_parameters()]}


def case_build_cast_model_type_fp16_no_bn_fp32():
    net = _Single()
    opt = nn.SGD(net.trainable_params(), 0.05)
    cell = amp.build_train_network(net, opt, nn.MSELoss(), level="O0", cast_model_type=ms.float16)
    return _steps(cell, net)


def case_build_o2_keep_bn_false_fixed_manager():
    net = _Single()
    opt = nn.SGD(net.trainable_params(), 0.05, loss_scale=4.0)
    cell = amp.build_train_network(net, opt, nn.MSELoss(), level="O2", keep_batchnorm_fp32=False,
                                   loss_scale_manager=amp.FixedLossScaleManager(4.0, drop_overflow_update=False))
    return _steps(cell, net)


def case_build_o2_cast_fp32_is_plain():
    net = _Single()
    opt = nn.SGD(net.trainable_params(), 0.05)
    cell = amp.build_train_network(net, opt, nn.MSELoss(), level="O2", cast_model_type=ms.float32,
                                   loss_scale_manager=None)
    return _steps(cell, net)


def case_build_unknown_kwarg():
    net = _Single()
    return amp.build_train_network(net, nn.SGD(net.trainable_params()), nn.MSELoss(), level="O0", foo=1)


def case_build_bad_level():
    net = _Single()
    return amp.build_train_network(net, nn.SGD(net.trainable_params()), nn.MSELoss(), level="O5")


def case_build_level_not_str():
    net = _Single()
    return amp.build_train_network(net, nn.SGD(net.trainable_params()), nn.MSELoss(), level=2)


def case_build_bad_manager():
    net = _Single()
    return amp.build_train_network(net, nn.SGD(net.trainable_params()), nn.MSELoss(), loss_scale_manager=4.0)


def case_build_optimizer_not_optimizer():
    net = _Single()
    return amp.build_train_network(net, nn.Dense(1, 1), nn.MSELoss())


def case_auto_level_function():
    w = Tensor(np.random.RandomState(2).randn(4, 3).astype(np.float32))

    def fn(x):
        return ops.softmax(ops.matmul(x, w), axis=-1), ops.matmul(x, w)

    out = amp.auto_mixed_precision(fn, "auto")(_x())
    return {"dtypes": [str(o.dtype) for o in out], "values": [o.astype(ms.float32).asnumpy() for o in out]}


def case_o1_function_rejected():
    return amp.auto_mixed_precision(lambda x: x, "O1")
