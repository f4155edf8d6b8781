"""mindspore.dataset.text.utils: Vocab, the text enums, and str/bytes array conversion.

A Vocab maps words to int ids. `from_dataset` counts the words of the given columns, orders them by
frequency (descending) then by the word itself, as MindSpore does; special tokens go first or last.
Unknown words map to -1 and unknown ids to "" in `tokens_to_ids`/`ids_to_tokens`.
"""
from __future__ import annotations

from collections import Counter
from enum import IntEnum
from typing import Any, Iterable

import numpy as np

from mindshim.dataset.text.vectors import CharNGram, FastText, GloVe, Vectors  # noqa: F401  (public path)


class JiebaMode(IntEnum):
    MIX = 0
    MP = 1
    HMM = 2


class NormalizeForm(IntEnum):
    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4


class SentencePieceModel(IntEnum):
    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


class SPieceTokenizerLoadType(IntEnum):
    FILE = 0
    MODEL = 1


class SPieceTokenizerOutType(IntEnum):
    STRING = 0
    INT = 1


_INT32_MAX = 2147483647


def _type_error(name: str, value: Any, types: str) -> TypeError:
    return TypeError(f"Argument {name} with value {value!r} is not of type {types}, but got {type(value)}.")


def _check_words(words: Any, name: str) -> list[str]:
    if words is None:
        return []
    if not isinstance(words, list):
        raise _type_error(name, words, "[<class 'list'>]")
    for w in words:
        if not isinstance(w, str):
            raise _type_error(f"{name}[{words.index(w)}]", w, "[<class 'str'>]")
    return list(words)


def _check_unique(words: list[str], name: str) -> None:
    seen = set()
    for w in words:
        if w in seen:
            raise ValueError(f"{name} contains duplicate word: {w}.")
        seen.add(w)


