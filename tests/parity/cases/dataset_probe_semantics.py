"""Pipeline semantics probed against MindSpore 2.10: the dtypes of columns built from Python values, how a source's
item becomes a row (tuple/list = one value per column, dict kept), map's and per_batch_map's column layout (as many
outputs as inputs: in place; otherwise outputs first; a clashing output name hides the other column), callable
batch sizes, what zip/concat report for batch size and repeat count, and the exception types of bad arguments.

Every pipeline is built afresh (MindSpore refuses a node with two consumers), and pyfuncs never mix a 0-d array with
a Python number (numpy 1 and 2 promote that differently)."""
import numpy as np

import mindspore as ms
import mindspore.dataset as ds

from parity_dataset_probe_common import (  # registered by the parity loader
    _rows, _flat, _err, _err_has, _abc, _first, _gen,
)

TOLERANCES = {}


# ----- column dtypes from Python values -----
def case_generator_python_scalar_dtypes():
    out = {}
    for name, values in [("int", [(1,), (2,)]), ("float", [(0.5,), (1.5,)]), ("bool", [(True,), (False,)]),
                         ("str", [("ab",), ("c",)]), ("int_list", [([1, 2],), ([3, 4],)]),
                         ("float_list", [([0.5, 1.0],), ([2.0, 3.0],)]), ("big_int", [(2 ** 40,), (1,)]),
                         ("bytes", [(b"ab",), (b"c",)])]:
        d = ds.GeneratorDataset(_gen(values), ["a"])
        rows = _rows(ds.GeneratorDataset(_gen(values), ["a"]))
        out[name] = [[str(r[0].dtype), list(r[0].shape)] for r in rows] + [str(d.output_types()[0])]
    return out


def case_generator_tensor_rows_keep_0d_shape():
    out = {}
    for name, values in [("int", [(1,), (2,)]), ("float", [(0.5,),]), ("bool", [(True,)]),
                         ("uint8", [(np.uint8(3),)]), ("float16", [(np.float16(3),)]), ("int16_arr", [(np.int16(7),)])]:
        row = next(ds.GeneratorDataset(_gen(values), ["a"]).create_tuple_iterator(num_epochs=1))
        out[name] = [str(row[0].dtype), list(row[0].shape), row[0].asnumpy()]
    return out


def case_numpy_slices_python_lists():
    return {"ints": _flat(ds.NumpySlicesDataset([1, 2, 3], shuffle=False)),
            "int_types": [str(t) for t in ds.NumpySlicesDataset([1, 2], shuffle=False).output_types()],
            "floats": [str(t) for t in ds.NumpySlicesDataset([1.5, 2.5], shuffle=False).output_types()],
            "bools": _flat(ds.NumpySlicesDataset([True, False], shuffle=False)),
            "strs": [[str(r[0].dtype), r[0].item()] for r in _rows(ds.NumpySlicesDataset(["ab", "c"], shuffle=False))],
            "nested": _flat(ds.NumpySlicesDataset([[1, 2], [3, 4]], shuffle=False)),
            "tuple_cols": ds.NumpySlicesDataset(([1, 2], [3.0, 4.0]), shuffle=False).get_col_names(),
            "dict_order": ds.NumpySlicesDataset({"z": [1, 2], "a": [3, 4]}, shuffle=False).get_col_names(),
            "dict_renamed": ds.NumpySlicesDataset({"z": [1, 2], "a": [3, 4]}, column_names=["p", "q"],
                                                  shuffle=False).get_col_names()}


def case_numpy_slices_items_converted_one_by_one():
    mixed = _rows(ds.NumpySlicesDataset([1.5, 2, 3], shuffle=False))
    ragged = _rows(ds.NumpySlicesDataset([[1], [2, 3]], shuffle=False))
    dict_mixed = _rows(ds.NumpySlicesDataset({"a": [1, 2.5]}, shuffle=False))
    return {"mixed": [str(r[0].dtype) for r in mixed], "ragged": [r[0].tolist() for r in ragged],
            "dict_mixed": [str(r[0].dtype) for r in dict_mixed]}


def case_numpy_slices_argument_errors():
    return {"names_count": _err(lambda: ds.NumpySlicesDataset(([1, 2], [3, 4]), column_names=["p"])),
            "list_two_names": _err(lambda: ds.NumpySlicesDataset([1, 2], column_names=["p", "q"])),
            "lengths": _err(lambda: ds.NumpySlicesDataset(([1, 2], [3, 4, 5]), shuffle=False)),
            "int_data": _err(lambda: ds.NumpySlicesDataset(5)),
            "empty": _err(lambda: ds.NumpySlicesDataset([])),
            "shard_id_too_big": _err(lambda: ds.NumpySlicesDataset(np.arange(7), num_shards=3, shard_id=3)),
            "num_samples_neg": _err(lambda: ds.NumpySlicesDataset(np.arange(7), num_samples=-1))}


