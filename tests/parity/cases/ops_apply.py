"""Parity cases for the optimizer-update primitives (`ops.ApplyMomentum()(param, moment, lr, grad, momentum)`,
ApplyAdagrad, Adam, SGD, FusedSparse*, ...): in-place updates of the weight and its state Parameters,
returned outputs, scalar-input forms and dtypes, a custom nn.Optimizer built on ApplyMomentum, errors.
Where MindSpore's CPU kernels return scratch buffers (Adam, AdamWeightDecay, ApplyRMSProp, FusedSparse*)
only the updated Parameters and the outputs' dtype/shape are compared."""
import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops
from parity_ops_common import error_name as _err  # registered by the parity loader

TOLERANCES = {
    "adafactor": {"rtol": 1e-4, "atol": 1e-6, "why": "RMS and row/column means summed in a different order"},
    "custom_optimizer_apply_momentum": {"rtol": 1e-5, "atol": 1e-5, "why": "matmul/backward summation order"},
}

_V0 = [[0.5, -0.3, 0.2], [0.2, 0.9, -0.7]]
_G = [[0.1, -0.2, 0.3], [0.3, -0.4, -0.05]]


def _p(value, name, dtype=np.float32):
    return Parameter(Tensor(np.array(value, dtype)), name=name)


def _t(value, dtype=np.float32):
    return Tensor(np.array(value, dtype))


def _state(seed, dtype=np.float32, low=0.1, high=0.9):
    """var plus three positive state Parameters (accum-like), all of _V0's shape."""
    rng = np.random.RandomState(seed)
    return [_p(_V0, "var", dtype)] + [_p(rng.uniform(low, high, (2, 3)), f"s{i}", dtype) for i in range(3)]


def _d(t):
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_d(i) for i in t]}
    return {"dtype": str(t.dtype), "shape": list(t.shape), "value": t.asnumpy()}


def _meta(t):
    """dtype/shape only, for outputs MindSpore's CPU kernels fill with scratch data."""
    if isinstance(t, (tuple, list)):
        return {"type": type(t).__name__, "items": [_meta(i) for i in t]}
    return {"dtype": str(t.dtype), "shape": list(t.shape)}


def _vals(*params):
    return [p.asnumpy() for p in params]


def case_momentum_forms():
    out = {}
    for name, lr, mom in (("float", 0.1, 0.9), ("tensor0d", _t(0.1), _t(0.9)), ("tensor1", _t([0.1]), _t([0.9])),
                          ("parameter", _p(0.1, "lr"), _p(0.9, "momentum"))):
        var, acc = _state(0)[:2]
        res = ops.ApplyMomentum()(var, acc, lr, _t(_G), mom)
        res = ops.ApplyMomentum()(var, acc, lr, _t(_G), mom)  # a second step uses the accumulated moment
        out[name] = [_d(res), _vals(var, acc)]
    var, acc = _t(_V0), _t(np.ones((2, 3)))  # plain Tensors are updated in place too
    ops.ApplyMomentum()(var, acc, 0.1, _t(_G), 0.9)
    out["plain_tensor"] = _vals(var, acc)
    for dtype in (np.float16, np.float64):
        var, acc = _p(_V0, "v", dtype), _p(np.ones((2, 3)), "a", dtype)
        out[np.dtype(dtype).name] = [_d(ops.ApplyMomentum()(var, acc, 0.1, _t(_G, dtype), 0.9)), _vals(var, acc)]
    var, acc = _p([[5, -3], [2, 9]], "v", np.int32), _p(np.ones((2, 2)), "a", np.int32)
    one = _t(1, np.int32)
    out["int32"] = [_d(ops.ApplyMomentum()(var, acc, one, _t([[1, 2], [3, 4]], np.int32), one)), _vals(var, acc)]
    return out


def case_momentum_nesterov():
    var, acc = _state(0)[:2]
    ops.ApplyMomentum(use_nesterov=True)(var, acc, 0.1, _t(_G), 0.9)
    return _vals(var, acc)


