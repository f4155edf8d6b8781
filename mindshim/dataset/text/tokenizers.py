"""mindspore.dataset.text tokenizers and string normalisers (MindSpore's ICU-based, non-Windows set).

Each tokenizer takes one scalar string and returns the tokens as a 1-D `<U` array (one empty token when
the text has none); `with_offsets=True` adds the tokens' UTF-8 byte start/limit offsets (uint32), as
MindSpore does. The normalisers work element-wise on string arrays of any shape.
"""
from __future__ import annotations

import unicodedata
from typing import Any

import numpy as np

from mindshim.dataset.text._common import (
    WHITE_SPACE, TextTensorOperation, check_bool, check_str, map_strings, nbytes, nfkc_casefold, scalar_str,
    spans_to_output, str_array, strings_out, token_output,
)
from mindshim.dataset.text._icu import compile_icu, regex_replace
from mindshim.dataset.text._script import script_of
from mindshim.dataset.text.utils import NormalizeForm

_FORMS = {NormalizeForm.NFC: "NFC", NormalizeForm.NFKC: "NFKC", NormalizeForm.NFD: "NFD", NormalizeForm.NFKD: "NFKD"}


def _normalize(text: str, form: NormalizeForm) -> str:
    return text if form == NormalizeForm.NONE else unicodedata.normalize(_FORMS[form], text)


def _check_form(form: Any, name: str) -> NormalizeForm:
    if not isinstance(form, NormalizeForm):
        raise TypeError(f"Argument {name} with value {form!r} is not of type [<enum 'NormalizeForm'>], "
                        f"but got {type(form)}.")
    return form


class WhitespaceTokenizer(TextTensorOperation):
    def __init__(self, with_offsets: bool = False) -> None:
        check_bool(with_offsets, "with_offsets")
        self.with_offsets = with_offsets

    def __call__(self, text: Any) -> Any:
        s = scalar_str(text, "WhitespaceTokenizer")
        spans, start = [], None
        for i, ch in enumerate(s):
            if ch in WHITE_SPACE:
                if start is not None:
                    spans.append((start, i))
                    start = None
            elif start is None:
                start = i
        if start is not None:
            spans.append((start, len(s)))
        return spans_to_output(s, spans, self.with_offsets)


class UnicodeCharTokenizer(TextTensorOperation):
    def __init__(self, with_offsets: bool = False) -> None:
        check_bool(with_offsets, "with_offsets")
        self.with_offsets = with_offsets

    def __call__(self, text: Any) -> Any:
        s = scalar_str(text, "UnicodeCharTokenizer")
        return spans_to_output(s, [(i, i + 1) for i in range(len(s))], self.with_offsets)


class UnicodeScriptTokenizer(TextTensorOperation):
    """Splits where the script or the whitespace-ness of consecutive characters changes."""

    def __init__(self, keep_whitespace: bool = False, with_offsets: bool = False) -> None:
        check_bool(keep_whitespace, "keep_whitespace")
        check_bool(with_offsets, "with_offsets")
        self.keep_whitespace, self.with_offsets = keep_whitespace, with_offsets

    def __call__(self, text: Any) -> Any:
        s = scalar_str(text, "UnicodeScriptTokenizer")
        spans: list[tuple[int, int]] = []
        start, last = 0, (None, False)
        for i, ch in enumerate(s):
            key = (script_of(ch), ch in WHITE_SPACE)
            if i > 0 and key != last:
                if self.keep_whitespace or not last[1]:
                    spans.append((start, i))
                start = i
            last = key
        if s and (self.keep_whitespace or not last[1]):
            spans.append((start, len(s)))
        return spans_to_output(s, spans, self.with_offsets)


