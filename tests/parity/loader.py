"""Find and import parity case modules by file path (shared by tools/make_goldens.py and the tests).

Nothing is added to sys.path: `capture.py` is registered as `parity_capture`, each shared helper of the
cases folder (`cases/_<name>.py`) as `parity_<name>` (a case file just `import parity_nn_common`), and
each case file is imported as `parity_case_<module>`, so `import mindspore` inside it resolves to whatever the
process provides (real MindSpore in the oracle venv, mindshim under the alias in pytest).
"""
from __future__ import annotations

import ast
import functools
import importlib.util
import json
import sys
import types
from pathlib import Path
from typing import Any, Callable

PARITY_DIR = Path(__file__).resolve().parent
CASES_DIR = PARITY_DIR / "cases"
GOLDENS_DIR = PARITY_DIR / "goldens"
CASE_PREFIX = "case_"


def _load_file(name: str, path: Path) -> types.ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def load_helper(name: str) -> types.ModuleType:
    """A helper file of this folder (`codec`, `compare`, `ledger`, `capture`) as module `parity_<name>`."""
    return _load_file(f"parity_{name}", PARITY_DIR / f"{name}.py")


def register_capture() -> None:
    load_helper("capture")


def register_case_helpers() -> None:
    for path in sorted(CASES_DIR.glob("_*.py")):
        _load_file(f"parity{path.stem}", path)


@functools.lru_cache(maxsize=None)  # files do not change during a run
def case_modules() -> list[str]:
    return sorted(p.stem for p in CASES_DIR.glob("*.py") if not p.name.startswith("_"))


def golden_modules() -> list[str]:
    return sorted(p.stem for p in GOLDENS_DIR.glob("*.json"))


@functools.lru_cache(maxsize=None)
def compiled_pass(module: str) -> bool:
    """Whether a module's cases also run compiled; a module that sweeps API breadth (calls whose compiled form
    is another module's case) sets `COMPILED_PASS = False` to keep the suite's time down."""
    tree = ast.parse((CASES_DIR / f"{module}.py").read_text(), filename=f"{module}.py")
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "COMPILED_PASS" for t in node.targets):
            return bool(ast.literal_eval(node.value))
    return True


@functools.lru_cache(maxsize=None)  # files do not change during a run
def case_names_in_file(module: str) -> list[str]:
    """The `case_*` functions a case file defines, read without importing it."""
    tree = ast.parse((CASES_DIR / f"{module}.py").read_text(), filename=f"{module}.py")
    return [n.name[len(CASE_PREFIX):] for n in tree.body
            if isinstance(n, ast.FunctionDef) and n.name.startswith(CASE_PREFIX)]


def import_cases(module: str) -> types.ModuleType:
    register_capture()
    register_case_helpers()
    return _load_file(f"parity_case_{module}", CASES_DIR / f"{module}.py")


def case_function(module: types.ModuleType, case: str) -> Callable[[], Any]:
    return getattr(module, CASE_PREFIX + case)


def read_golden(module: str) -> dict:
    return json.loads((GOLDENS_DIR / f"{module}.json").read_text())


def run_case(module: types.ModuleType, case: str) -> Any:
    """Call one case with numpy's global seed fixed (cases should use their own RandomState anyway)."""
    import numpy as np
    np.random.seed(0)
    return case_function(module, case)()


def tolerance(module: types.ModuleType, case: str) -> tuple[float | None, float | None]:
    """(rtol, atol) from the module's TOLERANCES (keyed `name` or `case_name`); None means default."""
    table = getattr(module, "TOLERANCES", {})
    entry = table.get(case) or table.get(CASE_PREFIX + case) or {}
    return entry.get("rtol"), entry.get("atol")


def context_kwargs(module: types.ModuleType) -> dict:
    """The context a module's cases run under: CPU PyNative unless it sets CONTEXT."""
    return dict(getattr(module, "CONTEXT", None) or {"mode": 1, "device_target": "CPU"})
