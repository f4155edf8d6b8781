"""`mindshim run` / `python -m mindshim` behave like `python script.py`."""
import importlib.metadata
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCRIPT = textwrap.dedent("""
    import sys
    import mindspore as ms
    from mindspore import Tensor
    import helper_mod  # next to the script: sys.path[0] must be the script's folder
    print("name", __name__)
    print("argv", sys.argv)
    print("tensor", Tensor([1.0, 2.0]))
    if "--fail" in sys.argv:
        raise ValueError("boom")
    sys.exit(int(sys.argv[-1]) if sys.argv[-1].isdigit() else 0)
""")


def _write(tmp_path: Path) -> Path:
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    (tmp_path / "helper_mod.py").write_text("X = 1\n")
    return script


def test_python_dash_m_runs_script_with_argv_name_and_exit_code(tmp_path):
    script = _write(tmp_path)
    res = subprocess.run([sys.executable, "-m", "mindshim", str(script), "a", "3"], capture_output=True,
                         text=True, timeout=120, cwd=tmp_path)
    assert res.returncode == 3, res.stderr
    lines = res.stdout.splitlines()
    assert lines[0] == "name __main__"
    assert lines[1] == f"argv [{str(script)!r}, 'a', '3']"
    assert lines[2] == "tensor [1. 2.]"


def test_uncaught_exception_prints_traceback_and_exits_1(tmp_path):
    script = _write(tmp_path)
    res = subprocess.run([sys.executable, "-m", "mindshim", str(script), "--fail"], capture_output=True,
                         text=True, timeout=120)
    assert res.returncode == 1
    assert "ValueError: boom" in res.stderr
    assert "train.py" in res.stderr


def test_console_script_run_subcommand(tmp_path):
    prefix = Path(sys.prefix).resolve()
    bases = [Path(d.locate_file("")).resolve() for d in importlib.metadata.distributions(name="mindshim")]
    if not any(prefix in (b, *b.parents) for b in bases):
        # a checkout on PYTHONPATH (the GPU machine; another venv, which finds only the checkout's egg-info)
        pytest.skip("mindshim is not pip-installed into this interpreter, so no console script exists")
    script = _write(tmp_path)
    exe = shutil.which("mindshim", path=os.path.dirname(sys.executable))
    assert exe, "the mindshim console script is installed with the package"
    res = subprocess.run([exe, "run", str(script), "0"], capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "name __main__" in res.stdout


def test_missing_script_is_exit_2(tmp_path):
    res = subprocess.run([sys.executable, "-m", "mindshim", str(tmp_path / "nope.py")], capture_output=True,
                         text=True, timeout=120)
    assert res.returncode == 2
    assert "can't open file" in res.stderr
