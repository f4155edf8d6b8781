"""TextFileDataset and CSVDataset: line and comma-separated text files, read in MindSpore's order
(`datasets_file_source`).

- TextFileDataset: one string column `text`, one row per non-empty line ('\\n' ends a line; a '\\r' stays).
- CSVDataset: RFC-4180 quoting. Without `column_names` the first record of every file is a header (all files must
  agree). `column_defaults` give the column types (int -> int32, float -> float32, str -> string; columns past the
  list are strings); a numeric field is read like C's stoi/stof (leading number, rest ignored), an empty or
  non-numeric one raises RuntimeError naming the file and the (1-based, header excluded) record.
"""
from __future__ import annotations

import csv
import io
import re
from typing import Any

import numpy as np

from mindshim.dataset.engine.datasets_file_source import (
    FileSource, check_int_args, check_shard_options, find_files,
)

_INT_RE = re.compile(r"\s*[+-]?\d+")
_FLOAT_RE = re.compile(r"\s*[+-]?(?:inf(?:inity)?|nan|0x(?:[0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)(?:p[+-]?\d+)?"
                       r"|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)", re.IGNORECASE)
_F32_MAX = float(np.finfo(np.float32).max)
_F32_TINY = float(np.finfo(np.float32).tiny)


def _check_files(dataset_files: Any, message: str = "dataset files") -> list[str]:
    if not isinstance(dataset_files, (str, list)) or isinstance(dataset_files, bool):
        raise TypeError(f"Argument {message} with value {dataset_files} is not of type "
                        f"[<class 'str'>, <class 'list'>], but got {type(dataset_files)}.")
    if not dataset_files:
        raise ValueError(f"Input dataset_files can not be empty, but got '{dataset_files}'.")
    return find_files(dataset_files)


class TextFileDataset(FileSource):
    _name = "TextFileDataset"

    def __init__(self, dataset_files: Any, num_samples: int | None = None, num_parallel_workers: int | None = None,
                 shuffle: Any = True, num_shards: int | None = None, shard_id: int | None = None,
                 cache: Any = None) -> None:
        if not isinstance(dataset_files, (str, list)):
            _check_files(dataset_files)
        if not dataset_files:
            raise ValueError(f"Input dataset_files can not be empty, but got '{dataset_files}'.")
        check_int_args(locals())
        check_shard_options(num_shards, shard_id)
        super().__init__([], num_samples, num_parallel_workers, shuffle, num_shards, shard_id)
        self._files = _check_files(dataset_files)

    def _load(self, index: int) -> list[tuple]:
        with open(self._files[index], "rb") as f:
            data = f.read()
        return [(np.array(line.decode("utf-8", errors="replace")),) for line in data.split(b"\n") if line]

    def get_col_names(self) -> list[str]:
        return ["text"]


def _to_int(text: str, path: str, line: int) -> np.ndarray:
    m = _INT_RE.match(text)
    if not m:
        raise RuntimeError(f"Invalid csv, csv file: {path} parse failed at line {line}, type does not match.")
    value = int(m.group())
    if not -2 ** 31 <= value < 2 ** 31:
        raise RuntimeError(f"Invalid csv, {path} parse failed at line {line} : value out of range.")
    return np.array(value, dtype=np.int32)


def _to_float(text: str, path: str, line: int) -> np.ndarray:
    """Like C's stof: the leading number (decimal, hex, inf, nan); out of float32's normal range raises."""
    m = _FLOAT_RE.match(text)
    if not m:
        raise RuntimeError(f"Invalid csv, csv file: {path} parse failed at line {line}, type does not match.")
    literal = m.group().strip()
    body = literal.lstrip("+-").lower()
    if body.startswith("0x"):
        value = float.fromhex(literal)
    else:
        value = float(literal)
    if not body.startswith(("inf", "nan")) and (abs(value) > _F32_MAX or 0 < abs(value) < _F32_TINY):
        raise RuntimeError(f"Invalid csv, {path} parse failed at line {line} : value out of range.")
    return np.array(value, dtype=np.float32)


