"""Parity cases for mindspore.numpy grids, diagonals, windows, index helpers and pad: meshgrid, mgrid/ogrid,
indices, ix_, diag/diagflat/diag_indices, vander, window functions, tri/triu/tril indices, histogram_bin_edges
and every pad mode. Values, dtypes and error types."""
import numpy as np

import mindspore as ms
import mindspore.numpy as mnp
from mindspore import Tensor
from parity_ops_common import outcome as _o  # registered by the parity loader

COMPILED_PASS = False

TOLERANCES = {
    "windows": {"rtol": 1e-5, "atol": 1e-6, "why": "float32 cosine rounding differs between libm implementations"},
}


def _a():
    return Tensor(np.arange(6).reshape(2, 3).astype(np.float32))


def _ai():
    return Tensor(np.arange(6).reshape(2, 3).astype(np.int32))


def case_meshgrid():
    x, y = Tensor([1, 2, 3]), Tensor([4.0, 5])
    return {
        "xy": _o(lambda: mnp.meshgrid(x, y)), "ij": _o(lambda: mnp.meshgrid(x, y, indexing="ij")),
        "sparse": _o(lambda: mnp.meshgrid(x, y, sparse=True)),
        "sparse_ij": _o(lambda: mnp.meshgrid(x, y, sparse=True, indexing="ij")),
        "three": _o(lambda: mnp.meshgrid(x, y, Tensor([1, 2, 3, 4]))),
        "one": _o(lambda: mnp.meshgrid(Tensor([1, 2]))), "two_d_input": _o(lambda: mnp.meshgrid(Tensor([[1, 2]]), Tensor([3]))),
        "empty_input": _o(lambda: mnp.meshgrid(Tensor(np.ones((0,), np.float32)), Tensor([1.0]))),
    }


def case_meshgrid_errors():
    return {"list": _o(lambda: mnp.meshgrid([1, 2])), "indexing": _o(lambda: mnp.meshgrid(Tensor([1, 2]), indexing="x")),
            "sparse_int": _o(lambda: mnp.meshgrid(Tensor([1]), sparse=1))}


def case_mgrid_ogrid():
    return {
        "mgrid_2d": _o(lambda: mnp.mgrid[0:3, 0:2]), "mgrid_1d": _o(lambda: mnp.mgrid[0:3]),
        "mgrid_complex": _o(lambda: mnp.mgrid[0:1:5j]), "mgrid_step": _o(lambda: mnp.mgrid[0:5:2, 1:3]),
        "mgrid_mixed": _o(lambda: mnp.mgrid[0:1:3j, 0:2]),
        "ogrid_2d": _o(lambda: mnp.ogrid[0:3, 0:2]), "ogrid_1d": _o(lambda: mnp.ogrid[0:3]),
        "mgrid_float": _o(lambda: mnp.mgrid[0.5:3]),
    }


def case_indices_ix():
    return {
        "indices": _o(lambda: mnp.indices((2, 3))), "indices_sparse": _o(lambda: mnp.indices((2, 3), sparse=True)),
        "indices_float": _o(lambda: mnp.indices((2,), mnp.float32)), "indices_int": _o(lambda: mnp.indices(2)),
        "indices_zero": _o(lambda: mnp.indices((0, 2))),
        "ix": _o(lambda: mnp.ix_(Tensor([0, 1]), Tensor([2, 4, 5]))),
        "ix_int32": _o(lambda: mnp.ix_(Tensor(np.array([1, 0], np.int32)))),
        "ix_2d": _o(lambda: mnp.ix_(Tensor([[0, 1]]))), "ix_list": _o(lambda: mnp.ix_([0, 1])),
    }


