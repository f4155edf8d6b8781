"""MindSpore 2.10 moved the health checks to mindspore.tools; the mindspore.utils names warn on each call."""
from __future__ import annotations

import functools
from typing import Callable

from mindshim import log as logger


def deprecated(name: str) -> Callable:
    def wrap(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def call(*args, **kwargs):
            logger.warning(f"'mindspore.utils.{name}' is deprecated from version 2.7.1 and will be removed in a "
                           f"future version, use 'mindspore.tools.{name}' instead.")
            return fn(*args, **kwargs)
        return call
    return wrap
