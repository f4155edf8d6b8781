"""mindspore.ops.signature: argument signatures custom primitives declare (`__mindspore_signature__`).

MindSpore's graph compiler reads them to convert argument dtypes and to mark Parameters a primitive writes
(`sig_rw.RW_WRITE`, as the Apply* optimizer primitives do). Eager torch needs neither, so a signature is a
record that custom primitives can build and keep; nothing reads it."""
from __future__ import annotations

import enum
from typing import Any, NamedTuple


class sig_rw(enum.IntEnum):  # noqa: N801 - MindSpore's names
    RW_READ = 0
    RW_WRITE = 1
    RW_REF = 2
    RW_EMPTY_DEFAULT_VALUE = 3


class sig_kind(enum.IntEnum):  # noqa: N801
    KIND_POSITIONAL_KEYWORD = 0
    KIND_VAR_POSITIONAL = 1
    KIND_KEYWORD_ONLY = 2
    KIND_VAR_KEYWARD = 3
    KIND_EMPTY_DEFAULT_VALUE = 4


class sig_dtype(enum.IntEnum):  # noqa: N801
    T = 0
    T1 = 1
    T2 = 2
    T3 = 3
    T4 = 4
    T5 = 5
    T6 = 6
    T7 = 7
    T8 = 8
    T9 = 9
    T_EMPTY_DEFAULT_VALUE = 10


class Signature(NamedTuple):
    name: str
    rw: sig_rw
    kind: sig_kind
    default: Any
    dtype: sig_dtype


def make_sig(name: str = "var", rw: sig_rw = sig_rw.RW_READ, kind: sig_kind = sig_kind.KIND_POSITIONAL_KEYWORD,
             default: Any = sig_kind.KIND_EMPTY_DEFAULT_VALUE,
             dtype: sig_dtype = sig_dtype.T_EMPTY_DEFAULT_VALUE) -> Signature:
    return Signature(name, rw, kind, default, dtype)


__all__ = ["Signature", "make_sig", "sig_dtype", "sig_kind", "sig_rw"]
