"""mindshim.migration.compare_training / `mindshim compare`: MindSpore script vs its PyTorch port, step by step."""
from __future__ import annotations

import json
import struct
import sys
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
import torch

import mindshim
from mindshim.migration import compare_training
from mindshim.migration import training
from mindshim.migration.report import write_html

EXAMPLES = Path(__file__).resolve().parents[2] / "migration_examples"


@pytest.fixture(autouse=True)
def _alias_on_cpu():
    mindshim.install_alias()
    mindshim.context.set_context(device_target="CPU")
    sys.path.insert(0, str(EXAMPLES))  # the wrong ports import their faithful port
    yield
    sys.path.remove(str(EXAMPLES))
    mindshim.uninstall_alias()


def _script(file_name: str):
    return training._load(str(EXAMPLES / file_name), f"_test_{file_name[:-3]}")


def _run(ms_name: str, torch_name: str, steps: int):
    ms_module = _script(ms_name)
    return compare_training(ms_module, _script(torch_name), ms_module.batches, steps=steps)


@pytest.mark.parametrize("pair", [("compare_lenet_ms.py", "compare_lenet_torch.py"),
                                  ("compare_resnet_ms.py", "compare_resnet_torch.py"),
                                  ("compare_loss_scale_ms.py", "compare_loss_scale_torch.py")])
def test_a_faithful_port_trains_the_same_for_every_step(pair):
    report = _run(*pair, steps=3)
    assert report.ok and report.first is None and report.walk is None, str(report)
    assert [r.step for r in report.steps] == [0, 1, 2]
    losses = [r.ms_loss for r in report.steps]
    assert len(set(losses)) == 3  # it really trained on three different batches
    for rec in report.steps:
        assert rec.ms_loss == pytest.approx(rec.torch_loss, rel=1e-5)
        assert all(t.grad_ratio <= 1 and t.update_ratio <= 1 for t in rec.tensors)
    # the weights moved, on both sides alike
    assert all(t.update_size > 0 for t in report.steps[0].tensors if t.grad_diff is not None)
    assert "no divergence" in str(report)


# (MindSpore script, wrong port, step, MindSpore layer, kind, tensor)
WRONG = [
    ("compare_lenet_ms.py", "compare_lenet_torch_wrong.py", 0, "conv1", "update", "conv1.weight"),        # seed 004's Adam for Momentum
    ("compare_resnet_ms.py", "compare_resnet_torch_wrong.py", 0, "block.conv1", "forward", None),         # torch padding for "same"
    ("compare_resnet_ms.py", "compare_resnet_torch_wrong_bn.py", 0, "block.bn1", "update", "block.bn1.moving_mean"),  # BN momentum
    ("compare_loss_scale_ms.py", "compare_loss_scale_torch_wrong.py", 2, "fc1", "gradient", "fc1.weight"),  # stale loss-scale unscale
]


@pytest.mark.parametrize("ms_name, torch_name, step, layer, kind, tensor", WRONG)
def test_each_wrong_port_is_caught_at_its_layer_and_step(ms_name, torch_name, step, layer, kind, tensor):
    report = _run(ms_name, torch_name, steps=step + 1)
    first = report.first
    assert not report.ok and first is not None, str(report)
    assert (first.step, first.layer, first.kind, first.tensor) == (step, layer, kind, tensor), str(report)
    assert all(rec.ok for rec in report.steps[:step])  # the steps before it agree
    assert not report.steps[step].ok
    assert f"first divergence: step {step}, layer {layer}" in str(report)
    assert report.walk is not None  # the layer walk ran on that step's batch


def test_the_forward_walk_names_the_first_layer_and_the_ones_before_agree():
    report = _run("compare_resnet_ms.py", "compare_resnet_torch_wrong.py", steps=1)
    rows = {r.ms_name: r for r in report.walk.rows}
    assert rows["stem"].ok and rows["stem_bn"].ok and rows["block.down.0"].ok
    assert not rows["block.conv1"].ok
    assert "layer walk at step 0" in str(report)


def test_the_heat_map_marks_only_the_wrong_layer():
    report = _run("compare_resnet_ms.py", "compare_resnet_torch_wrong_bn.py", steps=1)
    ratios = dict(zip(report.layers, report.layer_ratios()))
    assert ratios["block.bn1"][0] > 1
    assert all(row[0] <= 1 for name, row in ratios.items() if name != "block.bn1")


