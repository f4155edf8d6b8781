"""A MindSpore 2.x script written with `mindspore.numpy`, `mint`, `Tensor.value()`, `Tensor.view` on a transposed
tensor, Parameter item assignment and `jit_syntax_level=ms.STRICT`: fits a small regression with mint layers, printing
what real MindSpore 2.10 prints. (Not `mint.optim`: on a CPU, MindSpore 2.10's mint optimizers leave the weights
unchanged.)

Run: `mindshim run migration_examples/numpy_mint_tensor_api.py` (or `python` with MindSpore installed).
"""
import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Parameter, Tensor, mint, nn


class Regressor(nn.Cell):
    def __init__(self):
        super().__init__()
        self.hidden = mint.nn.Linear(4, 8)
        self.out = mint.nn.Linear(8, 1)
        self.scale = Parameter(Tensor(np.ones(1, np.float32)), name="scale")

    def construct(self, x):
        h = mint.nn.functional.relu(self.hidden(x))
        return mint.mul(self.out(h), self.scale)


def make_data():
    grid = mnp.linspace(-1.0, 1.0, 32, dtype=mnp.float32).reshape(4, 8)
    x = grid.T.view(8, 4)                       # a reshape in MindSpore, even of a transposed tensor
    coef = mnp.arange(1, 5, dtype=mnp.float32)
    y = mnp.sum(x * coef, axis=1, keepdims=True) + mnp.sin(x[:, :1])
    return x, y


def main():
    ms.set_context(mode=ms.PYNATIVE_MODE, jit_syntax_level=ms.STRICT)
    ms.set_seed(7)
    x, y = make_data()
    net = Regressor()
    for name, p in net.parameters_and_names():
        p.set_data(Tensor(np.random.RandomState(len(name)).uniform(-0.3, 0.3, p.shape).astype(np.float32)))
    net.scale[0] = 0.5                          # item assignment on a Parameter
    optimizer = nn.Adam(net.trainable_params(), learning_rate=0.05)
    loss_fn = nn.MSELoss()

    def forward(inputs, targets):
        return loss_fn(net(inputs), targets)

    grad_fn = ms.value_and_grad(forward, None, optimizer.parameters)
    losses = []
    for step in range(20):
        loss, grads = grad_fn(x, y)
        optimizer(grads)
        losses.append(float(loss.asnumpy()))
        if step % 5 == 0:
            print(f"step {step}: loss {loss.asnumpy():.6f}")
    scale = net.scale.value()
    print(f"scale {scale.asnumpy()[0]:.6f}, mean |w| {mnp.mean(mnp.abs(net.hidden.weight)).asnumpy():.6f}")
    return {"losses": np.array(losses, np.float32), "scale": scale.asnumpy(),
            "prediction": net(x).asnumpy(), "x": x.asnumpy()}


if __name__ == "__main__":
    main()
