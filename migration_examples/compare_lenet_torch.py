"""The PyTorch port of seed 004's LeNet training: CrossEntropyLoss and SGD with momentum, the faithful port of
MindSpore's Momentum (v = momentum * v + grad; w -= lr * v)."""
import torch

LR, MOMENTUM = 0.01, 0.9


class LeNet5(torch.nn.Module):
    def __init__(self, num_classes=10):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(1, 6, 5, bias=False)   # MindSpore's Conv2d has no bias by default
        self.conv2 = torch.nn.Conv2d(6, 16, 5, bias=False)
        self.fc1 = torch.nn.Linear(16 * 5 * 5, 120)
        self.fc2 = torch.nn.Linear(120, 84)
        self.fc3 = torch.nn.Linear(84, num_classes)

    def forward(self, x):
        x = torch.max_pool2d(torch.relu(self.conv1(x)), 2)
        x = torch.max_pool2d(torch.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        x = torch.relu(self.fc1(x))
        x = torch.relu(self.fc2(x))
        return self.fc3(x)


def make_optimizer(net):
    return torch.optim.SGD(net.parameters(), lr=LR, momentum=MOMENTUM)


def build():
    net = LeNet5(10)
    return net, make_optimizer(net), torch.nn.CrossEntropyLoss()


def step(net, optimizer, loss_fn, batch):
    images, labels = batch
    optimizer.zero_grad()
    loss = loss_fn(net(images), labels)
    loss.backward()
    optimizer.step()
    return loss
