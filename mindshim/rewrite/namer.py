"""Unique names the way MindSpore's rewrite hands them out: the first request for `name` gets `name`, later ones
`name_1`, `name_2`, ...; a request for `name_3` while `name` has been counted past 3 gets `name_3_1`."""
from __future__ import annotations

from typing import Dict, Optional, Tuple


class Namer:
    def __init__(self) -> None:
        self._counts: Dict[str, int] = {}

    @staticmethod
    def _split_suffix(name: str) -> Tuple[str, Optional[int]]:
        stem, sep, tail = name.rpartition("_")
        if not sep or not tail or not tail.isdigit() or name == "_":
            return name, None
        return stem, int(tail)

    def get_name(self, origin: str) -> str:
        if origin == "_":
            return origin
        stem, suffix = self._split_suffix(origin)
        count = self._counts.get(origin)
        if count is None:
            self._counts[origin] = 1
            if not suffix or not self._counts.get(stem, -1) > suffix:
                return origin
            count = 1
        while True:
            candidate = f"{origin}_{count}"
            count += 1
            self._counts[origin] = count
            if candidate not in self._counts:
                return candidate

    def add_name(self, name: str) -> None:
        self._counts.setdefault(name, 1)


CLASS_NAMER = Namer()  # optimized-class names are unique over the whole process, as in MindSpore
