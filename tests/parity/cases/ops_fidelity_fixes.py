"""Parity cases for fidelity fixes: abs of complex keeps the complex dtype, bincount skips negative entries,
ops.t leaves non-2-D inputs alone, diag's rejected dtypes, maximum/minimum's NaN rule (`a > b ? a : b`),
float division by zero (the divisor's sign ignored, NaN / 0 is -inf), project/rename of a missing column
(RuntimeError when the pipeline runs), MindDataset with PKSampler, ds.config.set_callback_timeout /
get_callback_timeout, and the uint8 AdjustGamma table."""
import os
import tempfile

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
from mindspore import Tensor, mint, ops
from mindspore.mindrecord import FileWriter
from mindspore.ops import operations as P
from parity_ops_common import outcome as _o  # registered by the parity loader

_NAN, _INF = float("nan"), float("inf")


def _raises(fn):
    """The exception type fn() raises, or "no error"."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001 - the type is the result
        return type(e).__name__
    return "no error"


# ----- ops -----
def case_abs_complex():
    c64 = Tensor(np.array([3 + 4j, -1 - 1j, 0j, -2.5 + 0j], np.complex64))
    c128 = Tensor(np.array([[1 - 1j, 0.5j]], np.complex128))
    out = {}
    for name, x in (("c64", c64), ("c128", c128)):
        out[name] = {"ops_abs": _o(lambda: ops.abs(x)), "mint_abs": _o(lambda: mint.abs(x)),
                     "absolute": _o(lambda: ops.absolute(x)), "Abs": _o(lambda: P.Abs()(x)),
                     "Tensor_abs": _o(lambda: x.abs()), "ComplexAbs": _o(lambda: P.ComplexAbs()(x))}
    return out


def case_bincount_negative_entries():
    x = Tensor(np.array([0, -1, 2, 2, -3, 5], np.int32))
    w = Tensor(np.array([1.0, 2.0, 3.0, 0.5, 4.0, 1.5], np.float32))
    return {"plain": _o(lambda: ops.bincount(x)), "weights": _o(lambda: ops.bincount(x, w)),
            "minlength": _o(lambda: ops.bincount(x, minlength=8)),
            "all_negative": _o(lambda: ops.bincount(Tensor(np.array([-2, -1], np.int32)))),
            "all_negative_minlength": _o(lambda: ops.bincount(Tensor(np.array([-2, -1], np.int32)), minlength=3)),
            "int64": _o(lambda: ops.bincount(Tensor(np.array([3, -1, 0], np.int64)))),
            "uint8": _o(lambda: ops.bincount(Tensor(np.array([0, 3], np.uint8)))),
            "bool": _o(lambda: ops.bincount(Tensor(np.array([True, False, True])))),
            "float_entries": _o(lambda: ops.bincount(Tensor(np.array([0.5, 1.0, 2.0, -1.0], np.float32)))),
            "int_weights": _o(lambda: ops.bincount(Tensor(np.array([0, 1, 1], np.int32)),
                                                   Tensor(np.array([1, 2, 3], np.int32)))),
            "Tensor_bincount": _o(lambda: x.bincount()),
            "negative_minlength": _o(lambda: ops.bincount(x, minlength=-1)),
            "float_minlength": _o(lambda: ops.bincount(x, minlength=2.0)),
            "two_d": _o(lambda: ops.bincount(Tensor(np.array([[0, 1]], np.int32)))),
            "list_input": _o(lambda: ops.bincount([0, 1])),
            "weights_length": _o(lambda: ops.bincount(x, Tensor(np.array([1.0], np.float32))))}


def case_t_ranks():
    shapes = {"0d": (), "1d": (3,), "2d": (2, 3), "3d": (2, 3, 4), "4d": (1, 2, 3, 1)}
    out = {}
    for name, shape in shapes.items():
        x = Tensor(np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape))
        out[name] = {"ops_t": _o(lambda: ops.t(x)), "Tensor_t": _o(lambda: x.t())}
    out["mint_t_3d"] = _o(lambda: mint.t(Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))))
    return out


def case_diag_dtypes():
    names = ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
             "uint64", "bool", "complex64", "complex128")
    out = {n: _o(lambda n=n: ops.diag(Tensor(np.array([1, 0, 2]).astype(n)))) for n in names}
    out["bfloat16"] = _o(lambda: ops.diag(Tensor(np.array([1.0, 2.0], np.float32)).astype(ms.bfloat16)))
    out["zero_d"] = _o(lambda: ops.diag(Tensor(np.float32(3.0))))
    out["two_d"] = _o(lambda: ops.diag(Tensor(np.array([[1, 2], [3, 4]], np.float32))))
    out["list"] = _o(lambda: ops.diag([1, 2]))
    return out


def case_maximum_minimum_nan():
    a = Tensor(np.array([_NAN, 1.0, _NAN, 2.0, -_INF, 5.0], np.float32))
    b = Tensor(np.array([1.0, _NAN, _NAN, 3.0, _NAN, -1.0], np.float32))
    col = Tensor(np.array([[_NAN], [1.0]], np.float32))
    row = Tensor(np.array([2.0, _NAN], np.float32))
    out = {"maximum": _o(lambda: ops.maximum(a, b)), "minimum": _o(lambda: ops.minimum(a, b)),
           "maximum_swapped": _o(lambda: ops.maximum(b, a)), "minimum_swapped": _o(lambda: ops.minimum(b, a)),
           "mint_maximum": _o(lambda: mint.maximum(a, b)), "mint_minimum": _o(lambda: mint.minimum(a, b)),
           "Maximum": _o(lambda: P.Maximum()(a, b)), "Minimum": _o(lambda: P.Minimum()(a, b)),
           "broadcast_max": _o(lambda: ops.maximum(col, row)), "broadcast_min": _o(lambda: ops.minimum(col, row)),
           "scalar_other": _o(lambda: ops.maximum(a, 1.5)), "nan_scalar_tensor": _o(lambda: ops.maximum(a, Tensor(
               np.float32(_NAN)))),
           "float64": _o(lambda: ops.maximum(a.astype(ms.float64), b.astype(ms.float64))),
           "float16": _o(lambda: ops.minimum(a.astype(ms.float16), b.astype(ms.float16))),
           "mixed_int": _o(lambda: ops.maximum(a, Tensor(np.array([1, 3, 0, 0, 2, 9], np.int32)))),
           "ints": _o(lambda: ops.maximum(Tensor(np.array([1, 5], np.int32)), Tensor(np.array([3, 2], np.int32))))}
    x, y = Tensor(np.array([1.0, 2.0, 3.0], np.float32)), Tensor(np.array([1.0, 1.0, 4.0], np.float32))
    grads = ms.grad(lambda p, q: ops.maximum(p, q).sum(), grad_position=(0, 1))(x, y)
    out["tie_grads"] = [g.asnumpy() for g in grads]
    return out


def case_float_division_by_zero():
    n = Tensor(np.array([_NAN, 1.0, -1.0, 0.0, _INF, -_INF, 2.0, -0.0, 3.0], np.float32))
    z = Tensor(np.array([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.0, -0.0, 2.0], np.float32))
    return {"ops_div": _o(lambda: ops.div(n, z)), "operator": _o(lambda: n / z), "divide": _o(lambda: ops.divide(n, z)),
            "true_divide": _o(lambda: ops.true_divide(n, z)), "mint_div": _o(lambda: mint.div(n, z)),
            "Tensor_div": _o(lambda: n.div(z)), "Div": _o(lambda: P.Div()(n, z)),
            "RealDiv": _o(lambda: P.RealDiv()(n, z)), "scalar_zero": _o(lambda: n / 0.0),
            "scalar_neg_zero": _o(lambda: ops.div(n, -0.0)), "int_scalar_zero": _o(lambda: n / 0),
            "floor": _o(lambda: ops.div(n, z, rounding_mode="floor")),
            "trunc": _o(lambda: ops.div(n, z, rounding_mode="trunc")),
            "float64": _o(lambda: ops.div(n.astype(ms.float64), z.astype(ms.float64))),
            "float16": _o(lambda: ops.div(n.astype(ms.float16), z.astype(ms.float16))),
            "broadcast": _o(lambda: ops.div(n.reshape(3, 3), Tensor(np.array([0.0, -0.0, 1.0], np.float32)))),
            "ints": _o(lambda: ops.div(Tensor(np.array([1, -1, 0], np.int32)), Tensor(np.array([0, 0, 0], np.int32)))),
            "nonzero": _o(lambda: ops.div(n, Tensor(np.full(9, 4.0, np.float32))))}


# ----- dataset -----
def _gen():
    for i in range(3):
        yield np.array([i], np.int32), np.array([2 * i], np.int32)


def _two_columns():
    return ds.GeneratorDataset(_gen, ["a", "b"], shuffle=False)


def _rows(d):
    return [[c.tolist() for c in row] for row in d.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def case_project_rename_missing_column():
    out = {}
    for name, make in (("project", lambda: _two_columns().project(["c"])),
                       ("project_partial", lambda: _two_columns().project(["a", "zz"])),
                       ("rename", lambda: _two_columns().rename(["c"], ["d"])),
                       ("rename_partial", lambda: _two_columns().rename(["a", "zz"], ["x", "y"])),
                       ("rename_onto_existing", lambda: _two_columns().rename(["a"], ["b"]))):
        out[name] = {"build": _raises(make), "size": make().get_dataset_size(),
                     "iterate": _raises(lambda: _rows(make())), "dict_iterate": _raises(
                         lambda: list(make().create_dict_iterator(output_numpy=True, num_epochs=1))),
                     "col_names": _raises(lambda: make().get_col_names()),
                     "batch_col_names": _raises(lambda: make().batch(2).get_col_names())}
    return out


def case_project_rename_argument_checks():
    d = _two_columns  # a fresh pipeline per use: a node may have one consumer only
    return {"project_tuple": _raises(lambda: d().project(("a", "b"))), "project_int": _raises(lambda: d().project(5)),
            "project_empty": _raises(lambda: d().project([])), "project_empty_name": _raises(
                lambda: d().project([""])),
            "project_non_str": _raises(lambda: d().project(["a", 3])), "project_empty_str": _raises(
                lambda: d().project("")),
            "project_duplicate": _raises(lambda: d().project(["a", "a"])),
            "rename_length": _raises(lambda: d().rename(["a", "b"], ["x"])),
            "rename_duplicate": _raises(lambda: d().rename(["a", "a"], ["x", "y"])),
            "rename_int": _raises(lambda: d().rename(["a"], 3)),
            "rename_swap": {"cols": d().rename(["a", "b"], ["b", "a"]).get_col_names(),
                            "rows": _rows(d().rename(["a", "b"], ["b", "a"]))},
            "rename_str": d().rename("a", "x").get_col_names(), "project_str": _rows(d().project("b"))}


_LABELS = [2, 0, 1, 2, 0, 2, 1, 0, 2, 3]


def _labelled_mindrecord():
    path = os.path.join(tempfile.mkdtemp(), "pk.mindrecord")
    writer = FileWriter(path, 1)
    writer.add_schema({"label": {"type": "int32"}, "id": {"type": "int32"}}, "pk")
    writer.write_raw_data([{"label": label, "id": i} for i, label in enumerate(_LABELS)])
    writer.commit()
    return path


def case_minddataset_pksampler_sizes():
    path = _labelled_mindrecord()
    out = {}
    for num_val in (1, 2, 5):
        d = ds.MindDataset(path, sampler=ds.PKSampler(num_val))
        rows = list(d.create_dict_iterator(output_numpy=True, num_epochs=1))
        out[f"num_val_{num_val}"] = {"size": d.get_dataset_size(), "rows": len(rows), "cols": sorted(rows[0]),
                                     "dtype": str(rows[0]["label"].dtype)}
    d = ds.MindDataset(path, sampler=ds.PKSampler(2, num_samples=3))
    out["num_samples"] = {"size": d.get_dataset_size(), "rows": len(_rows(d))}
    d = ds.MindDataset(path, sampler=ds.PKSampler(2, shuffle=True))
    out["shuffle"] = {"size": d.get_dataset_size(), "rows": len(_rows(d))}
    d = ds.MindDataset(path, sampler=ds.PKSampler(2), columns_list=["id"])
    out["label_not_listed"] = {"size": d.get_dataset_size(), "cols": d.get_col_names(), "rows": len(_rows(d))}
    missing = ds.MindDataset(path, sampler=ds.PKSampler(1, class_column="zz"))
    out["missing_class_column"] = {"size": missing.get_dataset_size(), "iterate": _raises(lambda: _rows(missing))}
    return out


def case_minddataset_pksampler_rows():
    d = ds.MindDataset(_labelled_mindrecord(), sampler=ds.PKSampler(1))
    return sorted(int(r["label"]) for r in d.create_dict_iterator(output_numpy=True, num_epochs=1))


def case_callback_timeout_config():
    out = {"default": ds.config.get_callback_timeout()}
    try:
        ds.config.set_callback_timeout(100)
        out["after_set"] = ds.config.get_callback_timeout()
        for name, value in (("zero", 0), ("negative", -1), ("float", 1.5), ("bool", True), ("uint32_max", 2 ** 32 - 1),
                            ("int32_max", 2 ** 31 - 1)):
            out[name] = _raises(lambda value=value: ds.config.set_callback_timeout(value))
        out["after_errors"] = ds.config.get_callback_timeout()
    finally:
        ds.config.set_callback_timeout(60)
    return out


def case_adjust_gamma_uint8_table():
    img = np.arange(256, dtype=np.uint8).reshape(16, 16, 1)
    out = {}
    for gamma, gain in ((0.5, 1.0), (2.0, 0.8), (1.0, 0.9), (0.7, 1.2), (2.2, 1.0), (0.3, 0.5), (0.5, -1.0),
                        (0.0, 1.0), (3.0, 2.0)):
        out[f"g{gamma}_gain{gain}"] = vision.AdjustGamma(gamma, gain)(img).reshape(-1)
    rgb = (np.arange(4 * 5 * 3) * 13 % 256).astype(np.uint8).reshape(4, 5, 3)
    out["rgb"] = vision.AdjustGamma(0.5)(rgb)
    return out
