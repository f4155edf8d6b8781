"""Gradient accumulation as MindSpore's tutorial writes it: gradients of micro-batches summed into
Parameter clones with ops.assign_add, one optimizer step every `accumulate_step` micro-batches.

Runs unchanged under real MindSpore 2.10 and under `mindshim run`.
"""
import numpy as np

import mindspore as ms
from mindspore import ParameterTuple, Tensor, nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 3)
        rng = np.random.RandomState(0)
        for p in self.trainable_params():
            p.set_data(Tensor((rng.randn(*p.shape) * 0.3).astype(np.float32)))

    def construct(self, x):
        return self.fc(x)


def main(steps=8, accumulate_step=4):
    net = Net()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    accum = ParameterTuple(net.trainable_params()).clone(prefix="accum_grads", init="zeros")

    def forward(x, y):
        return loss_fn(net(x), y)

    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    rng = np.random.RandomState(1)
    losses = []
    for step in range(steps):
        x = Tensor(rng.randn(5, 4).astype(np.float32))
        y = Tensor(rng.randint(0, 3, 5).astype(np.int32))
        loss, grads = grad_fn(x, y)
        for a, g in zip(accum, grads):
            ops.assign_add(a, g / accumulate_step)
        if (step + 1) % accumulate_step == 0:
            opt(tuple(accum))
            for a in accum:
                ops.assign(a, ops.zeros_like(a))
        losses.append(float(loss.asnumpy()))
    return {"losses": losses, "weight": net.fc.weight.asnumpy(), "bias": net.fc.bias.asnumpy()}


if __name__ == "__main__":
    out = main()
    for i, loss in enumerate(out["losses"]):
        print(f"micro-batch {i + 1}: loss {loss:.6f}")
