"""Pipeline semantics probed against MindSpore 2.10, third part (with dataset_probe_semantics and
dataset_probe_pipeline_ops): split, iterators and queries, sampler arguments, source errors, TypeCast of strings,
and the checks MindSpore makes (shards, map operations, column_types).

Every pipeline is built afresh (MindSpore refuses a node with two consumers), and pyfuncs never mix a 0-d array with
a Python number (numpy 1 and 2 promote that differently)."""
import numpy as np

import mindspore as ms
import mindspore.dataset as ds

from parity_dataset_probe_common import (  # registered by the parity loader
    _rows, _flat, _err, _err_has, _abc, _one, _first, _gen,
)

TOLERANCES = {}


# ----- split -----
def case_split_more():
    def gen4():
        return ds.GeneratorDataset(_gen([(np.array(i, np.int32),) for i in range(4)]), ["x"])
    return {"iterable_source": [_first(p) for p in gen4().split([2, 2], randomize=False)],
            "round_2_8": [p.get_dataset_size() for p in _one(5).split([0.2, 0.8], randomize=False)],
            "round_3_3_4": [p.get_dataset_size() for p in _one(7).split([0.3, 0.3, 0.4], randomize=False)],
            "after_batch": [_flat(p) for p in _one(6).batch(2).split([1, 2], randomize=False)],
            "after_map": [_first(p) for p in _one(4).map(lambda x: x).split([1, 3], randomize=False)],
            "then_batch": [_flat(p.batch(2)) for p in _one(6).split([4, 2], randomize=False)],
            "then_repeat": [_first(p.repeat(2)) for p in _one(4).split([3, 1], randomize=False)],
            "after_take": [_first(p) for p in _one(10).take(6).split([0.5, 0.5], randomize=False)],
            "after_skip": [p.get_dataset_size() for p in _one(10).skip(4).split([2, 4], randomize=False)],
            "empty": _err(lambda: _one(4).split([], randomize=False)),
            "tuple": _err(lambda: _one(4).split((2, 2), randomize=False)),
            "randomize_int": _err(lambda: _one(4).split([2, 2], randomize=1)),
            "too_big": _err(lambda: _one(4).split([3, 3], randomize=False))}


# ----- iterators and queries -----
def case_iterators():
    def tuple_rows(**kw):
        return [[v.tolist() for v in r] for r in _abc(2).create_tuple_iterator(output_numpy=True, num_epochs=1, **kw)]
    it = _one(3).create_tuple_iterator(output_numpy=True)
    endless = [[int(r[0]) for r in it] for _ in range(3)]
    d2 = ds.NumpySlicesDataset({"a": np.arange(2, dtype=np.int32), "s": np.array(["w0", "w1"])}, shuffle=False)
    strings = next(iter(d2.create_dict_iterator(num_epochs=1)))
    return {"columns": tuple_rows(columns=["c", "a"]), "columns_str": tuple_rows(columns="b"),
            "endless_epochs": endless,
            "dict_keys": list(next(iter(ds.NumpySlicesDataset({"z": [1], "a": [2]}, shuffle=False)
                                        .create_dict_iterator(num_epochs=1))).keys()),
            "string_column": [type(strings["s"]).__name__, str(strings["s"].dtype), type(strings["a"]).__name__],
            "direct": [[type(v).__name__ for v in r] for r in _one(2)],
            "bool_tensor": str(next(iter(ds.NumpySlicesDataset([True], shuffle=False)
                                         .create_tuple_iterator(num_epochs=1)))[0].dtype)}


def case_iterator_argument_errors():
    return {"epochs_neg2": _err(lambda: _one(2).create_tuple_iterator(num_epochs=-2)),
            "epochs_float": _err(lambda: _one(2).create_tuple_iterator(num_epochs=1.0)),
            "output_numpy_int": _err(lambda: _one(2).create_tuple_iterator(output_numpy=1)),
            "dict_output_numpy_int": _err(lambda: _one(2).create_dict_iterator(output_numpy=1)),
            "columns_int": _err(lambda: _one(2).create_tuple_iterator(columns=3))}


def case_iterator_num_epochs_zero():
    return _err_has(lambda: _one(2).create_tuple_iterator(num_epochs=0), "num_epochs")


def case_iterator_unknown_column():
    return [r for r in _abc(2).create_tuple_iterator(columns=["zz"], output_numpy=True, num_epochs=1)]


