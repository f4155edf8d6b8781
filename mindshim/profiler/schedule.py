"""mindspore.profiler.schedule: which profiler action each step takes (MindSpore 2.10's rule and checks)."""
from __future__ import annotations

import logging
from enum import Enum
from typing import Any

logger = logging.getLogger("mindshim")


class ProfilerAction(Enum):
    NONE = 0
    WARM_UP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3

    @staticmethod
    def get_by_value(value: int) -> "ProfilerAction | None":
        return {action.value: action for action in ProfilerAction}.get(value)


class Schedule:
    """skip_first steps, then cycles of `wait` idle, `warmup` warm-up and `active` recorded steps (the last one
    saves), `repeat` times (0: until profiling stops). Invalid values are reset with a warning, as in MindSpore."""

    def __init__(self, *, wait: int, active: int, warmup: int = 0, repeat: int = 0, skip_first: int = 0) -> None:
        self.wait = wait
        self.active = active
        self.warmup = warmup
        self.repeat = repeat
        self.skip_first = skip_first
        self._check_params()

    def __call__(self, step: int) -> ProfilerAction:
        if step < 0:
            raise ValueError("Invalid parameter step, which must be not less than 0.")
        if step < self.skip_first:
            return ProfilerAction.NONE
        step -= self.skip_first
        cycle = self.wait + self.warmup + self.active
        if 0 < self.repeat <= step / cycle:
            return ProfilerAction.NONE
        pos = step % cycle
        if pos < self.wait:
            return ProfilerAction.NONE
        if pos < self.wait + self.warmup:
            return ProfilerAction.WARM_UP
        return ProfilerAction.RECORD if pos < cycle - 1 else ProfilerAction.RECORD_AND_SAVE

    def __repr__(self) -> str:
        return (f"Schedule(wait={self.wait!r}, active={self.active!r}, warmup={self.warmup!r}, "
                f"repeat={self.repeat!r}, skip_first={self.skip_first!r})")

    def _check_params(self) -> None:
        def bad(value: Any, minimum: int) -> bool:
            return not isinstance(value, int) or isinstance(value, bool) or value < minimum

        for name, minimum, default in (("wait", 0, 0), ("warmup", 0, 0), ("active", 1, 1), ("repeat", 0, 0),
                                       ("skip_first", 0, 0)):
            value = getattr(self, name)
            if bad(value, minimum):
                logger.warning("Parameter '%s' should be of type int, but got %s. reset to int %d.", name,
                               type(value).__name__, default)
                setattr(self, name, default)
        if self.warmup == 0:
            logger.warning("Profiler won't be using warmup, this can skew profiler results")

    def to_dict(self) -> dict[str, int]:
        return {"wait": self.wait, "active": self.active, "warmup": self.warmup, "repeat": self.repeat,
                "skip_first": self.skip_first}


def _default_schedule_fn(_: int) -> ProfilerAction:
    return ProfilerAction.RECORD
