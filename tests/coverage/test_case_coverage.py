"""Every name the ledger counts as provided is exercised by a parity case (or is the same object as a name that is):
the name appears in the case files' source (for the API-breadth namespaces, in their own case files). A textual
check, cheap and strict enough to catch a table entry nobody ever called."""
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("gen_coverage", ROOT / "tools" / "gen_coverage.py")
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)

CASES = ROOT / "tests" / "parity" / "cases"
# namespace -> the case files that exercise it (glob patterns)
NAMESPACES = {
    "mindspore.Tensor": ["tensor_*.py", "common_tensor*.py"],
    "mindspore.numpy": ["numpy_*.py"],
    "mindspore.mint": ["mint_*.py"],
    "mindspore.mint.linalg": ["mint_*.py"],
    "mindspore.mint.special": ["mint_*.py"],
    "mindspore.mint.nn": ["mint_nn*.py"],
    "mindspore.mint.nn.functional": ["mint_nn*.py"],
    "mindspore.mint.optim": ["mint_optim*.py", "mint_nn*.py"],
    "mindspore.scipy.linalg": ["scipy_*.py"],
}
EVERY_CASE = ["*.py"]  # the other namespaces: any case file
SKIPPED = {"mindspore.ops"}  # its sweeps build many names from tables (getattr(ops, "coo_" + name)): not textual


def _source(patterns: list[str]) -> str:
    return "\n".join(p.read_text() for pattern in patterns for p in sorted(CASES.glob(pattern)))


@pytest.mark.parametrize("namespace", sorted(set(gen.scan()) - SKIPPED))
def test_every_provided_name_has_a_parity_case(namespace):
    status = gen.scan()[namespace]
    owner = gen.resolve(namespace)
    source = _source(NAMESPACES.get(namespace, EVERY_CASE))
    method = namespace == "mindspore.Tensor"
    called = {n for n, ok in status.items() if ok and re.search((r"\." if method else r"\b") + re.escape(n) + r"\b",
                                                                 source)}
    objects = {id(getattr(owner, n)) for n in called}
    uncovered = sorted(n for n, ok in status.items() if ok and n not in called and id(getattr(owner, n)) not in objects)
    assert not uncovered, f"{namespace}: provided but in no parity case: {uncovered}"
