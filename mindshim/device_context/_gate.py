"""The once-per-function gate MindSpore puts in front of backend-specific settings: the first call of a setting
made while the context targets another backend logs an error and does nothing; later calls go through."""
from __future__ import annotations

from mindshim import log as logger


def context_target() -> str:
    from mindshim import context
    return context.get_context("device_target")


def first_call_refused(status: dict[str, bool], name: str, backend: str) -> bool:
    """True when this is `name`'s first call and the context's target is not `backend` (the error is logged)."""
    if status[name]:
        return False
    status[name] = True
    target = context_target()
    if target != backend:
        logger.error(f"{target} device is not supported. Please use correct device")
        return True
    return False
