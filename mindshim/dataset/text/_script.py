"""The Unicode script of a character (ICU's uscript_getScript), from the character's Unicode name.

Python's unicodedata has no Script property; a character's name starts with its script's name for
letters and marks of every script a tokenizer meets in practice ("LATIN SMALL LETTER A", "CJK UNIFIED
IDEOGRAPH-4E00", "HIRAGANA LETTER A"). Combining marks without a script prefix are Inherited;
digits, punctuation, symbols and spaces are Common.
"""
from __future__ import annotations

import functools
import unicodedata

_SCRIPTS = (
    "LATIN", "GREEK", "COPTIC", "CYRILLIC", "ARMENIAN", "HEBREW", "ARABIC", "SYRIAC", "THAANA", "NKO", "SAMARITAN",
    "MANDAIC", "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL", "TELUGU", "KANNADA",
    "MALAYALAM", "SINHALA", "THAI", "LAO", "TIBETAN", "MYANMAR", "GEORGIAN", "HANGUL", "ETHIOPIC", "CHEROKEE",
    "CANADIAN SYLLABICS", "OGHAM", "RUNIC", "TAGALOG", "KHMER", "MONGOLIAN", "LIMBU", "TAI LE", "BUGINESE",
    "BALINESE", "SUNDANESE", "LEPCHA", "OL CHIKI", "HIRAGANA", "KATAKANA", "BOPOMOFO", "YI SYLLABLE", "YI RADICAL",
    "VAI", "JAVANESE", "CHAM", "TAI VIET", "MEETEI MAYEK", "TIFINAGH", "GLAGOLITIC", "BRAILLE",
)
_HAN = ("CJK UNIFIED IDEOGRAPH", "CJK COMPATIBILITY IDEOGRAPH", "CJK RADICAL", "KANGXI RADICAL")


# Marks that Unicode assigns to the Inherited script although their names carry a script's name
_INHERITED = ((0x0300, 0x036F), (0x0485, 0x0486), (0x064B, 0x0655), (0x0670, 0x0670), (0x0951, 0x0954),
              (0x1AB0, 0x1AFF), (0x1CD0, 0x1CD2), (0x1CD4, 0x1CE0), (0x1CE2, 0x1CE8), (0x1CED, 0x1CED),
              (0x1CF4, 0x1CF4), (0x1CF8, 0x1CF9), (0x1DC0, 0x1DFF), (0x200C, 0x200D), (0x20D0, 0x20F0),
              (0x302A, 0x302D), (0x3099, 0x309A), (0xFE00, 0xFE0F), (0xFE20, 0xFE2D), (0x101FD, 0x101FD),
              (0x102E0, 0x102E0), (0x1133B, 0x1133B), (0x1CF00, 0x1CF46), (0x1D167, 0x1D169),
              (0x1D17B, 0x1D182), (0x1D185, 0x1D18B), (0x1D1AA, 0x1D1AD), (0xE0100, 0xE01EF))


_ONE_WORD = {w for w in _SCRIPTS if " " not in w}
_TWO_WORDS = {w: w.split()[0] for w in _SCRIPTS if " " in w}


def script_uncached(ch: str) -> str:
    code = ord(ch)
    if any(lo <= code <= hi for lo, hi in _INHERITED):
        return "INHERITED"
    name = unicodedata.name(ch, "")
    if name.startswith(("FULLWIDTH ", "HALFWIDTH ")):
        name = name[10:]
    if name.startswith(_HAN) or name.startswith("IDEOGRAPHIC ITERATION MARK"):
        return "HAN"
    if name.startswith("KATAKANA-HIRAGANA"):
        return "COMMON"
    words = name.replace("-", " ").split(" ", 2)
    if words[0] in _ONE_WORD:
        return words[0]
    if len(words) > 1 and f"{words[0]} {words[1]}" in _TWO_WORDS:
        return words[0]
    category = unicodedata.category(ch)
    if category in ("Mn", "Me"):
        return "INHERITED"
    if category == "Cn":
        return "UNKNOWN"
    return "COMMON"


script_of = functools.lru_cache(maxsize=8192)(script_uncached)
