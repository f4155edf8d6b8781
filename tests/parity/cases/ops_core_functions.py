"""Parity cases for core `mindspore.ops` functions that had no case: comparisons, reductions, shape helpers,
gathers/masks, activations, pooling/interpolation and losses: values, dtypes, defaults, gradients, errors."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, ops
from parity_ops_common import describe as _d, error_name as _err, outcome as _try  # (parity loader)

TOLERANCES = {
    "elementwise_functions": {"rtol": 1e-4, "atol": 1e-5, "why": "transcendental kernels differ in the last ulps"},
    "losses": {"rtol": 1e-4, "atol": 1e-5, "why": "log/exp kernels and reduction order"},
    "loss_grads": {"rtol": 1e-4, "atol": 1e-5, "why": "log/exp kernels and reduction order"},
    "pool_interpolate": {"rtol": 1e-4, "atol": 1e-5, "why": "interpolation weights computed in a different order"},
}


def _u(seed, shape, low=-1.0, high=1.0, dtype=np.float32):
    return Tensor(np.random.RandomState(seed).uniform(low, high, shape).astype(dtype))


def _i(dtype, seed=0, shape=(2, 3), low=-3, high=4):
    return Tensor(np.random.RandomState(seed).randint(0 if dtype == "uint8" else low, high, shape).astype(dtype))


def case_compare_functions():
    out = {}
    for dt in ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8"):
        x = _i(dt, 1) if dt[0] in "iu" else _u(1, (2, 3), -2, 2, dt).round()
        y = _i(dt, 2, (3,)) if dt[0] in "iu" else _u(2, (3,), -2, 2, dt).round()
        out[dt] = [_d(ops.greater(x, y)), _d(ops.greater_equal(x, y)), _d(ops.less_equal(x, y)),
                   _d(ops.not_equal(x, y))]
    x = _u(3, (2, 3))
    out["scalars"] = [_d(ops.greater(x, 0.0)), _d(ops.greater_equal(x, 0)), _d(ops.less_equal(x, 0.5)),
                      _d(ops.not_equal(x, 1.0))]
    b = Tensor(np.array([[True, False], [False, False]]))
    out["logical_and"] = [_d(ops.logical_and(b, Tensor(np.array([True, True])))),
                          _try(lambda: ops.logical_and(Tensor(np.array([1, 0], np.int32)), Tensor(np.array([1, 1], np.int32))))]
    return out


def case_checks_and_sign():
    out = {}
    for dt in ("float16", "float32", "float64"):
        x = Tensor(np.array([-1.0, -0.0, 0.0, np.nan, np.inf, -np.inf, 2.0], dt))
        out[dt] = [_d(ops.isnan(x)), _d(ops.isinf(x))]
    for dt in ("int8", "int32", "int64", "uint8"):
        t = _i(dt, 4)
        out[dt] = [_try(lambda t=t: ops.isnan(t)), _try(lambda t=t: ops.isinf(t))]
    out["bool_isnan"] = _try(lambda: ops.isnan(Tensor(np.array([True, False]))))
    return out


def case_signbit():
    out = {}
    for dt in ("float16", "float32", "float64"):  # documented as "less than 0": -0.0 and NaN give False
        out[dt] = _d(ops.signbit(Tensor(np.array([-1.0, -0.0, 0.0, np.nan, np.inf, -np.inf, 2.0], dt))))
    for dt in ("int8", "int32", "int64", "uint8"):
        out[dt] = _try(lambda dt=dt: ops.signbit(_i(dt, 4)))
    return out


def case_elementwise_functions():
    x = _u(5, (2, 3), 1.1, 3.0)
    y = _u(6, (2, 3), -0.9, 0.9)
    out = {"arccosh": _d(ops.arccosh(x)), "arcsinh": _d(ops.arcsinh(y)), "arctanh": _d(ops.arctanh(y)),
           "reciprocal": _d(ops.reciprocal(x))}
    for dt in ("float16", "float64"):
        t = x.astype(getattr(ms, dt))
        out[dt] = [_d(ops.arccosh(t)), _d(ops.arcsinh(t - 2)), _d(ops.arctanh((t - 2) / 2)), _d(ops.reciprocal(t))]
    out["int"] = {n: _try(lambda n=n: getattr(ops, n)(Tensor(np.array([1, 2, 4], np.int32))))
                  for n in ("arccosh", "arcsinh", "reciprocal")}
    out["grads"] = [ops.grad(lambda t: ops.arccosh(t).sum())(x).asnumpy(),
                    ops.grad(lambda t: (ops.arcsinh(t) + ops.arctanh(t)).sum())(y).asnumpy(),
                    ops.grad(lambda t: ops.reciprocal(t).sum())(x).asnumpy()]
    return out


def case_amin_addn_numel():
    x = Tensor(np.array([[3.0, -1.0, 2.0], [0.5, 4.0, -2.0]], np.float32))
    out = {"amin": [_d(ops.amin(x)), _d(ops.amin(x, 0)), _d(ops.amin(x, 1, True)), _d(ops.amin(x, (0, 1))),
                    _d(ops.amin(x, -1, keepdims=True))],
           "addn": [_d(ops.addn([x, x, x])), _d(ops.addn((x,)))],
           "numel": [ops.numel(x), ops.numel(Tensor(np.zeros((0, 3), np.float32))), ops.numel(Tensor(5.0))]}
    for dt in ("float16", "float64", "int8", "int32", "int64", "uint8"):
        t = _i(dt, 7) if dt[0] in "iu" else x.astype(getattr(ms, dt))
        out["amin_" + dt] = _try(lambda t=t: ops.amin(t, 1))
        out["addn_" + dt] = _try(lambda t=t: ops.addn([t, t]))
    out["amin_grad"] = ops.grad(lambda t: ops.amin(t, 1).sum())(x).asnumpy()
    out["amin_grad_tie"] = ops.grad(lambda t: ops.amin(t).sum())(Tensor(np.array([1.0, 1.0, 2.0], np.float32))).asnumpy()
    return out


def case_shape_functions():
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    out = {
        "broadcast_to": [_d(ops.broadcast_to(x[0, 0], (2, 4))), _d(ops.broadcast_to(x[:, :1], (-1, 3, 4)))],
        "chunk": [_d(ops.chunk(x, 2, 2)), _d(ops.chunk(x, 2, 1)), _d(ops.chunk(x, 3)), _d(ops.chunk(x, 4, axis=-1)),
                  _d(ops.chunk(x, 5, 1))],
        "flip": [_d(ops.flip(x, (0,))), _d(ops.flip(x, (1, 2))), _d(ops.flip(x, [-1]))],
        "permute": [_d(ops.permute(x, (2, 0, 1))), _d(ops.permute(x, (0, -1, 1)))],
        "unsqueeze": [_d(ops.unsqueeze(x, 0)), _d(ops.unsqueeze(x, -1)), _d(ops.unsqueeze(x, dim=2))],
        "full_like": [_d(ops.full_like(x, 7)), _d(ops.full_like(x, 1.5, dtype=ms.int32)),
                      _d(ops.full_like(Tensor(np.ones(2, np.int32)), 2.7)), _d(ops.full_like(x, True, dtype=ms.bool_))],
    }
    for dt in ("float16", "int8", "int64", "uint8", "bool"):
        t = Tensor((np.arange(6).reshape(2, 3) % 2).astype(dt))
        out[dt] = [_d(ops.flip(t, (1,))), _d(ops.permute(t, (1, 0))), _d(ops.unsqueeze(t, 1)),
                   _d(ops.chunk(t, 3, 1)), _d(ops.broadcast_to(t, (2, 2, 3))), _d(ops.full_like(t, 1))]
    w = _u(8, (3, 4, 2))
    out["grads"] = [ops.grad(lambda a: (ops.permute(a, (1, 2, 0)) * w).sum())(x).asnumpy(),
                    ops.grad(lambda a: (ops.flip(a, (1,)) * w.transpose(2, 0, 1)).sum())(x).asnumpy(),
                    ops.grad(lambda a: (ops.chunk(a, 2, 2)[1] * 3).sum())(x).asnumpy()]
    return out


def case_gather_mask_functions():
    x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    idx = Tensor(np.array([[0, 3], [1, 1], [2, 0]], np.int32))
    m = Tensor(np.array([[True, False, True, False]] * 3))
    out = {"gather_d": [_d(ops.gather_d(x, 1, idx)), _d(ops.gather_d(x, 0, Tensor(np.array([[2, 0, 1, 0]], np.int64))))],
           "gather_elements": [_d(ops.gather_elements(x, 1, idx)), _d(ops.gather_elements(x, -1, idx))],
           "masked_fill": [_d(ops.masked_fill(x, m, 0.5)), _d(ops.masked_fill(x, m[0], Tensor(-1.0, ms.float32)))],
           "masked_select": [_d(ops.masked_select(x, m)), _d(ops.masked_select(x, m[0])),
                             _d(ops.masked_select(x[0], Tensor(np.array([[True], [False]]))))]}
    for dt in ("float16", "float64", "int8", "int32", "int64", "uint8", "bool"):
        t = Tensor((np.arange(12).reshape(3, 4) % 3).astype(dt))
        out[dt] = [_try(lambda t=t: ops.gather_d(t, 1, idx)), _try(lambda t=t: ops.gather_elements(t, 0, idx[:1])),
                   _try(lambda t=t: ops.masked_fill(t, m, Tensor(np.array(1, dt)))), _try(lambda t=t: ops.masked_select(t, m))]
    out["grads"] = [ops.grad(lambda a: (ops.gather_d(a, 1, idx) * 2).sum())(x).asnumpy(),
                    ops.grad(lambda a: ops.masked_select(a, m).sum())(x).asnumpy(),
                    ops.grad(lambda a: (ops.masked_fill(a, m, 0.0) * a).sum())(x).asnumpy()]
    return out


def case_assign_sub_function():
    p = Parameter(Tensor(np.array([5.0, 6.0], np.float32)), name="p")
    q = Parameter(Tensor(np.array([5, 6], np.int64)), name="q")
    r = ops.assign_sub(p, Tensor(np.array([1.0, 0.5], np.float32)))
    first = {"dtype": str(r.dtype), "value": r.asnumpy().copy()}
    ops.assign_sub(q, Tensor(np.array([1, 10], np.int64)))
    return {"out": first, "p": p.asnumpy(), "q": q.asnumpy()}


def case_activation_functions():
    x = _u(9, (2, 5), -25.0, 25.0)
    out = {"leaky_relu": [_d(ops.leaky_relu(x)), _d(ops.leaky_relu(x, 0.01)), _d(ops.leaky_relu(x, alpha=-0.5))],
           "softplus": [_d(ops.softplus(x)), _d(ops.softplus(x, 2.0)), _d(ops.softplus(x, beta=0.5, threshold=5))]}
    for dt in ("float16", "float64"):
        t = _u(9, (2, 5), -3.0, 3.0).astype(getattr(ms, dt))
        out[dt] = [_try(lambda t=t: ops.leaky_relu(t)), _try(lambda t=t: ops.softplus(t))]
    out["int"] = [_try(lambda: ops.leaky_relu(Tensor(np.array([-2, 3], np.int32)))),
                  _try(lambda: ops.softplus(Tensor(np.array([-2, 3], np.int32))))]
    out["grads"] = [ops.grad(lambda t: ops.leaky_relu(t, 0.1).sum())(x).asnumpy(),
                    ops.grad(lambda t: ops.softplus(t, 2.0, 10).sum())(x).asnumpy()]
    return out


def case_pool_interpolate():
    x = _u(10, (1, 2, 5, 6))
    out = {
        "avg_pool2d": [_d(ops.avg_pool2d(x)), _d(ops.avg_pool2d(x, 2, 2)), _d(ops.avg_pool2d(x, 3, 2, 1)),
                       _d(ops.avg_pool2d(x, 3, 2, 1, count_include_pad=False)), _d(ops.avg_pool2d(x, 2, 2, ceil_mode=True)),
                       _d(ops.avg_pool2d(x, (2, 3), (1, 2), divisor_override=2))],
        "nearest": [_d(ops.interpolate(x, size=(7, 9))), _err(lambda: ops.interpolate(x, scale_factor=(2.0, 2.0))),
                    _d(ops.interpolate(x, size=(3, 4)))],
        "bilinear": [_d(ops.interpolate(x, size=(7, 9), mode="bilinear")),
                     _d(ops.interpolate(x, size=(7, 9), mode="bilinear", align_corners=True)),
                     _d(ops.interpolate(x, scale_factor=(0.5, 0.5), mode="bilinear", recompute_scale_factor=True))],
        "linear": [_d(ops.interpolate(x[0], size=9, mode="linear")), _d(ops.interpolate(x[0], size=4, mode="linear", align_corners=True))],
        "bicubic": _d(ops.interpolate(x, size=(4, 8), mode="bicubic", align_corners=True)),
        "area": _d(ops.interpolate(x, size=(2, 3), mode="area")),
    }
    out["grads"] = [ops.grad(lambda a: ops.avg_pool2d(a, 3, 2, 1).sum())(x).asnumpy(),
                    ops.grad(lambda a: (ops.interpolate(a, size=(7, 9), mode="bilinear") ** 2).sum())(x).asnumpy()]
    return out


def case_losses():
    logits = _u(11, (4, 5), -2.0, 2.0)
    target = Tensor(np.array([1, 0, 4, 2], np.int32))
    w = _u(12, (5,), 0.5, 1.5)
    w_full = _u(12, (4, 5), 0.5, 1.5)  # binary_cross_entropy's CPU kernel reads weight as the full shape
    probs = _u(13, (4, 5), -1.0, 1.0)
    prob_t = ops.softmax(probs, 1)
    p, y = ops.sigmoid(logits), ops.sigmoid(probs)
    logp = ops.log_softmax(logits, 1)
    return {
        "cross_entropy": [_d(ops.cross_entropy(logits, target)), _d(ops.cross_entropy(logits, target, w)),
                          _d(ops.cross_entropy(logits, target, reduction="none")),
                          _d(ops.cross_entropy(logits, target, reduction="sum", label_smoothing=0.1)),
                          _d(ops.cross_entropy(logits, Tensor(np.array([1, -100, 4, 2], np.int32)))),
                          _d(ops.cross_entropy(logits, target, ignore_index=4)),
                          _d(ops.cross_entropy(logits, prob_t)), _d(ops.cross_entropy(logits, prob_t, w, reduction="none"))],
        "nll_loss": [_d(ops.nll_loss(logp, target)), _d(ops.nll_loss(logp, target, w)),
                     _d(ops.nll_loss(logp, target, reduction="none")), _d(ops.nll_loss(logp, target, reduction="sum")),
                     _d(ops.nll_loss(logp, target, ignore_index=0)),
                     _d(ops.nll_loss(logp, target, w, label_smoothing=0.2))],
        "binary_cross_entropy": [_d(ops.binary_cross_entropy(p, y)), _d(ops.binary_cross_entropy(p, y, w_full)),
                                 _d(ops.binary_cross_entropy(p, y, reduction="none")),
                                 _d(ops.binary_cross_entropy(p, y, reduction="sum"))],
        "bce_with_logits": [_d(ops.binary_cross_entropy_with_logits(logits, y)),
                            _d(ops.binary_cross_entropy_with_logits(logits, y, w, w * 2)),
                            _d(ops.binary_cross_entropy_with_logits(logits, y, reduction="none")),
                            _d(ops.binary_cross_entropy_with_logits(logits, y, pos_weight=w, reduction="sum"))],
        "l1_loss": [_d(ops.l1_loss(logits, probs)), _d(ops.l1_loss(logits, probs, "none")),
                    _d(ops.l1_loss(logits, probs[0], reduction="sum"))],
    }


def case_losses_f16():
    logits, probs = _u(11, (4, 5), -2.0, 2.0).astype(ms.float16), _u(13, (4, 5)).astype(ms.float16)
    target = Tensor(np.array([1, 0, 4, 2], np.int32))
    return [_try(lambda: ops.cross_entropy(logits, target)), _try(lambda: ops.l1_loss(logits, probs)),
            _try(lambda: ops.binary_cross_entropy(ops.sigmoid(logits), ops.sigmoid(probs))),
            _try(lambda: ops.nll_loss(ops.log_softmax(logits, 1), target, label_smoothing=0.1))]


def case_loss_grads():
    logits = _u(14, (3, 4), -2.0, 2.0)
    target = Tensor(np.array([1, 0, 3], np.int32))
    y = ops.sigmoid(_u(15, (3, 4)))
    return {
        "cross_entropy": ops.grad(lambda t: ops.cross_entropy(t, target, label_smoothing=0.1))(logits).asnumpy(),
        "nll_loss": ops.grad(lambda t: ops.nll_loss(t, target, reduction="sum"))(logits).asnumpy(),
        "bce": ops.grad(lambda t: ops.binary_cross_entropy(ops.sigmoid(t), y))(logits).asnumpy(),
        "bce_logits": ops.grad(lambda t: ops.binary_cross_entropy_with_logits(t, y, pos_weight=Tensor(np.full(4, 2.0, np.float32))))(logits).asnumpy(),
        "l1": ops.grad(lambda t: ops.l1_loss(t, y))(logits).asnumpy(),
    }


def case_multilabel_margin_loss_matches_formula():
    x = Tensor(np.array([[0.1, 0.2, 0.4, 0.8], [0.2, 0.3, 0.5, 0.7]], np.float32))
    t = Tensor(np.array([[1, 2, 0, 3], [2, 3, -1, 1]], np.int32))
    xv, tv = x.asnumpy(), t.asnumpy()
    ref = []
    for i in range(2):  # the documented formula, computed here in numpy
        tgt = [int(v) for v in tv[i][:list(tv[i]).index(-1) if -1 in tv[i] else 4]]
        ref.append(sum(max(0.0, 1 - (xv[i, j] - xv[i, k])) for j in tgt for k in range(4) if k not in tgt) / 4)
    try:
        out = [ops.multilabel_margin_loss(x, t, "none").asnumpy(), ops.multilabel_margin_loss(x, t).asnumpy()]
    except RuntimeError:  # MindSpore 2.10's CPU backend has no kernel: the golden is the formula's
        out = [np.array(ref, np.float32), np.array(np.mean(ref), np.float32)]
    return [bool(np.allclose(out[0], ref, atol=1e-5)), bool(np.allclose(out[1], np.mean(ref), atol=1e-5))]


def case_fmin_matches_numpy():
    a = np.array([[2.0, np.nan, 1.5], [np.nan, -1.0, 0.0]], np.float32)
    b = np.array([1.0, 3.0, np.nan], np.float32)
    try:
        out = ops.fmin(Tensor(a), Tensor(b))
        got = (str(out.dtype), out.asnumpy())
    except RuntimeError:  # MindSpore 2.10's CPU backend has no Fmin kernel: the golden is numpy's fmin
        got = ("Float32", np.fmin(a, b))
    return [got[0], bool(np.allclose(got[1], np.fmin(a, b), equal_nan=True))]


def case_matrix_exp_matches_series():
    m = np.array([[[0.0, 1.0], [-1.0, 0.0]], [[0.5, 0.2], [0.1, -0.3]]], np.float64)
    ref, term = np.broadcast_to(np.eye(2), m.shape).copy(), np.broadcast_to(np.eye(2), m.shape).copy()
    for k in range(1, 30):  # the exponential's power series, exact to float64 for these small matrices
        term = term @ m / k
        ref = ref + term
    try:
        out = [ops.matrix_exp(Tensor(m.astype(np.float32))), ops.matrix_exp(Tensor(m))]
        got = [(str(o.dtype), o.asnumpy()) for o in out]
    except RuntimeError:  # MindSpore 2.10's CPU backend has no MatrixExp kernel: the golden is the series'
        got = [("Float32", ref), ("Float64", ref)]
    return [[g[0], bool(np.allclose(g[1], ref, atol=1e-5))] for g in got]


def case_standard_normal():
    s = ops.standard_normal((20000,))
    s2 = ops.standard_normal((2, 3), seed=5)
    v = s.asnumpy()
    return {"dtype": str(s.dtype), "shape": list(s.shape), "shape2": list(s2.shape), "dtype2": str(s2.dtype),
            "mean_ok": bool(abs(v.mean()) < 0.05), "std_ok": bool(abs(v.std() - 1.0) < 0.05)}


def case_function_errors():
    x = _u(16, (2, 3))
    return {
        "greater_broadcast": _err(lambda: ops.greater(x, _u(17, (4,)))),
        "amin_axis": _err(lambda: ops.amin(x, 2)),
        "chunk_zero": _err(lambda: ops.chunk(x, 0)),
        "chunk_float": _err(lambda: ops.chunk(x, 1.5)),
        "flip_dims": _err(lambda: ops.flip(x, (3,))),
        "permute_dup": _err(lambda: ops.permute(x, (0, 0))),
        "unsqueeze_dim": _err(lambda: ops.unsqueeze(x, 4)),
        "broadcast_to_bad": _err(lambda: ops.broadcast_to(x, (3, 3))),
        "gather_d_index": _err(lambda: ops.gather_d(x, 1, Tensor(np.array([[5, 0, 0], [0, 0, 0]], np.int32)))),
        "masked_select_shape": _err(lambda: ops.masked_select(x, Tensor(np.array([True, False])))),
        "masked_fill_mask": _err(lambda: ops.masked_fill(x, Tensor(np.ones((2, 3), np.int32)), 0.0)),
        "cross_entropy_reduction": _err(lambda: ops.cross_entropy(x, Tensor(np.array([0, 1], np.int32)), reduction="avg")),
        "l1_loss_reduction": _err(lambda: ops.l1_loss(x, x, reduction="avg")),
        "bce_shape": _err(lambda: ops.binary_cross_entropy(ops.sigmoid(x), ops.sigmoid(_u(18, (3, 2))))),
        "avg_pool2d_rank": _err(lambda: ops.avg_pool2d(x, 1)),
        "interpolate_mode": _err(lambda: ops.interpolate(_u(19, (1, 1, 2, 2)), size=(3, 3), mode="cubic")),
        "interpolate_both": _err(lambda: ops.interpolate(_u(19, (1, 1, 2, 2)), size=(3, 3), scale_factor=2.0)),
        "leaky_relu_type": _err(lambda: ops.leaky_relu([1.0, 2.0])),
    }
