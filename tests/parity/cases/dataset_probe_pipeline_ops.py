"""Pipeline semantics probed against MindSpore 2.10, second part (the first is dataset_probe_semantics): batch and
per_batch_map layouts, padded and bucket batches, project/rename/zip/concat, take/skip/repeat/shuffle/filter and
the exception types of bad arguments.

Every pipeline is built afresh (MindSpore refuses a node with two consumers), and pyfuncs never mix a 0-d array with
a Python number (numpy 1 and 2 promote that differently)."""
import numpy as np

import mindspore.dataset as ds

from parity_dataset_probe_common import (  # registered by the parity loader
    _flat, _err, _err_has, _abc, _one, _first, _gen,
)

TOLERANCES = {}


# ----- batch -----
def case_batch_argument_errors():
    d = _abc
    return {"zero": _err_has(lambda: d().batch(0), "batch_size"), "float": _err(lambda: d().batch(2.0)),
            "drop_int": _err(lambda: d().batch(2, drop_remainder=1)),
            "workers0": _err(lambda: d().batch(2, num_parallel_workers=0)),
            "in_without_map": _err_has(lambda: d().batch(2, input_columns=["a"]), "per_batch_map"),
            "map_not_callable": _err(lambda: d().batch(2, per_batch_map=5, input_columns=["a"])),
            "signature": _err(lambda: d().batch(2, per_batch_map=lambda a, b, info: (a,), input_columns=["a"])),
            "callable_two_args": _err(lambda: d().batch(lambda a, b: 2)),
            "padded_zero": _err(lambda: d().padded_batch(0, pad_info={})),
            "padded_neg": _err(lambda: d().padded_batch(-1, pad_info={})),
            "padded_pad_list": _err(lambda: d().padded_batch(2, pad_info=[1])),
            "padded_shape_int": _err(lambda: d().padded_batch(2, pad_info={"a": (5, 0)})),
            "padded_key_int": _err(lambda: d().padded_batch(2, pad_info={1: None})),
            "padded_value_list": _err(lambda: d().padded_batch(2, pad_info={"a": ([None], [0])}))}


def case_batch_size_minus_one_runs_into_error():
    return _flat(_abc().batch(-1))


def case_batch_sizes_and_queries():
    d = _abc(5)
    dropped = _abc(5).batch(2, drop_remainder=True)
    return {"drop": [dropped.get_dataset_size(), dropped.get_batch_size(), _flat(_abc(5).batch(2, True))],
            "keep": [_abc(5).batch(2).get_dataset_size(), _flat(_abc(5).batch(2))],
            "over_drop": [_abc(3).batch(5, True).get_dataset_size(), _flat(_abc(3).batch(5, True))],
            "shapes": d.batch(2).output_shapes(),
            "repeat_count": [_abc().batch(2).repeat(3).get_repeat_count(), _abc().repeat(3).batch(2).get_repeat_count(),
                             _abc().get_repeat_count()],
            "batch_size": [_abc().batch(2).repeat(2).get_batch_size(), _abc().get_batch_size(),
                           _abc().batch(2).batch(2).get_batch_size()]}


def case_batch_callable_size():
    d = _abc(5).batch(lambda info: info.get_batch_num() + 1)
    return {"rows": _flat(d), "size": _abc(5).batch(lambda info: 2).get_dataset_size(),
            "batch_size": _abc(5).batch(lambda info: 3).get_batch_size(),
            "padded": _flat(_abc(5).padded_batch(lambda info: 2 + info.get_batch_num(), pad_info={}))}


def _pbm_num(a, info):
    return ([np.full_like(x, info.get_batch_num()) for x in a],)


def _pbm_epoch(a, info):
    return ([np.array(info.get_epoch_num(), np.int32) for _ in a],)