def case_diag_diagflat():
    return {
        "diag_1d": _o(lambda: mnp.diag(Tensor([1, 2]))), "diag_1d_k": _o(lambda: mnp.diag(Tensor([1.0, 2]), -1)),
        "diag_2d": _o(lambda: mnp.diag(_ai())), "diag_2d_k": _o(lambda: mnp.diag(_ai(), 1)),
        "diag_2d_neg_k": _o(lambda: mnp.diag(_a(), -1)), "diag_bool": _o(lambda: mnp.diag(Tensor([True, False]))),
        "diag_2d_bool": _o(lambda: mnp.diag(Tensor(np.ones((2, 2), bool)))),
        "diag_2d_f16": _o(lambda: mnp.diag(Tensor(np.array([[1.0, 2], [3, 4]], np.float16)), 1)),
        "diag_empty": _o(lambda: mnp.diag(Tensor(np.ones((0, 2), np.int32)))),
        "diag_3d": _o(lambda: mnp.diag(Tensor(np.ones((2, 2, 2))))), "diag_list": _o(lambda: mnp.diag([1, 2])),
        "diagflat": _o(lambda: mnp.diagflat(Tensor([[1, 2], [3, 4]]), 1)),
        "diagflat_neg": _o(lambda: mnp.diagflat(Tensor([1.0, 2]), -2)),
        "diagflat_2d": _o(lambda: mnp.diagflat(Tensor([[1.0, 2]]))), "diagflat_list": _o(lambda: mnp.diagflat([1, 2])),
        "diag_indices": _o(lambda: mnp.diag_indices(3)), "diag_indices_3": _o(lambda: mnp.diag_indices(2, 3)),
        "diag_indices_float": _o(lambda: mnp.diag_indices(2.0)),
    }


def case_vander():
    return {
        "list": _o(lambda: mnp.vander([1, 2, 3])), "increasing": _o(lambda: mnp.vander(Tensor([1.0, 2, 3]), 2, True)),
        "float": _o(lambda: mnp.vander(Tensor([1.5, 2]), 3)), "int64": _o(lambda: mnp.vander(Tensor([2, 3]), 3)),
        "n_zero": _o(lambda: mnp.vander(Tensor([1.5, 2]), 0)), "two_d": _o(lambda: mnp.vander(Tensor([[1.5, 2]]), 3)),
        "n_float": _o(lambda: mnp.vander([1, 2], 2.0)), "increasing_int": _o(lambda: mnp.vander([1, 2], 2, 1)),
        "numpy": _o(lambda: mnp.vander(np.array([1, 2]))), "n_negative": _o(lambda: mnp.vander([1, 2], -1)),
    }


def case_windows():
    out = {}
    for name in ("bartlett", "blackman", "hamming", "hanning"):
        fn = getattr(mnp, name)
        for m in (5, 6, 2, 1, 0, -2):
            out[f"{name}_{m}"] = _o(lambda: fn(m))
        out[name + "_float"] = _o(lambda: fn(2.0))
    return out


def case_tri_indices():
    return {
        "triu": _o(lambda: mnp.triu_indices(3)), "triu_k_m": _o(lambda: mnp.triu_indices(3, 1, 4)),
        "tril": _o(lambda: mnp.tril_indices(3, -1)), "tril_float_n": _o(lambda: mnp.tril_indices(2.5)),
        "tril_zero": _o(lambda: mnp.tril_indices(0)), "tril_str": _o(lambda: mnp.tril_indices("a")),
        "triu_from": _o(lambda: mnp.triu_indices_from(_a())), "tril_from": _o(lambda: mnp.tril_indices_from(_a(), 1)),
        "tril_from_list": _o(lambda: mnp.tril_indices_from([[1, 2]])),
        "tril_from_1d": _o(lambda: mnp.tril_indices_from(Tensor([1, 2]))),
        "triu_from_3d": _o(lambda: mnp.triu_indices_from(Tensor(np.ones((1, 2, 2))))),
    }


def case_histogram_bin_edges():
    return {
        "bins4": _o(lambda: mnp.histogram_bin_edges(Tensor([0, 1, 1, 2, 3.0]), 4)),
        "int_list": _o(lambda: mnp.histogram_bin_edges([0, 1, 1, 2, 3], 3)),
        "range": _o(lambda: mnp.histogram_bin_edges([0, 1, 1, 2, 3], 2, (0, 4))),
        "constant": _o(lambda: mnp.histogram_bin_edges([1, 1], 2)),
        "bins_list": _o(lambda: mnp.histogram_bin_edges([1, 1], [0, 1, 2])),
        "f64": _o(lambda: mnp.histogram_bin_edges(Tensor(np.array([1.0, 2])), 2)),
        "weights_ok": _o(lambda: mnp.histogram_bin_edges([1, 2], 2, weights=[1, 1])),
        "bins_2d": _o(lambda: mnp.histogram_bin_edges([1, 1], [[0, 1, 2]])),
        "bins_str": _o(lambda: mnp.histogram_bin_edges([1, 1], "auto")),
        "weights_shape": _o(lambda: mnp.histogram_bin_edges([1, 1], 2, weights=[1])),
        "range_order": _o(lambda: mnp.histogram_bin_edges([1, 1], 2, range=(3, 1))),
        "range_form": _o(lambda: mnp.histogram_bin_edges([1, 1], 2, range=(3,))),
    }


