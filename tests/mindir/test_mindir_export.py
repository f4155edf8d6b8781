"""mindspore.export(..., file_format="MINDIR") on mindshim.

tools/make_mindir_fixtures.py had real MindSpore 2.10 load mindshim's exports of the acceptance networks with
`ms.load` + `nn.GraphCell` and record the sha256, the op list and MindSpore's outputs. A fresh export must be
the same bytes (so any change to the writer is caught without MindSpore), and mindshim's own outputs must be the
ones MindSpore computed from the file (rtol 1e-4).
"""
from __future__ import annotations

import hashlib
import os
import stat
import sys
import types

import numpy as np
import pytest

from mindshim._errors import UnsupportedError
from mindshim.train._mindir import proto

NAMES = ["vision", "encoder", "misc", "strided", "norm", "reduce", "transformer"]


def _op_list(path: str) -> list[str]:
    model = proto.decode(open(path, "rb").read())
    prims = {p["name"]: p["op_type"] for p in model.get("primitives", [])}
    return [prims.get(n["op_type"][5:], n["op_type"]) if n["op_type"].startswith("REF::") else n["op_type"]
            for n in model["graph"]["node"]]


@pytest.fixture(scope="module")
def exported(ms, tmp_path_factory):
    import mindir_export_helpers
    folder = str(tmp_path_factory.mktemp("export"))
    ms.set_context(device_target="CPU")
    return {name: mindir_export_helpers.export_one(name, folder) for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_export_matches_the_file_mindspore_verified(exported, verified, name):
    path = exported[name]
    assert _op_list(path) == verified[name]["ops"]
    assert hashlib.sha256(open(path, "rb").read()).hexdigest() == verified[name]["sha256"]


@pytest.mark.parametrize("name", NAMES)
def test_mindspore_computed_mindshim_outputs(ms, nets, verified, name):
    assert verified[name]["max_abs_diff_to_mindspore_net"] <= 1e-5
    ours = nets.as_list(nets.fixed_net(name)(*nets.inputs(name)))
    for a, b in zip(ours, verified[name]["outputs"]):
        np.testing.assert_allclose(a, np.asarray(b, np.float32), rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize("name", NAMES)
def test_export_reloads_in_mindshim(ms, nets, exported, name):
    cell = ms.nn.GraphCell(ms.load(exported[name]))
    assert sorted(p.name for p in cell.get_parameters()) == sorted(
        p.name for p in nets.fixed_net(name).get_parameters())
    for a, b in zip(nets.as_list(cell(*nets.inputs(name))), nets.as_list(nets.fixed_net(name)(*nets.inputs(name)))):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_export_vision_ops(exported):
    ops = _op_list(exported["vision"])
    for op in ("Conv2D", "BiasAdd", "BatchNorm", "ReLU", "GeLU", "MaxPool", "Flatten", "MatMul", "Softmax"):
        assert op in ops
    model = proto.decode(open(exported["vision"], "rb").read())
    conv = [p for p in model["primitives"] if p["op_type"] == "Conv2D"]
    modes = sorted(a["s"] for p in conv for a in p["attribute"] if a["name"] == "pad_mode")
    assert modes == [b"same", b"valid"]


def test_file_naming_and_mode(ms, nets, tmp_path):
    net = nets.fixed_net("vision")
    ms.export(net, *nets.inputs("vision"), file_name=str(tmp_path / "net"), file_format="MINDIR")
    path = tmp_path / "net.mindir"
    assert stat.S_IMODE(os.stat(path).st_mode) == stat.S_IRUSR
    ms.export(net, *nets.inputs("vision"), file_name=str(path), file_format="MINDIR")  # overwrites read-only
    assert not (tmp_path / "net.mindir.mindir").exists()
    assert net.training is False




def test_unmapped_operator_is_named(ms, tmp_path):
    class Net(ms.nn.Cell):
        def construct(self, x):
            return ms.ops.cumsum(x, 1) + 1

    with pytest.raises(UnsupportedError, match="cumsum"):
        ms.export(Net(), ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "n"),
                  file_format="MINDIR")


def test_in_place_change_is_not_silently_dropped(ms, tmp_path):
    class Net(ms.nn.Cell):
        def construct(self, x):
            y = x * 2
            y[0] = 5.0
            return y + 1

    with pytest.raises(UnsupportedError, match="__setitem__"):
        ms.export(Net(), ms.Tensor(np.ones((2, 3), np.float32)), file_name=str(tmp_path / "n"),
                  file_format="MINDIR")


def test_parameter_transpose_and_full_sum(ms, tmp_path):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="w")

        def construct(self, x):
            return ms.ops.matmul(x, self.w.T) + x.T.sum()

    x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
    ms.export(Net(), x, file_name=str(tmp_path / "t"), file_format="MINDIR")
    path = str(tmp_path / "t.mindir")
    assert _op_list(path).count("Transpose") == 2 and "SumExt" in _op_list(path)
    out = ms.nn.GraphCell(ms.load(path))(x)
    np.testing.assert_allclose(out.asnumpy(), Net()(x).asnumpy(), rtol=1e-6)


def test_export_argument_errors(ms, nets, tmp_path):
    net, x = nets.fixed_net("vision"), nets.inputs("vision")
    with pytest.raises(ValueError, match="file_format"):
        ms.export(net, *x, file_name=str(tmp_path / "a"), file_format="PB")
    with pytest.raises(UnsupportedError, match="AIR"):
        ms.export(net, *x, file_name=str(tmp_path / "a"), file_format="AIR")
    with pytest.raises(UnsupportedError, match="enc_key"):
        ms.export(net, *x, file_name=str(tmp_path / "a"), file_format="MINDIR", enc_key=b"0" * 16)
    with pytest.raises(UnsupportedError, match="obf_config"):
        ms.export(net, *x, file_name=str(tmp_path / "a"), file_format="MINDIR", obf_config={"a": 1})
    with pytest.raises(ValueError, match="illegal"):
        ms.export(net, *x, file_name=str(tmp_path / "a b"), file_format="MINDIR")
    with pytest.raises(TypeError):
        ms.export(net, *x, file_name=str(tmp_path / "a"))


def test_onnx_dispatches_to_the_onnx_exporter(ms, nets, monkeypatch, tmp_path):
    calls = []
    fake = types.ModuleType("mindshim.onnx.onnx_export")
    fake.export_onnx = lambda net, inputs, file_name, **kw: calls.append((net, inputs, file_name, kw))
    monkeypatch.setitem(sys.modules, "mindshim.onnx.onnx_export", fake)
    net, x = nets.fixed_net("vision"), nets.inputs("vision")
    ms.export(net, *x, file_name=str(tmp_path / "n"), file_format="ONNX")
    assert calls and calls[0][0] is net and calls[0][1] == tuple(x) and calls[0][2] == str(tmp_path / "n")
