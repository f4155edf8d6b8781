"""A ResNet basic block with a downsampling shortcut (MindSpore 2.x functional training), for `mindshim compare`.

    mindshim compare migration_examples/compare_resnet_ms.py migration_examples/compare_resnet_torch.py
    mindshim compare migration_examples/compare_resnet_ms.py migration_examples/compare_resnet_torch_wrong.py
    mindshim compare migration_examples/compare_resnet_ms.py migration_examples/compare_resnet_torch_wrong_bn.py

MindSpore's Conv2d pads "same" by default; with stride 2 it pads only at the bottom/right when the padding is
odd, where torch's `padding=1` pads both sides. BatchNorm's momentum is the weight of the old statistics in
MindSpore (0.9) and of the new ones in torch (0.1).
"""
import numpy as np

import mindspore as ms
from mindspore import nn, ops

BATCH, SIZE = 4, 8


class ResidualBlock(nn.Cell):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3)
        self.bn2 = nn.BatchNorm2d(cout)
        self.down = nn.SequentialCell([nn.Conv2d(cin, cout, 1, stride=stride), nn.BatchNorm2d(cout)])
        self.relu = nn.ReLU()

    def construct(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + self.down(x))


class Net(nn.Cell):
    def __init__(self, num_classes=10):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3)
        self.stem_bn = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.block = ResidualBlock(8, 16, 2)
        self.fc = nn.Dense(16, num_classes)

    def construct(self, x):
        x = self.block(self.relu(self.stem_bn(self.stem(x))))
        return self.fc(ops.mean(x, (2, 3)))


def build():
    ms.set_seed(7)
    net = Net()
    net.set_train()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)

    def forward(x, y):
        return loss_fn(net(x), y)

    return net, optimizer, ms.value_and_grad(forward, None, optimizer.parameters)


def step(net, optimizer, grad_fn, batch):
    loss, grads = grad_fn(*batch)
    optimizer(grads)
    return loss


def batches(n):
    rng = np.random.RandomState(7)
    return [(rng.standard_normal((BATCH, 3, SIZE, SIZE)).astype(np.float32),
             rng.randint(0, 10, BATCH).astype(np.int32)) for _ in range(n)]
