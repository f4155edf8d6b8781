"""Train cells end to end: WithLossCell + TrainOneStepCell + Momentum, hand-written train cells
(seed 001 and seed 003 styles), value_and_grad loops, printed losses."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, nn, ops
from mindspore.parallel._utils import _get_device_num, _get_gradients_mean, _get_parallel_mode
from parity_capture import captured_stdout


class _ReLUReduceMeanDense(nn.Cell):
    """Seed 001, script 1."""

    def __init__(self, kernel, bias, in_channel, num_class):
        super().__init__()
        self.relu = ops.ReLU()
        self.mean = ops.ReduceMean(keep_dims=False)
        self.dense = nn.Dense(in_channel, num_class, kernel, bias)

    def construct(self, x):
        x = self.relu(x)
        x = self.mean(x, (2, 3))
        x = self.dense(x)
        return x


def _rng(seed=0):
    return np.random.RandomState(seed)


def case_seed001_loss_vector_printed():
    weight = Tensor(np.ones((1000, 2048)).astype(np.float32))
    bias = Tensor(np.ones((1000,)).astype(np.float32))
    net = _ReLUReduceMeanDense(weight, bias, 2048, 1000)
    criterion = nn.SoftmaxCrossEntropyWithLogits(sparse=False)
    optimizer = nn.Momentum(learning_rate=0.1, momentum=0.1,
                            params=filter(lambda x: x.requires_grad, net.get_parameters()))
    train_network = nn.TrainOneStepCell(nn.WithLossCell(net, criterion), optimizer)
    train_network.set_train()
    inp = Tensor(_rng().randn(32, 2048, 7, 7).astype(np.float32))
    label = Tensor(np.zeros(shape=(32, 1000)).astype(np.float32))
    with captured_stdout() as lines:
        loss = train_network(inp, label)
        print("-------loss------", loss)
    return {"lines": lines, "loss": loss.asnumpy()}


def _small_net(seed=0):
    rng = _rng(seed)
    weight = Tensor(rng.randn(5, 16).astype(np.float32) * 0.1)
    bias = Tensor(rng.randn(5).astype(np.float32) * 0.1)
    return _ReLUReduceMeanDense(weight, bias, 16, 5)


def _data(seed=1):
    rng = _rng(seed)
    x = Tensor(rng.randn(4, 16, 3, 3).astype(np.float32))
    onehot = np.eye(5, dtype=np.float32)[rng.randint(0, 5, 4)]
    return x, Tensor(onehot)


def case_train_one_step_momentum_three_steps():
    net = _small_net()
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=False)), opt)
    step.set_train()
    x, y = _data()
    losses = [step(x, y).asnumpy() for _ in range(3)]
    return {"losses": losses, "weight": net.dense.weight.asnumpy(), "bias": net.dense.bias.asnumpy(),
            "names": [p.name for p in step.get_parameters()]}


def case_train_one_step_with_sens():
    net = _small_net()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=False,
                                                                                      reduction="mean")),
                               opt, sens=2.0)
    step.set_train()
    x, y = _data()
    losses = [step(x, y).asnumpy() for _ in range(2)]
    return {"losses": losses, "weight": net.dense.weight.asnumpy()}


class _Seed001TrainOneStepCell(nn.Cell):
    def __init__(self, network, optimizer, sens=1.0):
        super(_Seed001TrainOneStepCell, self).__init__(auto_prefix=False)
        self.network = network
        self.weights = ParameterTuple(network.trainable_params())
        self.optimizer = optimizer
        self.grad = ops.GradOperation(get_by_list=True, sens_param=True)
        self.sens = sens

    def construct(self, data, label):
        weights = self.weights
        loss = self.network(data, label)
        sens = ops.Fill()(ops.DType()(loss), ops.Shape()(loss), self.sens)
        grads = self.grad(self.network, weights)(data, label, sens)
        return ops.depend(loss, self.optimizer(grads))


def case_seed001_hand_written_train_cell():
    net = _small_net()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
    step = _Seed001TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    step.set_train()
    x, _ = _data()
    y = Tensor(np.array([0, 3, 1, 4], np.int32))
    losses = [step(x, y).asnumpy() for _ in range(3)]
    return {"losses": losses, "weight": net.dense.weight.asnumpy()}


class _Seed003TrainOneStepCell(nn.Cell):
    def __init__(self, network, optimizer):
        super(_Seed003TrainOneStepCell, self).__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = self.optimizer.parameters
        self.grad = ops.GradOperation(get_by_list=True)
        self.reducer_flag = False
        self.grad_reducer = ops.identity
        self.parallel_mode = _get_parallel_mode()
        self.reducer_flag = self.parallel_mode in (ms.ParallelMode.DATA_PARALLEL, ms.ParallelMode.HYBRID_PARALLEL)
        if self.reducer_flag:
            self.mean = _get_gradients_mean()
            self.degree = _get_device_num()
            self.grad_reducer = nn.DistributedGradReducer(self.weights, self.mean, self.degree)

    def construct(self, *inputs):
        loss = self.network(*inputs)
        grads = self.grad(self.network, self.weights)(*inputs)
        grads = self.grad_reducer(grads)
        self.optimizer(grads)
        return loss


def case_seed003_train_one_step_cell():
    net = _small_net()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="mean")
    opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
    step = _Seed003TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
    step.set_train()
    x, y = _data()
    losses = [step(x, y).asnumpy() for _ in range(3)]
    return {"losses": losses, "weight": net.dense.weight.asnumpy(), "bias": net.dense.bias.asnumpy()}


def case_value_and_grad_loop_with_aux():
    net = _small_net()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="mean")
    opt = nn.SGD(net.trainable_params(), learning_rate=0.5)

    def forward(data, label):
        logits = net(data)
        return loss_fn(logits, label), logits

    grad_fn = ms.value_and_grad(forward, None, opt.parameters, has_aux=True)
    x, y = _data()
    losses = []
    for _ in range(3):
        (loss, logits), grads = grad_fn(x, y)
        opt(grads)
        losses.append(loss.asnumpy())
    return {"losses": losses, "logits": logits.asnumpy(), "grad0": grads[0].asnumpy()}


def case_with_eval_cell():
    net = _small_net()
    cell = nn.WithEvalCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="mean"))
    x, y = _data()
    loss, out, label = cell(x, y)
    return {"loss": loss.asnumpy(), "out": out.asnumpy(), "label": label.asnumpy()}


def case_with_eval_cell_cast_fp32_keeps_integer_labels():
    """Model.eval under amp O2 builds WithEvalCell(..., add_cast_fp32=True): class-id labels stay integers."""
    net = _small_net()
    cell = nn.WithEvalCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"), add_cast_fp32=True)
    x, _ = _data()
    y = Tensor(np.array([1, 0, 4, 2], np.int32))
    loss, out, label = cell(x, y)
    _, _, soft = nn.WithEvalCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="mean"),
                                 add_cast_fp32=True)(x, Tensor(np.eye(5, dtype=np.float16)[[1, 0, 4, 2]]))
    return {"loss": loss.asnumpy(), "out": out.asnumpy(), "label": label.asnumpy(), "label_dtype": str(label.dtype),
            "soft_label_dtype": str(soft.dtype)}


def case_train_cell_parameter_names_with_optimizer_state():
    net = _small_net()
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits()), opt)
    return {"names": [n for n, _ in step.parameters_and_names()],
            "param_names": [p.name for p in step.get_parameters()],
            "trainable": [p.name for p in step.trainable_params()]}
