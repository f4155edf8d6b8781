"""mindspore.dataset.text.transforms: sequence and lookup transforms; the tokenizers are re-exported.

Errors follow MindSpore: bad arguments raise TypeError/ValueError when the transform is built, a bad
input (wrong rank or dtype, unknown word without an unknown token, a number out of range) raises
RuntimeError when it runs.
"""
from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np

from mindshim.common import dtype as mstype
from mindshim.dataset.text._common import (
    TextTensorOperation, check_bool, check_int, check_str, str_array, strings_out,
)
from mindshim.dataset.text.tokenizers import (
    BasicTokenizer, CaseFold, FilterWikipediaXML, NormalizeUTF8, RegexReplace, RegexTokenizer, UnicodeCharTokenizer,
    UnicodeScriptTokenizer, WhitespaceTokenizer,
)
from mindshim.dataset.text.jieba import JiebaTokenizer  # noqa: F401  (public path)
from mindshim.dataset.text.utils import Vocab
from mindshim.dataset.text.vectors import Vectors
from mindshim.dataset.text.wordpiece import BertTokenizer, WordpieceTokenizer

_NUMERIC = ("Bool", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Float16", "Float32",
            "Float64")


def _check_mstype(value: Any, name: str) -> None:
    if not isinstance(value, mstype.Type) and type(value).__module__ != mstype.__name__:
        raise TypeError(f"Argument {name} with value {value!r} is not of type [<class 'mindspore.dtype.Type'>], "
                        f"but got {type(value)}.")


def _np_of(dtype: Any, op: str) -> np.dtype:
    if str(dtype) not in _NUMERIC:
        raise RuntimeError(f"{op}: the parameter data_type must be numeric including bool, but got {dtype}.")
    return np.dtype(mstype.dtype_to_nptype(dtype))


class AddToken(TextTensorOperation):
    def __init__(self, token: str, begin: bool = True) -> None:
        check_str(token, "token")
        check_bool(begin, "begin")
        self.token, self.begin = token, begin

    def __call__(self, x: Any) -> np.ndarray:
        arr = str_array(x, "AddToken")
        if arr.ndim not in (1, 2):
            raise RuntimeError(f"AddToken: input tensor rank should be 1 or 2, but got {arr.ndim}.")
        pad = np.full(arr.shape[:-1] + (1,), self.token)
        return strings_out((np.concatenate([pad, arr], -1) if self.begin else np.concatenate([arr, pad], -1))
                           .reshape(-1).tolist(), arr.shape[:-1] + (arr.shape[-1] + 1,))


class Lookup(TextTensorOperation):
    def __init__(self, vocab: Vocab, unknown_token: str | None = None, data_type: Any = mstype.int32) -> None:
        if not isinstance(vocab, Vocab):
            raise TypeError(f"Argument vocab with value {vocab!r} is not of type [<class 'Vocab'>], "
                            f"but got {type(vocab)}.")
        if unknown_token is not None:
            check_str(unknown_token, "unknown_token")
        _check_mstype(data_type, "data_type")
        self.vocab, self.unknown_token, self.data_type = vocab, unknown_token, data_type

    def __call__(self, x: Any) -> np.ndarray:
        np_dtype = _np_of(self.data_type, "Lookup")
        table = self.vocab._table()
        unk = None
        if self.unknown_token is not None:
            unk = table.get(self.unknown_token)
            if unk is None:
                raise RuntimeError(f"Lookup: {self.unknown_token} doesn't exist in vocab.")
        arr = str_array(x, "Lookup")
        ids = []
        for word in arr.reshape(-1).tolist():
            i = table.get(word, unk)
            if i is None:
                raise RuntimeError(f"Lookup: {word} doesn't exist in vocab and no unknown token is specified.")
            ids.append(i)
        return np.array(ids, dtype=np.int64).reshape(arr.shape).astype(np_dtype)


def _check_pad(pad: Any, name: str) -> tuple[str, int]:
    if not (isinstance(pad, tuple) and len(pad) == 2 and isinstance(pad[0], str) and isinstance(pad[1], int)
            and not isinstance(pad[1], bool)):
        raise ValueError(f"{name} needs to be a tuple of (str, int) str is pad token and int is pad_width.")
    if pad[1] < 0:
        raise ValueError("padding width need to be positive numbers.")
    return pad


