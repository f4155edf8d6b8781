"""The faithful PyTorch port of compare_loss_scale_ms.py: the loss scaled by the current scale, the gradients
unscaled by the same value, the scale doubled after SCALE_WINDOW clean steps and halved (not below 1) on
overflow, which skips the optimizer step (MindSpore's DynamicLossScaleUpdateCell)."""
import torch

INIT_SCALE, SCALE_FACTOR, SCALE_WINDOW = 2.0 ** 10, 2.0, 2


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(20, 32)
        self.fc2 = torch.nn.Linear(32, 32)
        self.fc3 = torch.nn.Linear(32, 4)

    def forward(self, x):
        return self.fc3(torch.relu(self.fc2(torch.relu(self.fc1(x)))))


class LossScaler:
    def __init__(self):
        self.scale, self.clean_steps = INIT_SCALE, 0

    def unscale_value(self):
        return self.scale

    def update(self, finite):
        if not finite:
            self.scale, self.clean_steps = max(self.scale / SCALE_FACTOR, 1.0), 0
            return
        self.clean_steps += 1
        if self.clean_steps >= SCALE_WINDOW:
            self.scale, self.clean_steps = self.scale * SCALE_FACTOR, 0


def make(scaler):
    net = MLP()
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    return net, optimizer, torch.nn.CrossEntropyLoss(), scaler


def build():
    return make(LossScaler())


def step(net, optimizer, loss_fn, scaler, batch):
    x, y = batch
    optimizer.zero_grad()
    loss = loss_fn(net(x), y)
    (loss * scaler.scale).backward()
    for p in net.parameters():
        p.grad.div_(scaler.unscale_value())
    finite = all(bool(torch.isfinite(p.grad).all()) for p in net.parameters())
    scaler.update(finite)
    if finite:
        optimizer.step()
    return loss