def case_adagrad_family():
    out = {}
    var, acc = _state(1)[:2]
    out["ApplyAdagrad"] = [_d(ops.ApplyAdagrad()(var, acc, 0.1, _t(_G))), _vals(var, acc)]
    var, acc = _state(1, np.float64)[:2]
    out["ApplyAdagrad_f64"] = [_d(ops.ApplyAdagrad()(var, acc, _t(0.1, np.float64), _t(_G, np.float64))),
                               _vals(var, acc)]
    for slots in (True, False):
        var, acc = _state(1)[:2]
        res = ops.ApplyAdagradV2(epsilon=0.01, update_slots=slots)(var, acc, _t(0.1), _t(_G))
        out[f"ApplyAdagradV2_{slots}"] = [_d(res), _vals(var, acc)]
    var, acc = _state(1)[:2]
    res = ops.ApplyProximalAdagrad()(var, acc, 0.1, 0.05, 0.2, _t(_G))
    out["ApplyProximalAdagrad"] = [_d(res), _vals(var, acc)]
    var, ga, gsa = _state(1)[:3]
    res = ops.ApplyAdagradDA()(var, ga, gsa, _t(_G), 0.1, 0.0, 0.02, _t(2, np.int32))
    out["ApplyAdagradDA"] = [_d(res), _vals(var, ga, gsa)]
    return out


def case_adagrad_da_l1():
    var, ga, gsa = _state(1)[:3]
    res = ops.ApplyAdagradDA()(var, ga, gsa, _t(_G), 0.1, 0.01, 0.02, _t(2, np.int32))
    return [_d(res), _vals(var, ga, gsa)]


def case_adadelta_adamax():
    var, acc, acc_up = _state(2)[:3]
    out = {"ApplyAdadelta": [_d(ops.ApplyAdadelta()(var, acc, acc_up, 0.1, 0.9, 1e-6, _t(_G))),
                             _vals(var, acc, acc_up)]}
    var, m, v = _state(2)[:3]
    res = ops.ApplyAdaMax()(var, m, v, _t(0.81), _t(0.01), 0.9, 0.99, 1e-8, _t(_G))
    out["ApplyAdaMax"] = [_d(res), _vals(var, m, v)]
    return out


def case_amsgrad():
    var, m, v, vhat = _state(3)
    for _ in range(2):
        res = ops.ApplyAdamWithAmsgrad(beta1=0.8, beta2=0.99)(var, m, v, vhat, _t(0.8), _t(0.99), _t(0.01), _t(_G))
    out = {"ApplyAdamWithAmsgrad": [_d(res), _vals(var, m, v, vhat)]}
    var, m, v, vhat = _state(3, np.float64)
    res = ops.ApplyAdamWithAmsgradV2()(var, m, v, vhat, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, _t(_G, np.float64))
    out["ApplyAdamWithAmsgradV2"] = [_d(res), _vals(var, m, v, vhat)]
    return out


def case_sign_updates():
    out = {}
    for dtype in (np.float32, np.float64):
        var, m = _p(_V0, "var", dtype), _p([[0.1, 0.2, -0.3], [-0.3, 0.4, 0.0]], "m", dtype)
        out[f"ApplyAddSign_{np.dtype(dtype).name}"] = [
            _d(ops.ApplyAddSign()(var, m, 0.1, 1.0, 0.5, 0.9, _t(_G, dtype))), _vals(var, m)]
        var, m = _p(_V0, "var", dtype), _p([[0.1, 0.2, -0.3], [-0.3, 0.4, 0.0]], "m", dtype)
        out[f"ApplyPowerSign_{np.dtype(dtype).name}"] = [
            _d(ops.ApplyPowerSign()(var, m, 0.1, 2.718, 0.5, 0.9, _t(_G, dtype))), _vals(var, m)]
    return out


def case_rmsprop():
    var, ms_, mom = _state(4)[:3]
    res = ops.ApplyRMSProp()(var, ms_, mom, 0.1, _t(_G), 0.9, 0.5, 1e-6)
    out = {"ApplyRMSProp": [_meta(res), _vals(var, ms_, mom)]}
    var, mg, ms_, mom = _state(4)
    mg.set_data(_t(np.full((2, 3), 0.05)))
    res = ops.ApplyCenteredRMSProp()(var, mg, ms_, mom, _t(_G), _t(0.1), 0.9, 0.5, 1e-6)
    out["ApplyCenteredRMSProp"] = [_meta(res), _vals(var, mg, ms_, mom)]
    return out


