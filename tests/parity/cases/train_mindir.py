"""Parity: MindIR export + mindspore.load + nn.GraphCell (outputs, parameter names), mindspore.load_mindir /
save_mindir on the file's ModelProto, and the argument errors. File bytes differ (MindSpore also writes its
side-effect nodes), so cases compare what a user observes."""
import os
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, pad_mode="same", has_bias=True)
        self.fc = nn.Dense(2 * 4 * 4, 3)
        self.flatten = nn.Flatten()

    def construct(self, x):
        return ops_softmax(self.fc(self.flatten(nn.ReLU()(self.conv(x)))))


def ops_softmax(x):
    return ms.ops.softmax(x, -1)


def _net():
    net = _Net()
    rng = np.random.RandomState(0)
    for p in sorted(net.get_parameters(), key=lambda q: q.name):
        p.set_data(Tensor(rng.standard_normal(p.shape).astype(np.float32) * 0.5))
    net.set_train(False)
    return net


def _x():
    return Tensor(np.linspace(-1, 1, 32, dtype=np.float32).reshape(2, 1, 4, 4))


def case_export_load_graph_cell():
    with tempfile.TemporaryDirectory() as d:
        ms.export(_net(), _x(), file_name=os.path.join(d, "net"), file_format="MINDIR")
        graph = ms.load(os.path.join(d, "net.mindir"))
        cell = nn.GraphCell(graph)
        out = cell(_x())
        return {"files": sorted(os.listdir(d)), "out": out.asnumpy(), "net": _net()(_x()).asnumpy(),
                "params": sorted(p.name for p in cell.get_parameters()),
                "read_only": os.stat(os.path.join(d, "net.mindir")).st_mode & 0o777}


def case_graph_cell_params_init():
    with tempfile.TemporaryDirectory() as d:
        ms.export(_net(), _x(), file_name=os.path.join(d, "net"), file_format="MINDIR")
        zeros = {"fc.weight": Tensor(np.zeros((3, 32), np.float32)), "fc.bias": Tensor(np.ones(3, np.float32))}
        return nn.GraphCell(ms.load(os.path.join(d, "net.mindir")), params_init=zeros)(_x()).asnumpy()


def case_load_mindir_model_proto():
    with tempfile.TemporaryDirectory() as d:
        ms.export(_net(), _x(), file_name=os.path.join(d, "net.mindir"), file_format="MINDIR")
        model = ms.load_mindir(os.path.join(d, "net.mindir"))
        ms.save_mindir(model, os.path.join(d, "copy"))
        again = ms.load_mindir(os.path.join(d, "copy.mindir"))
        return {"producer": model.producer_name, "ir_version": model.ir_version,
                "input_dims": [list(i.tensor[0].dims) for i in model.graph.input],
                "refs": sorted(p.ref_key for p in model.graph.parameter),
                "param_dims": sorted(list(p.dims) for p in model.graph.parameter),
                "same_after_save": again.SerializeToString() == model.SerializeToString(),
                "files": sorted(os.listdir(d))}


def case_load_errors():
    out = {}
    for label, args, kwargs in [("suffix", ("net.ckpt",), {}), ("missing", ("/no/such/net.mindir",), {}),
                                ("not_str", (3,), {}), ("obf", ("net.mindir",), {"obf_func": None})]:
        try:
            ms.load(*args, **kwargs)
            out[label] = "ok"
        except Exception as err:  # noqa: BLE001 (the error type is the result)
            out[label] = type(err).__name__
    return out


def case_export_format_error():
    try:
        ms.export(_net(), _x(), file_name="net", file_format="PB")
    except ValueError as err:
        return str(err)
    return "no error"
