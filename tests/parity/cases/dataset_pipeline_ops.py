"""Pipeline operations and samplers: ds.zip / Dataset.zip, concat and `+` (with DistributedSampler and
RandomSampler), PKSampler, split, bucket_batch_by_length, padded_batch, filter, apply, skip, take, rename,
project, output_shapes / output_types, num_classes, get_class_indexing. Random orders are not compared:
only what is fixed (sizes, sorted values, per-class counts, each child's own order)."""
import os
import struct
import tempfile

import numpy as np

import mindspore.dataset as ds

COMPILED_PASS = False


def _n(n=10, name="a", start=0, dtype=np.int32):
    return ds.NumpySlicesDataset({name: np.arange(start, start + n, dtype=dtype)}, shuffle=False)


def _rows(d):
    return [[np.asarray(c).tolist() for c in r] for r in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def _first(d):
    return [r[0] for r in _rows(d)]


def _err(fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


def _mnist(labels):
    root = tempfile.mkdtemp()
    n = len(labels)
    images = (np.arange(n, dtype=np.uint8)[:, None, None] * np.ones((1, 28, 28), np.uint8))
    with open(os.path.join(root, "train-images-idx3-ubyte"), "wb") as f:
        f.write(struct.pack(">IIII", 2051, n, 28, 28) + images.tobytes())
    with open(os.path.join(root, "train-labels-idx1-ubyte"), "wb") as f:
        f.write(struct.pack(">II", 2049, n) + np.asarray(labels, np.uint8).tobytes())
    return root


def _ragged():
    def gen():
        for n in [1, 3, 2, 5, 4, 1, 2, 6, 3]:
            yield np.arange(n, dtype=np.int32), np.array(n, np.int64)
    return ds.GeneratorDataset(gen, ["x", "n"], shuffle=False)


# ----- zip -----
def case_zip_function():
    z = ds.zip((_n(3), _n(4, "b", 10)))
    return {"rows": _rows(z), "cols": z.get_col_names(), "size": z.get_dataset_size()}


def case_zip_method_tuple_and_single():
    a = _n(3).zip((_n(3, "b", 5), _n(2, "c", 9)))
    b = _n(3).zip(_n(3, "b", 5))
    return {"a": _rows(a), "a_cols": a.get_col_names(), "b": _rows(b), "b_size": b.get_dataset_size()}


def case_zip_errors():
    return {"list": _err(lambda: ds.zip([_n(2), _n(3, "b")])), "one": _err(lambda: ds.zip((_n(2),))),
            "method_list": _err(lambda: _n(2).zip([_n(3, "b")])), "method_int": _err(lambda: _n(2).zip(5))}


# ----- concat -----
def case_concat_list_and_plus():
    c = _n(4).concat([_n(2), _n(3)])
    p = _n(3) + _n(2, start=7)
    b = _n(4).batch(2) + _n(3).batch(2)
    return {"concat": _first(c), "size": c.get_dataset_size(), "plus": _first(p), "batched": _first(b),
            "batched_size": b.get_dataset_size(), "repeat": _first((_n(2) + _n(1, start=5)).repeat(2))}


def case_concat_distributed_sampler():
    out = {}
    for shard in range(3):
        c = _n(4) + _n(3, start=10)
        c.use_sampler(ds.DistributedSampler(3, shard, shuffle=False))
        out[str(shard)] = [_first(c), c.get_dataset_size()]
    return out


def case_concat_random_sampler():
    c = _n(4) + _n(3, start=10)
    c.use_sampler(ds.RandomSampler())
    got = _first(c)
    return {"sorted": sorted(got), "size": c.get_dataset_size(),
            "first_child_in_order": [v for v in got if v < 10] == [0, 1, 2, 3],
            "second_child_in_order": [v for v in got if v >= 10] == [10, 11, 12]}


def case_concat_sampler_errors():
    def use(s):
        return lambda: (_n(4) + _n(3)).use_sampler(s)
    return {"sequential": _err(use(ds.SequentialSampler())), "replacement": _err(use(ds.RandomSampler(True))),
            "rand_num_samples": _err(use(ds.RandomSampler(num_samples=3))),
            "dist_shuffle": _err(use(ds.DistributedSampler(2, 0))),
            "dist_num_samples": _err(use(ds.DistributedSampler(2, 0, shuffle=False, num_samples=2))),
            "int": _err(use(5))}


def case_concat_column_mismatch():
    return _rows(_n(4).concat(_n(3, name="b")))


def case_concat_dtype_mismatch():
    return _rows(_n(4).concat(_n(3, dtype=np.float32)))


def case_concat_bad_argument():
    return {"int": _err(lambda: _n(4).concat(5)), "tuple": _err(lambda: _n(4).concat((_n(2),)))}


# ----- PKSampler -----
def _labels_of(d):
    return [int(r["label"]) for r in d.create_dict_iterator(output_numpy=True, num_epochs=1)]


def case_pk_sampler():
    root = _mnist([2, 0, 1, 0, 2, 0, 3])
    out = {}
    for name, kw in [("v1", {"num_val": 1}), ("v2", {"num_val": 2}), ("v3", {"num_val": 3}),
                     ("v2_n3", {"num_val": 2, "num_samples": 3}), ("col", {"num_val": 2, "class_column": "label"})]:
        d = ds.MnistDataset(root, sampler=ds.PKSampler(**kw))
        out[name] = [_labels_of(d), d.get_dataset_size()]
    return out


def case_pk_sampler_shuffle_and_members():
    labels = [2, 0, 1, 0, 2, 0, 3]
    root = _mnist(labels)
    d = ds.MnistDataset(root, sampler=ds.PKSampler(2, shuffle=True))
    rows = list(d.create_dict_iterator(output_numpy=True, num_epochs=1))
    # each row's image index (its pixel value) must hold the label it was drawn for
    ok = all(labels[int(r["image"][0, 0, 0])] == int(r["label"]) for r in rows)
    return {"sorted": sorted(int(r["label"]) for r in rows), "size": d.get_dataset_size(), "members_ok": ok}


def case_pk_sampler_errors():
    return {"float": _err(lambda: ds.PKSampler(1.5)), "shuffle_int": _err(lambda: ds.PKSampler(2, shuffle=1)),
            "column_int": _err(lambda: ds.PKSampler(2, class_column=3)),
            "neg_samples": _err(lambda: ds.PKSampler(2, num_samples=-1)), "zero_ok": _err(lambda: ds.PKSampler(0))}


def case_pk_sampler_num_class():
    return ds.PKSampler(2, num_class=2).num_val


def case_pk_sampler_num_val_zero():
    return _labels_of(ds.MnistDataset(_mnist([0, 1]), sampler=ds.PKSampler(0)))


# ----- split -----
def case_split_sizes():
    out = {}
    for key, sizes in [("ints", [3, 7]), ("f37", [0.3, 0.7]), ("f25", [0.25, 0.75]), ("f333", [0.33, 0.33, 0.34]),
                       ("half", [0.5, 0.5]), ("one", [10])]:
        parts = _n(10).split(sizes, randomize=False)
        out[key] = [[_first(p) for p in parts], [p.get_dataset_size() for p in parts], type(parts).__name__]
    out["odd_half"] = [_first(p) for p in _n(7).split([0.5, 0.5], randomize=False)]
    return out


def case_split_errors():
    def sp(sizes):
        return lambda: _n(10).split(sizes, randomize=False)
    return {"sum": _err(sp([3, 8])), "fsum": _err(sp([0.3, 0.8])), "zero": _err(sp([0, 10])),
            "fzero": _err(sp([0.0, 1.0])), "mixed": _err(sp([3, 7.0])), "neg": _err(sp([-1, 11])),
            "fneg": _err(sp([1.2, -0.2])), "str": _err(sp("ab"))}


def case_split_randomize():
    old = ds.config.get_seed()
    ds.config.set_seed(5)  # MindSpore's random split relies on a set seed to keep the splits disjoint
    try:
        parts = _n(10).split([4, 6])
        a, b = _first(parts[0]), _first(parts[1])
        again = _first(parts[0])
    finally:
        ds.config.set_seed(old)
    return {"sizes": [len(a), len(b)], "union": sorted(a + b), "disjoint": not set(a) & set(b),
            "same_each_epoch": again == a}


# ----- bucket_batch_by_length / padded_batch -----
def case_bucket_batch_by_length():
    g = _ragged
    return {
        "plain": _rows(g().bucket_batch_by_length(["x"], [3, 5], [2, 2, 3])),
        "drop": _rows(g().bucket_batch_by_length(["x"], [3, 5], [2, 2, 3], drop_remainder=True)),
        "pad_value": _rows(g().bucket_batch_by_length(["x"], [3, 5], [2, 2, 3], pad_info={"x": ([None], -1)})),
        "to_boundary": _rows(g().bucket_batch_by_length(["x"], [3, 5, 7], [2, 2, 3, 1], pad_to_bucket_boundary=True,
                                                        pad_info={"x": ([None], 9)})),
        "length_fn": _rows(g().bucket_batch_by_length(["n"], [3, 5], [2, 2, 3],
                                                      element_length_function=lambda n: int(n))),
        "two_cols": _rows(g().bucket_batch_by_length(["x", "n"], [3, 5], [2, 2, 3],
                                                     element_length_function=lambda x, n: int(n) * 2)),
        "size": g().bucket_batch_by_length(["x"], [3, 5], [2, 2, 3]).get_dataset_size(),
    }


def case_bucket_batch_errors():
    def bb(*a, **k):
        return lambda: _ragged().bucket_batch_by_length(*a, **k)
    return {"count": _err(bb(["x"], [3, 5], [2, 2])), "order": _err(bb(["x"], [5, 3], [2, 2, 3])),
            "nonpos": _err(bb(["x"], [0, 3], [2, 2, 3])), "size0": _err(bb(["x"], [3, 5], [2, 0, 3])),
            "str_cols": _err(bb("x", [3, 5], [2, 2, 3])), "two_no_fn": _err(bb(["x", "n"], [3, 5], [2, 2, 3]))}


def case_padded_batch():
    g = _ragged
    return {"value": _rows(g().padded_batch(2, pad_info={"x": ([None], -1)})),
            "fixed": _rows(g().padded_batch(2, pad_info={"x": ([7], 0)})),
            "none_spec": _rows(g().padded_batch(4, drop_remainder=True, pad_info={"x": None})),
            "cut": _rows(g().padded_batch(2, pad_info={"x": ([2], 0)})),
            "empty_dict": _rows(g().padded_batch(2, pad_info={}))}


def case_padded_batch_no_pad_info():
    return _rows(_ragged().padded_batch(2))


def case_padded_batch_unknown_column():
    return _rows(_ragged().padded_batch(2, pad_info={"zz": None}))


# ----- the remaining Dataset methods -----
def case_filter_apply_skip_take():
    return {"filter": _first(_n(6).filter(lambda x: x % 2 == 0)),
            "filter_size": _n(6).filter(lambda x: x % 2 == 0).get_dataset_size(),
            "filter_truthy": _first(_n(4).filter(lambda x: 5, input_columns=["a"])),
            "apply": _first(_n(4).apply(lambda d: d.skip(1))),
            "skip_over": _first(_n(5).skip(7)), "take_all": _first(_n(3).take(-1)),
            "skip_take": _first(_n(10).skip(2).take(3)), "take_size": _n(10).take(4).get_dataset_size()}


def case_method_errors():
    return {"apply_ret": _err(lambda: _n(2).apply(lambda d: 5)), "apply_int": _err(lambda: _n(2).apply(5)),
            "skip_neg": _err(lambda: _n(5).skip(-1)), "take_zero": _err(lambda: _n(5).take(0)),
            "take_neg": _err(lambda: _n(5).take(-2))}


def case_filter_missing_column():
    return _first(_n(6).filter(lambda x: x, input_columns=["zz"]))


def case_rename_project():
    def d():
        return ds.NumpySlicesDataset({"a": np.arange(3, dtype=np.int32), "b": np.arange(3, dtype=np.float32)},
                                     shuffle=False)
    r = d().rename(["a"], ["x"])
    p = d().project(["b", "a"])
    return {"rename_cols": r.get_col_names(), "rename_rows": _rows(r), "project_cols": p.get_col_names(),
            "project_rows": _rows(p)}


def case_output_shapes_types():
    d = _n(5).batch(2)
    g = _ragged().padded_batch(3, pad_info={})
    return {"shapes": d.output_shapes(), "types": [str(t) for t in d.output_types()],
            "estimate": d.output_shapes(estimate=True), "ragged": g.output_shapes(),
            "ragged_estimate": g.output_shapes(estimate=True), "ragged_types": [str(t) for t in g.output_types()]}


def case_class_indexing_and_num_classes():
    root = tempfile.mkdtemp()
    for cls in ("dog", "cat", "bird"):
        os.makedirs(os.path.join(root, cls))
        with open(os.path.join(root, cls, "a.jpg"), "wb") as f:
            f.write(b"x")
    folder = ds.ImageFolderDataset(root, shuffle=False)
    mapped = folder.map(lambda x: x, input_columns=["label"]).batch(1)
    return {"slices_num": _n(3).num_classes(), "slices_index": _n(3).get_class_indexing(),
            "folder_num": folder.num_classes(), "folder_index": folder.get_class_indexing(),
            "mapped_num": mapped.num_classes(), "mapped_index": mapped.get_class_indexing()}
