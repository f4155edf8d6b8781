"""mindspore.dataset.text: vocabularies, tokenizers, lookups and word vectors for string columns.

Left out: SentencePieceTokenizer / SentencePieceVocab (need the `sentencepiece` package, not a dependency of
mindshim).
"""
from mindshim.dataset.text import transforms, utils
from mindshim.dataset.text.jieba import JiebaTokenizer
from mindshim.dataset.text.transforms import (
    AddToken, BasicTokenizer, BertTokenizer, CaseFold, FilterWikipediaXML, Lookup, Ngram, NormalizeUTF8,
    PythonTokenizer, RegexReplace, RegexTokenizer, SlidingWindow, ToNumber, ToVectors, Truncate, TruncateSequencePair,
    UnicodeCharTokenizer, UnicodeScriptTokenizer, WhitespaceTokenizer, WordpieceTokenizer,
)
from mindshim.dataset.text.utils import (
    JiebaMode, NormalizeForm, SentencePieceModel, SPieceTokenizerLoadType, SPieceTokenizerOutType, Vocab, to_bytes,
    to_str,
)
from mindshim.dataset.text.vectors import CharNGram, FastText, GloVe, Vectors

__all__ = ["transforms", "utils", "JiebaTokenizer", "AddToken", "BasicTokenizer", "BertTokenizer", "CaseFold",
           "FilterWikipediaXML", "Lookup", "Ngram", "NormalizeUTF8", "PythonTokenizer", "RegexReplace",
           "RegexTokenizer", "SlidingWindow", "ToNumber", "ToVectors", "Truncate", "TruncateSequencePair",
           "UnicodeCharTokenizer", "UnicodeScriptTokenizer", "WhitespaceTokenizer", "WordpieceTokenizer",
           "JiebaMode", "NormalizeForm", "SentencePieceModel", "SPieceTokenizerLoadType", "SPieceTokenizerOutType",
           "Vocab", "to_bytes", "to_str", "CharNGram", "FastText", "GloVe", "Vectors"]
