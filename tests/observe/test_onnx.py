"""ONNX export through torch.onnx: MindSpore's file naming and argument errors, a clear error without the `onnx`
package, and (when onnx and onnxruntime are installed) equal outputs in onnxruntime."""
from __future__ import annotations

import importlib.util
import os

import numpy as np
import pytest

import mindshim as ms
from mindshim import Tensor, nn
from mindshim.onnx.onnx_export import export, export_onnx, onnx_file_name

HAS_ONNX = importlib.util.find_spec("onnx") is not None


@pytest.fixture(autouse=True)
def _cpu():
    ms.set_context(device_target="CPU")


class VisionNet(nn.Cell):
    """Conv2d (valid and same), BatchNorm2d, ReLU, GELU, MaxPool2d, Flatten, Dense, softmax."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 4, 3, pad_mode="valid", has_bias=True)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU()
        self.conv2 = nn.Conv2d(4, 4, 3, pad_mode="same")
        self.gelu = nn.GELU()
        self.pool = nn.MaxPool2d(2, 2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(4 * 3 * 3, 5)
        self.softmax = nn.Softmax()

    def construct(self, x):
        x = self.relu(self.bn(self.conv1(x)))
        x = self.pool(self.gelu(self.conv2(x)))
        return self.softmax(self.fc(self.flatten(x)))


def _fixed_net() -> VisionNet:
    net = VisionNet()
    rng = np.random.RandomState(0)
    for param in net.get_parameters():
        param.set_data(Tensor(rng.uniform(0.5, 1.0, param.shape).astype(np.float32)))
    return net


def test_file_name_gets_onnx_suffix_unless_present(tmp_path):
    assert onnx_file_name(str(tmp_path / "net")) == str(tmp_path / "net.onnx")
    assert onnx_file_name(str(tmp_path / "net.onnx")) == str(tmp_path / "net.onnx")
    assert onnx_file_name("rel/net") == os.path.realpath("rel/net") + ".onnx"


def test_argument_errors_come_before_the_onnx_requirement(tmp_path):
    x = Tensor(np.ones((1, 3, 8, 8), np.float32))
    with pytest.raises(ValueError, match="only support nn.Cell object"):
        export_onnx(lambda t: t, (x,), str(tmp_path / "f"))
    with pytest.raises(ValueError, match="'input_names' must be list"):
        export_onnx(VisionNet(), (x,), str(tmp_path / "f"), input_names="x")
    with pytest.raises(ValueError, match="only support customized encryption"):
        export_onnx(VisionNet(), (x,), str(tmp_path / "f"), enc_key=b"0" * 16, enc_mode="AES-GCM")


@pytest.mark.skipif(HAS_ONNX, reason="the onnx package is installed")
def test_without_onnx_the_error_names_the_extra(tmp_path):
    with pytest.raises(ImportError, match=r"pip install mindshim\[onnx\]"):
        export_onnx(_fixed_net(), (Tensor(np.ones((1, 3, 8, 8), np.float32)),), str(tmp_path / "net"))
    assert not (tmp_path / "net.onnx").exists()
    with pytest.raises(ImportError, match=r"mindshim\[onnx\]"):  # the same through mindspore.export
        ms.export(_fixed_net(), Tensor(np.ones((1, 3, 8, 8), np.float32)), file_name=str(tmp_path / "net"),
                  file_format="ONNX")


def test_onnxruntime_gives_the_same_outputs(tmp_path):
    pytest.importorskip("onnx", reason="onnx (pip install mindshim[onnx]) is not installed")
    ort = pytest.importorskip("onnxruntime", reason="onnxruntime is not installed")
    net = _fixed_net()
    net.set_train(True)
    x = Tensor(np.random.RandomState(1).rand(2, 3, 8, 8).astype(np.float32))
    export(net, x, file_name=str(tmp_path / "vision"), input_names=["x"])
    assert net.training  # the mode is restored after exporting in inference mode
    net.set_train(False)
    session = ort.InferenceSession(str(tmp_path / "vision.onnx"))
    (got,) = session.run(None, {"x": x.asnumpy()})
    np.testing.assert_allclose(got, net(x).asnumpy(), rtol=1e-4, atol=1e-6)