def case_per_batch_map_batch_info():
    it = _abc(4).batch(2, per_batch_map=_pbm_epoch, input_columns=["a"]).create_tuple_iterator(output_numpy=True,
                                                                                              num_epochs=2)
    epochs = [[r[0].tolist() for r in it] for _ in range(2)]
    return {"batch_num": _flat(_abc(5).batch(2, per_batch_map=_pbm_num, input_columns=["a"])), "epoch": epochs,
            "methods": sorted(m for m in dir(ds.BatchInfo) if not m.startswith("_"))}


def _pbm_add(a, b, info):
    return [x + np.int32(1) for x in a], [y * np.float32(2) for y in b]


def _pbm_merge(x, y, info):
    return ([np.float64(u) + np.float64(v) for u, v in zip(x, y)],)


def _pbm_split(x, info):
    return [v for v in x], [v * v for v in x]


def case_per_batch_map_layout():
    return {"same_count": _layout(_abc(4).batch(2, per_batch_map=_pbm_add, input_columns=["a", "b"])),
            "merge_ab": _layout(_abc(4).batch(2, per_batch_map=_pbm_merge, input_columns=["a", "b"],
                                              output_columns=["s"])),
            "merge_bc": _layout(_abc(4).batch(2, per_batch_map=_pbm_merge, input_columns=["b", "c"],
                                              output_columns=["s"])),
            "rename_one": _abc(4).batch(2, per_batch_map=lambda b, info: (b,), input_columns=["b"],
                                        output_columns=["z"]).get_col_names(),
            "all_columns": _flat(_abc(4).batch(2, per_batch_map=lambda a, b, c, info: (a, b, c))),
            "all_to_one": _layout(_abc(4).batch(2, per_batch_map=lambda a, b, c, info: (a,), output_columns=["x"])),
            "returns_array": _flat(_abc(4).batch(2, per_batch_map=lambda a, info: (np.stack(a),),
                                                 input_columns=["a"])),
            "two_col_source_split": _layout(ds.NumpySlicesDataset({"a": np.arange(4, dtype=np.int32),
                                                                   "b": np.arange(4, dtype=np.int64)}, shuffle=False)
                                            .batch(2, per_batch_map=_pbm_split, input_columns=["a"],
                                                   output_columns=["p", "q"]))}


def case_per_batch_map_wrong_count():
    return _flat(_abc(4).batch(2, per_batch_map=_pbm_split, input_columns=["a"]))


def case_per_batch_map_unknown_column():
    return _flat(_abc(4).batch(2, per_batch_map=_pbm_num, input_columns=["zz"]))


def case_batch_ragged_rows():
    return _flat(ds.GeneratorDataset(_gen([(np.arange(1),), (np.arange(2),)]), ["x"]).batch(2))


def case_padded_batch_columns():
    def ragged():
        return ds.GeneratorDataset(_gen([(np.arange(n, dtype=np.int32), np.array(n, np.int64),
                                          np.full((n, 2), n, np.float32)) for n in [1, 3, 2, 5]]), ["x", "n", "m"])
    return {"two_d": _flat(ragged().padded_batch(2, pad_info={"m": ([None, 2], -1.0), "x": None})),
            "scalar": _flat(ragged().padded_batch(2, pad_info={"n": None, "x": None, "m": None})),
            "size": ragged().padded_batch(3, pad_info={"x": None, "m": None}).get_dataset_size(),
            "types": [str(t) for t in ragged().padded_batch(2, pad_info={"x": ([None], 0), "m": None}).output_types()],
            "shapes": ragged().padded_batch(2, pad_info={"x": ([6], 0), "m": None}).output_shapes(),
            "bucket": _flat(ragged().bucket_batch_by_length(["x"], [2, 4], [1, 2, 3], pad_info={"x": None, "m": None})),
            "bucket_size": ragged().bucket_batch_by_length(["x"], [2, 4], [1, 2, 3],
                                                           pad_info={"x": None, "m": None}).get_dataset_size(),
            "bucket_cols": ragged().bucket_batch_by_length(["x"], [2], [1, 2], pad_info={"m": None}).get_col_names()}