_MODES = ("constant", "edge", "wrap", "linear_ramp", "maximum", "minimum", "mean", "symmetric", "reflect", "empty")


def case_pad_modes_1d():
    x = Tensor(np.array([1, 2, 3, 4, 5]).astype(np.float32))
    xi = Tensor(np.array([1, 2, 3, 4, 5]).astype(np.int32))
    out = {}
    for mode in _MODES:
        out[mode] = _o(lambda: mnp.pad(x, (2, 3), mode=mode))
        out[mode + "_int"] = _o(lambda: mnp.pad(xi, (2, 3), mode=mode))
    return out


def case_pad_modes_2d():
    out = {}
    for mode in _MODES:
        out[mode] = _o(lambda: mnp.pad(_ai(), ((1, 2), (2, 1)), mode=mode))
        out[mode + "_float"] = _o(lambda: mnp.pad(_a(), ((2, 0), (1, 3)), mode=mode))
    return out


def case_pad_options():
    x = Tensor(np.array([1, 2, 3, 4, 5]).astype(np.float32))
    t3 = Tensor([1.0, 2, 3])
    return {
        "constant_values": _o(lambda: mnp.pad(x, (1, 2), constant_values=(4, 6))),
        "constant_values_2d": _o(lambda: mnp.pad(_ai(), 1, constant_values=((1, 2), (3, 4)))),
        "end_values": _o(lambda: mnp.pad(x, (2, 3), mode="linear_ramp", end_values=(5, -4))),
        "stat_length": _o(lambda: mnp.pad(x, (2, 3), mode="mean", stat_length=2)),
        "stat_length_pairs": _o(lambda: mnp.pad(x, (2, 3), mode="maximum", stat_length=((1, 2),))),
        "symmetric_odd": _o(lambda: mnp.pad(x, (2, 3), mode="symmetric", reflect_type="odd")),
        "reflect_odd": _o(lambda: mnp.pad(x, (2, 3), mode="reflect", reflect_type="odd")),
        "reflect_wide": _o(lambda: mnp.pad(t3, (5, 6), mode="reflect")),
        "symmetric_wide": _o(lambda: mnp.pad(t3, (5, 6), mode="symmetric")),
        "symmetric_wide_odd": _o(lambda: mnp.pad(t3, (4, 5), mode="symmetric", reflect_type="odd")),
        "wrap_wide": _o(lambda: mnp.pad(t3, (5, 7), mode="wrap")),
        "reflect_single": _o(lambda: mnp.pad(Tensor([[1.0, 2, 3]]), 2, mode="reflect")),
        "scalar": _o(lambda: mnp.pad(Tensor(1.0), 2)), "list": _o(lambda: mnp.pad([1, 2], 1)),
        "bool": _o(lambda: mnp.pad(Tensor([True]), 1)), "zero_width": _o(lambda: mnp.pad(_ai(), ((0, 0), (1, 0)))),
        "mean_int": _o(lambda: mnp.pad(Tensor([1, 2], ms.int32), 1, mode="mean")),
        "ramp_int": _o(lambda: mnp.pad(Tensor([1, 4], ms.int32), 2, mode="linear_ramp")),
        "negative_width": _o(lambda: mnp.pad(x, -1)),
        "tensor_width": _o(lambda: mnp.pad(x, Tensor([1, 2]))),
        "function": _o(lambda: mnp.pad(x, 2, mode=_pad_with_first)),
    }


def _pad_with_first(vector, pad_width, iaxis, kwargs):
    return vector * 2


def case_pad_errors():
    x = Tensor(np.array([1, 2, 3]).astype(np.float32))
    return {
        "median": _o(lambda: mnp.pad(x, 1, mode="median")), "unknown_mode": _o(lambda: mnp.pad(x, 1, mode="foo")),
        "width_shape": _o(lambda: mnp.pad(x, (1, 2, 3))), "width_float": _o(lambda: mnp.pad(x, 1.5)),
        "constant_float": _o(lambda: mnp.pad(x, 1, constant_values=2.5)),
        "numpy_input": _o(lambda: mnp.pad(np.array([1.0]), 1)),
    }
