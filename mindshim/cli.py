"""`mindshim run script.py [args...]` and `python -m mindshim script.py [args...]`.

Runs the script as `python script.py` would (sys.argv, `__name__ == "__main__"`, sys.path[0], exit
codes), with `import mindspore` resolving to mindshim.
"""
from __future__ import annotations

import os
import runpy
import sys

USAGE = """usage: mindshim run SCRIPT [ARGS...]
       mindshim run -m MODULE [ARGS...]
       mindshim msrun [--worker_num=N --local_worker_num=N ...] SCRIPT [ARGS...]
       mindshim check SCRIPT [--json]
       mindshim compare MS_SCRIPT TORCH_SCRIPT [OPTIONS]
       mindshim convert SRC DST
       python -m mindshim SCRIPT [ARGS...]

Runs a MindSpore script on PyTorch with `import mindspore` resolving to mindshim.
`mindshim COMMAND --help` describes each command."""

# subcommand -> "module:function"; each function takes argv (after the subcommand) and returns an exit status
SUBCOMMANDS = {
    "msrun": "mindshim._backend.launch:msrun_main",
    "check": "mindshim.migration.check:main",
    "compare": "mindshim.migration.training:main",
    "convert": "mindshim.migration.convert:main",
}


def run_script(argv: list[str]) -> int:
    from mindshim._alias import install_alias
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE)
        return 0 if argv else 2
    install_alias()
    if argv[0] == "-m":
        if len(argv) < 2:
            print(USAGE, file=sys.stderr)
            return 2
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        return 0
    script = argv[0]
    if not os.path.exists(script):
        print(f"mindshim: can't open file {script!r}: No such file or directory", file=sys.stderr)
        return 2
    sys.argv = list(argv)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "run":
        return run_script(argv[1:])
    if argv and argv[0] in SUBCOMMANDS:
        import importlib
        module, function = SUBCOMMANDS[argv[0]].split(":")
        return getattr(importlib.import_module(module), function)(argv[1:])
    if argv and argv[0] in ("-V", "--version"):
        from mindshim import __version__
        print(f"mindshim {__version__}")
        return 0
    print(USAGE, file=sys.stderr if argv else sys.stdout)
    return 2 if argv else 0


def _entry() -> None:
    sys.exit(main())
