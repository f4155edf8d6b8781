"""Counting helpers of the host-overhead tests (importable from any test: pytest puts tests/ on sys.path for its
conftest): aten ops reaching the dispatcher, and trips through `Tensor.__torch_function__`."""
from __future__ import annotations

import collections
from typing import Callable

from torch.utils._python_dispatch import TorchDispatchMode

from mindshim.common.tensor import Tensor


class AtenOps(TorchDispatchMode):
    def __init__(self) -> None:
        super().__init__()
        self.ops: collections.Counter = collections.Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.ops[func.overloadpacket.__name__] += 1
        return func(*args, **(kwargs or {}))


def count_aten_ops(fn: Callable[[], object]) -> collections.Counter:
    """The aten ops `fn()` dispatches (backward included when it runs one), by name."""
    with AtenOps() as mode:
        fn()
    return mode.ops


def record_torch_function(monkeypatch) -> list:
    """From now on (until the test ends), every call through `Tensor.__torch_function__`, by function name."""
    calls: list = []
    original = Tensor.__torch_function__.__func__

    def counting(cls, func, types, args=(), kwargs=None):
        calls.append(getattr(func, "__name__", func))
        return original(cls, func, types, args, kwargs)

    monkeypatch.setattr(Tensor, "__torch_function__", classmethod(counting))
    return calls