def case_ftrl_and_descent():
    var, acc, lin = _state(5)[:3]
    out = {"ApplyFtrl": [_d(ops.ApplyFtrl()(var, acc, lin, _t(_G), 0.1, 0.0, 0.02, -0.5)), _vals(var, acc, lin)]}
    var = _p(_V0, "var", np.float16)
    out["ApplyGradientDescent"] = [_d(ops.ApplyGradientDescent()(var, 0.1, _t(_G, np.float16))), _vals(var)]
    var = _p(_V0, "var")
    res = ops.ApplyProximalGradientDescent()(var, _t(0.1), 0.5, 0.2, _t(_G))
    out["ApplyProximalGradientDescent"] = [_d(res), _vals(var)]
    return out


def case_ftrl_l1():
    var, acc, lin = _state(5)[:3]
    lin.set_data(_t([[0.5, -0.6, 0.01], [-0.2, 0.3, 0.7]]))
    ops.ApplyFtrl()(var, acc, lin, _t(_G), 0.1, 0.05, 0.02, -0.5)
    return _vals(var, acc, lin)


def case_keras_momentum():
    var, acc = _state(6)[:2]
    return [_d(ops.ApplyKerasMomentum(use_nesterov=True)(var, acc, _t(0.1), _t(_G), _t(0.9))), _vals(var, acc)]


def case_adam_primitives():
    out = {}
    for nesterov in (False, True):
        var, m, v = _state(7)[:3]
        res = ops.Adam(use_nesterov=nesterov)(var, m, v, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, _t(_G))
        out[f"Adam_{nesterov}"] = [_meta(res), _vals(var, m, v)]
    m, v = _state(7)[1:3]
    one = lambda x: _t([x])  # noqa: E731 - AdamNoUpdateParam takes (1,)-shaped scalars
    res = ops.AdamNoUpdateParam()(m, v, one(0.9), one(0.999), one(0.01), one(0.9), one(0.999), one(1e-8), _t(_G))
    out["AdamNoUpdateParam"] = [_d(res), _vals(m, v)]
    var, m, v = _state(7)[:3]
    res = ops.AdamWeightDecay()(var, m, v, 0.01, 0.9, 0.999, 1e-8, 0.05, _t(_G))
    out["AdamWeightDecay"] = [_meta(res), _vals(var, m, v)]
    return out


def case_sgd_primitive():
    out = {}
    for name, kwargs, mom in (("plain", {}, 0.9), ("dampening", {"dampening": 0.2}, 0.9),
                              ("nesterov_wd", {"weight_decay": 0.1, "nesterov": True}, 0.9),
                              ("no_momentum", {}, 0.0)):
        var, acc = _state(8)[:2]
        stat = _p([[1, 0, 1], [0, 1, 0]], "stat")
        trace = []
        for _ in range(2):
            res = ops.SGD(**kwargs)(var, _t(_G), _t(0.1), acc, _t(mom), stat)
            trace.append(_vals(var, acc, stat))
        out[name] = [_d(res), trace]
    return out


def _sparse_state(seed):
    rng = np.random.RandomState(seed)
    var = _p(rng.uniform(-1, 1, (4, 2)), "var")
    return [var] + [_p(rng.uniform(0.1, 0.9, (4, 2)), f"s{i}") for i in range(3)]


_SG = [[0.1, -0.2], [0.3, -0.4], [0.5, 0.5]]


def case_sparse_adam():
    out = {}
    scalars = [_t([x]) for x in (0.9, 0.999, 0.01, 0.9, 0.999, 1e-8)]
    for name, prim, idx in (("FusedSparseAdam", ops.FusedSparseAdam(), [0, 2, 0]),
                            ("FusedSparseAdam_nesterov", ops.FusedSparseAdam(use_nesterov=True), [0, 2, 1, 3]),
                            ("FusedSparseLazyAdam", ops.FusedSparseLazyAdam(), [0, 2, 0]),
                            ("FusedSparseLazyAdam_nesterov", ops.FusedSparseLazyAdam(use_nesterov=True), [3, 1, 3])):
        var, m, v = _sparse_state(9)[:3]
        grad = _t(np.resize(np.array(_SG, np.float32), (len(idx), 2)))
        res = prim(var, m, v, *scalars, grad, _t(idx, np.int32))
        out[name] = [_meta(res), _vals(var, m, v)]
    return out


