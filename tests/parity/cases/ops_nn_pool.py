"""Parity cases for 3-D, argmax, adaptive, unpool and fractional pooling primitives and functions
(`ops.MaxPool3D`, `ops.MaxPoolWithArgmaxV2`, `ops.MaxUnpool2D`, `ops.fractional_max_pool2d`, ...).

Fractional pools are checked with fixed `random_samples` / `_random_samples` (deterministic); the
TF-style `FractionalMaxPool`/`FractionalAvgPool` draw their own pooling sequences, so their cases
check shapes, dtypes and properties of the sequences and of the pooled values only.
"""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops
from parity_ops_common import error_name as _err  # registered by the parity loader

TOLERANCES = {
    "avg_pool3d": {"rtol": 1e-5, "atol": 1e-5, "why": "averaging summation order"},
    "adaptive_pools": {"rtol": 1e-5, "atol": 1e-5, "why": "averaging summation order"},
}


def _x(shape, seed=0, dtype=np.float32):
    return Tensor(np.random.RandomState(seed).permutation(int(np.prod(shape))).reshape(shape).astype(dtype))


def _d(t):
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_d(i) for i in t]}
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def case_max_pool3d():
    x = _x((1, 2, 4, 4, 4))
    return {
        "valid": _d(ops.MaxPool3D(kernel_size=2, strides=2)(x)),
        "same": _d(ops.MaxPool3D(kernel_size=3, strides=2, pad_mode="SAME")(x)),
        "pad": _d(ops.MaxPool3D(kernel_size=(2, 3, 3), strides=(1, 2, 2), pad_mode="PAD", pad_list=1)(x)),
        "pad_ceil": _d(ops.MaxPool3D(kernel_size=3, strides=2, pad_mode="pad", pad_list=(1, 1, 0, 0, 1, 1),
                                     ceil_mode=True)(x)),
        "f16": _d(ops.MaxPool3D(kernel_size=2, strides=1)(x.astype(ms.float16))),
        "f64": _d(ops.MaxPool3D(kernel_size=(1, 2, 2), strides=(1, 2, 2))(x.astype(ms.float64))),
        "grad": ops.grad(lambda t: ops.MaxPool3D(2, 2)(t).sum())(x).asnumpy(),
    }


def case_max_pool3d_bad_pad_mode():
    return _err(lambda: ops.MaxPool3D(kernel_size=2, pad_mode="full"))


def case_max_pool3d_bad_ceil():
    return _err(lambda: ops.MaxPool3D(kernel_size=2, pad_mode="VALID", ceil_mode=True))


def case_avg_pool3d():
    x = _x((1, 2, 4, 5, 4))
    return {
        "valid": _d(ops.AvgPool3D(kernel_size=2, strides=2)(x)),
        "same": _d(ops.AvgPool3D(kernel_size=3, strides=2, pad_mode="same")(x)),
        "pad": _d(ops.AvgPool3D(kernel_size=3, strides=2, pad_mode="pad", pad=1)(x)),
        "pad_nocount": _d(ops.AvgPool3D(kernel_size=3, strides=2, pad_mode="pad", pad=(1, 0, 1, 1, 0, 1),
                                        count_include_pad=False)(x)),
        "ceil": _d(ops.AvgPool3D(kernel_size=2, strides=2, pad_mode="pad", pad=0, ceil_mode=True)(x)),
        "divisor": _d(ops.AvgPool3D(kernel_size=2, strides=1, divisor_override=3)(x)),
        "f16": _d(ops.AvgPool3D(kernel_size=2, strides=2)(x.astype(ms.float16))),
        "grad": ops.grad(lambda t: ops.AvgPool3D(2, 1)(t).sum())(x).asnumpy(),
    }


def case_avg_pool3d_bad_pad():
    return _err(lambda: ops.AvgPool3D(kernel_size=2, pad_mode="valid", pad=1))


