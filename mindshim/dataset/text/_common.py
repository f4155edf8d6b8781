"""Shared helpers of mindspore.dataset.text: string-array checks, tokenizer outputs, byte offsets.

MindSpore's text ops hold strings as UTF-8 and report token offsets in bytes (uint32); string outputs
come back as numpy `<U` arrays (bytes inputs are decoded), ids as the requested integer type.
"""
from __future__ import annotations

import unicodedata
from typing import Any, Sequence

import numpy as np

from mindshim.dataset.transforms.transforms import TensorOperation


def is_str_array(x: Any) -> bool:
    return isinstance(x, np.ndarray) and x.dtype.kind in "US"


def str_array(x: Any, op: str) -> np.ndarray:
    """The input as a numpy str array (a Python str or a list of str is converted)."""
    if isinstance(x, (str, bytes)):
        x = np.array(x)
    elif not isinstance(x, np.ndarray):
        x = np.asarray(x)
    if x.dtype.kind != "U":  # bytes are a type of their own in MindSpore, which string ops reject
        raise RuntimeError(f"{op}: the input should be of string type, but got {x.dtype}.")
    return x


def scalar_str(x: Any, op: str) -> str:
    arr = str_array(x, op)
    if arr.ndim != 0:
        raise RuntimeError(f"{op}: the input should be a scalar string, but got shape {list(arr.shape)}.")
    return str(arr[()])


def strings_out(tokens: Sequence[str], shape: Any = None) -> np.ndarray:
    out = np.array(list(tokens), dtype=str) if len(tokens) else np.array([], dtype="<U1")
    return out.reshape(shape) if shape is not None else out


def map_strings(x: Any, fn: Any, op: str) -> np.ndarray:
    arr = str_array(x, op)
    return strings_out([fn(str(s)) for s in arr.reshape(-1)], arr.shape)


def nbytes(s: str) -> int:
    return len(s.encode("utf-8"))


def token_output(tokens: list[str], starts: list[int], limits: list[int], with_offsets: bool) -> Any:
    """A tokenizer's result: the tokens (one empty token when there are none), plus uint32 offsets."""
    if not tokens:
        tokens, starts, limits = [""], [0], [0]
    out = strings_out(tokens)
    if not with_offsets:
        return out
    return out, np.array(starts, dtype=np.uint32), np.array(limits, dtype=np.uint32)


def spans_to_output(text: str, spans: list[tuple[int, int]], with_offsets: bool) -> Any:
    """Tokens given as character spans of `text`, with their UTF-8 byte offsets."""
    tokens, starts, limits = [], [], []
    byte_pos = [0]
    for ch in text:
        byte_pos.append(byte_pos[-1] + nbytes(ch))
    for a, b in spans:
        tokens.append(text[a:b])
        starts.append(byte_pos[a])
        limits.append(byte_pos[b])
    return token_output(tokens, starts, limits, with_offsets)


# Unicode White_Space (what ICU's u_isUWhiteSpace tests)
WHITE_SPACE = frozenset("\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
                        "\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


def nfkc_casefold(s: str) -> str:
    """ICU's NFKC_Casefold: compatibility-normalise, fold case, drop default-ignorable characters."""
    out = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", s).casefold())
    return "".join(ch for ch in out if not _ignorable(ch))


def _ignorable(ch: str) -> bool:
    o = ord(ch)
    return ch == "\xad" or 0x200B <= o <= 0x200F or 0x202A <= o <= 0x202E or 0x2060 <= o <= 0x206F or \
        o == 0xFEFF or 0xFE00 <= o <= 0xFE0F or o == 0x034F or 0x180B <= o <= 0x180F or 0xE0000 <= o <= 0xE0FFF


class TextTensorOperation(TensorOperation):
    """Base of the text transforms (eager call on numpy/str, or `Dataset.map`)."""


def check_bool(value: Any, name: str) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"Argument {name} with value {value!r} is not of type [<class 'bool'>], "
                        f"but got {type(value)}.")


def check_str(value: Any, name: str) -> None:
    if not isinstance(value, str):
        raise TypeError(f"Argument {name} with value {value!r} is not of type [<class 'str'>], "
                        f"but got {type(value)}.")


def check_int(value: Any, name: str, low: int = 1, high: int = 2147483647) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"Argument {name} with value {value!r} is not of type [<class 'int'>], "
                        f"but got {type(value)}.")
    if not low <= value <= high:
        raise ValueError(f"Input {name} is not within the required interval of [{low}, {high}].")
