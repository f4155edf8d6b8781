"""The local `src.lenet` module seed 004's training script imports (written for the check tests): LeNet-5 the
r1.x way, with an alias of a layer class and primitives from `mindspore.ops.operations`."""
import mindspore.nn as nn
from mindspore.common.initializer import Normal
from mindspore.ops import operations as P

conv = nn.Conv2d  # an alias: each call below is a use of nn.Conv2d


class LeNet(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super(LeNet, self).__init__()
        self.conv1 = conv(num_channel, 6, 5, pad_mode='valid')
        self.conv2 = conv(6, 16, 5, pad_mode='valid')
        self.fc1 = nn.Dense(16 * 5 * 5, 120, weight_init=Normal(0.02))
        self.fc2 = nn.Dense(120, 84, weight_init=Normal(0.02))
        self.fc3 = nn.Dense(84, num_class, weight_init=Normal(0.02))
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = P.Flatten()
        self.mean = P.ReduceMean(keep_dims=False)

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)