class CSVDataset(FileSource):
    _name = "CSVDataset"

    def __init__(self, dataset_files: Any, field_delim: str = ",", column_defaults: list | None = None,
                 column_names: list | None = None, num_samples: int | None = None,
                 num_parallel_workers: int | None = None, shuffle: Any = True, num_shards: int | None = None,
                 shard_id: int | None = None, cache: Any = None) -> None:
        if not isinstance(dataset_files, (str, list)):
            _check_files(dataset_files)
        if not dataset_files:
            raise ValueError(f"Input dataset_files can not be empty, but got '{dataset_files}'.")
        if field_delim is not None:
            if not isinstance(field_delim, str):
                raise TypeError(f"Argument field delim with value {field_delim} is not of type [<class 'str'>], "
                                f"but got {type(field_delim)}.")
            if field_delim in ('"', "\r", "\n") or len(field_delim) > 1:
                raise ValueError("field_delim is invalid.")
        if column_defaults is not None:
            if not isinstance(column_defaults, list):
                raise TypeError("column_defaults should be type of list.")
            if any(not isinstance(d, (str, int, float)) for d in column_defaults):
                raise TypeError("column type in column_defaults is invalid.")
        if column_names is not None and not all(isinstance(n, str) for n in column_names):
            raise TypeError("column_names should be a list of str.")
        check_int_args(locals())
        check_shard_options(num_shards, shard_id)
        super().__init__([], num_samples, num_parallel_workers, shuffle, num_shards, shard_id)
        self._files = _check_files(dataset_files)
        self._delim = field_delim or ","
        self._defaults = list(column_defaults or [])
        self._given_names = list(column_names or [])
        self._names: list[str] | None = None

    def _records(self, index: int) -> list[list[str]]:
        with open(self._files[index], "r", encoding="utf-8", newline="") as f:
            text = f.read()
        return [r for r in csv.reader(io.StringIO(text), delimiter=self._delim, quotechar='"') if r]

    def get_col_names(self) -> list[str]:
        if self._names is None:
            if self._given_names:
                names = self._given_names
            else:
                heads = {tuple(recs[0]) if recs else None for recs in (self._records(i) for i in range(len(self._files)))}
                heads.discard(None)
                if len(heads) != 1:
                    raise RuntimeError("Invalid file, failed to obtain column name from input csv file list.")
                names = list(heads.pop())
            if len(self._defaults) > len(names):
                raise RuntimeError("Invalid parameter, the size of column_names should be equal to the size of "
                                   f"'column_defaults', but got  size of 'column_defaults': {len(self._defaults)}, "
                                   f"size of column_names: {len(names)}")
            self._names = names
        return list(self._names)

    def _load(self, index: int) -> list[tuple]:
        names = self.get_col_names()
        path = self._files[index]
        records = self._records(index)
        if not self._given_names:
            records = records[1:]
        kinds = [type(d) for d in self._defaults] + [str] * (len(names) - len(self._defaults))
        rows = []
        for line, rec in enumerate(records, 1):
            if len(rec) != len(names):
                raise RuntimeError(f"Invalid file, failed to parse csv file: {path} at line {line}. Error message: "
                                   "Invalid columns, the size of column_names should be less than the size of "
                                   f"'column_defaults', but got the size of column_names: {len(rec)}, the size of "
                                   f"'column_defaults': {len(names)}.")
            row = []
            for field, kind in zip(rec, kinds):
                if kind is int or kind is bool:
                    row.append(_to_int(field, path, line))
                elif kind is float:
                    row.append(_to_float(field, path, line))
                else:
                    row.append(np.array(field))
            rows.append(tuple(row))
        return rows


__all__ = ["TextFileDataset", "CSVDataset"]