def case_bucket_argument_errors():
    def bb(*a, **k):
        return lambda: _one().bucket_batch_by_length(*a, **k)
    return {"empty_cols": _err(bb([], [2], [1, 2])), "float_bound": _err(bb(["x"], [2.5], [1, 2])),
            "empty_bounds": _err(bb(["x"], [], [1])), "float_size": _err(bb(["x"], [2], [1, 2.0])),
            "fn_not_callable": _err(bb(["x"], [2], [1, 2], element_length_function=3)),
            "pad_key_int": _err(bb(["x"], [2], [1, 2], pad_info={1: None})),
            "drop_int": _err(bb(["x"], [2], [1, 2], drop_remainder=1))}


def case_bucket_unknown_column():
    return _flat(_one().bucket_batch_by_length(["zz"], [2], [1, 2]))


# ----- project, rename, zip, concat, take, skip, repeat, shuffle, filter -----
def case_project_rename_errors_and_layout():
    return {"project_str": _abc().project("b").get_col_names(),
            "project_dup": _err(lambda: _abc().project(["a", "a"])),
            "project_empty": _err(lambda: _abc().project([])), "project_int": _err(lambda: _abc().project(3)),
            "project_unknown_size": _abc().project(["zz"]).get_dataset_size(),
            "rename_str": _abc().rename("a", "z").get_col_names(),
            "rename_count": _err(lambda: _abc().rename(["a", "b"], ["z"])),
            "rename_swap": _layout(_abc(2).rename(["a", "b"], ["b", "a"])),
            "rename_to_existing": _err(lambda: _abc().rename(["a"], ["b"]).get_col_names())}


def case_zip_duplicate_column_names():
    z = ds.zip((_one(3), _one(3)))
    return {"size": z.get_dataset_size(), "names": _err_has(z.get_col_names, "duplicate")}


def case_zip_duplicate_column_rows():
    return _flat(ds.zip((_one(3), _one(3))))


def case_zip_concat_report_last_child():
    return {"zip_batched": [ds.zip((_one(5).batch(2), _one(5, "y").batch(3))).get_batch_size(),
                            ds.zip((_one(5).batch(3), _one(5, "y").batch(2))).get_batch_size(),
                            ds.zip((_one(5).batch(3), _one(5, "y"))).get_batch_size(),
                            ds.zip((_one(5), _one(5, "y").batch(3))).get_batch_size()],
            "zip_repeat": [ds.zip((_one(3).repeat(2), _one(5, "y"))).get_repeat_count(),
                           ds.zip((_one(5, "y"), _one(3).repeat(2))).get_repeat_count(),
                           ds.zip((_one(5, "y").repeat(3), _one(3).repeat(2), _one(3, "z"))).get_repeat_count()],
            "concat": [(_one(4).batch(2) + _one(4).batch(3)).get_batch_size(),
                       (_one(4).repeat(2) + _one(4)).get_repeat_count()],
            "zip_rows": [ds.zip((_one(5).batch(2), _one(5, "y").batch(3))).get_dataset_size(),
                         _flat(ds.zip((_one(5).batch(2), _one(5, "y").batch(3))))],
            "single_child": [_one(4).repeat(2).take(3).get_repeat_count(), _one(4).batch(2).map(lambda x: x)
                             .get_batch_size(), _one(4).repeat(3).batch(2).repeat(2).get_repeat_count(),
                             _one(4).batch(2).repeat(3).batch(1).get_batch_size()]}


def case_take_skip_repeat_arguments():
    return {"take_float": _err(lambda: _one().take(1.5)), "take_bool": _err(lambda: _one().take(True)),
            "skip_float": _err(lambda: _one().skip(1.0)), "repeat0": _err(lambda: _one().repeat(0)),
            "repeat_neg2": _err(lambda: _one().repeat(-2)), "repeat_float": _err(lambda: _one().repeat(2.0)),
            "repeat_bool": _err(lambda: _one().repeat(True)),
            "repeat_big": _err(lambda: _one().repeat(2 ** 31)),
            "shuffle1": _err_has(lambda: _one().shuffle(1), "buffer_size"),
            "shuffle_float": _err(lambda: _one().shuffle(2.0)), "shuffle_big": _err(lambda: _one().shuffle(2 ** 31))}


