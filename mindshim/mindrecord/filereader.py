"""mindspore.mindrecord.FileReader: iterate the rows of MindRecord files as dicts."""
from __future__ import annotations

import os
from typing import Iterator

from mindshim.mindrecord.common.exceptions import ParamTypeError, ParamValueError
from mindshim.mindrecord.shardreader import ShardSet
from mindshim.mindrecord.shardutils import check_filename

_INT64_MIN = -(1 << 63)
_EPS = 2.220446049250313e-16


def _py_number(v):
    """MindSpore's reader hands a float that is (within machine epsilon) integral back as a Python int, and
    one outside int64 as int64's minimum."""
    if not isinstance(v, float) or v != v or abs(v) == float("inf") or abs(v - round(v)) >= _EPS:
        return v
    return int(v) if -(1 << 63) <= v < (1 << 63) else _INT64_MIN


class FileReader:
    def __init__(self, file_name, num_consumer: int = 4, columns: list | None = None, operator=None) -> None:
        for f in file_name if isinstance(file_name, list) else [file_name]:
            check_filename(f)
        if num_consumer is None:
            raise ParamValueError("Parameter num_consumer is None.")
        if not isinstance(num_consumer, int):
            raise ParamValueError("Parameter num_consumer is not int.")
        top = os.cpu_count() or 1
        # MindSpore checks only a num_consumer given explicitly (its default 4 may exceed the core count)
        if num_consumer != 4 and not 1 <= num_consumer <= top:
            raise ParamValueError(f"Parameter num_consumer: {num_consumer} should between 1 and {top}.")
        if columns and not isinstance(columns, list):
            raise ParamTypeError("columns", "list")
        self._columns = list(columns) if columns else None
        self._set = ShardSet(file_name)
        self._set.check_columns(self._columns)
        self._closed = False

    def get_next(self) -> Iterator[dict]:
        s = self._set
        cols = self._columns
        blobs = [c for c in (cols or s.blob_fields) if c in s.blob_fields]
        for i in range(len(s)):
            raw = s.raw(i)
            row = {k: _py_number(v) for k, v in raw.items() if k in s.schema and (cols is None or k in cols)}
            if blobs:
                row.update(s.blob(i, set(blobs)))
            yield row

    def close(self) -> None:
        if not self._closed:
            self._set.close()
            self._closed = True

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 (interpreter shutdown)
            pass

    def schema(self) -> dict:
        return dict(self._set.schema)

    def len(self) -> int:
        return len(self._set)


__all__ = ["FileReader"]
