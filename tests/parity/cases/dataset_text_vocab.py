"""mindspore.dataset.text vocabularies and sequence ops: Vocab builders, Lookup, WordPiece/BERT tokenizers,
SlidingWindow, Ngram, ToNumber, Truncate(SequencePair), AddToken. Vocab files are written by the case into a
temporary folder."""
COMPILED_PASS = False

import os
import tempfile

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.text as text

TOLERANCES = {}

_WORDS = ["book", "cholera", "era", "favor", "##ite", "my", "is", "love", "dur", "##ing", "the", "[UNK]", "你", "好"]


def _s(a):
    a = np.asarray(a)
    return {"dtype": str(a.dtype), "shape": list(a.shape), "value": a.tolist()}


def _out(result):
    if isinstance(result, tuple):
        return [_s(r) if np.asarray(r).dtype.kind == "U" else r for r in result]
    return _s(result) if np.asarray(result).dtype.kind == "U" else result


def _write(name, content):
    path = os.path.join(tempfile.mkdtemp(), name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(content)
    return path


def _tokens_dataset(lines):
    d = ds.NumpySlicesDataset(lines, column_names=["text"], shuffle=False)
    return d.map(text.WhitespaceTokenizer(), "text")


def _sorted(vocab):
    return sorted(([w, i] for w, i in vocab.vocab().items()), key=lambda p: p[1])


def case_vocab_from_list():
    v = text.Vocab.from_list(["a", "b", "c"], ["<pad>", "<unk>"], True)
    last = text.Vocab.from_list(["a", "b"], ["<pad>"], special_first=False)
    return {"vocab": v.vocab(), "last": last.vocab(), "plain": text.Vocab.from_list(["x", "y"]).vocab(),
            "ids": v.tokens_to_ids(["a", "zz"]), "one_id": v.tokens_to_ids("c"),
            "np_ids": v.tokens_to_ids(np.array(["b", "q"])),
            "tokens": v.ids_to_tokens([0, 1, 9]), "one_token": v.ids_to_tokens(2),
            "np_tokens": v.ids_to_tokens(np.array([4, 3]))}


def case_vocab_from_list_duplicate_error():
    return text.Vocab.from_list(["a", "a"]).vocab()


def case_vocab_from_list_special_duplicate_error():
    return text.Vocab.from_list(["a", "b"], ["a"]).vocab()


def case_vocab_from_dataset():
    d = _tokens_dataset(["b a c a", "c c d", "e", "z y x y"])
    return {"all": _sorted(text.Vocab.from_dataset(d)),
            "special_last": _sorted(text.Vocab.from_dataset(d, "text", special_tokens=["<pad>"], special_first=False)),
            "freq": _sorted(text.Vocab.from_dataset(d, ["text"], freq_range=(2, None),
                                                    special_tokens=["<pad>", "<unk>"])),
            "freq_max": _sorted(text.Vocab.from_dataset(d, None, freq_range=(None, 2))),
            "top_k": _sorted(text.Vocab.from_dataset(d, None, top_k=3))}


def case_vocab_from_file():
    p = _write("vocab.txt", "hello,1\nworld,2\nfoo,3\n")
    q = _write("words.txt", "hello 1\nworld\nfoo\n")
    return {"delim": _sorted(text.Vocab.from_file(p, ",")),
            "size": _sorted(text.Vocab.from_file(p, ",", 2, ["<s>"])),
            "size_last": _sorted(text.Vocab.from_file(q, " ", vocab_size=2, special_tokens=["<s>"],
                                                      special_first=False)),
            "lines": _sorted(text.Vocab.from_file(q))}


def case_vocab_from_file_lines():
    crlf = _write("crlf.txt", "a\n\nb \nc\r\n")
    tab = _write("tab.txt", "a\tx\nb\ty")
    return {"crlf": _sorted(text.Vocab.from_file(crlf)), "tab": _sorted(text.Vocab.from_file(tab, "\t"))}


def case_vocab_from_dataset_special_clash_error():
    return _sorted(text.Vocab.from_dataset(_tokens_dataset(["b a", "c"]), special_tokens=["a"]))


def case_vocab_from_file_duplicate_error():
    return _sorted(text.Vocab.from_file(_write("dup.txt", "a\nb\na\n")))


def case_vocab_from_dict():
    v = text.Vocab.from_dict({"a": 3, "b": 0})
    return {"vocab": v.vocab(), "tokens": v.ids_to_tokens([0, 1, 3]), "ids": v.tokens_to_ids(["a", "x"])}


def case_vocab_from_dict_negative_error():
    return text.Vocab.from_dict({"a": -1}).vocab()


def case_vocab_ids_negative_error():
    return text.Vocab.from_list(["a"]).ids_to_tokens(-1)


def case_vocab_unbuilt_error():
    return text.Vocab().vocab()


def case_lookup():
    v = text.Vocab.from_list(["a", "b", "c"], ["<pad>", "<unk>"])
    return {"int32": text.Lookup(v, "<unk>")(np.array(["a", "q", "c"])),
            "scalar": text.Lookup(v, "<unk>")("b"),
            "int64": text.Lookup(v, "<unk>", ms.int64)(["a", "q"]),
            "float32": text.Lookup(v, "<unk>", ms.float32)(np.array(["c"])),
            "bool": text.Lookup(v, "<pad>", ms.bool_)(np.array(["a", "q"])),
            "rank2": text.Lookup(v)(np.array([["a", "b"], ["c", "<pad>"]]))}


def case_lookup_pipeline():
    v = text.Vocab.from_list(["hello", "world"], ["<unk>"])
    d = _tokens_dataset(["hello world", "world x hello"]).map(text.Lookup(v, "<unk>"), "text")
    return [row[0] for row in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_lookup_unknown_error():
    return text.Lookup(text.Vocab.from_list(["a"]))(np.array(["a", "q"]))


def case_lookup_missing_unknown_token_error():
    return text.Lookup(text.Vocab.from_list(["a"]), "zz")(np.array(["a"]))


def case_lookup_int_input_error():
    return text.Lookup(text.Vocab.from_list(["a"]), "a")(np.array([1, 2]))


def case_wordpiece():
    vocab = text.Vocab.from_list(_WORDS)
    words = np.array(["my", "favorite", "book", "is", "love", "during", "the", "cholera", "era", "what", "你好"])
    return {"plain": _out(text.WordpieceTokenizer(vocab)(words)),
            "offsets": _out(text.WordpieceTokenizer(vocab, with_offsets=True)(np.array(["favorite", "what"]))),
            "no_unk": _out(text.WordpieceTokenizer(vocab, unknown_token="", max_bytes_per_token=4,
                                                   with_offsets=True)(np.array(["favorite", "what", "is"]))),
            "long_unk": _out(text.WordpieceTokenizer(vocab, max_bytes_per_token=4, with_offsets=True)(
                np.array(["favorite", "is"]))),
            "partial": _out(text.WordpieceTokenizer(vocab, with_offsets=True)(np.array(["favoritex", "my"]))),
            "suffix": _out(text.WordpieceTokenizer(text.Vocab.from_list(["un", "@@aff", "@@able"]), "@@")("unaffable")),
            "scalar": _out(text.WordpieceTokenizer(vocab)("favorite"))}


def case_wordpiece_pipeline():
    vocab = text.Vocab.from_list(_WORDS)
    d = _tokens_dataset(["my favorite book", "during era"]).map(text.WordpieceTokenizer(vocab), "text")
    return [_s(row[0]) for row in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_bert_tokenizer():
    vocab = text.Vocab.from_list(_WORDS)
    s = "My favorite book is love during the cholera era 你好 [CLS]"
    return {"default": _out(text.BertTokenizer(vocab)(s)),
            "lower": _out(text.BertTokenizer(vocab, lower_case=True, with_offsets=True)("My favorite Book WHAT")),
            "keep_ws": _out(text.BertTokenizer(vocab, keep_whitespace=True, unknown_token="")("my  book,x")),
            "empty": _out(text.BertTokenizer(vocab, with_offsets=True)(""))}


def case_bert_tokenizer_pipeline():
    vocab = text.Vocab.from_list(_WORDS + ["[SEP]"])
    d = ds.NumpySlicesDataset(["the era [SEP] love", "favorite"], column_names=["text"], shuffle=False)
    d = d.map(text.BertTokenizer(vocab, with_offsets=True), "text", ["token", "start", "limit"])
    return [[_s(r[0]), r[1], r[2]] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_sliding_window():
    return {"str": _s(text.SlidingWindow(2)(np.array(["a", "b", "c"]))),
            "int": text.SlidingWindow(3)(np.array([1, 2, 3, 4], dtype=np.int32)),
            "axis": text.SlidingWindow(2, -1)(np.array([1.5, 2.5, 3.5])),
            "wide": text.SlidingWindow(5)(np.array([1, 2, 3])).shape}


def case_sliding_window_rank2_error():
    return text.SlidingWindow(2)(np.array([[1, 2, 3], [4, 5, 6]]))


def case_sliding_window_width_error():
    return text.SlidingWindow(0)(np.array([1]))


def case_ngram():
    x = np.array(["a", "b", "c"])
    return {"bigram": _s(text.Ngram(2)(x)),
            "multi": _s(text.Ngram([2, 3], ("_", 1), ("_", 1), "-")(x)),
            "pad_clip": _s(text.Ngram(2, ("p", 2), ("q", 3))(np.array(["a", "b"]))),
            "pad_long": _s(text.Ngram(3, ("p", 2), ("q", 3))(np.array(["a"]))),
            "too_long": _s(text.Ngram(4)(np.array(["a", "b"]))),
            "mixed": _s(text.Ngram([1, 4])(np.array(["a", "b"])))}


def case_ngram_pipeline():
    d = _tokens_dataset(["a b c", "d"]).map(text.Ngram(2, ("<s>", 1), ("</s>", 1)), "text")
    return [_s(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_ngram_zero_error():
    return _s(text.Ngram(0)(np.array(["a"])))


def case_ngram_pad_error():
    return _s(text.Ngram(2, ("a", -1))(np.array(["a"])))


def case_ngram_rank2_error():
    return _s(text.Ngram(2)(np.array([["a", "b"]])))


def case_to_number():
    return {"int32": text.ToNumber(ms.int32)(np.array(["1", "-2", " 7"])),
            "prefix": text.ToNumber(ms.int32)(np.array(["1.5"])),
            "uint8": text.ToNumber(ms.uint8)(np.array(["255", "0"])),
            "int64": text.ToNumber(ms.int64)(np.array([["9000000000"]])),
            "int16_scalar": text.ToNumber(ms.int16)("12"),
            "float16": text.ToNumber(ms.float16)(np.array(["1.5", "-2"])),
            "float32": text.ToNumber(ms.float32)(np.array(["1.5", "2", "1e3"])),
            "float64": text.ToNumber(ms.float64)(np.array([" 2.5", "1e300"]))}


def case_to_number_overflow_error():
    return text.ToNumber(ms.int8)(np.array(["300"]))


def case_to_number_negative_unsigned_error():
    return text.ToNumber(ms.uint8)(np.array(["-1"]))


def case_to_number_invalid_error():
    return text.ToNumber(ms.int64)(np.array(["abc"]))


def case_to_number_float16_overflow_error():
    return text.ToNumber(ms.float16)(np.array(["1e10"]))


def case_to_number_bool_error():
    return text.ToNumber(ms.bool_)(np.array(["1"]))


def case_truncate():
    return {"rank2": text.Truncate(2)(np.array([[1, 2, 3], [4, 5, 6]])),
            "short": text.Truncate(5)(np.array([1, 2, 3], dtype=np.int32)),
            "str": _s(text.Truncate(2)(np.array(["a", "bb", "c"])))}


def case_truncate_rank3_error():
    return text.Truncate(2)(np.array([[[1, 2, 3]]]))


def case_truncate_sequence_pair():
    t = text.TruncateSequencePair(4)
    return {"str": [_s(r) for r in t(np.array(["a", "b", "c"]), np.array(["d", "e", "f"]))],
            "int": list(text.TruncateSequencePair(3)(np.array([1, 2, 3, 4]), np.array([3]))),
            "fits": list(text.TruncateSequencePair(10)(np.array([1, 2]), np.array([3.0]))),
            "zero": list(text.TruncateSequencePair(0)(np.array([1, 2]), np.array([3])))}


def case_truncate_sequence_pair_pipeline():
    d = ds.NumpySlicesDataset(([[1, 2, 3], [4, 5, 6]], [[7, 8], [9, 10]]), column_names=["a", "b"], shuffle=False)
    d = d.map(text.TruncateSequencePair(3), ["a", "b"])
    return [list(r) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_add_token():
    return {"begin": _s(text.AddToken("TOKEN", True)(np.array(["a", "b"]))),
            "end": _s(text.AddToken("X", False)(np.array(["a", "b"]))),
            "rank2": _s(text.AddToken("X")(np.array([["a", "b"], ["c", "d"]])))}


def case_add_token_scalar_error():
    return _s(text.AddToken("X")("a"))


def case_add_token_int_error():
    return _s(text.AddToken("X")(np.array([1, 2])))
