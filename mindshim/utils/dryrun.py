"""mindspore.utils.dryrun: `set_simulation()` sets MS_SIMULATION_LEVEL=1 and makes every host read of a tensor's value
(asnumpy, indexing, tolist, int/float, ...) log a warning once per call stack; `mock(value, *args)` returns `value`
in that mode, else the real result (args[0] if it is not callable, args[0]() or args[0](*args[1:])). mindshim has
no simulated device: values stay real, as they do on MindSpore's CPU build."""
from __future__ import annotations

import functools
import os
import traceback
from typing import Any, Callable

from mindshim import log as logger
from mindshim.common.tensor import Tensor

_READS = ("asnumpy", "__getitem__", "is_contiguous", "flush_from_cache", "tolist", "__int__", "__float__")


class TraceBack:
    """Wraps methods so that each distinct call stack logs the dryrun warning once."""

    def __init__(self) -> None:
        self.stack_str_set: set[str] = set()

    def inject(self, method: Callable) -> Callable:
        @functools.wraps(method)
        def new_method(*args: Any, **kwargs: Any) -> Any:
            stack = traceback.format_list(traceback.extract_stack())
            key = "".join(stack)
            if "Parameter" not in key and key not in self.stack_str_set:
                self.stack_str_set.add(key)
                logger.warning(f"In dryrun mode, you cannot obtain real tensor value, and the traceback is {{{stack}}}")
            return method(*args, **kwargs)
        return new_method


def set_simulation() -> None:
    os.environ["MS_SIMULATION_LEVEL"] = "1"
    tracer = TraceBack()
    for name in _READS:
        method = getattr(Tensor, name, None)
        if method is not None:
            setattr(Tensor, name, tracer.inject(method))


def mock(mock_val: Any, *args: Any) -> Any:
    if os.environ.get("MS_SIMULATION_LEVEL"):
        return mock_val
    if len(args) == 1:
        return args[0]() if callable(args[0]) else args[0]
    return args[0](*args[1:])
