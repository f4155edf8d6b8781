"""Run every parity case under mindshim and compare with the golden recorded from real MindSpore.

See docs/parity.md. Ids are `module::case`; entries of ledger.EXPECTED_FAILURES run as strict xfails.
"""
from __future__ import annotations

import functools
import importlib.util
import sys
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("parity_loader", Path(__file__).with_name("loader.py"))
loader = sys.modules.setdefault("parity_loader", importlib.util.module_from_spec(_spec))
if not hasattr(loader, "case_modules"):
    _spec.loader.exec_module(loader)
codec = loader.load_helper("codec")
compare = loader.load_helper("compare")
ledger = loader.load_helper("ledger")
_read_golden = functools.lru_cache(maxsize=None)(loader.read_golden)  # one parse per file per run


def _golden_pairs() -> list[tuple[str, str]]:
    return [(m, c) for m in loader.golden_modules() for c in sorted(_read_golden(m)["cases"])]


def _params() -> list:
    """Every case twice: as written (PyNative unless the module sets CONTEXT), and under GRAPH_MODE with
    the engine forced to compile (what CUDA gets by default), where numbers must not change."""
    params = []
    for compiled in (False, True):
        for module, case in _golden_pairs():
            if compiled and module in loader.case_modules() and not loader.compiled_pass(module):
                continue
            case_id = f"{module}::{case}"
            marks = []
            if case_id in ledger.EXPECTED_FAILURES:
                marks.append(pytest.mark.xfail(strict=True, reason=ledger.EXPECTED_FAILURES[case_id]))
            params.append(pytest.param(module, case, compiled, id=case_id + ("::graph_compiled" if compiled else ""),
                                       marks=marks))
    return params


@pytest.fixture(scope="module")
def mindspore_alias():
    import mindshim
    mindshim.install_alias()
    yield
    mindshim.uninstall_alias()


@pytest.mark.parametrize(("module", "case", "compiled"), _params())
def test_case_matches_mindspore(mindspore_alias, monkeypatch, module: str, case: str, compiled: bool) -> None:
    import mindspore as ms
    assert ms.__name__ == "mindshim", "the alias must map mindspore to mindshim here"
    cases = loader.import_cases(module)
    context = loader.context_kwargs(cases)
    if compiled:
        monkeypatch.setenv("MINDSHIM_COMPILE", "always")
        context = {**context, "mode": ms.GRAPH_MODE}
    ms.set_context(**context)
    try:
        _check_case(cases, module, case)
    finally:
        ms.set_context(mode=loader.context_kwargs(cases).get("mode", ms.PYNATIVE_MODE))


def _check_case(cases, module: str, case: str) -> None:
    golden = codec.decode(_read_golden(module)["cases"][case])
    if codec.is_error(golden):
        expected = codec.error_type(golden)
        try:
            result = loader.run_case(cases, case)
        except Exception as exc:
            assert type(exc).__name__ == expected, (
                f"MindSpore raises {golden[codec.ERROR_KEY]!r}; mindshim raised {type(exc).__name__}: {exc}")
            return
        pytest.fail(f"MindSpore raises {golden[codec.ERROR_KEY]!r}; mindshim returned {result!r}")
    rtol, atol = loader.tolerance(cases, case)
    compare.assert_parity(loader.run_case(cases, case), golden, rtol=rtol, atol=atol)


def test_every_case_has_a_golden() -> None:
    recorded = set(_golden_pairs())
    missing = [f"{m}::{c}" for m in loader.case_modules() for c in loader.case_names_in_file(m)
               if (m, c) not in recorded]
    assert not missing, ("cases without a golden; run `/work/ms-oracle/bin/python tools/make_goldens.py "
                         f"<module>`: {missing}")


def test_every_golden_has_a_case() -> None:
    stale = [f"{m}::{c}" for m, c in _golden_pairs()
             if m not in loader.case_modules() or c not in loader.case_names_in_file(m)]
    assert not stale, f"goldens whose case is gone; regenerate or delete them: {stale}"


def test_every_ledger_entry_names_a_golden_case() -> None:
    known = {f"{m}::{c}" for m, c in _golden_pairs()}
    stale = sorted(set(ledger.EXPECTED_FAILURES) - known)
    assert not stale, f"ledger entries for cases that do not exist: {stale}"


def test_every_tolerance_override_names_a_case_and_says_why() -> None:
    bad = []
    for m in loader.case_modules():
        source = (loader.CASES_DIR / f"{m}.py").read_text()
        if "TOLERANCES" not in source:
            continue
        names = set(loader.case_names_in_file(m))
        import ast
        for node in ast.parse(source).body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "TOLERANCES" for t in node.targets):
                table = ast.literal_eval(node.value)
                for key, entry in table.items():
                    name = key[len(loader.CASE_PREFIX):] if key.startswith(loader.CASE_PREFIX) else key
                    if name not in names or not entry.get("why"):
                        bad.append(f"{m}::{key}")
    assert not bad, f"TOLERANCES entries need an existing case and a 'why': {bad}"
