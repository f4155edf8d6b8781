"""Parity: the extension points MindSpore documents for subclassing take MindSpore's protocol (Initializer
`_initialize`, nn.Optimizer `construct` over `self._parameters`, LossBase `get_loss`, Metric, LearningRateSchedule,
ds.Sampler `__iter__`, Callback, Cell hooks), random initializers draw from numpy's global stream as MindSpore's
do, Parameter item assignment, and `to_float` output dtypes."""
import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import Parameter, Tensor, nn, ops
from mindspore.common.initializer import Initializer, Normal, Sparse, VarianceScaling, initializer
from parity_ops_common import error_name


class _Arange(Initializer):
    def __init__(self, step):
        super().__init__(step=step)
        self.step = step

    def _initialize(self, arr):
        arr[...] = np.arange(arr.size).reshape(arr.shape) * self.step


def _x():
    return Tensor(np.ones((4, 2), np.float32))


def _y():
    return Tensor(np.zeros((4, 1), np.float32))


def _dense():
    return nn.Dense(2, 1, weight_init="ones", bias_init="zeros")


def case_custom_initializer_subclass():
    t = initializer(_Arange(2.0), [2, 3], ms.float32)
    p = Parameter(initializer(_Arange(1.0), [2, 2], ms.float16), name="p")
    return {"t": t.init_data().asnumpy() if t.has_init else t.asnumpy(), "p": p.asnumpy(), "p_dtype": str(p.dtype)}


def case_initializers_draw_from_numpy_stream():
    ms.set_seed(3)
    nn.SequentialCell([nn.Dense(3, 4), nn.Conv2d(2, 3, 3), nn.Embedding(5, 2), nn.BatchNorm2d(3)])
    after_net = np.random.rand(3)
    initializer(Normal(), [2, 2]).init_data()
    after_normal = np.random.rand(2)
    sparse = initializer(Sparse(0.5), [4, 3]).init_data().asnumpy()
    after_sparse = np.random.rand()
    scaled = initializer(VarianceScaling(), [4, 3]).init_data().asnumpy()
    return {"after_net": after_net, "after_normal": after_normal, "sparse_zeros_per_column": (sparse == 0).sum(0),
            "after_sparse": after_sparse, "variance_scaling_bounded": bool(np.abs(scaled).max() <= 1.0),
            "after_variance_scaling": np.random.rand()}


def case_initializer_errors():
    return {"alias": error_name(lambda: initializer("truncated_normal", [2])),
            "shape": error_name(lambda: initializer("normal", [0, 2])),
            "identity_rank": error_name(lambda: initializer("identity", [2, 2, 2]).init_data()),
            "variance_mode": error_name(lambda: VarianceScaling(mode="fan")),
            "class_names": [str(initializer(n, [2, 2]).init_data().dtype) for n in
                            ("zeros", "ones", "zero", "one", "xaviernormal", "he_uniform", "heuniform", "sparse")
                            if n != "sparse"]}


def case_parameter_item_assignment():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.b = Parameter(Tensor(np.zeros(3, np.float32)), name="b")

        def construct(self, x):
            return x * self.b

    net = Net()
    net.b[0] = 1.0
    net.b[1:] = Tensor(np.array([2.0, 3.0], np.float32))
    grads = ms.grad(net, grad_position=None, weights=net.trainable_params())(Tensor(np.full(3, 2.0, np.float32)))
    return {"b": net.b.asnumpy(), "type": type(net.b).__name__, "requires_grad": net.b.requires_grad,
            "grad": grads[0].asnumpy()}


def case_custom_optimizer_over_private_parameters():
    class MySGD(nn.Optimizer):
        def __init__(self, params, learning_rate=0.1):
            super().__init__(learning_rate, params)
            self.assign = ops.Assign()

        def construct(self, gradients):
            lr = self.get_lr()
            for p, g in zip(self._parameters, gradients):
                self.assign(p, p - lr * g)
            return True

    net = _dense()
    opt = MySGD(net.trainable_params())
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    losses = [float(train(_x(), _y()).asnumpy()) for _ in range(2)]
    return {"losses": losses, "weight": net.weight.asnumpy(), "bias": net.bias.asnumpy(),
            "len": len(opt._parameters), "first": opt._parameters[0].name}


def case_custom_loss_base():
    class MyLoss(nn.LossBase):
        def __init__(self, reduction="mean"):
            super().__init__(reduction)
            self.abs = ops.Abs()

        def construct(self, logits, labels):
            return self.get_loss(self.abs(logits - labels), weights=2.0)

    a, b = Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.zeros(2, np.float32))
    return {r: MyLoss(r)(a, b).asnumpy() for r in ("mean", "sum", "none")}


