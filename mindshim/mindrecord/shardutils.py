"""MindRecord's status values and file-name checks (mindspore.mindrecord.core.shardutils)."""
from __future__ import annotations

import enum
import os

from mindshim.mindrecord.common.exceptions import ParamValueError


class MSRStatus(enum.IntEnum):
    SUCCESS = 0
    FAILED = 1

    def __str__(self) -> str:
        return f"MSRStatus.{self.name}"


SUCCESS, FAILED = MSRStatus.SUCCESS, MSRStatus.FAILED
_FORBIDDEN = set("\\/:*?\"<>|`&';")


def check_filename(path, arg_name: str = "") -> bool:
    arg_name = "File path" if arg_name == "" else f"'{arg_name}'"
    if not path:
        raise ParamValueError(f"{arg_name} is not allowed None or empty!")
    if not isinstance(path, str):
        raise ParamValueError(f"File path: {path} is not string.")
    if path.endswith("/"):
        raise ParamValueError("File path can not end with '/'")
    name = os.path.basename(path)
    if set(name) & _FORBIDDEN:
        raise ParamValueError("File name should not contains \\/:*?\\\"<>|`&;\\'")
    if name.startswith(" ") or name.endswith(" "):
        raise ParamValueError("File name should not start/end with space.")
    return True
