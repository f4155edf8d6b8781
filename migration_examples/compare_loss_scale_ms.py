"""A custom MindSpore train cell with dynamic loss scaling, for `mindshim compare`.

    mindshim compare migration_examples/compare_loss_scale_ms.py migration_examples/compare_loss_scale_torch.py
    mindshim compare migration_examples/compare_loss_scale_ms.py migration_examples/compare_loss_scale_torch_wrong.py

The cell scales the loss's gradient by the current loss scale, unscales the gradients by the same value, and lets
DynamicLossScaleUpdateCell double the scale after every `scale_window` clean steps (skipping the optimizer on
overflow). `step` hands back the backbone and optimizer for the comparison and calls the cell.
"""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops

INIT_SCALE, SCALE_FACTOR, SCALE_WINDOW = 2.0 ** 10, 2.0, 2


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(20, 32)
        self.fc2 = nn.Dense(32, 32)
        self.fc3 = nn.Dense(32, 4)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))


class ScaledTrainStep(nn.Cell):
    def __init__(self, net_with_loss, optimizer, scale_update):
        super().__init__(auto_prefix=False)
        self.net_with_loss = net_with_loss
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.grad = ops.GradOperation(get_by_list=True, sens_param=True)
        self.scale_update = scale_update
        self.scale = Parameter(Tensor(scale_update.get_loss_scale(), ms.float32), name="scale_sense")

    def construct(self, x, y):
        loss = self.net_with_loss(x, y)
        sens = ops.ones_like(loss) * self.scale
        grads = self.grad(self.net_with_loss, self.weights)(x, y, sens)
        grads = tuple(g / self.scale for g in grads)
        finite = ops.stack([ops.isfinite(g).all() for g in grads]).all()
        overflow = ops.logical_not(finite)
        self.scale_update(self.scale, overflow)
        if not overflow:
            self.optimizer(grads)
        return loss


def build():
    ms.set_seed(3)
    net = MLP()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    update = nn.DynamicLossScaleUpdateCell(INIT_SCALE, SCALE_FACTOR, SCALE_WINDOW)
    train = ScaledTrainStep(nn.WithLossCell(net, loss_fn), optimizer, update)
    train.set_train()
    return net, optimizer, train


def step(net, optimizer, train, batch):
    return train(*batch)


def batches(n):
    rng = np.random.RandomState(3)
    return [(rng.standard_normal((8, 20)).astype(np.float32), rng.randint(0, 4, 8).astype(np.int32))
            for _ in range(n)]
