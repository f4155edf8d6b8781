"""The coverage ledger never rots: every MindSpore 2.10 public name is provided or written down with
its reason, a provided name is not in the ledger, and docs/coverage.md is the generated page."""
import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("gen_coverage", ROOT / "tools" / "gen_coverage.py")
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)


def test_every_name_is_provided_or_in_the_ledger_with_a_reason():
    status = gen.scan()
    ledger = json.loads(gen.LEDGER.read_text())
    missing = {f"{ns}.{n}" for ns, members in status.items() for n, ok in members.items() if not ok}
    unexplained = sorted(missing - set(ledger))
    stale = sorted(set(ledger) - missing)
    assert not unexplained, f"missing without a ledger entry: {unexplained[:20]}"
    assert not stale, f"ledger lists names that are now provided (remove them): {stale[:20]}"
    assert all(reason.strip() for reason in ledger.values())


def test_coverage_page_is_up_to_date():
    status = gen.scan()
    ledger = json.loads(gen.LEDGER.read_text())
    assert gen.PAGE.read_text() == gen.write_page(status, ledger), "run tools/gen_coverage.py"


def test_core_training_names_are_provided():
    status = gen.scan()
    for ns, name in [("mindspore", "Tensor"), ("mindspore", "Parameter"), ("mindspore.nn", "Cell"),
                     ("mindspore.nn", "TrainOneStepCell"), ("mindspore.nn", "Dense"), ("mindspore.ops", "GradOperation")]:
        assert status[ns][name], f"{ns}.{name}"
