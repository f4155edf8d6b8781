"""mindspore.dataset.text.JiebaTokenizer in MP, HMM and MIX modes, with offsets, user words (add_word /
add_dict) and in a pipeline. The case writes a tiny cppjieba dictionary and HMM model into a temporary folder."""
COMPILED_PASS = False

import os
import tempfile

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.text as text

TOLERANCES = {}

_DICT = """我 100 r
来到 50 v
北京 80 ns
清华 30 nz
清华大学 40 nt
大学 60 n
华大 5 n
来 20 v
到 10 v
北 2 n
京 2 n
了 30 ul
网 3 n
大厦 20 n
世界 40 n
你好 30 l
"""

_NEG = "-3.14e+100"
_HMM = f"""#prob_start
-0.26 {_NEG} {_NEG} -1.46
#prob_trans
{_NEG} -0.51 -0.91 {_NEG}
-0.59 {_NEG} {_NEG} -0.81
{_NEG} -0.33 -1.26 {_NEG}
-0.72 {_NEG} {_NEG} -0.67
#prob_emit B
我:-6.0,来:-5.5,北:-5.0,清:-6.2,大:-4.9,网:-5.1,杭:-6.5,他:-4.0,研:-7.0
#prob_emit E
到:-5.0,京:-5.2,华:-6.0,学:-4.8,易:-5.3,研:-6.1,厦:-6.6,们:-3.9
#prob_emit M
大:-6.3,易:-7.0,杭:-7.1,华:-6.8
#prob_emit S
我:-4.0,了:-3.0,他:-3.5,的:-2.5,网:-6.0,杭:-8.0,大:-5.5,研:-6.9
"""

_TEXTS = ["我来到北京清华大学", "他来到了网易杭研大厦", "Hello 你好，世界。abc123 3.14x", "他们的大学"]


def _paths():
    root = tempfile.mkdtemp()
    hmm, mp = os.path.join(root, "hmm_model.utf8"), os.path.join(root, "jieba.dict.utf8")
    with open(hmm, "w", encoding="utf-8") as f:
        f.write(_HMM)
    with open(mp, "w", encoding="utf-8") as f:
        f.write(_DICT)
    return hmm, mp


def _s(a):
    return {"dtype": str(a.dtype), "shape": list(a.shape), "value": a.tolist()}


def _out(result):
    if isinstance(result, tuple):
        return [_s(result[0]), result[1], result[2]]
    return _s(result)


def case_jieba_modes():
    hmm, mp = _paths()
    out = {}
    for name, mode in (("mix", text.JiebaMode.MIX), ("mp", text.JiebaMode.MP), ("hmm", text.JiebaMode.HMM)):
        tok = text.JiebaTokenizer(hmm, mp, mode)
        out[name] = [_out(tok(t)) for t in _TEXTS]
    return out


def case_jieba_offsets():
    hmm, mp = _paths()
    tok = text.JiebaTokenizer(hmm, mp, text.JiebaMode.MIX, with_offsets=True)
    return [_out(tok(t)) for t in _TEXTS + [""]]


def case_jieba_empty():
    hmm, mp = _paths()
    return _out(text.JiebaTokenizer(hmm, mp)(""))


def case_jieba_add_word():
    hmm, mp = _paths()
    tok = text.JiebaTokenizer(hmm, mp, text.JiebaMode.MP)
    before = _out(tok("他来到了网易杭研大厦"))
    tok.add_word("杭研")
    tok.add_word("网易", 200)
    after = _out(tok("他来到了网易杭研大厦"))
    tok2 = text.JiebaTokenizer(hmm, mp)
    tok2.add_dict({"杭研大厦": 10, "易杭": 1})
    d = os.path.join(tempfile.mkdtemp(), "user.txt")
    with open(d, "w", encoding="utf-8") as f:
        f.write("他来 5\n了网\n bad line here\n")
    tok3 = text.JiebaTokenizer(hmm, mp)
    tok3.add_dict(d)
    return {"before": before, "after": after, "dict": _out(tok2("他来到了网易杭研大厦")),
            "file": _out(tok3("他来到了网易杭研大厦"))}


def case_jieba_pipeline():
    hmm, mp = _paths()
    d = ds.NumpySlicesDataset(_TEXTS[:2], column_names=["text"], shuffle=False)
    d = d.map(text.JiebaTokenizer(hmm, mp, with_offsets=True), "text", ["token", "start", "limit"])
    return [[_s(r[0]), r[1], r[2]] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_jieba_missing_file_error():
    hmm, _ = _paths()
    return _out(text.JiebaTokenizer(hmm, os.path.join(tempfile.mkdtemp(), "none.utf8"))("我"))


def case_jieba_mode_type_error():
    hmm, mp = _paths()
    return _out(text.JiebaTokenizer(hmm, mp, 0)("我"))


def case_jieba_rank1_error():
    hmm, mp = _paths()
    return _out(text.JiebaTokenizer(hmm, mp)(np.array(["我", "来"])))
