"""`mindshim check`: the static scan of a script and its local modules, each name's status, the CLI."""
from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from mindshim import cli
from mindshim._alias import alias_installed
from mindshim.migration import check
from mindshim.migration.check import CheckReport, scan

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = Path(__file__).resolve().parent / "scripts"
LEDGER = json.loads((ROOT / "tests" / "coverage" / "ledger.json").read_text())
NAMES = json.loads((ROOT / "tests" / "coverage" / "mindspore_names.json").read_text())
DIFFERENCES = (ROOT / "docs" / "differences.md").read_text()

_spec = importlib.util.spec_from_file_location("gen_migration_doc", ROOT / "tools" / "gen_migration_doc.py")
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)


def line_of(path: Path, text: str, nth: int = 0) -> int:
    return [i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line][nth]


def entry(report: CheckReport, name: str):
    found = [n for n in report.names if n.name == name]
    assert found, f"{name} not reported; got {[n.name for n in report.names]}"
    return found[0]


def where(report: CheckReport, name: str) -> set[tuple[str, int]]:
    return {(Path(u.file).name, u.line) for u in entry(report, name).uses}


def test_shipped_data_is_in_sync_with_the_ledger_and_the_differences_page():
    assert check.DATA_FILE.read_text() == gen.data_text(), "run tools/gen_migration_doc.py"
    recorded = json.loads(check.ATTRIBUTES_FILE.read_text())
    assert recorded["mindspore_version"] == NAMES["mindspore_version"]  # both recorded from the same MindSpore


def test_planted_unsupported_name_local_package_star_import_and_aliases():
    script = SCRIPTS / "planted_unsupported.py"
    report = scan(script)
    assert [Path(f).name for f in report.files] == ["planted_unsupported.py", "__init__.py", "layers.py", "losses.py"]
    planted = entry(report, "mindspore.StreamLimitCtx")
    assert planted.status == "unsupported" and planted.detail == LEDGER["mindspore.StreamLimitCtx"]
    assert where(report, "mindspore.StreamLimitCtx") == {("planted_unsupported.py", line_of(script, "ms.StreamLimitCtx"))}
    assert report.exit_status == 1 and [n.name for n in report.by_status("unsupported")] == ["mindspore.StreamLimitCtx"]
    assert entry(report, "mindspore.ops.reduce_meen").status == "unknown"  # a typo
    assert entry(report, "mindspore.ParallelMode.NO_SUCH_MODE").status == "unknown"
    assert entry(report, "mindspore.ParallelMode").status == "provided"  # .DATA_PARALLEL exists
    assert entry(report, "mindspore.Tensor.asnumpy").status == "provided"
    assert entry(report, "mindspore.ops.ReduceSum").status == "provided"  # `import mindspore.ops as P2`
    assert where(report, "mindspore.ops.ReduceSum") == {("planted_unsupported.py", line_of(script, "P2.ReduceSum"))}
    # `from mindspore.train.callback import LossMonitor` (r1.x path) is the 2.x name
    assert where(report, "mindspore.train.LossMonitor") == {("planted_unsupported.py", line_of(script, "LossMonitor", 0)),
                                                            ("planted_unsupported.py", line_of(script, "LossMonitor", 1))}
    layers = SCRIPTS / "mylib" / "layers.py"
    assert where(report, "mindspore.nn.SequentialCell") == {("layers.py", line_of(layers, "SequentialCell"))}  # star
    # `nn_alias` is re-exported by the local package: `nn_alias.Dense` in the script is nn.Dense
    assert ("planted_unsupported.py", line_of(script, "nn_alias.Dense")) in where(report, "mindspore.nn.Dense")
    assert ("losses.py", 5) in where(report, "mindspore.nn.LossBase")
    assert entry(report, "mindspore.ops.square").status == "provided"


def test_seed004_training_flow_and_its_local_modules():
    script = SCRIPTS / "seed004_training_flow.py"
    report = scan(script)
    assert {Path(f).name for f in report.files} == {"seed004_training_flow.py", "dataset.py", "lenet.py"}
    assert report.exit_status == 0 and not report.by_status("unknown")
    lenet = SCRIPTS / "src" / "lenet.py"
    # `conv = nn.Conv2d`: the alias line and both calls are uses of nn.Conv2d
    assert where(report, "mindspore.nn.Conv2d") == {("lenet.py", line_of(lenet, "conv = nn.Conv2d")),
                                                    ("lenet.py", line_of(lenet, "self.conv1")),
                                                    ("lenet.py", line_of(lenet, "self.conv2"))}
    assert entry(report, "mindspore.ops.ReduceMean").uses[0].written == "mindspore.ops.operations.ReduceMean"
    for name in ("mindspore.ModelCheckpoint", "mindspore.LossMonitor", "mindspore.Model", "mindspore.nn.Accuracy",
                 "mindspore.int32", "mindspore.dataset.MnistDataset", "mindspore.common.initializer.Normal"):
        assert entry(report, name).status == "provided", name
    resize = entry(report, "mindspore.dataset.vision.Resize")  # through the r1.x c_transforms module
    assert resize.status == "differs" and resize.link == "docs/differences.md#numerics"
    c_transforms = entry(report, "mindspore.dataset.vision.c_transforms")
    assert c_transforms.status == "differs" and "r1.x module paths" in c_transforms.detail
    typecast = entry(report, "mindspore.dataset.transforms.TypeCast")  # MindSpore 2.10 has no transforms.c_transforms
    assert typecast.status == "provided" and "MindSpore 2.10 has no name" in typecast.detail