def regex_tokens(text: str, delim: str, keep_delim: str) -> tuple[list[str], list[int], list[int]]:
    """MindSpore's RegexTokenizer: split at matches of `delim`, keep a delimiter that fully matches `keep_delim`."""
    matcher = compile_icu(delim)
    keeper = compile_icu(keep_delim) if keep_delim else None
    tokens: list[str] = []
    starts: list[int] = []
    byte = 0

    def emit(piece: str, keep: bool = True) -> None:
        nonlocal byte
        if keep:
            tokens.append(piece)
            starts.append(byte)
        byte += nbytes(piece)

    pos = 0
    for m in matcher.finditer(text):
        if m.start() > pos:
            emit(text[pos:m.start()])
        if m.end() > m.start():
            emit(m.group(0), keeper is not None and keeper.fullmatch(m.group(0)) is not None)
        pos = m.end()
    if pos < len(text):
        emit(text[pos:])
    return tokens, starts, [start + nbytes(t) for start, t in zip(starts, tokens)]


class RegexTokenizer(TextTensorOperation):
    def __init__(self, delim_pattern: str, keep_delim_pattern: str = "", with_offsets: bool = False) -> None:
        check_str(delim_pattern, "delim_pattern")
        check_str(keep_delim_pattern, "keep_delim_pattern")
        check_bool(with_offsets, "with_offsets")
        self.delim_pattern, self.keep_delim_pattern, self.with_offsets = delim_pattern, keep_delim_pattern, with_offsets

    def __call__(self, text: Any) -> Any:
        s = scalar_str(text, "RegexTokenizer")
        return token_output(*regex_tokens(s, self.delim_pattern, self.keep_delim_pattern), self.with_offsets)


class RegexReplace(TextTensorOperation):
    def __init__(self, pattern: str, replace: str, replace_all: bool = True) -> None:
        check_str(pattern, "pattern")
        check_str(replace, "replace")
        check_bool(replace_all, "replace_all")
        self.pattern, self.replace, self.replace_all = pattern, replace, replace_all

    def __call__(self, text: Any) -> np.ndarray:
        # MindSpore 2.10 writes every element's result into the first output element (its element index
        # never advances): the first element gets all results concatenated, the others come back empty.
        arr = str_array(text, "RegexReplace")
        flat = [""] * arr.size
        if arr.size:
            flat[0] = "".join(regex_replace(self.pattern, self.replace, str(s), self.replace_all)
                              for s in arr.reshape(-1))
        return strings_out(flat, arr.shape)


class CaseFold(TextTensorOperation):
    def __call__(self, text: Any) -> np.ndarray:
        return map_strings(text, nfkc_casefold, "CaseFold")


class NormalizeUTF8(TextTensorOperation):
    def __init__(self, normalize_form: NormalizeForm = NormalizeForm.NFKC) -> None:
        self.normalize_form = _check_form(normalize_form, "normalize_form")

    def __call__(self, text: Any) -> np.ndarray:
        return map_strings(text, lambda s: _normalize(s, self.normalize_form), "NormalizeUTF8")


_COMMON = (r"[!-/]|[:-@]|[\[-`]|[{-~]|[\p{P}]|[\x{4E00}-\x{9FFF}]|[\x{3400}-\x{4DBF}]|[\x{20000}-\x{2A6DF}]"
           r"|[\x{2A700}-\x{2B73F}]|[\x{2B740}-\x{2B81F}]|[\x{2B820}-\x{2CEAF}]|[\x{F900}-\x{FAFF}]"
           r"|[\x{2F800}-\x{2FA1F}]")
_UNUSED = r"\[CLS\]|\[SEP\]|\[UNK\]|\[PAD\]|\[MASK\]|\[unused\d+\]|"
_UNUSED_WORDS = frozenset((b"[CLS]", b"[SEP]", b"[UNK]", b"[PAD]", b"[MASK]"))


def _fold_keeping_unused(text: str) -> str:
    """Case-fold all but the special words, the way MindSpore 2.10 does it.

    MindSpore restarts every folded segment at the start of the text (its segment start is never
    advanced), so lower-cased text with special words comes out repeated: "a [CLS] b" becomes
    "a [CLS]a [cls] b". Reproduced to give MindSpore's tokens.
    """
    raw = text.encode("utf-8")
    spans, start, length = [], -1, 0
    for i, byte in enumerate(raw):  # MindSpore scans bytes; a '[' restarts the span, keeping the length
        if byte == 0x5B:
            start, length = i, length + 1
        elif byte == 0x5D and start >= 0:
            length += 1
            if raw[start:start + length] in _UNUSED_WORDS:
                spans.append((start, start + length - 1))
            start, length = -1, 0
        elif start >= 0:
            length += 1
    out, i = [], 0
    while i < len(raw):
        if not spans:
            i = len(raw)
            out.append(nfkc_casefold(raw[:i].decode("utf-8", "ignore")))
        else:
            a, b = spans.pop(0)
            out.append(nfkc_casefold(raw[:a].decode("utf-8", "ignore")) + raw[a:b + 1].decode("utf-8"))
            i = b + 1
    return "".join(out)


