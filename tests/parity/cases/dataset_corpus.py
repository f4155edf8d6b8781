"""Parity of the text-corpus readers: each case writes a tiny corpus in the on-disk layout MindSpore documents
into a temporary folder and reads it back (row order, sharding, num_samples, errors)."""
import os
import tempfile

import mindspore.dataset as ds

_W = 2  # MindSpore interleaves files by worker; the default (min(8, cpus)) varies by machine
_KW = {"shuffle": False, "num_parallel_workers": _W}

COMPILED_PASS = False
TOLERANCES = {}


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
        out.append({k: [v.dtype.kind, list(v.shape), v.tolist()] for k, v in row.items()})
    return out


def _read(dataset):
    return {"size": dataset.get_dataset_size(), "cols": dataset.get_col_names(), "rows": _rows(dataset)}


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _ag():
    return _mk({"train.csv": "".join(f'"{i % 4 + 1}","tr{i}","desc {i}"\n' for i in range(5)),
                "test.csv": "".join(f'"{i + 1}","te{i}","d, {i}"\n' for i in range(3)),
                "classes.txt": "World\nSports\nBusiness\nSci/Tech\n"})


def case_agnews_all():
    return _read(ds.AGNewsDataset(_ag(), usage="all", **_KW))


def case_agnews_usage():
    root = _ag()
    return {u: _read(ds.AGNewsDataset(root, usage=u, **_KW)) for u in ("train", "test")}


def case_agnews_one_worker():
    return _read(ds.AGNewsDataset(_ag(), shuffle=False, num_parallel_workers=1))


def case_agnews_shards():
    root, out = _ag(), {}
    for n in (2, 3, 5, 10):
        for k in range(n):
            x = ds.AGNewsDataset(root, num_shards=n, shard_id=k, **_KW)
            out[f"{n}_{k}"] = [x.get_dataset_size(), [r["title"].item() for r in x.create_dict_iterator(
                output_numpy=True, num_epochs=1)]]
    return out


def case_agnews_num_samples():
    root, out = _ag(), {}
    for n, shards in ((0, None), (2, None), (4, None), (100, None), (2, (2, 1)), (3, (2, 1)), (1, (3, 2))):
        kw = {} if shards is None else {"num_shards": shards[0], "shard_id": shards[1]}
        x = ds.AGNewsDataset(root, num_samples=n, **kw, **_KW)
        out[f"{n}_{shards}"] = [x.get_dataset_size(), [r["title"].item() for r in x.create_dict_iterator(
            output_numpy=True, num_epochs=1)]]
    return out


def case_agnews_shuffled():
    root, out = _ag(), {}
    for name, shuffle in (("true", True), ("global", ds.Shuffle.GLOBAL), ("files", ds.Shuffle.FILES)):
        x = ds.AGNewsDataset(root, shuffle=shuffle, num_parallel_workers=_W)
        out[name] = [x.get_dataset_size(), sorted(r["title"].item() for r in x.create_dict_iterator(
            output_numpy=True, num_epochs=1))]
    x = ds.AGNewsDataset(root, num_parallel_workers=_W)
    out["default"] = [x.get_dataset_size(), sorted(r["title"].item() for r in x.create_dict_iterator(
        output_numpy=True, num_epochs=1))]
    return out


def case_agnews_pipeline():
    x = ds.AGNewsDataset(_ag(), usage="train", **_KW).skip(1).take(3)
    x = x.rename(["title"], ["t"])
    return {"cols": x.get_col_names(), "size": x.get_dataset_size(), "rows": _rows(x.project(["t", "index"]))}


def case_agnews_errors():
    root = _ag()
    calls = {
        "usage_bad": lambda: ds.AGNewsDataset(root, usage="valid"),
        "usage_type": lambda: ds.AGNewsDataset(root, usage=3),
        "shards_only": lambda: ds.AGNewsDataset(root, num_shards=2),
        "shard_id_only": lambda: ds.AGNewsDataset(root, shard_id=1),
        "shard_id_range": lambda: ds.AGNewsDataset(root, num_shards=2, shard_id=2),
        "num_samples_neg": lambda: ds.AGNewsDataset(root, num_samples=-1),
        "missing_dir": lambda: ds.AGNewsDataset(os.path.join(root, "nope")),
        "shuffle_int": lambda: ds.AGNewsDataset(root, shuffle=1),
        "dir_type": lambda: ds.AGNewsDataset(5),
    }
    return {k: _err(f) for k, f in calls.items()}


def case_agnews_empty_dir_size():
    return ds.AGNewsDataset(tempfile.mkdtemp(), **_KW).get_dataset_size()


def case_csv_family():
    root = _mk({"train.csv": '"1","a, b","c d"\n"2","e","f ""q"" g"\n', "test.csv": '"3","x","y"\n'})
    root4 = _mk({"train.csv": '"1","a","b","c"\n"2","e","f","g"\n', "test.csv": '"3","x","y","z"\n'})
    root2 = _mk({"train.csv": '"1","a b"\n"5","c\nd"\n', "test.csv": '"3","x"\n'})
    out = {}
    for name, cls, r in (("amazon", ds.AmazonReviewDataset, root), ("dbpedia", ds.DBpediaDataset, root),
                         ("sogou", ds.SogouNewsDataset, root), ("yahoo", ds.YahooAnswersDataset, root4),
                         ("yelp", ds.YelpReviewDataset, root2)):
        out[name] = _read(cls(r, **_KW))
        out[name + "_train"] = _read(cls(r, usage="train", shuffle=False, num_parallel_workers=1))
    return out


