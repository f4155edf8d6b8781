"""ICU regular expressions (what MindSpore's RegexReplace/RegexTokenizer use) on Python's `re`.

Python's `re` lacks ICU's Unicode property classes and `\\x{...}` escapes; these are rewritten into
explicit character ranges built from `unicodedata` (general categories), then compiled once and cached.
Replacement strings use ICU's `$n` group references and `\\` quoting.
"""
from __future__ import annotations

import functools
import re
import sys
import unicodedata

from mindshim.dataset.text._common import WHITE_SPACE
from mindshim.dataset.text._script import script_uncached

_PROP = re.compile(r"\\([pP])\{([^}]*)\}|\\p([A-Z])|\\x\{([0-9A-Fa-f]+)\}|\\([sS])")
_POSIX_CLASS = re.compile(r"\[:([a-z]+):\]")
_WS_BODY = "".join(f"\\U{ord(c):08x}" for c in sorted(WHITE_SPACE))  # ICU's \s is Unicode White_Space
_POSIX = {"alpha": "gc:L", "digit": "gc:Nd", "upper": "gc:Lu", "lower": "gc:Ll", "punct": "gc:P", "space": "ws",
          "cntrl": "gc:Cc", "alnum": "gc:L|gc:Nd"}
_SCRIPT_ALIASES = {"HANI": "HAN", "LATN": "LATIN", "CYRL": "CYRILLIC", "GREK": "GREEK", "ARAB": "ARABIC",
                   "HIRA": "HIRAGANA", "KANA": "KATAKANA", "HANG": "HANGUL", "DEVA": "DEVANAGARI", "HEBR": "HEBREW",
                   "ZYYY": "COMMON", "ZINH": "INHERITED", "QAAI": "INHERITED"}


@functools.lru_cache(maxsize=None)
def _ranges(key: str) -> str:
    """A character-class body (no brackets) for "gc:<category prefix>" or "sc:<SCRIPT>"."""
    kind, value = key.split(":")
    if kind == "gc":
        test = lambda ch: unicodedata.category(ch).startswith(value)  # noqa: E731
    else:
        test = lambda ch: unicodedata.category(ch) not in ("Cn", "Co", "Cs") and \
            script_uncached(ch) == value  # noqa: E731
    spans: list[list[int]] = []
    for code in range(sys.maxunicode + 1):
        if test(chr(code)):
            if spans and spans[-1][1] == code - 1:
                spans[-1][1] = code
            else:
                spans.append([code, code])
    return "".join(_esc(a) if a == b else f"{_esc(a)}-{_esc(b)}" for a, b in spans)


def _esc(code: int) -> str:
    return f"\\U{code:08x}"


_ALIASES = {"letter": "L", "mark": "M", "number": "N", "punctuation": "P", "symbol": "S", "separator": "Z",
            "other": "C", "nonspacing_mark": "Mn", "control": "Cc", "format": "Cf", "decimal_number": "Nd",
            "uppercase_letter": "Lu", "lowercase_letter": "Ll", "space_separator": "Zs"}


def _prop_body(name: str) -> str:
    key = name.strip()
    for prefix in ("gc=", "General_Category="):
        if key.startswith(prefix):
            key = key[len(prefix):]
    key = _ALIASES.get(key.lower(), key)
    if key == "Any":
        return "\\U00000000-\\U0010ffff"
    if len(key) in (1, 2) and key[0] in "LMNPSZC":
        return _ranges(f"gc:{key}")
    if key.lower() in ("white_space", "whitespace", "space"):
        return _WS_BODY
    for prefix in ("Script=", "sc=", "script="):
        if key.startswith(prefix):
            key = key[len(prefix):]
    script = key.upper().replace("_", " ")
    body = _ranges(f"sc:{_SCRIPT_ALIASES.get(script, script)}")
    if not body:
        raise RuntimeError(f"RegexReplace: the pattern uses an unsupported property \\p{{{name}}}.")
    return body


def _translate(pattern: str) -> str:
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            m = _PROP.match(pattern, i)
            if m:
                if m.group(4):
                    out.append(_esc(int(m.group(4), 16)))
                elif m.group(5):
                    neg = m.group(5) == "S"
                    out.append(_WS_BODY if in_class and not neg else ("[^" if neg else "[") + _WS_BODY + "]")
                    if in_class and neg:
                        raise RuntimeError("RegexReplace: \\S inside a character class is not supported.")
                else:
                    neg = m.group(1) == "P"
                    body = _prop_body(m.group(2) or m.group(3))
                    if in_class:
                        if neg:
                            raise RuntimeError("RegexReplace: a negated property inside a character class is "
                                               "not supported.")
                        out.append(body)
                    else:
                        out.append(("[^" if neg else "[") + body + "]")
                i = m.end()
                continue
            out.append(pattern[i:i + 2])
            i += 2
            continue
        if ch == "[" and not in_class:
            in_class = True
            out.append(ch)
            i += 1
            if pattern[i:i + 1] == "^":
                out.append("^")
                i += 1
            if pattern[i:i + 1] == "]":  # a leading ']' is literal, as in ICU
                out.append("\\]")
                i += 1
            continue
        if ch == "]" and in_class:
            in_class = False
        elif ch == "[" and in_class:
            m = _POSIX_CLASS.match(pattern, i)
            if m and m.group(1) in _POSIX:
                out.append("".join(_WS_BODY if k == "ws" else _ranges(k) for k in _POSIX[m.group(1)].split("|")))
                i = m.end()
                continue
            out.append("\\[")
            i += 1
            continue
        out.append(ch)
        i += 1
    return "".join(out)


@functools.lru_cache(maxsize=256)
def compile_icu(pattern: str) -> re.Pattern:
    try:
        return re.compile(_translate(pattern))
    except re.error as err:
        raise RuntimeError(f"create ICU RegexMatcher failed, you may input an error pattern: {pattern!r} "
                           f"({err}).") from err


@functools.lru_cache(maxsize=256)
def icu_replacement(replace: str) -> str:
    """ICU replacement text ($n groups, backslash quotes the next character) as a Python template."""
    out: list[str] = []
    i = 0
    while i < len(replace):
        ch = replace[i]
        if ch == "\\" and i + 1 < len(replace):
            nxt = replace[i + 1]
            out.append("\\\\" if nxt == "\\" else nxt)
            i += 2
        elif ch == "$" and i + 1 < len(replace) and replace[i + 1].isdigit():
            j = i + 1
            while j < len(replace) and replace[j].isdigit():
                j += 1
            out.append(f"\\g<{replace[i + 1:j]}>")
            i = j
        else:
            out.append("\\\\" if ch == "\\" else ch)
            i += 1
    return "".join(out)


def regex_replace(pattern: str, replace: str, text: str, replace_all: bool = True) -> str:
    return compile_icu(pattern).sub(icu_replacement(replace), text, count=0 if replace_all else 1)