def case_output_shapes_and_types():
    mixed = ds.NumpySlicesDataset({"a": np.zeros((2, 3), np.float16), "b": np.array([True, False]),
                                   "c": np.array(["x", "yy"])}, shuffle=False)
    strs = ds.NumpySlicesDataset({"c": np.array(["x", "yy", "z"])}, shuffle=False).batch(2)
    return {"types": [str(t) for t in mixed.output_types()],
            "shapes": ds.NumpySlicesDataset({"a": np.zeros((2, 3), np.float16), "b": np.array([True, False]),
                                             "c": np.array(["x", "yy"])}, shuffle=False).output_shapes(),
            "str_batch_shapes": strs.output_shapes(),
            "str_batch_types": [str(t) for t in ds.NumpySlicesDataset({"c": np.array(["x", "yy", "z"])},
                                                                      shuffle=False).batch(2).output_types()],
            "estimate_int": _err(lambda: _one(3).output_shapes(estimate=1)),
            "num_classes": [ds.GeneratorDataset(_gen([(1,)]), ["a"]).num_classes(), _one(3).batch(2).num_classes()],
            "col_names": [_one(3).batch(2).get_col_names(), (_one(3) + _one(2)).get_col_names()],
            "zip_concat_size": (ds.zip((_one(3), _one(5, "y"))) + ds.zip((_one(2), _one(2, "y")))).get_dataset_size(),
            "gen_num_samples": ds.GeneratorDataset(_gen([(np.array(i),) for i in range(6)]), ["x"],
                                                   num_samples=4).get_dataset_size()}


class _Indexed:
    def __len__(self):
        return 4

    def __getitem__(self, i):
        return (np.array(i, np.int32),)


def case_generator_sampler_arguments():
    def gen(**kw):
        return lambda: ds.GeneratorDataset(_Indexed(), ["x"], **kw)
    return {"with_shuffle": _err_has(gen(sampler=ds.SequentialSampler(), shuffle=False), "Conflicting"),
            "with_shards": _err(gen(sampler=ds.SequentialSampler(), num_shards=2, shard_id=0)),
            "with_num_samples": _err(gen(sampler=ds.SequentialSampler(), num_samples=2)),
            "pk": _err(gen(sampler=ds.PKSampler(2))), "int": _err(gen(sampler=5)),
            "schema_int": _err(gen(schema=5)), "column_types_str": _err(gen(column_types="int32")),
            "slices_shuffle_int": _err(lambda: ds.NumpySlicesDataset([1, 2], shuffle=1)),
            "slices_with_shuffle": _err(lambda: ds.NumpySlicesDataset([1, 2], sampler=ds.SequentialSampler(),
                                                                      shuffle=True)),
            "list_sampler": _first(ds.GeneratorDataset(_Indexed(), ["x"], sampler=[3, 1])),
            "num_samples": _first(ds.GeneratorDataset(_Indexed(), ["x"], shuffle=False, num_samples=3)),
            "shards": [_first(ds.GeneratorDataset(_Indexed(), ["x"], shuffle=False, num_shards=3, shard_id=2)),
                       ds.GeneratorDataset(_Indexed(), ["x"], shuffle=False, num_shards=3,
                                           shard_id=2).get_dataset_size()]}


class _Counter:
    def __init__(self):
        self.i = 0

    def __iter__(self):
        self.i = 0
        return self

    def __next__(self):
        if self.i >= 3:
            raise StopIteration
        self.i += 1
        return (np.array(self.i, np.int32),)


def case_generator_iterator_object_source():
    it = ds.GeneratorDataset(_Counter(), ["x"]).create_tuple_iterator(num_epochs=2, output_numpy=True)
    return {"rows": _first(ds.GeneratorDataset(_Counter(), ["x"])),
            "epochs": [[int(r[0]) for r in it] for _ in range(2)],
            "size": ds.GeneratorDataset(_Counter(), ["x"]).get_dataset_size(),
            "num_samples": _first(ds.GeneratorDataset(_Counter(), ["x"], num_samples=2))}


def case_concat_rank_mismatch():
    return _flat(ds.NumpySlicesDataset(np.arange(2, dtype=np.int32), shuffle=False)
                 + ds.NumpySlicesDataset(np.zeros((2, 2), dtype=np.int32), shuffle=False))


def case_concat_same_rank_other_shape():
    d = (ds.NumpySlicesDataset(np.zeros((2, 2), np.int32), shuffle=False)
         + ds.NumpySlicesDataset(np.ones((2, 3), np.int32), shuffle=False))
    return {"rows": _flat(d), "size": (ds.NumpySlicesDataset(np.arange(2), shuffle=False)
                                       + ds.NumpySlicesDataset(np.arange(3), shuffle=False)).get_dataset_size()}


