"""mindspore.dataset.text word vectors: Vectors, GloVe, FastText and CharNGram read from tiny vector files the
case writes into a temporary folder, looked up with ToVectors (unk_init, lower_case_backup, max_vectors, headers),
eagerly and in a pipeline."""
COMPILED_PASS = False

import os
import tempfile

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.text as text

TOLERANCES = {}


def _write(name, content):
    path = os.path.join(tempfile.mkdtemp(), name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(content)
    return path


def _tokens_dataset(lines):
    d = ds.NumpySlicesDataset(lines, column_names=["text"], shuffle=False)
    return d.map(text.WhitespaceTokenizer(), "text")


def case_vectors():
    p = _write("vec.txt", "ok 0.1 0.2 0.3\n!  1 2 3\nHello 4 5 6.5\nok 7 7 7\n")
    v = text.Vectors.from_file(p)
    return {"plain": text.ToVectors(v)(np.array(["ok", "!", "x", "hello", "Hello"])),
            "unk_lower": text.ToVectors(v, [9, 9, 9], True)(np.array(["ok", "x", "hello", "HELLO"])),
            "scalar": text.ToVectors(v)("ok"),
            "single": text.ToVectors(v)(np.array(["Hello"])),
            "rank2": text.ToVectors(v)(np.array([["ok", "x"]])),
            "max": text.ToVectors(text.Vectors.from_file(p, max_vectors=1))(np.array(["ok", "!"]))}


def case_vectors_header():
    p = _write("vec2.txt", "3 2\na 1 2\nb 3 4\nc 5 6\n")
    return text.ToVectors(text.Vectors.from_file(p))(np.array(["a", "c", "d"]))


def case_vectors_pipeline():
    v = text.Vectors.from_file(_write("vec.txt", "ok 0.1 0.2 0.3\nHello 4 5 6.5\n"))
    d = _tokens_dataset(["ok Hello", "x"]).map(text.ToVectors(v), "text")
    return [r[0] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_vectors_bad_dim_error():
    return text.ToVectors(text.Vectors.from_file(_write("bad.txt", "a 1 2\nb 3\n")))("a")


def case_vectors_missing_file_error():
    return text.ToVectors(text.Vectors.from_file(os.path.join(tempfile.mkdtemp(), "none.txt")))("a")


def case_vectors_unk_size_error():
    return text.ToVectors(text.Vectors.from_file(_write("v.txt", "a 1 2\n")), [1.0, 2.0, 3.0])("x")


def case_glove():
    g = text.GloVe.from_file(_write("glove.6B.3d.txt", "the 1 2 3\nof 4 5 6\n"))
    return text.ToVectors(g)(np.array(["the", "x", "of"]))


def case_glove_bad_name_error():
    return text.ToVectors(text.GloVe.from_file(_write("vectors.txt", "the 1 2 3\n")))("the")


def case_fasttext():
    f = text.FastText.from_file(_write("wiki.vec", "2 3\nthe 1 2 3\nof 4 5 6\n"))
    return text.ToVectors(f)(np.array(["of", "x"]))


def case_fasttext_bad_name_error():
    return text.ToVectors(text.FastText.from_file(_write("wiki.txt", "the 1 2 3\n")))("the")


def case_char_ngram():
    c = text.CharNGram.from_file(_write("charngram.txt", "1gram-a 1 2\n2gram-#B 3 4\n2gram-ab 5 6\n"
                                        "3gram-#BEGIN#ab 7 8\n4gram-#BEGIN#ab#END# 1 1\n2gram-b#END# 2 2\n"
                                        "2gram-#BEGIN#a 0 0\n"))
    return {"words": text.ToVectors(c)(np.array(["ab", "a", "zz", "AB"])),
            "lower": text.ToVectors(c, lower_case_backup=True)(np.array(["AB"])),
            "unk": text.ToVectors(c, [0.5, 0.5])(np.array(["zz", "ab"]))}
