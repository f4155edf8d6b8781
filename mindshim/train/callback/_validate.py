"""Argument checks shared by the callbacks, with MindSpore's exception types.

MindSpore's validator rejects bool where it asks for int; so do these.
"""
from __future__ import annotations

from typing import Any


def non_negative_int(value: Any, arg_name: str, api: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{api}', the type of '{arg_name}' must be int, but got {type(value).__name__}.")
    if value < 0:
        raise ValueError(f"For '{api}', the '{arg_name}' must be >= 0, but got {value}.")
    return value


def positive_int(value: Any, arg_name: str, api: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{api}', the type of '{arg_name}' must be int, but got {type(value).__name__}.")
    if value <= 0:
        raise ValueError(f"For '{api}', the '{arg_name}' must be > 0, but got {value}.")
    return value


def check_bool(value: Any, arg_name: str, api: str) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"For '{api}', the type of '{arg_name}' must be bool, but got {type(value).__name__}.")
    return value


def check_type(value: Any, arg_name: str, types: tuple, api: str) -> Any:
    ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
    if not ok:
        names = ", ".join(t.__name__ for t in types)
        raise TypeError(f"For '{api}', the type of '{arg_name}' must be one of [{names}], "
                        f"but got {type(value).__name__}.")
    return value