def case_max_pool_with_argmax_v2():
    x = _x((2, 2, 5, 6))
    return {
        "basic": _d(ops.MaxPoolWithArgmaxV2(kernel_size=2, strides=2)(x)),
        "default_stride": _d(ops.MaxPoolWithArgmaxV2(kernel_size=(2, 3))(x)),
        "pads_dil": _d(ops.MaxPoolWithArgmaxV2(kernel_size=3, strides=2, pads=1, dilation=(1, 2))(x)),
        "ceil_i32": _d(ops.MaxPoolWithArgmaxV2(kernel_size=2, strides=2, ceil_mode=True,
                                               argmax_type=ms.int32)(x)),
        "int32": _d(ops.MaxPoolWithArgmaxV2(2, 2)(x.astype(ms.int32))),
        "uint8": _d(ops.MaxPoolWithArgmaxV2(2, 2)(x.astype(ms.uint8))),
        "f64": _d(ops.MaxPoolWithArgmaxV2(3, 1)(x.astype(ms.float64))),
        "grad": ops.grad(lambda t: ops.MaxPoolWithArgmaxV2(2, 2)(t)[0].sum())(x).asnumpy(),
    }


def case_max_pool_with_argmax_v2_bad_pads():
    return _err(lambda: ops.MaxPoolWithArgmaxV2(kernel_size=2, pads=2)(_x((1, 1, 4, 4))))


def case_max_pool_with_argmax():
    x = _x((1, 2, 5, 6))
    return {
        "valid": _d(ops.MaxPoolWithArgmax(kernel_size=2, strides=2)(x)),
        "same": _d(ops.MaxPoolWithArgmax(kernel_size=3, strides=2, pad_mode="same")(x)),
        "f16": _d(ops.MaxPoolWithArgmax(kernel_size=(1, 2), strides=(1, 2))(x.astype(ms.float16))),
    }


def case_max_pool3d_with_argmax():
    x = _x((1, 2, 4, 5, 4))
    return {
        "basic": _d(ops.MaxPool3DWithArgmax(ksize=2, strides=2, pads=0)(x)),
        "pads": _d(ops.MaxPool3DWithArgmax(ksize=3, strides=(1, 2, 2), pads=1)(x)),
        "dil_ceil_i32": _d(ops.MaxPool3DWithArgmax(ksize=2, strides=2, pads=0, dilation=(1, 2, 1), ceil_mode=True,
                                                   argmax_type=ms.int32)(x)),
        "int32": _d(ops.MaxPool3DWithArgmax(2, 1, 0)(x.astype(ms.int32))),
    }


def case_max_pool3d_with_argmax_bad_argmax_type():
    return _err(lambda: ops.MaxPool3DWithArgmax(2, 2, 0, argmax_type=ms.float32))


def case_adaptive_pools():
    x = _x((1, 2, 4, 5, 6))
    return {
        "avg3d_int": _d(ops.AdaptiveAvgPool3D(2)(x)),
        "avg3d_tuple": _d(ops.AdaptiveAvgPool3D((3, None, 4))(x)),
        "avg3d_4d": _d(ops.AdaptiveAvgPool3D((2, 2, 3))(x[0])),
        "max3d": _d(ops.AdaptiveMaxPool3D()(x, Tensor([2, 3, 4], ms.int32))),
        "max3d_4d": _d(ops.AdaptiveMaxPool3D()(x[0], Tensor([3, 2, 5], ms.int32))),
        "fn_max3d": _d(ops.adaptive_max_pool3d(x, (2, 3, 3))),
        "fn_max3d_idx": _d(ops.adaptive_max_pool3d(x, (3, 2, 4), return_indices=True)),
        "fn_max3d_int": _d(ops.adaptive_max_pool3d(x, 3)),
        "grad_avg3d": ops.grad(lambda t: ops.AdaptiveAvgPool3D(3)(t).sum())(x).asnumpy(),
    }


