"""mindspore.utils.MsDispatchMode: MindSpore calls `__ms_dispatch__(func, args, kwargs)` for every operator run
inside the context. mindshim's operators do not pass through MindSpore's dispatcher, so entering the context is
refused rather than silently intercepting nothing."""
from __future__ import annotations

import contextlib
from typing import Any

from mindshim._errors import unsupported

__all__ = ["MsDispatchMode"]


class MsDispatchMode(contextlib.ContextDecorator):
    def __enter__(self) -> "MsDispatchMode":
        raise unsupported("mindspore.utils.MsDispatchMode", "operator dispatch interception")

    def __exit__(self, exc_type: Any, exc_val: Any, exc_tb: Any) -> bool:
        return False

    def __ms_dispatch__(self, func: Any, args: tuple, kwargs: Any = None) -> Any:
        return func(*args)
