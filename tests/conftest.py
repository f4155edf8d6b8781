"""Shared test setup: every test starts from MindSpore's default global state."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _reset_mindshim_state():
    """Reset context, seed and other set/get state before each test (reset hooks guarded: not all exist yet)."""
    import mindshim.common.seed as seed
    import mindshim.context as context
    for module in (context, seed):
        if hasattr(module, "_reset"):
            module._reset()
    yield