class BasicTokenizer(TextTensorOperation):
    def __init__(self, lower_case: bool = False, keep_whitespace: bool = False,
                 normalization_form: NormalizeForm = NormalizeForm.NONE, preserve_unused_token: bool = True,
                 with_offsets: bool = False) -> None:
        for value, name in ((lower_case, "lower_case"), (keep_whitespace, "keep_whitespace"),
                            (preserve_unused_token, "preserve_unused_token"), (with_offsets, "with_offsets")):
            check_bool(value, name)
        self.normalization_form = _check_form(normalization_form, "normalization_form")
        self.lower_case, self.keep_whitespace = lower_case, keep_whitespace
        self.preserve_unused_token, self.with_offsets = preserve_unused_token, with_offsets
        delim = r"\s+|" + _COMMON
        keep = delim if keep_whitespace else _COMMON
        if preserve_unused_token:
            delim, keep = _UNUSED + delim, _UNUSED + keep
        self._delim, self._keep = delim, keep

    def _prepare(self, s: str) -> str:
        if self.lower_case:
            s = _fold_keeping_unused(s) if self.preserve_unused_token else nfkc_casefold(s)
            s = "".join(ch for ch in unicodedata.normalize("NFD", s) if unicodedata.category(ch) != "Mn")
        else:
            s = _normalize(s, self.normalization_form)
        return "".join(" " if unicodedata.category(ch) in ("Cc", "Cf") else ch for ch in s)

    def _tokens(self, text: Any, op: str) -> tuple[list[str], list[int], list[int]]:
        return regex_tokens(self._prepare(scalar_str(text, op)), self._delim, self._keep)

    def __call__(self, text: Any) -> Any:
        return token_output(*self._tokens(text, "BasicTokenizer"), self.with_offsets)


# MindSpore applies its FilterWikipediaXML rules in the order of an ordered map, i.e. sorted by pattern.
_WIKI_RULES = sorted({
    r"<.*>": "", r"&amp;": "&", "&lt;": "<", "&gt;": ">", r"<ef[^<]*<\/ef>": "", "<[^>]*>": "",
    r"\[http:[^] ]*": "[", r"\|thumb": "", r"\|left": "", r"\|right": "", r"\|\d+px": "",
    r"\[\[image:[^\[\]]*\|": "", r"\[\[category:([^|\]]*)[^]]*\]\]": "[[$1]]", r"\[\[[a-z\-]*:[^\]]*\]\]": "",
    r"\[\[[^\|\]]*\|": "[[", r"\{\{[^\}]*\}\}": "", r"\{[^\}]*\}": "", r"\[": "", r"\]": "", "&[^;]*;": " ",
    **{chr(c): chr(c + 32) for c in range(ord("A"), ord("Z") + 1) if chr(c) != "R"}, "R": "",
    **{str(d): f" {w} " for d, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven",
                                                "eight", "nine"))},
    r"[^a-z\n]+": " ", r"\n ": "", r"\s+": " ", r"\n\s*\n": r"\n",
}.items())


def _filter_wiki(text: str) -> str:
    if "#redirect" in text or "#REDIRECT" in text:
        return ""
    for pattern, replace in _WIKI_RULES:
        text = regex_replace(pattern, replace, text).strip()
    return text


class FilterWikipediaXML(TextTensorOperation):
    def __call__(self, text: Any) -> np.ndarray:
        arr = str_array(text, "FilterWikipediaXML")
        flat = [""] * arr.size
        if arr.size:  # MindSpore filters only the first element of a tensor; the rest come back empty
            flat[0] = _filter_wiki(str(arr.reshape(-1)[0]))
        return strings_out(flat, arr.shape)