def test_seed004_cells_and_seed002_block():
    cells = scan(SCRIPTS / "seed004_mindspore_cells.py")
    assert entry(cells, "mindspore.dataset.GeneratorDataset").status == "provided"
    assert entry(cells, "mindspore.nn.Momentum").status == "differs"
    assert {"mindspore.Model", "mindspore.ParallelMode", "mindspore.nn.Cell"} <= {n.name for n in cells.names}
    assert "mindspore.ops.GradOperation" not in {n.name for n in cells.names}  # the seed never imports ops
    block = scan(SCRIPTS / "seed002_cell_list.py")
    assert entry(block, "mindspore.nn.BatchNorm").status == "unknown"  # the guide means BatchNorm2d
    assert len(entry(block, "mindspore.nn.BatchNorm").uses) == 3
    for name in ("mindspore.nn.CellList", "mindspore.nn.SequentialCell", "mindspore.nn.Conv2d", "mindspore.nn.ReLU"):
        assert entry(block, name).status == "provided"
    assert block.exit_status == 0


def _check_against_the_data(report: CheckReport) -> None:
    headings = {gen.anchor(h) for h in re.findall(r"^## (.*)$", DIFFERENCES, re.M)}
    for n in report.names:
        assert n.uses and all(u.line > 0 for u in n.uses)
        ns, _, member = n.name.rpartition(".")
        if n.status in ("provided", "differs"):
            assert n.name not in LEDGER, n.name
        if n.status == "differs":
            assert n.link.partition("#")[2] in headings and n.detail.rstrip(" .")[:60] in " ".join(DIFFERENCES.split())
        if n.status == "unknown":
            assert member not in NAMES["namespaces"].get(ns, ()), n.name


@pytest.mark.parametrize("script", sorted((ROOT / "migration_examples").glob("*.py")), ids=lambda p: p.name)
def test_every_migration_example_uses_only_provided_names(script):
    report = scan(script)
    assert not report.by_status("unsupported") and not report.by_status("unknown"), report.to_text()
    assert report.exit_status == 0
    _check_against_the_data(report)


def test_seed_scripts_in_migration_examples():
    seed003 = scan(ROOT / "migration_examples" / "seed003_train_cells.py")
    helper = entry(seed003, "mindspore.parallel._utils._get_parallel_mode")
    assert helper.status == "provided" and "private helper" in helper.detail
    assert entry(seed003, "mindspore.nn.TrainOneStepWithLossScaleCell").status == "differs"
    seed001 = scan(ROOT / "migration_examples" / "seed001_custom_loop.py")
    assert entry(seed001, "mindspore.ops.GradOperation").status == "provided"
    assert entry(seed001, "mindspore.train.DatasetHelper").status == "provided"
    for report in (seed001, seed003, scan(SCRIPTS / "planted_unsupported.py")):
        _check_against_the_data(report)


def test_the_script_is_never_run_and_the_alias_state_is_kept(tmp_path):
    script = tmp_path / "boom.py"
    script.write_text("raise SystemExit('executed')\nimport helper\nimport mindspore as ms\nnet = ms.nn.Dense(2, 3)\n")
    (tmp_path / "helper.py").write_text("def broken(:\n")
    before = alias_installed()
    report = scan(script)
    assert [(n.name, n.status) for n in report.names] == [("mindspore.nn.Dense", "provided")]
    assert alias_installed() == before
    assert len(report.warnings) == 1 and "helper.py: not scanned" in report.warnings[0]  # a broken local module


def test_cli(tmp_path, capsys):
    planted = str(SCRIPTS / "planted_unsupported.py")
    assert cli.main(["check", planted, "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["exit_status"] == 1 and data["summary"]["unsupported"] == 1
    assert {"name", "status", "detail", "link", "uses"} <= set(data["names"][0])
    assert cli.main(["check", planted]) == 1
    text = capsys.readouterr().out
    assert text.index("Unsupported") < text.index("Unknown") < text.index("Provided")
    assert "mindspore.StreamLimitCtx  -- " + LEDGER["mindspore.StreamLimitCtx"] in text
    assert cli.main(["check", str(SCRIPTS / "seed002_cell_list.py")]) == 0
    capsys.readouterr()
    assert cli.main(["check", str(tmp_path / "missing.py")]) == 2
    assert "no such script" in capsys.readouterr().err
    bad = tmp_path / "bad.py"
    bad.write_text("def broken(:\n")
    assert cli.main(["check", str(bad)]) == 2
    assert cli.main(["check"]) == 2
    assert cli.main(["check", "--help"]) == 0
    assert "Exit status 1" in capsys.readouterr().out


def test_differences_parser():
    names = {"mindspore.nn": {"Momentum", "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "RReLU"},
             "mindspore.ops": {"diag"}, "mindspore.numpy": {"array"}, "mindspore": {"Tensor"}}
    page = ("# T\n\n## Numerics here (issue 1)\n- `nn.Momentum(use_nesterov=True)`: text, and `ops.*` functions;\n"
            "  InstanceNorm1d/2d/3d and RReLU continue.\n\n## Other\n- `mindspore.numpy` follows; `ops.diag` too.\n"
            "- Tensor in plain text is not a reference; `x.sum(axis=1)` neither.\n")
    found = gen.parse_differences(page, names)
    assert set(found) == {"mindspore.nn.Momentum", "mindspore.nn.InstanceNorm1d", "mindspore.nn.InstanceNorm2d",
                          "mindspore.nn.InstanceNorm3d", "mindspore.nn.RReLU", "mindspore.numpy", "mindspore.ops.diag"}
    assert found["mindspore.nn.Momentum"]["anchor"] == "numerics-here-issue-1"
    assert found["mindspore.numpy"]["scope"] == "module" and found["mindspore.ops.diag"]["anchor"] == "other"
    assert "continue" in found["mindspore.nn.RReLU"]["text"]
