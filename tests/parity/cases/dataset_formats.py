"""File-format readers against MindSpore: TextFileDataset and CSVDataset (header, column_defaults, field_delim,
quoting, the worker interleave of several files, row-based sharding with wrap-around, num_samples, type mismatch
errors naming the file and record), ManifestDataset (ModelArts json-lines), RandomDataset (schema-driven
shapes/dtypes only) and PaddedDataset. Every dataset is written at run time into a temporary folder."""
import json
import os
import tempfile

import numpy as np

import mindspore.dataset as ds
from mindspore.common import dtype as mstype

COMPILED_PASS = False
TOLERANCES = {}


def _write(name, text, root=None):
    root = root or tempfile.mkdtemp()
    path = os.path.join(root, name)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)
    return path


def _enc(v):
    # the shape is recorded apart: the golden codec stores a 0-d array as shape [1]
    if v.dtype.kind in "US":
        return {"str": v.tolist(), "dtype": str(v.dtype), "shape": list(v.shape)}
    return {"value": v, "shape": list(v.shape)}


def _table(d):
    rows = [{k: _enc(v) for k, v in r.items()} for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)]
    return {"names": d.get_col_names(), "size": d.get_dataset_size(), "rows": rows}


def _texts(d):
    return [str(r[0]) for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def _text_dir():
    root = tempfile.mkdtemp()
    for name, n in (("a", 1), ("b", 3), ("c", 2), ("d", 4)):
        _write(f"{name}.txt", "".join(f"{name}{i}\n" for i in range(n)), root)
    return root


# ----- TextFileDataset -----
def case_text_basic():
    root = tempfile.mkdtemp()
    _write("a.txt", "hello world\nfoo\n\nbar baz\n", root)
    _write("b.txt", "x1\nx2\r\nx3", root)
    return _table(ds.TextFileDataset([os.path.join(root, "b.txt"), os.path.join(root, "a.txt")], shuffle=False))


def case_text_workers_interleave():
    root = _text_dir()
    out = {}
    for w in (1, 2):
        d = ds.TextFileDataset(os.path.join(root, "*.txt"), shuffle=False, num_parallel_workers=w)
        out[f"w{w}"] = _texts(d)
    return out


def case_text_shards():
    root = _text_dir()
    out = {}
    for ns in (2, 3, 4):
        for sid in range(ns):
            d = ds.TextFileDataset(os.path.join(root, "*.txt"), shuffle=False, num_shards=ns, shard_id=sid,
                                   num_parallel_workers=2)
            out[f"{ns}_{sid}"] = [d.get_dataset_size(), _texts(d)]
    return out


def case_text_num_samples():
    root = _text_dir()
    d = ds.TextFileDataset(os.path.join(root, "*.txt"), shuffle=False, num_samples=4, num_parallel_workers=2)
    e = ds.TextFileDataset(os.path.join(root, "*.txt"), shuffle=False, num_shards=2, shard_id=1, num_samples=3,
                           num_parallel_workers=1)
    return {"size": d.get_dataset_size(), "rows": _texts(d), "shard_size": e.get_dataset_size(), "shard": _texts(e)}


def case_text_shuffle_covers_rows():
    root = _text_dir()
    d = ds.TextFileDataset(os.path.join(root, "*.txt"))
    f = ds.TextFileDataset(os.path.join(root, "*.txt"), shuffle=ds.Shuffle.FILES)
    return {"size": d.get_dataset_size(), "rows": sorted(_texts(d)), "files": sorted(_texts(f))}


def case_text_pipeline_batch():
    path = _write("t.txt", "a\nbb\nccc\n")
    d = ds.TextFileDataset(path, shuffle=False).map(lambda s: np.array(len(str(s)), np.int32), input_columns="text")
    return [r[0] for r in d.batch(2).create_tuple_iterator(output_numpy=True)]


def case_text_missing_file():
    return ds.TextFileDataset("/nonexistent_dataset_dir/nope.txt")


def case_text_empty_list():
    return ds.TextFileDataset([])


def case_text_bad_type():
    return ds.TextFileDataset(3)


def case_text_shard_id_range():
    return ds.TextFileDataset(_write("a.txt", "x\n"), num_shards=2, shard_id=2)


def case_text_shards_without_id():
    return ds.TextFileDataset(_write("a.txt", "x\n"), num_shards=2)


def case_text_bad_shuffle():
    return ds.TextFileDataset(_write("a.txt", "x\n"), shuffle=1)


def case_text_negative_num_samples():
    return ds.TextFileDataset(_write("a.txt", "x\n"), num_samples=-1)


# ----- CSVDataset -----
def case_csv_header_strings():
    path = _write("a.csv", 'id,name,score\n1,"al,ice",1.5\n2,bob,2.25\n3,"say ""hi""",\n\n')
    return _table(ds.CSVDataset(path, shuffle=False))


def case_csv_defaults_types():
    path = _write("c.csv", "2.5,1e3, 7 \n-3,+4.5,x\n11 ,.5,\"q\nr\"\n")
    return _table(ds.CSVDataset(path, column_defaults=[1, 1.0, ""], column_names=["a", "b", "c"], shuffle=False))


def case_csv_field_delim_and_crlf():
    path = _write("b.csv", "1;2.5;x\r\n4;0;y\r\n")
    return _table(ds.CSVDataset(path, field_delim=";", column_defaults=[7, 3.0, "q"], column_names=["p", "q", "r"],
                                shuffle=False))


def case_csv_fewer_defaults_than_names():
    path = _write("j.csv", "1,2,3\n3,4,5\n")
    return _table(ds.CSVDataset(path, column_names=["a", "b", "c"], column_defaults=[1.0, 2], shuffle=False))


def case_csv_tab_delim_header():
    path = _write("t.csv", "x\ty\n1\t2\n")
    return _table(ds.CSVDataset(path, field_delim="\t", column_defaults=[0, 0.0], shuffle=False))


def case_csv_two_files_headers():
    root = tempfile.mkdtemp()
    _write("h1.csv", "h1,h2\n1,2\n3,4\n", root)
    _write("h2.csv", "h1,h2\n5,6\n", root)
    return _table(ds.CSVDataset(os.path.join(root, "*.csv"), column_defaults=[0, 0], shuffle=False))


def case_csv_shards():
    root = tempfile.mkdtemp()
    _write("a.csv", "".join(f"{i},a\n" for i in range(3)), root)
    _write("b.csv", "".join(f"{i},b\n" for i in range(10, 12)), root)
    out = {}
    for sid in range(3):
        d = ds.CSVDataset(os.path.join(root, "*.csv"), column_defaults=[0, ""], column_names=["i", "s"],
                          shuffle=False, num_shards=3, shard_id=sid)
        out[str(sid)] = _table(d)
    return out


def case_csv_num_samples():
    path = _write("n.csv", "".join(f"{i}\n" for i in range(6)))
    return _table(ds.CSVDataset(path, column_defaults=[0], column_names=["v"], num_samples=4, shuffle=False))


def case_csv_number_forms():
    path = _write("f.csv", "0x10,0x10\ninf,+7\n2.5x,-3z\n-.25e1, 12\n")
    return _table(ds.CSVDataset(path, column_defaults=[0.0, 0], column_names=["f", "i"], shuffle=False))


def case_csv_float_out_of_range():
    path = _write("r.csv", "1.0\n1e-40\n")
    return _table(ds.CSVDataset(path, column_defaults=[0.0], column_names=["f"], shuffle=False))


def case_csv_type_mismatch():
    path = _write("d.csv", "abc,1\n")
    return _table(ds.CSVDataset(path, column_defaults=[1, 1.0], column_names=["a", "b"], shuffle=False))


def case_csv_empty_numeric_field():
    path = _write("n.csv", "1,x\n,y\n")
    return _table(ds.CSVDataset(path, column_defaults=[1, ""], column_names=["a", "b"], shuffle=False))


def case_csv_int_out_of_range():
    path = _write("m.csv", "99999999999,1\n")
    return _table(ds.CSVDataset(path, column_defaults=[0, 0.0], column_names=["a", "b"], shuffle=False))


def case_csv_short_record():
    path = _write("e.csv", "1,2\n3\n")
    return _table(ds.CSVDataset(path, column_defaults=[1, 5], column_names=["a", "b"], shuffle=False))


def case_csv_headers_differ():
    root = tempfile.mkdtemp()
    _write("h1.csv", "h1,h2\n1,2\n", root)
    _write("h2.csv", "k1,k2\n5,6\n", root)
    return _table(ds.CSVDataset(os.path.join(root, "*.csv"), shuffle=False))


def case_csv_more_defaults_than_names():
    path = _write("q.csv", "1,2\n")
    return _table(ds.CSVDataset(path, column_defaults=[1, 2, 3], column_names=["a", "b"], shuffle=False))


def case_csv_argument_errors():
    path = _write("l.csv", "1,2\n")
    calls = {"delim_long": lambda: ds.CSVDataset(path, field_delim="ab"),
             "delim_quote": lambda: ds.CSVDataset(path, field_delim='"'),
             "defaults_tuple": lambda: ds.CSVDataset(path, column_defaults=(1,)),
             "defaults_item": lambda: ds.CSVDataset(path, column_defaults=[[1]]),
             "names_int": lambda: ds.CSVDataset(path, column_names=[1]),
             "missing": lambda: ds.CSVDataset(path + ".nope")}
    out = {}
    for name, call in calls.items():
        try:
            call()
            out[name] = "no error"
        except Exception as e:  # noqa: BLE001 - the type is the result
            out[name] = type(e).__name__
    return out


# ----- ManifestDataset -----
def _manifest():
    root = tempfile.mkdtemp()
    os.makedirs(os.path.join(root, "img"))
    lines = []
    spec = [(["dog"], "train"), (["cat"], "train"), (["dog", "bird"], "eval"), (["cat"], "TRAIN")]
    for i, (labels, usage) in enumerate(spec):
        path = os.path.join(root, "img", f"{i}.jpg")
        with open(path, "wb") as f:
            f.write(b"\xff\xd8\xff\xe0" + bytes([i]) * (i + 2))
        lines.append(json.dumps({"source": path, "usage": usage,
                                 "annotation": [{"type": "modelarts/image_classification", "name": n} for n in labels]}))
    return _write("data.manifest", "\n".join(lines) + "\n", root)


def case_manifest_train():
    d = ds.ManifestDataset(_manifest(), shuffle=False)
    return {"table": _table(d), "indexing": d.get_class_indexing(), "classes": d.num_classes()}


def case_manifest_eval_multilabel():
    d = ds.ManifestDataset(_manifest(), usage="eval", shuffle=False)
    return {"table": _table(d), "indexing": d.get_class_indexing()}


def case_manifest_class_indexing():
    return _table(ds.ManifestDataset(_manifest(), class_indexing={"cat": 5, "dog": 1}, shuffle=False))


def case_manifest_shard_and_sampler():
    path = _manifest()
    return {"shard": _table(ds.ManifestDataset(path, num_shards=2, shard_id=1, shuffle=False)),
            "sampler": _table(ds.ManifestDataset(path, sampler=ds.SequentialSampler(1))),
            "shuffled_size": ds.ManifestDataset(path).get_dataset_size()}


def case_manifest_decode_png():
    from PIL import Image
    root = tempfile.mkdtemp()
    rng = np.random.RandomState(0)
    lines = []
    for i in range(2):
        path = os.path.join(root, f"{i}.png")
        Image.fromarray(rng.randint(0, 256, (4 + i, 3, 3)).astype(np.uint8)).save(path)
        lines.append(json.dumps({"source": path, "usage": "eval", "annotation": [{"name": "ab"[i]}]}))
    d = ds.ManifestDataset(_write("p.manifest", "\n".join(lines), root), usage="eval", decode=True, shuffle=False)
    return _table(d)


def case_manifest_bad_usage():
    return ds.ManifestDataset(_manifest(), usage="test").get_dataset_size()


def case_manifest_no_rows():
    return ds.ManifestDataset(_manifest(), usage="inference").get_dataset_size()


def case_manifest_missing_file():
    return ds.ManifestDataset("/nonexistent_dataset_dir/nope.manifest")


def case_manifest_bad_shuffle():
    return ds.ManifestDataset(_manifest(), shuffle=1)


# ----- RandomDataset / PaddedDataset -----
def _schema():
    s = ds.Schema()
    s.add_column("image", de_type=mstype.uint8, shape=[2, 3])
    s.add_column("label", de_type=mstype.int32, shape=[])
    s.add_column("f", de_type="float32")
    return s


def _layout(d):
    rows = list(d.create_dict_iterator(output_numpy=True, num_epochs=1))
    return {"names": d.get_col_names(), "size": d.get_dataset_size(), "count": len(rows),
            "layout": [{k: [str(v.dtype), list(v.shape)] for k, v in r.items()} for r in rows]}


def case_random_schema_layout():
    return _layout(ds.RandomDataset(total_rows=4, schema=_schema()))


def case_random_columns_list_and_counts():
    return {"cols": _layout(ds.RandomDataset(total_rows=3, schema=_schema(), columns_list=["label", "image"])),
            "samples_with_schema": _layout(ds.RandomDataset(total_rows=3, schema=_schema(), num_samples=2)),
            "shards": _layout(ds.RandomDataset(total_rows=4, schema=_schema(), num_shards=2, shard_id=0))}


def case_random_bad_total_rows():
    return ds.RandomDataset(total_rows="3")


def case_random_bad_columns_list():
    return ds.RandomDataset(total_rows=3, columns_list="a")


def case_padded_rows():
    p = ds.PaddedDataset([{"image": np.zeros(2, np.uint8), "label": np.array(1, np.int32)},
                          {"image": np.ones(3, np.uint8), "label": np.array(2, np.int32)}])
    q = ds.PaddedDataset([{"a": 1, "b": 2.5, "c": "s"}])
    return {"p": _table(p), "q": _table(q)}


def case_padded_concat_shards():
    data = ds.NumpySlicesDataset({"x": np.arange(3, dtype=np.int32)}, shuffle=False)
    pad = ds.PaddedDataset([{"x": np.array(-1, np.int32)}])
    both = data + pad
    out = {"size": both.get_dataset_size(), "rows": [int(r[0]) for r in both.create_tuple_iterator(output_numpy=True)]}
    for sid in range(2):
        shard = ds.NumpySlicesDataset({"x": np.arange(3, dtype=np.int32)}, shuffle=False) + \
            ds.PaddedDataset([{"x": np.array(-1, np.int32)}])
        shard.use_sampler(ds.DistributedSampler(num_shards=2, shard_id=sid, shuffle=False))
        out[f"shard{sid}"] = [shard.get_dataset_size(), [int(r[0]) for r in shard.create_tuple_iterator(output_numpy=True)]]
    return out


def case_padded_empty():
    return ds.PaddedDataset([])


def case_padded_not_list():
    return ds.PaddedDataset(({"a": 1},))


def case_padded_not_dict():
    return ds.PaddedDataset([1])
