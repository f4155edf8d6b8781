"""JiebaTokenizer: Chinese word segmentation with cppjieba's algorithms, which MindSpore wraps.

- The MP dictionary has `word freq tag` lines; a word's weight is log(freq / sum of freqs). MP mode builds
  the DAG of dictionary words starting at each character and takes the maximum-weight route (right to left,
  the first of equal routes); a character that is no word weighs the smallest dictionary weight.
- The HMM model file holds start, transition and emission log-probabilities of the B/E/M/S states; HMM mode
  keeps ASCII letter/digit runs whole and Viterbi-decodes the rest.
- MIX mode runs MP, then re-segments every run of single characters with the HMM.
- Text is first split at the separators " \\t\\n，。", each of which becomes a token of its own.
Words added with `add_word`/`add_dict` weigh log(freq / sum) or, without a frequency, the median weight.
Offsets are UTF-8 bytes.
"""
from __future__ import annotations

import functools
import math
import os
import re
from typing import Any

import numpy as np

from mindshim.dataset.text._common import TextTensorOperation, scalar_str, strings_out, token_output
from mindshim.dataset.text.utils import JiebaMode
from mindshim.dataset.text.vectors import _atof

_MIN_DOUBLE = -3.14e100
_MAX_WORD_LEN = 512
_SEPARATORS = frozenset(" \t\n\uff0c\u3002")
_B, _E, _M, _S = 0, 1, 2, 3


