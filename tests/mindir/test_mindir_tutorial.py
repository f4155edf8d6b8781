"""MindSpore's save/load tutorial (checkpoint + MindIR + GraphCell) runs unchanged under mindshim and prints
what real MindSpore 2.10 printed (fixtures/save_load_tutorial.stdout, from tools/make_mindir_fixtures.py)."""
from __future__ import annotations

import contextlib
import io
import os
import runpy

HERE = os.path.dirname(os.path.abspath(__file__))


def test_save_load_tutorial(ms, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(os.path.join(HERE, "save_load_tutorial.py"), run_name="__main__")
    with open(os.path.join(HERE, "fixtures", "save_load_tutorial.stdout")) as f:
        assert out.getvalue() == f.read()
    assert sorted(os.listdir(tmp_path)) == ["model.ckpt", "model.mindir"]