def case_numpy_slices_shards_and_samples():
    return {"shard1": _first(ds.NumpySlicesDataset(np.arange(7), shuffle=False, num_shards=3, shard_id=1)),
            "shard2_size": ds.NumpySlicesDataset(np.arange(7), shuffle=False, num_shards=3,
                                                 shard_id=2).get_dataset_size(),
            "num_samples": _first(ds.NumpySlicesDataset(np.arange(4), num_samples=2, shuffle=False)),
            "num_samples_over": ds.NumpySlicesDataset(np.arange(10), shuffle=False,
                                                      num_samples=20).get_dataset_size()}


# ----- GeneratorDataset: rows and arguments -----
class _ListItems:
    def __len__(self):
        return 2

    def __getitem__(self, i):
        return [np.array([i, i], np.int32), np.array(i, np.int64)]


def case_generator_item_to_row():
    return {"list_item_columns": _flat(ds.GeneratorDataset(_ListItems(), ["a", "b"], shuffle=False)),
            "yield_list": _flat(ds.GeneratorDataset(_gen([[1, 2], [3, 4]]), ["a", "b"])),
            "yield_bare_array": _flat(ds.GeneratorDataset(_gen([np.array(5), np.array(6)]), ["a"])),
            "tensor_item": _flat(ds.GeneratorDataset(_gen([ms.Tensor([7], ms.int32)]), ["a"])),
            "list_source": _flat(ds.GeneratorDataset([(1,), (2,)], ["a"], shuffle=False)),
            "plain_list_source": _flat(ds.GeneratorDataset([1, 2, 3], ["a"], shuffle=False)),
            "array_source": _flat(ds.GeneratorDataset(np.arange(6).reshape(3, 2), ["a"], shuffle=False)),
            "colname_str": ds.GeneratorDataset(_gen([(1,)]), "a").get_col_names(),
            "size": ds.GeneratorDataset(_gen([(1,), (2,), (3,)]), ["a"]).get_dataset_size()}


def case_generator_dict_item_is_one_column():
    d = ds.GeneratorDataset(_gen([{"k": 1}, {"k": 2}]), ["a"])
    rows = list(d.create_tuple_iterator(num_epochs=1, output_numpy=True))
    tensors = list(ds.GeneratorDataset(_gen([{"k": 1}]), ["a"]).create_tuple_iterator(num_epochs=1))
    return {"values": [[sorted(r[0].keys()), r[0]["k"]] for r in rows],
            "tensor_value": [str(tensors[0][0]["k"].dtype), int(tensors[0][0]["k"].asnumpy())],
            "type": str(ds.GeneratorDataset(_gen([{"k": 1}]), ["a"]).output_types()[0])}


def case_generator_list_item_one_name():
    return _flat(ds.GeneratorDataset(_gen([[1, 2]]), ["a"]))


def case_random_access_list_item_one_name():
    return _flat(ds.GeneratorDataset(_ListItems(), ["a"], shuffle=False))


def case_generator_too_few_columns():
    return _flat(ds.GeneratorDataset(_gen([(1,), (2,)]), ["a", "b"]))


def case_generator_yields_none():
    return _flat(ds.GeneratorDataset(_gen([(None,)]), ["a"]))


def case_generator_yields_ragged_list():
    return _flat(ds.GeneratorDataset(_gen([([1, [2]],)]), ["a"]))


def case_generator_argument_errors():
    g = _gen([(1,)])
    return {"no_names": _err_has(lambda: ds.GeneratorDataset(g), "column"),
            "empty_names": _err(lambda: ds.GeneratorDataset(g, [])),
            "dup_names": _err_has(lambda: ds.GeneratorDataset(g, ["a", "a"]), "column"),
            "int_name": _err(lambda: ds.GeneratorDataset(g, [1])),
            "workers0": _err(lambda: ds.GeneratorDataset(g, ["a"], num_parallel_workers=0)),
            "num_samples_neg": _err(lambda: ds.GeneratorDataset(g, ["a"], num_samples=-1)),
            "shuffle_int": _err(lambda: ds.GeneratorDataset(g, ["a"], shuffle=1)),
            "int_source": _err_has(lambda: ds.GeneratorDataset(5, ["a"]), "callable", "iterable", "random accessible")}


# ----- map: column layout -----
def _layout(d):
    return {"cols": d.get_col_names(), "rows": _flat(d)[:2]}


def case_map_layout_more_outputs():
    return {"first": _layout(_abc(2).map(lambda a: (a, a), input_columns=["a"], output_columns=["x", "y"])),
            "middle": _layout(_abc(2).map(lambda b: (b, b), input_columns=["b"], output_columns=["x", "y"])),
            "last": _layout(_abc(2).map(lambda c: (c, c), input_columns=["c"], output_columns=["x", "y"]))}


def case_map_layout_fewer_outputs():
    return {"ab": _layout(_abc(2).map(lambda a, b: b, input_columns=["a", "b"], output_columns=["s"])),
            "bc": _layout(_abc(2).map(lambda b, c: c, input_columns=["b", "c"], output_columns=["s"])),
            "cb": _layout(_abc(2).map(lambda c, b: c, input_columns=["c", "b"], output_columns=["s"])),
            "all": _layout(_abc(2).map(lambda a, b, c: a, input_columns=["a", "b", "c"], output_columns=["s"])),
            "ac_three": _abc(2).map(lambda a, c: (a, c, a), input_columns=["a", "c"],
                                    output_columns=["x", "y", "z"]).get_col_names()}


