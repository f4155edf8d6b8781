"""Parity of the UDPOS, Multi30k and SQuAD readers: tiny corpora written in MindSpore's documented layouts."""
import json
import os
import tempfile

import mindspore.dataset as ds

COMPILED_PASS = False
TOLERANCES = {}
_W = 2  # MindSpore interleaves files by worker; the default (min(8, cpus)) varies by machine


def _mk(files):
    root = tempfile.mkdtemp()
    for name, text in files.items():
        path = os.path.join(root, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(text)
    return root


def _rows(dataset):
    out = []
    for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1):
        out.append({k: [str(v.dtype) if v.dtype.kind not in "US" else v.dtype.kind, list(v.shape), v.tolist()]
                    for k, v in row.items()})
    return out


def _read(dataset):
    return {"size": dataset.get_dataset_size(), "cols": dataset.get_col_names(), "rows": _rows(dataset)}


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _udpos():
    return _mk({"en-ud-tag.v2.train.txt": "Al\tPROPN\tNNP\n-\tPUNCT\tHYPH\nZaman\tPROPN\tNNP\n\nThe\tDET\tDT\n"
                                          "sheikh\tNOUN\tNN\n\n",
                "en-ud-tag.v2.dev.txt": "From\tADP\tIN\nthe\tDET\tDT\n\n",
                "en-ud-tag.v2.test.txt": "What\tPRON\tWP\n\nif\tSCONJ\tIN\n"})


def case_udpos():
    root = _udpos()
    out = {u: _read(ds.UDPOSDataset(root, usage=u, shuffle=False, num_parallel_workers=_W))
           for u in ("train", "valid", "test", "all")}
    out["one_worker"] = _read(ds.UDPOSDataset(root, shuffle=False, num_parallel_workers=1))
    out["shard"] = _read(ds.UDPOSDataset(root, shuffle=False, num_shards=2, shard_id=1, num_parallel_workers=_W))
    out["samples"] = _read(ds.UDPOSDataset(root, shuffle=False, num_samples=2, num_parallel_workers=_W))
    return out


def case_udpos_errors():
    root = _udpos()
    return {"usage": _err(lambda: ds.UDPOSDataset(root, usage="dev")),
            "shuffle": _err(lambda: ds.UDPOSDataset(root, shuffle="no")),
            "missing": _err(lambda: ds.UDPOSDataset(os.path.join(root, "x")))}


def _multi30k():
    return _mk({"training/train.en": "Two young guys.\nSeveral men.\nA child.\n",
                "training/train.de": "Zwei junge Männer.\nMehrere Männer.\nEin Kind.\n",
                "validation/val.en": "A group.\n", "validation/val.de": "Eine Gruppe.\n",
                "mmt16_task1_test/test.en": "A man.\nA dog.\n", "mmt16_task1_test/test.de": "Ein Mann.\nEin Hund.\n"})


def case_multi30k():
    root = _multi30k()
    out = {u: _read(ds.Multi30kDataset(root, usage=u, shuffle=False, num_parallel_workers=_W))
           for u in ("train", "valid", "test", "all")}
    out["de_en"] = _read(ds.Multi30kDataset(root, usage="train", language_pair=("de", "en"), shuffle=False,
                                            num_parallel_workers=_W))
    out["shard"] = _read(ds.Multi30kDataset(root, shuffle=False, num_shards=4, shard_id=3, num_parallel_workers=_W))
    out["one_worker"] = _read(ds.Multi30kDataset(root, shuffle=False, num_parallel_workers=1))
    x = ds.Multi30kDataset(root, usage="train", num_parallel_workers=_W)
    out["shuffled"] = [x.get_dataset_size(), sorted(r["text"].item() for r in x.create_dict_iterator(
        output_numpy=True, num_epochs=1))]
    return out


def case_multi30k_errors():
    root = _multi30k()
    return {"pair_value": _err(lambda: ds.Multi30kDataset(root, language_pair=["en", "fr"])),
            "pair_len": _err(lambda: ds.Multi30kDataset(root, language_pair=["en"])),
            "pair_type": _err(lambda: ds.Multi30kDataset(root, language_pair="en")),
            "usage": _err(lambda: ds.Multi30kDataset(root, usage="dev")),
            "shuffle_enum": _err(lambda: ds.Multi30kDataset(root, shuffle=ds.Shuffle.FILES))}


def _squad(version="v1.1"):
    doc = {"version": "1.1", "data": [
        {"title": "Cats", "paragraphs": [
            {"context": "The cat sat on the mat.", "qas": [
                {"id": "q1", "question": "Who sat?", "answers": [{"text": "The cat", "answer_start": 0},
                                                                 {"text": "cat", "answer_start": 4}]},
                {"id": "q2", "question": "Where?", "answers": [{"text": "on the mat", "answer_start": 12}]}]},
            {"context": "Dogs bark.", "qas": [{"id": "q3", "question": "What do dogs do?", "answers": [],
                                              "is_impossible": True}]}]}]}
    dev = json.loads(json.dumps(doc).replace("cat", "bird"))
    return _mk({f"train-{version}.json": json.dumps(doc), f"dev-{version}.json": json.dumps(dev)})


