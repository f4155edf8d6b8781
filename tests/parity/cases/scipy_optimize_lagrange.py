"""Parity of `mindspore.scipy.optimize.minimize(method="LAGRANGE")` (the augmented Lagrangian with Adam steps):
constraints with and without save tolerances, obj_weight and learning_rate, lower/upper bounds (each alone and
both), a coincide_fun shared by objective and constraints, a run that never satisfies the constraints, and the
argument errors. MindSpore lets no gradient flow through the constraints and reports the unbounded best point after
its step; both are kept."""
import numpy as np

from mindspore import Tensor, ops
from mindspore.scipy.optimize import minimize
from parity_ops_common import error_words as _err  # registered by the parity loader

TOLERANCES = {"lagrange_runs": {"rtol": 1e-4, "atol": 1e-4, "why": "float32 Adam steps, last-bit differences"}}


def _rosen(x):
    return ops.sum(100.0 * (x[1:] - x[:-1] ** 2.0) ** 2.0 + (1 - x[:-1]) ** 2.0)


def _x0():
    return Tensor(np.array([-1.2, 1.0, 0.5, -0.3], np.float32))


def _run(constraints, tol=None, **options):
    r = minimize(_rosen, _x0(), method="LAGRANGE", constraints=constraints, tol=tol, options=options)
    return {"fields": list(r._fields), "succeeded": r.succeeded,
            "values": [v.asnumpy() if isinstance(v, Tensor) else np.asarray(v) for v in r[1:]],
            "types": [type(v).__name__ for v in r]}


def case_lagrange_runs():
    bound = np.full(4, 2, np.float32)
    shared = minimize(lambda x, s: s + x[0], _x0(), method="LAGRANGE", constraints=[lambda x, s: s - 5.0],
                      options=dict(rounds=2, steps=10, coincide_fun=lambda x: ops.sum(x * x)))
    return {
        "one": _run([lambda x: x[0] - 2], rounds=2, steps=3),
        "two": _run([lambda x: x[0] + 1.5, lambda x: ops.sum(x) - 0.1], rounds=3, steps=5),
        "tol_weight_lr": _run([lambda x: x[0] - 0.2], tol=[0.5], rounds=3, steps=20, learning_rate=0.05,
                              obj_weight=2.0),
        "bounds": _run([lambda x: x[1] - 0.5], rounds=2, steps=10, lower=-bound, upper=bound),
        "lower": _run([lambda x: x[1] - 0.5], rounds=2, steps=10, lower=-bound),
        "upper": _run([lambda x: x[1] - 0.5], rounds=2, steps=10, upper=bound),
        "never": _run([lambda x: x[0] + 50], rounds=1, steps=3),
        "coincide": [shared.succeeded, shared.best_value, shared.object_value, shared.loss_value],
    }


def case_lagrange_errors():
    return {
        "not_callable": _err(lambda: minimize(_rosen, _x0(), method="LAGRANGE", constraints=[3]), "constraint"),
        "tol_length": _err(lambda: minimize(_rosen, _x0(), method="LAGRANGE", constraints=[lambda x: x[0]],
                                            tol=[1, 2]), "tol"),
        "no_constraints": _err(lambda: minimize(_rosen, _x0(), method="LAGRANGE", options=dict(rounds=1, steps=2))),
        "bad_option": _err(lambda: minimize(_rosen, _x0(), method="LAGRANGE", constraints=[lambda x: x[0]],
                                            options=dict(foo=1)), "foo"),
    }
