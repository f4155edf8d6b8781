"""Helpers shared by the experimental_optim* parity case files (the loader registers this file as `parity_experimental_optim_common`)."""
import numpy as np

from mindspore import Parameter, Tensor

_W = (np.arange(6, dtype=np.float32).reshape(2, 3) - 2.5) / 10
_B = np.array([0.5, -0.5, 0.25], np.float32)


def _params():
    return [Parameter(Tensor(_W.copy()), name="w"), Parameter(Tensor(_B.copy()), name="b")]


def _grads(step):
    rng = np.random.RandomState(100 + step)
    return (Tensor(rng.randn(2, 3).astype(np.float32)), Tensor(rng.randn(3).astype(np.float32)))


def _run(make, steps=3, groups=False):
    params = _params()
    opt = make([{"params": [params[0]], "lr": 0.05}, {"params": [params[1]]}] if groups else params)
    trace = []
    for s in range(steps):
        ret = opt(_grads(s))
        trace.append([p.asnumpy().copy() for p in params])
    state = {name: p.asnumpy() for name, p in opt.parameters_and_names()}
    return {"trace": trace, "returned": bool(ret), "state_names": list(state), "state": state}


def _err(fn, *words):
    from parity_ops_common import error_words  # (loaded after this file: helpers load in name order)
    return error_words(fn, *words)