def _lines(path: str) -> list[str]:
    with open(path, encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


@functools.lru_cache(maxsize=4)
def _load_dict(path: str, mtime: float) -> tuple[dict[str, float], frozenset, float, float, float]:
    """(word -> weight, all word prefixes, freq sum, min weight, median weight) of an MP dictionary."""
    entries: list[tuple[str, float]] = []
    for line in _lines(path):
        fields = line.split(" ")
        if len(fields) != 3:
            raise RuntimeError(f"JiebaTokenizer: dict line {line!r} of {path} must be 'word freq tag'.")
        entries.append((fields[0], _atof(fields[1])))
    if not entries:
        raise RuntimeError(f"JiebaTokenizer: the dict file {path} is empty.")
    total = 0.0
    for _, freq in entries:
        total += freq
    weights = [math.log(freq / total) for _, freq in entries]
    table = {word: w for (word, _), w in zip(entries, weights) if word}
    ordered = sorted(weights)
    return table, _prefixes(table), total, ordered[0], ordered[len(ordered) // 2]


def _prefixes(words: Any) -> frozenset:
    return frozenset(w[:k] for w in words for k in range(1, len(w) + 1))


@functools.lru_cache(maxsize=4)
def _load_hmm(path: str, mtime: float) -> tuple[list[float], list[list[float]], list[dict[str, float]]]:
    lines = [ln.strip() for ln in _lines(path)]
    lines = [ln for ln in lines if ln and not ln.startswith("#")]
    if len(lines) < 9:
        raise RuntimeError(f"JiebaTokenizer: the HMM model file {path} is incomplete.")
    rows = [ln.split(" ") for ln in lines[:5]]
    if any(len(r) != 4 for r in rows):
        raise RuntimeError(f"JiebaTokenizer: the HMM model file {path} needs 4 probabilities per line.")
    emits: list[dict[str, float]] = []
    for ln in lines[5:9]:
        table: dict[str, float] = {}
        for item in ln.split(","):
            parts = item.split(":")
            if len(parts) != 2 or len(parts[0]) != 1:
                raise RuntimeError(f"JiebaTokenizer: bad emission entry {item!r} in {path}.")
            table[parts[0]] = _atof(parts[1])
        emits.append(table)
    return [_atof(v) for v in rows[0]], [[_atof(v) for v in r] for r in rows[1:5]], emits


class _Segmenter:
    def __init__(self, hmm_path: str, mp_path: str, words: tuple) -> None:
        base, base_prefixes, total, self.min_weight, median = _load_dict(mp_path, os.path.getmtime(mp_path))
        self.start, self.trans, self.emit = _load_hmm(hmm_path, os.path.getmtime(hmm_path))
        self.words = base
        if words:
            self.words = dict(base)
            for word, freq in words:
                if word:
                    self.words[word] = math.log(freq / total) if freq else median
            self.prefixes = base_prefixes | _prefixes([w for w, _ in words if w])
        else:
            self.prefixes = base_prefixes

    def mp(self, chars: str, lo: int, hi: int) -> list[tuple[int, int]]:
        n = hi - lo
        best: list[tuple[float, int]] = [(0.0, 1)] * (n + 1)
        for i in range(n - 1, -1, -1):
            first = chars[lo + i]
            nexts = [(i, self.words.get(first))]
            if first in self.prefixes:
                for j in range(i + 1, min(n, i + _MAX_WORD_LEN)):
                    piece = chars[lo + i:lo + j + 1]
                    if piece not in self.prefixes:
                        break
                    if piece in self.words:
                        nexts.append((j, self.words[piece]))
            top, size = _MIN_DOUBLE, 1
            for j, w in nexts:
                val = 0.0
                if j + 1 < n:
                    val += best[j + 1][0]
                val += w if w is not None else self.min_weight
                if val > top:
                    top, size = val, (j - i + 1 if w is not None else 1)
            best[i] = (top, size)
        out, i = [], 0
        while i < n:
            out.append((lo + i, lo + i + best[i][1]))
            i += best[i][1]
        return out

    def _viterbi(self, chars: str) -> list[tuple[int, int]]:
        x_len = len(chars)
        weight = [[0.0] * 4 for _ in range(x_len)]
        path = [[-1] * 4 for _ in range(x_len)]
        for y in range(4):
            weight[0][y] = self.start[y] + self.emit[y].get(chars[0], _MIN_DOUBLE)
        for x in range(1, x_len):
            for y in range(4):
                emit = self.emit[y].get(chars[x], _MIN_DOUBLE)
                top, arg = _MIN_DOUBLE, _E
                for prev in range(4):
                    tmp = weight[x - 1][prev] + self.trans[prev][y] + emit
                    if tmp > top:
                        top, arg = tmp, prev
                weight[x][y], path[x][y] = top, arg
        stat = _E if weight[-1][_E] >= weight[-1][_S] else _S
        status = [0] * x_len
        for x in range(x_len - 1, -1, -1):
            status[x] = stat
            stat = path[x][stat]
        out, left = [], 0
        for i, s in enumerate(status):
            if s in (_E, _S):
                out.append((left, i + 1))
                left = i + 1
        return out

    def hmm(self, chars: str, lo: int, hi: int) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        left = right = lo
        while right < hi:
            if ord(chars[right]) < 0x80:
                if left != right:
                    out.extend((a + left, b + left) for a, b in self._viterbi(chars[left:right]))
                left = right
                right = _ascii_end(chars, left, hi)
                out.append((left, right))
                left = right
            else:
                right += 1
        if left != right:
            out.extend((a + left, b + left) for a, b in self._viterbi(chars[left:right]))
        return out

    def mix(self, chars: str, lo: int, hi: int) -> list[tuple[int, int]]:
        words = self.mp(chars, lo, hi)
        out: list[tuple[int, int]] = []
        i = 0
        while i < len(words):
            if words[i][1] - words[i][0] > 1:
                out.append(words[i])
                i += 1
                continue
            j = i
            while j < len(words) and words[j][1] - words[j][0] == 1:
                j += 1
            out.extend(self.hmm(chars, words[i][0], words[j - 1][1]))
            i = j
        return out


def _ascii_end(chars: str, start: int, end: int) -> int:
    """End of the ASCII token at `start`: a letter then letters/digits, digits then digits/dots, or one char."""
    c = chars[start]
    pos = start + 1
    if c.isascii() and c.isalpha():
        while pos < end and chars[pos].isascii() and chars[pos].isalnum():
            pos += 1
    elif "0" <= c <= "9":
        while pos < end and ("0" <= chars[pos] <= "9" or chars[pos] == "."):
            pos += 1
    return pos


def _pieces(text: str) -> list[tuple[int, int]]:
    """cppjieba's pre-filter: the ranges between separators, each separator a range of its own."""
    out, start = [], 0
    for i, ch in enumerate(text):
        if ch in _SEPARATORS:
            if i > start:
                out.append((start, i))
            out.append((i, i + 1))
            start = i + 1
    if start < len(text):
        out.append((start, len(text)))
    return out


class JiebaTokenizer(TextTensorOperation):
    def __init__(self, hmm_path: str, mp_path: str, mode: JiebaMode = JiebaMode.MIX,
                 with_offsets: bool = False) -> None:
        for path, name, what in ((hmm_path, "hmm_path", "HMMSegment"), (mp_path, "mp_path", "MPSegment")):
            if path is None:
                raise ValueError(f"The dict of {what} in cppjieba is not provided.")
            if not isinstance(path, str):
                raise TypeError(f"Wrong input type for {name}, should be string.")
        if not isinstance(with_offsets, bool):
            raise TypeError("Wrong input type for with_offsets, should be boolean.")
        if not isinstance(mode, JiebaMode):
            raise TypeError("Wrong input type for mode, should be JiebaMode.")
        for path in (hmm_path, mp_path):
            if not os.path.exists(os.path.realpath(path)):
                raise ValueError(f" jieba mode file {path} is not exist.")
        self.hmm_path, self.mp_path, self.mode, self.with_offsets = hmm_path, mp_path, mode, with_offsets
        self.words: list[tuple[str, int]] = []
        self._cached: tuple[tuple, _Segmenter] | None = None

    def add_word(self, word: str, freq: int | None = None) -> None:
        if word is None:
            raise ValueError("word is not provided.")
        if freq is not None:
            if isinstance(freq, bool) or not isinstance(freq, int):
                raise TypeError(f"Argument freq with value {freq!r} is not of type [<class 'int'>], "
                                f"but got {type(freq)}.")
            if not 0 <= freq <= 4294967295:
                raise ValueError("Input freq is not within the required interval of [0, 4294967295].")
        self.words.append((word, 0 if freq is None else freq))

    def add_dict(self, user_dict: Any) -> None:
        if isinstance(user_dict, str):
            if not os.path.exists(user_dict):
                raise ValueError(f"user dict file {user_dict} is not exist.")
            pattern = re.compile(r"^\s*([^\s*]+?)\s*([0-9]+)?\s*$")
            with open(os.path.realpath(user_dict), encoding="utf-8") as f:
                for line in f:
                    m = pattern.match(line.strip())
                    if m:
                        self.add_word(m.group(1), int(m.group(2)) if m.group(2) is not None else 0)
        elif isinstance(user_dict, dict):
            for word, freq in user_dict.items():
                self.add_word(word, freq)
        else:
            raise TypeError("The type of user_dict must str or dict.")

    def _segmenter(self) -> _Segmenter:
        key = tuple(self.words)
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, _Segmenter(self.hmm_path, self.mp_path, key))
        return self._cached[1]

    def __call__(self, text: Any) -> Any:
        s = scalar_str(text, "JiebaTokenizer")
        if s == "":  # MindSpore gives one empty token and no offsets
            empty = np.array([], dtype=np.uint32)
            return (strings_out([""]), empty, empty.copy()) if self.with_offsets else strings_out([""])
        seg = self._segmenter()
        cut = {JiebaMode.MP: seg.mp, JiebaMode.HMM: seg.hmm}.get(self.mode, seg.mix)
        spans = [span for lo, hi in _pieces(s) for span in cut(s, lo, hi)]
        byte = [0]
        for ch in s:
            byte.append(byte[-1] + len(ch.encode("utf-8")))
        return token_output([s[a:b] for a, b in spans], [byte[a] for a, _ in spans], [byte[b] for _, b in spans],
                            self.with_offsets)