def case_sparse_ftrl_proximal():
    out = {}
    for l1 in (0.0, 0.05):
        var, acc, lin = _sparse_state(10)[:3]
        prim = ops.FusedSparseFtrl(lr=0.1, l1=l1, l2=0.02, lr_power=-0.5)
        res = prim(var, acc, lin, _t(_SG), _t([0, 2, 0], np.int32))
        out[f"FusedSparseFtrl_{l1}"] = [_meta(res), _vals(var, acc, lin)]
    var, acc = _sparse_state(10)[:2]
    res = ops.FusedSparseProximalAdagrad()(var, acc, _t(0.1), _t(0.01), _t(0.02), _t(_SG), _t([1, 3, 1], np.int32))
    out["FusedSparseProximalAdagrad"] = [_meta(res), _vals(var, acc)]
    return out


def case_fused_cast_adam_weight_decay():
    out = {}
    for dtype in (np.float32, np.float16):
        var, m, v = _state(11)[:3]
        var = _p(_V0, "var", dtype)
        res = ops.FusedCastAdamWeightDecay()(var, m, v, _t(0.01), _t(0.9), _t(0.999), _t(1e-8), _t(0.05),
                                             _t(_G, dtype), _t(2.0))
        out[np.dtype(dtype).name] = [_meta(res), _vals(var, m, v)]
    return out


def case_adafactor():
    out = {}
    rng = np.random.RandomState(12)
    grad = _t(rng.uniform(-1, 1, (2, 3, 4)))
    for flags in ((False, False, False), (True, True, True)):
        param = _p(rng.uniform(-1, 1, (2, 3, 4)), "p")
        ea, er, ec, es = (_p(np.full(s, 0.1), n) for n, s in (("ea", (2, 3, 4)), ("er", (2, 3)), ("ec", (2, 4)),
                                                              ("es", (2, 3, 4))))
        prim = ops.FusedAdaFactor(*flags)
        for _ in range(2):
            res = prim(_t([1e-30, 1e-3]), 1.0, 0.9, 0.8, 0.01, 0.05, grad, param, ea, er, ec, es)
        out[str(flags)] = [_meta(res), _vals(param, ea, er, ec)]
    param = _p([0.5, -0.3, 0.2, 0.8], "p1")
    ea, er, ec, es = (_p(np.full((4,), 0.1), n) for n in ("ea", "er", "ec", "es"))
    res = ops.FusedAdaFactorWithGlobalNorm(enable_first_moment=True)(
        _t([1e-30, 1e-3]), 0.5, 0.9, 0.8, 0.0, 0.05, _t([0.2, -0.4, 0.6, 0.1]), param, ea, er, ec, es, _t(2.0))
    out["rank1_global_norm"] = [_meta(res), _vals(param, ea, es)]
    return out


def case_lars_update():
    w, g = _t(_V0), _t(_G)
    norms = (ops.reduce_sum(w * w), ops.reduce_sum(g * g))
    return [_d(ops.LARSUpdate()(w, g, *norms, 0.01, 0.1)),
            _d(ops.LARSUpdate(epsilon=1e-6, hyperpara=0.1, use_clip=True)(w, g, *norms, 0.01, 0.1))]


def case_fused_weight_scale_momentum():
    var, acc = _state(13)[:2]
    res = ops.FusedWeightScaleApplyMomentum()(_t(0.01), _t(0.5), var, acc, _t(0.1), _t(_G), _t(0.9))
    return [_d(res), _vals(var, acc)]


class _ApplyMomentumOpt(nn.Optimizer):
    """A user-written optimizer on ops.ApplyMomentum, as in the model zoo."""

    def __init__(self, params, learning_rate, momentum):
        super().__init__(learning_rate, params)
        self.momentum = Parameter(Tensor(momentum, ms.float32), name="momentum")
        self.moments = self.parameters.clone(prefix="moments", init="zeros")
        self.opt = ops.ApplyMomentum()

    def construct(self, gradients):
        lr = self.get_lr()
        success = True
        for param, moment, grad in zip(self.parameters, self.moments, gradients):
            success = ops.depend(success, self.opt(param, moment, lr, grad, self.momentum))
        return success


