"""mindspore.utils comm_exec_order_check / runtime_execution_order_check: the argument checks and the answers
MindSpore gives where nothing was recorded. mindshim's runtime writes no rank_x execution-order files, so checking
found folders is refused rather than reported as passing."""
from __future__ import annotations

import os
import re
from typing import Any

from mindshim import log as logger
from mindshim._errors import unsupported


class CommExecOrderCheck:
    """Start/stop switch for collecting communication operators' order (one per process)."""
    _instance = None

    def __new__(cls, *args: Any, **kwargs: Any) -> "CommExecOrderCheck":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance.is_collecting = False
        return cls._instance

    def __call__(self, action: str) -> None:
        if action == "start":
            if self.is_collecting:
                logger.error("The 'start' action cannot be called twice.")
                return
            self.is_collecting = True
        elif action == "end":
            if not self.is_collecting:
                logger.error("The 'end' action cannot be called before the 'start' action.")
                return
            self.is_collecting = False
            # MindSpore's CPU build has no communication library to validate against
            raise RuntimeError("The pointer[comm_lib] is null.")
        else:
            raise ValueError("Invalid action. Please use 'start' or 'end'.")


def comm_exec_order_check(action: str) -> None:
    if not isinstance(action, str):
        raise TypeError("The 'action' parameter must be a string.")
    CommExecOrderCheck()(action)


def _rank_folders(path: str) -> list[str]:
    if not os.path.exists(path):
        raise ValueError(f"Path does not exist: {path}. Ensure the path exists and is accessible.")
    if re.fullmatch(r"rank_\d+", os.path.basename(os.path.normpath(path))):
        return [path]
    found = [n for n in os.listdir(path) if re.fullmatch(r"rank_\d+", n)]
    if not found:
        raise ValueError(f"No rank_x folders found in {path}. Ensure the directory contains at least one folder "
                         f"named 'rank_x', where x is an integer.")
    return found


def runtime_execution_order_check(folders_: Any, all_rank: Any = None) -> None:
    if folders_ is None:
        logger.error("Invalid input. `folders_` must be a non-empty string or a list with at least one string "
                     "element.")
        return
    paths = [folders_] if isinstance(folders_, str) else list(folders_)
    for path in paths:
        _rank_folders(path)
    raise unsupported("mindspore.utils.runtime_execution_order_check", "checking recorded execution orders")
