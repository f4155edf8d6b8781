"""Parity cases for mindspore.Tensor's random methods. Streams cannot match MindSpore's, so each entry records the
dtype, the shape and deterministic properties (support, in-place identity) computed inside the case."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from parity_ops_common import outcome as _o  # registered by the parity loader

COMPILED_PASS = False


def _props(t, low=None, high=None, integral=False):
    v = t.asnumpy().astype(np.float64)
    out = {"dtype": str(t.dtype), "shape": list(t.shape), "finite": bool(np.isfinite(v).all())}
    if low is not None:
        out["ge_low"] = bool((v >= low).all())
    if high is not None:
        out["lt_high"] = bool((v < high).all())
    if integral:
        out["integral"] = bool((v == np.round(v)).all())
    return out


def _inplace(x, fn, **props):
    def run():
        r = fn(x)
        return {"same": r is x, **_props(x, **props)}
    return _o(run)


def _f(shape=(3, 4), dtype=np.float32):
    return Tensor(np.full(shape, 0.5, dtype))


def case_random_sampling():
    probs = Tensor(np.array([[0.0, 0.2, 0.8], [0.5, 0.5, 0.0]], np.float32))
    return {
        "cauchy": _o(lambda: _props(_f().cauchy())), "cauchy_args": _o(lambda: _props(_f().cauchy(1.0, 0.5))),
        "cauchy_f16": _o(lambda: _props(_f(dtype=np.float16).cauchy())),
        "log_normal": _o(lambda: _props(_f().log_normal(), 0)),
        "log_normal_args": _o(lambda: _props(_f().log_normal(0.0, 0.5), 0)),
        "multinomial": _o(lambda: {**_props(probs.multinomial(4), 0, 3, True),
                                   "no_zero_prob": bool((probs.multinomial(4).asnumpy()[0] != 0).all())}),
        "multinomial_norep": _o(lambda: _props(probs.multinomial(2, False), 0, 3, True)),
        "multinomial_1d": _o(lambda: _props(probs[0].multinomial(3, True, 5), 0, 3, True)),
        "random_categorical": _o(lambda: _props(Tensor(np.log(np.array([[0.1, 0.9], [0.7, 0.3]], np.float32)))
                                                .random_categorical(5), 0, 2, True)),
        "random_categorical_args": _o(lambda: _props(Tensor(np.log(np.array([[0.1, 0.9]], np.float32)))
                                                     .random_categorical(3, 7, ms.int32), 0, 2, True)),
    }


def case_random_cpu_gap():
    """MindSpore 2.10's CPU backend has no BernoulliExt, UniformExt or Inplace{Bernoulli,Exponential,Normal,Random,
    Uniform} kernels (RuntimeError 'kernel ... unregistered'; Ascend-only) (ledger)."""
    p = Tensor(np.array([[0.0, 1.0, 0.3], [1.0, 0.0, 0.7]], np.float32))
    return {
        "bernoulli": _o(lambda: {**_props(p.bernoulli(), 0, 2, True),
                                 "ends": p.bernoulli().asnumpy()[:, :2].tolist()}),
        "uniform": _o(lambda: _props(_f().uniform(), 0, 1)),
        "uniform_args": _o(lambda: _props(_f().uniform(-2.0, 3.0), -2, 3)),
        "uniform_order": _o(lambda: _f().uniform(2.0, 1.0)),
        "bernoulli_": _inplace(_f(), lambda x: x.bernoulli_(), low=0, high=2, integral=True),
        "bernoulli_p": _inplace(_f(), lambda x: x.bernoulli_(0.0), low=0, high=1e-9),
        "exponential_": _inplace(_f(), lambda x: x.exponential_(), low=0),
        "exponential_lambd": _inplace(_f(), lambda x: x.exponential_(5.0), low=0),
        "normal_": _inplace(_f(), lambda x: x.normal_()), "normal_args": _inplace(_f(), lambda x: x.normal_(2.0, 0.1)),
        "random_": _inplace(_f((20,)), lambda x: x.random_(0, 5), low=0, high=5, integral=True),
        "random_to": _inplace(Tensor(np.zeros(20, np.int32)), lambda x: x.random_(7), low=0, high=7, integral=True),
        "uniform_": _inplace(_f(), lambda x: x.uniform_(), low=0, high=1),
        "uniform__args": _inplace(_f(), lambda x: x.uniform_(-1.0, 1.0), low=-1, high=1),
    }


def case_random_errors():
    return {"multinomial_norep_too_many": _o(lambda: Tensor(np.array([0.5, 0.5], np.float32)).multinomial(3, False)),
            "random_categorical_float_num": _o(lambda: _f().random_categorical(1.5)),
            "cauchy_int": _o(lambda: _props(Tensor(np.zeros(3, np.int32)).cauchy()))}
