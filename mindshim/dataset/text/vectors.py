"""Pre-trained word vectors read from text files: Vectors, GloVe, FastText, CharNGram.

File format (MindSpore's reader): one `token v1 v2 ...` line per vector, split on single spaces for the
token; leading lines of exactly two fields before the first vector are a header and skipped. Every
vector must have the same dimension (> 1); a repeated token keeps its first vector; `max_vectors`
keeps the first lines. GloVe wants a file named `glove.6B.*.txt`, FastText a `*.vec` file.
"""
from __future__ import annotations

import os
from typing import Any

import numpy as np


def _atof(text: str) -> float:
    try:
        return float(text)
    except ValueError:  # C's atof reads the longest numeric prefix, 0.0 when there is none
        for end in range(len(text), 0, -1):
            try:
                return float(text[:end])
            except ValueError:
                continue
        return 0.0


def _check_args(file_path: Any, max_vectors: Any) -> None:
    if not isinstance(file_path, str):
        raise TypeError(f"Argument file_path with value {file_path!r} is not of type [<class 'str'>], "
                        f"but got {type(file_path)}.")
    if max_vectors is not None:
        if isinstance(max_vectors, bool) or not isinstance(max_vectors, int):
            raise TypeError(f"Argument max_vectors with value {max_vectors!r} is not of type [<class 'int'>], "
                            f"but got {type(max_vectors)}.")
        if not 0 <= max_vectors <= 2147483647:
            raise ValueError("Input max_vectors is not within the required interval of [0, 2147483647].")


def _load(path: str, max_vectors: int, name: str) -> tuple[dict[str, np.ndarray], int]:
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as err:
        raise RuntimeError(f"{name}: invalid file, failed to open vector file: {path}") from err
    if lines and lines[-1] == "":
        lines.pop()
    header, dim = 0, -1
    for line in lines:
        fields = line.split(" ")
        if len(fields) == 2:
            header += 1
        else:
            dim = len(fields) - 1
            break
    body = lines[header:]
    if not body:
        raise RuntimeError(f"{name}: invalid file, file is empty.")
    if max_vectors > 0:
        body = body[:max_vectors]
    table: dict[str, np.ndarray] = {}
    for line in body:
        token, _, rest = line.partition(" ")
        values = [_atof(v) for v in rest.split()]
        if len(values) <= 1:
            raise RuntimeError(f"{name}: token with 1-dimensional vector.")
        if len(values) != dim:
            raise RuntimeError(f"{name}: all vectors must have the same number of dimensions, but got dim "
                               f"{len(values)} while expecting {dim}")
        table.setdefault(token, np.array(values, dtype=np.float32))
    return table, dim


class Vectors:
    """Token -> float32 vector table, looked up by `ToVectors`."""

    def __init__(self, table: dict[str, np.ndarray] | None = None, dim: int = 0) -> None:
        self._table, self.dim = table or {}, dim

    @classmethod
    def _check_file(cls, path: str) -> None:
        pass

    @classmethod
    def from_file(cls, file_path: str, max_vectors: int | None = None) -> "Vectors":
        _check_args(file_path, max_vectors)
        cls._check_file(file_path)
        return cls(*_load(file_path, max_vectors or 0, cls.__name__))

    def _init_vec(self, unk_init: np.ndarray | None) -> np.ndarray:
        if unk_init is not None and unk_init.size == self.dim:
            return unk_init
        return np.zeros(self.dim, dtype=np.float32)

    def _lookup(self, token: str, unk_init: np.ndarray | None, lower_case_backup: bool) -> np.ndarray:
        # MindSpore looks up only the ASCII-lower-cased token when lower_case_backup is set
        key = token.encode("utf-8").lower().decode("utf-8") if lower_case_backup else token
        found = self._table.get(key)
        return found if found is not None else self._init_vec(unk_init)


class GloVe(Vectors):
    @classmethod
    def _check_file(cls, path: str) -> None:
        if not os.path.isfile(path):
            raise RuntimeError("GloVe: invalid file, failed to open GloVe file.")
        parts = os.path.basename(path).rsplit(".", 3)
        if len(parts) != 4 or parts[0] != "glove" or parts[1] != "6B" or parts[3] != "txt":
            raise RuntimeError(f"GloVe: invalid file, can not find file 'glove.6B.*.txt', but got: {path}")


class FastText(Vectors):
    @classmethod
    def _check_file(cls, path: str) -> None:
        if not os.path.isfile(path):
            raise RuntimeError("FastText: invalid file, failed to open FastText file.")
        if os.path.basename(path).rsplit(".", 1)[-1] != "vec":
            raise RuntimeError(f"FastText: invalid file, can not find file '*.vec', but got: {path}")


class CharNGram(Vectors):
    """A token's vector is the mean of its character 2/3/4-gram vectors ("2gram-#BEGIN#a", ...)."""

    def _lookup(self, token: str, unk_init: np.ndarray | None, lower_case_backup: bool) -> np.ndarray:
        init = self._init_vec(unk_init)
        raw = token.encode("utf-8")
        if lower_case_backup:
            raw = raw.lower()
        # MindSpore splits the token into bytes, so a multi-byte character yields byte fragments
        chars = [b"#BEGIN#"] + [bytes([b]) for b in raw] + [b"#END#"]
        total, count = np.zeros(self.dim, dtype=np.float32), 0
        for n in (2, 3, 4):
            for pos in range(len(chars) - n + 1):
                key = f"{n}gram-".encode() + b"".join(chars[pos:pos + n])
                vec = self._table.get(key.decode("utf-8", "surrogateescape"))
                vec = init if vec is None else vec
                if not np.array_equal(vec, init):  # MindSpore skips a vector equal to the unknown vector
                    total = total + vec
                    count += 1
        return (total / np.float32(count)).astype(np.float32) if count else init
