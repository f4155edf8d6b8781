"""mindspore.dataset.text tokenizers and normalisers: eager calls on str / numpy string arrays and the same
ops inside NumpySlicesDataset.map pipelines. Strings are returned as dtype + shape + list (the golden codec
records numbers only); offsets are uint32 arrays."""
COMPILED_PASS = False

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.text as text

TOLERANCES = {}

_TEXT = "Hello, Wörld! 你好世界 [CLS] don't  x\ty ÀÉ 123abc"


def _s(a):
    a = np.asarray(a)
    values = a.tolist()
    if a.dtype.kind == "S":
        values = np.char.decode(a, "utf-8").tolist()
    return {"dtype": str(a.dtype), "shape": list(a.shape), "value": values}


def _out(result):
    if isinstance(result, tuple):
        return [_s(result[0])] + [r for r in result[1:]]
    return _s(result)


def _pipeline(data, ops, in_cols=("text",), out_cols=None):
    d = ds.NumpySlicesDataset(data, column_names=list(in_cols), shuffle=False)
    d = d.map(ops, input_columns=list(in_cols), output_columns=out_cols)
    rows = []
    for row in d.create_tuple_iterator(output_numpy=True, num_epochs=1):
        rows.append([_s(v) if v.dtype.kind in "US" else v for v in row])
    return {"columns": d.get_col_names(), "rows": rows}


def case_whitespace_eager():
    return {"plain": _out(text.WhitespaceTokenizer()("a b  c")),
            "offsets": _out(text.WhitespaceTokenizer(True)("héllo  wörld\t你好 ")),
            "empty": _out(text.WhitespaceTokenizer()("")),
            "blank": _out(text.WhitespaceTokenizer(with_offsets=True)("   ")),
            "numpy": _out(text.WhitespaceTokenizer()(np.array("x y")))}


def case_whitespace_bytes_error():
    return _out(text.WhitespaceTokenizer()(np.array(b"p q")))


def case_case_fold_bytes_error():
    return _out(text.CaseFold()(np.array([b"AB"])))


def case_whitespace_pipeline():
    return _pipeline(["a b", "c d e", "f"], text.WhitespaceTokenizer())


def case_whitespace_offsets_pipeline():
    return _pipeline(["ab cd", "é f"], text.WhitespaceTokenizer(True), ("text",), ["token", "start", "limit"])


def case_whitespace_rank1_error():
    return _out(text.WhitespaceTokenizer()(np.array(["a b", "c"])))


def case_whitespace_int_error():
    return _out(text.WhitespaceTokenizer()(np.array([1, 2])))


def case_unicode_char():
    return {"plain": _out(text.UnicodeCharTokenizer()("héllo 你")),
            "offsets": _out(text.UnicodeCharTokenizer(True)("héllo 你")),
            "empty": _out(text.UnicodeCharTokenizer()(""))}


def case_unicode_char_pipeline():
    return _pipeline(["ab", "你好"], text.UnicodeCharTokenizer(True), ("text",), ["t", "s", "l"])


def case_unicode_script():
    s = "Chinese中国 Hello,Wörld! 123abc  x\ty ÀÉ"
    return {"plain": _out(text.UnicodeScriptTokenizer()(s)),
            "keep": _out(text.UnicodeScriptTokenizer(True)(s)),
            "offsets": _out(text.UnicodeScriptTokenizer(False, True)(s)),
            "kana": _out(text.UnicodeScriptTokenizer()("ひらがなカタカナ漢字abc"))}


def case_regex_tokenizer():
    return {"ws": _out(text.RegexTokenizer(r"\s+")(_TEXT)),
            "keep": _out(text.RegexTokenizer(r"\s+", r"\s+")(_TEXT)),
            "offsets": _out(text.RegexTokenizer(r"\s+|,", r",", True)(_TEXT)),
            "punct": _out(text.RegexTokenizer(r"\p{P}", r"\p{P}")("a,b.c!d")),
            "none": _out(text.RegexTokenizer(r"\d")("abc"))}