def case_custom_metric():
    class MyMAE(ms.train.Metric):
        def __init__(self):
            super().__init__()
            self.clear()

        def clear(self):
            self.total, self.count = 0.0, 0

        def update(self, *inputs):
            pred, label = self._convert_data(inputs[0]), self._convert_data(inputs[1])
            self.total += float(np.abs(label.reshape(pred.shape) - pred).sum())
            self.count += label.shape[0]

        def eval(self):
            return self.total / self.count

    m = MyMAE()
    m.update(Tensor(np.array([1.0, 2.0])), Tensor(np.array([0.0, 0.0])))
    m.update([3.0, 3.0], np.array([1.0, 1.0]))
    return m.eval()


def case_custom_learning_rate_schedule():
    class MyLR(nn.learning_rate_schedule.LearningRateSchedule):
        def construct(self, global_step):
            return 0.1 / (1.0 + ops.cast(global_step, ms.float32))

    net = _dense()
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), MyLR()))
    for _ in range(3):
        train(_x(), _y())
    return net.weight.asnumpy()


def case_custom_sampler():
    class Backwards(ds.Sampler):
        def __iter__(self):
            for i in range(self.dataset_size - 1, -1, -2):
                yield i

    class Sized(ds.Sampler):
        def __iter__(self):
            return iter([0, 1, 2, 3])

        def __len__(self):
            return 2

    rows = lambda s: [int(r["a"]) for r in ds.NumpySlicesDataset(
        np.arange(6), column_names=["a"], sampler=s).create_dict_iterator(output_numpy=True)]
    return {"backwards": rows(Backwards()), "num_samples": rows(Backwards(num_samples=2)), "len": rows(Sized())}


def case_custom_callback_hooks():
    class Steps(ms.train.Callback):
        def __init__(self):
            super().__init__()
            self.seen = []

        def on_train_step_end(self, run_context):
            self.seen.append(run_context.original_args().cur_step_num)

        def on_train_epoch_end(self, run_context):
            self.seen.append(("epoch", run_context.original_args().cur_epoch_num))

    cb = Steps()
    data = ds.NumpySlicesDataset((np.ones((4, 2), np.float32), np.zeros((4, 1), np.float32)),
                                 column_names=["x", "y"], shuffle=False).batch(2)
    net = _dense()
    ms.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01)).train(2, data, callbacks=[cb],
                                                                              dataset_sink_mode=False)
    return cb.seen


def case_cell_forward_hooks():
    seen = []
    net = _dense()
    h1 = net.register_forward_pre_hook(lambda cell, inputs: seen.append(("pre", len(inputs))))
    h2 = net.register_forward_hook(lambda cell, inputs, out: seen.append(("fwd", list(out.shape))))
    net(_x())
    h1.remove()
    h2.remove()
    net(_x())
    double = net.register_forward_hook(lambda cell, inputs, out: out * 2)
    doubled = net(_x()).asnumpy()
    double.remove()
    replace = net.register_forward_pre_hook(lambda cell, inputs: (inputs[0] * 0,))
    zeroed = net(_x()).asnumpy()
    replace.remove()
    return {"seen": seen, "doubled": doubled, "zeroed": zeroed}


def case_cell_backward_hook():
    seen = []

    def hook(cell, grad_input, grad_output):
        seen.append((len(grad_input), len(grad_output), grad_output[0].asnumpy(), grad_input[0].asnumpy()))

    net = _dense()
    net.register_backward_hook(hook)
    grad = ms.grad(net)(_x())
    return {"grad": grad.asnumpy(), "calls": len(seen), "grad_output": seen[0][2], "grad_input": seen[0][3],
            "lens": seen[0][:2]}


def case_to_float_output_dtypes():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.d = nn.Dense(3, 2)
            self.r = nn.ReLU()

        def construct(self, x):
            return self.r(self.d(x))

    x = Tensor(np.ones((2, 3), np.float32))
    whole = Net().to_float(ms.float16)
    part = Net()
    part.d.to_float(ms.float16)
    return {"whole": str(whole(x).dtype), "inner": str(whole.d(x).dtype), "part": str(part(x).dtype),
            "fp16_input": str(whole(Tensor(np.ones((2, 3), np.float16))).dtype),
            "weight": str(whole.d.weight.dtype)}
