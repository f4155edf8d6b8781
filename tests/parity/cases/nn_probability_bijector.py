"""Parity of `mindspore.nn.probability.bijector` (Exp, PowerTransform, ScalarAffine, Softplus, GumbelCDF, Invert):
forward / inverse / both log-jacobians on fixed values, attributes (name, dtype, batch shape, flags, the constructor
argument dict, repr, child cells), calls through `construct`, value and constructor errors; TransformedDistribution
built directly and by calling a bijector on a distribution; gradients through a bijector's parameters.

Not compared: `shape_mapping` (MindSpore 2.10 raises AttributeError: its Bijector has no `parameter_type`)."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn
import mindspore.nn.probability.bijector as msb
import mindspore.nn.probability.distribution as msd

from parity_ops_common import flush  # registered by the parity loader

_X = np.array([0.5, 1.0, 2.0], np.float32)
_U = np.array([0.3, 0.5, 0.9], np.float32)
_METHODS = ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian")


def _t(v, dtype=ms.float32):
    return Tensor(np.array(v), dtype)


def _out(fn):
    flush()
    try:
        r = fn()
        r.asnumpy()
    except Exception as e:  # noqa: BLE001 - the type is the result
        flush()
        return [type(e).__name__]
    return {"dtype": str(r.dtype), "shape": list(r.shape), "value": r.asnumpy()}


def _err(fn, *words):
    flush()
    try:
        out = fn()
        if hasattr(out, "asnumpy"):
            out.asnumpy()
    except Exception as e:  # noqa: BLE001 - the type is the result
        flush()
        return [type(e).__name__, [w in str(e) for w in words]]
    return "no error"


def _report(b, x=_X):
    res = {"repr": repr(b), "name": b.name, "dtype": str(b.dtype), "batch_shape": str(b.batch_shape),
           "is_scalar_batch": b.is_scalar_batch, "constant_jacobian": b.is_constant_jacobian,
           "injective": b.is_injective, "cells": [n for n, _ in b.cells_and_names()],
           "arg_keys": sorted(b.parameters)}
    for m in _METHODS:
        res[m] = _out(lambda: getattr(b, m)(_t(x)))
    res["construct"] = _out(lambda: b("forward", _t(x)))
    res["construct_bad"] = _err(lambda: b("nope", _t(x)))
    res["f64"] = _out(lambda: b.forward(_t(x, ms.float64)))
    res["int_value"] = _err(lambda: b.forward(_t([1], ms.int32)))
    res["float_value"] = _err(lambda: b.forward(1.0))
    return res


def case_exp():
    return _report(msb.Exp())


def case_power_transform():
    return {"zero": _report(msb.PowerTransform(0.)), "two": _report(msb.PowerTransform(2.)),
            "array": _report(msb.PowerTransform(np.array([0., 0.5, 2.], np.float32)))}


def case_scalar_affine():
    return {"pos": _report(msb.ScalarAffine(2.0, 1.0)), "neg": _report(msb.ScalarAffine(-0.5, 0.0)),
            "default": _report(msb.ScalarAffine())}


def case_softplus():
    return {"two": _report(msb.Softplus(2.0)), "big_values": _report(msb.Softplus(1.0), np.array([-30., 0.1, 30.]))}


def case_gumbel_cdf():
    return _report(msb.GumbelCDF(0.5, 2.0), _U)


def case_invert():
    return {"softplus": _report(msb.Invert(msb.Softplus(1.5))),
            "affine_named": _report(msb.Invert(msb.ScalarAffine(3.0, 1.0), name="inv")),
            "gumbel": _report(msb.Invert(msb.GumbelCDF(0.0, 1.0)), _U)}


def case_errors():
    return {
        "power_neg": _err(lambda: msb.PowerTransform(-1.), "Power"),
        "power_int": _err(lambda: msb.PowerTransform(1), "power"),
        "power_bool": _err(lambda: msb.PowerTransform(True), "power"),
        "power_none": _err(lambda: msb.PowerTransform(None), "power"),
        "affine_mixed_dtypes": _err(lambda: msb.ScalarAffine(np.array([1.0]), 1.0), "shift"),
        "affine_np_float32": _err(lambda: msb.ScalarAffine(1.0, np.float32(2.0))),
        "gumbel_scale0": _err(lambda: msb.GumbelCDF(0.0, 0.0), "scale"),
        "invert_not_bijector": _err(lambda: msd.Normal(0., 1.) and msb.Invert(msd.Normal(0., 1.)), "bijector"),
        "name_int": _err(lambda: msb.ScalarAffine(name=1), "name"),
    }


def case_transformed_by_call():
    td = msb.ScalarAffine(2.0, 1.0)(msd.Normal(0.0, 1.0))
    x = _t(_X)
    res = {"type": type(td).__name__, "repr": repr(td), "name": td.name, "dtype": str(td.dtype),
           "batch_shape": str(td.batch_shape), "broadcast_shape": str(td.broadcast_shape),
           "linear": td.is_linear_transformation, "arg_keys": sorted(td.parameters)}
    for m in ("prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"):
        res[m] = _out(lambda: getattr(td, m)(x))
        res[m + "_call"] = _out(lambda: getattr(td, m)(x, _t(1.0), _t(2.0)))
    res["mean"] = _out(td.mean)
    res["mean_call"] = _out(lambda: td.mean(_t([1.0, 2.0]), _t(1.0)))
    res["sd"] = _err(td.sd)
    res["kl"] = _err(lambda: td.kl_loss("Normal", _t(0.), _t(1.)))
    s = td.sample((2, 3))
    res["sample"] = [str(s.dtype), list(s.shape)]
    return res


def case_transformed_direct():
    td = msd.TransformedDistribution(msb.Exp(), msd.Normal(0.0, 1.0), seed=3, name="LN")
    return {"repr": repr(td), "name": td.name, "seed": td.seed, "cells": [n for n, _ in td.cells_and_names()],
            "scalar": td.is_scalar_batch, "mean": _err(td.mean, "non-linear"),
            "log_prob": _out(lambda: td.log_prob(_t([-1.0, 0.0, 0.5, 2.0]))),
            "prob": _out(lambda: td.prob(_t([0.5, 2.0]))),
            "cdf": _out(lambda: td.cdf(_t([0.5, 2.0]))),
            "batch": str(msd.TransformedDistribution(msb.PowerTransform(np.array([0., 1.], np.float32)),
                                                     msd.Normal(np.array([[0.], [1.]]), 1.0)).broadcast_shape),
            "bad_bijector": _err(lambda: msd.TransformedDistribution(msd.Normal(0., 1.), msd.Normal(0., 1.))),
            "int_distribution": _err(lambda: msd.TransformedDistribution(msb.Exp(), msd.Bernoulli(0.5)), "dtype")}


class _AffineNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.mean = Parameter(_t([0.3]), name="mean")
        self.td = msd.TransformedDistribution(msb.ScalarAffine(2.0, 1.0), msd.Normal(dtype=ms.float32))

    def construct(self, x):
        return self.td.log_prob(x, self.mean, self.mean * 0 + 1.5).sum()


def case_transformed_gradient():
    net = _AffineNet()
    x = _t([0.5, 2.0])
    grads = ms.grad(net, grad_position=0, weights=net.trainable_params())(x)
    return {"loss": net(x).asnumpy(), "grad_x": grads[0].asnumpy(), "grad_mean": grads[1][0].asnumpy()}