class Vocab:
    """Word <-> id table for Lookup, WordpieceTokenizer and BertTokenizer."""

    def __init__(self) -> None:
        self._word_to_id: dict[str, int] | None = None
        self._id_to_word: dict[int, str] = {}

    @classmethod
    def _build(cls, words: Iterable[str], special_tokens: list[str], special_first: bool) -> "Vocab":
        words = list(words)
        dup = set(words) & set(special_tokens)
        if dup:
            raise ValueError(f"special_tokens and word_list contain duplicate word :{dup}.")
        ordered = special_tokens + words if special_first else words + special_tokens
        return cls._from_mapping({w: i for i, w in enumerate(ordered)})

    @classmethod
    def _from_mapping(cls, mapping: dict[str, int]) -> "Vocab":
        vocab = cls()
        vocab._word_to_id = dict(mapping)
        vocab._id_to_word = {i: w for w, i in mapping.items()}
        return vocab

    @classmethod
    def from_list(cls, word_list: list, special_tokens: list | None = None, special_first: bool = True) -> "Vocab":
        words = _check_words(word_list, "word_list")
        specials = _check_words(special_tokens, "special_tokens")
        if not isinstance(special_first, bool):
            raise _type_error("special_first", special_first, "[<class 'bool'>]")
        _check_unique(words, "word_list")
        _check_unique(specials, "special_tokens")
        return cls._build(words, specials, special_first)

    @classmethod
    def from_dataset(cls, dataset: Any, columns: Any = None, freq_range: Any = None, top_k: int | None = None,
                     special_tokens: list | None = None, special_first: bool = True) -> "Vocab":
        columns = [columns] if isinstance(columns, str) else (list(columns) if columns else None)
        low, high = 0, None
        if freq_range is not None:
            if not isinstance(freq_range, tuple) or len(freq_range) != 2:
                raise _type_error("freq_range", freq_range, "[<class 'tuple'>]")
            low = freq_range[0] if freq_range[0] is not None else 0
            high = freq_range[1]
            if low < 0 or (high is not None and high < low):
                raise ValueError("frequency range [a,b] should be 0 <= a <= b (a,b are inclusive).")
        if top_k is not None and (isinstance(top_k, bool) or not isinstance(top_k, int) or top_k <= 0):
            raise ValueError("Input top_k must be greater than 0.")
        specials = _check_words(special_tokens, "special_tokens")
        _check_unique(specials, "special_tokens")
        names = dataset.get_col_names()
        for col in columns or []:
            if col not in names:
                raise RuntimeError(f"Vocab.from_dataset: column {col!r} does not exist in the dataset {names}.")
        counts: Counter = Counter()
        for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True):
            for col in columns or names:
                value = np.asarray(row[col])
                if value.dtype.kind == "S":
                    value = np.char.decode(value, "utf-8")
                if value.dtype.kind != "U":
                    raise RuntimeError(f"Vocab.from_dataset: column {col!r} must hold strings, got {value.dtype}.")
                counts.update(str(w) for w in value.reshape(-1))
        clash = [w for w in specials if w in counts]
        if clash:
            raise RuntimeError(f"Vocab.from_dataset: special_tokens and the dataset's words share {clash}.")
        words = [w for w, c in counts.items() if c >= low and (high is None or c <= high)]
        words.sort(key=lambda w: (-counts[w], w.encode("utf-8")))
        if top_k is not None:
            words = words[:top_k]
        return cls._build(words, specials, special_first)

    @classmethod
    def from_file(cls, file_path: str, delimiter: str = "", vocab_size: int | None = None,
                  special_tokens: list | None = None, special_first: bool = True) -> "Vocab":
        if not isinstance(file_path, str):
            raise _type_error("file_path", file_path, "[<class 'str'>]")
        if not isinstance(delimiter, str):
            raise _type_error("delimiter", delimiter, "[<class 'str'>]")
        if vocab_size is not None and (isinstance(vocab_size, bool) or not isinstance(vocab_size, int)
                                       or vocab_size <= 0):
            raise ValueError("Input vocab_size must be greater than 0.")
        specials = _check_words(special_tokens, "special_tokens")
        _check_unique(specials, "special_tokens")
        try:
            with open(file_path, encoding="utf-8", newline="") as f:  # MindSpore keeps a '\r' of CRLF lines
                lines = f.read().split("\n")
        except OSError as err:
            raise RuntimeError(f"Vocab.from_file: failed to open vocab file {file_path}: {err}") from err
        if lines and lines[-1] == "":
            lines.pop()
        words: list[str] = []
        seen = set(specials)
        for line in lines:
            if vocab_size is not None and len(words) >= vocab_size:
                break
            word = line.split(delimiter, 1)[0] if delimiter else line
            if word in seen:
                raise RuntimeError(f"Vocab.from_file: duplicate word {word!r} in {file_path}.")
            seen.add(word)
            words.append(word)
        return cls._build(words, specials, special_first)

    @classmethod
    def from_dict(cls, word_dict: dict) -> "Vocab":
        if not isinstance(word_dict, dict):
            raise _type_error("word_dict", word_dict, "[<class 'dict'>]")
        for w, i in word_dict.items():
            if not isinstance(w, str):
                raise _type_error("word", w, "[<class 'str'>]")
            if isinstance(i, bool) or not isinstance(i, int):
                raise _type_error("word_id", i, "[<class 'int'>]")
            if not 0 <= i <= _INT32_MAX:
                raise ValueError(f"Input word_id is not within the required interval of [0, {_INT32_MAX}].")
        return cls._from_mapping(word_dict)

    def _table(self) -> dict[str, int]:
        if self._word_to_id is None:
            raise RuntimeError("The Vocab has not built yet, got type <class 'NoneType'>. Use Vocab.from_dataset(), "
                               "Vocab.from_list(), Vocab.from_file() or Vocab.from_dict() to build a Vocab.")
        return self._word_to_id

    def vocab(self) -> dict[str, int]:
        return dict(self._table())

    def tokens_to_ids(self, tokens: Any) -> Any:
        table = self._table()
        if isinstance(tokens, np.ndarray):
            tokens = tokens.tolist()
        if isinstance(tokens, str):
            return table.get(tokens, -1)
        if not isinstance(tokens, list):
            raise _type_error("tokens", tokens, "[<class 'str'>, <class 'list'>, <class 'numpy.ndarray'>]")
        return [table.get(t, -1) for t in tokens]

    def ids_to_tokens(self, ids: Any) -> Any:
        self._table()
        if isinstance(ids, np.ndarray):
            ids = ids.tolist()
        single = isinstance(ids, int) and not isinstance(ids, bool)
        items = [ids] if single else ids
        if not isinstance(items, list) or any(isinstance(i, bool) or not isinstance(i, int) for i in items):
            raise _type_error("ids", ids, "[<class 'int'>, <class 'list'>, <class 'numpy.ndarray'>]")
        if any(not 0 <= i <= _INT32_MAX for i in items):
            raise ValueError(f"Input ids is not within the required interval of [0, {_INT32_MAX}].")
        words = [self._id_to_word.get(i, "") for i in items]
        return words[0] if single else words


def to_str(array: Any, encoding: str = "utf8") -> np.ndarray:
    """A numpy bytes array decoded to str."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"input should be a NumPy array. Got {type(array)}.")
    return np.char.decode(array, encoding)


def to_bytes(array: Any, encoding: str = "utf8") -> np.ndarray:
    """A numpy str array encoded to bytes."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f"input should be a NumPy array. Got {type(array)}.")
    return np.char.encode(array, encoding)