def case_csv_wrong_field_count():
    root = _mk({"train.csv": '"1","a","b","c"\n', "test.csv": '"3","x","y"\n'})
    return _rows(ds.AmazonReviewDataset(root, usage="train", **_KW))


def _lines_root():
    return _mk({"ptb.train.txt": " a b <unk> \n\nc d\ne\n", "ptb.test.txt": "t1\nt2\n", "ptb.valid.txt": "v1\n",
                "wiki.train.tokens": " = Title = \n\n w1 w2 \n w3\n", "wiki.test.tokens": " t\n",
                "wiki.valid.tokens": "\n v \n\n"})


def case_penn_treebank():
    root = _lines_root()
    out = {u: _read(ds.PennTreebankDataset(root, usage=u, **_KW)) for u in ("train", "valid", "test", "all")}
    out["one_worker"] = _read(ds.PennTreebankDataset(root, shuffle=False, num_parallel_workers=1))
    out["shard"] = _read(ds.PennTreebankDataset(root, **_KW, num_shards=3, shard_id=2))
    return out


def case_wikitext():
    root = _lines_root()
    out = {u: _read(ds.WikiTextDataset(root, usage=u, **_KW)) for u in ("train", "valid", "test", "all")}
    out["samples"] = _read(ds.WikiTextDataset(root, shuffle=False, num_samples=2))
    return out


def case_line_errors():
    root = _lines_root()
    return {"ptb_usage": _err(lambda: ds.PennTreebankDataset(root, usage="dev")),
            "wiki_usage": _err(lambda: ds.WikiTextDataset(root, usage="eval")),
            "wiki_missing": _err(lambda: ds.WikiTextDataset(os.path.join(root, "x")))}


def case_enwik9():
    root = _mk({"enwik9": "<mediawiki>\n\n  <page>\n\ttext\n</page>\n"})
    return {"all": _read(ds.EnWik9Dataset(root, **_KW)),
            "samples": _read(ds.EnWik9Dataset(root, shuffle=False, num_samples=2)),
            "shard": _read(ds.EnWik9Dataset(root, **_KW, num_shards=2, shard_id=1))}


def _sst2():
    return _mk({"train.tsv": "sentence\tlabel\nhide new secretions \t0\ncontains no wit , only labored gags \t0\n"
                             "that loves its characters \t1\n",
                "dev.tsv": "sentence\tlabel\nit 's a charming journey . \t1\n",
                "test.tsv": "index\tsentence\n0\tuneasy mishmash .\n1\tthis film 's relationship .\n"})


def case_sst2():
    root = _sst2()
    out = {u: _read(ds.SST2Dataset(root, usage=u, **_KW)) for u in ("train", "dev", "test")}
    out["default"] = _read(ds.SST2Dataset(root, **_KW))
    out["shard"] = _read(ds.SST2Dataset(root, **_KW, num_shards=2, shard_id=1))
    return out


def case_sst2_bad_usage():
    return ds.SST2Dataset(_sst2(), usage="all")


def _conll():
    return _mk({"train.txt": "Confidence NN B-NP\nin IN B-PP\nthe DT B-NP\n\npound NN I-NP\nis VBZ B-VP\n\n",
                "test.txt": "Rockwell NNP B-NP\n\nsaid VBD B-VP\nthe DT B-NP"})


def case_conll2000():
    root = _conll()
    out = {u: _read(ds.CoNLL2000Dataset(root, usage=u, **_KW)) for u in ("train", "test", "all")}
    out["one_worker"] = _read(ds.CoNLL2000Dataset(root, shuffle=False, num_parallel_workers=1))
    out["shard"] = _read(ds.CoNLL2000Dataset(root, usage="train", **_KW, num_shards=2, shard_id=1))
    return out


def _imdb():
    return _mk({"train/pos/0_9.txt": "A great movie.", "train/pos/1_7.txt": "Fine <br />film.",
                "train/neg/0_3.txt": "first line\nlast line", "train/neg/10_2.txt": "Bad.\n",
                "test/pos/0_10.txt": "Loved it.", "test/neg/0_2.txt": "Dull."})


def case_imdb():
    root = _imdb()
    out = {u: _read(ds.IMDBDataset(root, usage=u, shuffle=False)) for u in ("train", "test", "all")}
    out["default"] = _read(ds.IMDBDataset(root, shuffle=False))
    out["shard"] = _read(ds.IMDBDataset(root, usage="train", **_KW, num_shards=2, shard_id=1))
    out["samples"] = _read(ds.IMDBDataset(root, shuffle=False, num_samples=3))
    out["sampler"] = _read(ds.IMDBDataset(root, sampler=ds.SequentialSampler(start_index=1, num_samples=2)))
    x = ds.IMDBDataset(root)
    out["shuffled"] = [x.get_dataset_size(), sorted(r["text"].item() for r in x.create_dict_iterator(
        output_numpy=True, num_epochs=1))]
    return out


def case_imdb_missing_split():
    root = _mk({"train/pos/0_9.txt": "x", "train/neg/0_1.txt": "y"})
    return ds.IMDBDataset(root, shuffle=False).get_dataset_size()


def case_imdb_errors():
    root = _imdb()
    return {"usage": _err(lambda: ds.IMDBDataset(root, usage="valid")),
            "sampler_and_shuffle": _err(lambda: ds.IMDBDataset(root, shuffle=True, sampler=ds.SequentialSampler())),
            "missing": _err(lambda: ds.IMDBDataset(os.path.join(root, "x")))}
