"""Parity of `mindspore.scipy.fft`: dct/idct (orthonormal type II and its inverse) along an axis with n padding and
truncation, dctn/idctn over all, given or the last len(s) axes; output dtypes per input dtype (int and float16 give
float32, float64 and complex64 kept) and the argument errors (only type 2 and norm "ortho")."""
import numpy as np

from mindspore import Tensor
from mindspore.scipy import fft
from parity_ops_common import error_words as _err  # registered by the parity loader

TOLERANCES = {"dct_dtypes": {"rtol": 1e-3, "atol": 1e-3, "why": "float16 input converted before the transform"}}


def _x(shape=(3, 5), dtype=np.float32):
    return Tensor(np.random.RandomState(0).rand(*shape).astype(dtype))


def _out(t):
    return {"dtype": str(t.dtype), "value": t.asnumpy()}


def case_dct_idct():
    out = {}
    for f in (fft.dct, fft.idct):
        name = f.__name__
        out.update({name: _out(f(_x())), name + "_axis0": _out(f(_x(), axis=0)), name + "_n3": _out(f(_x(), n=3)),
                    name + "_n7": _out(f(_x(), n=7)), name + "_ortho": _out(f(_x(), norm="ortho")),
                    name + "_1d": _out(f(_x((6,)))), name + "_3d": _out(f(_x((2, 3, 4)), axis=1))})
    return out


def case_dct_dtypes():
    x = np.random.RandomState(1).rand(2, 4)
    out = {}
    for f in (fft.dct, fft.idct):
        out[f.__name__] = {"float64": _out(f(Tensor(x))), "int32": _out(f(Tensor((x * 10).astype(np.int32)))),
                           "int16": _out(f(Tensor((x * 10).astype(np.int16)))),
                           "float16": _out(f(Tensor(x.astype(np.float16)))),
                           "complex64": _out(f(Tensor((x + 2j * x).astype(np.complex64))))}
    for f in (fft.dctn, fft.idctn):
        out[f.__name__] = {"float64": _out(f(Tensor(x))), "int64": _out(f(Tensor((x * 10).astype(np.int64))))}
    return out


def case_dctn_idctn():
    out = {}
    for f in (fft.dctn, fft.idctn):
        name = f.__name__
        out.update({name: _out(f(_x())), name + "_s": _out(f(_x(), s=(2, 6))), name + "_s1": _out(f(_x(), s=(4,))),
                    name + "_s_list": _out(f(_x(), s=[2, 6])), name + "_axes": _out(f(_x(), axes=(0,))),
                    name + "_axes_neg": _out(f(_x(), axes=(-1,))), name + "_s_axes": _out(f(_x(), s=(4,), axes=(0,))),
                    name + "_3d": _out(f(_x((2, 3, 4)), axes=(0, 2)))})
    return out


def case_fft_errors():
    out = {}
    for f in (fft.dct, fft.idct):
        out[f.__name__] = {
            "type1": _err(lambda: f(_x(), type=1), "type"), "type3": _err(lambda: f(_x(), type=3), "type"),
            "norm": _err(lambda: f(_x(), norm="backward"), "ortho"), "axis": _err(lambda: f(_x(), axis=2), "axis"),
            "n0": _err(lambda: f(_x(), n=0), "n"), "n_float": _err(lambda: f(_x(), n=2.0)),
            "numpy": _err(lambda: f(np.ones(3))), "scalar": _err(lambda: f(Tensor(np.float32(2))), "rank"),
            "bool": _err(lambda: f(Tensor(np.ones(3, bool)))), "uint8": _err(lambda: f(Tensor(np.ones(3, np.uint8)))),
        }
    for f in (fft.dctn, fft.idctn):
        out[f.__name__] = {
            "dup_axes": _err(lambda: f(_x(), axes=(0, 0)), "unique"),
            "mismatch": _err(lambda: f(_x(), s=(2, 3), axes=(0,)), "same length"),
            "s0": _err(lambda: f(_x(), s=(0, 2)), "s"), "axes": _err(lambda: f(_x(), axes=(2,)), "axes"),
            "type3": _err(lambda: f(_x(), type=3), "type"), "norm": _err(lambda: f(_x(), norm="forward"), "ortho"),
            "axes_int": _err(lambda: f(_x(), axes=1)),
            "complex128": _err(lambda: f(Tensor(np.ones((2, 2), np.complex128)))),
        }
    return out
