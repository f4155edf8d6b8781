"""Larger bench workloads (issue 6): ResNet-18 for CIFAR-shaped input and one Transformer encoder block,
each written twice, the MindSpore way (mindshim Cells) and the usual PyTorch way, with parameters in the
same order so weights can be copied one to one."""
from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

from mindshim import nn as msnn
from mindshim import ops


# ---------------- ResNet-18 (CIFAR stem: 3x3 conv, no max-pool) ----------------
class MsBasicBlock(msnn.Cell):
    def __init__(self, cin: int, cout: int, stride: int) -> None:
        super().__init__()
        self.conv1 = msnn.Conv2d(cin, cout, 3, stride, pad_mode="pad", padding=1)
        self.bn1 = msnn.BatchNorm2d(cout)
        self.conv2 = msnn.Conv2d(cout, cout, 3, 1, pad_mode="pad", padding=1)
        self.bn2 = msnn.BatchNorm2d(cout)
        self.relu = msnn.ReLU()
        self.down = None
        if stride != 1 or cin != cout:
            self.down = msnn.SequentialCell([msnn.Conv2d(cin, cout, 1, stride, pad_mode="valid"),
                                             msnn.BatchNorm2d(cout)])

    def construct(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        identity = x if self.down is None else self.down(x)
        return self.relu(out + identity)


class MsResNet18(msnn.Cell):
    def __init__(self, num_classes: int = 10) -> None:
        super().__init__()
        self.conv1 = msnn.Conv2d(3, 64, 3, 1, pad_mode="pad", padding=1)
        self.bn1 = msnn.BatchNorm2d(64)
        self.relu = msnn.ReLU()
        blocks, cin = [], 64
        for cout, stride in ((64, 1), (64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2), (512, 1)):
            blocks.append(MsBasicBlock(cin, cout, stride))
            cin = cout
        self.layers = msnn.SequentialCell(blocks)
        self.pool = msnn.AdaptiveAvgPool2d(1)
        self.flatten = msnn.Flatten()
        self.fc = msnn.Dense(512, num_classes)

    def construct(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        return self.fc(self.flatten(self.pool(self.layers(x))))


class TorchBasicBlock(torch.nn.Module):
    def __init__(self, cin: int, cout: int, stride: int) -> None:
        super().__init__()
        self.conv1 = torch.nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(cout, eps=1e-5, momentum=0.1)
        self.conv2 = torch.nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(cout, eps=1e-5, momentum=0.1)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = torch.nn.Sequential(torch.nn.Conv2d(cin, cout, 1, stride, bias=False),
                                            torch.nn.BatchNorm2d(cout, eps=1e-5, momentum=0.1))

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return F.relu(out + (x if self.down is None else self.down(x)))


class TorchResNet18(torch.nn.Module):
    def __init__(self, num_classes: int = 10) -> None:
        super().__init__()
        self.conv1 = torch.nn.Conv2d(3, 64, 3, 1, 1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(64, eps=1e-5, momentum=0.1)
        blocks, cin = [], 64
        for cout, stride in ((64, 1), (64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2), (512, 1)):
            blocks.append(TorchBasicBlock(cin, cout, stride))
            cin = cout
        self.layers = torch.nn.Sequential(*blocks)
        self.fc = torch.nn.Linear(512, num_classes)

    def forward(self, x):
        x = F.relu(self.bn1(self.conv1(x)))
        return self.fc(torch.flatten(F.adaptive_avg_pool2d(self.layers(x), 1), 1))


# ---------------- one Transformer encoder block (pre-norm) + mean-pool classifier ----------------
class MsEncoderBlock(msnn.Cell):
    def __init__(self, d: int = 256, heads: int = 4, ff: int = 1024, num_classes: int = 10) -> None:
        super().__init__()
        self.heads, self.d = heads, d
        self.ln1 = msnn.LayerNorm((d,), epsilon=1e-5)
        self.qkv = msnn.Dense(d, 3 * d)
        self.proj = msnn.Dense(d, d)
        self.ln2 = msnn.LayerNorm((d,), epsilon=1e-5)
        self.fc1 = msnn.Dense(d, ff)
        self.fc2 = msnn.Dense(ff, d)
        self.gelu = msnn.GELU(approximate=False)
        self.softmax = msnn.Softmax(axis=-1)
        self.head = msnn.Dense(d, num_classes)

    def construct(self, x):
        b, s, d = x.shape
        h = self.heads
        qkv = ops.reshape(self.qkv(self.ln1(x)), (b, s, 3, h, d // h))
        qkv = ops.transpose(qkv, (2, 0, 3, 1, 4))
        q, k, v = qkv[0], qkv[1], qkv[2]
        att = self.softmax(ops.matmul(q, ops.transpose(k, (0, 1, 3, 2))) * (1.0 / float(np.sqrt(d // h))))
        y = ops.reshape(ops.transpose(ops.matmul(att, v), (0, 2, 1, 3)), (b, s, d))
        x = x + self.proj(y)
        x = x + self.fc2(self.gelu(self.fc1(self.ln2(x))))
        return self.head(ops.mean(x, 1))


class TorchEncoderBlock(torch.nn.Module):
    def __init__(self, d: int = 256, heads: int = 4, ff: int = 1024, num_classes: int = 10) -> None:
        super().__init__()
        self.heads = heads
        self.ln1 = torch.nn.LayerNorm(d)
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.proj = torch.nn.Linear(d, d)
        self.ln2 = torch.nn.LayerNorm(d)
        self.fc1 = torch.nn.Linear(d, ff)
        self.fc2 = torch.nn.Linear(ff, d)
        self.head = torch.nn.Linear(d, num_classes)

    def forward(self, x):
        b, s, d = x.shape
        qkv = self.qkv(self.ln1(x)).view(b, s, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        # the same math as MsEncoderBlock: q, k, v by indexing (three selects; their backward builds three
        # qkv-sized gradients and adds them, where tuple-unpacking's unbind stacks once) and attention as matmul,
        # softmax, matmul: the arms compare per-step overhead, not scaled_dot_product_attention's fused kernels
        # (the 2026-11-27 H200 Transformer rows still used them)
        q, k, v = qkv[0], qkv[1], qkv[2]
        att = torch.softmax(q @ k.transpose(-2, -1) * (1.0 / float(np.sqrt(d // self.heads))), dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, s, d)
        x = x + self.proj(y)
        x = x + self.fc2(F.gelu(self.fc1(self.ln2(x))))
        return self.head(x.mean(1))


# ---------------- registry used by bench_step.py ----------------
WORKLOADS = {
    # name: (mindshim net, torch net, input shape without batch, default batch, optimizer pair)
    "resnet18": (MsResNet18, TorchResNet18, (3, 32, 32), 128, "momentum"),
    "transformer": (MsEncoderBlock, TorchEncoderBlock, (64, 256), 32, "adamw"),
}
