"""Model.train / eval / fit on fixed weights and data: printed LossMonitor lines, metrics, final weights."""
import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import Tensor, nn
from mindspore.train import Accuracy, Loss, LossMonitor, Model
from parity_capture import captured_stdout

TOLERANCES = {
    "train_then_eval": {"rtol": 1e-5, "atol": 1e-5, "why": "losses printed as float64 reprs of float32 values"},
}


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        rng = np.random.RandomState(3)
        self.fc1 = nn.Dense(4, 8)
        self.fc2 = nn.Dense(8, 3)
        self.relu = nn.ReLU()
        for p in self.trainable_params():
            p.set_data(Tensor((rng.randn(*p.shape) * 0.3).astype(np.float32)))

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def _data(seed=0, n=24):
    rng = np.random.RandomState(seed)
    x = rng.randn(n, 4).astype(np.float32)
    y = (np.abs(x[:, 0]) * 2).astype(np.int32) % 3
    return ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(6)


def _model():
    net = _Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    return Model(net, loss, opt, metrics={"acc": Accuracy(), "loss": Loss()}), net


def _parse(lines):
    out = []
    for line in lines:
        head, loss = line.rsplit(" ", 1)
        out.append([head, float(loss)])
    return out


def case_train_then_eval():
    model, net = _model()
    with captured_stdout() as lines:
        model.train(2, _data(), callbacks=[LossMonitor(2)])
    result = model.eval(_data(seed=1))
    return {"lines": _parse(lines), "eval": result, "fc2_weight": net.fc2.weight.asnumpy()}


def case_predict():
    model, _ = _model()
    return model.predict(Tensor(np.ones((2, 4), np.float32))).asnumpy()


def case_fit_with_validation():
    model, net = _model()
    with captured_stdout() as lines:
        model.fit(2, _data(), _data(seed=1), callbacks=[LossMonitor(4)])
    evals = [ln for ln in lines if ln.startswith("Eval result")]
    return {"n_loss_lines": len([ln for ln in lines if ln.startswith("epoch:")]), "n_eval_lines": len(evals),
            "fc1_bias": net.fc1.bias.asnumpy()}
