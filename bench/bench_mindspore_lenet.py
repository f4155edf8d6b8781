"""Real MindSpore LeNet-5 b32 step time on CPU: run under the MindSpore venv.

usage: /path/to/ms-oracle/bin/python bench/bench_mindspore_lenet.py graph|pynative
"""
import sys, time, numpy as np
import mindspore as ms
from mindspore import nn, Tensor
mode = ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE
ms.set_context(mode=mode, device_target="CPU")

class LeNet5(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid"); self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(400, 120); self.fc2 = nn.Dense(120, 84); self.fc3 = nn.Dense(84, 10)
        self.relu = nn.ReLU(); self.pool = nn.MaxPool2d(2, 2); self.flatten = nn.Flatten()
    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x))); x = self.pool(self.relu(self.conv2(x))); x = self.flatten(x)
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))

net = LeNet5()
step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
                           nn.Momentum(net.trainable_params(), 0.01, 0.9))
step.set_train()
x = Tensor(np.random.randn(32, 1, 32, 32).astype(np.float32)); y = Tensor(np.random.randint(0, 10, 32).astype(np.int32))
t0 = time.perf_counter(); step(x, y).asnumpy(); first = time.perf_counter() - t0
for _ in range(10): step(x, y)
times = []
for _ in range(5):
    t = time.perf_counter()
    for _ in range(20): loss = step(x, y)
    loss.asnumpy()
    times.append((time.perf_counter() - t) / 20)
print(f"{sys.argv[1]} first_step_s={first:.2f} median_ms={sorted(times)[2]*1000:.3f}")
