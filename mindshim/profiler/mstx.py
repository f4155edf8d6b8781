"""mindspore.profiler.mstx: named marks and ranges in the profiler's trace.

MindSpore records them on Ascend only (elsewhere the calls do nothing and range_start returns 0); here they
become torch.profiler record_function ranges named `<domain>::<message>`, visible in trace_view.json while a
profiler records (outside a recording they cost one small object and leave no trace).
"""
from __future__ import annotations

import itertools
import logging
from typing import Any

import torch

logger = logging.getLogger("mindshim")


def _valid(func: str, message: Any, domain: Any) -> bool:
    if not message or not isinstance(message, str):
        logger.warning("Invalid message for mstx.%s func. Please input valid message string.", func)
        return False
    if not isinstance(domain, str) or domain == "":
        logger.warning("Invalid domain name for mstx.%s func. Please input str and can not be empty.", func)
        return False
    return True


class Mstx:
    _ids = itertools.count(1)
    _open: dict[tuple[str, int], Any] = {}

    @staticmethod
    def mark(message: str, stream: Any = None, domain: str = "default") -> None:
        if _valid("mark", message, domain):
            with torch.profiler.record_function(f"{domain}::{message}"):
                pass

    @staticmethod
    def range_start(message: str, stream: Any = None, domain: str = "default") -> int:
        if not _valid("range_start", message, domain):
            return 0
        rec = torch.profiler.record_function(f"{domain}::{message}")
        rec.__enter__()
        range_id = next(Mstx._ids)
        Mstx._open[(domain, range_id)] = rec
        return range_id

    @staticmethod
    def range_end(range_id: int, domain: str = "default") -> None:
        if range_id == 0:
            return
        if not isinstance(range_id, int) or range_id < 0:
            logger.warning("Invalid range_id for mstx.range_end func. Please input return value from "
                           "mstx.range_start.")
            return
        rec = Mstx._open.pop((domain, range_id), None)
        if rec is not None:
            rec.__exit__(None, None, None)