def case_len_is_dataset_size():
    return {"slices": len(_one(4)), "batched": len(_one(5).batch(2)),
            "generator": len(ds.GeneratorDataset(_gen([(1,), (2,), (3,)]), ["a"])),
            "filtered": len(_one(6).filter(lambda x: x > 3)), "truthy": bool(_one(2))}


def case_filter_unknown_column_builds():
    d = _abc().filter(lambda x: True, input_columns=["zz"])
    return {"size_error": _err(d.get_dataset_size), "rows_error": _err(lambda: _flat(
        _abc().filter(lambda x: True, input_columns=["zz"])))}


def case_iterator_column_list_checks():
    return {"dup": _err(lambda: _abc().create_tuple_iterator(columns=["a", "a"])),
            "empty": _err(lambda: _abc().create_tuple_iterator(columns=[])),
            "map_in_dup": _err(lambda: _abc().map(lambda a, b: (a, b), input_columns=["a", "a"])),
            "rename_out_dup": _err(lambda: _abc().rename(["a", "b"], ["z", "z"]))}


def case_typecast_string_column():
    return _flat(ds.NumpySlicesDataset(np.array(["1", "2"]), shuffle=False).map(ds.transforms.TypeCast(ms.int32)))


def case_typecast_eager_strings():
    return {"str_to_int": _err(lambda: ds.transforms.TypeCast(ms.int32)(np.array("1"))),
            "bytes_to_bool": _err(lambda: ds.transforms.TypeCast(ms.bool_)(np.array([b"1"]))),
            "int_to_float": ds.transforms.TypeCast(ms.float16)(np.array([1, 2], np.int32))}


def case_pyfunc_inputs_are_arrays():
    seen = []

    def look(a):
        seen.append([type(a).__name__, str(a.dtype), list(a.shape)])
        return a

    def look_batch(a, info):
        seen.append([type(a).__name__, type(a[0]).__name__, str(a[0].dtype)])
        return (a,)
    _flat(_abc(1).map(look, input_columns=["b"]))
    _flat(_abc(1).filter(lambda c: look(c) is not None, input_columns=["c"]))
    _flat(_abc(2).batch(2, per_batch_map=look_batch, input_columns=["a"]))
    _flat(ds.GeneratorDataset(_gen([(b"ab",)]), ["s"]).map(look))
    return seen


def _fails_after_one():
    yield (np.array(1),)
    raise ValueError("boom")


class _FailsAt2:
    def __len__(self):
        return 3

    def __getitem__(self, i):
        if i == 2:
            raise KeyError("broken")
        return (np.array(i),)


def case_source_errors():
    return {"generator_raises": _err_has(lambda: _flat(ds.GeneratorDataset(_fails_after_one, ["x"])),
                                         "user defined Python function"),
            "random_access_raises": _err(lambda: _flat(ds.GeneratorDataset(_FailsAt2(), ["x"], shuffle=False))),
            "not_a_generator": _err(lambda: _flat(ds.GeneratorDataset(lambda: 5, ["x"]))),
            "size_without_reading": ds.GeneratorDataset(_FailsAt2(), ["x"], shuffle=False).get_dataset_size()}


def case_typecast_to_string():
    return {"build": type(ds.transforms.TypeCast(ms.string)).__name__,
            "apply": _err(lambda: ds.transforms.TypeCast(ms.string)(np.array([1])))}


class _TwoColumns:
    def __getitem__(self, i):
        return np.array(i, np.int64), np.array(i * 0.5, np.float32)

    def __len__(self):
        return 3


def _identity(v):
    return v


def case_checks_mindspore_makes():
    from mindspore import dtype as mstype
    typed = ds.GeneratorDataset(_TwoColumns(), ["a", "b"], column_types=[mstype.int64, mstype.float32], shuffle=False)
    mistyped = ds.GeneratorDataset(_TwoColumns(), ["a", "b"], column_types=[mstype.int16, mstype.float64],
                                   shuffle=False)
    return {"shards_without_id": _err_has(lambda: ds.NumpySlicesDataset(np.arange(7), ["x"], shuffle=False,
                                                                        num_shards=2), "passed in together"),
            "map_not_callable": _err(lambda: _one().map(operations=[3], input_columns=["x"])),
            "map_missing_column_size": _one().map(_identity, input_columns=["nope"]).get_dataset_size(),
            "matching_column_types": [[str(v.dtype) for v in r] for r in _rows(typed)],
            "column_types_mismatch": _err_has(lambda: _rows(mistyped), "column_types")}
