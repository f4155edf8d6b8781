"""Write parity goldens by running the case files under REAL MindSpore 2.10.

    /work/ms-oracle/bin/python tools/make_goldens.py [module ...]     # from the repo root

Runs every `case_*` of `tests/parity/cases/<module>.py` (all modules when none are named) and writes
`tests/parity/goldens/<module>.json`. mindshim is never importable here: nothing of the repo is put
on sys.path (the helpers and cases are loaded by file path), and the script refuses to run when
`import mindspore` does not come from outside the repo. Goldens are only ever made this way.
"""
from __future__ import annotations

import importlib.util
import json
import os
import sys
import traceback
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PARITY = REPO / "tests" / "parity"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _real_mindspore():
    sys.path[:] = [p for p in sys.path if Path(p or os.getcwd()).resolve() not in (REPO, REPO / "tools")]
    import mindspore
    where = Path(mindspore.__file__).resolve()
    assert REPO not in where.parents, f"refusing: 'mindspore' resolves inside the repo ({where})"
    assert not mindspore.__name__.startswith("mindshim") and "mindshim" not in sys.modules, "mindshim imported"
    return mindspore


def _flush_pending_error() -> None:
    """MindSpore's PyNative backend raises a kernel's error at a later sync and keeps it pending after it is
    caught; without this, the next case would record the previous case's error as its own."""
    from mindspore.common.api import _pynative_executor
    try:
        _pynative_executor.sync()
    except Exception:  # noqa: BLE001 - it belongs to the previous case, already recorded
        pass


def main(argv: list[str]) -> int:
    ms = _real_mindspore()
    loader = _load("parity_loader", PARITY / "loader.py")
    codec = loader.load_helper("codec")
    modules = argv or loader.case_modules()
    failed_to_import = 0
    for module_name in modules:
        if not (loader.CASES_DIR / f"{module_name}.py").exists():
            print(f"{module_name}: no such case file {loader.CASES_DIR / (module_name + '.py')}")
            return 2
        try:
            module = loader.import_cases(module_name)
        except Exception:
            traceback.print_exc()
            print(f"{module_name}: FAILED TO IMPORT (no golden written)")
            failed_to_import += 1
            continue
        ms.set_context(**loader.context_kwargs(module))
        cases = {}
        for case in loader.case_names_in_file(module_name):
            _flush_pending_error()
            try:
                result = codec.encode(loader.run_case(module, case), f"{module_name}::{case}")
                summary = "ok"
            except Exception as exc:  # recorded: mindshim must raise the same type
                if isinstance(exc, TypeError) and "cannot record" in str(exc):
                    raise
                result = codec.encode_error(exc)
                summary = "raises " + result[codec.ERROR_KEY].split("\n")[0][:100]
            cases[case] = result
            print(f"{module_name}::{case}: {summary}")
        golden = {"mindspore_version": ms.__version__, "cases": cases}
        out = loader.GOLDENS_DIR / f"{module_name}.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(golden, sort_keys=True, indent=1) + "\n")
        print(f"{module_name}: {len(cases)} cases -> {out.relative_to(REPO)}")
    return 1 if failed_to_import else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