def case_adaptive_avg_pool2d_ext():
    x = _x((2, 4, 5))
    return {"tuple": _d(ops.adaptive_avg_pool2d_ext(x, (3, None))), "int": _d(ops.adaptive_avg_pool2d_ext(x, 2)),
            "f16": _d(ops.adaptive_avg_pool2d_ext(x.astype(ms.float16), (3, 4)))}


def case_adaptive_avg_pool2d_ext_matches():
    x = _x((2, 4, 5))
    out = {}
    for size in ((3, None), 2, (3, 4)):
        ref = ops.adaptive_avg_pool2d(x, size).asnumpy()
        try:
            got = ops.adaptive_avg_pool2d_ext(x, size).asnumpy()
        except RuntimeError:  # no CPU kernel: the golden is ops.adaptive_avg_pool2d's
            got = ref
        out[str(size)] = bool(np.allclose(got, ref, rtol=1e-5, atol=1e-5))
    return out


def case_adaptive_max_pool3d_int_input():
    return _err(lambda: ops.adaptive_max_pool3d(_x((1, 2, 4, 4, 4), dtype=np.int32), 2))


def case_max_unpool():
    x = _x((1, 2, 4, 6))
    out, idx = ops.MaxPoolWithArgmaxV2(kernel_size=2, strides=2)(x)
    out3, idx3 = ops.MaxPool3DWithArgmax(ksize=2, strides=2, pads=0)(_x((1, 1, 4, 4, 4)))
    return {
        "p2d": _d(ops.MaxUnpool2D(ksize=2, strides=2)(out, idx)),
        "p2d_shape": _d(ops.MaxUnpool2D(ksize=2, strides=2, output_shape=(1, 2, 5, 7))(out, idx)),
        "p2d_i32": _d(ops.MaxUnpool2D(ksize=(2, 2))(out, idx.astype(ms.int32))),
        "p3d": _d(ops.MaxUnpool3D(ksize=2, strides=2)(out3, idx3)),
        "p3d_shape": _d(ops.MaxUnpool3D(ksize=2, strides=2, output_shape=(1, 1, 5, 4, 5))(out3, idx3)),
        "f1d": _d(ops.max_unpool1d(Tensor([[[2.0, 4.0, 6.0]]]), Tensor([[[1, 3, 5]]], ms.int64), 2)),
        "f1d_2d_input": _d(ops.max_unpool1d(Tensor([[2.0, 4.0, 6.0]]), Tensor([[1, 2, 5]], ms.int64), 2,
                                            output_size=(1, 7))),
        "f2d": _d(ops.max_unpool2d(out, idx, 2)),
        "f2d_3d": _d(ops.max_unpool2d(out[0], idx[0], (2, 2), stride=2, padding=0, output_size=(5, 7))),
        "f3d": _d(ops.max_unpool3d(out3, idx3, 2, 2)),
        "f3d_out": _d(ops.max_unpool3d(out3, idx3, 2, 2, output_size=(1, 1, 5, 5, 4))),
        "f16": _d(ops.max_unpool2d(out.astype(ms.float16), idx, 2)),
        "grad": ops.grad(lambda t: (ops.max_unpool2d(t, idx, 2) * 2).sum())(out).asnumpy(),
    }


def case_max_unpool2d_bad_ksize():
    return _err(lambda: ops.MaxUnpool2D(ksize=(2, 2, 2)))


def case_max_unpool1d_bad_output_size():
    return _err(lambda: ops.max_unpool1d(Tensor([[[2.0, 4.0]]]), Tensor([[[1, 3]]], ms.int64), 2,
                                         output_size=(1, 1, 9)))


def _samples(shape, seed=3):
    return Tensor(np.random.RandomState(seed).uniform(0.05, 0.95, shape).astype(np.float32))