def case_map_layout_same_count():
    return {"rename": _layout(_abc(2).map(lambda b: b, input_columns=["b"], output_columns=["z"])),
            "swap": _layout(_abc(2).map(lambda a, c: (c, a), input_columns=["c", "a"], output_columns=["p", "q"])),
            "default_input": _abc(2).map(lambda a: a).get_col_names(),
            "input_str": _layout(_abc(2).map(lambda b: b, input_columns="b")),
            "chained": _layout(_abc(2).map(lambda a: (a, a), input_columns=["a"], output_columns=["x", "y"])
                               .map(lambda y, c: (y, c), input_columns=["y", "c"], output_columns=["m", "n"]))}


def case_map_output_name_clash():
    return {"a_to_b": _layout(_abc(2).map(lambda a: a, input_columns=["a"], output_columns=["b"])),
            "c_to_a": _layout(_abc(2).map(lambda c: c, input_columns=["c"], output_columns=["a"])),
            "swap_names": _layout(_abc(2).map(lambda a, b: (a, b), input_columns=["a", "b"],
                                              output_columns=["b", "a"])),
            "new_named_like_rest": _layout(_abc(2).map(lambda a: (a, a), input_columns=["a"],
                                                       output_columns=["x", "c"])),
            "new_named_like_input": _layout(_abc(2).map(lambda a: (a, a), input_columns=["a"],
                                                        output_columns=["a", "x"]))}


def case_map_layout_then_batch():
    d = _abc(4).map(lambda b: (b, b), input_columns=["b"], output_columns=["x", "y"]).batch(2)
    return _layout(d)


def case_map_returned_python_values():
    def typed(fn):
        d = _abc(2).map(fn, input_columns=["a"])
        return [[str(v.dtype), v.tolist()] for v in _rows(d)[0][:1]]
    multi = _abc(2).map(lambda a: (7, 1.5, True, "s"), input_columns=["a"], output_columns=["i", "f", "bo", "st"])
    return {"int": typed(lambda a: 7), "float": typed(lambda a: 7.5), "bool": typed(lambda a: True),
            "str": typed(lambda a: "hi"), "list": typed(lambda a: [1, 2]),
            "tensor": typed(lambda a: ms.Tensor(np.array([3, 4], np.int16))),
            "multi_types": [str(t) for t in multi.output_types()],
            "tensor_rows": [[str(v.dtype), list(v.shape)] for v in
                            next(_abc(2).map(lambda a: [1, 2], input_columns=["a"]).create_tuple_iterator(num_epochs=1))],
            "shapes": _abc(2).map(lambda a: np.zeros((2, 3), np.float16), input_columns=["a"]).output_shapes()}


def case_map_returns_dict():
    rows = list(_abc(2).map(lambda a: {"k": a}, input_columns=["a"]).create_tuple_iterator(num_epochs=1,
                                                                                          output_numpy=True))
    return [[sorted(r[0].keys()), r[0]["k"]] for r in rows]


def case_map_ops_list_and_chain():
    return {"list": _flat(_abc(2).map([lambda a: a * np.int32(2), lambda a: a * np.int32(3)], input_columns=["a"])),
            "tuple_chain": _flat(_abc(3).map([lambda a: (a, a), lambda x, y: x * y], input_columns=["a"],
                                             output_columns=["m"]))}


def case_map_too_many_outputs():
    return _flat(_abc(2).map(lambda a: (a, a), input_columns=["a"]))


def case_map_too_few_outputs():
    return _flat(_abc(2).map(lambda a: a, input_columns=["a"], output_columns=["x", "y"]))


def case_map_pyfunc_raises():
    return _flat(_abc(2).map(lambda a: [][0], input_columns=["a"]))


def case_map_pyfunc_returns_none():
    return _flat(_abc(2).map(lambda a: None, input_columns=["a"]))


def case_map_unknown_input_column_iteration():
    return _flat(_abc(2).map(lambda a: a, input_columns=["zz"]))


def case_map_argument_errors():
    d = _abc
    return {"dup_out": _err(lambda: d().map(lambda a: (a, a), input_columns=["a"], output_columns=["x", "x"])),
            "in_int": _err(lambda: d().map(lambda b: b, input_columns=5)),
            "out_int": _err(lambda: d().map(lambda b: b, input_columns=["a"], output_columns=5)),
            "in_empty": _err(lambda: d().map(lambda b: b, input_columns=[])),
            "workers0": _err(lambda: d().map(lambda b: b, input_columns=["b"], num_parallel_workers=0)),
            "class_not_instance": _err_has(lambda: d().map(ds.transforms.TypeCast, input_columns=["a"]),
                                           "parentheses"),
            "cell": _err_has(lambda: d().map(ms.nn.ReLU(), input_columns=["a"]), "network computing operator"),
            "multiprocessing_int": _err(lambda: d().map(lambda a: a, input_columns=["a"], python_multiprocessing=1))}


