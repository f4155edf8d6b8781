"""WordpieceTokenizer and BertTokenizer (BasicTokenizer followed by WordPiece), MindSpore's way.

WordPiece splits each word greedily into the longest pieces found in the vocab (later pieces carry the
suffix indicator); a word with an unmatched rest becomes the unknown token (or stays whole when the
unknown token is ""). Offsets are UTF-8 bytes. Like MindSpore, the offsets of pieces found before a
word turned out unknown are kept, so offsets can outnumber tokens in that case.
"""
from __future__ import annotations

from typing import Any


from mindshim.dataset.text._common import TextTensorOperation, check_bool, check_int, check_str, str_array, token_output
from mindshim.dataset.text.tokenizers import BasicTokenizer
from mindshim.dataset.text.utils import NormalizeForm, Vocab


def _check_vocab(vocab: Any) -> None:
    if not isinstance(vocab, Vocab):
        raise TypeError(f"Argument vocab with value {vocab!r} is not of type [<class 'Vocab'>], but got {type(vocab)}.")


class WordpieceTokenizer(TextTensorOperation):
    def __init__(self, vocab: Vocab, suffix_indicator: str = "##", max_bytes_per_token: int = 100,
                 unknown_token: str = "[UNK]", with_offsets: bool = False) -> None:
        _check_vocab(vocab)
        check_str(suffix_indicator, "suffix_indicator")
        check_int(max_bytes_per_token, "max_bytes_per_token", 0)
        check_str(unknown_token, "unknown_token")
        check_bool(with_offsets, "with_offsets")
        self.vocab, self.suffix_indicator = vocab, suffix_indicator
        self.max_bytes_per_token, self.unknown_token = max_bytes_per_token, unknown_token
        self.with_offsets = with_offsets

    def _word(self, word: str, base: int, table: dict, starts: list[int], limits: list[int]) -> list[str]:
        raw = word.encode("utf-8")
        if len(raw) > self.max_bytes_per_token:
            starts.append(base)
            if self.unknown_token:
                limits.append(base + len(self.unknown_token.encode("utf-8")))
                return [self.unknown_token]
            limits.append(base + len(raw))
            return [word]
        ends, pos = [], 0
        for ch in word:
            pos += len(ch.encode("utf-8"))
            ends.append(pos)
        pieces: list[str] = []
        start = 0
        while start < len(raw):
            found = None
            for end in reversed(ends):
                if end <= start:
                    break
                piece = raw[start:end].decode("utf-8")
                if start > 0:
                    piece = self.suffix_indicator + piece
                if piece in table:
                    found = (piece, end)
                    break
            if found is None:
                starts.append(base)
                limits.append(base + len(raw))
                return [self.unknown_token if self.unknown_token else word]
            pieces.append(found[0])
            starts.append(base + start)
            limits.append(base + found[1])
            start = found[1]
        return pieces

    def _run(self, words: list[str], bases: list[int]) -> Any:
        table = self.vocab._table()
        tokens: list[str] = []
        starts: list[int] = []
        limits: list[int] = []
        for word, base in zip(words, bases):
            tokens.extend(self._word(word, base, table, starts, limits))
        return token_output(tokens, starts, limits, self.with_offsets)

    def __call__(self, x: Any) -> Any:
        arr = str_array(x, "WordpieceTokenizer")
        if arr.ndim > 1:
            raise RuntimeError("WordpieceTokenizer: The input shape should be 1D scalar the input datatype should "
                               "be string.")
        words = arr.reshape(-1).tolist()
        return self._run(words, [0] * len(words))


class BertTokenizer(TextTensorOperation):
    def __init__(self, vocab: Vocab, suffix_indicator: str = "##", max_bytes_per_token: int = 100,
                 unknown_token: str = "[UNK]", lower_case: bool = False, keep_whitespace: bool = False,
                 normalization_form: NormalizeForm = NormalizeForm.NONE, preserve_unused_token: bool = True,
                 with_offsets: bool = False) -> None:
        self._wordpiece = WordpieceTokenizer(vocab, suffix_indicator, max_bytes_per_token, unknown_token, with_offsets)
        self._basic = BasicTokenizer(lower_case, keep_whitespace, normalization_form, preserve_unused_token, True)
        self.vocab, self.with_offsets = vocab, with_offsets

    def __call__(self, text: Any) -> Any:
        tokens, starts, _ = self._basic._tokens(text, "BertTokenizer")
        return self._wordpiece._run(tokens, starts)


__all__ = ["WordpieceTokenizer", "BertTokenizer"]