def case_regex_replace():
    return {"all": _s(text.RegexReplace(r"\s+", "_")(_TEXT)),
            "first_group": _s(text.RegexReplace(r"(\w+)o", "$1X", False)(_TEXT)),
            "prop": _s(text.RegexReplace(r"\p{Mn}", "")("e\u0301a\u0300")),
            "rank1": _s(text.RegexReplace("a", "b")(np.array(["aa", "ba"]))),
            "scalar_array": _s(text.RegexReplace("o", "0")(np.array("foo")))}


def case_unicode_script_more():
    t = text.UnicodeScriptTokenizer(True)
    samples = ["Привет мир", "Γειά σου", "مرحبا بالعالم", "안녕하세요 세계", "สวัสดีครับ", "नमस्ते दुनिया",
               "e\u0301a\u0300b", "😀😁 ok👍", "ＡＢＣ１２３ｶﾀｶﾅ", "١٢٣ ٤", "ひらがなカタカナ漢字ー々〆", "abc٣def",
               "x\u200by", "Ⅻ ½ ©®™", "a\u00a0b\u3000c", "ا\u064bب", "中\u0301文", "a_b-c.d"]
    return [_s(t(x)) for x in samples]


def case_regex_icu_classes():
    return {"ws": _s(text.RegexTokenizer(r"\s+")("a\x0bb\x1cc\x85d\u2028e f")),
            "ws_class": _s(text.RegexTokenizer(r"[\s,]+")("a\x0bb,\x1cc")),
            "word": _s(text.RegexReplace(r"\w+", "W")(np.array("héllo wörld_1 ٣ 中文"))),
            "posix": _s(text.RegexReplace(r"[[:alpha:]]+", "A")(np.array("héllo 12"))),
            "letters": _s(text.RegexReplace(r"\p{L}+", "L")(np.array("héllo 12 中文"))),
            "script": _s(text.RegexReplace(r"\p{Han}+", "H")(np.array("héllo 中文"))),
            "groups": _s(text.RegexReplace(r"(a)(b)?", "[$2|$1]")(np.array("ab a"))),
            "dollar": _s(text.RegexReplace(r"a", "\\$1")(np.array("ab"))),
            "anchor": _s(text.RegexReplace(r"^", "X")(np.array("ab"))),
            "empty_match": _s(text.RegexReplace(r"x*", "-")(np.array("abc"))),
            "empty_delim": _out(text.RegexTokenizer(r"x*", r"x*", True)("axb"))}


def case_regex_replace_pipeline():
    return _pipeline(["a  b", "c\td"], text.RegexReplace(r"\s+", " "))


def case_case_fold():
    return {"str": _s(text.CaseFold()("HeLLo ß ﬁ Σ")),
            "rank1": _s(text.CaseFold()(np.array(["AB", "Cd"]))),
            "rank2": _s(text.CaseFold()(np.array([["AB"], ["Cd"]])))}


def case_case_fold_int_error():
    return _s(text.CaseFold()(np.array([1])))


def case_normalize_utf8():
    s = "ﬁ Å é ①"
    forms = [("NONE", text.NormalizeForm.NONE), ("NFC", text.NormalizeForm.NFC), ("NFKC", text.NormalizeForm.NFKC),
             ("NFD", text.NormalizeForm.NFD), ("NFKD", text.NormalizeForm.NFKD)]
    out = {name: _s(text.NormalizeUTF8(form)(s)) for name, form in forms}
    out["default"] = _s(text.NormalizeUTF8()(np.array(["ﬁ", "x"])))
    out["enum"] = [int(f) for _, f in forms]
    return out


def case_basic_tokenizer():
    return {"default": _out(text.BasicTokenizer()(_TEXT)),
            "keep_ws": _out(text.BasicTokenizer(keep_whitespace=True)(_TEXT)),
            "lower_no_preserve": _out(text.BasicTokenizer(lower_case=True, preserve_unused_token=False)(_TEXT)),
            "offsets": _out(text.BasicTokenizer(with_offsets=True)(_TEXT)),
            "nfkc": _out(text.BasicTokenizer(normalization_form=text.NormalizeForm.NFKC)("ﬁne ①")),
            "no_preserve": _out(text.BasicTokenizer(preserve_unused_token=False)("a [CLS] [unused3] b")),
            "control": _out(text.BasicTokenizer(with_offsets=True)("a\u200bb\x01c"))}