def case_take_skip_repeat_values():
    return {"take_more": [_one(3).take(10).get_dataset_size(), _first(_one(3).take(10))],
            "skip_all": [_one(3).skip(3).get_dataset_size(), _first(_one(3).skip(3))],
            "skip_zero": _first(_one(3).skip(0)),
            "repeat_sizes": [_one(3).repeat(4).get_dataset_size(), _one(3).repeat(2).repeat(3).get_repeat_count(),
                             _one(3).repeat(2).repeat(3).get_dataset_size(), _one(3).repeat().get_repeat_count(),
                             _one(3).repeat(-1).get_dataset_size()],
            "repeat_then_batch": _flat(_one(3).repeat(2).batch(4)),
            "repeat_take": _first(_one(3).repeat(3).take(5)), "take_repeat": _first(_one(5).take(2).repeat(2)),
            "skip_repeat": _first(_one(4).skip(1).repeat(2)), "repeat_skip": _first(_one(4).repeat(2).skip(3)),
            "sizes": [_one(10).filter(lambda x: x % 2 == 0).take(3).get_dataset_size(),
                      _one(5).repeat(3).batch(4).get_dataset_size(), _one(5).batch(4).repeat(3).get_dataset_size(),
                      _one(5).batch(4, True).repeat(3).get_dataset_size(), _one(10).skip(3).take(4).get_dataset_size(),
                      _one(10).take(4).skip(3).get_dataset_size()]}


def case_filter_arguments_and_values():
    return {"not_callable": _err(lambda: _one().filter(5)),
            "workers0": _err(lambda: _one().filter(lambda x: True, num_parallel_workers=0)),
            "cols_int": _err(lambda: _one().filter(lambda x: True, input_columns=3)),
            "size": _one(6).filter(lambda x: x > 2).get_dataset_size(),
            "array_result": _first(_one(6).filter(lambda x: np.array(x % 3 == 0))),
            "col_str": _first(_abc().filter(lambda b: b > 15, input_columns="b")),
            "two_cols": _first(_abc().filter(lambda a, c: a + c > 103, input_columns=["a", "c"])),
            "all_cols": _first(_abc().filter(lambda a, b, c: a == 2)),
            "then_batch": _flat(_one(7).filter(lambda x: x % 2 == 1).batch(2))}


def case_filter_predicate_raises():
    return _first(_one(3).filter(lambda x: [][0]))


def _seeded(seed, fn):
    old = ds.config.get_seed()
    ds.config.set_seed(seed)
    try:
        return fn()
    finally:
        ds.config.set_seed(old)


def case_shuffle_with_seed():
    def shuffled():
        return _first(_one(10).shuffle(4))

    def two_epochs():
        it = _one(10).shuffle(10).create_tuple_iterator(output_numpy=True, num_epochs=2)
        a, b = [int(r[0]) for r in it], [int(r[0]) for r in it]
        return [a != b, sorted(a) == sorted(b)]

    def slices():
        return _first(ds.NumpySlicesDataset(np.arange(8), shuffle=True))
    return {"repeatable": _seeded(3, shuffled) == _seeded(3, shuffled),
            "seeds_differ": _seeded(3, shuffled) != _seeded(4, shuffled),
            "covers": sorted(_seeded(5, shuffled)), "epochs": _seeded(7, two_epochs),
            "slices_repeatable": _seeded(1, slices) == _seeded(1, slices),
            "size": _one(7).shuffle(4).get_dataset_size()}


def case_config_seed_arguments():
    def numpy_draw():
        return np.random.rand(2)
    return {"negative": _err(lambda: ds.config.set_seed(-1)), "float": _err(lambda: ds.config.set_seed(1.5)),
            "too_big": _err(lambda: ds.config.set_seed(2 ** 32)),
            "get": _seeded(12, ds.config.get_seed),
            "seeds_numpy": bool(np.array_equal(_seeded(9, numpy_draw), _seeded(9, numpy_draw)))}


