"""A MindSpore training script written the model-zoo way: a custom `nn.Optimizer` built on the `ApplyMomentum`
primitive, a cell with a hand-written `bprop` that uses `_grad_ops`, a network whose batch dimension is declared
dynamic with `set_inputs`, and the r1.x loss helper `ops.reduce_mean`.

    mindshim run migration_examples/custom_optimizer_bprop.py        # or: python custom_optimizer_bprop.py on MindSpore

It trains five steps in GRAPH_MODE (batch sizes 8, 8, 5, 8, 3) and prints the loss of each step and a checksum of
the trained weights; tests/parity/cases/examples.py compares `main()` with real MindSpore 2.10.
"""
import numpy as np

import mindspore as ms
from mindspore import Parameter, ParameterTuple, Tensor, nn, ops
from mindspore.ops import composite as C
from mindspore.ops import functional as F
from mindspore.ops.operations import _grad_ops as G

_momentum_opt = C.MultitypeFuncGraph("momentum_opt")


@_momentum_opt.register("Function", "Tensor", "Tensor", "Tensor", "Tensor", "Tensor")
def _apply(opt, momentum, learning_rate, gradient, weight, moment):
    return F.depend(True, opt(weight, moment, learning_rate, gradient, momentum))


class MyMomentum(nn.Optimizer):
    """Momentum written as MindSpore's own optimizers are: one ApplyMomentum per parameter."""

    def __init__(self, params, learning_rate, momentum):
        super().__init__(learning_rate, params)
        self.momentum = Parameter(Tensor(momentum, ms.float32), name="momentum")
        self.moments = self.parameters.clone(prefix="moments", init="zeros")
        self.hyper_map = C.HyperMap()
        self.opt = ops.ApplyMomentum()

    def construct(self, gradients):
        lr = self.get_lr()
        return self.hyper_map(F.partial(_momentum_opt, self.opt, self.momentum, lr), gradients, self.parameters,
                              self.moments)


class ReluWithBprop(nn.Cell):
    """ReLU whose gradient is written by hand with the ReluGrad primitive (as custom bprops in the zoo are); it lets
    a tenth of the gradient through where the unit is off, so the hand-written rule is visible in the numbers."""

    def __init__(self):
        super().__init__()
        self.relu = ops.ReLU()
        self.relu_grad = G.ReluGrad()

    def construct(self, x):
        return self.relu(x)

    def bprop(self, x, out, dout):
        return (self.relu_grad(dout, out) + 0.1 * dout * (out <= 0),)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 6, weight_init="normal", bias_init="zeros")
        self.act = ReluWithBprop()
        self.fc2 = nn.Dense(6, 2, weight_init="normal", bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


class Loss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.square = ops.Square()

    def construct(self, x, y):
        return ops.reduce_mean(self.square(self.net(x) - y), (0, 1))


def main():
    ms.set_context(mode=ms.GRAPH_MODE)
    rng = np.random.RandomState(0)
    net = Net()
    for p in net.trainable_params():
        p.set_data(Tensor(rng.uniform(-0.5, 0.5, p.shape).astype(np.float32)))
    net.set_inputs(Tensor(shape=[None, 4], dtype=ms.float32))
    loss = Loss(net)
    opt = MyMomentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    step = nn.TrainOneStepCell(loss, opt)
    step.set_train()
    losses = []
    for batch in (8, 8, 5, 8, 3):
        x = Tensor(rng.randn(batch, 4).astype(np.float32))
        y = Tensor(rng.randn(batch, 2).astype(np.float32))
        losses.append(float(step(x, y).asnumpy()))
        print(f"batch {batch}: loss {losses[-1]:.6f}")
    weights = {p.name: p.asnumpy() for p in ParameterTuple(net.trainable_params())}
    print("weight checksum:", f"{sum(float(np.abs(w).sum()) for w in weights.values()):.5f}")
    return {"losses": losses, "weights": weights}


if __name__ == "__main__":
    main()