def case_squad():
    root = _squad()
    out = {u: _read(ds.SQuADDataset(root, usage=u, shuffle=False, num_parallel_workers=_W))
           for u in ("train", "dev", "all")}
    out["one_worker"] = _read(ds.SQuADDataset(root, shuffle=False, num_parallel_workers=1))
    out["shard"] = _read(ds.SQuADDataset(root, shuffle=False, num_shards=4, shard_id=1, num_parallel_workers=_W))
    out["v2"] = _read(ds.SQuADDataset(_squad("v2.0"), usage="dev", shuffle=False, num_parallel_workers=_W))
    return out


def case_squad_errors():
    root = _squad()
    return {"usage": _err(lambda: ds.SQuADDataset(root, usage="test")),
            "missing": _err(lambda: ds.SQuADDataset(os.path.join(root, "x"))),
            "samples": _err(lambda: ds.SQuADDataset(root, num_samples=-2))}


_CLUE = {
    "AFQMC": {"train": [{"sentence1": "双十一花呗提额在哪", "sentence2": "里可以提花呗额度", "label": "0"},
                        {"sentence1": "a", "sentence2": "b", "label": "1"}],
              "test": [{"id": 0, "sentence1": "a", "sentence2": "b"}, {"id": 1, "sentence1": "c", "sentence2": "d"}]},
    "TNEWS": {"train": [{"label": "102", "label_desc": "news_entertainment", "sentence": "s", "keywords": "k1,k2"}],
              "test": [{"id": 3, "sentence": "s", "keywords": "k"}]},
    "IFLYTEK": {"train": [{"label": "11", "label_des": "app", "sentence": "s"}],
                "test": [{"id": 2, "sentence": "s"}]},
    "CMNLI": {"train": [{"sentence1": "a", "sentence2": "b", "label": "neutral"}],
              "test": [{"id": 0, "sentence1": "a", "sentence2": "b"}]},
    "WSC": {"train": [{"target": {"span2_index": 37, "span1_index": 5, "span1_text": "x", "span2_text": "y"},
                       "idx": 0, "label": "false", "text": "t"}],
            "test": [{"target": {"span2_index": 3, "span1_index": 1, "span1_text": "x", "span2_text": "y"},
                      "idx": 4, "text": "t"}]},
    "CSL": {"train": [{"id": 1, "abst": "ab", "keyword": ["k1", "k2"], "label": "1"}],
            "test": [{"id": 1, "abst": "ab", "keyword": ["k1"]}]},
}