class Ngram(TextTensorOperation):
    def __init__(self, n: Any, left_pad: tuple = ("", 0), right_pad: tuple = ("", 0), separator: str = " ") -> None:
        grams = [n] if isinstance(n, int) and not isinstance(n, bool) else n
        if not isinstance(grams, list):
            raise TypeError(f"Argument n with value {n!r} is not of type [<class 'list'>], but got {type(n)}.")
        for i, g in enumerate(grams):
            if isinstance(g, bool) or not isinstance(g, int):
                raise TypeError(f"Argument gram[{i}] with value {g!r} is not of type [<class 'int'>], "
                                f"but got {type(g)}.")
            if g <= 0:
                raise ValueError(f"Input gram_{i} must be greater than 0.")
        self.n = list(grams)
        self.left_pad, self.right_pad = _check_pad(left_pad, "left_pad"), _check_pad(right_pad, "right_pad")
        check_str(separator, "separator")
        self.separator = separator

    def __call__(self, x: Any) -> np.ndarray:
        arr = str_array(x, "Ngram")
        if arr.ndim != 1:
            raise RuntimeError("Ngram: input is not a 1D data with string datatype.")
        words = arr.tolist()
        out: list[str] = []
        for n in self.n:
            seq = [self.left_pad[0]] * min(self.left_pad[1], n - 1) + words + \
                [self.right_pad[0]] * min(self.right_pad[1], n - 1)
            if len(seq) < n:
                out.append("")  # MindSpore gives one empty string for an n longer than the padded sequence
            else:
                out.extend(self.separator.join(seq[i:i + n]) for i in range(len(seq) - n + 1))
        return strings_out(out)


class PythonTokenizer:
    """Tokenizes every string of an array with a Python function str -> list of str (one token list per
    element, so all elements must give the same number of tokens when the array is not a scalar)."""

    def __init__(self, tokenizer: Callable[[str], list]) -> None:
        if not callable(tokenizer):
            raise TypeError(f"tokenizer is not a callable Python function, got {type(tokenizer)}.")
        self.pyfunc = tokenizer
        self.random = False
        self._vectorised = np.vectorize(lambda s: np.array(tokenizer(s), dtype="U"), signature="()->(n)")

    def __call__(self, in_array: Any) -> np.ndarray:
        if not isinstance(in_array, np.ndarray):
            raise TypeError(f"input should be a NumPy array. Got {type(in_array)}.")
        if in_array.dtype.kind == "S":
            in_array = np.char.decode(in_array, "utf-8")
        try:
            return self._vectorised(in_array)
        except Exception as err:
            name = getattr(self.pyfunc, "__name__", type(self.pyfunc).__name__)
            raise RuntimeError(f"Error occurred in Pyfunc [{name}], error message: {err}") from err


class SlidingWindow(TextTensorOperation):
    def __init__(self, width: int, axis: int = 0) -> None:
        check_int(width, "width")
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"Argument axis with value {axis!r} is not of type [<class 'int'>], "
                            f"but got {type(axis)}.")
        self.width, self.axis = width, axis

    def __call__(self, x: Any) -> np.ndarray:
        arr = x if isinstance(x, np.ndarray) else np.asarray(x)
        if arr.ndim != 1 or self.axis not in (0, -1):
            raise RuntimeError("SlidingWindow: SlidingWindow supports 1D input only for now.")
        count = arr.shape[0] - self.width + 1
        if count <= 0:
            return arr[:0]
        return np.stack([arr[i:i + self.width] for i in range(count)])


_INT_PREFIX = re.compile(r"[ \t\n\v\f\r]*[+-]?[0-9]+")
_FLOAT_PREFIX = re.compile(r"[ \t\n\v\f\r]*[+-]?(inf(inity)?|nan|([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?)",
                           re.IGNORECASE)


class ToNumber(TextTensorOperation):
    """Parses strings like C++'s stoll/stoull/stof/stod: the longest numeric prefix, range-checked."""

    def __init__(self, data_type: Any) -> None:
        _check_mstype(data_type, "data_type")
        if str(data_type) not in _NUMERIC or str(data_type) == "Bool":
            raise TypeError(f"data_type: {data_type} is not numeric data type.")
        self.data_type = data_type
        self._np = np.dtype(mstype.dtype_to_nptype(data_type))

    def _one(self, s: str) -> Any:
        kind = self._np.kind
        m = (_INT_PREFIX if kind in "iu" else _FLOAT_PREFIX).match(s)
        if m is None:
            raise RuntimeError(f"ToNumber: it is invalid to convert \"{s}\" to a number.")
        if kind in "iu":
            value = int(m.group(0))
            info = np.iinfo(self._np)
            if "-" in s and kind == "u" or not info.min <= value <= info.max:
                raise RuntimeError(f"ToNumber: string input {s} will be out of bounds if cast to {self.data_type}. "
                                   f"The valid range is: [{info.min}, {info.max}].")
            return value
        text = m.group(0)
        value = float(text)
        literal_inf = "inf" in text.lower()
        limit = np.finfo(np.float64 if self._np == np.float64 else np.float32).max
        if self._np == np.float16:
            limit = np.finfo(np.float16).max
        if not literal_inf and abs(value) > float(limit):
            raise RuntimeError(f"ToNumber: string input {s} will be out of bounds if cast to {self.data_type}.")
        return value

    def __call__(self, x: Any) -> np.ndarray:
        arr = str_array(x, "ToNumber")
        values = [self._one(s) for s in arr.reshape(-1).tolist()]
        if self._np == np.float16:
            return np.array(values, dtype=np.float32).astype(np.float16).reshape(arr.shape)
        return np.array(values, dtype=self._np).reshape(arr.shape)


