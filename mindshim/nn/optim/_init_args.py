"""`opt_init_args_register` (MindSpore's `nn.optim.optimizer.opt_init_args_register`): an optimizer remembers the
arguments it was built with (`init_params`, `init_learning_rate`, `init_args`), which boost and model-zoo code use
to build a like optimizer. MindSpore decorates every built-in optimizer's __init__; user optimizers opt in."""
from __future__ import annotations

import functools
import inspect
from typing import Any, Callable


def opt_init_args_register(fn: Callable) -> Callable:
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def deco(self: Any, *args: Any, **kwargs: Any) -> None:
        from mindshim.nn.cell import Cell
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        arguments = dict(bound.arguments)
        arguments.pop("self")
        record = object.__setattr__  # before Cell.__init__ has run (as MindSpore sets them)
        if "params" in arguments:
            record(self, "init_params", {"params": arguments.pop("params")})
        if "optimizer" in arguments:
            record(self, "init_params", {"params": arguments.pop("optimizer").init_params["params"]})
        if "learning_rate" in arguments:
            rate = arguments.pop("learning_rate")
            rate = rate.asnumpy().tolist() if hasattr(rate, "asnumpy") and not isinstance(rate, Cell) else rate
            record(self, "init_learning_rate", None if isinstance(rate, Cell) else rate)
        record(self, "init_args", arguments)
        fn(self, *args, **kwargs)

    return deco


def register_builtin(cls: type) -> None:
    """Decorate a mindshim optimizer class's own __init__ (MindSpore decorates each built-in optimizer)."""
    init = cls.__dict__.get("__init__")
    if init is not None and cls.__module__.startswith("mindshim.") and not hasattr(init, "__wrapped__"):
        cls.__init__ = opt_init_args_register(init)
