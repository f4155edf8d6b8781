"""MindIR tests run the acceptance networks (tests/mindir/mindir_nets.py) through the `mindspore` alias, on CPU."""
from __future__ import annotations

import json
import os
import sys

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")


@pytest.fixture(scope="module")
def ms():
    import mindshim
    mindshim.install_alias()
    sys.path.insert(0, HERE)
    import mindspore
    yield mindspore
    sys.path.remove(HERE)
    mindshim.uninstall_alias()


@pytest.fixture(autouse=True)
def _cpu(ms):
    ms.set_context(device_target="CPU")


@pytest.fixture(scope="module")
def nets(ms):
    import mindir_nets
    return mindir_nets


@pytest.fixture(scope="module")
def oracle_arrays():
    with np.load(os.path.join(FIXTURES, "ms_outputs.npz")) as data:
        return dict(data)


@pytest.fixture(scope="module")
def verified():
    with open(os.path.join(FIXTURES, "mindshim_written_read_by_mindspore.json")) as f:
        return json.load(f)