class ToVectors(TextTensorOperation):
    def __init__(self, vectors: Vectors, unk_init: list | None = None, lower_case_backup: bool = False) -> None:
        if not isinstance(vectors, Vectors):
            raise TypeError(f"Argument vectors with value {vectors!r} is not of type [<class 'Vectors'>], "
                            f"but got {type(vectors)}.")
        if unk_init is not None:
            if not isinstance(unk_init, list):
                raise TypeError(f"Argument unk_init with value {unk_init!r} is not of type [<class 'list'>], "
                                f"but got {type(unk_init)}.")
            for v in unk_init:
                if isinstance(v, bool) or not isinstance(v, (int, float)):
                    raise TypeError(f"Argument unk_init with value {unk_init!r} is not of type "
                                    f"[<class 'int'>, <class 'float'>], but got {type(v)}.")
        check_bool(lower_case_backup, "lower_case_backup")
        self.vectors, self.lower_case_backup = vectors, lower_case_backup
        self.unk_init = None if unk_init is None else np.array(unk_init, dtype=np.float32)

    def __call__(self, x: Any) -> np.ndarray:
        if self.unk_init is not None and self.unk_init.size != self.vectors.dim:
            raise RuntimeError(f"ToVectors: unk_init must be the same length as vectors, but got "
                               f"{self.unk_init.size} and {self.vectors.dim}.")
        arr = str_array(x, "ToVectors")
        rows = [self.vectors._lookup(w, self.unk_init, self.lower_case_backup) for w in arr.reshape(-1).tolist()]
        if len(rows) == 1:  # MindSpore returns a single token's vector as 1-D, whatever the input rank
            return rows[0].astype(np.float32)
        return np.stack(rows).astype(np.float32) if rows else np.zeros((0, self.vectors.dim), np.float32)


class Truncate(TextTensorOperation):
    def __init__(self, max_seq_len: int) -> None:
        check_int(max_seq_len, "max_seq_len")
        self.max_seq_len = max_seq_len

    def __call__(self, x: Any) -> np.ndarray:
        arr = x if isinstance(x, np.ndarray) else np.asarray(x)
        if arr.dtype.kind == "S":
            raise RuntimeError("Truncate: bytes input is not supported; decode it to str first.")
        if arr.ndim not in (1, 2):
            raise RuntimeError(f"Truncate: the input tensor should be of dimension 1 or 2, but got {arr.ndim}.")
        out = arr[..., :self.max_seq_len]
        return strings_out(out.reshape(-1).tolist(), out.shape) if out.dtype.kind == "U" else out.copy()


class TruncateSequencePair(TextTensorOperation):
    def __init__(self, max_length: int) -> None:
        check_int(max_length, "max_length", 0)
        self.max_length = max_length

    def __call__(self, seq1: Any, seq2: Any) -> tuple:
        a = seq1 if isinstance(seq1, np.ndarray) else np.asarray(seq1)
        b = seq2 if isinstance(seq2, np.ndarray) else np.asarray(seq2)
        if a.ndim != 1 or b.ndim != 1:
            raise RuntimeError("TruncateSequencePair: both data should be of rank 1.")
        la, lb = len(a), len(b)
        while la + lb > self.max_length:
            if la > lb:
                la -= 1
            else:
                lb -= 1
        fix = lambda v, n: strings_out(v[:n].tolist()) if v.dtype.kind == "U" else v[:n].copy()  # noqa: E731
        return fix(a, la), fix(b, lb)


__all__ = ["AddToken", "BasicTokenizer", "BertTokenizer", "CaseFold", "FilterWikipediaXML", "JiebaTokenizer",
           "Lookup", "Ngram",
           "NormalizeUTF8", "PythonTokenizer", "RegexReplace", "RegexTokenizer", "SlidingWindow", "ToNumber",
           "ToVectors", "Truncate", "TruncateSequencePair", "UnicodeCharTokenizer", "UnicodeScriptTokenizer",
           "WhitespaceTokenizer", "WordpieceTokenizer"]
