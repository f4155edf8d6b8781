"""Shared test setup: every test starts from MindSpore's default global state."""
from __future__ import annotations

import getpass
import os
import tempfile

import pytest


@pytest.fixture(scope="session", autouse=True)
def _temp_files_under_pytest(tmp_path_factory: pytest.TempPathFactory):
    """Point tempfile (and subprocesses, via TMPDIR) at this run's pytest folder.

    Parity cases are ordinary MindSpore code that writes through ``tempfile.mkdtemp()``
    and never cleans up (a 50 MB MindRecord among them); pytest keeps only its last
    three runs' folders, so repeated runs no longer fill the disk. The compile cache
    stays where torch would put it, shared between runs.
    """
    os.environ.setdefault("TORCHINDUCTOR_CACHE_DIR", os.path.join(
        tempfile.gettempdir(), "torchinductor_" + getpass.getuser()))
    base = str(tmp_path_factory.mktemp("tempfile"))
    saved_dir, saved_env = tempfile.tempdir, os.environ.get("TMPDIR")
    tempfile.tempdir, os.environ["TMPDIR"] = base, base
    yield
    tempfile.tempdir = saved_dir
    if saved_env is None:
        os.environ.pop("TMPDIR", None)
    else:
        os.environ["TMPDIR"] = saved_env


@pytest.fixture(autouse=True)
def _reset_mindshim_state():
    """Reset the set/get global state (context, seeds, dataset config) before each test."""
    import mindshim.common.seed as seed
    import mindshim.context as context
    from mindshim.dataset.core import config as dataset_config
    for module in (context, seed, dataset_config):
        module._reset()
    yield