def case_basic_tokenizer_lower_preserved():
    # MindSpore 2.10 repeats the case-folded text around special words when lower_case=True
    b = text.BasicTokenizer(lower_case=True)
    return {"mixed": _out(b("Ab [CLS] b")), "two": _out(b("x [UNK] y [SEP] z")),
            "end": _out(b("A b [MASK]")), "only": _out(b("[CLS]")), "none": _out(b("ÀÉ b")),
            "unused": _out(b("A [unused1] B")),
            "offsets": _out(text.BasicTokenizer(lower_case=True, with_offsets=True)("Ab [CLS] b")),
            "keep_ws": _out(text.BasicTokenizer(lower_case=True, keep_whitespace=True)("Ab  [CLS] b"))}


def case_basic_tokenizer_pipeline():
    return _pipeline(["Hello, World!", "你好 x"], text.BasicTokenizer(with_offsets=True), ("text",),
                     ["token", "start", "limit"])


def case_basic_tokenizer_rank1_error():
    return _out(text.BasicTokenizer()(np.array(["a", "b"])))


def case_filter_wikipedia_xml():
    f = text.FilterWikipediaXML()
    return {"doc": _s(f("Welcome    to    China")),
            "markup": _s(f("Hello [[link|Text]] 123 {{x}} &amp; <ref>a</ref> end")),
            "tags": _s(f("<a>[[Link|text]] {{tmpl}} &amp; ''bold'' 123 Héllo</a>")),
            "category": _s(f("see [[Category:Big Cats|x]] and [[image:a.png|thumb|Cap]] [http:x.org site] R2D2")),
            "redirect": _s(f("#REDIRECT [[x]]")),
            "rank1": _s(f(np.array(["Hello World 12", "ab"])))}


def case_filter_wikipedia_pipeline():
    return _pipeline(["Welcome    to    China", "!!!", "ABC"], text.FilterWikipediaXML())


def case_python_tokenizer():
    tok = text.PythonTokenizer(lambda s: s.split("-"))
    return {"eager": _s(tok(np.array("a-b-c"))), "pipeline": _pipeline(["x-y", "z"], tok)}


def case_python_tokenizer_arrays():
    tok = text.PythonTokenizer(lambda s: s.split("-"))
    return {"rank1": _s(tok(np.array(["a-b", "c-d"]))), "bytes": _s(tok(np.array([b"x-y"]))),
            "empty": _s(tok(np.array("")))}


def case_python_tokenizer_raises_error():
    def bad(s):
        raise ValueError("boom")
    return _s(text.PythonTokenizer(bad)(np.array("x")))


def case_python_tokenizer_str_error():
    return _s(text.PythonTokenizer(lambda s: s.split())("a b"))


def case_to_str_to_bytes():
    b = text.to_bytes(np.array([["ab", "c"]]))
    return {"bytes": _s(b), "str": _s(text.to_str(np.array([b"a", b"\xc3\xa9"]))),
            "scalar": _s(text.to_str(np.array(b"ab"))), "round": _s(text.to_str(b))}


def case_to_str_list_error():
    return _s(text.to_str([b"a"]))


def case_enums():
    return {name: [[m.name, int(m)] for m in enum] for name, enum in (
        ("JiebaMode", text.JiebaMode), ("NormalizeForm", text.NormalizeForm),
        ("SentencePieceModel", text.SentencePieceModel), ("SPieceTokenizerLoadType", text.SPieceTokenizerLoadType),
        ("SPieceTokenizerOutType", text.SPieceTokenizerOutType))}


def case_tokenizer_bad_arg_error():
    return _out(text.WhitespaceTokenizer(with_offsets=1))


def case_string_columns_iterate_as_numpy_by_default():
    data = ds.NumpySlicesDataset(np.array(["a b", "c"]), column_names=["t"], shuffle=False)
    rows = [r["t"] for r in data.create_dict_iterator()]
    tuples = [r[0] for r in data.create_tuple_iterator()]
    return {"types": [type(r).__name__ for r in rows + tuples], "values": [str(r) for r in rows + tuples],
            "dtypes": [str(r.dtype) for r in rows], "shuffle": [m.name for m in ds.Shuffle]}
