"""The faithful PyTorch port of compare_resnet_ms.py."""
import torch
import torch.nn.functional as F


def same_pad(x, stride):
    """MindSpore's pad_mode="same" for a 3x3 kernel: the odd pixel of padding goes to the bottom/right."""
    size = x.shape[-1]
    out = -(-size // stride)
    total = max((out - 1) * stride + 3 - size, 0)
    return F.pad(x, (total // 2, total - total // 2, total // 2, total - total // 2))


class ResidualBlock(torch.nn.Module):
    def __init__(self, cin, cout, stride, bn_momentum=0.1, torch_padding=False):
        super().__init__()
        self.stride, self.torch_padding = stride, torch_padding
        self.conv1 = torch.nn.Conv2d(cin, cout, 3, stride=stride, padding=1 if torch_padding else 0, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(cout, momentum=bn_momentum)
        self.conv2 = torch.nn.Conv2d(cout, cout, 3, padding=1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(cout)
        self.down = torch.nn.Sequential(torch.nn.Conv2d(cin, cout, 1, stride=stride, bias=False),
                                        torch.nn.BatchNorm2d(cout))

    def forward(self, x):
        out = self.conv1(x if self.torch_padding else same_pad(x, self.stride))
        out = torch.relu(self.bn1(out))
        out = self.bn2(self.conv2(out))
        return torch.relu(out + self.down(x))


class Net(torch.nn.Module):
    def __init__(self, num_classes=10, **block):
        super().__init__()
        self.stem = torch.nn.Conv2d(3, 8, 3, padding=1, bias=False)
        self.stem_bn = torch.nn.BatchNorm2d(8)
        self.block = ResidualBlock(8, 16, 2, **block)
        self.fc = torch.nn.Linear(16, num_classes)

    def forward(self, x):
        x = self.block(torch.relu(self.stem_bn(self.stem(x))))
        return self.fc(x.mean((2, 3)))


def make(**block):
    net = Net(**block)
    return net, torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9), torch.nn.CrossEntropyLoss()


def build():
    return make()


def step(net, optimizer, loss_fn, batch):
    x, y = batch
    optimizer.zero_grad()
    loss = loss_fn(net(x), y)
    loss.backward()
    optimizer.step()
    return loss
