"""Parity cases for the gradient primitives of `mindspore.ops.operations._grad_ops` that custom bprops call: each
with MindSpore's argument order (some take the forward output, some the input) and attributes."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from mindspore.ops.operations import _grad_ops as G

TOLERANCES = {
    "from_input": {"rtol": 1e-4, "atol": 1e-5, "why": "transcendental derivatives differ in the last ulps"},
    "from_output": {"rtol": 1e-4, "atol": 1e-5, "why": "transcendental derivatives differ in the last ulps"},
}


def _u(seed, shape, low=-1.0, high=1.0):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(np.float32))


def _v(t):
    if isinstance(t, (tuple, list)):
        return [_v(i) for i in t]
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def case_from_output():
    y, dy = _u(0, (2, 3), 0.2, 0.9), _u(1, (2, 3))
    names = ("SigmoidGrad", "TanhGrad", "SqrtGrad", "RsqrtGrad", "ReciprocalGrad", "InvGrad", "AcoshGrad",
             "AsinhGrad")
    out = {n: _v(getattr(G, n)()(y, dy)) for n in names}
    s = Tensor(np.array([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]], np.float32))
    out["LogSoftmaxGrad"] = _v(G.LogSoftmaxGrad()(Tensor(np.log(s.asnumpy())), dy))
    e = _u(2, (2, 3), -0.9, 0.9)
    out["EluGrad"] = _v(G.EluGrad()(dy, e))
    return out


def case_from_input():
    x, dy = _u(3, (2, 3), -0.9, 0.9), _u(4, (2, 3))
    big = _u(5, (2, 3), -8.0, 8.0)
    out = {n: _v(getattr(G, n)()(x, dy)) for n in ("ACosGrad", "AsinGrad", "AtanGrad", "AbsGrad")}
    for n in ("ReluGrad", "ReLU6Grad", "SoftplusGrad", "HSigmoidGrad", "HSwishGrad", "SiLUGrad", "FastGeLUGrad"):
        out[n] = _v(getattr(G, n)()(dy, big))
    out["HShrinkGrad"] = _v(G.HShrinkGrad(0.3)(dy, x))
    out["SoftShrinkGrad"] = _v(G.SoftShrinkGrad(0.3)(dy, x))
    return out


def case_binary_and_reductions():
    x, y = _u(6, (2, 3)), _u(7, (1, 3))
    dout = _u(8, (2, 3))
    return {
        "MaximumGrad": _v(G.MaximumGrad()(x, y, dout)),
        "MinimumGrad": _v(G.MinimumGrad()(x, y, dout)),
        "BiasAddGrad": _v(G.BiasAddGrad()(_u(9, (2, 3, 2, 2)))),
        "BiasAddGrad_nhwc": _v(G.BiasAddGrad("NHWC")(_u(10, (2, 2, 2, 3)))),
        "SigmoidCrossEntropyWithLogitsGrad": _v(G.SigmoidCrossEntropyWithLogitsGrad()(x, _u(11, (2, 3), 0, 1), dout)),
        "KLDivLossGrad": [_v(G.KLDivLossGrad(r)(dout if r == "none" else Tensor(np.float32(1.5)), x,
                                                _u(12, (2, 3), 0, 1)))
                          for r in ("none", "mean", "sum")],
    }


def case_pool_grads():
    x = _u(13, (1, 2, 4, 4))
    dout = _u(14, (1, 2, 2, 2))
    out = Tensor(np.zeros((1, 2, 2, 2), np.float32))
    return {
        "MaxPoolGrad": _v(G.MaxPoolGrad(kernel_size=2, strides=2)(x, out, dout)),
        "AvgPoolGrad": _v(G.AvgPoolGrad(kernel_size=2, strides=2)(x, out, dout)),
    }


def case_shape_grads():
    dy = _u(15, (2, 2))
    x = _u(16, (3, 4))
    return {
        "StridedSliceGrad": _v(G.StridedSliceGrad()(dy, (3, 4), (0, 1), (2, 4), (1, 2))),
        "SliceGrad": _v(G.SliceGrad()(dy, x, (1, 1), (2, 2))),
        "FlattenGrad": _v(G.FlattenGrad()(_u(17, (2, 6)), (2, 3, 2))),
        "TraceGrad": _v(G.TraceGrad()(Tensor(np.float32(2.0)), Tensor(np.array([3, 4], np.int64)))),
        "GatherDGradV2": _v(G.GatherDGradV2()(x, 1, Tensor(np.array([[0, 1], [2, 3], [1, 1]], np.int64)),
                                              _u(18, (3, 2)))),
        "MirrorPadGrad": _v(G.MirrorPadGrad("REFLECT")(_u(19, (4, 6)), Tensor(np.array([[1, 1], [1, 2]], np.int64)))),
    }