def test_the_walk_restores_the_trained_weights():
    # the walk runs from step 0's starting weights; training then goes on from the weights step 0 reached,
    # exactly as without a walk (the BatchNorm slip changes no training-mode loss)
    walked = _run("compare_resnet_ms.py", "compare_resnet_torch_wrong_bn.py", steps=2)
    plain = _run("compare_resnet_ms.py", "compare_resnet_torch.py", steps=2)
    assert walked.walk is not None and plain.walk is None
    assert [r.ms_loss for r in walked.steps] == [r.ms_loss for r in plain.steps]
    assert [r.torch_loss for r in walked.steps] == [r.torch_loss for r in plain.steps]


class _Parser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: dict[str, int] = {}
        self.titles: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        self._in_title = tag == "title"

    def handle_data(self, data):
        if self._in_title:
            self.titles.append(data)

    def handle_endtag(self, tag):
        self._in_title = False


def test_the_html_report_has_loss_curves_and_a_heat_map(tmp_path):
    report = _run("compare_loss_scale_ms.py", "compare_loss_scale_torch_wrong.py", steps=4)
    path = write_html(report, tmp_path / "report.html")
    parser = _Parser()
    parser.feed(path.read_text(encoding="utf-8"))
    assert parser.tags["svg"] == 2
    assert parser.tags["polyline"] == 2  # MindSpore and PyTorch losses
    assert parser.tags["rect"] >= len(report.layers) * 4
    assert any(t.startswith("fc1, step 2: ratio") for t in parser.titles)
    assert "first divergence: step 2, layer fc1" in path.read_text(encoding="utf-8")


def test_the_picture_is_html_without_matplotlib(tmp_path, monkeypatch):
    from mindshim.migration import report as report_module
    monkeypatch.setattr(report_module, "_have_matplotlib", lambda: False)
    report = _run("compare_lenet_ms.py", "compare_lenet_torch.py", steps=2)
    out = report.save_picture(tmp_path / "curves.png")
    assert out.suffix == ".html" and out.read_text(encoding="utf-8").count("<svg") == 2


def test_the_png_report_decodes(tmp_path):
    pytest.importorskip("matplotlib", reason="the PNG report needs the optional extra mindshim[report]")
    report = _run("compare_resnet_ms.py", "compare_resnet_torch_wrong.py", steps=2)
    path = report.save_picture(tmp_path / "report.png")
    data = path.read_bytes()
    assert path.suffix == ".png" and data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 100 and height > 100


def test_the_command_line_writes_json_and_report(tmp_path, capsys):
    json_path, html_path = tmp_path / "r.json", tmp_path / "r.html"
    rc = training.main([str(EXAMPLES / "compare_loss_scale_ms.py"), str(EXAMPLES / "compare_loss_scale_torch_wrong.py"),
                        "--steps", "3", "--json", str(json_path), "--report", str(html_path)])
    out = capsys.readouterr().out
    assert rc == 1 and "first divergence: step 2, layer fc1" in out
    data = json.loads(json_path.read_text())
    assert data["first_divergence"] == {"step": 2, "kind": "gradient", "layer": "fc1", "torch_layer": "fc1",
                                        "tensor": "fc1.weight"}
    assert [s["ok"] for s in data["steps"]] == [True, True, False]
    assert data["layers"] == ["fc1", "fc2", "fc3"] and len(data["layer_ratios"][0]) == 3
    assert "<svg" in html_path.read_text(encoding="utf-8")
    from mindshim.cli import main as cli_main  # `mindshim compare ...`
    rc = cli_main(["compare", str(EXAMPLES / "compare_lenet_ms.py"), str(EXAMPLES / "compare_lenet_torch.py"),
                   "--steps", "2"])
    assert rc == 0 and "no divergence" in capsys.readouterr().out


def test_the_command_line_reports_a_missing_script(capsys):
    assert training.main(["no_such_script.py", str(EXAMPLES / "compare_lenet_torch.py")]) == 2
    assert "no such script" in capsys.readouterr().err