def _jsonl(rows, name="train.json"):
    return os.path.join(_mk({name: "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)}), name)


def case_clue_tasks():
    out = {}
    for task, usages in _CLUE.items():
        for usage, rows in usages.items():
            path = _jsonl(rows)
            out[f"{task}_{usage}"] = _read(ds.CLUEDataset(path, task=task, usage=usage, shuffle=False,
                                                          num_parallel_workers=_W))
            if usage == "train":
                out[f"{task}_eval"] = _read(ds.CLUEDataset([path], task=task, usage="eval", shuffle=False,
                                                           num_parallel_workers=_W))
    return out


def case_clue_files():
    a = _jsonl([{"sentence1": f"a{i}", "sentence2": "x", "label": str(i % 2)} for i in range(3)], "a.json")
    b = os.path.join(os.path.dirname(a), "b.json")
    with open(b, "w", encoding="utf-8") as f:
        f.write("".join(json.dumps({"sentence1": f"b{i}", "sentence2": "y", "label": 1.5 * i}) + "\n"
                        for i in range(2)))
    out = {"two": _read(ds.CLUEDataset([a, b], shuffle=False, num_parallel_workers=_W)),
           "reversed": _read(ds.CLUEDataset([b, a], shuffle=False, num_parallel_workers=_W)),
           "one_worker": _read(ds.CLUEDataset([b, a], shuffle=False, num_parallel_workers=1)),
           "shard": _read(ds.CLUEDataset([a, b], shuffle=False, num_shards=2, shard_id=1, num_parallel_workers=_W)),
           "samples": _read(ds.CLUEDataset([a, b], shuffle=False, num_samples=3, num_parallel_workers=_W)),
           "glob": _read(ds.CLUEDataset(os.path.join(os.path.dirname(a), "*.json"), shuffle=False,
                                        num_parallel_workers=_W))}
    x = ds.CLUEDataset([a, b], num_parallel_workers=_W)
    out["shuffled"] = [x.get_dataset_size(), sorted(r["sentence1"].item() for r in x.create_dict_iterator(
        output_numpy=True, num_epochs=1))]
    return out


def case_clue_missing_key():
    path = _jsonl([{"sentence1": "a", "label": "0"}])
    return _rows(ds.CLUEDataset(path, task="AFQMC", usage="train", shuffle=False, num_parallel_workers=_W))


def case_clue_errors():
    path = _jsonl(_CLUE["AFQMC"]["train"])
    return {"task": _err(lambda: ds.CLUEDataset(path, task="X")),
            "usage": _err(lambda: ds.CLUEDataset(path, usage="dev")),
            "no_match": _err(lambda: ds.CLUEDataset(path + ".missing*")),
            "empty": _err(lambda: ds.CLUEDataset([])),
            "type": _err(lambda: ds.CLUEDataset(3)),
            "shards": _err(lambda: ds.CLUEDataset(path, num_shards=2))}


def _xml(prefix, name, lang, segs):
    body = "".join(f'<seg id="{i + 1}"> {s} </seg>\n' for i, s in enumerate(segs))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<mteval>\n<srcset setid="{name}" srclang="{lang}">\n'
            f'<doc docid="1" genre="lectures">\n<url>http://www.ted.com/talks/x</url>\n<talkid>1</talkid>\n'
            f'{body}</doc>\n</srcset>\n</mteval>\n')


def _iwslt(prefix, folder, src, tgt, sets):
    files = {}
    for lang in (src, tgt):
        files[f"{folder}/train.tags.{src}-{tgt}.{lang}"] = (
            "<url>http://www.ted.com/talks/a</url>\n<keywords>talks</keywords>\n"
            f"  {lang} first sentence. \n{lang} second, sentence.\n<talkid>1</talkid>\n{lang} third.\n")
        for name in sets:
            files[f"{folder}/{prefix}.TED.{name}.{src}-{tgt}.{lang}.xml"] = _xml(
                prefix, name, lang, [f"{name} {lang} one", f"{name} {lang} two"])
    return files


def case_iwslt2016():
    files = _iwslt("IWSLT16", "texts/de/en/de-en", "de", "en", ["tst2013", "tst2014", "dev2010", "tst2012"])
    files.update(_iwslt("IWSLT16", "texts/en/fr/en-fr", "en", "fr", ["tst2013", "tst2014"]))
    root = _mk(files)
    out = {u: _read(ds.IWSLT2016Dataset(root, usage=u, shuffle=False, num_parallel_workers=_W))
           for u in ("train", "valid", "test", "all")}
    out["one_worker"] = _read(ds.IWSLT2016Dataset(root, shuffle=False, num_parallel_workers=1))
    out["sets"] = _read(ds.IWSLT2016Dataset(root, usage="all", valid_set="dev2010", test_set="tst2012",
                                            shuffle=False, num_parallel_workers=_W))
    out["en_fr"] = _read(ds.IWSLT2016Dataset(root, usage="valid", language_pair=("en", "fr"), shuffle=False,
                                             num_parallel_workers=_W))
    out["shard"] = _read(ds.IWSLT2016Dataset(root, shuffle=False, num_shards=3, shard_id=2, num_parallel_workers=_W))
    return out


def case_iwslt2016_errors():
    root = _mk(_iwslt("IWSLT16", "texts/de/en/de-en", "de", "en", ["tst2013", "tst2014"]))
    return {"pair": _err(lambda: ds.IWSLT2016Dataset(root, language_pair=["de", "fr"])),
            "pair_type": _err(lambda: ds.IWSLT2016Dataset(root, language_pair="de")),
            "pair_len": _err(lambda: ds.IWSLT2016Dataset(root, language_pair=("de", "en", "fr"))),
            "valid_set": _err(lambda: ds.IWSLT2016Dataset(root, valid_set="tst2015")),
            "test_set_type": _err(lambda: ds.IWSLT2016Dataset(root, test_set=2014)),
            "usage": _err(lambda: ds.IWSLT2016Dataset(root, usage="dev"))}


def case_iwslt2017():
    folder = "texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo"
    files = _iwslt("IWSLT17", folder, "de", "en", ["dev2010", "tst2010"])
    files.update(_iwslt("IWSLT17", folder, "it", "nl", ["dev2010", "tst2010"]))
    root = _mk(files)
    out = {u: _read(ds.IWSLT2017Dataset(root, usage=u, shuffle=False, num_parallel_workers=_W))
           for u in ("train", "valid", "test", "all")}
    out["it_nl"] = _read(ds.IWSLT2017Dataset(root, usage="train", language_pair=["it", "nl"], shuffle=False,
                                             num_parallel_workers=_W))
    out["samples"] = _read(ds.IWSLT2017Dataset(root, shuffle=False, num_samples=4, num_parallel_workers=_W))
    return out


def case_iwslt2017_errors():
    folder = "texts/DeEnItNlRo/DeEnItNlRo/DeEnItNlRo-DeEnItNlRo"
    root = _mk(_iwslt("IWSLT17", folder, "de", "en", ["dev2010", "tst2010"]))
    return {"pair": _err(lambda: ds.IWSLT2017Dataset(root, language_pair=["de", "de"])),
            "pair_fr": _err(lambda: ds.IWSLT2017Dataset(root, language_pair=("en", "fr"))),
            "usage": _err(lambda: ds.IWSLT2017Dataset(root, usage="eval"))}