def case_custom_optimizer_apply_momentum():
    net = nn.Dense(4, 3)
    rng = np.random.RandomState(14)
    net.weight.set_data(Tensor(rng.uniform(-0.5, 0.5, (3, 4)).astype(np.float32)))
    net.bias.set_data(Tensor(rng.uniform(-0.5, 0.5, (3,)).astype(np.float32)))
    opt = _ApplyMomentumOpt(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x, y = Tensor(rng.randn(5, 4).astype(np.float32)), Tensor(rng.randn(5, 3).astype(np.float32))
    trace = []
    for _ in range(3):
        loss = step(x, y)
        trace.append([float(loss.asnumpy()), net.weight.asnumpy(), net.bias.asnumpy()])
    return {"trace": trace, "moments": [m.asnumpy() for m in opt.moments]}


def case_float_status():
    fs = ops.FloatStatus()
    return [_d(fs(_t([1.0, 2.0]))), _d(fs(_t([1.0, np.inf]))), _d(fs(_t([np.nan], np.float16)))]


class _NPULossScaleStep(nn.Cell):
    """The model-zoo loss-scale pattern on Ascend's status register: alloc, clear, backward, get, sum."""

    def __init__(self, net):
        super().__init__()
        self.net = net
        self.weights = net.trainable_params()
        self.grad = ops.GradOperation(get_by_list=True)
        self.alloc_status, self.clear_status = ops.NPUAllocFloatStatus(), ops.NPUClearFloatStatus()
        self.get_status = ops.NPUGetFloatStatus()

    def construct(self, x):
        init = self.alloc_status()
        init = ops.depend(init, x)
        clear_status = self.clear_status(init)
        x = ops.depend(x, clear_status)
        grads = self.grad(self.net, self.weights)(x)
        init = ops.depend(init, grads)
        get_status = self.get_status(init)
        init = ops.depend(init, get_status)
        return ops.reduce_sum(init, (0,)), grads[0]


def case_npu_float_status():
    net = nn.Dense(2, 1)
    net.weight.set_data(_t([[1.0, 2.0]]))
    net.bias.set_data(_t([0.5]))
    step = _NPULossScaleStep(net)
    ok, _ = step(_t([[1.0, 2.0]]))
    bad, _ = step(_t([[3e38, 3e38]]))
    return [_d(ok), _d(bad), _d(ops.NPUAllocFloatStatus()())]


def case_errors():
    var, acc = _state(15)[:2]
    return {
        "momentum_nesterov_type": _err(lambda: ops.ApplyMomentum(use_nesterov=1)),
        "momentum_gradient_scale_int": _err(lambda: ops.ApplyMomentum(gradient_scale=1)),
        "momentum_grad_shape": _err(lambda: ops.ApplyMomentum()(var, acc, 0.1, _t(np.ones((3, 2))), 0.9)),
        "momentum_int_var_float_lr": _err(lambda: ops.ApplyMomentum()(
            _p([[1, 2]], "iv", np.int32), _p([[1, 1]], "ia", np.int32), 0.1, _t([[1, 1]], np.int32), 0.9)),
        "adagrad_int_var": _err(lambda: ops.ApplyAdagrad()(
            _p([[1, 2]], "iv", np.int32), _p([[1, 1]], "ia", np.int32), 1, _t([[1, 1]], np.int32))),
        "adagrad_update_slots_type": _err(lambda: ops.ApplyAdagrad(update_slots=1)),
        "adagradv2_epsilon_int": _err(lambda: ops.ApplyAdagradV2(1)),
        "amsgrad_beta_int": _err(lambda: ops.ApplyAdamWithAmsgrad(beta1=1)),
        "amsgrad_float_power": _err(lambda: ops.ApplyAdamWithAmsgrad()(var, acc, acc, acc, 0.9, 0.999, 0.1,
                                                                       _t(_G))),
        "gd_delta_shape": _err(lambda: ops.ApplyGradientDescent()(var, 0.1, _t(np.ones((3, 2))))),
        "adam_locking_type": _err(lambda: ops.Adam(use_locking=1)),
        "sgd_nesterov_dampening": _err(lambda: ops.SGD(dampening=0.1, nesterov=True)),
        "ftrl_l1_negative": _err(lambda: ops.FusedSparseFtrl(0.1, -1.0, 0.0, -0.5)),
        "ftrl_lr_power_positive": _err(lambda: ops.FusedSparseFtrl(0.1, 0.0, 0.0, 0.5)),
        "ftrl_lr_int": _err(lambda: ops.FusedSparseFtrl(1, 0.0, 0.0, -0.5)),
        "sparse_adam_int64_indices": _err(lambda: ops.FusedSparseAdam()(
            *_sparse_state(9)[:3], *[_t([0.9])] * 6, _t(_SG[:2]), _t([0, 1], np.int64))),
        "lars_epsilon_int": _err(lambda: ops.LARSUpdate(epsilon=1)),
        "adafactor_flag_type": _err(lambda: ops.FusedAdaFactor(enable_weight_decay=1)),
    }