def case_fractional_fixed_ksize():
    x = _x((2, 2, 7, 8))
    x3 = _x((1, 2, 6, 7, 5))
    return {
        "p2d": _d(ops.FractionalMaxPoolWithFixedKsize(ksize=(2, 2), output_shape=(3, 4))(x, _samples((2, 2, 2)))),
        "p2d_int": _d(ops.FractionalMaxPoolWithFixedKsize(ksize=3, output_shape=2)(x.astype(ms.int32),
                                                                                   _samples((2, 2, 2), 4))),
        "p3d": _d(ops.FractionalMaxPool3DWithFixedKsize(ksize=2, output_shape=(3, 4, 2))(x3, _samples((1, 2, 3)))),
        "p3d_4d": _d(ops.FractionalMaxPool3DWithFixedKsize(ksize=(1, 2, 2), output_shape=3)(
            x3[0], _samples((2, 1, 3), 5))),
        "f2d": _d(ops.fractional_max_pool2d(x, 2, output_size=(3, 4), return_indices=True,
                                            _random_samples=_samples((2, 2, 2)))),
        "f2d_ratio": _d(ops.fractional_max_pool2d(x, (3, 2), output_ratio=(0.5, 0.5),
                                                  _random_samples=_samples((2, 2, 2), 6))),
        "f3d": _d(ops.fractional_max_pool3d(x3, 2, output_size=(3, 4, 2), return_indices=True,
                                            _random_samples=_samples((1, 2, 3)))),
        "f3d_ratio": _d(ops.fractional_max_pool3d(x3, (2, 2, 1), output_ratio=(0.5, 0.5, 0.5),
                                                  _random_samples=_samples((1, 2, 3), 7))),
    }


def case_fractional_fixed_ksize_random():
    x = _x((1, 3, 9, 9))
    y, idx = ops.fractional_max_pool2d(x, 2, output_size=(4, 4), return_indices=True)
    flat = x.asnumpy().reshape(1, 3, -1)
    gathered = np.take_along_axis(flat, idx.asnumpy().reshape(1, 3, -1), axis=2).reshape(y.shape)
    return {"shape": list(y.shape), "dtype": str(y.dtype), "idx_dtype": str(idx.dtype),
            "gather_matches": bool((gathered == y.asnumpy()).all())}


def case_fractional_fixed_ksize_too_big():
    return _err(lambda: ops.FractionalMaxPoolWithFixedKsize(ksize=5, output_shape=(6, 6))(
        _x((1, 1, 7, 7)), _samples((1, 1, 2))))


def _seq_ok(seq, size, n_out):
    s = seq.asnumpy()
    d = np.diff(s)
    return bool(s[0] == 0 and s[-1] == size and len(s) == n_out + 1 and (d >= 1).all())


def case_fractional_tf_pools():
    x = _x((1, 8, 9, 2))
    out = {}
    for name, cls in (("max", ops.FractionalMaxPool), ("avg", ops.FractionalAvgPool)):
        for overlapping in (False, True):
            y, rows, cols = cls(pooling_ratio=[1.0, 2.0, 1.5, 1.0], pseudo_random=True, overlapping=overlapping)(x)
            out[f"{name}_{overlapping}"] = {
                "shape": list(y.shape), "dtype": str(y.dtype), "seq_dtype": str(rows.dtype),
                "rows_ok": _seq_ok(rows, 8, y.shape[1]), "cols_ok": _seq_ok(cols, 9, y.shape[2]),
                "in_range": bool(y.asnumpy().min() >= 0 and y.asnumpy().max() <= 143)}
    yi = ops.FractionalMaxPool(pooling_ratio=[1.0, 1.4, 1.4, 1.0])(x.astype(ms.int32))[0]
    out["int"] = {"shape": list(yi.shape), "dtype": str(yi.dtype)}
    return out


def case_fractional_tf_bad_ratio():
    return _err(lambda: ops.FractionalMaxPool(pooling_ratio=[2.0, 1.5, 1.5, 1.0])(_x((1, 8, 8, 1))))
