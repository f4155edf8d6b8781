"""Shared test setup: every test starts from MindSpore's default global state."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _reset_mindshim_state():
    """Reset the set/get global state (context, seeds, dataset config) before each test."""
    import mindshim.common.seed as seed
    import mindshim.context as context
    from mindshim.dataset.core import config as dataset_config
    for module in (context, seed, dataset_config):
        module._reset()
    yield
