"""MindIR files written by real MindSpore 2.10 (tools/make_mindir_fixtures.py) run under mindshim:
mindspore.load + nn.GraphCell, mindspore.load_mindir / save_mindir, and the wire codec."""
from __future__ import annotations

import os

import numpy as np
import pytest

from mindshim._errors import UnsupportedError
from mindshim.train._mindir import proto

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
NAMES = ["vision", "encoder", "misc", "strided", "norm", "reduce", "transformer"]


def _path(name: str) -> str:
    return os.path.join(FIXTURES, f"ms_{name}.mindir")


def _inputs(ms, arrays: dict, name: str) -> list:
    keys = sorted(k for k in arrays if k.startswith(f"{name}.input"))
    return [ms.Tensor(arrays[k]) for k in keys]


@pytest.mark.parametrize("name", NAMES)
def test_graph_cell_runs_mindspore_export(ms, oracle_arrays, name):
    graph = ms.load(_path(name))
    cell = ms.nn.GraphCell(graph)
    out = cell(*_inputs(ms, oracle_arrays, name))
    outs = out if isinstance(out, tuple) else (out,)
    assert len(outs) == len([k for k in oracle_arrays if k.startswith(f"{name}.graph")])
    for i, o in enumerate(outs):
        assert isinstance(o, ms.Tensor)
        np.testing.assert_allclose(o.asnumpy(), oracle_arrays[f"{name}.graph{i}"], rtol=1e-4, atol=1e-6)


def test_graph_cell_parameters_carry_mindspore_names(ms, nets):
    cell = ms.nn.GraphCell(ms.load(_path("vision")))
    names = {p.name for p in cell.get_parameters()}
    assert names == {p.name for p in nets.fixed_net("vision").get_parameters()}
    assert "conv1.weight" in cell.parameters_dict()


def test_params_init_replaces_weights(ms, oracle_arrays):
    graph = ms.load(_path("vision"))
    zeros = {"fc.weight": ms.Tensor(np.zeros((5, 54), np.float32)), "fc.bias": ms.Tensor(np.zeros(5, np.float32))}
    out = ms.nn.GraphCell(graph, params_init=zeros)(*_inputs(ms, oracle_arrays, "vision"))
    np.testing.assert_allclose(out.asnumpy(), np.full((2, 5), 0.2, np.float32), rtol=1e-6)
    with pytest.raises(ValueError, match="not in the graph"):
        ms.nn.GraphCell(graph, params_init={"nope": zeros["fc.bias"]})


def test_graph_cell_and_load_errors(ms, tmp_path):
    with pytest.raises(TypeError, match="GraphCell"):
        ms.nn.GraphCell(object())
    with pytest.raises(ValueError, match="should end with '.mindir'"):
        ms.load("net.ckpt")
    with pytest.raises(ValueError, match="does not exist"):
        ms.load(str(tmp_path / "missing.mindir"))
    with pytest.raises(ValueError, match="must be string"):
        ms.load(3)
    with pytest.raises(NotImplementedError, match="obfuscation"):
        ms.load(_path("vision"), obf_func=None)
    with pytest.raises(UnsupportedError, match="dec_key"):
        ms.load(_path("vision"), dec_key=b"0" * 16)
    bad = tmp_path / "bad.mindir"
    bad.write_bytes(b"\xff\xff\xff")
    with pytest.raises(RuntimeError, match="Load MindIR failed"):
        ms.load(str(bad))


def test_unknown_operator_is_named(ms, tmp_path):
    model = proto.decode(open(_path("vision"), "rb").read())
    for prim in model["primitives"]:
        if prim["op_type"] == "ReLU":
            prim["op_type"] = "FancyReLU"
    path = tmp_path / "odd.mindir"
    path.write_bytes(proto.encode(model))
    with pytest.raises(UnsupportedError, match="'FancyReLU'"):
        ms.load(str(path))


@pytest.mark.parametrize("name", NAMES)
def test_codec_round_trips_mindspore_bytes(name):
    data = open(_path(name), "rb").read()
    model = proto.decode(data)
    assert model["producer_name"] == "MindSpore"
    assert proto.encode(model) == data


def test_codec_scalars_packed_and_bad_wire_types(ms, tmp_path):
    tp = {"dims": [2, -1], "data_type": 7, "float_data": [1.5], "double_data": [0.25], "name": "t"}
    assert proto.decode(proto.encode(tp, "TensorProto"), "TensorProto") == tp
    packed = bytes([0x0A, 0x02, 0x04, 0x05])  # dims packed as one length-delimited run
    assert proto.decode(packed, "TensorProto") == {"dims": [4, 5]}
    with pytest.raises(proto.MindIRFormatError, match="wire type"):
        proto.decode(bytes([0x38, 0x05]), "TensorProto")  # name (a string) sent as a varint
    ckpt = tmp_path / "not_a_model.mindir"
    ckpt.write_bytes(bytes([0x0A, 0x00]))  # a valid message with only an empty ir_version
    with pytest.raises(RuntimeError, match="Load MindIR failed"):
        ms.load(str(ckpt))


def test_load_mindir_and_save_mindir(ms, tmp_path):
    model = ms.load_mindir(_path("vision"))
    assert model.graph.input[0].tensor[0].dims == [2, 3, 8, 8]
    refs = [p.ref_key for p in model.graph.parameter]
    assert "conv1.weight" in refs and "fc.bias" in refs
    ops = {p.op_type for p in model.primitives}
    assert {"Conv2D", "BatchNorm", "MaxPool", "MatMul", "Softmax"} <= ops
    assert model.graph.doc_string == "" and not model.HasField("doc_string")
    model.doc_string = "edited"
    ms.save_mindir(model, str(tmp_path / "copy"))
    again = ms.load_mindir(str(tmp_path / "copy.mindir"))
    assert again.doc_string == "edited"
    assert again.graph.SerializeToString() == model.graph.SerializeToString()
    with pytest.raises(TypeError, match="ModelProto"):
        ms.save_mindir({}, str(tmp_path / "x"))
    with pytest.raises(ValueError, match="illegal"):
        ms.load_mindir("bad name!.mindir")
