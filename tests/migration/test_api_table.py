"""The MindSpore -> PyTorch table of docs/migration.md: in sync with the code, and its mappings hold."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import numpy as np
import pytest
import torch

import mindshim
from mindshim.migration import api_table, copy_weights
from mindshim.migration.check import check_data

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("gen_migration_doc", ROOT / "tools" / "gen_migration_doc.py")
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)
NN_NAMES = set(json.loads((ROOT / "tests" / "coverage" / "mindspore_names.json").read_text())["namespaces"]["mindspore.nn"])


def test_doc_table_is_what_the_generator_gives_now():
    doc = gen.DOC.read_text()
    assert gen.BEGIN in doc and gen.END in doc
    assert doc == gen.render_doc(doc), "run tools/gen_migration_doc.py"
    for heading in ("## Before porting: `mindshim check`", "## Comparing training step by step",
                    "## Checkpoints to and from PyTorch", "## MindSpore -> PyTorch API table"):
        assert heading in doc


def test_every_row_names_a_real_mindspore_layer_and_a_torch_class():
    rows = api_table.rows(check_data()["differences"])
    nn_rows = [r for r in rows if r.mindspore.startswith("nn.")]
    assert {r.mindspore[3:] for r in nn_rows} <= NN_NAMES
    assert len({r.mindspore for r in rows}) == len(rows)
    for r in rows:
        if r.torch.startswith("torch."):  # a class (code snippets such as `loss.backward()` are prose)
            assert api_table._resolve(r.torch.split("(")[0]) is not None
        assert "|" not in r.port + r.parameters  # would break the markdown table
    linked = [r for r in rows if r.difference]
    assert any(r.mindspore == "nn.Momentum" for r in linked)


@pytest.mark.parametrize("spec", api_table.LAYERS, ids=lambda s: s[0])
def test_parameter_column_is_how_copy_weights_pairs_them(spec):
    ms_name, ms_args, torch_name, torch_args, _ = spec
    mindshim.set_context(device_target="CPU")
    ms_layer, torch_layer = api_table._build(ms_name, ms_args), api_table._build(torch_name, torch_args)
    with torch.no_grad():
        for i, t in enumerate(list(ms_layer.parameters()) + list(ms_layer.buffers())):
            if t.is_floating_point():
                torch.Tensor.as_subclass(t, torch.Tensor).copy_(torch.arange(t.numel()).reshape(t.shape) + i)
    copy_weights(ms_layer, torch_layer)  # raises if the layers cannot be paired
    text = api_table.parameter_mapping(ms_layer, torch_layer)
    ms_tensors = dict(ms_layer.named_parameters()) | dict(ms_layer.named_buffers())
    torch_tensors = dict(torch_layer.named_parameters()) | dict(torch_layer.named_buffers())
    pairs = re.findall(r"`([^`]+)`(?: -> `([^`]+)`)?", text)
    assert len(pairs) == sum(t.is_floating_point() for t in ms_tensors.values()) and "cannot" not in text
    for ms_side, torch_side in pairs:
        ms_t, t_t = ms_tensors[ms_side], torch_tensors[torch_side or ms_side]
        assert np.array_equal(torch.Tensor.as_subclass(ms_t, torch.Tensor).detach().reshape(-1).numpy(),
                              t_t.detach().reshape(-1).numpy()), (ms_side, torch_side)
    if ms_name == "nn.Conv1d":
        assert "(shape (4, 2, 1, 3) vs (4, 2, 3))" in text


def test_batchnorm_momentum_note_holds():
    """The table says torch's momentum = 1 - MindSpore's: the running statistics agree after a training step."""
    mindshim.set_context(device_target="CPU")
    ms_bn, torch_bn = mindshim.nn.BatchNorm2d(3, momentum=0.9), torch.nn.BatchNorm2d(3, momentum=0.1)
    x = np.random.RandomState(0).randn(4, 3, 5, 5).astype(np.float32)
    ms_bn.set_train(True)
    ms_bn(mindshim.Tensor(x))
    torch_bn.train()(torch.from_numpy(x))
    np.testing.assert_allclose(ms_bn.moving_mean.asnumpy(), torch_bn.running_mean.numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(ms_bn.moving_variance.asnumpy(), torch_bn.running_var.numpy(), rtol=1e-5, atol=1e-6)