# ----- the Python API with in-test networks -----

def _ms_side(loss_times: float = 1.0):
    from mindshim import nn

    def build():
        mindshim.set_seed(1)
        net = nn.Dense(3, 2)
        opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
        return net, opt, train

    def step(net, opt, train, batch):
        return train(*batch) * loss_times
    return build, step


def _torch_side(manual: bool = False, loss_times: float = 1.0):
    def build():
        net = torch.nn.Linear(3, 2)
        return net, (None if manual else torch.optim.SGD(net.parameters(), lr=0.1))

    def step(net, opt, batch):
        x, y = batch
        net.zero_grad()
        loss = torch.nn.functional.mse_loss(net(x), y)
        loss.backward()
        if opt is not None:
            opt.step()
        else:  # a hand-written update: gradients are read from .grad after the step
            with torch.no_grad():
                for p in net.parameters():
                    p -= 0.1 * p.grad
        return loss * loss_times
    return build, step


def _data(n):
    rng = np.random.RandomState(5)
    return [(rng.randn(4, 3).astype(np.float32), rng.randn(4, 2).astype(np.float32)) for _ in range(n)]


def test_build_step_pairs_and_a_hand_written_torch_update():
    assert compare_training(_ms_side(), _torch_side(), _data, steps=3).ok
    report = compare_training(_ms_side(), _torch_side(manual=True), _data(3), steps=3)
    assert report.ok, str(report)
    assert report.steps[0].tensors[0].grad_diff is not None  # gradients were caught on both sides


def test_a_loss_only_gap_is_reported_as_the_loss():
    report = compare_training(_ms_side(), _torch_side(loss_times=2.0), _data, steps=2)
    assert (report.first.step, report.first.kind, report.first.layer) == (0, "loss", None)
    assert "the loss differs" in str(report)


def test_random_batches_from_shapes_are_seeded():
    make = training._random_batches(["4x3", "4:int32:5"], seed=3)
    a, b = make(2), make(2)
    assert a[0][0].shape == (4, 3) and a[0][1].dtype == np.int32 and a[0][1].max() < 5
    np.testing.assert_array_equal(a[1][0], b[1][0])
    assert not np.array_equal(a[0][0], a[1][0])


def test_bad_sides_are_clear_errors():
    with pytest.raises(TypeError, match="must define build"):
        compare_training(object(), _torch_side(), _data, steps=1)
    with pytest.raises(ValueError, match="cannot pair the layers"):
        compare_training(_ms_side(), (lambda: (torch.nn.Sequential(torch.nn.Linear(3, 2), torch.nn.Linear(2, 2)),
                                               None), lambda *a: 0.0), _data, steps=1)


def test_a_step_without_an_optimizer_cell_still_compares_the_updates():
    from mindshim import nn, ops, value_and_grad

    def build():
        net = nn.Dense(3, 2)
        grad_fn = value_and_grad(lambda x, y: nn.MSELoss()(net(x), y), None, net.trainable_params())
        return net, None, grad_fn

    def step(net, _, grad_fn, batch, lr=0.1):
        loss, grads = grad_fn(*batch)
        for p, g in zip(net.trainable_params(), grads):
            ops.assign(p, p - lr * g)
        return loss

    report = compare_training((build, step), _torch_side(), _data, steps=3)
    assert report.ok, str(report)
    assert all(t.update_size > 0 and t.grad_diff is None for t in report.steps[0].tensors)
    wrong = compare_training((build, lambda *a: step(*a, lr=0.2)), _torch_side(), _data, steps=2)
    assert (wrong.first.step, wrong.first.kind, wrong.first.tensor) == (0, "update", "weight"), str(wrong)


def test_python_dash_m_mindshim_compare_runs_the_command(tmp_path):
    """`python -m mindshim compare ...` is the `mindshim compare` command, not a script named "compare"."""
    import subprocess
    res = subprocess.run([sys.executable, "-m", "mindshim", "compare", str(EXAMPLES / "compare_resnet_ms.py"),
                          str(EXAMPLES / "compare_resnet_torch_wrong_bn.py"), "--steps", "1"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert res.returncode == 1, res.stderr[-2000:]
    assert "first divergence: step 0, layer block.bn1" in res.stdout
